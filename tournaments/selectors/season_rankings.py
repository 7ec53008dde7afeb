"""A season's standings over its published tournaments' stored results."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import (
    Case,
    Count,
    Exists,
    Expression,
    F,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
    Window,
)
from django.db.models.functions import Rank

from club.models import Player, Season
from club.names import person_name
from scoring import GAMES

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
#: place points use, whether it has results.
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


def season_calendar(
    season: Season, signature: Sequence[SignatureRow] | None = None
) -> tuple[list[str], list[Period]]:
    """The games with results in the season's published tournaments, in ``GAMES`` order, and
    the months with such an evening, in order (the season page's links): read from the
    season's ``signature`` (read when not given: one query)."""
    if signature is None:
        signature = season_signature(season)
    played = {
        (row[4], (row[3].year, row[3].month))
        for row in signature
        if row[8] and row[2] != Tournament.Status.REGISTRATION
    }
    games = {game for game, _month in played}
    months = sorted({month for _game, month in played})
    return (
        [game for game in GAMES if game in games],
        [Period.of_month(year, month) for year, month in months],
    )


def season_signature(season: Season) -> tuple[SignatureRow, ...]:
    """What the season's rankings show of its published tournaments, each: its id, its
    results' version (bumped by every result stored, and by a change of a player's or the
    club's names), status, date, game, name, whether archived, whether it adds its place
    points to the total, and whether it has results (``season_calendar``'s). A tournament
    published, unpublished, added, removed or edited changes it. One query."""
    return tuple(
        Tournament.objects.filter(season_id=season.pk, published=True)
        .annotate(has_results=Exists(TournamentResult.objects.filter(tournament=OuterRef("pk"))))
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
            "has_results",
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


def _criteria_sums(added: Q | None) -> dict[str, Expression]:
    """Each of ``SEASON_CRITERIA`` as an integer over a player's stored results (one group),
    ranking as the criterion does: the place points and the total in sixtieths of a point
    (the total with the place points of the ``added`` results), the matches won in halves (a
    draw is one), the points against negated (fewer is better). Exact: no Fraction ranks in
    SQL, none is needed."""
    total: Expression = Sum("points")
    if added is not None:
        added_60ths = Sum(Case(When(added, then=F("place_points_60ths")), default=Value(0)))
        total = Sum("points") * PLACE_POINTS_DENOMINATOR + added_60ths
    return {
        "place_points": Sum("place_points_60ths"),
        "total_score": total,
        "best_round": Max("best_round"),
        "best_pool": Max("best_round"),
        "wins": Sum("matches_won") * 2 + Sum("matches_drawn"),
        "points_for": Sum("points"),
        "points_difference": Sum("points") - Sum("against"),
        "points_against": -Sum("against"),
    }


def _player(field: str) -> Subquery:
    """A player's ``field``, read for each grouped result row (by its player id)."""
    return Subquery(Player.objects.filter(pk=OuterRef("player_id")).order_by().values(field))


def _ranked_totals(
    results: QuerySet[TournamentResult], criteria: Sequence[str], teams: bool, added: Q | None
) -> QuerySet[Any]:
    """One game's players' sums over ``results``, ranked by the game's season ``criteria``
    (``RANK()``: equals share a place), then by name: tuples (player id, place points in
    sixtieths, points, best round, rounds, tournaments, matches won, drawn, points against
    (``teams`` only, else 0), the ``added`` results' place points in sixtieths, whether one
    added them, rank, last name, first name). Grouped by player id alone: the names are read
    after the sums, once a player (annotated after the aggregate, they are not grouped by)."""
    sums = _criteria_sums(added)
    return (
        results.values_list("player_id")
        .annotate(
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
                if added is not None
                else Value(0)
            ),
            added=(
                Max(Case(When(added, then=Value(1)), default=Value(0)))
                if added is not None
                else Value(0)
            ),
            season_rank=Window(Rank(), order_by=[sums[name].desc() for name in criteria]),
        )
        .annotate(last=_player("last_name"), first=_player("first_name"))
        .alias(sort_key=_player("sort_key"))
        .order_by("season_rank", "sort_key", "player_id")
    )


def season_standings(
    season: Season,
    games: Sequence[str] | None = None,
    *,
    period: Period | None = None,
    signature: Sequence[SignatureRow] | None = None,
    rules: dict[str, tuple[int, dict[str, Any]]] | None = None,
) -> dict[str, list[SeasonRow]]:
    """Per game (all those played, or ``games``), the season's players ranked over its
    published tournaments (those of ``period`` only, if given): one ranked aggregate per
    game over the stored tournament results, and one count of the evenings each played
    where the club set an attendance threshold.

    A player of a team game is credited with his team's matches. Each game ranks by its
    season criteria under the club's ruleset (``scoring``: individual games by place
    points, then their tie-breaks; team games by matches won, then theirs), in the database;
    players sharing a place by name. The place points of a tournament that added them to
    the total (« added ») count in the player's total: those tournaments are read from the
    season's ``signature`` (read when not given: one query), and named to the aggregate,
    rather than each result's tournament's rules read there. ``rules``: the club's
    (``club_rules``), read when not given.
    """
    results = _counted_results(season, period)
    if signature is None:
        signature = season_signature(season)
    added = _added(signature)
    stored = club_rules(season) if rules is None else rules
    threshold = season.attendance_threshold
    evenings = attendance(season) if threshold else None
    fraction = _fractions()
    standings: dict[str, list[SeasonRow]] = {}
    for game in season_games(season) if games is None else [g for g in GAMES if g in games]:
        totals = _game_totals(results, game, stored, added)
        rows = [_season_row(values, fraction, evenings) for values in totals]
        if rows:
            standings[game] = rows
    return standings


#: The columns a page of season standings is sorted by in the database (``standings_page``):
#: every figure of a ``SeasonRow`` summed there (a name and the evenings are sorted over the
#: whole ranking, in Python).
SQL_SORTS = frozenset(
    {"rank", "tournaments", "place_points", "wins", "score", "total", "difference", "best_round"}
)


@dataclass
class StandingsPage:
    """One page of a game's season standings (``standings_page``): its rows, sorted as
    asked, page ``number``; ``count``: the players ranked; ``added``: whether one of them had
    place points added to his total (the column shows)."""

    rows: list[SeasonRow]
    number: int
    count: int
    added: bool


def _added(signature: Sequence[SignatureRow]) -> Q | None:
    """The results whose tournament added its place points to the total (None: none)."""
    adding = [row[0] for row in signature if row[7] == "added"]
    return Q(tournament_id__in=adding) if adding else None


def _game_totals(
    results: QuerySet[TournamentResult],
    game: str,
    stored: dict[str, tuple[int, dict[str, Any]]],
    added: Q | None,
) -> QuerySet[Any]:
    """``game``'s players' ranked sums over ``results`` (``_ranked_totals``), ranked by its
    season criteria under the club's ruleset (``stored``)."""
    spec = GAMES[game]
    criteria = spec.season_criteria((stored.get(game) or (0, None))[1] or None)
    # Matches are a team game's (an individual game's results have none to sum).
    return _ranked_totals(results.filter(tournament__game=game), criteria, bool(spec.teams), added)


def _season_row(
    values: Sequence[Any], fraction: Callable[[int], Fraction], evenings: dict[int, int] | None
) -> SeasonRow:
    """A ``SeasonRow`` from a ``_ranked_totals`` tuple; ``evenings``: each player's, where the
    season has an attendance threshold."""
    (
        player_id,
        sixtieths,
        score,
        best,
        rounds,
        count,
        won,
        drawn,
        against,
        added_60ths,
        adds,
        rank,
        last,
        first,
    ) = values[:14]
    return SeasonRow(
        player_id=player_id,
        name=person_name(first, last),
        tournaments=count,
        rounds=rounds,
        place_points=fraction(sixtieths),
        score=score,
        best_round=best,
        rank=rank,
        wins=Fraction(2 * won + drawn, 2) if won or drawn else _ZERO,
        difference=score - against,
        total=score + fraction(added_60ths) if added_60ths else score,
        added=bool(adds),
        evenings=None if evenings is None else evenings.get(player_id, 0),
    )


def _sort_expression(column: str) -> F | Expression:
    """What a ``SQL_SORTS`` column sorts by in ``_ranked_totals``: the integer its
    ``SeasonRow`` figure is made from, in the same order (sixtieths, halves: exact)."""
    sums: dict[str, F | Expression] = {
        "rank": F("season_rank"),
        "tournaments": F("id__count"),
        "place_points": F("place_points_60ths__sum"),
        "wins": F("won_sum") * 2 + F("drawn_sum"),
        "score": F("points__sum"),
        "total": F("points__sum") * PLACE_POINTS_DENOMINATOR + F("added_60ths"),
        "difference": F("points__sum") - F("against_sum"),
        "best_round": F("best_round__max"),
    }
    return sums[column]


def standings_page(
    season: Season,
    game: str,
    *,
    period: Period | None = None,
    signature: Sequence[SignatureRow],
    rules: dict[str, tuple[int, dict[str, Any]]],
    sort: tuple[str | None, bool] = (None, False),
    number: int = 1,
    per_page: int = 50,
) -> StandingsPage | None:
    """Page ``number`` (``per_page`` rows) of ``game``'s season standings (as
    ``season_standings`` ranks them, over ``period`` if given), sorted by the ``SQL_SORTS``
    column ``sort`` asks for (its name, descending; None: the ranked order), ties in the
    ranked order: the same ranked aggregate, only the page's rows read, with the ranking's
    size (``COUNT(*) OVER ()``). One query, and one for the page's players' evenings where
    the season has an attendance threshold (not over a period: its ranking has no such
    column). None for a page past the end (or a ranking without players)."""
    column, descending = sort
    results = _counted_results(season, period)
    totals = _game_totals(results, game, rules, _added(signature)).annotate(
        ranked=Window(Count("player_id"))
    )
    if column is not None:
        key = _sort_expression(column)
        totals = totals.order_by(
            key.desc() if descending else key.asc(), "season_rank", "sort_key", "player_id"
        )
    start = (number - 1) * per_page
    page = list(totals[start : start + per_page])
    if not page:
        return None
    evenings = None
    if season.attendance_threshold and period is None:
        evenings = attendance(season, [values[0] for values in page])
    fraction = _fractions()
    return StandingsPage(
        rows=[_season_row(values, fraction, evenings) for values in page],
        number=number,
        count=page[0][14],
        added=adds_place_points(signature, game, period),
    )


def adds_place_points(
    signature: Sequence[SignatureRow], game: str, period: Period | None = None
) -> bool:
    """Whether one of ``game``'s tournaments counted in the season standings (of ``period``)
    added its place points to the total, and has results: then one of its players has
    (``SeasonRow.added``). Read from the season's ``signature``."""
    return any(
        row[7] == "added"
        and row[8]
        and row[4] == game
        and row[2] != Tournament.Status.REGISTRATION
        and (period is None or period.start <= row[3] <= period.end)
        for row in signature
    )
