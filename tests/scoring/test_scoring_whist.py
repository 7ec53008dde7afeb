"""Whist « La Chevalerie »: payouts, counters, renege, capo, pools, tables as data."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from scoring import InvalidDeal, InvalidRules
from scoring.ranking import RoundLine
from scoring.whist import (
    CHEVALERIE_CONTRACTS,
    classification_key,
    default_rules,
    score_deal,
    table_result,
)


def deal(contract: str, declarers: list[int], tricks: object, **extra: object) -> dict[str, object]:
    return {"contract": contract, "declarers": declarers, "tricks": tricks, **extra}


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # emballage: +1 per overtrick, -1 per trick short (Default), per player
        (deal("emballage_8", [0, 2], 8), [2, -2, 2, -2]),
        (deal("emballage_8", [0, 2], 10), [4, -4, 4, -4]),
        (deal("emballage_8", [0, 2], 6), [-4, 4, -4, 4]),
        (deal("emballage_13", [0, 3], 13), [30, -30, -30, 30]),  # announced capo: no bonus
        (deal("emballage_12", [1, 2], 13), [-27, 27, 27, -27]),  # 21 + 1 + 5
        (deal("emballage_13", [0, 3], 12), [-31, 31, 31, -31]),
        # solo: +-3 per trick, counted up to 8
        (deal("solo_6", [2], 6), [-2, -2, 6, -2]),
        (deal("solo_6", [2], 8), [-4, -4, 12, -4]),
        (deal("solo_7", [0], 4), [-21, 7, 7, 7]),
        (deal("solo_8", [3], 8), [-6, -6, -6, 18]),
        # trou: flat when made, -1 per trick short, capo doubled
        (deal("trou", [0, 1], 10), [6, 6, -6, -6]),
        (deal("trou", [0, 1], 7), [-7, -7, 7, 7]),
        (deal("trou_royal", [2, 3], 9), [-6, -6, 6, 6]),
        # abondance, schlems: flat
        (deal("abondance_9", [1], 10), [-9, 27, -9, -9]),
        (deal("abondance_10", [1], 9), [10, -30, 10, 10]),
        (deal("petit_schlem", [0], 12), [90, -30, -30, -30]),
        (deal("grand_schlem", [0], 12), [-120, 40, 40, 40]),
        # misère family: one count per declarer, exact contracts
        (deal("piccolo", [2], [1]), [-8, -8, 24, -8]),
        (deal("piccolo", [2], [0]), [8, 8, -24, 8]),
        (deal("piccolo", [0, 2], [1, 2]), [32, 0, -32, 0]),
        (deal("grande_misere", [0, 1, 2], [0, 0, 0]), [12, 12, 12, -36]),
        # counters
        (deal("solo_8", [0], 8, against="petite_misere"), [18, -6, -6, -6]),
        (deal("emballage_10", [0, 2], 10, against="petite_misere"), [9, -9, 9, -9]),
        (deal("solo_8", [0], 8, against="piccolo"), [24, -8, -8, -8]),
        (deal("emballage_11", [1, 3], 11, against="piccolo"), [-12, 12, -12, 12]),
        (deal("emballage_11", [1, 3], 9, against="piccolo"), [14, -14, 14, -14]),
        # renege: 3 x P for the offender, +P for every other player
        (deal("solo_8", [1], 8, renege=1), [18, -54, 18, 18]),
        ({"contract": "trou", "declarers": [0, 2], "renege": 3}, [6, 6, 6, -18]),
        (deal("petite_misere", [0, 1], [0, 0], renege=2), [18, 18, -54, 18]),
    ],
)
def test_payouts(record: dict[str, object], expected: list[int]) -> None:
    assert score_deal(record) == expected
    assert sum(expected) == 0


@pytest.mark.parametrize(
    ("record", "code", "field"),
    [
        (deal("emballage_14", [0, 2], 8), "unknown_contract", "contract"),
        (deal("emballage_8", [0], 8), "wrong_declarer_count", "declarers"),
        (deal("emballage_8", [0, 0], 8), "duplicate_seat", "declarers"),
        (deal("emballage_8", [0, 4], 8), "bad_seat", "declarers"),
        (deal("emballage_8", 0, 8), "not_a_list", "declarers"),
        (deal("emballage_8", [0, 2], 14), "tricks_out_of_range", "tricks"),
        (deal("emballage_8", [0, 2], -1), "tricks_out_of_range", "tricks"),
        (deal("emballage_8", [0, 2], [8]), "not_an_integer", "tricks"),
        (deal("solo_6", [0, 1], 8), "wrong_declarer_count", "declarers"),
        (deal("petite_misere", [0, 1], [0]), "wrong_length", "tricks"),
        (deal("petite_misere", [0], 0), "not_a_list", "tricks"),
        (deal("petite_misere", [0, 1], [7, 7]), "tricks_out_of_range", "tricks"),
        (deal("petite_misere", [], []), "wrong_declarer_count", "declarers"),
        (deal("emballage_10", [0, 2], 10, against="piccolo"), "counter_not_allowed", "against"),
        (deal("emballage_10", [0, 2], 10, against="tarot"), "unknown_contract", "against"),
        (deal("emballage_10", [0, 2], 10, renege=5), "bad_seat", "renege"),
        (deal("emballage_10", [0, 2], 10, note="x"), "unknown_field", "note"),
        ({"contract": "emballage_10", "declarers": [0, 2]}, "missing_field", "tricks"),
        (deal("solo_6", [0], 7, sitting_out=0), "seat_sitting_out", "declarers"),
        (deal("solo_6", [0], 7, sitting_out=2, dealer=1), "wrong_dealer", "dealer"),
    ],
)
def test_invalid_deals(record: dict[str, object], code: str, field: str) -> None:
    with pytest.raises(InvalidDeal) as info:
        score_deal(record)
    assert (info.value.code, info.value.field) == (code, field)


def test_table_of_five_dealer_sits_out() -> None:
    records = [
        deal("emballage_9", [1, 3], 9),  # dealer 0 sits out
        deal("solo_8", [0], 8),  # dealer 1 sits out
        deal("abondance_9", [4], 9, dealer=2),
    ]
    result = table_result(records, n_seats=5)
    assert result.per_deal == [
        [0, 4, -4, 4, -4],
        [18, 0, -6, -6, -6],
        [-9, -9, 0, -9, 27],
    ]
    assert sum(result.scores) == 0
    assert result.pending == {"deals_played": 3, "deals_left": 9, "next_dealer": 3}
    with pytest.raises(InvalidDeal) as info:
        table_result([deal("emballage_9", [0, 3], 9)], n_seats=5)
    assert info.value.code == "seat_sitting_out"
    assert info.value.params == {"seat": 0, "deal": 0}
    with pytest.raises(InvalidDeal) as info:
        table_result([deal("emballage_9", [1, 3], 9, sitting_out=2)], n_seats=5)
    assert info.value.code == "wrong_dealer"


def test_pool_of_twelve() -> None:
    records = [deal("emballage_8", [0, 2], 8, dealer=k % 4) for k in range(12)]
    result = table_result(records)
    assert result.complete
    assert result.scores == [24, -24, 24, -24]
    assert result.place_points is None
    with pytest.raises(InvalidDeal) as info:
        table_result([*records, deal("emballage_8", [0, 2], 8)])
    assert info.value.code == "too_many_deals"
    assert info.value.params["deal"] == 12
    with pytest.raises(InvalidDeal) as info:
        table_result(records, first_dealer=1)
    assert (info.value.code, info.value.params["deal"]) == ("wrong_dealer", 0)
    with pytest.raises(InvalidDeal) as info:
        table_result([deal("emballage_8", [0, 2], 8, sitting_out=0)])
    assert info.value.code == "unknown_field"


def test_pool_place_points_when_the_club_has_a_table() -> None:
    records = [deal("emballage_8", [0, 2], 8)] * 12
    result = table_result(records, {"place_points": {"4": [16, 12, 8, 4]}})
    assert result.place_points == [14, 6, 14, 6]
    short = table_result(records, {"deals_per_pool": 14})
    assert not short.complete


def test_classification_key_and_tiebreak_setting() -> None:
    a = [RoundLine(10), RoundLine(10), RoundLine(10)]
    b = [RoundLine(40), RoundLine(-20), RoundLine(10)]
    assert classification_key(a) == (30, 10)
    assert classification_key(b) == (30, 40)
    assert classification_key(b, {"tiebreaks": []}) == (30,)
    lines = [RoundLine(5, Fraction(16)), RoundLine(5, Fraction(12))]
    assert classification_key(lines, {"tiebreaks": ["place_points", "best_pool"]}) == (10, 28, 5)


def test_default_rules_are_json_and_carry_every_default() -> None:
    rules = default_rules()
    assert json.loads(json.dumps(rules)) == rules
    table = {c["code"]: c for c in rules["contracts"]}  # type: ignore[union-attr,index]
    assert table["trou_royal"]["points"] == 6
    assert table["abondance_9"]["overtrick"] == 0
    assert table["emballage_9"]["undertrick"] == 1
    assert table["trou"]["undertrick"] == 1
    assert table["grande_misere"]["undertrick"] == 0
    assert rules["tiebreaks"] == ["best_pool"]
    assert rules["annual_ranking"] == "sum_points"
    assert "renege_multiplier" not in rules  # 3, not a setting (RULES.md)
    assert len(CHEVALERIE_CONTRACTS) == 20
    # editing the copy never touches the defaults
    table["trou_royal"]["points"] = 99
    assert score_deal(deal("trou_royal", [0, 1], 9)) == [6, 6, -6, -6]


def test_a_default_changed_by_data() -> None:
    rules = default_rules()
    for row in rules["contracts"]:  # type: ignore[union-attr]
        if row["code"] == "trou_royal":  # type: ignore[index]
            row["points"] = 12  # type: ignore[index]
        if row["code"] == "abondance_9":  # type: ignore[index]
            row["overtrick"] = 3  # type: ignore[index]
            row["undertrick"] = 3  # type: ignore[index]
    assert score_deal(deal("trou_royal", [0, 1], 9), rules) == [12, 12, -12, -12]
    assert score_deal(deal("abondance_9", [0], 10), rules) == [30, -10, -10, -10]
    assert score_deal(deal("abondance_9", [0], 7), rules) == [-33, 11, 11, 11]


#: Another club's table: IWWA-style names and values, new contracts, a flat fail
#: for emballage 8 at -6, an old "renege_multiplier" key (ignored now). Pure data.
IWWA_STYLE: dict[str, object] = {
    "contracts": [
        {
            "code": "emballage_8",
            "name_fr": "Emballage 8",
            "points": 2,
            "points_failed": 6,
            "declarers": [2, 2],
            "tricks": 8,
            "payout": "pair",
            "overtrick": 1,
            "undertrick": 0,
        },
        {
            "code": "solo_5",
            "name_fr": "Solo 5",
            "points": 3,
            "declarers": [1, 1],
            "tricks": 5,
            "payout": "alone",
            "overtrick": 3,
            "overtrick_cap": 8,
            "undertrick": 3,
        },
        {
            "code": "misere_ouverte",
            "name_fr": "Misère ouverte",
            "points": 48,
            "declarers": [1, 3],
            "tricks": 0,
            "exact": True,
            "payout": "alone",
            "tricks_per_declarer": True,
        },
        {
            "code": "abondance_9",
            "name_fr": "Abondance 9",
            "points": 15,
            "declarers": [1, 1],
            "tricks": 9,
            "payout": "alone",
            "overtrick": 3,
            "undertrick": 3,
        },
        {
            "code": "capot",
            "name_fr": "Capot",
            "points": 60,
            "declarers": [2, 2],
            "tricks": 13,
            "payout": "pair",
        },
    ],
    "counters": [{"contract": "capot", "against": "abondance_9", "points": 45}],
    "renege_multiplier": 2,
}


def test_another_clubs_table_is_data_alone() -> None:
    rules = IWWA_STYLE
    assert score_deal(deal("emballage_8", [0, 2], 7), rules) == [-6, 6, -6, 6]
    assert score_deal(deal("emballage_8", [0, 2], 3), rules) == [-6, 6, -6, 6]
    assert score_deal(deal("emballage_8", [0, 2], 9), rules) == [3, -3, 3, -3]
    assert score_deal(deal("solo_5", [1], 7), rules) == [-3, 9, -3, -3]
    assert score_deal(deal("misere_ouverte", [1, 2], [0, 1]), rules) == [0, 64, -64, 0]
    assert score_deal(deal("abondance_9", [3], 11), rules) == [-7, -7, -7, 21]
    assert score_deal(deal("capot", [0, 1], 13, against="abondance_9"), rules) == [
        45,
        45,
        -45,
        -45,
    ]
    # a stored "renege_multiplier" of 2 is ignored: 3 x P keeps the deal at zero
    assert score_deal(deal("solo_5", [1], 5, renege=0), rules) == [-9, 3, 3, 3]
    # the Chevalerie codes it does not list are unknown there
    with pytest.raises(InvalidDeal) as info:
        score_deal(deal("trou", [0, 1], 8), rules)
    assert info.value.code == "unknown_contract"


@pytest.mark.parametrize(
    ("rules", "key"),
    [
        ({"contracts": []}, "contracts"),
        (
            {
                "contracts": [
                    {"code": "x", "points": 4, "declarers": [1, 1], "tricks": 6, "payout": "alone"}
                ]
            },
            "contracts[0]",
        ),  # 4 does not divide by 3
        (
            {
                "contracts": [
                    {"code": "x", "points": 3, "declarers": [1, 2], "tricks": 6, "payout": "pair"}
                ]
            },
            "contracts[0]",
        ),
        (
            {
                "contracts": [
                    {"code": "x", "points": 3, "declarers": [2, 2], "tricks": 16, "payout": "pair"}
                ]
            },
            "contracts[0]",
        ),
        (
            {
                "contracts": [
                    {
                        "code": "x",
                        "points": 3,
                        "declarers": [2, 2],
                        "tricks": 8,
                        "payout": "pair",
                        "colour": "red",
                    }
                ]
            },
            "contracts[0]",
        ),
        ({"counters": [{"contract": "solo_8", "against": "nothing", "points": 3}]}, "counters[0]"),
        ({"counters": [{"contract": "solo_8", "against": "trou", "points": 4}]}, "counters[0]"),
        ({"annual_ranking": "best"}, "annual_ranking"),
        ({"tiebreaks": ["coin_toss"]}, "tiebreaks"),
        ({"place_points": {"4": [16, 12, 8]}}, "place_points"),
        ({"pool_length": 80}, "pool_length"),
    ],
)
def test_invalid_rulesets(rules: dict[str, object], key: str) -> None:
    with pytest.raises(InvalidRules) as info:
        score_deal(deal("emballage_8", [0, 2], 8), rules)
    assert info.value.code == "invalid_rules"
    assert info.value.field == key
