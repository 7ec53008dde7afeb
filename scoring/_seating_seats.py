"""Seat order within tables for :mod:`scoring.seating` (private helper).

Once the tables of every round are fixed, each table is put in seat order:
first the dealers (seat 0) are chosen so that everybody deals first as evenly
as possible over history and new rounds, then the other seats are filled
table by table, round by round, so that each player takes each seat as evenly
as possible.
"""

from __future__ import annotations

import itertools
import random
from collections import deque

Rounds = list[list[list[int]]]

_MAX_PERMUTED = 6  # tables up to this size try every order of seats 1..size-1


def order_seats(rounds: Rounds, seat_counts: list[list[int]], rng: random.Random) -> Rounds:
    """``rounds`` with every table in seat order.

    ``seat_counts[p][k]`` is how often player ``p`` already sat in seat ``k``
    (history); it is updated in place.
    """
    dealers = _choose_dealers(rounds, [row[0] for row in seat_counts], rng)
    out: Rounds = []
    for r, tables in enumerate(rounds):
        ordered: list[list[int]] = []
        for t, table in enumerate(tables):
            dealer = dealers[r][t]
            others = [p for p in table if p != dealer]
            rng.shuffle(others)
            if len(table) <= _MAX_PERMUTED:
                best = min(
                    itertools.permutations(others),
                    key=lambda perm: sum(seat_counts[p][k + 1] for k, p in enumerate(perm)),
                )
                seats = [dealer, *best]
            else:
                seats = [dealer]
                for k in range(1, len(table)):
                    p = min(others, key=lambda x: seat_counts[x][k])
                    others.remove(p)
                    seats.append(p)
            for k, p in enumerate(seats):
                seat_counts[p][k] += 1
            ordered.append(seats)
        out.append(ordered)
    _even_out(out, seat_counts)
    return out


def _even_out(rounds: Rounds, seat_counts: list[list[int]]) -> None:
    """Even out the seats 1 and up by swapping seats along alternating chains.

    For two seats ``a`` and ``b`` and a player ``v`` who sat in ``a`` at least
    twice more than in ``b``: at a table where ``v`` sits in ``a`` he swaps
    with the player in ``b``; if that player now sits in ``a`` once too
    often, he swaps at another table where he sits in ``a``, and so on (the
    argument of de Werra's equitable edge colourings of bipartite graphs).
    Only the two ends of the chain change counts; a chain is kept when it
    lowers the sum of squared counts.  Dealers (seat 0) stay.  Updates both
    arguments in place.
    """
    width = max((len(t) for tables in rounds for t in tables), default=0)
    where: dict[tuple[int, int], list[list[int]]] = {}  # (player, seat) -> tables
    for tables in rounds:
        for table in tables:
            for k, p in enumerate(table):
                where.setdefault((p, k), []).append(table)
    improved = True
    while improved:
        improved = False
        for a, b in itertools.permutations(range(1, width), 2):
            for v, counts in enumerate(seat_counts):
                if counts[a] - counts[b] < 2:
                    continue
                chain = _chain(v, a, b, where)
                if chain is None:
                    continue
                w = chain[-1][b]
                cw = seat_counts[w]
                if w == v or (counts[b] - counts[a] + 1) + (cw[a] - cw[b] + 1) >= 0:
                    continue
                for table in chain:
                    x, y = table[a], table[b]
                    table[a], table[b] = y, x
                    where[x, a].remove(table)
                    where[y, b].remove(table)
                    where.setdefault((x, b), []).append(table)
                    where.setdefault((y, a), []).append(table)
                counts[a] -= 1
                counts[b] += 1
                cw[a] += 1
                cw[b] -= 1
                improved = True


def _chain(
    v: int, a: int, b: int, where: dict[tuple[int, int], list[list[int]]]
) -> list[list[int]] | None:
    """Tables of an alternating chain from ``v`` in seat ``a``; the last table's
    player in seat ``b`` ends it.  None if ``v`` has no table with both seats."""
    chain: list[list[int]] = []
    used: set[int] = set()
    p = v
    while True:
        nxt = None
        for table in where.get((p, a), []):
            if id(table) not in used and len(table) > b:
                nxt = table
                break
        if nxt is None:
            return chain or None
        used.add(id(nxt))
        chain.append(nxt)
        p = nxt[b]


def _choose_dealers(rounds: Rounds, deals: list[int], rng: random.Random) -> list[list[int]]:
    """One dealer per table, spreading first deals as evenly as possible.

    Greedy first (the member who dealt least), then improving paths: a
    player who deals more than another by two or more hands a table over to a
    tablemate, who may hand one of his on, and so on.  Each path lowers the
    sum of squared deal counts, so this ends; at the end no such path exists,
    which makes the counts as even as the tables allow.
    """
    count = list(deals)
    priority = list(range(len(count)))
    rng.shuffle(priority)
    dealer: list[list[int]] = []
    for tables in rounds:
        chosen = []
        for table in tables:
            p = min(table, key=lambda x: (count[x], priority[x]))
            count[p] += 1
            chosen.append(p)
        dealer.append(chosen)
    deals_at: dict[int, list[tuple[int, int]]] = {}
    for r, chosen in enumerate(dealer):
        for t, p in enumerate(chosen):
            deals_at.setdefault(p, []).append((r, t))
    improved = True
    while improved:
        improved = False
        for start in sorted(deals_at, key=lambda x: (-count[x], priority[x])):
            path = _improving_path(start, rounds, dealer, deals_at, count)
            if path is None:
                continue
            for r, t, old, new in path:
                dealer[r][t] = new
                deals_at[old].remove((r, t))
                deals_at.setdefault(new, []).append((r, t))
            count[path[0][2]] -= 1
            count[path[-1][3]] += 1
            improved = True
            break
    return dealer


def _improving_path(
    start: int,
    rounds: Rounds,
    dealer: list[list[int]],
    deals_at: dict[int, list[tuple[int, int]]],
    count: list[int],
) -> list[tuple[int, int, int, int]] | None:
    """Hand-overs ``(round, table, old dealer, new dealer)`` from ``start`` to a player
    dealing at least two fewer hands, or None (breadth first)."""
    came: dict[int, tuple[int, int, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        for r, t in deals_at.get(p, []):
            for q in rounds[r][t]:
                if q in came:
                    continue
                came[q] = (r, t, p)
                if count[q] <= count[start] - 2:
                    path: list[tuple[int, int, int, int]] = []
                    node = q
                    step = came[node]
                    while step is not None:
                        r0, t0, prev = step
                        path.append((r0, t0, prev, node))
                        node = prev
                        step = came[node]
                    path.reverse()
                    return path
                queue.append(q)
    return None
