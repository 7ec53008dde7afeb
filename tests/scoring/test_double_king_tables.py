"""A club's own Double King table (issue 24 §1): the value of each game, which games exist and
how many times each is played in the 20-game frame; ``scoring.double_king`` accepts a table
only when a complete round still sums to 0 (RULES.md, docs/rules/double_king.md)."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import InvalidDeal, InvalidRules, double_king

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NEGATIVE = ["tricks", "hearts", "queens", "jacks_kings", "king_of_hearts", "seventh_last"]
UNITS = {"tricks": 13, "hearts": 13, "queens": 4, "jacks_kings": 8, "trump": 13}

#: The Turkish King (« Rıfkı »): -50 a trick, -30 a heart, -100 a queen, -60 a jack or king,
#: -320 the king of hearts, -180 each of the two tricks of « son iki », +50 a trump trick.
RIFKI_VALUES = {
    "tricks": -50,
    "hearts": -30,
    "queens": -100,
    "jacks_kings": -60,
    "king_of_hearts": -320,
    "seventh": -180,
    "last": -180,
    "trump": 50,
}
RIFKI = {"game_values": RIFKI_VALUES}
DEFAULT_VALUES: dict[str, int] = dict(double_king.DEFAULT_RULES["game_values"])  # type: ignore[arg-type]


def test_the_rifki_table_keeps_the_frame_and_totals_each_game():
    assert double_king.validate_rules(RIFKI)["game_values"] == RIFKI_VALUES
    totals = [double_king.game_total(code, RIFKI) for code in [*NEGATIVE, "trump"]]
    assert totals == [-650, -390, -400, -480, -320, -360, 650]
    # Twice each negative game: -5200; eight trump games: +5200.
    assert 2 * sum(totals[:-1]) + 8 * totals[-1] == 0
    assert double_king.score_deal({"game": "queens", "taken": [1, 0, 2, 1]}, RIFKI) == [
        -100,
        0,
        -200,
        -100,
    ]
    assert double_king.score_deal({"game": "king_of_hearts", "penalty": 2}, RIFKI) == [
        0,
        0,
        -320,
        0,
    ]


def test_two_tricks_of_equal_value_read_back_from_their_points():
    # « Son iki »: both tricks at -180, whoever took which.
    record = double_king.record_from_points("seventh_last", [0, -180, -180, 0], rules=RIFKI)
    assert double_king.score_deal(record, RIFKI) == [0, -180, -180, 0]
    record = double_king.record_from_points("seventh_last", [0, 0, -360, 0], rules=RIFKI)
    assert record == {"game": "seventh_last", "seventh": 2, "last": 2}
    assert double_king.sheet_line("seventh_last", rules=RIFKI).values == (0, -180, -360)


def test_a_line_whose_cells_add_up_but_are_not_one_game_is_refused():
    # The 7th trick at -2, the last at -4 (one more than the default: the king of hearts one
    # less keeps the round at 0).
    values = {**DEFAULT_VALUES, "seventh": -2, "last": -4, "king_of_hearts": -4}
    rules = {"game_values": values}
    assert double_king.sheet_line("seventh_last", rules=rules).total == -6
    # -2 -2 -2 = -6, the game's total, but three players cannot all take the 7th trick.
    with pytest.raises(InvalidDeal) as caught:
        double_king.record_from_points("seventh_last", [-2, -2, -2, 0], rules=rules)
    assert caught.value.code == "impossible_line"


def _quotas(**changes: int) -> dict[str, int]:
    return {**dict.fromkeys(NEGATIVE, 2), **changes}


@pytest.mark.parametrize(
    ("rules", "key", "rule"),
    [
        # The trump games bring 50 a trick less than the negative games cost.
        ({"game_values": {**RIFKI_VALUES, "trump": 49}}, "game_values.trump", "round_not_zero_sum"),
        # Ten negative games where the seats choose twelve.
        ({"negative_quotas": _quotas(queens=0)}, "negative_quotas", "quotas_fill_frame"),
        # Each seat deals 5 games: 3 negative and 3 trump is 6.
        ({"trump_per_seat": 3}, "trump_per_seat", "seat_quotas"),
    ],
    ids=["not_zero_sum", "quota_short", "seat_quotas"],
)
def test_a_table_that_breaks_the_frame_is_refused(rules, key, rule):
    with pytest.raises(InvalidRules) as caught:
        double_king.validate_rules(rules)
    assert (caught.value.params["key"], caught.value.params["rule"]) == (key, rule)


def test_a_game_the_club_does_not_play_is_refused_on_the_sheet():
    # No « 7th and last »: « Pas de dames » and « Pas de valets/rois » played three times.
    quotas = _quotas(seventh_last=0, queens=3, jacks_kings=3)
    # -26 -26 -24 -24 -10 = -110: the trump games' +104 do not pay it back...
    with pytest.raises(InvalidRules) as caught:
        double_king.validate_rules({"negative_quotas": quotas})
    assert caught.value.params["rule"] == "round_not_zero_sum"
    # ... with the king of hearts at -2 they do (-26 -26 -24 -24 -4 = -104).
    rules = {"negative_quotas": quotas, "game_values": {**DEFAULT_VALUES, "king_of_hearts": -2}}
    assert "seventh_last" not in double_king.played_games(rules)
    with pytest.raises(InvalidDeal) as caught_deal:
        double_king.table_result([{"game": "seventh_last", "seventh": 0, "last": 1}], rules)
    assert caught_deal.value.code == "game_not_played"


# --------------------------------------------------------------------------- any table


@st.composite
def club_tables(draw: st.DrawFn) -> dict[str, Any]:
    """A table keeping the frame: each seat's negative and trump games, quotas filling the
    negative games, any values for them and a trump value that brings them back to 0."""
    negative_per_seat = draw(st.integers(1, 4))
    trump_per_seat = 5 - negative_per_seat
    cuts = sorted(draw(st.lists(st.integers(0, 4 * negative_per_seat), min_size=5, max_size=5)))
    bounds = [0, *cuts, 4 * negative_per_seat]
    quotas = dict(zip(NEGATIVE, (b - a for a, b in itertools.pairwise(bounds)), strict=True))
    raw = {k: -draw(st.integers(1, 3)) for k in double_king.VALUE_KEYS if k != "trump"}
    game = {
        "tricks": 13 * raw["tricks"],
        "hearts": 13 * raw["hearts"],
        "queens": 4 * raw["queens"],
        "jacks_kings": 8 * raw["jacks_kings"],
        "king_of_hearts": raw["king_of_hearts"],
        "seventh_last": raw["seventh"] + raw["last"],
    }
    cost = -sum(quotas[code] * game[code] for code in NEGATIVE)
    trump_tricks = 13 * 4 * trump_per_seat
    # Scale the negative units so that whole trump tricks pay the cost back exactly.
    scale = trump_tricks // math.gcd(trump_tricks, cost)
    values = {k: v * scale for k, v in raw.items()}
    values["trump"] = cost * scale // trump_tricks
    return {
        "game_values": values,
        "negative_quotas": quotas,
        "negative_per_seat": negative_per_seat,
        "trump_per_seat": trump_per_seat,
    }


@st.composite
def split(draw: st.DrawFn, total: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=3, max_size=3)))
    return [b - a for a, b in itertools.pairwise([0, *cuts, total])]


@st.composite
def game_record(draw: st.DrawFn, code: str) -> dict[str, Any]:
    if code == "king_of_hearts":
        return {"game": code, "taker": draw(st.integers(0, 3))}
    if code == "seventh_last":
        return {"game": code, "seventh": draw(st.integers(0, 3)), "last": draw(st.integers(0, 3))}
    return {"game": code, "taken": draw(split(UNITS[code]))}


@st.composite
def table_and_round(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    rules = draw(club_tables())
    n, t = rules["negative_per_seat"], rules["trump_per_seat"]
    slots = [code for code, times in rules["negative_quotas"].items() for _ in range(times)]
    slots = draw(st.permutations(slots))
    choices = [
        list(draw(st.permutations([*slots[n * s : n * s + n], *["trump"] * t]))) for s in range(4)
    ]
    records = [draw(game_record(choices[k % 4].pop())) for k in range(20)]
    return rules, records


@SETTINGS
@given(table_and_round())
def test_any_accepted_table_plays_complete_rounds_summing_to_zero(data):
    rules, records = data
    double_king.validate_rules(rules)
    result = double_king.table_result(records, rules)
    assert result.complete and sum(result.scores) == 0
    for record, points in zip(records, result.per_deal, strict=True):
        # Each line sums to its game's total, and reads back from its points as the sheet does.
        assert sum(points) == double_king.game_total(record["game"], rules)
        back = double_king.record_from_points(record["game"], points, rules=rules)
        assert double_king.score_deal(back, rules) == points


@SETTINGS
@given(club_tables(), st.integers(1, 5))
def test_a_table_off_balance_is_refused(rules, change):
    values = dict(rules["game_values"])
    values["trump"] += change if values["trump"] + change <= 1000 else -change
    with pytest.raises(InvalidRules) as caught:
        double_king.validate_rules({**rules, "game_values": values})
    assert caught.value.params["rule"] == "round_not_zero_sum"
