"""Double: one manche, the ten-manche game, bids backed by points held."""

from __future__ import annotations

import pytest

from scoring import InvalidDeal, InvalidRules
from scoring.double import score_deal, table_result

MANCHES = [1, 2, 3, 4, 5, 5, 4, 3, 2, 1]


def manche(cards: int, bids: list[int], tricks: list[int], **extra: object) -> dict[str, object]:
    return {"cards": cards, "bids": bids, "tricks": tricks, **extra}


def test_all_exact_and_all_wrong() -> None:
    assert score_deal(manche(5, [2, 3, 0], [2, 3, 0])) == [7, 8, 5]
    assert score_deal(manche(5, [5, 0, 0, 0, 0, 0], [0, 1, 1, 1, 1, 1])) == [-5, 0, 0, 0, 0, 0]


@pytest.mark.parametrize(
    ("record", "code", "field"),
    [
        (manche(3, [1, 0, 2, 1], [1, 1, 1, 1]), "wrong_total", "tricks"),
        (manche(3, [1, 0, 4, 1], [1, 1, 1, 0]), "bid_out_of_range", "bids"),
        (manche(3, [1, 0, -1, 1], [1, 1, 1, 0]), "negative_count", "bids"),
        (manche(3, [1, 0], [2, 1]), "wrong_length", "bids"),
        (manche(3, [1] * 7, [1, 1, 1, 0, 0, 0, 0]), "wrong_length", "bids"),
        (manche(3, [1, 0, 2], [1, 1, 1, 0]), "wrong_length", "tricks"),
        (manche(6, [1, 0, 2], [1, 1, 4]), "bad_card_count", "cards"),
        (manche(0, [0, 0, 0], [0, 0, 0]), "bad_card_count", "cards"),
        (manche(True, [0, 0, 1], [0, 0, 1]), "not_an_integer", "cards"),  # type: ignore[arg-type]
        (manche(1, [0, 0, 1], [0, 0, 1], dealer=3), "bad_seat", "dealer"),
    ],
)
def test_invalid_manches(record: dict[str, object], code: str, field: str) -> None:
    with pytest.raises(InvalidDeal) as info:
        score_deal(record)
    assert (info.value.code, info.value.field) == (code, field)


def test_whole_game() -> None:
    records = []
    for k, cards in enumerate(MANCHES):
        # seat 0 always bids everything and takes everything; seat 1 bids 1 and never takes
        bids = [cards, min(1, cards), 0, 0]
        records.append(manche(cards, bids, [cards, 0, 0, 0], dealer=(2 + k) % 4))
    result = table_result(records, first_dealer=2)
    assert result.complete
    assert result.scores == [15 + 50 + 30, 5, 65, 65]
    assert result.place_points == [16, 4, 10, 10]
    assert result.pending["next_cards"] is None
    partial = table_result(records[:4], first_dealer=2)
    assert partial.pending == {
        "manches_played": 4,
        "manches_left": 6,
        "next_cards": 5,
        "next_dealer": 2,
        "points_held": [15 + 20 + 10, 11, 35, 35],
    }


def test_bid_never_above_points_held() -> None:
    records = [
        manche(1, [1, 0, 0], [0, 1, 0]),  # seat 0: 14
        manche(2, [2, 0, 0], [0, 1, 1]),  # 12
        manche(3, [3, 0, 0], [0, 0, 3]),  # 9
        manche(4, [4, 0, 0], [0, 0, 4]),  # 5
        manche(5, [5, 0, 0], [0, 0, 5]),  # 0
        manche(5, [1, 0, 0], [1, 0, 4]),  # holds nothing: only 0
    ]
    with pytest.raises(InvalidDeal) as info:
        table_result(records, n_seats=3)
    assert (info.value.code, info.value.field, info.value.params) == (
        "bid_above_points",
        "bids",
        {"seat": 0, "held": 0, "got": 1, "deal": 5},
    )
    records[5] = manche(5, [0, 0, 0], [1, 0, 4])
    assert table_result(records, n_seats=3).scores[0] == 0


def test_card_sequence_and_length_of_game() -> None:
    with pytest.raises(InvalidDeal) as info:
        table_result([manche(2, [0, 0, 0], [1, 1, 0])], n_seats=3)
    assert (info.value.code, info.value.params) == (
        "bad_card_count",
        {"expected": 1, "got": 2, "deal": 0},
    )
    records = [manche(c, [0, 0, 0], [c, 0, 0]) for c in MANCHES]
    with pytest.raises(InvalidDeal) as info:
        table_result([*records, manche(1, [0, 0, 0], [1, 0, 0])], n_seats=3)
    assert info.value.code == "too_many_manches"
    with pytest.raises(InvalidDeal) as info:
        table_result(records, n_seats=4)
    assert info.value.code == "wrong_length"
    with pytest.raises(InvalidDeal) as info:
        table_result(records, n_seats=7)
    assert info.value.code == "bad_table_size"


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_place_points_for_every_table_size(n: int) -> None:
    records = [manche(c, [c] + [0] * (n - 1), [c] + [0] * (n - 1)) for c in MANCHES]
    result = table_result(records, n_seats=n)
    assert result.scores == [95] + [65] * (n - 1)  # everybody exact every time
    assert result.place_points is not None
    assert sum(result.place_points) == 10 * n  # 16 first, 4 last, 10 on average
    assert result.place_points[0] == 16
    assert len(set(result.place_points[1:])) == 1  # the others share


def test_settings() -> None:
    records = [manche(c, [0, 0, 0], [c, 0, 0]) for c in [3, 3]]
    result = table_result(records, {"manches": [3, 3], "start_points": 0}, n_seats=3)
    assert result.complete and result.scores == [0, 10, 10]
    with pytest.raises(InvalidRules):
        table_result([], {"manches": [1, 7]}, n_seats=3)
    with pytest.raises(InvalidRules):
        table_result([], {"place_points": {"4": [16, 12, 8, 4]}}, n_seats=4)
