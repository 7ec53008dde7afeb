"""A club's rulesets, kept version by version, and the snapshot a tournament takes when it
starts."""

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction

from club.models import Club
from scoring import GAMES

from ..models import (
    GameRules,
    GameRulesVersion,
    Tournament,
)
from ..selectors.rulebook import club_rules, current_version, tournament_settings
from .holds import ensure_writable


@transaction.atomic
def save_club_rules(
    club: Club,
    *,
    game: str,
    rules: dict[str, Any],
    by: User | AnonymousUser | None = None,
) -> GameRules:
    """Store the club's ruleset for a game (validated by the game) as its next version, with
    who saved it; a ruleset saved unchanged is no new version. Started tournaments keep their
    own copy (and the number of the version they copied)."""
    full = GAMES[game].validate_rules(rules)
    stored, _created = GameRules.objects.select_for_update().get_or_create(
        club=club, game=game, defaults={"rules": full}
    )
    if stored.version and stored.rules == full:
        return stored
    stored.rules = full
    stored.version += 1
    stored.save(update_fields=["rules", "version"])
    GameRulesVersion.objects.create(
        club=club,
        game=game,
        number=stored.version,
        rules=full,
        created_by=by if isinstance(by, User) else None,
    )
    return stored


@transaction.atomic
def start_tournament(tournament: Tournament) -> Tournament:
    """Copy the club's rules into the tournament: later edits of the club's rules never reach it."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    ensure_writable(tournament)
    if tournament.is_started:
        return tournament
    # Settings chosen for this tournament before it started (the target...) win.
    overrides = tournament_settings(tournament)
    tournament.rules = GAMES[tournament.game].validate_rules(
        {**club_rules(tournament.club, tournament.game), **overrides}
    )
    tournament.rules_version = current_version(tournament.club, tournament.game)
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["rules", "rules_version", "status"])
    return tournament
