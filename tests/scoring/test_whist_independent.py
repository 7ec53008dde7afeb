"""Whist with the opponents' values typed independently of the declarer's (issue 37 §4,
RULES.md « Changes of 2026-11-28 », docs/rules/whist.md#scoring-model): the club's figures
(« solo 6, failed at 5: −15, +10 each »; « abondance 9, failed at 8: −30, +20 each »), each
player scoring exactly the values typed, and the zero-sum models still summing to zero.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_whist_models import ANY_VALUE, contract_row, deals, ruleset

from scoring import InvalidRules, whist
from scoring.whist_models import INDEPENDENT, SCORING_MODELS, ZERO_SUM_MODELS

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: A Kingen-and-whist club's table as it writes it: the declarer's value and each opponent's,
#: made and failed (the made figures are the club's too; the failed ones are RULES.md's).
CLUB_TABLE = {
    "scoring_model": INDEPENDENT,
    "counters": [],
    "contracts": [
        {
            "code": "solo_6",
            "points": 10,
            "points_failed": 15,
            "opponent_points": 5,
            "opponent_points_failed": 10,
            "declarers": [1, 1],
            "tricks": 6,
            "payout": "alone",
            "overtrick_cap": 8,
        },
        {
            "code": "abondance_9",
            "points": 20,
            "points_failed": 30,
            "opponent_points": 10,
            "opponent_points_failed": 20,
            "declarers": [1, 1],
            "tricks": 9,
            "payout": "alone",
        },
        {
            "code": "emballage_8",
            "points": 4,
            "points_failed": 6,
            "opponent_points": 3,
            "opponent_points_failed": 5,
            "declarers": [2, 2],
            "tricks": 8,
            "payout": "pair",
        },
    ],
}


def test_solo_6_failed_at_5_minus_15_plus_10_each() -> None:
    record = {"contract": "solo_6", "declarers": [1], "tricks": 5}
    assert whist.score_deal(record, CLUB_TABLE) == [10, -15, 10, 10]


def test_abondance_9_failed_at_8_minus_30_plus_20_each() -> None:
    record = {"contract": "abondance_9", "declarers": [3], "tricks": 8}
    assert whist.score_deal(record, CLUB_TABLE) == [20, 20, 20, -30]


def test_made_contracts_pay_each_opponent_the_typed_value() -> None:
    assert whist.score_deal({"contract": "solo_6", "declarers": [0], "tricks": 6}, CLUB_TABLE) == [
        10,
        -5,
        -5,
        -5,
    ]
    # Partners: each defender pays his own value, not the declarers' (the deal sums to 2).
    assert whist.score_deal(
        {"contract": "emballage_8", "declarers": [0, 2], "tricks": 8}, CLUB_TABLE
    ) == [4, -3, 4, -3]
    assert whist.score_deal(
        {"contract": "emballage_8", "declarers": [0, 2], "tricks": 7}, CLUB_TABLE
    ) == [-6, 5, -6, 5]


def test_a_table_of_5_the_seat_sitting_out_scores_nothing() -> None:
    record = {"contract": "solo_6", "declarers": [1], "tricks": 5, "sitting_out": 0}
    assert whist.score_deal(record, CLUB_TABLE) == [0, -15, 10, 10, 10]


def test_the_pool_adds_up_the_typed_values() -> None:
    records = [
        {"contract": "solo_6", "declarers": [1], "tricks": 5},
        {"contract": "abondance_9", "declarers": [3], "tricks": 8},
    ]
    result = whist.table_result(records, CLUB_TABLE)
    assert result.scores == [30, 5, 30, -20]


@pytest.mark.parametrize("model", [m for m in SCORING_MODELS if m != INDEPENDENT])
def test_opponents_values_are_refused_outside_the_independent_model(model: str) -> None:
    """Nothing typed is silently ignored: a zero-sum table refuses an opponent's value."""
    with pytest.raises(InvalidRules) as caught:
        whist.validate_rules({**CLUB_TABLE, "scoring_model": model})
    assert caught.value.params["rule"] == "opponent_values_model"


def test_nothing_is_shared_so_nothing_must_divide_by_three() -> None:
    rules = {**CLUB_TABLE, "contracts": [{**CLUB_TABLE["contracts"][0], "points": 7}]}
    whist.validate_rules(rules)  # 7 and 15 accepted: no third to share


@st.composite
def independent_row(draw: st.DrawFn) -> dict[str, Any]:
    row = draw(contract_row(made=ANY_VALUE))
    return {
        **row,
        "points_failed": draw(ANY_VALUE),
        "undertrick": draw(ANY_VALUE),
        "opponent_points": draw(ANY_VALUE),
        "opponent_points_failed": draw(ANY_VALUE),
    }


@SETTINGS
@given(independent_row())
def test_each_player_gets_exactly_the_typed_values(row: dict[str, Any]) -> None:
    """Each declarer scores his row's value for his tricks, whatever the opponents' values;
    each opponent, against each declarer alone, exactly ``-opponent_points`` when that
    declarer made it or ``+opponent_points_failed`` when he failed."""
    rules = ruleset(row, INDEPENDENT)
    unpaid = ruleset({**row, "opponent_points": 0, "opponent_points_failed": 0}, INDEPENDENT)
    for record, seats in deals(row):
        points = whist.score_deal(record, rules)
        # The declarers' values: the same record with the opponents' values at 0 (each
        # declarer alone then scores his own value only).
        values = {seat: whist.score_deal(record, unpaid)[seat] for seat in seats}
        expected = [values.get(seat, 0) for seat in range(4)]
        sellers = seats if row["payout"] == "alone" else seats[:1]
        for declarer in sellers:
            x = values[declarer]
            typed = -row["opponent_points"] if x >= 0 else row["opponent_points_failed"]
            for seat in range(4):
                if seat not in seats or (row["payout"] == "alone" and seat != declarer):
                    expected[seat] += typed
        assert points == expected


@SETTINGS
@pytest.mark.parametrize("model", ZERO_SUM_MODELS)
@given(row=contract_row())
def test_every_zero_sum_model_still_sums_to_zero(model: str, row: dict[str, Any]) -> None:
    for record, _seats in deals(row):
        assert sum(whist.score_deal(record, ruleset(row, model))) == 0
