"""Every worked example of RULES.md (and the seed's own figures), one test each."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring import score_deal
from scoring.ranking import place_points

DEALS = [
    # Double King
    ("double_king", {"game": "queens", "taken": [1, 0, 2, 1]}, [-2, 0, -4, -2]),
    ("double_king", {"game": "seventh_last", "seventh": 2, "last": 2}, [0, 0, -5, 0]),
    ("double_king", {"game": "trump", "penalty": 1}, [2, -6, 2, 2]),
    # Whist « La Chevalerie »
    (
        "whist",
        {"contract": "petite_misere", "declarers": [0, 1], "tricks": [0, 0]},
        [12, 12, -12, -12],
    ),
    (
        "whist",
        {"contract": "petite_misere", "declarers": [0, 1], "tricks": [0, 2]},
        [24, -24, 0, 0],
    ),
    (
        "whist",
        {"contract": "emballage_9", "declarers": [0, 2], "tricks": 9, "renege": 0},
        [-12, 4, 4, 4],
    ),
    ("whist", {"contract": "solo_8", "declarers": [1], "tricks": 7}, [7, -21, 7, 7]),
    (
        "whist",
        {"contract": "emballage_10", "declarers": [0, 2], "tricks": 13},
        [17, -17, 17, -17],
    ),
    ("whist", {"contract": "trou", "declarers": [1, 3], "tricks": 13}, [-12, 12, -12, 12]),
    (
        "whist",
        {"contract": "grande_misere", "declarers": [3], "tricks": [0], "against": "trou"},
        [-12, -12, -12, 36],
    ),
    (
        "whist",
        {"contract": "emballage_12", "declarers": [0, 1], "tricks": 12, "against": "abondance_9"},
        [27, 27, -27, -27],
    ),
    # Quarante de roi
    (
        "quarante",
        {
            "kings": [3, 1],
            "queens": [2, 2],
            "jacks": [0, 4],
            "cliques": [{"seat": 1, "figure": "K", "count": 3}],
        },
        [23, 31],
    ),
    # Plonk
    ("plonk", {"tricks": [7, 6], "dead": [12, 9], "live_points": [150, 140]}, [138, 131]),
    # Double
    ("double", {"cards": 3, "bids": [1, 0, 2, 1], "tricks": [1, 1, 1, 0]}, [6, 0, -2, -1]),
]


@pytest.mark.parametrize(
    ("game", "record", "expected"),
    DEALS,
    ids=[
        f"{i:02d}-{g}-{r.get('game') or r.get('contract') or ''}"
        for i, (g, r, _) in enumerate(DEALS)
    ],
)
def test_worked_deal(game: str, record: dict[str, object], expected: list[int]) -> None:
    assert score_deal(game, record) == expected


def test_double_king_round_ranking_example() -> None:
    assert place_points([30, -10, 30, -50]) == [14, 8, 14, 4]


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([5, 5, 0, -10], [14, 14, 8, 4]),  # two tied for first: 14 each
        ([9, 1, 1, 1], [16, 8, 8, 8]),  # three tied for second: 8 each
        ([0, 0, 0, 0], [10, 10, 10, 10]),  # all four: 10 each
    ],
)
def test_double_king_tie_sharing_examples(scores: list[int], expected: list[int]) -> None:
    assert place_points(scores) == [Fraction(e) for e in expected]


# The seed's own figures (seed 004), quoted by RULES.md.


def test_seed_two_misere_both_fail() -> None:
    record = {"contract": "petite_misere", "declarers": [0, 1], "tricks": [1, 3]}
    assert score_deal("whist", record) == [-12, -12, 12, 12]


def test_seed_single_misere_is_plus_18_minus_6() -> None:
    record = {"contract": "petite_misere", "declarers": [0], "tricks": [0]}
    assert score_deal("whist", record) == [18, -6, -6, -6]


def test_seed_abondance_11_against_trou() -> None:
    record = {"contract": "abondance_11", "declarers": [2], "tricks": 11, "against": "trou"}
    assert score_deal("whist", record) == [-14, -14, 42, -14]


def test_seed_grande_misere_table_against_trou() -> None:
    record = {
        "contract": "grande_misere_table",
        "declarers": [0],
        "tricks": [0],
        "against": "trou",
    }
    assert score_deal("whist", record) == [60, -20, -20, -20]


def test_seed_capo_a_deux_against_abondance_10() -> None:
    record = {
        "contract": "emballage_13",
        "declarers": [1, 2],
        "tricks": 13,
        "against": "abondance_10",
    }
    assert score_deal("whist", record) == [-30, 30, 30, -30]
