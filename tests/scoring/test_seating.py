"""Tests for scoring.seating: valid rounds, repeat counting, bounds, refusals, determinism."""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Sequence
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import _seating_construct as construct  # noqa: PLC2701 (scoring's own construction, tested alone)
from scoring.seating import (
    Bounds,
    Schedule,
    bounds,
    composition,
    lower_bound,
    meeting_counts,
    repeats,
    schedule,
)

Rounds = Sequence[Sequence[Sequence[int]]]


def brute_repeats(rounds: Rounds) -> int:
    """E recounted the slow way: every pair of players, every round."""
    players = sorted({p for rnd in rounds for table in rnd for p in table})
    total = 0
    for a, b in itertools.combinations(players, 2):
        m = sum(1 for rnd in rounds for table in rnd if a in table and b in table)
        total += max(0, m - 1)
    return total


def assert_valid(plan: Schedule, n: int, n_rounds: int, sizes: Sequence[int]) -> None:
    """Every round seats every player exactly once at allowed sizes."""
    assert len(plan.rounds) == n_rounds
    for rnd in plan.rounds:
        seated = sorted(p for table in rnd for p in table)
        assert seated == list(range(n))
        assert all(len(table) in sizes for table in rnd)
        assert [len(table) for table in rnd] == list(plan.table_sizes)


def odd_counts_even(plan: Schedule) -> bool:
    """Nobody at an odd-sized table twice before everyone has been once."""
    count = [0] * plan.n_players
    for rnd in plan.rounds:
        for table in rnd:
            if len(table) != plan.table_sizes[0]:
                for p in table:
                    count[p] += 1
        if max(count) - min(count) > 1:
            return False
    return True


# --------------------------------------------------------------------------
# Repeats


def test_repeats_counts_meetings_beyond_the_first() -> None:
    rounds = [[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 1, 4, 5], [2, 3, 6, 7]]]
    assert repeats(rounds) == 4  # {0,1}, {4,5}, {2,3}, {6,7} meet twice
    assert repeats(rounds[:1]) == 0
    assert repeats([rounds[0]] * 3) == 24  # 12 pairs × 2 extra meetings


def test_repeats_of_a_triple_meeting_counts_two() -> None:
    assert repeats([[[0, 1]], [[1, 0]], [[0, 1]]]) == 2


def test_repeats_with_history_counts_both() -> None:
    history = [[[0, 1, 2, 3]]]
    assert repeats([[[0, 1, 4, 5]]], history) == 1
    assert repeats([], history) == 0
    assert repeats([[[0, 1, 2, 3]]], history) == 6


def test_repeats_shows_the_cost_of_a_manual_swap() -> None:
    plan = schedule(16, 5)
    assert repeats(plan.rounds) == 0
    swapped = [[list(t) for t in rnd] for rnd in plan.rounds]
    a, b = swapped[4][0][0], swapped[4][1][0]
    swapped[4][0][0], swapped[4][1][0] = b, a
    assert repeats(swapped) == brute_repeats(swapped) == 6


def test_meeting_counts() -> None:
    counts = meeting_counts([[[2, 0, 1]], [[1, 2], [0, 3]]])
    assert counts == {(0, 1): 1, (0, 2): 1, (1, 2): 2, (0, 3): 1}


def test_repeats_refuses_a_player_seated_twice_in_a_round() -> None:
    with pytest.raises(ValueError, match="seated twice"):
        repeats([[[0, 1], [1, 2]]])


@pytest.mark.parametrize(
    ("n", "n_rounds", "sizes"),
    [
        (12, 4, (4,)),
        (13, 5, (4, 5)),
        (18, 6, (4, 3)),
        (9, 6, (3,)),
        (8, 9, (2,)),
        # One table of each size: no swap keeps the odd seats, the search must stop.
        (7, 4, (4, 3)),
        (9, 5, (4, 5)),
        (8, 4, (3, 4, 5, 6)),
    ],
)
def test_schedule_repeats_match_a_recount(n: int, n_rounds: int, sizes: tuple[int, ...]) -> None:
    plan = schedule(n, n_rounds, sizes, effort=300_000)
    assert_valid(plan, n, n_rounds, sizes)
    assert plan.repeats == brute_repeats(plan.rounds) == repeats(plan.rounds)
    assert plan.meetings == meeting_counts(plan.rounds)
    assert plan.lower_bound <= plan.repeats


