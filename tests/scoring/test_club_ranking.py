"""The club classification of an open tournament (docs/rules/ranking.md#club-classification):
a club counts its best N players' results; clubs short of N players come after."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import InvalidDeal
from scoring.ranking import club_ranking

SETTINGS = settings(max_examples=200, deadline=None)

results = st.one_of(
    st.integers(-500, 500),
    st.fractions(min_value=-100, max_value=100, max_denominator=60),
)
clubs = st.dictionaries(
    st.sampled_from(["Gesves", "Namur", "Ciney", "Hélécine", "Andenne"]),
    st.lists(results, max_size=8),
    min_size=1,
)


def _by_club(standings):
    return {s.club: s for s in standings}


def test_a_short_club_comes_after_more_players_first() -> None:
    standings = club_ranking({"A": [5], "B": [-3, -4], "C": [100]}, best=3)
    assert [(s.club, s.place) for s in standings] == [("B", 1), ("C", 2), ("A", 3)]


def test_the_best_n_players_count_and_a_short_club_comes_after() -> None:
    standings = club_ranking({"Gesves": [40, 12, 30, -5], "Namur": [50, 25], "Ciney": [90]}, best=2)
    assert [(s.club, s.place, s.total, s.counted) for s in standings] == [
        ("Namur", 1, 75, (50, 25)),
        ("Gesves", 2, 70, (40, 30)),
        # 90 is more than either sum, but one player is not two.
        ("Ciney", 3, 90, (90,)),
    ]
    assert [s.complete for s in standings] == [True, True, False]
    assert _by_club(standings)["Gesves"].players == 4


def test_equal_sums_the_better_best_player_first_then_shared() -> None:
    standings = _by_club(
        club_ranking({"A": [35, 35], "B": [50, 20], "C": [50, 20], "D": [10, 5]}, best=2)
    )
    assert (standings["B"].place, standings["C"].place) == (1, 1)
    assert standings["A"].place == 3
    assert standings["D"].place == 4


def test_shared_place_points_are_summed_exactly() -> None:
    standings = club_ranking({"A": [Fraction(26, 3), Fraction(26, 3), 4]}, best=2)
    assert standings[0].total == Fraction(52, 3)


@pytest.mark.parametrize("best", [0, 51, -1, True, "3", 2.0])
def test_n_out_of_its_bounds_is_refused(best) -> None:
    with pytest.raises(InvalidDeal):
        club_ranking({"A": [1, 2]}, best=best)


@SETTINGS
@given(clubs, st.integers(1, 6), st.data())
def test_adding_a_player_never_lowers_a_club_sum_nor_its_place(data_clubs, best, data) -> None:
    club = data.draw(st.sampled_from(sorted(data_clubs)))
    newcomer = data.draw(results)
    before = _by_club(club_ranking(data_clubs, best)).get(club)
    after = _by_club(club_ranking({**data_clubs, club: [*data_clubs[club], newcomer]}, best))[club]
    if before is None:  # no ranked player yet, no place (RULES.md « Changes of 2026-11-28 »)
        assert not data_clubs[club]
        return
    assert after.place <= before.place
    if before.complete:
        assert after.total >= before.total
    if before.complete and newcomer <= min(before.counted):
        # A worse player than every counted one changes nothing.
        assert (after.total, after.counted) == (before.total, before.counted)


@SETTINGS
@given(clubs, st.integers(1, 6))
def test_the_sum_is_the_best_n_and_every_complete_club_is_ahead(data_clubs, best) -> None:
    standings = club_ranking(data_clubs, best)
    for line in standings:
        players = sorted(data_clubs[line.club], reverse=True)
        assert line.total == sum(players[:best], 0)
        assert line.complete == (len(players) >= best)
    places = [s.place for s in standings]
    assert places == sorted(places)
    counted = [len(s.counted) for s in standings]
    assert counted == sorted(counted, reverse=True)
