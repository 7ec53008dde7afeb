"""The rules a club or a tournament plays with."""

from typing import Any

from django.db.models import Count

from club.models import Club
from scoring import GAMES

from ..games import plugin_for
from ..models import (
    GameRules,
    GameRulesVersion,
    Tournament,
)


def club_rules(club: Club, game: str) -> dict[str, Any]:
    """The club's ruleset for a game: its own if edited, else the game's defaults."""
    stored = edited_club_rules(club, game)
    return stored if stored is not None else GAMES[game].default_rules()


def edited_club_rules(club: Club, game: str) -> dict[str, Any] | None:
    """The club's own ruleset for a game if it edited one (None: the game's defaults, which
    ``validate_rules(None)`` gives without copying them)."""
    stored = (
        GameRules.objects.filter(club_id=club.pk, game=game)
        .order_by("pk")
        .values_list("rules", flat=True)
        .first()
    )
    return dict(stored) if stored is not None else None


def current_version(club: Club, game: str) -> GameRulesVersion | None:
    """The club's latest version of its ruleset for a game (None: never saved, the game's
    defaults)."""
    return GameRulesVersion.objects.filter(club_id=club.pk, game=game).order_by("-number").first()


def rules_history(club: Club, game: str, limit: int = 20) -> list[GameRulesVersion]:
    """The club's versions of its ruleset for a game, latest first, with who saved each and
    how many tournaments started with it (``started``)."""
    versions = GameRulesVersion.objects.filter(club_id=club.pk, game=game)
    versions = versions.select_related("created_by").annotate(started=Count("tournaments"))
    return list(versions.order_by("-number")[:limit])


def tournament_settings(tournament: Tournament) -> dict[str, Any]:
    """The settings chosen for this tournament before it starts (the plug-in's
    ``tournament_settings``, e.g. the target), kept in its rules until the snapshot is taken."""
    if tournament.is_started:
        return {}
    keys = plugin_for(tournament.game).tournament_settings
    return {k: v for k, v in (tournament.rules or {}).items() if k in keys}


def effective_rules(tournament: Tournament) -> dict[str, Any]:
    """The rules the tournament plays (or will play) with."""
    if tournament.is_started:
        return GAMES[tournament.game].validate_rules(tournament.rules or None)
    return GAMES[tournament.game].validate_rules(
        {**club_rules(tournament.club, tournament.game), **tournament_settings(tournament)}
    )


def scoring_model(tournament: Tournament) -> str | None:
    """Which scoring model counts the tournament's results, in words (whist: « Modèle : à
    somme nulle »): its own rules', once it has started (they are copied then and never
    change); None before, or for a game with one model."""
    if not tournament.is_started:
        return None
    return plugin_for(tournament.game).scoring_model(tournament.rules or None)


def table_sizes(tournament: Tournament) -> tuple[int, ...]:
    """The table sizes this tournament seats: its rules once started, else the club's."""
    rules = (
        tournament.rules if tournament.is_started else club_rules(tournament.club, tournament.game)
    )
    return plugin_for(tournament.game).table_sizes(rules)
