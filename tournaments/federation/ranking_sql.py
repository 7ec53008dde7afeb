"""The federation's rankings aggregated by the database (issue 35 §4), the rule of
``docs/rules/federation.md`` as ``scoring.federation`` writes it, exact in integers:

- a place p among n ranked entries (teams, in a team game), k entries tied there, earns the
  mean of the points of the places they cover: step × (2n − 2p + 3 − k) / 2, kept doubled
  (an integer) for every result;
- a season ``age`` rollovers old enters at × (u/v)^age (u/v = 1 − the decay, in lowest
  terms): every result is scaled to the common denominator 2 × v^oldest, its season's factor
  u^age × v^(oldest − age) given by the caller — 1 without decay;
- a tournament whose places no final standings give (a gap no tie explains) is left out, as
  ``tournament_points`` refuses it; a result counts when a valid licence of the federation
  covers its day or the tournament lets unlicensed results count; it counts for the club of
  the licence covering its day, else for the club that held the tournament.

Each query returns plain integers; ``ranking`` turns them into fractions over the common
denominator and names the players. Written for PostgreSQL and SQLite alike (window functions).
"""

from collections.abc import Mapping, Sequence
from decimal import Decimal
from functools import cache
from typing import Any

from django.db import connection

from tournaments.models import Tournament, TournamentResult

from .models import CountedTournament, Licence


@cache
def _tables() -> dict[str, str]:
    return {
        "counted": CountedTournament._meta.db_table,
        "tournament": Tournament._meta.db_table,
        "result": TournamentResult._meta.db_table,
        "licence": Licence._meta.db_table,
    }


def _scored(seasons: int, statuses: int) -> str:
    """The CTEs ending in ``scored``: each counted result, its points on the common
    denominator, the club it counts for, its age and matches (placeholders: the seasons'
    factors and ages, the federation, the seasons, the statuses, the finished status, the game,
    the step, the federation again twice)."""
    # Exact however many seasons: PostgreSQL's numeric has no bound (a bigint would overflow
    # past a few seasons of a 1 % decay); SQLite's integers hold 64 bits (``exact``).
    factors = " ".join(["WHEN %s THEN CAST(%s AS NUMERIC)"] * seasons)
    ages = " ".join(["WHEN %s THEN %s"] * seasons)
    season_list = ", ".join(["%s"] * seasons)
    status_list = ", ".join(["%s"] * statuses)
    return """
    WITH counted AS (
      SELECT c.tournament_id, t.date AS day, t.club_id AS host,
             c.unlicensed_results_count AS free,
             CASE c.season_id {factors} END AS factor,
             CASE c.season_id {ages} END AS age
      FROM {counted} c JOIN {tournament} t ON t.id = c.tournament_id
      WHERE c.federation_id = %s AND c.season_id IN ({season_list})
        AND c.status IN ({status_list}) AND t.status = %s AND t.game = %s
    ), results AS (
      SELECT r.tournament_id, r.player_id, COALESCE(r.team_id, r.entry_id) AS unit, r.rank,
             r.rounds, r.matches_won, r.matches_drawn,
             k.day, k.host, k.free, k.factor, k.age
      FROM {result} r JOIN counted k ON k.tournament_id = r.tournament_id
    ), units AS (
      SELECT tournament_id, unit, MIN(rank) AS place FROM results GROUP BY tournament_id, unit
    ), placed AS (
      SELECT tournament_id, unit, place,
             COUNT(*) OVER (PARTITION BY tournament_id) AS n,
             COUNT(*) OVER (PARTITION BY tournament_id, place) AS tied,
             RANK() OVER (PARTITION BY tournament_id ORDER BY place) AS due
      FROM units
    ), final AS (
      SELECT tournament_id FROM placed GROUP BY tournament_id
      HAVING SUM(CASE WHEN place = due THEN 0 ELSE 1 END) = 0
    ), scored AS (
      SELECT r.player_id, r.tournament_id, r.age, r.rounds, r.matches_won, r.matches_drawn,
             %s * (2 * p.n - 2 * p.place + 3 - p.tied) * r.factor AS points,
             COALESCE((SELECT l.club_id FROM {licence} l
                       WHERE l.federation_id = %s AND l.player_id = r.player_id
                         AND r.day BETWEEN l.valid_from AND l.valid_until
                       ORDER BY l.id LIMIT 1), r.host) AS club
      FROM results r
      JOIN placed p ON p.tournament_id = r.tournament_id AND p.unit = r.unit
      WHERE r.tournament_id IN (SELECT tournament_id FROM final)
        AND (r.free OR EXISTS (
          SELECT 1 FROM {licence} l
          WHERE l.federation_id = %s AND l.player_id = r.player_id AND l.status = %s
            AND r.day BETWEEN l.valid_from AND l.valid_until))
    )""".format(
        factors=factors,
        ages=ages,
        season_list=season_list,
        status_list=status_list,
        **_tables(),
    )


