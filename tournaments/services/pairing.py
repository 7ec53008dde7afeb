"""Teams of two (team games): formed by hand, drawn, dissolved."""

import random

from django.db import transaction
from django.utils.translation import gettext as _

from ..models import (
    Entry,
    Team,
    Tournament,
)
from ..selectors.lineup import unpaired_entries
from .errors import TournamentError
from .holds import ensure_writable
from .result_store import standings_changed


@transaction.atomic
def form_team(tournament: Tournament, *, first: Entry, second: Entry, name: str = "") -> Team:
    """Pair two registered players into a team: named ``name`` if the club typed one, else
    from its players whenever it is shown (``Team.label``: nothing of them stored)."""
    ensure_writable(tournament)
    if first.pk == second.pk:
        raise TournamentError(_("Choose two different players."))
    entries = list(
        Entry.objects.select_for_update()
        .select_related("player")
        .filter(tournament=tournament, pk__in=[first.pk, second.pk])
        .order_by("pk")
    )
    if len(entries) != 2:
        raise TournamentError(_("Both players must be registered for this tournament."))
    for entry in entries:
        if entry.team_id is not None:
            raise TournamentError(_("%(player)s already has a partner.") % {"player": entry.player})
    by_pk = {e.pk: e for e in entries}
    first, second = by_pk[first.pk], by_pk[second.pk]
    name = (name or "").strip()
    base, n = name, 2
    while name and Team.objects.filter(tournament=tournament, name=name).exists():
        name = f"{base} ({n})"
        n += 1
    team = Team.objects.create(tournament=tournament, name=name)
    # The first player chosen sits first (seat t), his partner opposite (seat t + 2).
    Entry.objects.filter(pk=first.pk).update(team=team)
    Entry.objects.filter(pk=second.pk).update(team=team)
    standings_changed(tournament)
    return team


@transaction.atomic
def draw_teams(tournament: Tournament, *, seed: int | None = None) -> list[Team]:
    """Pair the players present without a partner at random (seeded); one may be left over."""
    ensure_writable(tournament)
    entries = unpaired_entries(tournament)
    rng = random.Random(seed if seed is not None else random.SystemRandom().randrange(2**31))
    rng.shuffle(entries)
    if len(entries) < 2:
        raise TournamentError(_("There are not two players without a partner to pair."))
    return [
        form_team(tournament, first=entries[i], second=entries[i + 1])
        for i in range(0, len(entries) - 1, 2)
    ]


@transaction.atomic
def dissolve_team(team: Team) -> None:
    ensure_writable(team.tournament_id)
    if team.seats.exists():
        raise TournamentError(
            _("%(team)s has already played: it cannot be split.") % {"team": team.label}
        )
    team.entries.update(team=None)
    team.delete()
    standings_changed(team.tournament)
