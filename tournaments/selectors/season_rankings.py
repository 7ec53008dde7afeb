"""A season's standings over its published tournaments' stored results."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Exists, OuterRef

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


@cache
def _tables() -> dict[str, str]:
    return {
        "result": TournamentResult._meta.db_table,
        "tournament": Tournament._meta.db_table,
        "player": Player._meta.db_table,
    }


def _criteria_sums(added: bool) -> dict[str, str]:
    """Each of ``SEASON_CRITERIA`` as an integer over a player's stored results (one group of
    ``r``), ranking as the criterion does: the place points and the total in sixtieths of a
    point (the total with the place points of the ``added`` results, ``{added}``: their
    test), the matches won in halves (a draw is one), the points against negated (fewer is
    better). Exact: no Fraction ranks in SQL, none is needed."""
    total = "SUM(r.points)"
    if added:
        total = (
            f"SUM(r.points) * {PLACE_POINTS_DENOMINATOR}"
            " + SUM(CASE WHEN {added} THEN r.place_points_60ths ELSE 0 END)"
        )
    return {
        "place_points": "SUM(r.place_points_60ths)",
        "total_score": total,
        "best_round": "MAX(r.best_round)",
        "best_pool": "MAX(r.best_round)",
        "wins": "SUM(r.matches_won) * 2 + SUM(r.matches_drawn)",
        "points_for": "SUM(r.points)",
        "points_difference": "SUM(r.points) - SUM(r.against)",
        "points_against": "-SUM(r.against)",
    }


#: What a ``SQL_SORTS`` column sorts by over the ranked sums (``x``): the integer its
#: ``SeasonRow`` figure is made from, in the same order (sixtieths, halves: exact).
_SORT_SQL = {
    "rank": "x.season_rank",
    "tournaments": "x.tournaments",
    "place_points": "x.place_points",
    "wins": "x.won * 2 + x.drawn",
    "score": "x.score",
    "total": f"x.score * {PLACE_POINTS_DENOMINATOR} + x.added_60ths",
    "difference": "x.score - x.against",
    "best_round": "x.best_round",
}


def _ranked_totals(
    season: Season,
    game: str,
    stored: dict[str, tuple[int, dict[str, Any]]],
    adding: Sequence[int],
    period: Period | None = None,
    sort: tuple[str | None, bool] = (None, False),
    window: tuple[int, int] | None = None,
) -> list[tuple[Any, ...]]:
    """``game``'s players' sums over the stored results of the season's published
    tournaments (of ``period``'s dates), ranked by the game's season criteria under the
    club's ruleset (``stored``; ``RANK()``: equals share a place), then by name: tuples
    (player id, place points in sixtieths, points, best round, rounds, tournaments, matches
    won, drawn, points against (a team game's only, else 0), the place points in sixtieths
    of the results of the tournaments ``adding`` them to the total, whether one added them,
    rank, last name, first name, the players ranked). Sorted by the ``SQL_SORTS`` column
    ``sort`` names (descending: its second), ties in the ranked order; ``window``: (offset,
    count), the rows read. One query, grouped by player id alone: the names joined after the
    sums, once a player."""
    spec = GAMES[game]
    criteria = spec.season_criteria((stored.get(game) or (0, None))[1] or None)
    teams = bool(spec.teams)
    added = ", ".join(["%s"] * len(adding))
    is_added = f"r.tournament_id IN ({added})"
    sums = _criteria_sums(bool(adding))
    # The placeholders in the text's order: the added results' twice, each criterion's,
    # then the filter's.
    params: list[Any] = [*adding, *adding] if adding else []
    ranks = []
    for name in criteria:
        ranks.append(sums[name].format(added=is_added) + " DESC")
        if name == "total_score" and adding:
            params.extend(adding)
    params.extend([season.pk, Tournament.Status.REGISTRATION.value, game])
    dates = ""
    if period is not None:
        dates = " AND t.date >= %s AND t.date <= %s"
        adapt = connection.ops.adapt_datefield_value
        params.extend([adapt(period.start), adapt(period.end)])
    column, descending = sort
    order = "x.season_rank, p.sort_key, x.player_id"
    if column is not None:
        order = f"{_SORT_SQL[column]} {'DESC' if descending else 'ASC'}, {order}"
    limit = ""
    if window is not None:
        limit = " LIMIT %s OFFSET %s"
        params.extend([window[1], window[0]])
    sql = """
        SELECT x.player_id, x.place_points, x.score, x.best_round, x.rounds, x.tournaments,
               x.won, x.drawn, x.against, x.added_60ths, x.added, x.season_rank,
               p.last_name, p.first_name, x.ranked
        FROM (SELECT r.player_id, SUM(r.place_points_60ths) AS place_points,
                     SUM(r.points) AS score, MAX(r.best_round) AS best_round,
                     SUM(r.rounds) AS rounds, COUNT(*) AS tournaments,
                     {won} AS won, {drawn} AS drawn, {against} AS against,
                     {added_60ths} AS added_60ths, {adds} AS added,
                     RANK() OVER (ORDER BY {ranks}) AS season_rank,
                     COUNT(*) OVER () AS ranked
              FROM {result} r JOIN {tournament} t ON t.id = r.tournament_id
              WHERE t.season_id = %s AND t.published AND t.status <> %s AND t.game = %s{dates}
              GROUP BY r.player_id) x
        JOIN {player} p ON p.id = x.player_id
        ORDER BY {order}{limit}""".format(
        won="SUM(r.matches_won)" if teams else "0",
        drawn="SUM(r.matches_drawn)" if teams else "0",
        against="SUM(r.against)" if teams else "0",
        added_60ths=(
            f"SUM(CASE WHEN {is_added} THEN r.place_points_60ths ELSE 0 END)" if adding else "0"
        ),
        adds=f"MAX(CASE WHEN {is_added} THEN 1 ELSE 0 END)" if adding else "0",
        ranks=", ".join(ranks),
        dates=dates,
        order=order,
        limit=limit,
        **_tables(),
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
    return rows


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
    if signature is None:
        signature = season_signature(season)
    adding = _adding(signature)
    stored = club_rules(season) if rules is None else rules
    threshold = season.attendance_threshold
    evenings = attendance(season) if threshold else None
    fraction = _fractions()
    standings: dict[str, list[SeasonRow]] = {}
    if games is None:
        games = season_calendar(season, signature)[0]
    for game in [g for g in GAMES if g in games]:
        totals = _ranked_totals(season, game, stored, adding, period)
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


def _adding(signature: Sequence[SignatureRow]) -> list[int]:
    """The tournaments that added their place points to the total."""
    return [row[0] for row in signature if row[7] == "added"]


def _season_row(
    values: Sequence[Any], fraction: Callable[[int], Fraction], evenings: dict[int, int] | None
) -> SeasonRow:
    """A ``SeasonRow`` from a ``_ranked_totals`` row; ``evenings``: each player's, where the
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
    start = (number - 1) * per_page
    page = _ranked_totals(season, game, rules, _adding(signature), period, sort, (start, per_page))
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
