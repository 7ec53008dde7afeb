"""A club's own whist contract table (issue 24): whatever rows the rules page lets through,
``scoring.whist`` accepts only rows whose every deal sums to zero (the default model), and a
row it refuses names the row."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import InvalidDeal, whist

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def contract_row(draw: st.DrawFn) -> dict[str, Any]:
    payout = draw(st.sampled_from(["alone", "pair"]))
    per_declarer = payout == "alone" and draw(st.booleans())
    low = draw(st.integers(1, 4))
    declarers = [low, draw(st.integers(low, 4))]
    if payout == "pair" and draw(st.booleans()):
        declarers = [2, 2]  # mostly rows the engine accepts, some it refuses
    thirds = st.integers(0, whist.POINTS_MAX // 3).map(lambda v: 3 * v)
    value = thirds if draw(st.booleans()) else st.integers(0, whist.POINTS_MAX)
    return {
        "code": "club_contract",
        "name_fr": draw(st.text(min_size=1, max_size=20)),
        "name_nl": "Vraag",  # any site language's name is accepted
        "points": draw(value),
        "points_failed": draw(st.none() | value),
        "declarers": declarers,
        "tricks": draw(st.integers(0, whist.TRICKS)),
        "exact": draw(st.booleans()),
        "payout": payout,
        "tricks_per_declarer": per_declarer,
        "overtrick": draw(value),
        "overtrick_cap": draw(st.integers(0, whist.TRICKS)),
        "undertrick": draw(value),
        "capo_bonus": draw(value),
        "capo_multiplier": draw(st.integers(1, 10)),
    }


@SETTINGS
@given(contract_row())
def test_an_accepted_row_scores_every_deal_to_zero(row: dict[str, Any]) -> None:
    rules = {"contracts": [row], "counters": []}
    try:
        whist.validate_rules(rules)
    except InvalidDeal as error:
        assert str(error.params.get("key", "")).startswith("contracts[0]")
        return
    contract = whist.contract_table(rules)[0]
    for n in range(contract.declarers[0], contract.declarers[1] + 1):
        declarers = list(range(n))
        counts = range(min(contract.overtrick_cap, whist.TRICKS) + 1)
        for taken in counts:
            tricks: Any = [0] * (n - 1) + [taken] if contract.tricks_per_declarer else taken
            record = {"contract": "club_contract", "declarers": declarers, "tricks": tricks}
            assert sum(whist.score_deal(record, rules)) == 0


@pytest.mark.parametrize(
    ("column", "value"),
    [("points", 10), ("points_failed", 7), ("undertrick", 4), ("capo_bonus", 1)],
)
def test_a_one_declarer_value_the_opponents_cannot_share_is_refused(column, value) -> None:
    row = {
        "code": "solo_5",
        "name_fr": "Solo 5",
        "points": 6,
        "declarers": [1, 1],
        "tricks": 5,
        "payout": "alone",
        column: value,
    }
    with pytest.raises(InvalidDeal) as error:
        whist.validate_rules({"contracts": [row], "counters": []})
    assert error.value.params["key"] == "contracts[0]"


def test_iwwa_solo_5() -> None:
    row = {
        "code": "solo_5",
        "name_fr": "Solo 5",
        "points": 6,
        "points_failed": 6,
        "undertrick": 6,
        "declarers": [1, 1],
        "tricks": 5,
        "payout": "alone",
    }
    rules = {"contracts": [row], "counters": []}
    scores = [
        whist.score_deal({"contract": "solo_5", "declarers": [0], "tricks": t}, rules)
        for t in (5, 4, 3)
    ]
    assert scores == [[6, -2, -2, -2], [-12, 4, 4, 4], [-18, 6, 6, 6]]
