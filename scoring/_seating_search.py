"""Greedy start and tabu search for :mod:`scoring.seating` (private helper).

Everything here works on *internal* player numbers ``0..n-1`` and on a
meeting matrix ``meet[p][q]`` (how many times ``p`` and ``q`` sat at the same
table, history included).  The cost is the repeat count restricted to the
players being seated::

    E = sum over pairs p < q of max(0, meet[p][q] - 1)

The search follows Dotú and Van Hentenryck (tabu search on the number of
repeated meetings, with swaps of two players of the same round as moves and
incremental move costs) and Triska and Musliu (a greedy start that seats the
least free players first).  Randomness only comes from the ``random.Random``
passed in, and the effort is counted in move evaluations, not seconds, so a run
is reproducible; the wall-clock deadline is a safety net only.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence

Rounds = list[list[list[int]]]
Matrix = list[list[int]]


def new_matrix(n: int) -> Matrix:
    """An ``n`` × ``n`` matrix of zeros."""
    return [[0] * n for _ in range(n)]


def add_round(meet: Matrix, tables: Sequence[Sequence[int]], step: int = 1) -> None:
    """Count (or with ``step=-1`` uncount) the meetings of one round."""
    for table in tables:
        size = len(table)
        for a in range(size):
            row = meet[table[a]]
            for b in range(a + 1, size):
                row[table[b]] += step
                meet[table[b]][table[a]] += step


def cost(meet: Matrix) -> int:
    """The repeat count of a meeting matrix."""
    total = 0
    for p, row in enumerate(meet):
        for q in range(p + 1, len(row)):
            if row[q] > 1:
                total += row[q] - 1
    return total


def plan_odd_seats(
    n: int, n_odd_seats: int, n_rounds: int, odd_history: Sequence[int], rng: random.Random
) -> list[set[int]]:
    """Who sits at an odd-sized table in each round.

    Each round takes the players with the fewest odd seats so far (history
    included), so that nobody sits at an odd table twice before everyone has
    once.  Among equals it mixes: it avoids players who sat at odd tables in
    the same earlier rounds as those already chosen, since players who share
    the same kind of table round after round are bound to meet again.
    """
    count = list(odd_history)
    plan: list[set[int]] = []
    for _ in range(n_rounds):
        chosen: set[int] = set()
        overlap = [0] * len(plan)  # |chosen ∩ plan[r']|
        order = list(range(n))
        rng.shuffle(order)
        while len(chosen) < n_odd_seats:
            low = min(count[p] for p in order if p not in chosen)
            best = -1
            best_key = 0
            for p in order:
                if p in chosen or count[p] != low:
                    continue
                key = sum(2 * overlap[r] + 1 for r, seat in enumerate(plan) if p in seat)
                if best < 0 or key < best_key:
                    best, best_key = p, key
            chosen.add(best)
            for r, seat in enumerate(plan):
                if best in seat:
                    overlap[r] += 1
        for p in chosen:
            count[p] += 1
        plan.append(chosen)
    return plan


def plan_bound(plan: Sequence[set[int]], n: int, sizes: Sequence[int], odd: Sequence[bool]) -> int:
    """A lower bound on the repeats of any new rounds that follow ``plan``.

    Pigeonhole between consecutive rounds: the ``m`` players who sit at
    tables of kind A in one round and of kind B in the next fill the
    ``a·b`` (table, table) cells, so ``m > a·b`` forces shared tables twice.
    A pair meeting ``k`` times is counted at most ``k - 1`` times along the
    rounds, so the sum over consecutive rounds is a bound.
    """
    n_odd = sum(1 for o in odd if o)
    n_even = len(odd) - n_odd
    total = 0
    for first, second in itertools.pairwise(plan):
        for in_first, a in ((True, n_odd), (False, n_even)):
            for in_second, b in ((True, n_odd), (False, n_even)):
                m = sum(
                    1 for p in range(n) if (p in first) == in_first and (p in second) == in_second
                )
                cells = a * b
                if m and cells:
                    q, rem = divmod(m, cells)
                    total += rem * (q + 1) * q // 2 + (cells - rem) * q * (q - 1) // 2
    return total


def greedy_round(
    meet: Matrix,
    sizes: Sequence[int],
    odd: Sequence[bool],
    odd_players: set[int],
    rng: random.Random,
) -> list[list[int]]:
    """Seat one round greedily, the least free players first, and count it.

    Tables flagged ``odd`` are filled from ``odd_players`` (exactly as many
    players as they seat), the others from the rest.  A player's freedom is
    the number of still unseated players of his pool he has never met; each
    table starts with the least free player and grows with the player causing
    the fewest repeats, the least free first.
    """
    n = len(meet)
    tables: list[list[int]] = [[] for _ in sizes]
    for want_odd in (True, False):
        pool = [p for p in range(n) if (p in odd_players) == want_odd]
        rng.shuffle(pool)
        unseated = set(pool)
        free = {p: sum(1 for q in pool if q != p and meet[p][q] == 0) for p in pool}
        for t, size in enumerate(sizes):
            if odd[t] != want_odd:
                continue
            table = tables[t]
            while len(table) < size:
                best = -1
                best_key = (0, 0)
                for q in pool:
                    if q not in unseated:
                        continue
                    row = meet[q]
                    clash = 0
                    for x in table:
                        if row[x]:
                            clash += 1
                    key = (clash, free[q])
                    if best < 0 or key < best_key:
                        best, best_key = q, key
                table.append(best)
                unseated.discard(best)
                row = meet[best]
                for q in unseated:
                    if row[q] == 0:
                        free[q] -= 1
    add_round(meet, tables)
    return tables


def rebuild(base: Matrix, rounds: Rounds) -> Matrix:
    """The meeting matrix of ``base`` plus ``rounds``."""
    meet = [list(row) for row in base]
    for tables in rounds:
        add_round(meet, tables)
    return meet


def odd_prefix(rounds: Rounds, odd: Sequence[bool], odd_history: Sequence[int]) -> Matrix:
    """``pre[p][r]``: odd seats of ``p`` up to and including round ``r`` (history first)."""
    n = len(odd_history)
    pre = [[0] * len(rounds) for _ in range(n)]
    count = list(odd_history)
    for r, tables in enumerate(rounds):
        for t, table in enumerate(tables):
            if odd[t]:
                for p in table:
                    count[p] += 1
        for p in range(n):
            pre[p][r] = count[p]
    return pre


def unfairness(pre: Matrix) -> int:
    """Sum over rounds and players of the squared odd-seat counts so far.

    For a fixed number of odd seats per round this is smallest exactly when the
    counts are as even as possible after every round, i.e. when nobody sits at
    an odd table twice before everyone has once.
    """
    return sum(c * c for row in pre for c in row)


def _repeated_with(row: list[int], players: Sequence[int]) -> int:
    """How many of ``players`` the player of ``row`` has met more than once."""
    return sum(1 for x in players if row[x] > 1)


def _met_among(row: list[int], players: Sequence[int]) -> int:
    """How many of ``players`` the player of ``row`` has met at all."""
    return sum(1 for y in players if row[y])


def _swap_delta(
    row_p: list[int],
    row_q: list[int],
    q: int,
    other: Sequence[int],
    mine: Sequence[int],
    join_p: int,
    leave_p: int,
) -> int:
    """Change of E when ``p`` (row ``row_p``, table mates ``mine``) swaps with ``q`` of the
    table ``other``; ``join_p``/``leave_p`` are p's part, computed once per table pair."""
    delta = join_p - leave_p
    if row_p[q]:
        delta -= 1
    for y in other:
        if row_q[y] > 1 and y != q:
            delta -= 1
    for x in mine:
        if row_q[x]:
            delta += 1
    return delta


