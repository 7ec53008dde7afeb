"""An import's preview kept in the session until it is confirmed (the members' import, the
archived evenings'): the file is read once, shown row by row, and saved only on a confirmation
that carries the preview's token — a second tab's preview replaces the first, a stale or
forged confirmation is refused."""

import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpRequest
from django.utils.translation import gettext as _

from .models import Club


def stash(request: HttpRequest, key: str, club: Club, **data: Any) -> dict[str, Any]:
    """Keep ``data`` under ``key`` with a new token; the stored dict (its ``token`` for the
    confirmation form)."""
    stored = {"token": uuid.uuid4().hex, "club": club.pk, **data}
    request.session[key] = stored
    return stored


def claim(request: HttpRequest, key: str, club: Club, form: Any) -> dict[str, Any] | None:
    """The preview this confirmation (``form``, with its ``token`` field) answers, or None —
    with a message to send the file again — when it expired, was replaced or is another
    club's."""
    stored = request.session.get(key)
    if (
        form.is_valid()
        and stored
        and stored["token"] == form.cleaned_data["token"]
        and stored["club"] == club.pk
    ):
        return stored
    messages.error(request, _("This import has expired or was replaced: send the file again."))
    return None
