"""The whist scoring models (issue 24 §1, docs/rules/whist.md#scoring-model): each model's stated
invariant over every row a club's table may hold, and what each model refuses.

- ``zero_sum`` (default): every deal sums to zero.
- ``on_failure``: a made contract pays its declarers only (the opponents score 0); a failed one
  sums to zero; the opponents never lose points.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import InvalidDeal, whist
from scoring.whist_models import ON_FAILURE, SCORING_MODELS, ZERO_SUM

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
THIRDS = st.integers(0, whist.POINTS_MAX // 3).map(lambda v: 3 * v)
ANY_VALUE = st.integers(0, whist.POINTS_MAX)


@st.composite
def contract_row(draw: st.DrawFn, made: st.SearchStrategy[int] = THIRDS) -> dict[str, Any]:
    """A row the engine accepts in the ``on_failure`` model (``made``: its made values);
    in the zero-sum model too when they divide by 3."""
    payout = draw(st.sampled_from(["alone", "pair"]))
    if payout == "pair":
        declarers, per_declarer = [2, 2], False
    else:
        per_declarer = draw(st.booleans())
        low = draw(st.integers(1, 4)) if per_declarer else 1
        declarers = [low, draw(st.integers(low, 4)) if per_declarer else 1]
    return {
        "code": "club_contract",
        "name_fr": "Contrat du club",
        "points": draw(made),
        "points_failed": draw(THIRDS),
        "declarers": declarers,
        "tricks": draw(st.integers(0, whist.TRICKS)),
        "exact": draw(st.booleans()),
        "payout": payout,
        "tricks_per_declarer": per_declarer,
        "overtrick": draw(made),
        "overtrick_cap": draw(st.integers(0, whist.TRICKS)),
        "undertrick": draw(THIRDS),
        "capo_bonus": draw(made),
        "capo_multiplier": draw(st.integers(1, 10)),
    }


def ruleset(row: dict[str, Any], model: str) -> dict[str, Any]:
    return {"contracts": [row], "counters": [], "scoring_model": model}


def deals(row: dict[str, Any], *, same_tricks: bool = False):
    """Every deal of the row at a table of 4: each number of declarers, each trick count
    (the misère family: the last declarer's count, the others 0; ``same_tricks``: all the
    same count). Yields the record and the declarers' seats."""
    low, high = row["declarers"]
    cap = min(row["overtrick_cap"], whist.TRICKS)
    for n in range(low, high + 1):
        seats = list(range(n))
        for taken in range(cap + 1):
            if not row["tricks_per_declarer"]:
                tricks: Any = taken
            elif same_tricks:
                if n * taken > whist.TRICKS:
                    continue
                tricks = [taken] * n
            else:
                tricks = [0] * (n - 1) + [taken]
            yield {"contract": "club_contract", "declarers": seats, "tricks": tricks}, seats


@SETTINGS
@given(contract_row())
def test_zero_sum_every_deal_sums_to_zero(row: dict[str, Any]) -> None:
    rules = ruleset(row, ZERO_SUM)
    for record, _seats in deals(row):
        assert sum(whist.score_deal(record, rules)) == 0


@SETTINGS
@given(contract_row(made=ANY_VALUE))
def test_on_failure_a_made_contract_pays_its_declarers_only(row: dict[str, Any]) -> None:
    rules = ruleset(row, ON_FAILURE)
    for record, seats in deals(row, same_tricks=True):
        points = whist.score_deal(record, rules)
        declared = [points[s] for s in seats]
        others = [p for s, p in enumerate(points) if s not in seats]
        assert all(p >= 0 for p in others)  # the opponents never lose points
        if all(p > 0 for p in declared):  # made: only the declarers score
            assert others == [0] * len(others)
            assert sum(points) == sum(declared)
        elif all(p < 0 for p in declared):  # failed: the opponents receive what they pay
            assert sum(points) == 0


@SETTINGS
@given(contract_row(made=ANY_VALUE))
def test_on_failure_a_deal_never_sums_below_zero(row: dict[str, Any]) -> None:
    """Several declarers alone, one made and the others failed: still no opponent loses,
    and the deal sums to what the made declarers win."""
    rules = ruleset(row, ON_FAILURE)
    for record, seats in deals(row):
        points = whist.score_deal(record, rules)
        assert sum(points) >= 0
        assert all(p >= 0 for s, p in enumerate(points) if s not in seats)


