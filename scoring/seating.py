"""Seating: table assignments that avoid repeated opponents.

Pure Python, no Django: part of the functional core.

Vocabulary
----------
player
    An ``int``; :func:`schedule` seats players ``0 .. n_players - 1``.
table
    A list of players in seat order; seat 0 deals first.
round
    A list of tables that seats every player exactly once.
meeting
    Two players at the same table in the same round: everybody at a table
    meets everybody else at it.  For team games a "player" is a team and a
    table holds two teams, so a meeting is a match.
repeats (``E``)
    The sum over pairs of players of ``meetings - 1`` for the pairs that met
    more than once.  ``E = 0`` means nobody met the same opponent twice.
table sizes, composition
    ``table_sizes`` are the sizes a game allows, in order of preference; the
    composition is the list of sizes actually used each round (see
    :func:`composition`).  A table of another size than the first is *odd*.
    With ``nested`` sizes each size is a last resort for the ones before it:
    whist's ``(4, 5, 6)`` seats at tables of 4 and 5 whenever they can, and
    at a table of 6 only the counts they cannot (6 and 11 players).
history
    Rounds already played, with the same numbering.  Players of the history
    outside ``0 .. n_players - 1`` have withdrawn; players who are not in it
    arrived late.  With a history, repeats and bounds count the meetings of
    history and new rounds together.
lower bound
    A proven lower bound on ``E`` for the instance (see :class:`Bounds`).

Quality, in order: fewest repeats; then nobody sits at an odd table twice
before everybody has once; then everybody deals first, and sits in each seat,
as evenly as the rounds allow.

Methods: direct constructions where they exist (transversal designs from
finite fields and modular difference arrays, the affine plane of order 4 for
16 players, two glued affine planes for 32 players over 10 rounds, rotational
resolvable designs for 24, 28, 36, 40 players and more at tables of 4, the
circle method for tables of two, removal of players for tables of ``s`` and
``s - 1``; see ``scoring/_seating_construct.py``), otherwise a greedy start by
freedom and a tabu search on ``E`` with incremental move costs (Dotú and Van
Hentenryck; Triska and Musliu).  The search stops as soon as ``E`` reaches
the lower bound, or after a budget of move evaluations (``effort``), never on
the wall clock unless asked: the same arguments and seed give the same
schedule on any machine, loaded or not.  With odd tables, a small share of
the budget goes to the secondary aims.

>>> plan = schedule(16, 5)
>>> plan.repeats, plan.lower_bound
(0, 0)
>>> sorted(len(table) for table in plan.rounds[0])
[4, 4, 4, 4]
>>> composition(18, (4, 5))
(4, 4, 5, 5)
>>> composition(11, (4, 5, 6), nested=True)
(5, 6)
>>> repeats([[[0, 1, 2, 3]], [[0, 1, 4, 5]]])
1
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import comb

from scoring import _seating_construct as construct
from scoring import _seating_search as search
from scoring._seating_seats import order_seats

__all__ = [
    "DEFAULT_EFFORT",
    "Bounds",
    "Schedule",
    "bounds",
    "by_standings",
    "composition",
    "lower_bound",
    "meeting_counts",
    "repeats",
    "schedule",
]

Table = list[int]
Round = list[Table]

# The search's default budget, in move evaluations (under a second of CPU on the
# reference machine: 2 cores, CPython 3.11).  Counting evaluations instead of
# seconds makes the result depend only on the arguments, never on the load of
# the machine.
DEFAULT_EFFORT = 1_500_000
# With odd tables, 1/_PLANNED_SHARE of the budget goes to a search keeping the
# planned odd seats, and 1/_EVENING_SHARE to evening them out at the end.
_PLANNED_SHARE = 25
_EVENING_SHARE = 50


@dataclass(frozen=True)
class Bounds:
    """Lower bounds on the repeats ``E``, each proven on its own.

    With a history, each bound on the new rounds is added to the repeats of
    the history: a pair meeting ``h`` times before and ``m`` times now has
    ``h + m - 1 >= (h - 1) + (m - 1)`` repeats when both are positive.

    history
        Repeats already inside the history (``E`` can only grow).
    counting
        Every new meeting beyond the first of a pair is a repeat:
        ``rounds · Σ C(size, 2)`` new meetings against ``C(n, 2)`` pairs
        (minus the pairs already met), plus ``history``.
    per_player
        A player at a table of ``s`` meets ``s - 1`` players; once he has met
        all the others he has not met yet, every further meeting is a repeat.
        Summed over players and halved (each repeat has two players), plus
        ``history``; with mixed table sizes, for the most favourable spread of
        table sizes over players.
    two_round
        Pigeonhole between two rounds of ``k`` tables: a table of ``s > k``
        players holds two who shared a table the round before.  A pair meeting
        ``m`` times adds at most ``m - 1`` such coincidences between
        consecutive rounds, so ``(rounds - 1)`` times the per-round minimum,
        plus ``history``.
    by_hand
        A bound proven by hand for one instance without history (see
        ``_BY_HAND``), 0 elsewhere.
    """

    history: int
    counting: int
    per_player: int
    two_round: int
    by_hand: int = 0

    @property
    def best(self) -> int:
        """The strongest of the bounds."""
        return max(self.history, self.counting, self.per_player, self.two_round, self.by_hand)


@dataclass(frozen=True)
class Schedule:
    """The new rounds and how good they are.

    ``rounds`` holds the new rounds only (tables in seat order, tables of the
    first size first); ``repeats`` and ``meetings`` (times each pair
    ``(p, q)``, ``p < q``, met) count history and new rounds together.
    ``table_sizes`` is the composition of every round, ``bounds`` the
    separate lower bounds (``lower_bound`` is the best of them) and
    ``method`` says how the rounds were found (``construction``, ``search``,
    ``construction+search``, ``greedy``).
    """

    rounds: list[Round]
    repeats: int
    lower_bound: int
    n_players: int
    table_sizes: tuple[int, ...]
    bounds: Bounds
    meetings: dict[tuple[int, int], int] = field(repr=False)
    method: str = ""

    @property
    def optimal(self) -> bool:
        """True when the repeats reach the lower bound (proven optimal)."""
        return self.repeats == self.lower_bound


def composition(
    n_players: int, table_sizes: Sequence[int] = (4,), *, nested: bool = False
) -> tuple[int, ...]:
    """The table sizes of one round: fewest odd tables, then the earlier sizes.

    Tables of the first size come first, then the odd ones.  ``nested``: a
    size is used only when the sizes before it cannot seat the players (the
    first ``k`` sizes are tried for ``k = 1, 2, ...``), so adding a size at
    the end never changes a count that the others seated.  Raises
    ``ValueError`` with what would work when the count cannot be seated.

    >>> composition(17, (4, 3))
    (4, 4, 3, 3, 3)
    >>> composition(10, (4, 5, 6)), composition(10, (4, 5, 6), nested=True)
    ((4, 6), (5, 5))
    >>> composition(14, (4,))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 14 players cannot be seated at tables of 4: add 2 substitutes (16 players) or ...
    """
    sizes = _check_sizes(table_sizes)
    if isinstance(n_players, bool) or not isinstance(n_players, int) or n_players < 1:
        raise ValueError(f"n_players must be a positive integer, got {n_players!r}.")
    found = None
    for k in range(1 if nested else len(sizes), len(sizes) + 1):
        found = _composition(n_players, sizes[:k])
        if found is not None:
            return found
    raise ValueError(_refusal(n_players, sizes))


def by_standings(
    n_players: int, table_sizes: Sequence[int] = (4,), *, nested: bool = False
) -> list[Table]:
    """One round seated in the order of the standings: player ``0`` is the best ranked.

    The tables of :func:`composition` are filled in that order (the best at table 1), and
    at every table, not only the first, seat 0, the first dealer, is the table's
    best-ranked player (RULES.md « Changes of 2026-11-28 »).

    >>> by_standings(13, (4, 5))
    [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11, 12]]
    """
    tables: list[Table] = []
    start = 0
    for size in composition(n_players, table_sizes, nested=nested):
        tables.append(list(range(start, start + size)))
        start += size
    return tables


def meeting_counts(
    rounds: Sequence[Sequence[Sequence[int]]],
    history: Sequence[Sequence[Sequence[int]]] | None = None,
) -> dict[tuple[int, int], int]:
    """How many times each pair ``(p, q)``, ``p < q``, met over history and rounds.

    >>> meeting_counts([[[2, 0], [1, 3]]])
    {(0, 2): 1, (1, 3): 1}
    """
    counts: dict[tuple[int, int], int] = {}
    for rnd in [*(history or []), *rounds]:
        _check_round(rnd)
        for table in rnd:
            for a, b in itertools.combinations(sorted(table), 2):
                counts[a, b] = counts.get((a, b), 0) + 1
    return counts


def repeats(
    rounds: Sequence[Sequence[Sequence[int]]],
    history: Sequence[Sequence[Sequence[int]]] | None = None,
) -> int:
    """The repeats ``E`` of history and rounds together.

    Use it to show what a manual change costs, e.g. swapping two players:

    >>> plan = [[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 4, 1, 5], [2, 6, 3, 7]]]
    >>> repeats(plan)
    4
    >>> repeats([[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 4, 2, 6], [1, 5, 3, 7]]])
    4
    """
    return sum(m - 1 for m in meeting_counts(rounds, history).values() if m > 1)


def bounds(
    n_players: int,
    n_rounds: int,
    table_sizes: Sequence[int] = (4,),
    history: Sequence[Sequence[Sequence[int]]] | None = None,
    *,
    nested: bool = False,
) -> Bounds:
    """The lower bounds on ``E`` for ``n_rounds`` new rounds (see :class:`Bounds`)."""
    sizes = composition(n_players, table_sizes, nested=nested)
    if isinstance(n_rounds, bool) or not isinstance(n_rounds, int) or n_rounds < 0:
        raise ValueError(f"n_rounds must be a non-negative integer, got {n_rounds!r}.")
    past = _History(n_players, history or [], sizes[0])
    return _bounds(n_players, n_rounds, sizes, past)


def lower_bound(
    n_players: int,
    n_rounds: int,
    table_sizes: Sequence[int] = (4,),
    history: Sequence[Sequence[Sequence[int]]] | None = None,
    *,
    nested: bool = False,
) -> int:
    """A proven lower bound on ``E`` (history and new rounds together).

    >>> lower_bound(16, 6)
    24
    >>> lower_bound(12, 2)
    3
    """
    return bounds(n_players, n_rounds, table_sizes, history, nested=nested).best


def schedule(
    n_players: int,
    n_rounds: int,
    table_sizes: Sequence[int] = (4,),
    *,
    seed: int = 0,
    effort: int = DEFAULT_EFFORT,
    time_limit: float | None = None,
    history: Sequence[Sequence[Sequence[int]]] | None = None,
    nested: bool = False,
) -> Schedule:
    """Seat players ``0 .. n_players - 1`` for ``n_rounds`` new rounds, fewest repeats first.

    Returns the best schedule found; the search stops as soon as the repeats
    reach the lower bound, and otherwise after ``effort`` move evaluations, so
    the result depends only on the arguments and ``seed``, whatever the load
    of the machine.  ``time_limit`` (seconds, default none) is an optional
    safety cap on the wall clock: when it cuts the search short, the result
    does depend on the machine.

    ``history``: earlier rounds (see the module docstring).  The new rounds
    minimise the repeats of history and new rounds together.  ``nested``: see
    :func:`composition`.
    """
    started = time.perf_counter()
    sizes = composition(n_players, table_sizes, nested=nested)
    if isinstance(n_rounds, bool) or not isinstance(n_rounds, int) or n_rounds < 0:
        raise ValueError(f"n_rounds must be a non-negative integer, got {n_rounds!r}.")
    if isinstance(effort, bool) or not isinstance(effort, int) or effort < 1:
        raise ValueError(f"effort must be a positive integer, got {effort!r}.")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be positive, got {time_limit!r}.")
    past = _History(n_players, history or [], sizes[0])
    found = _bounds(n_players, n_rounds, sizes, past)
    rng = random.Random(seed)
    # 90 % of the cap for the search, the rest for the seat order.
    deadline = math.inf if time_limit is None else started + 0.9 * time_limit
    rounds, method = _draw(n_players, n_rounds, sizes, past, found.best, rng, effort, deadline)
    rounds = order_seats(rounds, past.seat_counts(_max_size(sizes, past)), rng)
    meetings = meeting_counts(rounds, past.rounds)
    return Schedule(
        rounds=rounds,
        repeats=sum(m - 1 for m in meetings.values() if m > 1),
        lower_bound=found.best,
        n_players=n_players,
        table_sizes=sizes,
        bounds=found,
        meetings=meetings,
        method=method,
    )


# --------------------------------------------------------------------------
# Drawing


def _draw(
    n: int,
    n_rounds: int,
    sizes: tuple[int, ...],
    past: _History,
    bound: int,
    rng: random.Random,
    budget: int,
    deadline: float,
) -> tuple[list[Round], str]:
    """The tables of each new round (not yet in seat order), and how they were found.

    1. A construction, completed greedily when it has too few rounds.  Done
       if it reaches the bound and keeps the odd seats even.
    2. With odd tables: a search that keeps planned, even odd seats (a small
       share of the budget).  Done if it reaches the bound.
    3. A search on the repeats alone from the best start so far.
    4. With odd tables: evening out the odd seats without adding repeats
       (a small share of the budget).
    """
    if n_rounds == 0:
        return [], "empty"
    odd = [size != sizes[0] for size in sizes]
    n_odd_seats = sum(size for size in sizes if size != sizes[0])
    # The search only sees the players present; repeats of absent pairs are constant.
    target = bound - past.absent_repeats
    base = past.meet
    plan = search.plan_odd_seats(n, n_odd_seats, n_rounds, past.odd_counts, rng)
    floor = search.unfairness(_plan_prefix(plan, past.odd_counts))
    planned_budget = budget // _PLANNED_SHARE if any(odd) else 0
    evening_budget = budget // _EVENING_SHARE if any(odd) else 0
    budget -= planned_budget + evening_budget

    def even(rounds: list[Round]) -> bool:
        return search.unfairness(search.odd_prefix(rounds, odd, past.odd_counts)) <= floor

    rounds, method = _constructed(n, n_rounds, sizes, past, rng)
    meet = search.rebuild(base, rounds)
    for r in range(len(rounds), n_rounds):
        rounds.append(search.greedy_round(meet, sizes, odd, plan[r], rng))
    e = search.cost(meet)
    if e <= target and (not any(odd) or even(rounds)):
        return rounds, method or "greedy"

    if any(odd) and past.present_repeats + search.plan_bound(plan, n, sizes, odd) <= target:
        if method:
            meet = search.rebuild(base, [])
            planned = [search.greedy_round(meet, sizes, odd, plan[r], rng) for r in range(n_rounds)]
        else:
            planned = rounds
        planned, planned_e, _ = search.tabu_search(
            base,
            planned,
            odd,
            past.odd_counts,
            rng=rng,
            target=target,
            budget=planned_budget,
            deadline=deadline,
            restrict=True,
        )
        if planned_e <= target:
            return planned, "search"
        if planned_e < e:
            rounds, e, method = planned, planned_e, ""
    elif past.rounds and method:
        # The construction may clash with the history: a greedy start may do better.
        meet = search.rebuild(base, [])
        planned = [search.greedy_round(meet, sizes, odd, plan[r], rng) for r in range(n_rounds)]
        if search.cost(meet) < e:
            rounds, e, method = planned, search.cost(meet), ""

    if e > target:
        rounds, e, _ = search.tabu_search(
            base,
            rounds,
            odd,
            past.odd_counts,
            rng=rng,
            target=target,
            budget=budget,
            deadline=deadline,
        )
        method = f"{method}+search" if method else "search"
    if any(odd) and not even(rounds):
        rounds, _ = search.balance_odd_seats(
            base,
            rounds,
            odd,
            past.odd_counts,
            rng=rng,
            floor=floor,
            budget=evening_budget,
            deadline=deadline,
        )
    return rounds, method or "greedy"


def _plan_prefix(plan: list[set[int]], odd_history: Sequence[int]) -> list[list[int]]:
    count = list(odd_history)
    pre = [[0] * len(plan) for _ in count]
    for r, chosen in enumerate(plan):
        for p in chosen:
            count[p] += 1
        for p, c in enumerate(count):
            pre[p][r] = c
    return pre


def _constructed(
    n: int, n_rounds: int, sizes: tuple[int, ...], past: _History, rng: random.Random
) -> tuple[list[Round], str]:
    """Rounds from a construction, players relabelled at random; may be fewer than asked."""
    rounds = construct.construct(n, sizes, n_rounds)
    if not rounds:
        return [], ""
    perfect = len(rounds) * sum(comb(s, 2) for s in sizes) == comb(n, 2)
    if len(rounds) < n_rounds and perfect:
        # Everybody met everybody exactly once: repeating the cycle is optimal.
        cycle = rounds
        rounds = [cycle[r % len(cycle)] for r in range(n_rounds)]
    labels = list(range(n))
    if past.rounds:
        # Try a few relabellings and keep the one clashing least with history.
        best_cost = -1
        for _ in range(24):
            trial = list(range(n))
            rng.shuffle(trial)
            meet = search.rebuild(past.meet, [[[trial[p] for p in t] for t in tb] for tb in rounds])
            c = search.cost(meet)
            if best_cost < 0 or c < best_cost:
                best_cost, labels = c, trial
    else:
        rng.shuffle(labels)
    return [[[labels[p] for p in table] for table in tables] for tables in rounds], "construction"


# --------------------------------------------------------------------------
# Bounds


def _bounds(n: int, n_rounds: int, sizes: tuple[int, ...], past: _History) -> Bounds:
    e_hist = past.repeats
    if n_rounds == 0:
        return Bounds(e_hist, e_hist, e_hist, e_hist)
    new_meetings = n_rounds * sum(comb(s, 2) for s in sizes)
    fresh_pairs = comb(n, 2) - past.met_pairs
    counting = e_hist + max(0, new_meetings - fresh_pairs)

    # Per player: D_p = Σ (size - 1) over his new tables, at least L and at
    # most U; he can meet at most c_p players he has not met yet.  Minimise
    # Σ max(0, D_p - c_p) given Σ D_p, which a relaxation of the seating.
    low = n_rounds * (min(sizes) - 1)
    high = n_rounds * (max(sizes) - 1)
    total = n_rounds * sum(s * (s - 1) for s in sizes)
    unmet = [n - 1 - h for h in past.met_counts]
    excess = sum(max(0, low - c) for c in unmet)
    room = sum(max(0, min(high, c) - low) for c in unmet)
    excess += max(0, total - n * low - room)
    per_player = e_hist + (excess + 1) // 2

    k = len(sizes)
    per_pair = sum(_spread_pairs(s, k) for s in sizes)
    two_round = e_hist + _after_history(n, sizes, past) + (n_rounds - 1) * per_pair
    by_hand = 0 if past.rounds else _BY_HAND.get((n, n_rounds, sizes), 0)
    return Bounds(e_hist, counting, per_player, two_round, by_hand)


def _spread_pairs(m: int, groups: int) -> int:
    """The fewest pairs sharing a group when ``m`` players come from ``groups`` groups.

    >>> _spread_pairs(4, 3), _spread_pairs(3, 3), _spread_pairs(8, 3)
    (1, 0, 7)
    """
    if groups <= 0:
        return 0
    q, rem = divmod(m, groups)
    return rem * comb(q + 1, 2) + (groups - rem) * comb(q, 2)


def _after_history(n: int, sizes: tuple[int, ...], past: _History) -> int:
    """Pigeonhole between the last round played and the first new one.

    The present players who sat in the last round came from its tables; a new table holding
    more of them than there were tables seats two who sat together then, a repeat on top of
    the history's (a pair meeting ``h`` times before and ``m`` now has ``h + m - 1`` repeats,
    ``h - 1`` of them in the history; the new rounds' own coincidences count at most the
    other ``m - 1``).  Players absent from that round (late arrivals) are spread where they
    spare the most coincidences; the tables' capacities are ignored, which can only lower
    the bound.  12 players at 3 tables: every round after the first repeats 3 meetings.

    >>> bounds(12, 1, history=[[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]]).two_round
    3
    """
    if not past.rounds:
        return 0
    last = [[p for p in table if 0 <= p < n] for table in past.rounds[-1]]
    groups = sum(1 for table in last if table)
    newcomers = n - sum(len(table) for table in last)
    counts = list(sizes)  # players of each new table who sat in the last round
    for _ in range(newcomers):
        # Convex in the count: each newcomer goes where he removes the most coincidences.
        best = max(
            range(len(counts)),
            key=lambda t: (
                _spread_pairs(counts[t], groups) - _spread_pairs(counts[t] - 1, groups)
                if counts[t]
                else -1
            ),
        )
        if counts[best] == 0:
            break
        counts[best] -= 1
    return sum(_spread_pairs(c, groups) for c in counts)


# Bounds proven by hand, for (players, rounds, composition) without history.
#
# 18 players, 5 rounds at 4, 4, 5, 5 (whist with fifth players): E >= 11, where
# the general bounds give 8.  Let n_k be the number of pairs meeting k times.
# (1) For rounds a != b, the 5 players of a table of 5 in b sat at the 4 tables
# of a, so two of them met in a: each table of 5 of b holds, for each of the 4
# other rounds, a pair meeting there too.  (2) Summed over the 10 pairs of
# rounds and the 2 tables of 5: C = n2 + 3·n3 + 6·n4 + 10·n5 >= 20, while
# E = n2 + 2·n3 + 3·n4 + 4·n5.  If E <= 10 then C - E = n3 + 3·n4 + 6·n5 >= 10,
# which without n5 needs n3 = 0 and n4 >= 4, i.e. E >= 12; so n5 >= 1, and the
# cases left are n5 = 2 (with n2 <= 2 or n3 = 1), or n5 = 1 with n4 = 2, or
# n5 = 1, n4 = 1, n3 = 1 (n2 <= 1).  (3) In each round some table of 5 lacks
# the pair meeting 5 times (pq) and needs, by (1), pairs covering the 4 other
# rounds, a pair meeting k times covering at most k - 1: with n4 = 2, the round
# one 4-pair misses gets at most 3; with n4 = n3 = 1, the round the 4-pair
# misses gets at most 2 + 1.  With n5 = 2, the extra pairs cover at most 2
# rounds per round, so pq and the other 5-pair rs sit at the two tables of 5 in
# every round; p then never meets r or s and has 15 other meetings for 14
# players: he meets some u twice, and so does q, always beside him; likewise r
# and s, so E >= 8 + 4.  Every case contradicts E <= 10.  The engine finds 11.
_BY_HAND: dict[tuple[int, int, tuple[int, ...]], int] = {(18, 5, (4, 4, 5, 5)): 11}


# --------------------------------------------------------------------------
# History


class _History:
    """What the history says about the players present (``0 .. n - 1``)."""

    def __init__(self, n: int, history: Sequence[Sequence[Sequence[int]]], first_size: int) -> None:
        self.rounds: list[Round] = []
        self.meet = search.new_matrix(n)
        self.odd_counts = [0] * n
        self.seats: dict[int, dict[int, int]] = {}
        counts: dict[tuple[int, int], int] = {}
        for rnd in history:
            _check_round(rnd)
            self.rounds.append([list(table) for table in rnd])
            for table in rnd:
                for k, p in enumerate(table):
                    if 0 <= p < n:
                        self.seats.setdefault(p, {}).setdefault(k, 0)
                        self.seats[p][k] += 1
                        if len(table) != first_size:
                            self.odd_counts[p] += 1
                for a, b in itertools.combinations(sorted(table), 2):
                    counts[a, b] = counts.get((a, b), 0) + 1
                    if 0 <= a < n and 0 <= b < n:
                        self.meet[a][b] += 1
                        self.meet[b][a] += 1
        self.repeats = sum(m - 1 for m in counts.values() if m > 1)
        present = sum(m - 1 for (a, b), m in counts.items() if m > 1 and 0 <= a < n and 0 <= b < n)
        self.present_repeats = present
        self.absent_repeats = self.repeats - present
        self.met_counts = [sum(1 for m in row if m) for row in self.meet]
        self.met_pairs = sum(self.met_counts) // 2

    def seat_counts(self, width: int) -> list[list[int]]:
        """``[p][k]``: times player ``p`` sat in seat ``k`` in the history."""
        out = [[0] * width for _ in self.meet]
        for p, seats in self.seats.items():
            for k, c in seats.items():
                if k < width:
                    out[p][k] += c
        return out


def _max_size(sizes: tuple[int, ...], past: _History) -> int:
    return max([*sizes, *(len(t) for rnd in past.rounds for t in rnd)])


# --------------------------------------------------------------------------
# Validation and table sizes


def _check_round(rnd: Sequence[Sequence[int]]) -> None:
    seen: set[int] = set()
    for table in rnd:
        for p in table:
            if isinstance(p, bool) or not isinstance(p, int):
                raise ValueError(f"players are integers, got {p!r}.")
            if p in seen:
                raise ValueError(f"player {p} is seated twice in one round.")
            seen.add(p)


def _check_sizes(table_sizes: Sequence[int]) -> tuple[int, ...]:
    sizes = tuple(table_sizes)
    if not sizes:
        raise ValueError("table_sizes must not be empty.")
    for s in sizes:
        if isinstance(s, bool) or not isinstance(s, int) or s < 2:
            raise ValueError(f"table sizes are integers of at least 2, got {s!r}.")
    if len(set(sizes)) != len(sizes):
        raise ValueError(f"table sizes repeat: {sizes!r}.")
    return sizes


def _composition(n: int, sizes: tuple[int, ...]) -> tuple[int, ...] | None:
    first, others = sizes[0], sizes[1:]
    # A minimal choice has fewer than `first` odd tables: among `first` of
    # them some have a total divisible by `first`, and could be replaced.
    for k in range(first):
        # combinations_with_replacement keeps the preference order of `others`.
        for odd in itertools.combinations_with_replacement(others, k):
            rest = n - sum(odd)
            if rest >= 0 and rest % first == 0:
                return (first,) * (rest // first) + odd
    return None


def _refusal(n: int, sizes: tuple[int, ...]) -> str:
    if len(sizes) == 1:
        what = f"tables of {sizes[0]}"
    else:
        what = "tables of " + ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"
    above = next(m for m in itertools.count(n + 1) if _composition(m, sizes) is not None)
    below = next((m for m in range(n - 1, 0, -1) if _composition(m, sizes) is not None), None)
    add = above - n
    fixes = f"add {add} substitute{'s' if add > 1 else ''} ({above} players)"
    if below is not None:
        drop = n - below
        fixes += f" or remove {drop} player{'s' if drop > 1 else ''} ({below} players)"
    return f"{n} player{'s' if n > 1 else ''} cannot be seated at {what}: {fixes}."
