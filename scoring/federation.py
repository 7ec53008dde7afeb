"""A federation's ranking across clubs: its points rule, players' and clubs' rankings.

The rule is written in ``docs/rules/federation.md``; everything here is exact (integers and
:class:`~fractions.Fraction` s, never floats) and knows nothing of Django.

Vocabulary
----------
*final place*
    An entry's place in a counted tournament's final standings (1 = first), among the
    tournament's ``n`` ranked entries (teams, in a team game).  Tied entries carry the same
    place and cover the places from it: two entries tied 2nd cover places 2 and 3.
*federation points*
    ``step × (n − p + 1)`` for place ``p`` among ``n`` (``step`` = 10 by default): a place
    among 40 is worth more than the same place among 8.  Tied entries share the mean of the
    points of the places they cover (a fraction).  A team's place counts for both partners.
*age*
    How many season rollovers ago a tournament was played (0 = this season).  With a yearly
    decay ``d`` a tournament enters the best ``N`` at its points × (1 − d)^age.

>>> place_points(1, 8), place_points(1, 40), place_points(8, 8)
(80, 400, 10)
>>> points = tournament_points([(("ann", "bob"), 1), (("cy", "dan"), 2), (("eve", "fay"), 2)])
>>> points["ann"], points["bob"], points["cy"], points["fay"]
(Fraction(30, 1), Fraction(30, 1), Fraction(15, 1), Fraction(15, 1))
>>> decayed(Fraction(1000), 1, Fraction(1, 5))
Fraction(800, 1)
>>> win_percentage(18, 25) > win_percentage(46, 70)
True
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from .errors import InvalidDeal, InvalidRules

__all__ = [
    "CLUB_RANKINGS",
    "ClubLine",
    "FederationRule",
    "PlayerLine",
    "PlayerResult",
    "check_rule",
    "club_points_ranking",
    "club_win_ranking",
    "decayed",
    "place_points",
    "player_ranking",
    "rank_clubs",
    "tournament_points",
    "win_percentage",
]

P = TypeVar("P", bound=Hashable)
C = TypeVar("C", bound=Hashable)

#: How the clubs are ranked: the sum of their best players' points, or the pooled win
#: percentage of their teams' matches (team games played as matches).
CLUB_RANKINGS = ("best_players", "win_percentage")

STEP_BOUNDS = (1, 1000)
BEST_N_BOUNDS = (1, 100)
MIN_TOURNAMENTS_BOUNDS = (1, 100)
BEST_M_BOUNDS = (1, 100)


@dataclass(frozen=True)
class FederationRule:
    """A federation's ranking rule (the defaults are the rule of ``docs/rules/federation.md``).

    ``step``: points per place (10 × (n − p + 1)); ``best_n``: tournaments counted per player;
    ``min_tournaments``: tournaments played before a player is listed; ``decay``: the yearly
    decay, in [0, 1); ``best_m``: players counted per club; ``club_ranking``: one of
    :data:`CLUB_RANKINGS`.
    """

    step: int = 10
    best_n: int = 10
    min_tournaments: int = 3
    decay: Fraction = Fraction(0)
    best_m: int = 5
    club_ranking: str = "best_players"


def _bounded(key: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidRules(key, "out of bounds", min=low, max=high)


def check_rule(rule: FederationRule) -> FederationRule:
    """Return ``rule`` if every setting is within its bounds, else raise :class:`InvalidRules`.

    A decay outside [0, 100 %), zero tournaments counted, or points that would decrease with
    a better place (a step below 1) are refused, each naming its setting:

    >>> check_rule(FederationRule(decay=Fraction(1, 5))).decay
    Fraction(1, 5)
    >>> try:
    ...     check_rule(FederationRule(decay=Fraction(1)))
    ... except InvalidRules as err:
    ...     err.field, err.params["rule"]
    ('decay', 'decay')
    >>> try:
    ...     check_rule(FederationRule(step=-10))
    ... except InvalidRules as err:
    ...     err.field, err.params["rule"]
    ('step', 'non_increasing')
    >>> try:
    ...     check_rule(FederationRule(best_n=0))
    ... except InvalidRules as err:
    ...     err.field, err.params["min"], err.params["max"]
    ('best_n', 1, 100)
    """
    if isinstance(rule.step, bool) or not isinstance(rule.step, int) or rule.step < 1:
        raise InvalidRules("step", "a better place must earn more points", rule="non_increasing")
    _bounded("step", rule.step, *STEP_BOUNDS)
    _bounded("best_n", rule.best_n, *BEST_N_BOUNDS)
    _bounded("min_tournaments", rule.min_tournaments, *MIN_TOURNAMENTS_BOUNDS)
    _bounded("best_m", rule.best_m, *BEST_M_BOUNDS)
    if not isinstance(rule.decay, Fraction | int) or not 0 <= rule.decay < 1:
        raise InvalidRules("decay", "out of bounds", rule="decay")
    if rule.club_ranking not in CLUB_RANKINGS:
        raise InvalidRules("club_ranking", "unknown club ranking", rule="club_ranking")
    return rule


def place_points(place: int, entries: int, step: int = 10) -> int:
    """The points of place ``place`` among ``entries`` ranked entries: step × (n − p + 1).

    >>> [place_points(p, 4) for p in (1, 2, 3, 4)]
    [40, 30, 20, 10]
    """
    if not 1 <= place <= entries:
        raise InvalidDeal("bad_places", "place", got=place, entries=entries)
    return step * (entries - place + 1)


def tournament_points(
    places: Sequence[tuple[Sequence[P], int]], step: int = 10
) -> dict[P, Fraction]:
    """Each player's points in one tournament, from its entries' final places.

    ``places``: one ``(players, place)`` per ranked entry (one player, or a team's partners);
    tied entries carry the same place and share the mean of the places they cover.  Places
    that cannot be final places (a gap where no tie explains it, or beyond the field) raise
    ``InvalidDeal("bad_places")``.

    >>> tournament_points([(("a",), 1), (("b",), 2), (("c",), 2), (("d",), 4)])
    {'a': Fraction(40, 1), 'b': Fraction(25, 1), 'c': Fraction(25, 1), 'd': Fraction(10, 1)}
    """
    entries = len(places)
    by_place: dict[int, int] = defaultdict(int)
    for _players, place in places:
        by_place[place] += 1
    expected = 1
    for place in sorted(by_place):
        if place != expected:
            raise InvalidDeal("bad_places", "place", got=place, entries=entries)
        expected += by_place[place]
    shares = {
        place: Fraction(
            sum(place_points(p, entries, step) for p in range(place, place + count)), count
        )
        for place, count in by_place.items()
    }
    points: dict[P, Fraction] = {}
    for players, place in places:
        for player in players:
            points[player] = shares[place]
    return points


def decayed(points: Fraction, age: int, decay: Fraction) -> Fraction:
    """A tournament's points ``age`` seasons later, under a yearly ``decay``: × (1 − d)^age.

    >>> decayed(Fraction(1000), 2, Fraction(1, 5))
    Fraction(640, 1)
    """
    if age < 0:
        raise InvalidDeal("bad_places", "age", got=age)
    if not age or not decay:  # the usual case, read for every result: no arithmetic
        return points if isinstance(points, Fraction) else Fraction(points)
    return Fraction(points) * (1 - Fraction(decay)) ** age


@dataclass(frozen=True)
class PlayerResult:
    """One player's points in one counted tournament, ``age`` seasons ago (0 = this season)."""

    player: Hashable
    tournament: Hashable
    points: Fraction
    age: int = 0


@dataclass(frozen=True)
class PlayerLine:
    """A player's line in the federation's ranking.

    ``total``: the sum of his best ``N`` decayed points; ``played``: his counted tournaments;
    ``counted``: the tournaments in the total, best first; ``place``: shared on equal totals.
    """

    player: Hashable
    total: Fraction
    played: int
    counted: tuple[Hashable, ...]
    place: int = 0


def _best(values: Iterable[Fraction], count: int) -> Fraction:
    return sum(sorted(values, reverse=True)[:count], Fraction(0))


def player_ranking(
    results: Iterable[PlayerResult], rule: FederationRule = FederationRule()
) -> list[PlayerLine]:
    """The federation's ranking: each player listed from ``min_tournaments``, best ``N`` summed.

    Equal totals share a place; the order among them is by player (stable).

    >>> results = [PlayerResult("ann", t, Fraction(p)) for t, p in enumerate([40, 30, 20])]
    >>> results.append(PlayerResult("bob", 9, Fraction(400)))
    >>> [(line.player, line.total, line.played) for line in player_ranking(results)]
    [('ann', Fraction(90, 1), 3)]
    """
    check_rule(rule)
    per_player: dict[Hashable, list[tuple[Fraction, Hashable]]] = defaultdict(list)
    for result in results:
        per_player[result.player].append(
            (decayed(result.points, result.age, rule.decay), result.tournament)
        )
    lines = []
    for player, scored in per_player.items():
        if len(scored) < rule.min_tournaments:
            continue
        best = sorted(scored, key=lambda item: item[0], reverse=True)[: rule.best_n]
        lines.append(
            PlayerLine(
                player=player,
                total=sum((points for points, _t in best), Fraction(0)),
                played=len(scored),
                counted=tuple(tournament for _p, tournament in best),
            )
        )
    lines.sort(key=lambda line: (-line.total, str(line.player)))
    return _placed(lines)


def _placed(lines: list[PlayerLine]) -> list[PlayerLine]:
    placed: list[PlayerLine] = []
    for index, line in enumerate(lines):
        place = placed[-1].place if index and line.total == lines[index - 1].total else index + 1
        placed.append(PlayerLine(line.player, line.total, line.played, line.counted, place))
    return placed


@dataclass(frozen=True)
class ClubLine:
    """A club's line in the clubs' ranking: its ``value`` (points, or a win fraction)."""

    club: Hashable
    value: Fraction
    place: int


def rank_clubs(values: Mapping[C, Fraction]) -> list[ClubLine]:
    """The clubs ranked by their ``value``, best first; equal values share a place.

    >>> [(c.club, c.place) for c in rank_clubs({"A": Fraction(5), "B": Fraction(9), "C": 9})]
    [('B', 1), ('C', 1), ('A', 3)]
    """
    ordered = sorted(values.items(), key=lambda item: (-item[1], str(item[0])))
    lines: list[ClubLine] = []
    for index, (club, value) in enumerate(ordered):
        place = lines[-1].place if index and value == lines[-1].value else index + 1
        lines.append(ClubLine(club, value, place))
    return lines


def club_points_ranking(
    points_by_club: Mapping[C, Iterable[Fraction]], best_m: int = 5
) -> list[ClubLine]:
    """The clubs' ranking by the sum of each club's best ``best_m`` players' points.

    >>> [(c.club, c.value) for c in club_points_ranking({"A": [50, 40], "B": [90]}, best_m=1)]
    [('B', Fraction(90, 1)), ('A', Fraction(50, 1))]
    """
    _bounded("best_m", best_m, *BEST_M_BOUNDS)
    return rank_clubs(
        {club: _best(map(Fraction, points), best_m) for club, points in points_by_club.items()}
    )


def win_percentage(won: Fraction | int, played: int) -> Fraction:
    """Matches won ÷ matches played, exact (a draw may count a half); 0 when none played.

    >>> win_percentage(18, 25) * 100
    Fraction(72, 1)
    """
    if played < 0 or not 0 <= won <= played:
        raise InvalidDeal("bad_places", "won", got=str(won), entries=played)
    return Fraction(won, played) if played else Fraction(0)


def club_win_ranking(matches_by_club: Mapping[C, tuple[Fraction | int, int]]) -> list[ClubLine]:
    """The clubs' ranking by their teams' pooled win percentage (``(won, played)`` per club).

    >>> [(c.club, c.place) for c in club_win_ranking({"Big": (46, 70), "Small": (18, 25)})]
    [('Small', 1), ('Big', 2)]
    """
    return rank_clubs(
        {club: win_percentage(won, played) for club, (won, played) in matches_by_club.items()}
    )