@SETTINGS
@given(contract_row())
def test_the_models_differ_only_in_what_a_made_contract_costs_the_opponents(
    row: dict[str, Any],
) -> None:
    """One declarer or partners: the declarers score the same in both models; an opponent
    scores his zero-sum points when he gains, 0 when the zero-sum model makes him pay."""
    if row["tricks_per_declarer"] and row["declarers"] != [1, 1]:
        row = {**row, "declarers": [1, 1]}
    for record, seats in deals(row):
        zero_sum = whist.score_deal(record, ruleset(row, ZERO_SUM))
        on_failure = whist.score_deal(record, ruleset(row, ON_FAILURE))
        for seat, (zs, of) in enumerate(zip(zero_sum, on_failure, strict=True)):
            assert of == (zs if seat in seats else max(zs, 0))


@pytest.mark.parametrize("model", SCORING_MODELS)
def test_a_renege_sums_to_zero_in_both_models(model: str) -> None:
    rules = {"scoring_model": model}
    record = {"contract": "emballage_9", "declarers": [0, 2], "renege": 1}
    assert whist.score_deal(record, rules) == [4, -12, 4, 4]


def solo(**values: int) -> dict[str, Any]:
    return {
        "code": "solo_5",
        "name_fr": "Solo 5",
        "points": 6,
        "points_failed": 6,
        "undertrick": 6,
        "declarers": [1, 1],
        "tricks": 5,
        "payout": "alone",
        **values,
    }


@pytest.mark.parametrize("column", ["points", "overtrick", "capo_bonus"])
def test_a_made_value_the_opponents_cannot_share_is_for_on_failure_only(column: str) -> None:
    row = solo(**{column: 10})
    with pytest.raises(InvalidDeal) as error:
        whist.validate_rules(ruleset(row, ZERO_SUM))
    assert error.value.params["key"] == "contracts[0]"
    assert error.value.params["column"] == column
    rules = ruleset(row, ON_FAILURE)
    whist.validate_rules(rules)
    made = whist.score_deal({"contract": "solo_5", "declarers": [2], "tricks": 5}, rules)
    assert made == [0, 0, 10 if column == "points" else 6, 0]


@pytest.mark.parametrize(
    "row",
    [solo(points_failed=10), solo(undertrick=4), solo(points=10, points_failed=None)],
    ids=["points_failed", "undertrick", "failed_as_made"],
)
def test_on_failure_a_failed_value_still_divides_by_three(row: dict[str, Any]) -> None:
    with pytest.raises(InvalidDeal) as error:
        whist.validate_rules(ruleset(row, ON_FAILURE))
    assert error.value.params["key"] == "contracts[0]"


def test_on_failure_a_counter_paid_on_failure_divides_by_three() -> None:
    rules = {"scoring_model": ON_FAILURE, "counters": [*whist.CHEVALERIE_COUNTERS]}
    rules["counters"][2] = {"contract": "solo_8", "against": "petite_misere", "points": 20}
    with pytest.raises(InvalidDeal) as error:
        whist.validate_rules(rules)
    assert error.value.params["key"] == "counters[2]"
    rules["counters"][2] = {**rules["counters"][2], "points_failed": 18}
    record = {"contract": "solo_8", "declarers": [0], "tricks": 8, "against": "petite_misere"}
    assert whist.score_deal(record, rules) == [20, 0, 0, 0]
    assert whist.score_deal({**record, "tricks": 7}, rules) == [-21, 7, 7, 7]


def test_iwwa_solo_5_opponents_paid_on_failure() -> None:
    """Made +6 (and +6 an overtrick) with nothing to the opponents; one down −12/+4, two
    down −18/+6: only what the made contract cost them differs from the zero-sum model."""
    rules = ruleset(solo(overtrick=6), ON_FAILURE)
    scores = [
        whist.score_deal({"contract": "solo_5", "declarers": [0], "tricks": t}, rules)
        for t in (5, 6, 4, 3)
    ]
    assert scores == [[6, 0, 0, 0], [12, 0, 0, 0], [-12, 4, 4, 4], [-18, 6, 6, 6]]


def test_the_pool_adds_up_the_model_s_deals() -> None:
    deals_ = [
        {"contract": "emballage_8", "declarers": [0, 2], "tricks": 9},  # made: +3 +3
        {"contract": "solo_8", "declarers": [1], "tricks": 7},  # failed: −21 and +7 each
    ]
    result = whist.table_result(deals_, {"scoring_model": ON_FAILURE})
    assert result.per_deal == [[3, 0, 3, 0], [7, -21, 7, 7]]
    assert result.scores == [10, -21, 10, 7]
    assert whist.table_result(deals_).scores == [10, -24, 10, 4]  # zero-sum: −3 each, +7 each


def test_an_unknown_model_is_refused() -> None:
    with pytest.raises(InvalidDeal) as error:
        whist.validate_rules({"scoring_model": "winner_takes_all"})
    assert error.value.params["key"] == "scoring_model"


def test_the_default_model_is_zero_sum() -> None:
    assert whist.default_rules()["scoring_model"] == ZERO_SUM
