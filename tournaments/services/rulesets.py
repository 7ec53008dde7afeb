"""A club's rulesets, and the snapshot a tournament takes when it starts."""

from typing import Any

from django.db import transaction

from club.models import Club
from scoring import GAMES

from ..models import (
    GameRules,
    Tournament,
)
from ..selectors.rulebook import club_rules, tournament_settings


@transaction.atomic
def save_club_rules(club: Club, *, game: str, rules: dict[str, Any]) -> GameRules:
    """Store the club's ruleset for a game (validated by the game); started tournaments keep
    their own copy."""
    full = GAMES[game].validate_rules(rules)
    stored, _created = GameRules.objects.select_for_update().get_or_create(
        club=club, game=game, defaults={"rules": full}
    )
    if stored.rules != full:
        stored.rules = full
        stored.save(update_fields=["rules"])
    return stored


@transaction.atomic
def start_tournament(tournament: Tournament) -> Tournament:
    """Copy the club's rules into the tournament: later edits of the club's rules never reach it."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.is_started:
        return tournament
    # Settings chosen for this tournament before it started (the target...) win.
    overrides = tournament_settings(tournament)
    tournament.rules = GAMES[tournament.game].validate_rules(
        {**club_rules(tournament.club, tournament.game), **overrides}
    )
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["rules", "status"])
    return tournament
