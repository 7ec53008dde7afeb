"""RULES.md « Changes of 2026-11-22 » and the sane bounds of every ruleset setting."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import GAMES, InvalidDeal, InvalidRules, double_king, score_deal, whist

# --------------------------------------------------------------------------- Double King


def _game(code: str) -> dict[str, Any]:
    """A valid record of ``code`` (who takes what does not matter to the round checks)."""
    if code == "king_of_hearts":
        return {"game": code, "taker": 1}
    if code == "seventh_last":
        return {"game": code, "seventh": 1, "last": 2}
    return {"game": code, "taken": [double_king.KINDS[code].units, 0, 0, 0]}


def test_dealer_at_fault_without_trump_left_chooses_a_game_he_owes() -> None:
    # Seat 0 deals games 0, 4, 8...: he plays trump at 0 and 4, so none is left at 8.
    records = [
        _game("trump"),
        _game("tricks"),
        _game("hearts"),
        _game("queens"),
        _game("trump"),
        _game("jacks_kings"),
        _game("king_of_hearts"),
        _game("seventh_last"),
        {"game": "tricks", "penalty": 0},  # seat 0, dealer, at fault
    ]
    before = double_king.table_result(records)
    assert before.pending["trumps_left"][0] == 0
    assert before.pending["dealer_must_choose_trump"] is False
    # His redeal is a negative game he still owes: accepted (it used to be refused forever).
    after = double_king.table_result([*records, _game("tricks")])
    assert after.pending["negatives_left"][0] == 2


def test_dealer_at_fault_with_trump_left_must_still_choose_trump() -> None:
    records = [{"game": "tricks", "penalty": 0}, _game("tricks")]
    with pytest.raises(InvalidDeal) as info:
        double_king.table_result(records)
    assert info.value.code == "dealer_must_choose_trump"


def _choices(pending: dict[str, Any]) -> list[str]:
    """What the next dealer may choose, from what the round reports."""
    dealer = pending["next_dealer"]
    if pending["dealer_must_choose_trump"]:
        return ["trump"]
    options = []
    if pending["negatives_left"][dealer]:
        options += sorted(pending["negative_games_left"])
    if pending["trumps_left"][dealer]:
        options.append("trump")
    return options


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    first_dealer=st.integers(0, 3),
    counts=st.booleans(),
    script=st.lists(st.tuples(st.integers(0, 99), st.integers(0, 4)), min_size=60, max_size=60),
)
def test_a_round_can_always_be_completed(
    first_dealer: int, counts: bool, script: list[tuple[int, int]]
) -> None:
    """Whatever the dealers choose and whoever is penalised (the dealer too), the next dealer
    always has a legal game, and the round ends after 20 games."""
    rules = {"penalty_counts_as_game": counts}
    records: list[dict[str, Any]] = []
    steps = iter(script)
    while True:
        result = double_king.table_result(records, rules, first_dealer=first_dealer)
        if result.complete:
            break
        options = _choices(result.pending)
        assert options, result.pending
        pick, penalty = next(steps, (0, 4))
        code = options[pick % len(options)]
        if penalty < 4:
            records.append({"game": code, "penalty": penalty})
        else:
            records.append(_game(code))
    assert result.pending["games_played"] == double_king.GAMES_PER_ROUND


# --------------------------------------------------------------------------- whist


def test_renege_is_three_times_p_whatever_an_old_ruleset_says() -> None:
    record = {"contract": "emballage_9", "declarers": [0, 2], "tricks": 9, "renege": 0}
    # RULES.md's worked example; a stored "renege_multiplier": 2 no longer breaks the zero sum.
    assert score_deal("whist", record) == [-12, 4, 4, 4]
    assert score_deal("whist", record, rules={"renege_multiplier": 2}) == [-12, 4, 4, 4]
    assert "renege_multiplier" not in whist.validate_rules({"renege_multiplier": 2})


SEED_COUNTERS = [
    ("abondance_9", "abondance_9", 9),
    ("abondance_10", "abondance_9", 10),
    ("abondance_11", "abondance_9", 11),
    ("abondance_11", "grande_misere", 11),
    ("grande_misere_table", "grande_misere", [0]),
    ("petit_schlem", "grande_misere", 12),
    ("grand_schlem", "grande_misere", 13),
    ("emballage_13", "grande_misere", 13),
    ("grande_misere_table", "abondance_11", [0]),
    ("petit_schlem", "abondance_11", 12),
    ("grand_schlem", "abondance_11", 13),
    ("petit_schlem", "grande_misere_table", 12),
    ("grand_schlem", "grande_misere_table", 13),
    ("grand_schlem", "petit_schlem", 13),
]


@pytest.mark.parametrize(("contract", "against", "tricks"), SEED_COUNTERS)
def test_the_seeds_counters_score_their_own_points(
    contract: str, against: str, tricks: int | list[int]
) -> None:
    declarers = [0, 2] if contract.startswith("emballage") else [0]
    plain = {"contract": contract, "declarers": declarers, "tricks": tricks}
    assert score_deal("whist", {**plain, "against": against}) == score_deal("whist", plain)


def test_counter_examples() -> None:
    # P from the main table: grand schlem 120, capo à deux 30 each.
    grand = {"contract": "grand_schlem", "declarers": [1], "tricks": 13, "against": "petit_schlem"}
    assert score_deal("whist", grand) == [-40, 120, -40, -40]
    capo = {"contract": "emballage_13", "declarers": [0, 2], "tricks": 13}
    assert score_deal("whist", {**capo, "against": "grande_misere"}) == [30, -30, 30, -30]


@pytest.mark.parametrize(
    ("contract", "against"),
    [
        ("abondance_10", "grande_misere"),  # not high enough
        ("solo_8", "abondance_9"),
        ("petit_schlem", "petit_schlem"),
        ("abondance_9", "abondance_10"),
    ],
)
def test_other_counters_are_refused(contract: str, against: str) -> None:
    tricks: int | list[int] = 12 if "schlem" in contract else 9
    record = {"contract": contract, "declarers": [0], "tricks": tricks, "against": against}
    with pytest.raises(InvalidDeal) as info:
        score_deal("whist", record)
    assert (info.value.code, info.value.field) == ("counter_not_allowed", "against")


# --------------------------------------------------------------------------- Quarante, byes


def _cliques(seat: int, *figures: tuple[str, int]) -> list[dict[str, Any]]:
    return [{"seat": seat, "figure": f, "count": c} for f, c in figures]


def test_quarante_cliques_cannot_use_more_than_the_8_cards_of_a_hand() -> None:
    deal = {"kings": [2, 2], "queens": [2, 2], "jacks": [2, 2]}
    eleven = _cliques(1, ("K", 4), ("Q", 4), ("J", 3))
    with pytest.raises(InvalidDeal) as info:
        score_deal("quarante", {**deal, "cliques": eleven})
    assert info.value.code == "too_many_cards"
    assert info.value.params == {"seat": 1, "max": 8, "got": 11}
    # eight cards are a full hand: four kings and four queens (40 + 20)
    eight = _cliques(1, ("K", 4), ("Q", 4))
    assert score_deal("quarante", {**deal, "cliques": eight}) == [22, 82]
    # two players of one team may each announce their own cliques
    both = [*_cliques(0, ("K", 4), ("Q", 4)), *_cliques(2, ("J", 3))]
    assert score_deal("quarante", {**deal, "cliques": both}) == [88, 22]


@pytest.mark.parametrize(("game", "target"), [("quarante", 60), ("plonk", 250)])
def test_a_bye_scores_the_rulesets_own_target(game: str, target: int) -> None:
    line = GAMES[game].bye_line({"target": target})
    assert (line.score, line.against, line.won) == (target, 0, True)
    # an old ruleset that stored the default's bye score still gives the target
    assert GAMES[game].bye_line({"target": target, "bye_score": 150}).score == target


# --------------------------------------------------------------------------- bounds


BAD = [
    ("double_king", {"rounds": 0}, "rounds"),
    ("double_king", {"rounds": 21}, "rounds"),
    ("double_king", {"place_points": [10**20, 12, 8, 4]}, "place_points"),
    ("double_king", {"place_points": [16, 12, 8, -4]}, "place_points"),
    ("double_king", {"place_points": [4, 8, 12, 16]}, "place_points"),
    ("double_king", {"trump_penalty": [-6, 3]}, "trump_penalty"),  # would not sum to 0
    ("double_king", {"trump_penalty": [-303, 101]}, "trump_penalty"),
    ("whist", {"pool_minutes": 99999999}, "pool_minutes"),
    ("whist", {"pool_minutes": 0}, "pool_minutes"),
    ("whist", {"deals_per_pool": 31}, "deals_per_pool"),
    ("whist", {"pools": 21}, "pools"),
    ("whist", {"annual_best_n": 101}, "annual_best_n"),
    ("whist", {"place_points": {"4": [3, 2, 1, 10_001]}}, "place_points"),
    ("quarante", {"target": 9}, "target"),
    ("quarante", {"target": 10_001}, "target"),
    ("quarante", {"round_minutes": 99999999}, "round_minutes"),
    ("quarante", {"figure_points": {"K": 101, "Q": 4, "J": 2}}, "figure_points"),
    (
        "quarante",
        {
            "clique_points": {
                "K": {"3": 10, "4": 1001},
                "Q": {"3": 8, "4": 20},
                "J": {"3": 6, "4": 13},
            }
        },
        "clique_points",
    ),
    ("plonk", {"bye_against": 10_001}, "bye_against"),
    ("double", {"manches": [1] * 10_000}, "manches"),
    ("double", {"manches": [6]}, "manches"),
    ("double", {"start_points": 101}, "start_points"),
    ("double", {"exact_bonus": -1}, "exact_bonus"),
    (
        "double",
        {
            "place_points": {
                "3": [16, 10, 4],
                "4": [16, 12, 8, 4],
                "5": [16, 13, 10, 7, 4],
                "6": [16, 14, 11, 9, 6, 7],
            }
        },
        "place_points",
    ),
]


@pytest.mark.parametrize(("game", "rules", "key"), BAD)
def test_settings_out_of_bounds_are_refused(game: str, rules: dict[str, Any], key: str) -> None:
    with pytest.raises(InvalidRules) as info:
        GAMES[game].validate_rules(rules)
    assert info.value.field == key


def _contract_points(points: int) -> dict[str, Any]:
    rules = whist.default_rules()
    rules["contracts"][0]["points"] = points  # type: ignore[index]
    return rules


def test_a_contract_worth_10_to_the_12_is_refused() -> None:
    with pytest.raises(InvalidRules) as info:
        whist.validate_rules(_contract_points(10**12))
    assert info.value.field == "contracts[0]"
    assert (info.value.params["min"], info.value.params["max"]) == (0, 1000)
    assert whist.validate_rules(_contract_points(1000))["contracts"][0]["points"] == 1000  # type: ignore[index]


GOOD = [
    ("double_king", {"rounds": 1}),
    ("double_king", {"rounds": 20}),
    ("double_king", {"place_points": [100, 100, 0, 0]}),
    ("double_king", {"trump_penalty": [-300, 100]}),
    ("whist", {"pool_minutes": 600, "deals_per_pool": 30, "pools": 20}),
    ("whist", {"pool_minutes": 1, "deals_per_pool": 1, "pools": 1}),
    ("quarante", {"target": 10, "round_minutes": 600}),
    ("plonk", {"target": 10_000, "round_minutes": 0, "bye_against": 10_000}),
    ("double", {"manches": [5] * 30, "start_points": 100, "exact_bonus": 0}),
    ("double", {"manches": [1]}),
]


@pytest.mark.parametrize(("game", "rules"), GOOD)
def test_settings_at_their_bounds_are_accepted(game: str, rules: dict[str, Any]) -> None:
    merged = GAMES[game].validate_rules(rules)
    assert {k: merged[k] for k in rules} == rules


@given(
    others=st.integers(1, 100),
    offender=st.integers(0, 3),
)
def test_a_trump_penalty_sums_to_zero_whatever_the_setting(others: int, offender: int) -> None:
    rules = {"trump_penalty": [-3 * others, others]}
    assert sum(score_deal("double_king", {"game": "trump", "penalty": offender}, rules=rules)) == 0


@given(points=st.integers(0, 333).map(lambda p: 3 * p), renege=st.integers(0, 3))
def test_a_whist_deal_sums_to_zero_whatever_the_points(points: int, renege: int) -> None:
    rules = whist.default_rules()
    for row in rules["contracts"]:  # type: ignore[union-attr]
        row["points"] = points  # type: ignore[index]
    for record in (
        {"contract": "solo_8", "declarers": [1], "tricks": 6},
        {"contract": "emballage_10", "declarers": [0, 2], "tricks": 13},
        {"contract": "abondance_9", "declarers": [3], "tricks": 9, "renege": renege},
    ):
        assert sum(score_deal("whist", record, rules=rules)) == 0