# --------------------------------------------------------------------------
# Optimal schedules


def test_sixteen_players_five_rounds_is_perfect() -> None:
    plan = schedule(16, 5)
    assert_valid(plan, 16, 5, (4,))
    assert plan.repeats == 0 == plan.lower_bound
    assert plan.optimal
    # The affine plane of order 4: everybody meets everybody exactly once.
    assert sorted(plan.meetings.values()) == [1] * 120


@pytest.mark.parametrize("n", range(20, 81, 4))
def test_multiples_of_four_for_five_rounds_are_perfect(n: int) -> None:
    plan = schedule(n, 5)
    assert_valid(plan, n, 5, (4,))
    assert plan.repeats == 0


@pytest.mark.parametrize("n", range(17, 24))
def test_seventeen_to_twenty_three_at_tables_of_four_and_three(n: int) -> None:
    plan = schedule(n, 5, (4, 3))
    assert_valid(plan, n, 5, (4, 3))
    assert plan.repeats == 0


@pytest.mark.parametrize(
    ("n", "n_rounds", "size"),
    [(80, 3, 4), (28, 7, 4), (32, 10, 4), (64, 21, 4), (9, 4, 3), (18, 8, 3), (25, 6, 5)],
)
def test_design_theory_instances(n: int, n_rounds: int, size: int) -> None:
    plan = schedule(n, n_rounds, (size,))
    assert_valid(plan, n, n_rounds, (size,))
    assert plan.repeats == 0


@pytest.mark.parametrize(
    ("n", "n_rounds"), [(24, 6), (24, 7), (28, 9), (36, 11), (40, 13), (52, 17), (60, 19)]
)
def test_resolvable_designs_seat_federation_sizes_without_repeats(n: int, n_rounds: int) -> None:
    """Issue 15: design theory gives E = 0 here; the engine builds it, no search."""
    plan = schedule(n, n_rounds)
    assert_valid(plan, n, n_rounds, (4,))
    assert plan.repeats == 0
    assert plan.method == "construction"


@pytest.mark.parametrize("n", sorted(construct._ROTATIONAL))  # noqa: SLF001 (scoring's own table, checked)
def test_every_stored_rotational_design_is_repeat_free(n: int) -> None:
    m, fixed, _ = construct._ROTATIONAL[n]  # noqa: SLF001 (scoring's own table, checked)
    rounds = construct.rotational(n, 100)
    assert len(rounds) == m
    for rnd in rounds:
        assert sorted(p for table in rnd for p in table) == list(range(n))
        assert all(len(table) == 4 for table in rnd)
    assert brute_repeats(rounds) == 0
    # Each player meets everybody but his group: nobody (one fixed player) or the
    # two others of {(x, 0), (x, 1), (x, 2)}, or of the three fixed players.
    met = meeting_counts(rounds)
    never = {pair for pair in itertools.combinations(range(n), 2) if pair not in met}
    if fixed == 1:
        assert never == set()
    else:
        groups = [[x, m + x, 2 * m + x] for x in range(m)] + [[3 * m, 3 * m + 1, 3 * m + 2]]
        assert never == {pair for g in groups for pair in itertools.combinations(g, 2)}


def test_stored_second_plane_doubles_without_repeats() -> None:
    for q in construct._SECOND_PLANE:  # noqa: SLF001 (scoring's own table, checked)
        rounds = construct.doubled_affine(q)
        assert len(rounds) == 2 * (q + 1)
        for rnd in rounds:
            assert sorted(p for table in rnd for p in table) == list(range(2 * q * q))
            assert all(len(table) == q for table in rnd)
        assert brute_repeats(rounds) == 0


def test_a_perfect_design_repeats_its_cycle() -> None:
    # 28 players meet everybody once in 9 rounds; 18 rounds meet everybody twice.
    plan = schedule(28, 18)
    assert plan.repeats == plan.lower_bound == comb(28, 2)
    assert set(plan.meetings.values()) == {2}


def test_repeating_a_perfect_cycle_is_optimal() -> None:
    plan = schedule(16, 10)
    assert plan.repeats == plan.lower_bound == 120
    assert set(plan.meetings.values()) == {2}


