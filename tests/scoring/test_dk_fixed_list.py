"""Double King, a round as a fixed list of games (issue 37 §4, RULES.md « Changes of
2026-11-28 », docs/rules/double_king.md#a-round-as-a-fixed-list-of-games): Kingen at KG
Heverlee, 10 deals, each negative game once in a fixed order then 4 trump games, one per
player; 52 penalty points, 52 bonus points, a round summing to 0."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import InvalidDeal, InvalidRules, double_king

NEGATIVES = ["tricks", "hearts", "queens", "jacks_kings", "king_of_hearts", "seventh_last"]
KINGEN = {"fixed_games": [*NEGATIVES, "trump", "trump", "trump", "trump"]}


def play(code: str, rng: random.Random) -> dict[str, object]:
    """A random game of ``code`` (a record the engine accepts)."""
    kind = double_king.KINDS[code]
    if kind.unit:
        taken = [0] * 4
        for _unit in range(kind.units):
            taken[rng.randrange(4)] += 1
        return {"game": code, "taken": taken}
    if code == "king_of_hearts":
        return {"game": code, "taker": rng.randrange(4)}
    return {"game": code, "seventh": rng.randrange(4), "last": rng.randrange(4)}


def kingen_round(seed: int, first_dealer: int = 0) -> list[dict[str, object]]:
    rng = random.Random(seed)
    return [
        {**play(code, rng), "dealer": (first_dealer + k) % 4}
        for k, code in enumerate(KINGEN["fixed_games"])
    ]


def test_kingen_52_penalty_points_52_bonus_points() -> None:
    rules = double_king.validate_rules(KINGEN)
    totals = [double_king.game_total(code, rules) for code in KINGEN["fixed_games"]]
    assert sum(t for t in totals if t < 0) == -52
    assert sum(t for t in totals if t > 0) == 52
    assert double_king.played_games(rules) == [*NEGATIVES, "trump"]


def test_a_kingen_round_of_10_deals_sums_to_0() -> None:
    records = kingen_round(seed=7, first_dealer=2)
    result = double_king.table_result(records, KINGEN, first_dealer=2)
    assert result.complete
    assert len(result.per_deal) == 10
    assert sum(result.scores) == 0
    assert sum(p for deal in result.per_deal[:6] for p in deal) == -52
    assert sum(p for deal in result.per_deal[6:] for p in deal) == 52
    assert result.place_points is not None


def test_the_four_trump_games_are_one_per_player() -> None:
    result = double_king.table_result(kingen_round(seed=1)[:6], KINGEN)
    assert result.pending["next_game"] == "trump"
    assert result.pending["trumps_left"] == [1, 1, 1, 1]
    assert result.pending["negative_games_left"] == {}


def test_the_sheet_knows_the_next_game() -> None:
    result = double_king.table_result(kingen_round(seed=1)[:2], KINGEN)
    assert (result.pending["next_game"], result.pending["next_dealer"]) == ("queens", 2)
    assert result.pending["negative_games_left"] == {code: 1 for code in NEGATIVES[2:]}


def test_another_game_than_the_list_s_next_is_refused() -> None:
    records = kingen_round(seed=1)[:2]
    records.append({"game": "trump", "taken": [4, 3, 3, 3], "dealer": 2})
    with pytest.raises(InvalidDeal) as caught:
        double_king.table_result(records, KINGEN)
    error = caught.value
    assert (error.code, error.field) == ("not_the_listed_game", "game")
    assert error.params == {"game": "queens", "got": "trump", "number": 3, "deal": 2}


def test_a_penalty_line_is_of_the_game_being_dealt() -> None:
    records = [{"game": "hearts", "penalty": 1, "dealer": 0}]
    with pytest.raises(InvalidDeal) as caught:
        double_king.table_result(records, KINGEN)
    assert caught.value.code == "not_the_listed_game"
    # A penalty in the listed game: redealt (the same game, the same dealer), by default.
    records = [{"game": "tricks", "penalty": 1, "dealer": 0}, *kingen_round(seed=3)]
    result = double_king.table_result(records, KINGEN)
    assert result.complete
    assert result.per_deal[0] == [0, -13, 0, 0]
    assert sum(result.scores) == -13  # the penalty's 13 on top of a round summing to 0


def test_a_penalty_line_that_counts_takes_the_slot() -> None:
    rules = {**KINGEN, "penalty_counts_as_game": True}
    records = [{"game": "tricks", "penalty": 0, "dealer": 0}]
    result = double_king.table_result(records, rules)
    # The dealer at fault: the next slot is the list's next game, another seat's deal.
    assert (result.pending["next_game"], result.pending["next_dealer"]) == ("hearts", 1)
    assert not result.pending["dealer_must_choose_trump"]


def test_too_many_games() -> None:
    records = [*kingen_round(seed=1), {"game": "trump", "taken": [4, 3, 3, 3], "dealer": 2}]
    with pytest.raises(InvalidDeal) as caught:
        double_king.table_result(records, KINGEN)
    assert caught.value.code == "too_many_games" and caught.value.params["max"] == 10


@pytest.mark.parametrize(
    ("fixed", "rule"),
    [
        ([*NEGATIVES, "trump", "trump", "trump"], "fixed_trumps_uneven"),
        ([*NEGATIVES, "trump", "trump", "trump", "trump", "tricks"], "round_not_zero_sum"),
        (["tricks"] * 21, "fixed_too_long"),
        ([*NEGATIVES[:5], "seven", "trump", "trump", "trump", "trump"], "fixed_unknown_game"),
    ],
)
def test_the_list_keeps_the_frame(fixed: list[str], rule: str) -> None:
    with pytest.raises(InvalidRules) as caught:
        double_king.validate_rules({"fixed_games": fixed})
    assert (caught.value.field, caught.value.params["rule"]) == ("fixed_games", rule)


def test_a_game_the_list_leaves_out_is_not_played() -> None:
    """A record alone is checked as its round checks it (« Every record is checked alone »)."""
    rules = {"fixed_games": [*NEGATIVES[:5], "king_of_hearts", "trump", "trump", "trump", "trump"]}
    rules["game_values"] = {**double_king.DEFAULT_RULES["game_values"], "king_of_hearts": -5}
    double_king.validate_rules(rules)  # -13-13-8-8-5-5 = -52 against 52
    with pytest.raises(InvalidDeal) as caught:
        double_king.score_deal({"game": "seventh_last", "seventh": 0, "last": 1}, rules)
    assert caught.value.code == "game_not_played"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), first_dealer=st.integers(0, 3), penalties=st.integers(0, 3))
def test_every_kingen_round_sums_to_0_and_the_dealer_turns(
    seed: int, first_dealer: int, penalties: int
) -> None:
    """Whatever the cards and the trump penalties (each line sums to 0), a complete round
    sums to 0; the k-th game is dealt by first_dealer + k."""
    rng = random.Random(seed)
    at = {rng.randrange(6, 10) for _n in range(penalties)}  # before some trump games
    records: list[dict[str, object]] = []
    for k, record in enumerate(kingen_round(seed, first_dealer)):
        if k in at:  # a trump penalty line (sums to 0), its game redealt by the same dealer
            records.append(
                {"game": "trump", "penalty": rng.randrange(4), "dealer": record["dealer"]}
            )
        records.append(record)
    result = double_king.table_result(records, KINGEN, first_dealer=first_dealer)
    assert result.complete
    assert sum(result.scores) == 0
    games = [r for r in records if "penalty" not in r]
    assert [r["dealer"] for r in games] == [(first_dealer + k) % 4 for k in range(10)]
