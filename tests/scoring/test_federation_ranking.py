"""A federation's ranking rule (docs/rules/federation.md), checked against figures computed
here by hand from the rule's text, never by the code under test."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import InvalidDeal, InvalidRules
from scoring.federation import (
    FederationRule,
    PlayerResult,
    check_rule,
    club_points_ranking,
    club_win_ranking,
    decayed,
    place_points,
    player_ranking,
    tournament_points,
    win_percentage,
)


def test_a_place_among_forty_is_worth_more_than_among_eight() -> None:
    # 10 × (n − p + 1): 1st of 40 → 400, 1st of 8 → 80, 3rd of 8 → 60, last → 10.
    assert place_points(1, 40) == 400
    assert place_points(1, 8) == 80
    assert place_points(3, 8) == 60
    assert place_points(8, 8) == 10


def test_tied_entries_share_the_mean_of_their_places_and_partners_both_count() -> None:
    # Five teams: 1st; two tied 2nd (places 2 and 3: (40 + 30) / 2 = 35); 4th; 5th.
    # Three tied 3rd among 5 would be (30 + 20 + 10) / 3 = 20.
    points = tournament_points(
        [
            (("ann", "bob"), 1),
            (("cy", "dan"), 2),
            (("eve", "fay"), 2),
            (("gus", "hal"), 4),
            (("ida", "jo"), 5),
        ]
    )
    assert points == {
        "ann": 50,
        "bob": 50,
        "cy": 35,
        "dan": 35,
        "eve": 35,
        "fay": 35,
        "gus": 20,
        "hal": 20,
        "ida": 10,
        "jo": 10,
    }
    three = tournament_points([(("a",), 1), (("b",), 2), (("c",), 3), (("d",), 3), (("e",), 3)])
    assert three["c"] == Fraction(20)
    odd = tournament_points([(("a",), 1), (("b",), 1), (("c",), 1)])
    assert odd["a"] == Fraction(30 + 20 + 10, 3)


@pytest.mark.parametrize(
    "places", [[1, 3], [2, 2], [1, 1, 2], [0, 1], [1, 5]], ids=lambda p: str(p)
)
def test_places_no_standings_give_are_refused(places: list[int]) -> None:
    with pytest.raises(InvalidDeal) as error:
        tournament_points([((index,), place) for index, place in enumerate(places)])
    assert error.value.code == "bad_places"


def test_the_best_ten_count_and_a_player_is_listed_from_three_tournaments() -> None:
    # ann played 12 tournaments worth 10, 20, ..., 120: the best ten are 30 … 120 = 750.
    results = [PlayerResult("ann", t, Fraction(10 * (t + 1))) for t in range(12)]
    # bob played two, worth 400 each: not listed (three are needed).
    results += [PlayerResult("bob", t, Fraction(400)) for t in range(2)]
    # cy played three: 100 + 200 + 450 = 750, tied with ann.
    results += [PlayerResult("cy", t, Fraction(p)) for t, p in enumerate([100, 200, 450])]
    lines = player_ranking(results)
    assert [(line.player, line.total, line.played, line.place) for line in lines] == [
        ("ann", 750, 12, 1),
        ("cy", 750, 3, 1),
    ]
    assert set(lines[0].counted) == set(range(2, 12))


def test_the_settings_change_n_and_the_listing_threshold() -> None:
    results = [PlayerResult("bob", t, Fraction(p)) for t, p in enumerate([400, 100])]
    rule = FederationRule(best_n=1, min_tournaments=2)
    assert [(line.player, line.total) for line in player_ranking(results, rule)] == [("bob", 400)]


def test_decay_rollover_turns_one_thousand_into_eight_hundred() -> None:
    assert decayed(Fraction(1000), 1, Fraction(20, 100)) == 800
    assert decayed(Fraction(1000), 0, Fraction(20, 100)) == 1000
    # Last season's 1,000 (800 now) against this season's 900: the 900 is the best one.
    rule = FederationRule(best_n=1, min_tournaments=1, decay=Fraction(1, 5))
    results = [PlayerResult("ann", "old", Fraction(1000), age=1)]
    results.append(PlayerResult("ann", "new", Fraction(900), age=0))
    (line,) = player_ranking(results, rule)
    assert (line.total, line.counted) == (900, ("new",))
    # Without decay the old one is still the best.
    (line,) = player_ranking(results, FederationRule(best_n=1, min_tournaments=1))
    assert (line.total, line.counted) == (1000, ("old",))


def test_small_club_at_72_percent_ranks_above_a_bigger_one_at_65_7() -> None:
    # 18 of 25 = 72 %; 46 of 70 = 65.71… %.
    assert win_percentage(18, 25) == Fraction(72, 100)
    assert Fraction(657, 1000) < win_percentage(46, 70) < Fraction(658, 1000)
    lines = club_win_ranking({"Hélécine": (46, 70), "Gesves": (18, 25)})
    assert [(line.club, line.place) for line in lines] == [("Gesves", 1), ("Hélécine", 2)]
    assert win_percentage(0, 0) == 0


def test_clubs_rank_by_their_best_five_players() -> None:
    # A: six players 100 … 60 and 500: best five 500 + 100 + 90 + 80 + 70 = 840.
    # B: two players, 450 + 400 = 850.
    lines = club_points_ranking({"A": [60, 70, 80, 90, 100, 500], "B": [450, 400]})
    assert [(line.club, line.value) for line in lines] == [("B", 850), ("A", 840)]


@pytest.mark.parametrize(
    "rule, field",
    [
        (FederationRule(decay=Fraction(1)), "decay"),
        (FederationRule(decay=Fraction(-1, 10)), "decay"),
        (FederationRule(best_n=0), "best_n"),
        (FederationRule(step=-10), "step"),
        (FederationRule(step=0), "step"),
        (FederationRule(min_tournaments=0), "min_tournaments"),
        (FederationRule(best_m=0), "best_m"),
        (FederationRule(club_ranking="loudest"), "club_ranking"),
    ],
)
def test_rules_out_of_bounds_are_refused_naming_the_setting(
    rule: FederationRule, field: str
) -> None:
    with pytest.raises(InvalidRules) as error:
        check_rule(rule)
    assert error.value.field == field


entries = st.integers(min_value=1, max_value=60)


@given(n=entries, data=st.data(), step=st.integers(min_value=1, max_value=1000))
def test_a_better_place_never_gives_fewer_points(n: int, data: st.DataObject, step: int) -> None:
    better = data.draw(st.integers(min_value=1, max_value=n))
    worse = data.draw(st.integers(min_value=better, max_value=n))
    assert place_points(better, n, step) >= place_points(worse, n, step)


@given(
    st.lists(st.integers(min_value=1, max_value=8), min_size=1, max_size=12),
)
def test_with_ties_a_better_place_never_gives_fewer_points(groups: list[int]) -> None:
    places: list[tuple[tuple[int, ...], int]] = []
    place = 1
    for size in groups:
        places += [((len(places) + i,), place) for i in range(size)]
        place += size
    points = tournament_points(places)
    ordered = [points[players[0]] for players, _place in places]
    assert ordered == sorted(ordered, reverse=True)
    n = len(places)
    assert sum(ordered) == sum(10 * (n - p + 1) for p in range(1, n + 1))


points_st = st.fractions(min_value=0, max_value=1000, max_denominator=6)


@given(
    st.lists(st.tuples(points_st, st.integers(min_value=0, max_value=4)), max_size=25),
    st.tuples(points_st, st.integers(min_value=0, max_value=4)),
    st.integers(min_value=1, max_value=12),
    st.fractions(min_value=0, max_value=Fraction(99, 100), max_denominator=100),
)
def test_one_more_tournament_never_lowers_a_player(
    before: list[tuple[Fraction, int]],
    extra: tuple[Fraction, int],
    best_n: int,
    decay: Fraction,
) -> None:
    rule = FederationRule(best_n=best_n, min_tournaments=1, decay=decay)
    results = [PlayerResult("p", t, points, age) for t, (points, age) in enumerate(before)]
    more = [*results, PlayerResult("p", "extra", extra[0], extra[1])]
    total_before = sum((line.total for line in player_ranking(results, rule)), Fraction(0))
    (after,) = player_ranking(more, rule)
    assert after.total >= total_before