def _fairness(pre_p: list[int], pre_q: list[int], r: int, n_rounds: int, from_odd: bool) -> int:
    """Change of the odd-seat imbalance when p and q swap between an odd and an even table."""
    fair = sum(pre_q[k] - pre_p[k] for k in range(r, n_rounds))
    return fair + n_rounds - r if from_odd else n_rounds - r - fair


def _start(
    base: Matrix, rounds: Rounds, odd: Sequence[bool], odd_history: Sequence[int]
) -> tuple[Rounds, Matrix, Matrix, int]:
    """A search's starting point: a copy of ``rounds`` (the search swaps in place), its
    meeting matrix, odd-seat prefix sums and cost."""
    rounds = [[list(t) for t in tables] for tables in rounds]
    meet = rebuild(base, rounds)
    return rounds, meet, odd_prefix(rounds, odd, odd_history), cost(meet)


def tabu_search(
    base: Matrix,
    rounds: Rounds,
    odd: Sequence[bool],
    odd_history: Sequence[int],
    *,
    rng: random.Random,
    target: int,
    budget: int,
    deadline: float,
    restrict: bool = False,
) -> tuple[Rounds, int, int]:
    """Improve ``rounds`` by swapping two players of one round.

    With ``restrict``, players only move between tables of the same kind
    (preferred size or odd), which keeps everybody's odd seats as planned.

    Only players involved in a repeated meeting are moved.  Each iteration
    makes the swap that lowers the repeats most, among equals the one that
    keeps the odd seats most even (see :func:`unfairness`), among equals one at
    random; a swap is tabu for a few iterations after it was made unless it
    reaches a new best, and after a long stall the search restarts from the
    best schedule shaken by a few random swaps.  Stops at ``target``, when
    ``budget`` move evaluations are spent, or at ``deadline``
    (``time.perf_counter()``).  Returns the best rounds, their cost and the
    evaluations spent.
    """
    n_rounds = len(rounds)
    rounds, meet, pre, e = _start(base, rounds, odd, odd_history)
    best_e = e
    best = [[list(t) for t in tables] for tables in rounds]
    n_tables = len(odd)
    if n_rounds == 0 or n_tables < 2:
        return best, best_e, 0
    tabu: dict[tuple[int, int, int], int] = {}
    evals = 0
    it = 0
    last_gain = 0
    kicks = 0  # restarts since the last new best
    stall = 60 + 4 * n_tables * n_rounds
    tenure_hi = 30 + len(meet)
    while e > target and evals < budget:
        it += 1
        if time.perf_counter() > deadline:
            break
        # Players involved in a repeated meeting, with their table.
        movers: list[tuple[int, int, int]] = []
        for r, tables in enumerate(rounds):
            for t, table in enumerate(tables):
                size = len(table)
                hot = [False] * size
                for a in range(size):
                    row = meet[table[a]]
                    for b in range(a + 1, size):
                        if row[table[b]] > 1:
                            hot[a] = hot[b] = True
                for a in range(size):
                    if hot[a]:
                        movers.append((r, t, table[a]))
        if not movers:
            break  # the repeats left are the history's
        best_key = (0, 0)
        before = evals
        chosen: list[tuple[int, int, int, int, int]] = []
        for r, t, p in movers:
            tables = rounds[r]
            mine = [x for x in tables[t] if x != p]
            row_p = meet[p]
            pre_p = pre[p]
            leave_p = _repeated_with(row_p, mine)
            for u in range(n_tables):
                if u == t:
                    continue
                cross = odd[u] != odd[t]
                if cross and restrict:
                    continue
                other = tables[u]
                join_p = _met_among(row_p, other)
                evals += len(other)
                for q in other:
                    delta = _swap_delta(row_p, meet[q], q, other, mine, join_p, leave_p)
                    if chosen and delta > best_key[0]:
                        continue
                    key3 = (r, p, q) if p < q else (r, q, p)
                    if tabu.get(key3, 0) > it and e + delta >= best_e:
                        continue
                    fair = _fairness(pre_p, pre[q], r, n_rounds, odd[t]) if cross else 0
                    key = (delta, fair)
                    if not chosen or key < best_key:
                        best_key = key
                        chosen = [(r, t, u, p, q)]
                    elif key == best_key:
                        chosen.append((r, t, u, p, q))
        if not chosen:
            if evals == before:
                break  # no swap at all (e.g. one table of each kind): the budget cannot help
            tabu.clear()
            continue
        r, t, u, p, q = chosen[rng.randrange(len(chosen))]
        _move(meet, pre, odd, rounds[r], r, t, u, p, q)
        e += best_key[0]
        tabu[(r, p, q) if p < q else (r, q, p)] = it + rng.randint(4, tenure_hi)
        if e < best_e:
            best_e = e
            best = [[list(tb) for tb in tables] for tables in rounds]
            last_gain = it
            kicks = 0
        elif it - last_gain > stall:
            # Restart from the best schedule, shaken by a few random swaps.
            rounds = [[list(tb) for tb in tables] for tables in best]
            meet = rebuild(base, rounds)
            # Shake harder after each restart that found nothing better.
            kicks = min(kicks + 1, 4)
            for _ in range(2 * kicks + rng.randrange(kicks * (n_rounds + 1) + 2)):
                r = rng.randrange(n_rounds)
                t, u = rng.sample(range(n_tables), 2)
                if restrict and odd[t] != odd[u]:
                    continue
                p = rng.choice(rounds[r][t])
                q = rng.choice(rounds[r][u])
                _swap(meet, rounds[r][t], rounds[r][u], p, q)
            pre = odd_prefix(rounds, odd, odd_history)
            e = cost(meet)
            tabu.clear()
            last_gain = it
    return best, best_e, evals


