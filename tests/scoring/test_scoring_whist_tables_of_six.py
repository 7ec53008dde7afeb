"""Whist tables of 5 and 6: who deals, who sits out (« le donneur » or « à tour de rôle toutes
les 4 donnes »), and a pool at a table of 6 (docs/rules/whist.md#tables-of-5-and-6)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import InvalidDeal, InvalidRules
from scoring.whist import score_deal, table_result, validate_rules
from scoring.whist_seats import deal_seats

SIX_DEALER = {"tables_of_five": True, "tables_of_six": True}
SIX_ROTATING = {**SIX_DEALER, "sit_out": "rotating"}


def deal(contract: str, declarers: list[int], tricks: object, **extra: object) -> dict[str, object]:
    return {"contract": contract, "declarers": declarers, "tricks": tricks, **extra}


@given(
    n=st.sampled_from([4, 5, 6]),
    first=st.integers(0, 5),
    rule=st.sampled_from(["dealer", "rotating"]),
)
def test_four_play_each_deal_and_the_morts_are_opposite(n: int, first: int, rule: str) -> None:
    first %= n
    sat_out: Counter[int] = Counter()
    dealt: Counter[int] = Counter()
    for k in range(12):
        dealer, out = deal_seats(n, k, first, rule)
        assert len(out) == n - 4 and len(set(out)) == len(out)
        if n == 6:
            assert out[1] - out[0] == 3  # opposite seats
        # The dealer sits out with « le donneur », plays « à tour de rôle ».
        assert (dealer in out) == (rule == "dealer" and n > 4)
        sat_out.update(out)
        dealt[dealer] += 1
    assert deal_seats(n, 0, first, rule)[0] == first  # the first dealer deals first
    if n == 6:  # 12 deals at a table of 6: everybody sits out 4, under either rule
        assert sat_out == dict.fromkeys(range(6), 4)
    if rule == "rotating" and n > 4:
        # The same seats sit out 4 deals in a row, then the next ones.
        assert [deal_seats(n, k, first, rule)[1] for k in range(4)] == [
            deal_seats(n, 0, first, rule)[1]
        ] * 4
        assert deal_seats(n, 4, first, rule)[1] != deal_seats(n, 3, first, rule)[1]


def test_rotating_every_four_deals_at_a_table_of_six() -> None:
    seats = [deal_seats(6, k, 0, "rotating") for k in range(12)]
    assert [out for _d, out in seats] == [(2, 5)] * 4 + [(0, 3)] * 4 + [(1, 4)] * 4
    assert [d for d, _out in seats] == [0, 1, 3, 4, 1, 2, 4, 5, 2, 3, 5, 0]


@settings(deadline=None, max_examples=60)
@given(
    rule=st.sampled_from([SIX_DEALER, SIX_ROTATING]),
    first=st.integers(0, 5),
    deals=st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 13)), max_size=12
    ),
)
def test_a_pool_at_six_sums_to_zero_and_the_morts_score_nothing(
    rule: dict[str, object], first: int, deals: list[tuple[int, int, int]]
) -> None:
    records = []
    for k, (a, b, tricks) in enumerate(deals):
        _dealer, out = deal_seats(6, k, first, str(rule.get("sit_out", "dealer")))
        playing = [s for s in range(6) if s not in out]
        partners = sorted({playing[a], playing[b]})
        if len(partners) == 1:
            partners.append(playing[(a + 1) % 4])
        records.append(deal("emballage_8", partners, tricks))
    result = table_result(records, rule, first_dealer=first, n_seats=6)
    assert sum(result.scores) == 0
    for k, points in enumerate(result.per_deal):
        _dealer, out = deal_seats(6, k, first, str(rule.get("sit_out", "dealer")))
        assert len(points) == 6 and sum(points) == 0
        assert all(points[s] == 0 for s in out)


def test_a_pool_at_six_names_who_sits_out() -> None:
    # « le donneur »: deal 1, dealer 0, seats 0 and 3 sit out; a solo by seat 1 made exactly.
    result = table_result([deal("solo_6", [1], 6)], SIX_DEALER, n_seats=6)
    assert result.per_deal == [[0, 6, -2, 0, -2, -2]]
    assert result.pending["next_dealer"] == 1
    # A player sitting out cannot declare.
    with pytest.raises(InvalidDeal) as info:
        table_result([deal("emballage_8", [3, 4], 8)], SIX_DEALER, n_seats=6)
    assert (info.value.code, info.value.params["seat"]) == ("seat_sitting_out", 3)
    # « à tour de rôle »: seats 2 and 5 sit out the first 4 deals, the dealer 0 plays.
    result = table_result([deal("emballage_8", [0, 1], 8)], SIX_ROTATING, n_seats=6)
    assert result.per_deal == [[2, 2, 0, -2, -2, 0]]
    with pytest.raises(InvalidDeal) as info:
        table_result([deal("emballage_8", [0, 2], 8)], SIX_ROTATING, n_seats=6)
    assert info.value.code == "seat_sitting_out"


def test_a_record_naming_its_morts() -> None:
    assert score_deal(deal("emballage_8", [1, 4], 8, sitting_out=[3, 0])) == [0, 2, -2, 0, 2, -2]
    for out in ([0, 2], [1], [0, 3, 4]):
        with pytest.raises(InvalidDeal):
            score_deal(deal("emballage_8", [1, 4], 8, sitting_out=out))
    with pytest.raises(InvalidDeal) as info:
        table_result([deal("emballage_8", [1, 4], 8, sitting_out=[1, 4])], SIX_DEALER, n_seats=6)
    assert info.value.code == "wrong_sitting_out"


def test_the_settings() -> None:
    assert validate_rules(None)["sit_out"] == "dealer"
    assert validate_rules(None)["tables_of_six"] is False
    with pytest.raises(InvalidRules) as info:
        validate_rules({"tables_of_six": True})
    assert info.value.field == "tables_of_six"
    with pytest.raises(InvalidRules):
        validate_rules({"sit_out": "random"})
    with pytest.raises(InvalidRules) as info:
        validate_rules(
            {
                **SIX_DEALER,
                "place_points_use": "added",
                "place_points": {"4": [90, 60, 30, 0], "5": [90, 60, 30, 0, 0]},
            }
        )
    assert info.value.field == "place_points"
