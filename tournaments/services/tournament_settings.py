"""A tournament created, or its settings saved (the staff desk's form gives the unsaved row):
the one place these rows are written, and where the apps are told (``tournament_edited``)."""

from typing import Any

from django.db import transaction

from ..models import Tournament
from ..signals import tournament_edited
from .holds import ensure_writable


@transaction.atomic
def create_tournament(tournament: Tournament, *, user: Any | None = None) -> Tournament:
    """A new tournament, as its form filled it (no round yet: nothing to tell the apps)."""
    tournament.save()
    return tournament


@transaction.atomic
def save_tournament(tournament: Tournament, *, user: Any | None = None) -> Tournament:
    """A tournament's settings saved; the apps act on them (phones switched on under way give
    the open rounds their links)."""
    ensure_writable(tournament)
    tournament.save()
    tournament_edited.send(Tournament, tournament=tournament, user=user)
    return tournament


@transaction.atomic
def set_published(tournament: Tournament, *, published: bool) -> Tournament:
    """Shown on the public pages, or no longer."""
    ensure_writable(tournament)
    tournament.published = published
    tournament.save(update_fields=["published"])
    return tournament
