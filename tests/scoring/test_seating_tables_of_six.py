"""Whist tables of 6 (two « morts »): the split of any count into tables of 4, 5 and 6.

docs/rules/whist.md#tables-of-5-and-6: tables of 4 first, tables of 5 where 4s alone cannot seat
everybody, a table of 6 only where 4s and 5s cannot (6 and 11 players); 7 stays impossible.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.seating import composition, lower_bound, schedule

WHIST = (4, 5, 6)


@settings(max_examples=200, deadline=None)
@given(n=st.integers(4, 400))
def test_every_count_but_seven_splits_into_tables_of_4_5_and_6(n: int) -> None:
    if n == 7:
        with pytest.raises(ValueError, match=r"add 1 substitute \(8 players\) or remove 1 player"):
            composition(n, WHIST, nested=True)
        return
    sizes = composition(n, WHIST, nested=True)
    assert sum(sizes) == n
    assert set(sizes) <= {4, 5, 6}
    # A table of 6 only where tables of 4 and 5 cannot seat everybody...
    assert (6 in sizes) == (n in (6, 11))
    assert sizes.count(6) <= 1
    # ... and every count they did seat keeps its draw.
    if n not in (6, 11):
        assert sizes == composition(n, (4, 5))


@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([6, 11, 15, 16, 21]), rounds=st.integers(1, 4), seed=st.integers(0, 5))
def test_every_player_is_seated_once_per_round(n: int, rounds: int, seed: int) -> None:
    plan = schedule(n, rounds, WHIST, seed=seed, effort=40_000, nested=True)
    assert len(plan.rounds) == rounds
    for rnd in plan.rounds:
        assert sorted(p for table in rnd for p in table) == list(range(n))
        assert tuple(len(table) for table in rnd) == plan.table_sizes
    assert plan.lower_bound <= plan.repeats


def test_six_and_eleven_players() -> None:
    assert composition(6, WHIST, nested=True) == (6,)
    assert composition(11, WHIST, nested=True) == (5, 6)
    # Without ``nested`` the fewest odd tables would turn 10 players into 4 + 6.
    assert composition(10, WHIST) == (4, 6)
    assert composition(10, WHIST, nested=True) == (5, 5)
    # Six players meet each other at every pool: every pair repeats.
    assert lower_bound(6, 3, WHIST, nested=True) == 30
