"""A season's standings over its published tournaments' stored results."""

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import (
    Case,
    Count,
    Exists,
    F,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
)
from django.db.models.functions import TruncMonth

from club.models import Season
from club.names import name_key, person_name
from scoring import GAMES, SeasonLine
from scoring.ranking import shared_places
from scoring.spec import Key

from ..models import (
    PLACE_POINTS_DENOMINATOR,
    GameRules,
    Tournament,
    TournamentResult,
)
from .classification import sixtieths_fraction
from .season_totals import Period, attendance


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
    #: the points with the place points of the tournaments that added them (FreeWhist)
    total: int | Fraction = 0
    #: whether one of his tournaments added its place points to the total
    added: bool = False
    #: the evenings of the season he played (``season_totals.attendance``), where the club
    #: set an attendance threshold
    evenings: int | None = None


#: A row of ``season_signature``: id, results version, status, date, game, name, archived,
#: place points use.
SignatureRow = tuple[Any, ...]


def _counted_results(season: Season, period: Period | None = None) -> QuerySet[TournamentResult]:
    """The stored results of the season's published tournaments (of ``period``'s dates)."""
    results = TournamentResult.objects.filter(
        tournament__season=season, tournament__published=True
    ).exclude(tournament__status=Tournament.Status.REGISTRATION)
    if period is not None:
        results = results.filter(
            tournament__date__gte=period.start, tournament__date__lte=period.end
        )
    return results


def season_games(season: Season) -> list[str]:
    """The games with results in the season's published tournaments, in ``GAMES`` order."""
    return season_calendar(season)[0]


def season_calendar(season: Season) -> tuple[list[str], list[Period]]:
    """The games with results in the season's published tournaments, in ``GAMES`` order, and
    the months with such an evening, in order (the season page's links). One query."""
    played = set(
        Tournament.objects.filter(season_id=season.pk, published=True)
        .exclude(status=Tournament.Status.REGISTRATION)
        .filter(Exists(TournamentResult.objects.filter(tournament=OuterRef("pk"))))
        .annotate(month=TruncMonth("date"))
        .values_list("game", "month")
        .distinct()
        .order_by()
    )
    games = {game for game, _month in played}
    months = sorted({(month.year, month.month) for _game, month in played})
    return (
        [game for game in GAMES if game in games],
        [Period.of_month(year, month) for year, month in months],
    )


def season_signature(season: Season) -> tuple[SignatureRow, ...]:
    """What the season's rankings show of its published tournaments, each: its id, its
    results' version (bumped by every result stored, and by a change of a player's or the
    club's names), status, date, game, name, whether archived, and whether it adds its place
    points to the total. A tournament published, unpublished, added, removed or edited
    changes it. One query."""
    return tuple(
        Tournament.objects.filter(season_id=season.pk, published=True)
        .order_by("pk")
        .values_list(
            "pk",
            "results_version",
            "status",
            "date",
            "game",
            "name",
            "archived",
            "rules__place_points_use",
        )
    )


def club_rules(season: Season) -> dict[str, tuple[int, dict[str, Any]]]:
    """The season's club's own rulesets, per game: (version, rules), each save of a changed
    ruleset a new version (the annual ranking's rule and the season's tie-breaks are the
    club's); a game without one is missing. One query."""
    return {
        game: (version, dict(rules))
        for game, version, rules in GameRules.objects.filter(club_id=season.club_id)
        .order_by("pk")
        .values_list("game", "version", "rules")
    }


def _season_classifiers(
    season: Season, rules: dict[str, tuple[int, dict[str, Any]]] | None = None
) -> dict[str, Callable[[SeasonLine], Key]]:
    """Each game's season key under the club's ruleset (its tie-breaks): ``rules`` (the
    club's, ``club_rules``), read when not given (one query)."""
    stored = club_rules(season) if rules is None else rules
    return {
        game: spec.season_classifier((stored.get(game) or (0, None))[1] or None)
        for game, spec in GAMES.items()
    }


