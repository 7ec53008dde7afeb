"""The tables' links against the keys the server knows (``manage.py check --database default``;
``migrate`` runs it too): a link signed with a key that is neither SECRET_KEY nor one of its
fallbacks answers 404 to its printed QR code, which the players, not the operator, would find.
"""

from collections.abc import Sequence
from typing import Any

from django.core import checks
from django.db import DatabaseError

from .models import TableLink


@checks.register(checks.Tags.database)
def links_signed_with_known_keys(
    app_configs: Sequence[Any] | None = None, databases: Sequence[str] | None = None, **kwargs: Any
) -> list[checks.CheckMessage]:
    if not databases:
        return []
    try:
        live = TableLink.objects.filter(revoked_at__isnull=True).only(
            "table_id", "salt", "token_hash"
        )
        unknown = sum(1 for link in live.iterator() if link.known_token is None)
    except DatabaseError:  # not migrated yet (``migrate`` checks first)
        return []
    if not unknown:
        return []
    return [
        checks.Warning(
            f"{unknown} table link{'s' if unknown != 1 else ''} (printed QR codes, the phones' "
            "links) were signed with a secret key that is neither DJANGO_SECRET_KEY nor one of "
            "DJANGO_SECRET_KEY_FALLBACKS: they answer 404.",
            hint=(
                "Put the former key back in DJANGO_SECRET_KEY_FALLBACKS (docs/deploy.md, "
                "« Backups and restores »), or give those tables a new link and print their "
                "sheets again."
            ),
            id="tableside.W001",
        )
    ]
