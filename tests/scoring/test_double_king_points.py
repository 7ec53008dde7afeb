"""The sheet is kept in points, the records in counts: ``record_from_points`` reads a line of
points back into the record that scores it, and refuses points a game cannot give."""

import random

import pytest

from scoring import InvalidDeal
from scoring.double_king import KINDS, record_from_points, score_deal, sheet_line
from tournaments.sample_sheets import double_king_round


@pytest.mark.parametrize("seed", range(20))
def test_every_game_line_reads_back_into_its_record(seed):
    for record in double_king_round(seed % 4, random.Random(seed)):
        game_only = {k: v for k, v in record.items() if k != "dealer"}
        points = score_deal(record)
        assert record_from_points(record["game"], points) == game_only


@pytest.mark.parametrize("game", list(KINDS))
@pytest.mark.parametrize("offender", range(4))
def test_every_penalty_line_reads_back_into_its_offender(game, offender):
    record = {"game": game, "penalty": offender}
    points = score_deal(record, {"trump_penalty": [-9, 3]})
    assert record_from_points(game, points, penalty=True, rules={"trump_penalty": [-9, 3]}) == (
        record
    )


@pytest.mark.parametrize(
    ("game", "points", "code", "index"),
    [
        ("queens", [-2, -1, -4, -1], "impossible_points", 1),  # a queen is -2
        ("queens", [2, 0, -8, -2], "impossible_points", 0),  # a negative game
        ("trump", [-4, 3, 7, 7], "impossible_points", 0),
        ("king_of_hearts", [-5, -5, 0, 0], "wrong_total", None),
        ("seventh_last", [-2, -2, 0, 0], "wrong_total", None),
        ("hearts", [-3, -3, -3, -3], "wrong_total", None),
    ],
)
def test_points_a_game_cannot_give_are_refused_on_their_cell(game, points, code, index):
    with pytest.raises(InvalidDeal) as error:
        record_from_points(game, points)
    assert error.value.code == code
    assert error.value.params.get("index") == index


def test_a_penalty_line_must_be_the_penalty_of_its_game():
    with pytest.raises(InvalidDeal) as error:
        record_from_points("trump", [-13, 0, 0, 0], penalty=True)
    assert error.value.code == "impossible_points"
    assert error.value.params["allowed"] == "2, -6"
    with pytest.raises(InvalidDeal) as error:
        record_from_points("queens", [-8, -8, 0, 0], penalty=True)
    assert error.value.code == "wrong_total"
    # A trump penalty worth nothing would show no offender: the rules refuse it.
    with pytest.raises(InvalidDeal) as error:
        record_from_points("trump", [0, 0, 0, 0], penalty=True, rules={"trump_penalty": [0, 0]})
    assert (error.value.code, error.value.field) == ("invalid_rules", "trump_penalty")


def test_the_sheet_line_of_each_game_sums_to_its_total():
    assert sheet_line("tricks").values == tuple(range(0, -14, -1))
    assert sheet_line("hearts", penalty=True).values == (-13, 0)
    assert [sheet_line(code).total for code in KINDS] == [-13, -13, -8, -8, -5, -5, 13]
