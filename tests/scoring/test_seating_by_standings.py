"""RULES.md « Changes of 2026-11-28 »: seated by the standings, at every table, not only the
first, the first dealer (seat 0) is that table's best-ranked player."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from scoring.seating import by_standings, composition


def test_worked_case_thirteen_whist_players_at_tables_of_four_and_five() -> None:
    # Ranks 0 (best) to 12: tables of 4 first, then the table of 5; seat 0 deals first.
    tables = by_standings(13, (4, 5))
    assert tables == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11, 12]]
    assert [table[0] for table in tables] == [0, 4, 8]


def test_worked_case_eleven_whist_players_nested_sizes() -> None:
    assert by_standings(11, (4, 5, 6), nested=True) == [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9, 10]]


@given(
    st.sampled_from([((4,), False), ((4, 5), False), ((4, 5, 6), True), ((4, 3), False)]),
    st.integers(min_value=4, max_value=80),
)
def test_every_tables_first_dealer_is_its_best_ranked(sizes_nested, n) -> None:
    sizes, nested = sizes_nested
    try:
        expected = composition(n, sizes, nested=nested)
    except ValueError:
        return
    tables = by_standings(n, sizes, nested=nested)
    assert tuple(len(t) for t in tables) == expected
    assert sorted(p for t in tables for p in t) == list(range(n))
    for table in tables:
        assert table[0] == min(table)
    # the best at table 1: every player of a table ranks before every player of the next
    for before, after in itertools.pairwise(tables):
        assert max(before) < min(after)
