"""Ranking helpers: place points, shared places, classification keys.

Vocabulary
----------
*place points* (« points de classement »)
    Points given by rank at a table (Double King 16 / 12 / 8 / 4).  Tied seats
    share the places they cover equally, so the values are exact
    :class:`~fractions.Fraction` s.
*classification key*
    A tuple that sorts a player (or team) *descending*: the first element is the
    main criterion, the next ones the tie-breaks.  Equal keys share a place.
*round line* (:class:`RoundLine`)
    One session of one player: a round, pool, match or game.

>>> place_points([30, -10, 30, -50])
[Fraction(14, 1), Fraction(8, 1), Fraction(14, 1), Fraction(4, 1)]
>>> shared_places([(3,), (5,), (3,), (1,)])
[2, 1, 2, 4]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .common import Json, TableResult, bounded
from .errors import InvalidDeal

__all__ = [
    "ANNUAL_RULES",
    "ClubStanding",
    "RoundLine",
    "SeasonLine",
    "TournamentLine",
    "annual_ranking_key",
    "club_ranking",
    "linear_table",
    "place_points",
    "place_points_by_key",
    "season_key",
    "session_result",
    "shared_places",
]

ANNUAL_RULES = ("sum_points", "sum_place_points", "best_n")


@dataclass(frozen=True)
class RoundLine:
    """One session of one player or team.

    ``score``: the session score (Double: tokens held at the end);
    ``place_points``: individual games, when the table has a place-points table;
    ``won``: team games, ``True``/``False``, ``None`` for a draw or not applicable;
    ``against``: team games, the opponents' score.
    """

    score: int
    place_points: Fraction | None = None
    won: bool | None = None
    against: int | None = None


@dataclass(frozen=True)
class SeasonLine:
    """One player's tournaments of a season, summed.

    ``best_round``: the best single session; ``wins``: team games, matches won (a draw
    counts a half); ``against``: team games, the opponents' points; ``added_place_points``:
    the place points of the tournaments that added them to the total (``place_points_use``
    « added », FreeWhist), counted in :attr:`total`.
    """

    place_points: Fraction
    score: int
    best_round: int
    wins: Fraction = Fraction(0)
    against: int = 0
    added_place_points: Fraction = Fraction(0)

    @property
    def total(self) -> int | Fraction:
        """The points with the place points added to them where a tournament did.

        >>> SeasonLine(Fraction(150), 72, 40, added_place_points=Fraction(90)).total
        Fraction(162, 1)
        """
        return self.score + self.added_place_points if self.added_place_points else self.score


#: What a season key's criteria read of a :class:`SeasonLine` (docs/rules/ranking.md#season),
#: higher ranking first. Each is a sum (or the best) of the player's tournaments' stored
#: results, or a difference of two sums: the database ranks by them as well
#: (``tournaments.selectors.season_rankings``), so a game names its key's criteria
#: (``GameSpec.season_criteria``) rather than computing it.
SEASON_CRITERIA: dict[str, Callable[[SeasonLine], int | Fraction]] = {
    "place_points": lambda line: line.place_points,
    "total_score": lambda line: line.total,
    "best_round": lambda line: line.best_round,
    "best_pool": lambda line: line.best_round,
    "wins": lambda line: line.wins,
    "points_for": lambda line: line.score,
    "points_difference": lambda line: line.score - line.against,
    "points_against": lambda line: -line.against,  # fewer is better
}


def season_key(criteria: Sequence[str]) -> Callable[[SeasonLine], tuple[int | Fraction, ...]]:
    """The season key made of these criteria, in order (names of :data:`SEASON_CRITERIA`).

    >>> season_key(["total_score", "best_round"])(SeasonLine(Fraction(8), 30, 12))
    (30, 12)
    >>> season_key(["wins", "points_against"])(SeasonLine(Fraction(0), 300, 0, Fraction(3, 2), 280))
    (Fraction(3, 2), -280)
    """
    readers = [SEASON_CRITERIA[name] for name in criteria]
    return lambda line: tuple(read(line) for read in readers)


@dataclass(frozen=True)
class TournamentLine:
    """One tournament of one player, for a season (annual) ranking: ``points``, his total
    (a Fraction where the tournament added shared place points to it)."""

    points: int | Fraction
    place_points: Fraction = Fraction(0)


def place_points(
    scores: Sequence[int], table: Sequence[int | Fraction] = (16, 12, 8, 4)
) -> list[Fraction]:
    """Place points per seat; higher score is better; ties share the places they cover.

    ``table`` gives the points of place 1, 2, ...; it must have one entry per score.

    >>> place_points([5, 5, 5, 5])
    [Fraction(10, 1), Fraction(10, 1), Fraction(10, 1), Fraction(10, 1)]
    >>> place_points([0, 7, 7, 7])
    [Fraction(4, 1), Fraction(12, 1), Fraction(12, 1), Fraction(12, 1)]
    >>> [str(p) for p in place_points([1, 1, 0], (90, 60, 30))]
    ['75', '75', '30']
    >>> [str(p) for p in place_points([2, 2, 2, 0, 9, 9], (16, 14, 11, 9, 6, 4))]
    ['26/3', '26/3', '26/3', '4', '15', '15']
    """
    if len(table) != len(scores):
        raise InvalidDeal("wrong_length", "place_points", expected=len(scores), got=len(table))
    return _shared_points([(score,) for score in scores], table)


def session_result(
    scores: list[int],
    per_deal: list[list[int]],
    *,
    complete: bool,
    table: Sequence[int | Fraction] | None,
    pending: dict[str, Json],
) -> TableResult:
    """How the games of single seats (Double King, whist, Double) end their ``table_result``:
    the totals and deals so far, and :func:`place_points` from ``table`` once the session is
    complete (none while it is played, nor when the ruleset has no table for the size).

    >>> done = session_result([30, -10], [[30, -10]], complete=True, table=(16, 4), pending={})
    >>> done.place_points
    [Fraction(16, 1), Fraction(4, 1)]
    >>> playing = session_result([30], [[30]], complete=False, table=(16,), pending={})
    >>> playing.place_points is None
    True
    """
    return TableResult(
        scores=scores,
        per_deal=per_deal,
        complete=complete,
        place_points=place_points(scores, table) if complete and table else None,
        pending=pending,
    )


def shared_places(keys: Sequence[tuple[object, ...]]) -> list[int]:
    """1-based competition ranks: higher key is better, equal keys share a place.

    Sorts once (n log n): a season's standings rank hundreds of players.

    >>> shared_places([(10, 2), (10, 3), (10, 2), (4, 9)])
    [2, 1, 2, 4]
    """
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    places = [0] * len(keys)
    for position, index in enumerate(order):
        previous = order[position - 1] if position else None
        if previous is not None and not _gt(keys[previous], keys[index]):
            places[index] = places[previous]
        else:
            places[index] = position + 1
    return places


def _gt(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    return a > b


def place_points_by_key(
    keys: Sequence[tuple[object, ...]], table: Sequence[int | Fraction] | None = None
) -> list[Fraction]:
    """Place points from classification keys (higher is better); ties share the places they
    cover equally.  ``table`` defaults to :func:`linear_table` (``n`` for the first of ``n``).

    >>> [str(p) for p in place_points_by_key([(10, 2), (12, 0), (10, 2), (4, 9)])]
    ['5/2', '4', '5/2', '1']
    """
    table = list(table) if table is not None else list(linear_table(len(keys)))
    if len(table) < len(keys):
        table = [*table, *([0] * (len(keys) - len(table)))]
    return _shared_points(keys, table)


def _shared_points(
    keys: Sequence[tuple[object, ...]], table: Sequence[int | Fraction]
) -> list[Fraction]:
    """``table``'s points by place (higher key first); equal keys share the places they
    cover equally. ``table`` has a value for every key."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    result = [Fraction(0)] * len(keys)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and keys[order[end + 1]] == keys[order[start]]:
            end += 1
        share = Fraction(sum(Fraction(p) for p in table[start : end + 1]), end - start + 1)
        for i in order[start : end + 1]:
            result[i] = share
        start = end + 1
    return result


