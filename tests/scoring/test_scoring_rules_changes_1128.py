"""RULES.md « Changes of 2026-11-28 »: a record checked alone as in its round, the club
classification without clubs that have no ranked player.

docs/rules/whist.md, docs/rules/double_king.md#games, docs/rules/ranking.md#club-classification.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import InvalidDeal, double_king, score_deal
from scoring.ranking import club_ranking

SETTINGS = settings(max_examples=150, deadline=None)

Record = dict[str, Any]


def _refused(game: str, record: Record, rules: dict[str, Any] | None = None) -> InvalidDeal:
    with pytest.raises(InvalidDeal) as info:
        score_deal(game, record, rules=rules)
    return info.value


# --------------------------------------------------------------------------- whist's dealer


def test_a_whist_record_with_a_dealer_not_at_a_table_of_four_is_refused() -> None:
    # RULES.md's case: it gave points at a table of 4 (checked at 5 and 6 only).
    record = {"contract": "solo_6", "declarers": [1], "tricks": 6, "dealer": "x"}
    error = _refused("whist", record)
    assert (error.code, error.field) == ("not_an_integer", "dealer")
    error = _refused("whist", {**record, "dealer": 4})
    assert (error.code, error.field) == ("bad_seat", "dealer")
    # A real seat is accepted as before.
    assert score_deal("whist", {**record, "dealer": 3}) == [-2, 6, -2, -2]


@SETTINGS
@given(dealer=st.one_of(st.integers(), st.text(max_size=3), st.none(), st.booleans()))
def test_a_whist_record_is_scored_alone_only_with_a_seat_of_its_table(dealer: object) -> None:
    record = {"contract": "emballage_8", "declarers": [0, 2], "tricks": 8, "dealer": dealer}
    is_seat = isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < 4
    if is_seat:
        assert sum(score_deal("whist", record)) == 0
    else:
        assert _refused("whist", record).field == "dealer"


# --------------------------------------------------------------------------- Double King's quotas

NEGATIVE = [code for code, kind in double_king.KINDS.items() if kind.negative]


def _game(code: str) -> Record:
    """A valid record of ``code`` (who takes what does not matter here)."""
    if code == "king_of_hearts":
        return {"game": code, "taker": 1}
    if code == "seventh_last":
        return {"game": code, "seventh": 1, "last": 2}
    return {"game": code, "taken": [double_king.KINDS[code].units, 0, 0, 0]}


#: A table without « 7th and last » (« Pas de dames » and « Pas de valets/rois » played three
#: times, the king of hearts at -2: the round still sums to 0), as a Rıfkı-like club types it.
NO_SEVENTH: dict[str, Any] = {
    "negative_quotas": {
        **dict.fromkeys(NEGATIVE, 2),
        "seventh_last": 0,
        "queens": 3,
        "jacks_kings": 3,
    },
    "game_values": {**double_king.DEFAULT_RULES["game_values"], "king_of_hearts": -2},
}


def test_a_double_king_record_of_a_game_the_table_does_not_play_is_refused() -> None:
    error = _refused("double_king", {"game": "seventh_last", "seventh": 0, "last": 1}, NO_SEVENTH)
    assert (error.code, error.field) == ("game_not_played", "game")
    # Its penalty line too: no points for a game that cannot have been dealt.
    error = _refused("double_king", {"game": "seventh_last", "penalty": 2}, NO_SEVENTH)
    assert error.code == "game_not_played"
    # The games the table plays are scored as before.
    assert score_deal("double_king", _game("king_of_hearts"), rules=NO_SEVENTH) == [0, -2, 0, 0]


@SETTINGS
@given(code=st.sampled_from(list(double_king.KINDS)), penalty=st.booleans())
def test_a_record_alone_is_refused_exactly_when_its_game_is_not_played(
    code: str, penalty: bool
) -> None:
    record = {"game": code, "penalty": 0} if penalty else _game(code)
    if code == "seventh_last":
        assert _refused("double_king", record, NO_SEVENTH).code == "game_not_played"
    else:
        assert len(score_deal("double_king", record, rules=NO_SEVENTH)) == 4


def test_with_penalty_counts_as_game_a_dealer_at_fault_forces_no_trump_on_the_next_slot():
    # The line takes seat 0's slot; slot 1 is seat 1's deal, free to choose a negative game.
    rules = {"penalty_counts_as_game": True}
    records = [{"game": "tricks", "penalty": 0, "dealer": 0}]
    pending = double_king.table_result(records, rules).pending
    assert (pending["next_dealer"], pending["dealer_must_choose_trump"]) == (1, False)
    result = double_king.table_result([*records, {**_game("hearts"), "dealer": 1}], rules)
    assert result.pending["games_played"] == 2
    # Without the setting the same fault makes seat 0 redeal, trump forced.
    pending = double_king.table_result(records).pending
    assert (pending["next_dealer"], pending["dealer_must_choose_trump"]) == (0, True)


# --------------------------------------------------------------------------- club classification


def test_a_club_without_a_ranked_player_has_no_place() -> None:
    # RULES.md's case: with N = 3, C (no ranked player) was given a place.
    standings = club_ranking({"A": [1, 1], "B": [100], "C": []}, best=3)
    assert [(s.club, s.place) for s in standings] == [("A", 1), ("B", 2)]


@SETTINGS
@given(
    results=st.dictionaries(
        st.sampled_from("ABCDEFG"), st.lists(st.integers(0, 50), max_size=5), max_size=7
    ),
    best=st.integers(1, 5),
)
def test_the_clubs_listed_are_those_with_a_ranked_player(
    results: dict[str, list[int]], best: int
) -> None:
    listed = {s.club for s in club_ranking(results, best=best)}
    assert listed == {club for club, values in results.items() if values}
