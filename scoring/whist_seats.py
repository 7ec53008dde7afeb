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

    *sit_out_order* (RULES.md « Changes of 2026-11-28 »): over an evening the rotation of
    each pool starts with the players of the table who have sat out least so far in the
    tournament (:func:`rotation_order`, from the deals each seat's player sat out in the
    earlier pools), ties in the rotation's seat order from the seat before the first dealer,
    so that sit-outs are as even as the deals allow.  Without it (``None``), or for players
    who have not sat out yet, the rotation is the one above.  Within a turn the four players
    deal once each in playing order from the first dealer (the next seat when he sits out).

At a table of 4 nobody sits out and the deal passes round from the first dealer.

>>> [deal_seats(6, k) for k in range(3)]
[(0, (0, 3)), (1, (1, 4)), (2, (2, 5))]
>>> [deal_seats(5, k, sit_out="rotating") for k in (0, 1, 3, 4)]
[(0, (4,)), (1, (4,)), (3, (4,)), (1, (0,))]
>>> [deal_seats(6, k, sit_out="rotating") for k in range(5)]
[(0, (2, 5)), (1, (2, 5)), (3, (2, 5)), (4, (2, 5)), (1, (0, 3))]

The second pool of the same table of 5: seats 2 and 3 have not sat out yet, the others 4
deals each (the first pool's rotation from the seat before the first dealer, seat 4):

>>> sat_out_deals(5, 12, sit_out="rotating")
[4, 4, 0, 0, 4]
>>> rotation_order(5, [4, 4, 0, 0, 4])
(2, 3, 4, 0, 1)
>>> [deal_seats(5, k, 0, "rotating", (2, 3, 4, 0, 1)) for k in (0, 3, 4, 8)]
[(0, (2,)), (4, (2,)), (1, (3,)), (2, (4,))]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "DEALS_PER_TURN",
    "SIT_OUT",
    "TABLE_SIZES",
    "check_sit_out_order",
    "deal_seats",
    "rotation_order",
    "sat_out_deals",
    "sitting_out_pairs",
]

#: The sizes of a whist table: 4 players, 5 with one « mort », 6 with two.
TABLE_SIZES = (4, 5, 6)
#: Who sits out at a table of 5 or 6 (setting ``sit_out``): the first is the default.
SIT_OUT = ("dealer", "rotating")
#: Deals in a row that the same seats sit out with ``"rotating"``.
DEALS_PER_TURN = 4


def deal_seats(
    n_seats: int,
    deal: int,
    first_dealer: int = 0,
    sit_out: str = "dealer",
    sit_out_order: Sequence[int] | None = None,
) -> tuple[int, tuple[int, ...]]:
    """The dealer of deal ``deal`` (0-based) and the seats sitting it out (sorted).

    ``n_seats`` is 4, 5 or 6; the caller checks it, ``first_dealer`` and ``sit_out_order``
    (:func:`check_sit_out_order`): with ``"rotating"``, who sits out each turn of 4 deals,
    in order (:func:`rotation_order`; ``None``: from the seat before the first dealer).
    """
    n = n_seats
    if n == 4:
        return (first_dealer + deal) % n, ()
    if sit_out == "dealer":
        dealer = (first_dealer + deal) % n
        return dealer, _out(dealer, n)
    turn, step = divmod(deal, DEALS_PER_TURN)
    if sit_out_order:
        out = _out(sit_out_order[turn % len(sit_out_order)], n)
    else:
        out = _out((first_dealer - 1 + turn) % n, n)
    start = first_dealer + turn
    playing = [s % n for s in range(start, start + n) if s % n not in out]
    return playing[step], out


def rotation_order(n_seats: int, sat_out: Sequence[int], first_dealer: int = 0) -> tuple[int, ...]:
    """Who sits out first with ``"rotating"``: the seats of a table of 5 (at 6 the pairs of
    opposite seats, each named by its lower seat, 0 to 2) by the deals their players have sat
    out so far (``sat_out``, one count per seat; at 6 a pair's is the sum of its two), fewest
    first, ties in the rotation's seat order from the seat before the first dealer (so a
    table whose players have not sat out yet rotates as :func:`deal_seats` always did).
    Nobody sits out at 4: ``()``.

    >>> rotation_order(5, [0, 0, 0, 0, 0], first_dealer=2)
    (1, 2, 3, 4, 0)
    >>> rotation_order(6, [4, 0, 4, 4, 0, 4])
    (1, 2, 0)
    """
    n = n_seats
    if n == 4:
        return ()
    if len(sat_out) != n or any(count < 0 for count in sat_out):
        raise ValueError(f"sat_out must give {n} counts of deals, got {list(sat_out)!r}.")
    units = n if n == 5 else n // 2
    rotation = [(first_dealer - 1 + k) % n % units for k in range(units)]
    return tuple(
        sorted(
            rotation,
            key=lambda unit: (sum(sat_out[s] for s in _out(unit, n)), rotation.index(unit)),
        )
    )


def sat_out_deals(
    n_seats: int,
    deals: int,
    first_dealer: int = 0,
    sit_out: str = "dealer",
    sit_out_order: Sequence[int] | None = None,
) -> list[int]:
    """The deals each seat sat out over the first ``deals`` deals of a pool.

    >>> sat_out_deals(5, 12, sit_out="rotating")
    [4, 4, 0, 0, 4]
    >>> sat_out_deals(5, 12, sit_out="rotating", sit_out_order=(2, 3, 4, 0, 1))
    [0, 0, 4, 4, 4]
    """
    counts = [0] * n_seats
    for deal in range(deals):
        for seat in deal_seats(n_seats, deal, first_dealer, sit_out, sit_out_order)[1]:
            counts[seat] += 1
    return counts


def check_sit_out_order(value: object, n_seats: int) -> tuple[int, ...]:
    """A pool's ``sit_out_order``: empty or ``None`` (the rotation from the first dealer), or
    every seat of a table of 5 once (at 6 every pair, 0 to 2, once); none at 4.  A fact the
    draw stores, never typed: ``ValueError`` otherwise."""
    if value is None or (isinstance(value, list | tuple) and not value):
        return ()
    units = {5: 5, 6: 3}.get(n_seats, 0)
    if (
        not isinstance(value, list | tuple)
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or sorted(value) != list(range(units))
        or not units
    ):
        raise ValueError(f"sit_out_order: every seat (at 6 every pair) once, got {value!r}.")
    return tuple(value)


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