def balance_odd_seats(
    base: Matrix,
    rounds: Rounds,
    odd: Sequence[bool],
    odd_history: Sequence[int],
    *,
    rng: random.Random,
    floor: int,
    budget: int,
    deadline: float,
) -> tuple[Rounds, int]:
    """Even out the odd seats without adding repeats.

    Tabu search on ``3·E + unfairness/2`` over swaps of a player at an odd
    table with one at a table of the preferred size, and swaps that move a
    player involved in a repeated meeting; the result is the best schedule
    met in the order (repeats, :func:`unfairness`), so it never has more
    repeats than ``rounds``.  Stops when the unfairness reaches ``floor`` (its
    least possible value) without repeats added, when ``budget`` move
    evaluations are spent, or at ``deadline``.  Returns the rounds and the
    evaluations spent.
    """
    n_rounds = len(rounds)
    rounds, meet, pre, e = _start(base, rounds, odd, odd_history)
    f = unfairness(pre)
    best_key = (e, f)
    best = [[list(t) for t in tables] for tables in rounds]
    n_tables = len(odd)
    odd_tables = [t for t in range(n_tables) if odd[t]]
    tabu: dict[tuple[int, int, int], int] = {}
    evals = 0
    it = 0
    while best_key[1] > floor and evals < budget:
        it += 1
        if time.perf_counter() > deadline:
            break
        # (round, table, player, tables to swap with) to try.
        tries: list[tuple[int, int, int, list[int]]] = []
        for r, tables in enumerate(rounds):
            for t in odd_tables:
                others = [u for u in range(n_tables) if not odd[u]]
                for p in tables[t]:
                    tries.append((r, t, p, others))
            for t, table in enumerate(tables):
                size = len(table)
                for a in range(size):
                    row = meet[table[a]]
                    if any(row[table[b]] > 1 for b in range(size) if b != a):
                        same = [u for u in range(n_tables) if u != t and odd[u] == odd[t]]
                        tries.append((r, t, table[a], same))
        before = evals
        chosen: list[tuple[int, int, int, int, int, int, int]] = []
        best_score = 0
        for r, t, p, targets in tries:
            tables = rounds[r]
            mine = [x for x in tables[t] if x != p]
            row_p = meet[p]
            pre_p = pre[p]
            leave_p = _repeated_with(row_p, mine)
            for u in targets:
                other = tables[u]
                cross = odd[u] != odd[t]
                join_p = _met_among(row_p, other)
                evals += 2 * len(other)  # slower evaluations here
                for q in other:
                    delta = _swap_delta(row_p, meet[q], q, other, mine, join_p, leave_p)
                    fair = _fairness(pre_p, pre[q], r, n_rounds, odd[t]) if cross else 0
                    score = 3 * delta + fair
                    if chosen and score > best_score:
                        continue
                    key3 = (r, p, q) if p < q else (r, q, p)
                    if tabu.get(key3, 0) > it and (e + delta, f + 2 * fair) >= best_key:
                        continue
                    if not chosen or score < best_score:
                        best_score = score
                        chosen = [(r, t, u, p, q, delta, fair)]
                    else:
                        chosen.append((r, t, u, p, q, delta, fair))
        if not chosen:
            if evals == before:
                break  # no swap at all: the budget cannot help
            tabu.clear()
            continue
        r, t, u, p, q, delta, fair = chosen[rng.randrange(len(chosen))]
        _move(meet, pre, odd, rounds[r], r, t, u, p, q)
        e += delta
        f += 2 * fair
        tabu[(r, p, q) if p < q else (r, q, p)] = it + rng.randint(3, 12)
        if (e, f) < best_key:
            best_key = (e, f)
            best = [[list(tb) for tb in tables] for tables in rounds]
    return best, evals


