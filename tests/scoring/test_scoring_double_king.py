"""Double King: single games, round checks, partial rounds, classification."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring import InvalidDeal
from scoring.double_king import classification_key, score_deal, table_result
from scoring.ranking import RoundLine

NEG = ["tricks", "hearts", "queens", "jacks_kings", "king_of_hearts", "seventh_last"]


def game(code: str) -> dict[str, object]:
    """A valid record of the given game."""
    if code == "king_of_hearts":
        return {"game": code, "taker": 1}
    if code == "seventh_last":
        return {"game": code, "seventh": 0, "last": 3}
    totals = {"tricks": 13, "hearts": 13, "queens": 4, "jacks_kings": 8, "trump": 13}
    t = totals[code]
    return {"game": code, "taken": [t, 0, 0, 0]}


def full_round(first_dealer: int = 0) -> list[dict[str, object]]:
    """20 games: seat s deals its 3 negatives then its 2 trumps, in rotation."""
    choices = {s: [NEG[(3 * s + i) % 6] for i in range(3)] + ["trump", "trump"] for s in range(4)}
    records = []
    for k in range(20):
        dealer = (first_dealer + k) % 4
        rec = game(choices[dealer].pop(0))
        rec["dealer"] = dealer
        records.append(rec)
    return records


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        ({"game": "tricks", "taken": [3, 4, 5, 1]}, [-3, -4, -5, -1]),
        ({"game": "hearts", "taken": [0, 13, 0, 0]}, [0, -13, 0, 0]),
        ({"game": "jacks_kings", "taken": [2, 2, 2, 2]}, [-2, -2, -2, -2]),
        ({"game": "king_of_hearts", "taker": 2}, [0, 0, -5, 0]),
        ({"game": "seventh_last", "seventh": 0, "last": 3}, [-2, 0, 0, -3]),
        ({"game": "trump", "taken": [5, 3, 3, 2]}, [5, 3, 3, 2]),
        ({"game": "hearts", "penalty": 3}, [0, 0, 0, -13]),
        ({"game": "queens", "penalty": 0}, [-8, 0, 0, 0]),
        ({"game": "king_of_hearts", "penalty": 0, "dealer": 0}, [-5, 0, 0, 0]),
    ],
)
def test_games(record: dict[str, object], expected: list[int]) -> None:
    assert score_deal(record) == expected


@pytest.mark.parametrize(
    ("record", "code", "field"),
    [
        ({"game": "tricks", "taken": [3, 4, 5]}, "wrong_length", "taken"),
        ({"game": "tricks", "taken": [3, 4, 5, 2]}, "wrong_total", "taken"),
        ({"game": "queens", "taken": [-1, 5, 0, 0]}, "negative_count", "taken"),
        ({"game": "queens", "taken": [5, 0, 0, -1]}, "count_too_high", "taken"),
        ({"game": "queens", "taken": [1.0, 1, 1, 1]}, "not_an_integer", "taken"),
        ({"game": "queens", "taken": [True, 1, 1, 1]}, "not_an_integer", "taken"),
        ({"game": "spades", "taken": [13, 0, 0, 0]}, "unknown_game", "game"),
        ({"taken": [13, 0, 0, 0]}, "missing_field", "game"),
        ({"game": "king_of_hearts", "taker": 4}, "bad_seat", "taker"),
        ({"game": "king_of_hearts"}, "missing_field", "taker"),
        ({"game": "king_of_hearts", "taker": 1, "taken": [0, 1, 0, 0]}, "unknown_field", "taken"),
        ({"game": "seventh_last", "seventh": -1, "last": 0}, "bad_seat", "seventh"),
        ({"game": "trump", "penalty": 7}, "bad_seat", "penalty"),
        ({"game": "trump", "penalty": 1, "taken": [13, 0, 0, 0]}, "unknown_field", "taken"),
        ({"game": "trump", "taken": [13, 0, 0, 0], "dealer": 9}, "bad_seat", "dealer"),
        ([1, 2, 3], "not_a_mapping", None),
    ],
)
def test_invalid_games(record: object, code: str, field: str | None) -> None:
    with pytest.raises(InvalidDeal) as info:
        score_deal(record)  # type: ignore[arg-type]
    assert (info.value.code, info.value.field) == (code, field)


def test_trump_penalty_is_a_setting() -> None:
    assert score_deal({"game": "trump", "penalty": 0}, {"trump_penalty": [-9, 3]}) == [-9, 3, 3, 3]


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_complete_round_sums_to_zero_and_ranks(first: int) -> None:
    result = table_result(full_round(first), first_dealer=first)
    assert result.complete
    assert sum(result.scores) == 0
    assert result.place_points is not None
    assert sum(result.place_points) == 40
    assert result.pending["games_left"] == 0
    assert result.pending["negative_games_left"] == {}
    assert result.pending["negatives_left"] == [0, 0, 0, 0]


def test_partial_round_reports_what_is_left() -> None:
    records = full_round()[:6]  # seats 0,1,2,3,0,1 each chose one, seats 0 and 1 two
    result = table_result(records)
    assert not result.complete
    assert result.place_points is None
    assert result.pending["negatives_left"] == [1, 1, 2, 2]
    assert result.pending["trumps_left"] == [2, 2, 2, 2]
    assert result.pending["next_dealer"] == 2
    assert result.pending["games_left"] == 14
    left = result.pending["negative_games_left"]
    assert isinstance(left, dict)
    assert sum(v for v in left.values() if isinstance(v, int)) == 6


def test_dealer_must_follow_rotation() -> None:
    records = full_round()[:3]
    records[2]["dealer"] = 3
    with pytest.raises(InvalidDeal) as info:
        table_result(records)
    err = info.value
    assert (err.code, err.field, err.params) == (
        "wrong_dealer",
        "dealer",
        {"expected": 2, "got": 3, "deal": 2},
    )


def test_third_trump_is_refused() -> None:
    by_deal = {
        0: "tricks",
        2: "jacks_kings",
        3: "seventh_last",
        4: "hearts",
        6: "king_of_hearts",
        7: "tricks",
        8: "queens",
    }
    records = [game(by_deal.get(k, "trump")) for k in range(10)]  # seat 1 deals 1, 5, 9
    with pytest.raises(InvalidDeal) as info:
        table_result(records)
    assert info.value.code == "trump_quota_exceeded"
    assert info.value.field == "game"
    assert info.value.params == {"seat": 1, "max": 2, "deal": 9}


def test_fourth_negative_game_is_refused() -> None:
    by_deal = {
        0: "tricks",
        4: "hearts",
        8: "queens",
        9: "seventh_last",
        10: "king_of_hearts",
        11: "tricks",
        12: "jacks_kings",
    }
    records = [game(by_deal.get(k, "trump")) for k in range(13)]  # seat 0 deals 0, 4, 8, 12
    with pytest.raises(InvalidDeal) as info:
        table_result(records)
    assert info.value.code == "negative_quota_exceeded"
    assert info.value.params == {"seat": 0, "max": 3, "deal": 12}
    # the same twelve first games are a valid partial round
    partial = table_result(records[:12])
    assert partial.pending["negatives_left"] == [0, 2, 2, 2]
    assert partial.pending["trumps_left"] == [2, 0, 0, 0]


def test_negative_game_a_third_time_is_refused() -> None:
    records = [game("queens"), game("queens"), game("queens")]
    with pytest.raises(InvalidDeal) as info:
        table_result(records)
    assert info.value.code == "game_played_too_often"
    assert info.value.params == {"game": "queens", "max": 2, "deal": 2}


def test_twenty_first_game_is_refused() -> None:
    with pytest.raises(InvalidDeal) as info:
        table_result([*full_round(), game("trump")])
    assert info.value.code == "too_many_games"
    assert info.value.params["deal"] == 20


def test_penalty_lines_score_but_do_not_count() -> None:
    records = full_round()
    records.insert(3, {"game": "hearts", "penalty": 1, "dealer": 3})
    result = table_result(records)
    assert result.complete
    assert sum(result.scores) == -13
    assert result.per_deal[3] == [0, -13, 0, 0]


def test_penalty_line_dealer_is_the_current_dealer() -> None:
    records = [*full_round()[:3], {"game": "hearts", "penalty": 1, "dealer": 0}]
    with pytest.raises(InvalidDeal) as info:
        table_result(records)
    assert info.value.code == "wrong_dealer"
    assert info.value.params["expected"] == 3


def test_dealer_at_fault_must_choose_trump() -> None:
    records = [{"game": "tricks", "penalty": 0}, game("tricks")]
    with pytest.raises(InvalidDeal) as info:
        table_result(records)
    assert info.value.code == "dealer_must_choose_trump"
    assert info.value.params == {"seat": 0, "deal": 1}
    # not when another player was at fault
    assert not table_result([{"game": "tricks", "penalty": 2}, game("tricks")]).complete
    # the redeal as trump is fine and counts against the quota
    result = table_result([{"game": "tricks", "penalty": 0}, game("trump")])
    assert result.pending["trumps_left"] == [1, 2, 2, 2]
    assert result.pending["dealer_must_choose_trump"] is False
    # and the setting can lift the obligation
    table_result(
        [{"game": "tricks", "penalty": 0}, game("tricks")],
        {"dealer_penalty_forces_trump": False},
    )


def test_penalty_can_count_as_one_of_the_twenty_games() -> None:
    rules = {"penalty_counts_as_game": True}
    records = full_round()
    records[0] = {"game": records[0]["game"], "penalty": 2, "dealer": 0}
    result = table_result(records, rules)
    assert result.complete
    with pytest.raises(InvalidDeal) as info:
        table_result([*full_round()[:1], {"game": "trump", "penalty": 0, "dealer": 0}], rules)
    assert info.value.code == "wrong_dealer"


def test_table_size_and_first_dealer_checked() -> None:
    with pytest.raises(InvalidDeal) as info:
        table_result([], n_seats=5)
    assert info.value.code == "bad_table_size"
    with pytest.raises(InvalidDeal) as info:
        table_result([], first_dealer=4)
    assert info.value.code == "bad_seat"


def test_place_points_table_is_a_setting() -> None:
    result = table_result(full_round(), {"place_points": [90, 60, 30, 0]})
    assert result.place_points is not None
    assert sum(result.place_points) == 180


def test_classification_key_tie_breaks() -> None:
    a = [RoundLine(20, Fraction(16)), RoundLine(-30, Fraction(4))]
    b = [RoundLine(0, Fraction(10)), RoundLine(-10, Fraction(10))]
    c = [RoundLine(-5, Fraction(10)), RoundLine(-5, Fraction(10))]
    assert classification_key(a) == (20, -10, 20)
    assert classification_key(b) == (20, -10, 0)
    assert classification_key(a) > classification_key(b) > classification_key(c)
    assert classification_key(a, {"tiebreaks": ["best_round"]}) == (20, 20)