def test_greedy_one_round_at_a_time_is_beaten() -> None:
    """The issue's motivation: drawing each round greedily leaves repeats."""
    import random

    rng = random.Random(1)
    history: list[list[list[int]]] = []
    for _ in range(5):
        players = list(range(16))
        rng.shuffle(players)
        tables: list[list[int]] = [[] for _ in range(4)]
        for p in players:
            free = [t for t in tables if len(t) < 4]
            met = meeting_counts(history)
            free.sort(key=lambda t: sum(met.get((min(p, q), max(p, q)), 0) for q in t))
            free[0].append(p)
        history.append(tables)
    assert repeats(history) > 0 == schedule(16, 5).repeats


# --------------------------------------------------------------------------
# Team games: tables of 2 teams


def test_team_round_robin_subset() -> None:
    plan = schedule(10, 5, (2,))
    assert_valid(plan, 10, 5, (2,))
    assert plan.repeats == 0


def test_team_rematches_when_rounds_exceed_the_round_robin() -> None:
    plan = schedule(6, 7, (2,))
    # 7 rounds of 3 matches over 15 pairs: at least 6 rematches, and no more.
    assert plan.repeats == plan.lower_bound == 7 * 3 - 15


def test_odd_team_count_is_refused() -> None:
    with pytest.raises(ValueError, match=r"add 1 substitute \(8 players\) or remove 1 player"):
        schedule(7, 3, (2,))


# --------------------------------------------------------------------------
# Table sizes


@pytest.mark.parametrize(
    ("n", "sizes", "expected"),
    [
        (16, (4,), (4, 4, 4, 4)),
        (18, (4, 5), (4, 4, 5, 5)),
        (17, (4, 3), (4, 4, 3, 3, 3)),
        (19, (4, 3), (4, 4, 4, 4, 3)),
        (17, (3, 4), (3, 3, 3, 4, 4)),
        (8, (3, 4, 5, 6), (3, 5)),
        (10, (3, 4, 5, 6), (3, 3, 4)),
        (5, (4, 5), (5,)),
        (12, (2,), (2,) * 6),
    ],
)
def test_composition_prefers_the_first_size_and_fewest_odd_tables(
    n: int, sizes: tuple[int, ...], expected: tuple[int, ...]
) -> None:
    assert composition(n, sizes) == expected


def test_uneven_count_refusal_says_what_would_work() -> None:
    with pytest.raises(ValueError) as caught:
        schedule(14, 5, (4,))
    message = str(caught.value)
    assert "14 players cannot be seated at tables of 4" in message
    assert "add 2 substitutes (16 players)" in message
    assert "remove 2 players (12 players)" in message


def test_refusal_with_several_sizes_and_nothing_below() -> None:
    with pytest.raises(ValueError, match=r"tables of 4 or 5: add 1 substitute \(4 players\)\.$"):
        composition(3, (4, 5))