def _move(
    meet: Matrix,
    pre: Matrix,
    odd: Sequence[bool],
    tables: list[list[int]],
    r: int,
    t: int,
    u: int,
    p: int,
    q: int,
) -> None:
    """Swap ``p`` (table ``t``) and ``q`` (table ``u``) in round ``r``."""
    _swap(meet, tables[t], tables[u], p, q)
    if odd[t] != odd[u]:
        step = -1 if odd[t] else 1
        pre_p = pre[p]
        pre_q = pre[q]
        for k in range(r, len(pre_p)):
            pre_p[k] += step
            pre_q[k] -= step


def _swap(meet: Matrix, table_a: list[int], table_b: list[int], p: int, q: int) -> None:
    """Exchange ``p`` (at ``table_a``) and ``q`` (at ``table_b``), updating ``meet``."""
    row_p = meet[p]
    row_q = meet[q]
    for x in table_a:
        if x != p:
            row_p[x] -= 1
            meet[x][p] -= 1
            row_q[x] += 1
            meet[x][q] += 1
    for y in table_b:
        if y != q:
            row_q[y] -= 1
            meet[y][q] -= 1
            row_p[y] += 1
            meet[y][p] += 1
    table_a[table_a.index(p)] = q
    table_b[table_b.index(q)] = p