def match_wins(won: bool | None) -> Fraction:
    """A match in the matches-won column: 1 won, a half drawn (``None``), 0 lost.

    >>> [str(match_wins(w)) for w in (True, None, False)]
    ['1', '1/2', '0']
    """
    return Fraction(1) if won else Fraction(1, 2) if won is None else Fraction(0)


def linear_table(n: int) -> list[int]:
    """``n, n-1, ..., 1``: a place-points table for ``n`` ranked players.

    >>> linear_table(4)
    [4, 3, 2, 1]
    """
    return list(range(n, 0, -1))


def annual_ranking_key(
    tournaments: Sequence[TournamentLine],
    rule: str = "sum_points",
    best_n: int | None = None,
) -> tuple[int | Fraction, ...]:
    """Season (annual) ranking key of one player from his tournaments.

    ``rule``: ``"sum_points"`` (the whist default: sum of tournament points),
    ``"sum_place_points"``, or ``"best_n"`` (sum of the best ``best_n`` tournament
    points).  Equal keys share a place (:func:`shared_places`).

    >>> lines = [TournamentLine(40, Fraction(3)), TournamentLine(-5, Fraction(1)),
    ...          TournamentLine(22, Fraction(2))]
    >>> annual_ranking_key(lines)
    (57,)
    >>> annual_ranking_key(lines, "sum_place_points")
    (Fraction(6, 1),)
    >>> annual_ranking_key(lines, "best_n", best_n=2)
    (62,)
    """
    if rule == "sum_points":
        return (sum(t.points for t in tournaments),)
    if rule == "sum_place_points":
        return (sum((t.place_points for t in tournaments), Fraction(0)),)
    if rule == "best_n":
        if best_n is None or isinstance(best_n, bool) or best_n < 1:
            raise InvalidDeal("not_an_integer", "best_n", got=repr(best_n))
        best = sorted((t.points for t in tournaments), reverse=True)[:best_n]
        return (sum(best),)
    raise InvalidDeal("unknown_rule", "rule", got=str(rule))