@pytest.mark.parametrize(
    ("args", "kwargs", "match"),
    [
        ((16, 5, ()), {}, "must not be empty"),
        ((16, 5, (4, 4)), {}, "repeat"),
        ((16, 5, (1,)), {}, "at least 2"),
        ((0, 5), {}, "positive"),
        ((16, -1), {}, "non-negative"),
        ((16, 5), {"time_limit": 0}, "time_limit"),
        ((16, 5), {"effort": 0}, "effort"),
        ((16, 5), {"effort": 1.5}, "effort"),
        ((8, 2), {"history": [[[0, 1, 2, 3], [3, 4, 5, 6]]]}, "seated twice"),
    ],
)
def test_bad_arguments_are_refused(
    args: tuple[object, ...], kwargs: dict[str, object], match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        schedule(*args, **kwargs)  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# Bounds


def test_counting_bound() -> None:
    b = bounds(16, 6)
    assert b.counting == 6 * 4 * 6 - 120 == 24
    assert b.best == lower_bound(16, 6) == 24


def test_two_round_pigeonhole_bound() -> None:
    # 12 players at 3 tables of 4: a table of 4 holds two from one earlier table.
    b = bounds(12, 3)
    assert b.two_round == 2 * 3
    assert b.counting == 0 == b.per_player  # 27 meetings for 66 pairs: no help
    assert schedule(12, 2).repeats == lower_bound(12, 2) == 3


def test_per_player_bound_with_history() -> None:
    # Player 0 has met 1, 2, 3; among 8 players he can meet only 4 new ones,
    # and 2 rounds at tables of 4 give him 6 meetings.
    history = [[[0, 1, 2, 3], [4, 5, 6, 7]]]
    b = bounds(8, 2, (4,), history)
    assert b.history == 0
    assert b.per_player == 8 * (6 - 4) // 2
    assert schedule(8, 2, history=history).repeats >= b.best


def test_eighteen_at_whist_with_fifth_players_is_optimal() -> None:
    """Issue 11: 18 players over 5 rounds at 4, 4, 5, 5 need 11 repeats (proof in
    seating._BY_HAND), not 8 as the general bounds say; the engine reaches them."""
    plan = schedule(18, 5, (4, 5))
    assert_valid(plan, 18, 5, (4, 5))
    assert plan.bounds.two_round == 8
    assert plan.lower_bound == plan.repeats == 11
    assert plan.optimal
    # The proof is for fresh rounds only: after a history the general bounds hold.
    assert bounds(18, 5, (4, 5), [[list(range(18))]]).by_hand == 0


def test_bounds_of_no_rounds_is_the_history() -> None:
    history = [[[0, 1]], [[0, 1]]]
    assert bounds(4, 0, (2,), history) == Bounds(1, 1, 1, 1)
    plan = schedule(4, 0, (2,), history=history)
    assert plan.rounds == [] and plan.repeats == 1


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(2, 26),
    n_rounds=st.integers(0, 5),
    sizes=st.sampled_from([(2,), (3,), (4,), (4, 3), (4, 5), (3, 4, 5, 6), (5, 4)]),
    seed=st.integers(0, 3),
)
def test_any_instance_is_valid_and_above_its_bound(
    n: int, n_rounds: int, sizes: tuple[int, ...], seed: int
) -> None:
    try:
        table_sizes = composition(n, sizes)
    except ValueError:
        with pytest.raises(ValueError, match="cannot be seated"):
            schedule(n, n_rounds, sizes)
        return
    plan = schedule(n, n_rounds, sizes, seed=seed, effort=45_000)
    assert plan.table_sizes == table_sizes
    assert_valid(plan, n, n_rounds, sizes)
    assert plan.repeats == brute_repeats(plan.rounds)
    assert plan.lower_bound <= plan.repeats


# --------------------------------------------------------------------------
# History: late arrivals and withdrawals


def test_history_with_withdrawals_and_late_arrivals() -> None:
    first = schedule(16, 2)
    # Players 14 and 15 withdraw (renumbered 100 and 101 in the history), 2 arrive (14, 15).
    rename = {14: 100, 15: 101}
    history = [[[rename.get(p, p) for p in t] for t in rnd] for rnd in first.rounds]
    plan = schedule(16, 3, history=history)
    assert_valid(plan, 16, 3, (4,))
    assert plan.repeats == repeats(plan.rounds, history) == brute_repeats(history + plan.rounds)
    assert plan.lower_bound <= plan.repeats
    assert plan.repeats == 0  # 5 rounds in all exist without repeats (affine plane)


def test_history_continuation_of_sixteen() -> None:
    first = schedule(16, 3, seed=4)
    rest = schedule(16, 2, seed=4, history=first.rounds)
    assert rest.repeats == 0
    assert repeats(first.rounds + rest.rounds) == 0


def test_history_already_full_of_repeats() -> None:
    history = [[[0, 1, 2, 3], [4, 5, 6, 7]]] * 2
    plan = schedule(8, 1, history=history, effort=300_000)
    assert plan.bounds.history == 12
    # Each new table of 4 draws from two old tables: 2 pairs meet a third time, and the
    # pigeonhole against the last round played proves it (the plan is optimal).
    assert plan.repeats == brute_repeats(history + plan.rounds) == 16
    assert plan.bounds.two_round == plan.lower_bound == 16


def test_the_round_after_the_first_knows_its_unavoidable_repeats() -> None:
    """12 players at 3 tables: the second round seats two of a first-round table together at
    every table, whatever the draw; the bound says so instead of promising 0."""
    first = schedule(12, 1, seed=5).rounds
    second = schedule(12, 1, history=first, seed=5)
    assert second.repeats == second.lower_bound == 3
    # Two late arrivals make a fourth table: nobody needs to meet again, and the bound knows.
    late = schedule(14, 1, (4, 3), history=first, seed=5)
    assert late.lower_bound == late.repeats == 0