def _whole_keys(keys: list[Key]) -> list[Key]:
    """``keys`` in whole sixtieths of a point where every Fraction in them is a whole number
    of sixtieths (place points, half a match won: always, as stored), so that ranking
    compares integers, in the same order and with the same ties, rather than hundreds of
    players' Fractions; else ``keys`` as they are."""
    whole: list[Key] = []
    for key in keys:
        values = []
        for value in key:
            if isinstance(value, Fraction):
                if PLACE_POINTS_DENOMINATOR % value.denominator:
                    return keys
                values.append(value.numerator * (PLACE_POINTS_DENOMINATOR // value.denominator))
            elif isinstance(value, int):
                values.append(value * PLACE_POINTS_DENOMINATOR)
            else:
                return keys
        whole.append(tuple(values))
    return whole


_ZERO = Fraction(0)


def _fractions() -> Callable[[int], Fraction]:
    """``sixtieths_fraction`` built once per value: hundreds of players' sums share few."""
    made: dict[int, Fraction] = {0: _ZERO}

    def fraction(sixtieths: int) -> Fraction:
        value = made.get(sixtieths)
        if value is None:
            value = made[sixtieths] = sixtieths_fraction(sixtieths)
        return value

    return fraction


def season_standings(
    season: Season,
    games: Sequence[str] | None = None,
    *,
    period: Period | None = None,
    signature: Sequence[SignatureRow] | None = None,
    rules: dict[str, tuple[int, dict[str, Any]]] | None = None,
) -> dict[str, list[SeasonRow]]:
    """Per game (all, or ``games``), the season's players ranked over its published
    tournaments (those of ``period`` only, if given): one aggregate over the stored
    tournament results, and one count of the evenings each played where the club set an
    attendance threshold.

    A player of a team game is credited with his team's matches. Each game ranks by its
    season key under the club's ruleset (``scoring``: individual games by place points, then
    their tie-breaks; team games by matches won, then theirs). The place points of a
    tournament that added them to the total (« added ») count in the player's total: those
    tournaments are read from the season's ``signature`` (read when not given: one query),
    and named to the aggregate, rather than each result's tournament's rules read there.
    ``rules``: the club's (``club_rules``), read when not given.
    """
    results = _counted_results(season, period)
    if games is not None:
        results = results.filter(tournament__game__in=list(games))
    if signature is None:
        signature = season_signature(season)
    adding = [row[0] for row in signature if row[7] == "added"]
    # Matches are a team game's (an individual game's results have none to sum).
    teams = any(GAMES[game].teams for game in (GAMES if games is None else games))
    added = Q(tournament_id__in=adding)
    # Grouped by ids only (grouping by hundreds of players' names costs the database more
    # than the sums): each player's names are the same on all his rows.
    totals = (
        results.values_list("tournament__game", "player_id")
        .annotate(
            Max("player__last_name"),
            Max("player__first_name"),
            Sum("place_points_60ths"),
            Sum("points"),
            Max("best_round"),
            Sum("rounds"),
            Count("id"),
            won_sum=Sum("matches_won") if teams else Value(0),
            drawn_sum=Sum("matches_drawn") if teams else Value(0),
            against_sum=Sum("against") if teams else Value(0),
            added_60ths=(
                Sum(Case(When(added, then=F("place_points_60ths")), default=Value(0)))
                if adding
                else Value(0)
            ),
            added=Max(Case(When(added, then=Value(1)), default=Value(0))) if adding else Value(0),
        )
        .order_by()
    )
    threshold = season.attendance_threshold
    evenings = attendance(season) if threshold else {}
    by_game: dict[str, list[SeasonRow]] = defaultdict(list)
    keys: dict[str, list[Key]] = defaultdict(list)
    classifiers = _season_classifiers(season, rules)
    fraction = _fractions()
    names: dict[int, tuple[str, str]] = {}  # ties by last name, whichever way names are written
    for line in totals:
        game, player_id, last, first, sixtieths, score, best, rounds, count, won, drawn = line[:11]
        against = line[11]
        totals_line = SeasonLine(
            place_points=fraction(sixtieths),
            score=score,
            best_round=best,
            wins=Fraction(2 * won + drawn, 2) if won or drawn else _ZERO,
            against=against,
            added_place_points=fraction(line[12]),
        )
        row = SeasonRow(
            player_id=player_id,
            name="",
            tournaments=count,
            rounds=rounds,
            place_points=totals_line.place_points,
            score=score,
            best_round=best,
            wins=totals_line.wins,
            difference=score - against,
            total=totals_line.total,
            added=bool(line[13]),
            evenings=evenings.get(player_id, 0) if threshold else None,
        )
        keys[game].append(classifiers[game](totals_line))
        by_game[game].append(row)
        names[player_id] = (last, first)
    result: dict[str, list[SeasonRow]] = {}
    for game in GAMES:
        rows = by_game.get(game)
        if not rows:
            continue
        ranks = shared_places(_whole_keys(keys[game]))
        for row, rank in zip(rows, ranks, strict=True):
            row.rank = rank
            last, first = names[row.player_id]
            row.name = person_name(first, last)
        # Players sharing a place, by last name: their names' keys are made for them alone.
        shared = {rank for rank, count in Counter(ranks).items() if count > 1}
        alphabetical = {
            row.player_id: name_key(" ".join(names[row.player_id]))
            for row in rows
            if row.rank in shared
        }
        rows.sort(key=lambda r: (r.rank, alphabetical.get(r.player_id, "")))
        result[game] = rows
    return result