def _params(
    federation_id: int,
    factors: Mapping[int, tuple[int, int]],
    statuses: Sequence[str],
    game: str,
    step: int,
) -> list[int | str]:
    return [
        *(value for season, (factor, _age) in factors.items() for value in (season, str(factor))),
        *(value for season, (_factor, age) in factors.items() for value in (season, age)),
        federation_id,
        *factors,
        *statuses,
        Tournament.Status.FINISHED.value,
        game,
        step,
        federation_id,
        federation_id,
        Licence.Status.VALID.value,
    ]


def exact(value: object) -> int:
    """A sum as the database gives it (an int, or a whole Decimal), as an int; a float is
    SQLite's integer overflow (sums past 64 bits): refused rather than rounded."""
    if isinstance(value, float):
        raise OverflowError("a ranking's sum is past SQLite's 64-bit integers")
    assert isinstance(value, int | Decimal)
    return int(value)


def _rows(sql: str, params: list[int | str]) -> list[tuple[Any, ...]]:
    """The rows, each sum as the database gives it (an int, or an exact Decimal)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [tuple(row) for row in cursor.fetchall()]


def player_totals(
    federation_id: int,
    factors: Mapping[int, tuple[int, int]],
    statuses: Sequence[str],
    game: str,
    step: int,
    best_n: int,
    min_tournaments: int,
) -> list[tuple[Any, ...]]:
    """(player, total, played, counted, place) of each player listed (from ``min_tournaments``),
    his best ``best_n`` results summed on the common denominator, best first; equal totals
    share a place. ``factors``: each season's (factor, age)."""
    sql = (
        _scored(len(factors), len(statuses))
        + """, best AS (
      SELECT player_id, points,
             COUNT(*) OVER (PARTITION BY player_id) AS played,
             ROW_NUMBER() OVER (PARTITION BY player_id ORDER BY points DESC) AS k
      FROM scored
    )
    SELECT player_id, SUM(points) AS total, MAX(played), COUNT(*),
           RANK() OVER (ORDER BY SUM(points) DESC)
    FROM best WHERE k <= %s
    GROUP BY player_id HAVING MAX(played) >= %s
    ORDER BY total DESC, player_id"""
    )
    params = [*_params(federation_id, factors, statuses, game, step), best_n, min_tournaments]
    return _rows(sql, params)


def club_points(
    federation_id: int,
    factors: Mapping[int, tuple[int, int]],
    statuses: Sequence[str],
    game: str,
    step: int,
    best_n: int,
    best_m: int,
) -> list[tuple[Any, ...]]:
    """(club, value, players) of each club: the sum of its best ``best_m`` players' totals
    (each his best ``best_n`` results counted for that club), on the common denominator."""
    sql = (
        _scored(len(factors), len(statuses))
        + """, best AS (
      SELECT club, player_id, points,
             ROW_NUMBER() OVER (PARTITION BY club, player_id ORDER BY points DESC) AS k
      FROM scored
    ), players AS (
      SELECT club, SUM(points) AS total FROM best WHERE k <= %s GROUP BY club, player_id
    ), ranked AS (
      SELECT club, total, ROW_NUMBER() OVER (PARTITION BY club ORDER BY total DESC) AS m
      FROM players
    )
    SELECT club, SUM(total), COUNT(*) FROM ranked WHERE m <= %s GROUP BY club"""
    )
    params = [*_params(federation_id, factors, statuses, game, step), best_n, best_m]
    return _rows(sql, params)


def club_matches(
    federation_id: int,
    factors: Mapping[int, tuple[int, int]],
    statuses: Sequence[str],
    game: str,
    step: int,
) -> list[tuple[Any, ...]]:
    """(club, half matches won, matches played) of each club, this season's results only (a
    draw counts a half: won × 2 + drawn)."""
    sql = (
        _scored(len(factors), len(statuses))
        + """
    SELECT club, SUM(2 * matches_won + matches_drawn), SUM(rounds)
    FROM scored WHERE age = 0 GROUP BY club"""
    )
    return _rows(sql, _params(federation_id, factors, statuses, game, step))
