"""Quarante de roi and Plonk: deal checks, matches to a target, tie rule, ranking."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring import GAMES, InvalidDeal, InvalidRules, plonk, quarante
from scoring.ranking import RoundLine


def q(
    kings: list[int], queens: list[int], jacks: list[int], *cliques: dict[str, object]
) -> dict[str, object]:
    return {"kings": kings, "queens": queens, "jacks": jacks, "cliques": list(cliques)}


# --------------------------------------------------------------------------- Quarante


def test_quarante_all_cliques() -> None:
    record = q(
        [2, 2],
        [2, 2],
        [2, 2],
        {"seat": 0, "figure": "K", "count": 4},
        {"seat": 2, "figure": "Q", "count": 4},
        {"seat": 3, "figure": "J", "count": 4},
    )
    assert quarante.score_deal(record) == [22 + 40 + 20, 22 + 13]
    record = q(
        [2, 2],
        [2, 2],
        [2, 2],
        {"seat": 1, "figure": "Q", "count": 3},
        {"seat": 3, "figure": "J", "count": 3},
    )
    assert quarante.score_deal(record) == [22, 22 + 8 + 6]
    assert quarante.score_deal({**q([0, 4], [1, 3], [4, 0]), "trump": "spades", "dealer": 3}) == [
        12,
        32,
    ]


@pytest.mark.parametrize(
    ("record", "code", "field"),
    [
        (q([3, 0], [2, 2], [2, 2]), "wrong_total", "kings"),
        (q([5, -1], [2, 2], [2, 2]), "count_too_high", "kings"),
        (q([2, 2], [2, 2, 0], [2, 2]), "wrong_length", "queens"),
        ({"kings": [2, 2], "queens": [2, 2]}, "missing_field", "jacks"),
        (
            q(
                [2, 2],
                [2, 2],
                [2, 2],
                {"seat": 0, "figure": "K", "count": 3},
                {"seat": 1, "figure": "K", "count": 3},
            ),
            "impossible_cliques",
            "cliques",
        ),
        (q([2, 2], [2, 2], [2, 2], {"seat": 4, "figure": "K", "count": 3}), "bad_seat", "cliques"),
        (
            q([2, 2], [2, 2], [2, 2], {"seat": 0, "figure": "A", "count": 3}),
            "bad_figure",
            "cliques",
        ),
        (
            q([2, 2], [2, 2], [2, 2], {"seat": 0, "figure": "K", "count": 2}),
            "bad_clique_count",
            "cliques",
        ),
        (
            q([2, 2], [2, 2], [2, 2], {"seat": 0, "figure": "K", "count": True}),
            "bad_clique_count",
            "cliques",
        ),
        (q([2, 2], [2, 2], [2, 2], {"seat": 0, "figure": "K"}), "missing_field", "count"),
        ({**q([2, 2], [2, 2], [2, 2]), "trump": "stars"}, "bad_trump", "trump"),
        ({**q([2, 2], [2, 2], [2, 2]), "cliques": {}}, "not_a_list", "cliques"),
    ],
)
def test_quarante_invalid(record: dict[str, object], code: str, field: str) -> None:
    with pytest.raises(InvalidDeal) as info:
        quarante.score_deal(record)
    assert (info.value.code, info.value.field) == (code, field)


def test_quarante_match_to_150() -> None:
    big = q([4, 0], [4, 0], [0, 4])  # 36 / 8
    result = quarante.table_result([big] * 4)
    assert (result.scores, result.complete, result.winner) == ([144, 32], False, None)
    assert result.pending["to_target"] == [6, 118]
    result = quarante.table_result([big] * 5)
    assert (result.scores, result.complete, result.winner) == ([180, 40], True, 0)
    with pytest.raises(InvalidDeal) as info:
        quarante.table_result([big] * 6)
    assert (info.value.code, info.value.params) == ("match_over", {"deal": 5})


def test_quarante_both_pass_higher_total_wins() -> None:
    even = q([2, 2], [2, 2], [2, 2])  # 22 each
    team1 = q([0, 4], [2, 2], [2, 2])  # 12 / 32
    result = quarante.table_result([even] * 6 + [team1])
    assert result.scores == [144, 164] and result.winner == 1
    # equal totals past the target: another deal (Default)...
    result = quarante.table_result([even] * 7)
    assert result.scores == [154, 154]
    assert (result.complete, result.winner) == (False, None)
    result = quarante.table_result([even] * 7 + [team1])
    assert (result.complete, result.winner) == (True, 1)
    # ...or a draw if the club says so
    result = quarante.table_result([even] * 7, {"tie_rule": "draw"})
    assert (result.complete, result.winner) == (True, None)


def test_quarante_target_and_values_are_settings() -> None:
    big = q([4, 0], [4, 0], [0, 4])
    result = quarante.table_result([big] * 3, {"target": 100})
    assert result.winner == 0
    rules = {"figure_points": {"K": 10, "Q": 4, "J": 2}}
    assert quarante.score_deal(big, rules) == [56, 8]
    with pytest.raises(InvalidRules):
        quarante.score_deal(big, {"figure_points": {"K": 10}})
    with pytest.raises(InvalidRules):
        quarante.table_result([], {"tie_rule": "coin_toss"})


def test_match_dealer_rotation_and_table_size() -> None:
    even = q([2, 2], [2, 2], [2, 2])
    with pytest.raises(InvalidDeal) as info:
        quarante.table_result([{**even, "dealer": 1}, {**even, "dealer": 1}], first_dealer=1)
    assert (info.value.code, info.value.params["deal"]) == ("wrong_dealer", 1)
    with pytest.raises(InvalidDeal) as info:
        plonk.table_result([], n_seats=6)
    assert info.value.code == "bad_table_size"


# --------------------------------------------------------------------------- Plonk


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        ({"tricks": [13, 0], "dead": [13, 0], "live_points": [331, 0]}, [318, 0]),
        ({"tricks": [13, 0], "dead": [52, 0], "live_points": [0, 0]}, [-52, 0]),
        ({"tricks": [0, 13], "dead": [0, 20], "live_points": [0, 300]}, [0, 280]),
    ],
)
def test_plonk_deals(record: dict[str, object], expected: list[int]) -> None:
    assert plonk.score_deal(record) == expected


# RULES.md, Plonk (and « Changes of 2026-11-22 »): tricks sum to 13; each team's dead cards
# between its tricks (every trick brings at least its dead lead) and 4 x its tricks; live
# points exactly makeable from the 52 card values, per team and for both teams together.
@pytest.mark.parametrize(
    ("record", "code", "field", "params"),
    [
        (
            {"tricks": [7, 7], "dead": [12, 9], "live_points": [150, 140]},
            "wrong_total",
            "tricks",
            {"expected": 13, "got": 14},
        ),
        (
            {"tricks": [7, 6], "dead": [29, 9], "live_points": [0, 140]},
            "too_many_dead",
            "dead",
            {"team": 0, "max": 28, "got": 29},
        ),
        (
            {"tricks": [7, 6], "dead": [6, 9], "live_points": [150, 140]},
            "too_few_dead",
            "dead",
            {"team": 0, "min": 7, "got": 6},
        ),
        (
            {"tricks": [7, 6], "dead": [27, 9], "live_points": [11, 140]},
            "live_points_unreachable",
            "live_points",
            {"team": 0, "cards": 1, "min": 2, "max": 15, "got": 11},
        ),
        (
            {"tricks": [7, 6], "dead": [12, 9], "live_points": [400, 140]},
            "live_points_unreachable",
            "live_points",
            {"team": 0, "cards": 16, "min": 56, "max": 180, "got": 400},
        ),
        (
            {"tricks": [7, 6], "dead": [7, 6], "live_points": [220, 190]},
            "live_cards_not_dealable",
            "live_points",
            {"cards_0": 21, "cards_1": 18, "got_0": 220, "got_1": 190},
        ),
        (
            {"tricks": [7, 6], "dead": [12, -1], "live_points": [150, 140]},
            "negative_count",
            "dead",
            {"index": 1, "got": -1},
        ),
        ({"tricks": [7, 6], "dead": [12, 9]}, "missing_field", "live_points", {}),
    ],
)
def test_plonk_invalid(
    record: dict[str, object], code: str, field: str, params: dict[str, object]
) -> None:
    with pytest.raises(InvalidDeal) as info:
        plonk.score_deal(record)
    assert (info.value.code, info.value.field, info.value.params) == (code, field, params)


def test_plonk_match_to_500() -> None:
    deal = {"tricks": [7, 6], "dead": [12, 9], "live_points": [150, 140]}  # 138 / 131
    assert plonk.table_result([deal] * 3).complete is False
    result = plonk.table_result([deal] * 4)
    assert (result.scores, result.winner) == ([552, 524], 0)
    assert plonk.table_result([deal] * 2, {"target": 250}).winner == 0


def test_team_classification_and_bye() -> None:
    lines = [
        RoundLine(160, won=True, against=100),
        RoundLine(150, won=None, against=150),
        RoundLine(90, won=False, against=150),
    ]
    assert GAMES["quarante"].classification_key(lines) == (Fraction(3, 2), 400, 0)
    assert GAMES["plonk"].classification_key(lines, {"tiebreaks": ["points_difference"]}) == (
        Fraction(3, 2),
        0,
    )
    assert GAMES["plonk"].bye_line() == RoundLine(500, None, True, 0)
    # a bye scores the ruleset's own target; an old stored "bye_score" is ignored
    assert GAMES["quarante"].bye_line(
        {"target": 100, "bye_score": 150, "bye_against": 50}
    ) == RoundLine(100, None, True, 50)
    assert GAMES["whist"].bye_line() is None
