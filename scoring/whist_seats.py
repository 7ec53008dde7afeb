"""Whist at a table of 4, 5 or 6: who deals each deal and who sits out (the « morts »).

Vocabulary
----------
*sitting out* (« mort »)
    Four players play each deal.  At a table of 5 one seat sits out each deal, at a table
    of 6 two, opposite each other (seats ``s`` and ``s + 3``); a seat sitting out scores 0.
*sit_out*
    The club's setting (docs/rules/whist.md#tables-of-5-and-6) saying who sits out:


    ``"dealer"`` (Default): the deal passes round every seat from the first dealer; the
    dealer deals and sits out the deal, and at a table of 6 the player opposite him sits
    out with him.

    ``"rotating"`` (« à tour de rôle toutes les 4 donnes »): the same seats sit out for 4
    deals, while the four others deal once each, in playing order; then the next seat sits
    out (at 6: the next pair of opposite seats).  The seat before the first dealer sits out
    first (at 6 with the seat opposite it), so the first dealer deals the first deal.  Over
    12 deals at a table of 6 everybody sits out 4 deals.

At a table of 4 nobody sits out and the deal passes round from the first dealer.

>>> [deal_seats(6, k) for k in range(3)]
[(0, (0, 3)), (1, (1, 4)), (2, (2, 5))]
>>> [deal_seats(5, k, sit_out="rotating") for k in (0, 1, 3, 4)]
[(0, (4,)), (1, (4,)), (3, (4,)), (1, (0,))]
>>> [deal_seats(6, k, sit_out="rotating") for k in range(5)]
[(0, (2, 5)), (1, (2, 5)), (3, (2, 5)), (4, (2, 5)), (1, (0, 3))]
"""

from __future__ import annotations

__all__ = ["DEALS_PER_TURN", "SIT_OUT", "TABLE_SIZES", "deal_seats", "sitting_out_pairs"]

#: The sizes of a whist table: 4 players, 5 with one « mort », 6 with two.
TABLE_SIZES = (4, 5, 6)
#: Who sits out at a table of 5 or 6 (setting ``sit_out``): the first is the default.
SIT_OUT = ("dealer", "rotating")
#: Deals in a row that the same seats sit out with ``"rotating"``.
DEALS_PER_TURN = 4


def deal_seats(
    n_seats: int, deal: int, first_dealer: int = 0, sit_out: str = "dealer"
) -> tuple[int, tuple[int, ...]]:
    """The dealer of deal ``deal`` (0-based) and the seats sitting it out (sorted).

    ``n_seats`` is 4, 5 or 6; the caller checks it and ``first_dealer``.
    """
    n = n_seats
    if n == 4:
        return (first_dealer + deal) % n, ()
    if sit_out == "dealer":
        dealer = (first_dealer + deal) % n
        return dealer, _out(dealer, n)
    turn, step = divmod(deal, DEALS_PER_TURN)
    first_out = (first_dealer - 1 + turn) % n
    out = _out(first_out, n)
    playing = [s % n for s in range(first_out + 1, first_out + n) if s % n not in out]
    return playing[step], out


def sitting_out_pairs(n_seats: int) -> list[tuple[int, ...]]:
    """The seats that may sit out one deal together at a table of ``n_seats`` (none at 4).

    >>> sitting_out_pairs(6)
    [(0, 3), (1, 4), (2, 5)]
    """
    if n_seats == 4:
        return []
    return sorted({_out(s, n_seats) for s in range(n_seats)})


def _out(seat: int, n: int) -> tuple[int, ...]:
    """``seat`` alone at a table of 5; with the seat opposite at a table of 6."""
    return (seat,) if n == 5 else tuple(sorted((seat, (seat + 3) % n)))
