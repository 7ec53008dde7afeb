"""The hall screen's link: a secret token that opens the tournament's clock without a login.

One link per tournament (the screen follows the rounds as they are drawn); the scorekeeper
can replace it (the old link stops working at once) or revoke it.
"""

import secrets

from django.db import transaction

from tournaments.models import Tournament
from tournaments.services.holds import ensure_writable


@transaction.atomic
def hall_link_renew(tournament: Tournament) -> str:
    """A new secret for the hall screen's link; any previous link stops working."""
    ensure_writable(tournament)
    token = secrets.token_urlsafe(24)
    Tournament.objects.filter(pk=tournament.pk).update(hall_token=token)
    tournament.hall_token = token
    return token


@transaction.atomic
def hall_link_revoke(tournament: Tournament) -> None:
    ensure_writable(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(hall_token=None)
    tournament.hall_token = None
