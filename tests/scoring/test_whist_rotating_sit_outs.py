"""RULES.md « Changes of 2026-11-28 », rotating sit-outs (« à tour de rôle »): in each pool
the rotation starts with the players of the table who have sat out least so far in the
tournament (ties: seat order), so that over an evening sit-outs are as even as the deals
allow (scoring.whist_seats.rotation_order, an input of deal_seats and table_result)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import GAMES
from scoring.errors import InvalidDeal
from scoring.whist import table_result
from scoring.whist_seats import DEALS_PER_TURN, deal_seats, rotation_order, sat_out_deals

ROTATING = {"sit_out": "rotating"}


def _evening(n: int, pools: list[tuple[list[int], int]], deals: int) -> list[int]:
    """Each player's deals sat out over ``pools`` (the seat of each player, the first
    dealer), the rotation of each pool from what they sat out before it."""
    counts = [0] * n
    for seat_of, first_dealer in pools:
        player_at = {seat: player for player, seat in enumerate(seat_of)}
        so_far = [counts[player_at[seat]] for seat in range(n)]
        order = rotation_order(n, so_far, first_dealer)
        out = sat_out_deals(n, deals, first_dealer, "rotating", order)
        for seat, sat in enumerate(out):
            counts[player_at[seat]] += sat
    return counts


def test_twelve_deals_at_five_today_and_now() -> None:
    # Today: in every pool the rotation starts from the seat before the first dealer, so the
    # same three seats sit out 4 deals each and two never do.
    today = [0] * 5
    for _pool in range(3):
        today = [a + b for a, b in zip(today, sat_out_deals(5, 12, 0, "rotating"), strict=True)]
    assert sorted(today) == [0, 0, 12, 12, 12]
    # Now: the second pool starts with the two who have not sat out yet.
    same_seats = [(list(range(5)), 0)]
    assert sorted(_evening(5, same_seats, 12)) == [0, 0, 4, 4, 4]
    assert sorted(_evening(5, same_seats * 2, 12)) == [4, 4, 4, 4, 8]
    assert _evening(5, same_seats * 5, 12) == [12] * 5  # 5 pools: 3 turns each for everybody


def test_the_second_pool_of_a_table_of_five_worked_case() -> None:
    first = sat_out_deals(5, 12, 0, "rotating")
    assert first == [4, 4, 0, 0, 4]  # seats 4, 0 and 1 sat out, the first dealer deals first
    order = rotation_order(5, first, 0)
    assert order == (2, 3, 4, 0, 1)
    seats = [deal_seats(5, k, 0, "rotating", order) for k in range(12)]
    assert [out for _dealer, out in seats] == [(2,)] * 4 + [(3,)] * 4 + [(4,)] * 4
    # within a turn the four others deal once each, from the first dealer
    assert [dealer for dealer, _out in seats[:4]] == [0, 1, 3, 4]
    assert all(dealer not in out for dealer, out in seats)


def test_without_an_order_the_rotation_is_unchanged() -> None:
    # A first pool (nobody sat out) rotates as before, from the seat before the first dealer.
    for n in (5, 6):
        for first_dealer in range(n):
            order = rotation_order(n, [0] * n, first_dealer)
            for k in range(24):
                assert deal_seats(n, k, first_dealer, "rotating", order) == deal_seats(
                    n, k, first_dealer, "rotating"
                )


def test_table_result_follows_the_order_and_refuses_the_old_seats() -> None:
    order = (2, 3, 4, 0, 1)
    deal = {"contract": "emballage_8", "declarers": [0, 1], "tricks": 9, "sitting_out": 2}
    result = table_result([deal], ROTATING, n_seats=5, sit_out_order=order)
    assert result.scores[2] == 0
    assert result.pending["next_dealer"] == 1

    with pytest.raises(InvalidDeal):  # today's first sitter-out (seat 4) no longer sits out
        table_result([{**deal, "sitting_out": 4}], ROTATING, n_seats=5, sit_out_order=order)
    # through the registry, the scores unchanged
    assert (
        GAMES["whist"].table_result([deal], ROTATING, n_seats=5, sit_out_order=order).scores
        == result.scores
    )


def test_a_bad_order_is_refused() -> None:
    with pytest.raises(ValueError, match="sit_out_order"):
        table_result([], ROTATING, n_seats=5, sit_out_order=(0, 1, 2, 3, 3))
    with pytest.raises(ValueError, match="sit_out_order"):
        table_result([], ROTATING, n_seats=6, sit_out_order=(0, 1, 2, 3, 4, 5))


@settings(max_examples=200, deadline=None)
@given(
    st.data(),
    st.integers(min_value=1, max_value=30),
    st.integers(min_value=1, max_value=8),
)
def test_an_evening_at_five_sit_outs_differ_by_at_most_one_turn(data, deals, pools) -> None:
    # Players reseated at will each pool: a player's deals sat out never differ from another's
    # by more than one turn (4 deals); with whole turns, by at most 1 sit-out.
    evening = [
        (data.draw(st.permutations(range(5))), data.draw(st.integers(0, 4))) for _ in range(pools)
    ]
    counts = _evening(5, evening, deals)
    assert max(counts) - min(counts) <= DEALS_PER_TURN
    if deals % DEALS_PER_TURN == 0:
        turns = [c // DEALS_PER_TURN for c in counts]
        assert max(turns) - min(turns) <= 1


@settings(max_examples=200, deadline=None)
@given(
    st.data(),
    st.integers(min_value=1, max_value=30),
    st.integers(min_value=1, max_value=8),
)
def test_an_evening_at_six_sit_outs_differ_by_at_most_one_turn(data, deals, pools) -> None:
    # At 6 two opposite players sit out together: the same pairs of opposite players pool
    # after pool (the draw decides who faces whom), seats and first dealer as they come.
    evening = []
    for _ in range(pools):
        pair_seats = data.draw(st.permutations(range(3)))
        flips = data.draw(st.lists(st.booleans(), min_size=3, max_size=3))
        seat_of = [0] * 6
        for pair, seat in enumerate(pair_seats):
            a, b = (seat, seat + 3) if not flips[pair] else (seat + 3, seat)
            seat_of[pair], seat_of[pair + 3] = a, b
        evening.append((seat_of, data.draw(st.integers(0, 5))))
    counts = _evening(6, evening, deals)
    assert max(counts) - min(counts) <= DEALS_PER_TURN
    if deals % DEALS_PER_TURN == 0:
        turns = [c // DEALS_PER_TURN for c in counts]
        assert max(turns) - min(turns) <= 1