#: The bounds of N in a club classification (« best N players »), docs/rules/ranking.md.
CLUB_RANKING_BOUNDS = (1, 50)


@dataclass(frozen=True)
class ClubStanding:
    """One club of a club classification (docs/rules/ranking.md#club-classification).

    ``counted``: the results of its best ``N`` players, best first; ``total``: their sum;
    ``players``: how many of its players were ranked; ``complete``: it had at least ``N``.
    """

    club: Hashable
    place: int
    total: int | Fraction
    counted: tuple[int | Fraction, ...]
    players: int
    complete: bool


def club_ranking(
    results: Mapping[Hashable, Sequence[int | Fraction]], best: int
) -> list[ClubStanding]:
    """Clubs ranked by the sum of their ``best`` best players' results (higher is better).

    A club with fewer than ``best`` players is ranked after every club that has them: the
    more players, the better, then by the sum of those it has. Equal sums: the club whose
    best counted player did better is ahead, then its second, and so on; clubs equal on all
    of them share a place. So a player more never moves his club down.

    >>> [(s.club, s.place, s.total) for s in club_ranking(
    ...     {"Gesves": [40, 12, 30], "Namur": [50, 20], "Ciney": [60]}, best=2)]
    [('Namur', 1, 70), ('Gesves', 2, 70), ('Ciney', 3, 60)]
    >>> club_ranking({"A": [Fraction(1, 2), 3]}, best=1)[0].total
    3

    A club none of whose players is ranked has no place:

    >>> [(s.club, s.place) for s in club_ranking({"A": [1, 1], "B": [100], "C": []}, best=3)]
    [('A', 1), ('B', 2)]
    """
    best = bounded(best, "club_ranking_best", *CLUB_RANKING_BOUNDS)
    lines = []
    for club, values in results.items():
        if not values:  # docs/rules/ranking.md: a club with no ranked player has no place
            continue
        ordered = sorted(values, reverse=True)
        counted = tuple(ordered[:best])
        lines.append((club, counted, len(ordered)))
    keys = [(len(counted), sum(counted, 0), counted) for _, counted, _ in lines]
    places = shared_places(keys)
    standings = [
        ClubStanding(
            club=club,
            place=place,
            total=sum(counted, 0),
            counted=counted,
            players=players,
            complete=len(counted) == best,
        )
        for (club, counted, players), place in zip(lines, places, strict=True)
    ]
    standings.sort(key=lambda s: (s.place, str(s.club)))
    return standings
