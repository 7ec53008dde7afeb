"""RULES.md « Changes of 2026-11-25 »: worked examples and property tests.

docs/rules/double_king.md#penalties, docs/rules/whist.md#how-p-is-paid, docs/rules/plonk.md#checks.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import GAMES, InvalidDeal, InvalidRules, double_king, plonk, score_deal

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Record = dict[str, Any]


def _game(code: str, dealer: int | None = None) -> Record:
    """A valid record of ``code`` (who takes what does not matter to the round checks)."""
    if code == "king_of_hearts":
        record: Record = {"game": code, "taker": 1}
    elif code == "seventh_last":
        record = {"game": code, "seventh": 1, "last": 2}
    else:
        record = {"game": code, "taken": [double_king.KINDS[code].units, 0, 0, 0]}
    if dealer is not None:
        record["dealer"] = dealer
    return record


def _refused(records: list[Record], rules: dict[str, Any] | None = None) -> InvalidDeal:
    with pytest.raises(InvalidDeal) as info:
        double_king.table_result(records, rules)
    return info.value


# --------------------------------------------------------------------------- Double King


#: Games 0-4 dealt by seats 0, 1, 2, 3, 0: both « Pas de dames » are played by game 2.
BOTH_QUEENS = [_game("tricks"), _game("queens"), _game("queens")]


@pytest.mark.parametrize("counts", [False, True])
def test_a_penalty_in_a_negative_game_played_out_is_refused(counts: bool) -> None:
    # RULES.md's case: after both « Pas de dames », a queens penalty line cost -8 for nothing.
    records = [*BOTH_QUEENS, {"game": "queens", "penalty": 1}]
    error = _refused(records, {"penalty_counts_as_game": counts})
    assert (error.code, error.field) == ("penalty_game_unavailable", "game")
    assert error.params == {"game": "queens", "seat": 3, "deal": 3}
    # The same line in a game still open at the table is a penalty line as before.
    ok = double_king.table_result([*BOTH_QUEENS, {"game": "hearts", "penalty": 1}])
    assert ok.per_deal[-1] == [0, -13, 0, 0]


def test_a_penalty_in_a_negative_game_for_a_dealer_with_none_left_is_refused() -> None:
    # Seat 0 deals games 0, 4, 8: three negative games, then a penalty line in « Pas de plis »
    # while he deals game 12 (he owes only trump).
    records = [
        _game("tricks"),
        _game("trump"),
        _game("trump"),
        _game("trump"),
        _game("hearts"),
        _game("trump"),
        _game("trump"),
        _game("trump"),
        _game("queens"),
        _game("jacks_kings"),
        _game("jacks_kings"),
        _game("king_of_hearts"),
    ]
    assert double_king.table_result(records).pending["negatives_left"][0] == 0
    error = _refused([*records, {"game": "tricks", "penalty": 2}])
    assert (error.code, error.params["seat"]) == ("penalty_game_unavailable", 0)


@pytest.mark.parametrize("counts", [False, True])
def test_a_trump_penalty_for_a_dealer_without_trump_left_is_refused(counts: bool) -> None:
    # Seat 0 plays trump at games 0 and 4; at game 8 his trump line would cost -6/+2/+2/+2.
    records = [_game("trump"), _game("tricks"), _game("hearts"), _game("queens"), _game("trump")]
    records += [_game("tricks"), _game("hearts"), _game("queens")]
    rules = {"penalty_counts_as_game": counts}
    assert double_king.table_result(records, rules).pending["trumps_left"][0] == 0
    error = _refused([*records, {"game": "trump", "penalty": 1}], rules)
    assert (error.code, error.params["seat"], error.params["game"]) == (
        "penalty_game_unavailable",
        0,
        "trump",
    )


def test_another_players_fault_during_a_forced_trump_redeal_lifts_the_obligation() -> None:
    # Seat 0 deals and is at fault: his redeal must be trump.  In that trump redeal seat 2 is
    # at fault: the dealer deals again and « peut choisir le jeu à jouer » (seed §8).
    records = [{"game": "tricks", "penalty": 0}, {"game": "trump", "penalty": 2}]
    after = double_king.table_result(records)
    assert after.pending["dealer_must_choose_trump"] is False
    chosen = double_king.table_result([*records, _game("tricks", dealer=0)])
    assert chosen.pending["negatives_left"][0] == 2
    # His own second fault forces trump again.
    again = [*records, {"game": "trump", "penalty": 0}, _game("tricks")]
    assert _refused(again).code == "dealer_must_choose_trump"


def test_a_trump_penalty_worth_nothing_is_refused_by_the_rules() -> None:
    # [0, 0] would make a trump penalty line show no offender: such a line could not be entered
    # from its points (docs/rules/double_king.md#penalties).
    with pytest.raises(InvalidRules) as info:
        double_king.validate_rules({"trump_penalty": [0, 0]})
    assert info.value.field == "trump_penalty"
    assert info.value.params["rule"] == "penalty_costs_nothing"
    assert double_king.validate_rules({"trump_penalty": [-3, 1]})["trump_penalty"] == [-3, 1]


@SETTINGS
@given(others=st.integers(1, 100), offender=st.integers(0, 3))
def test_every_accepted_trump_penalty_names_its_offender_from_its_points(
    others: int, offender: int
) -> None:
    rules = {"trump_penalty": [-3 * others, others]}
    points = score_deal("double_king", {"game": "trump", "penalty": offender}, rules=rules)
    record = double_king.record_from_points("trump", points, penalty=True, rules=rules)
    assert record == {"game": "trump", "penalty": offender}


def _choices(pending: dict[str, Any]) -> list[str]:
    """The games the next dealer may be playing, as the round reports them."""
    dealer = pending["next_dealer"]
    if pending["dealer_must_choose_trump"]:
        return ["trump"]
    options = []
    if pending["negatives_left"][dealer]:
        options += sorted(pending["negative_games_left"])
    if pending["trumps_left"][dealer]:
        options.append("trump")
    return options


@SETTINGS
@given(
    first_dealer=st.integers(0, 3),
    counts=st.booleans(),
    script=st.lists(
        st.tuples(st.sampled_from(sorted(double_king.KINDS)), st.integers(0, 5)),
        min_size=1,
        max_size=40,
    ),
)
def test_an_accepted_round_never_names_a_game_the_dealer_could_not_be_playing(
    first_dealer: int, counts: bool, script: list[tuple[str, int]]
) -> None:
    """Any game, any offender: a line is accepted only if its game is one the dealer could be
    playing at that point; a refused line is left out and the round goes on."""
    rules = {"penalty_counts_as_game": counts}
    records: list[Record] = []
    for code, who in script:
        before = double_king.table_result(records, rules, first_dealer=first_dealer)
        if before.complete:
            break
        line = {"game": code, "penalty": who} if who < 4 else _game(code)
        try:
            double_king.table_result([*records, line], rules, first_dealer=first_dealer)
        except InvalidDeal:
            continue
        assert code in _choices(before.pending), (records, line)
        records.append(line)


# --------------------------------------------------------------------------- whist


@pytest.mark.parametrize("tricks", [9, 10, 13])
def test_a_solo_8_above_8_tricks_is_refused_never_counted_as_8(tricks: int) -> None:
    # « quand le joueur arrive à 8 plis ... la partie [est] arrêtée » (seed 004).
    record = {"contract": "solo_8", "declarers": [1], "tricks": tricks}
    with pytest.raises(InvalidDeal) as info:
        score_deal("whist", record)
    assert (info.value.code, info.value.field) == ("tricks_after_stop", "tricks")
    assert info.value.params == {"max": 8, "got": tricks}


def test_every_solo_stops_at_8_tricks() -> None:
    # Worked examples: solo 6 with 8 tricks = 6 + 2 × 3; solo 8 made = 18; one more is refused.
    assert score_deal("whist", {"contract": "solo_6", "declarers": [2], "tricks": 8}) == [
        -4,
        -4,
        12,
        -4,
    ]
    assert score_deal("whist", {"contract": "solo_8", "declarers": [3], "tricks": 8}) == [
        -6,
        -6,
        -6,
        18,
    ]
    for contract in ("solo_6", "solo_7", "solo_8"):
        with pytest.raises(InvalidDeal) as info:
            score_deal("whist", {"contract": contract, "declarers": [0], "tricks": 9})
        assert info.value.code == "tricks_after_stop"
    # A counter keeps the stop: solo 8 against piccolo with 9 tricks is refused too.
    counter = {"contract": "solo_8", "declarers": [0], "tricks": 9, "against": "piccolo"}
    with pytest.raises(InvalidDeal):
        score_deal("whist", counter)


@SETTINGS
@given(tricks=st.integers(0, 13), contract=st.sampled_from(["solo_6", "solo_7", "solo_8"]))
def test_a_solo_is_scored_only_up_to_its_stop(tricks: int, contract: str) -> None:
    record = {"contract": contract, "declarers": [0], "tricks": tricks}
    if tricks > 8:
        with pytest.raises(InvalidDeal):
            score_deal("whist", record)
        return
    points = score_deal("whist", record)
    assert sum(points) == 0
    bid = int(contract[-1])
    p = {6: 6, 7: 12, 8: 18}[bid]
    assert points[0] == (p if tricks >= bid else -p) + 3 * (tricks - bid)


# --------------------------------------------------------------------------- Plonk


def test_five_aces_between_two_teams_are_refused() -> None:
    # RULES.md: team 1's 5 live cards worth 67 need the four aces, team 0's 3 worth 31 one more.
    record = {"tricks": [1, 12], "dead": [1, 43], "live_points": [31, 67]}
    with pytest.raises(InvalidDeal) as info:
        score_deal("plonk", record)
    assert (info.value.code, info.value.field) == ("live_cards_not_dealable", "live_points")
    # Each team alone could make its points: the deck cannot make both.
    assert plonk.reachable(3, 31) and plonk.reachable(5, 67)
    # With team 0 on 30 (three tens), both come from one deck: accepted.
    assert score_deal("plonk", {**record, "live_points": [30, 67]}) == [29, 24]


def test_an_ace_too_many_is_refused_whatever_the_other_cards() -> None:
    # Team 0: 2 live cards worth 21 (two cards without an ace make at most 20: an ace and a
    # six).  Team 1: 5 worth 66 (three aces and two more make at most 65: four aces and a six).
    record = {"tricks": [1, 12], "dead": [2, 43], "live_points": [21, 66]}
    with pytest.raises(InvalidDeal) as info:
        score_deal("plonk", record)
    assert info.value.code == "live_cards_not_dealable"
    assert info.value.params == {"cards_0": 2, "cards_1": 5, "got_0": 21, "got_1": 66}
    # Together they are 7 cards worth 87, which one team could hold (four aces, 10, 10, 7):
    # the old check on the sum let it through.
    assert plonk.reachable(7, 87)
    assert plonk.live_cards([2, 5], [20, 66]) == ({10: 2}, {6: 1, 15: 4})


def _deck() -> list[tuple[str, int]]:
    values = [*range(2, 11), 10, 10, 10, 15]  # 2-10, J, Q, K, A
    return [(suit, value) for suit in "SHDC" for value in values]


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_every_deal_really_played_is_accepted(seed: int) -> None:
    """A deal played out from one shuffled deck (random leads and winners) is accepted."""
    rng = random.Random(seed)
    cards = _deck()
    rng.shuffle(cards)
    tricks, dead, live = [0, 0], [0, 0], [0, 0]
    for n in range(13):
        trick = cards[4 * n : 4 * n + 4]
        team = rng.randrange(2)
        led = trick[0][0]
        tricks[team] += 1
        dead[team] += sum(1 for suit, _ in trick if suit == led)
        live[team] += sum(value for suit, value in trick if suit != led)
    record = {"tricks": tricks, "dead": dead, "live_points": live}
    assert score_deal("plonk", record) == [live[0] - dead[0], live[1] - dead[1]]


@SETTINGS
@given(
    tricks0=st.integers(0, 13),
    dead=st.tuples(st.integers(0, 52), st.integers(0, 52)),
    live=st.tuples(st.integers(0, 400), st.integers(0, 400)),
)
def test_every_accepted_pair_of_live_totals_is_dealt_from_one_deck(
    tricks0: int, dead: tuple[int, int], live: tuple[int, int]
) -> None:
    """Whatever is accepted has a witness: live cards per value for each team, together
    within the deck's count of that value, making each team's cards and points."""
    tricks = [tricks0, 13 - tricks0]
    record = {"tricks": tricks, "dead": list(dead), "live_points": list(live)}
    try:
        score_deal("plonk", record)
    except InvalidDeal:
        return
    cards = [4 * t - d for t, d in zip(tricks, dead, strict=True)]
    witness = plonk.live_cards(cards, list(live))
    assert witness is not None
    deck = {v: plonk.CARD_VALUES.count(v) for v in set(plonk.CARD_VALUES)}
    for team in (0, 1):
        assert sum(witness[team].values()) == cards[team]
        assert sum(v * n for v, n in witness[team].items()) == live[team]
    for value, count in deck.items():
        assert witness[0].get(value, 0) + witness[1].get(value, 0) <= count


@SETTINGS
@given(
    tricks0=st.integers(1, 12),
    dead0=st.integers(1, 48),
    dead1=st.integers(1, 48),
    live0=st.integers(0, 360),
    live1=st.integers(0, 360),
)
def test_the_rules_validation_and_the_deal_agree(
    tricks0: int, dead0: int, dead1: int, live0: int, live1: int
) -> None:
    """A record is accepted exactly when both teams' live cards can be dealt at once."""
    tricks = [tricks0, 13 - tricks0]
    record = {"tricks": tricks, "dead": [dead0, dead1], "live_points": [live0, live1]}
    cards = [4 * tricks[0] - dead0, 4 * tricks[1] - dead1]
    shape_ok = all(t <= d <= 4 * t for t, d in zip(tricks, (dead0, dead1), strict=True))
    try:
        score_deal("plonk", record)
        accepted = True
    except InvalidDeal:
        accepted = False
    assert accepted == (shape_ok and plonk.live_cards(cards, [live0, live1]) is not None)


def test_the_registry_still_scores_the_worked_example() -> None:
    assert GAMES["plonk"].score_deal(
        {"tricks": [7, 6], "dead": [12, 9], "live_points": [150, 140]}
    ) == [138, 131]
