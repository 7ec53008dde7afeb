"""A season's standings over its published tournaments' stored results."""

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count, Exists, Max, OuterRef, QuerySet, Sum

from club.models import Season
from club.names import name_key, person_name
from scoring import GAMES, SeasonLine
from scoring.ranking import shared_places
from scoring.spec import Key

from ..models import (
    GameRules,
    Tournament,
    TournamentResult,
)
from .classification import sixtieths_fraction


@dataclass
class SeasonRow:
    player_id: int
    name: str
    tournaments: int
    rounds: int
    place_points: Fraction
    score: int
    best_round: int
    rank: int = 0
    # Team games: matches won (a draw counts half) and points difference.
    wins: Fraction | None = None
    difference: int | None = None


def _counted_results(season: Season) -> QuerySet[TournamentResult]:
    """The stored results of the season's published tournaments."""
    return TournamentResult.objects.filter(
        tournament__season=season, tournament__published=True
    ).exclude(tournament__status=Tournament.Status.REGISTRATION)


def season_games(season: Season) -> list[str]:
    """The games with results in the season's published tournaments, in ``GAMES`` order."""
    played = set(
        Tournament.objects.filter(season_id=season.pk, published=True)
        .exclude(status=Tournament.Status.REGISTRATION)
        .filter(Exists(TournamentResult.objects.filter(tournament=OuterRef("pk"))))
        .values_list("game", flat=True)
        .distinct()
        .order_by()
    )
    return [game for game in GAMES if game in played]


def _season_classifiers(season: Season) -> dict[str, Callable[[SeasonLine], Key]]:
    """Each game's season key under the club's ruleset (its tie-breaks), one query."""
    stored = dict(GameRules.objects.filter(club_id=season.club_id).values_list("game", "rules"))
    return {game: spec.season_classifier(stored.get(game) or None) for game, spec in GAMES.items()}


def season_standings(
    season: Season, games: Sequence[str] | None = None
) -> dict[str, list[SeasonRow]]:
    """Per game (all, or ``games``), the season's players ranked over its published
    tournaments: one aggregate over the stored tournament results.

    A player of a team game is credited with his team's matches. Each game ranks by its
    season key under the club's ruleset (``scoring``: individual games by place points, then
    their tie-breaks; team games by matches won, then theirs).
    """
    results = _counted_results(season)
    if games is not None:
        results = results.filter(tournament__game__in=list(games))
    totals = (
        results.values_list(
            "tournament__game", "player_id", "player__last_name", "player__first_name"
        )
        .annotate(
            Sum("place_points_60ths"),
            Sum("points"),
            Max("best_round"),
            Sum("rounds"),
            Count("id"),
            Sum("matches_won"),
            Sum("matches_drawn"),
            Sum("against"),
        )
        .order_by()
    )
    by_game: dict[str, list[SeasonRow]] = defaultdict(list)
    keys: dict[str, list[Key]] = defaultdict(list)
    alphabetical: dict[int, str] = {}  # ties by last name, whichever way names are written
    classifiers = _season_classifiers(season)
    for line in totals:
        game, player_id, last, first, sixtieths, score, best, rounds, count, won, drawn = line[:11]
        totals_line = SeasonLine(
            place_points=sixtieths_fraction(sixtieths),
            score=score,
            best_round=best,
            wins=won + Fraction(drawn, 2),
            against=line[11],
        )
        row = SeasonRow(
            player_id=player_id,
            name=person_name(first, last),
            tournaments=count,
            rounds=rounds,
            place_points=totals_line.place_points,
            score=score,
            best_round=best,
            wins=totals_line.wins,
            difference=score - totals_line.against,
        )
        keys[game].append(classifiers[game](totals_line))
        by_game[game].append(row)
        alphabetical[player_id] = name_key(f"{last} {first}")
    result: dict[str, list[SeasonRow]] = {}
    for game in GAMES:
        rows = by_game.get(game)
        if not rows:
            continue
        for row, rank in zip(rows, shared_places(keys[game]), strict=True):
            row.rank = rank
        rows.sort(key=lambda r: (r.rank, alphabetical[r.player_id]))
        result[game] = rows
    return result
