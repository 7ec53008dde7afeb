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
    """Swap the seats (1 and up) of two players at a table while that evens out seat counts.

    Descent on the sum of squared counts; dealers stay.  Updates both
    arguments in place.
    """
    improved = True
    while improved:
        improved = False
        for tables in rounds:
            for table in tables:
                for i in range(1, len(table)):
                    for j in range(i + 1, len(table)):
                        a, b = table[i], table[j]
                        ca, cb = seat_counts[a], seat_counts[b]
                        # a moves from seat i to j, b from j to i.
                        gain = (ca[i] - 1 - ca[j]) + (cb[j] - 1 - cb[i])
                        if gain > 0:
                            ca[i] -= 1
                            ca[j] += 1
                            cb[j] -= 1
                            cb[i] += 1
                            table[i], table[j] = b, a
                            improved = True


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
