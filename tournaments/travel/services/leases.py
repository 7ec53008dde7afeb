"""What a lease remembers to judge the bundles that come back (docs/bundle.md#conflicts).

« Emporter la soirée » keeps, beside the lease's public key (``TrustedKey`` of kind lease), a
fingerprint of each player row that left: a laptop's row that differs from the site's then
says which side changed it. When the hold ends (by hand, or by the evening's last bundle) the
digest of the tournament's facts is kept: a bundle of the lease arriving later merges only if
the site left the tournament as it was then. The latest bundle taken is remembered too: an
earlier one arriving after it changes nothing.
"""

import datetime
import hashlib
from typing import Any

from django.utils import timezone

from club.models import Player

from ...models import Tournament
from ..models import TrustedKey
from .document import canonical
from .export import tournament_payload

#: The payload's parts that are the tournament's own facts (the players are compared apart).
FACTS = ("tournament", "teams", "entries", "rounds")


#: The phones' housekeeping (links issued or revoked, seats taken or freed): the site issues
#: new links by itself once an evening is back, which changes no fact of the evening.
HOUSEKEEPING = frozenset({"link", "revoked", "claimed", "freed"})


def _without_housekeeping(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            **round_,
            "tables": [
                {
                    **{key: value for key, value in table.items() if key != "updated_at"},
                    "events": [e for e in table["events"] if e["kind"] not in HOUSEKEEPING],
                }
                for table in round_["tables"]
            ],
        }
        for round_ in rounds
    ]


def facts_digest(tournament: Tournament) -> str:
    """The digest of the tournament's facts as this database holds them now (the phones'
    housekeeping left out): read again, as a caller's row may predate the import's last
    writes (its status, set by a query)."""
    payload = tournament_payload(Tournament.objects.get(pk=tournament.pk))
    facts = {part: payload[part] for part in FACTS}
    facts["rounds"] = _without_housekeeping(facts["rounds"])
    return hashlib.sha256(canonical(facts)).hexdigest()


def lease_of(public_key: str) -> TrustedKey | None:
    return TrustedKey.objects.filter(public_key=public_key, kind=TrustedKey.Kind.LEASE).first()


def record_release(tournament: Tournament, *, by_hand: bool) -> None:
    """The hold ended: its lease (the latest still running) keeps when, how and the facts."""
    lease = (
        TrustedKey.objects.filter(
            kind=TrustedKey.Kind.LEASE, tournament_uid=tournament.uid, released_at__isnull=True
        )
        .order_by("-created_at", "-pk")
        .first()
    )
    if lease is None:
        return
    lease.released_at = timezone.now()
    lease.released_by_hand = by_hand
    lease.facts_at_release = facts_digest(tournament)
    lease.save(update_fields=["released_at", "released_by_hand", "facts_at_release"])


def taken(lease: TrustedKey, tournament: Tournament | None, exported_at: datetime.datetime) -> None:
    """A bundle of ``lease`` was taken: the latest one, and (the hold over) the facts now
    hold the laptop's evening, not a change of the site's."""
    fields = ["latest_exported_at"]
    if lease.latest_exported_at is None or exported_at > lease.latest_exported_at:
        lease.latest_exported_at = exported_at
    if lease.released_at is not None and tournament is not None:
        lease.facts_at_release = facts_digest(tournament)
        fields.append("facts_at_release")
    lease.save(update_fields=fields)


def forget_player(player: Player) -> None:
    """An erased player's fingerprints dropped from the leases (nothing of his details kept;
    his row coming back is said as erased, never compared)."""
    uid = str(player.uid)
    for lease in TrustedKey.objects.filter(kind=TrustedKey.Kind.LEASE, players_sent__has_key=uid):
        lease.players_sent.pop(uid, None)
        lease.save(update_fields=["players_sent"])