# --------------------------------------------------------------------------
# Secondary aims


@pytest.mark.parametrize("n", [18, 19, 21, 22, 23])
def test_odd_tables_go_round_before_anybody_sits_twice(n: int) -> None:
    plan = schedule(n, 5, (4, 3))
    assert plan.repeats == 0
    assert odd_counts_even(plan)


def test_odd_tables_with_fifth_player_at_whist() -> None:
    plan = schedule(41, 5, (4, 5))
    assert plan.repeats == plan.lower_bound == 0
    assert odd_counts_even(plan)


def test_repeats_come_before_odd_seats() -> None:
    # 21 at whist: 4 tables of 4 and one of 5.  Seating 20 different players at
    # the table of 5 in 4 rounds sends its 5 players to 4 tables the next
    # round, two at one table: no repeats wins over even odd seats.
    plan = schedule(21, 4, (4, 5))
    assert plan.repeats == 0
    assert not odd_counts_even(plan)


@pytest.mark.parametrize(("n", "n_rounds"), [(16, 5), (20, 5), (32, 4), (18, 6)])
def test_first_dealer_is_spread_evenly(n: int, n_rounds: int) -> None:
    sizes = (4, 3) if n % 4 else (4,)
    plan = schedule(n, n_rounds, sizes, effort=300_000)
    dealt = Counter(table[0] for rnd in plan.rounds for table in rnd)
    counts = [dealt[p] for p in range(n)]
    assert max(counts) - min(counts) <= 1


def test_seats_are_spread() -> None:
    plan = schedule(16, 8)
    for seat in range(4):
        sat = Counter(table[seat] for rnd in plan.rounds for table in rnd)
        assert max(sat[p] for p in range(16)) - min(sat[p] for p in range(16)) <= 1


# --------------------------------------------------------------------------
# Determinism


@pytest.mark.parametrize(
    ("n", "n_rounds", "sizes"), [(16, 5, (4,)), (18, 5, (4, 3)), (22, 5, (4, 3)), (13, 3, (4, 5))]
)
def test_same_seed_same_schedule(n: int, n_rounds: int, sizes: tuple[int, ...]) -> None:
    a = schedule(n, n_rounds, sizes, seed=7)
    b = schedule(n, n_rounds, sizes, seed=7)
    assert a.rounds == b.rounds
    assert a.repeats == b.repeats


def test_other_seed_other_schedule() -> None:
    assert schedule(16, 5, seed=1).rounds != schedule(16, 5, seed=2).rounds


@pytest.fixture
def loaded_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine so loaded that ten seconds pass between two looks at the clock."""
    now = [0.0]

    def perf_counter() -> float:
        now[0] += 10.0
        return now[0]

    monkeypatch.setattr(time, "perf_counter", perf_counter)


# The instance of the issue (it stopped on the wall clock), and a 6th round for
# 20 players (no construction) on a smaller budget.
SEARCHED: list[tuple[int, int, tuple[int, ...], dict[str, int]]] = [
    (13, 3, (4, 5), {}),
    (20, 6, (4,), {"effort": 200_000}),
]


@pytest.fixture(scope="module")
def unloaded_plans() -> list[Schedule]:
    return [schedule(n, r, sizes, seed=7, **kw) for n, r, sizes, kw in SEARCHED]


@pytest.mark.usefixtures("loaded_clock")
def test_a_loaded_machine_gives_the_same_schedule(unloaded_plans: list[Schedule]) -> None:
    """The budget counts move evaluations, not seconds: the load changes nothing."""
    for (n, n_rounds, sizes, kw), unloaded in zip(SEARCHED, unloaded_plans, strict=True):
        plan = schedule(n, n_rounds, sizes, seed=7, **kw)
        assert unloaded.method.endswith("search")
        assert plan.rounds == unloaded.rounds
        assert plan.repeats == unloaded.repeats


@pytest.mark.usefixtures("loaded_clock")
def test_time_limit_is_only_a_safety_cap(unloaded_plans: list[Schedule]) -> None:
    # On the "loaded" clock a 1 s cap stops the search at once: a valid but worse schedule.
    plan = schedule(13, 3, (4, 5), seed=7, time_limit=1.0)
    assert_valid(plan, 13, 3, (4, 5))
    assert plan.repeats > unloaded_plans[0].repeats == unloaded_plans[0].lower_bound
