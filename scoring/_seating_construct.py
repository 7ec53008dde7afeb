"""Direct constructions for :mod:`scoring.seating` (private helper).

Every function here returns rounds in which nobody meets anybody twice
(possibly fewer rounds than asked for, when no construction is known).

*Transversal designs.*  Put ``n = s·g`` players on an ``s`` × ``g`` grid,
player ``(i, x) -> i·g + x`` with ``x`` in a group ``G`` of order ``g``.  A
*difference array* is a list of rows ``f`` of ``s`` elements of ``G`` such that,
for every two columns ``i != j``, the differences ``f[i] - f[j]`` of different
rows are different.  Round ``r`` seats at table ``t`` (``t`` in ``G``) the
players ``(i, t + f_r[i])``.  Players ``(i, x)`` and ``(j, y)`` meet in round
``r`` exactly when ``x - y = f_r[i] - f_r[j]``, so never twice; players of the
same column never meet.  Rows come from a finite field (``f_r[i] = r·i`` in
``GF(g)`` when ``g`` is a prime power at least ``s``), from ``Z_g`` when no
product ``a·b`` with ``0 < a < s`` and ``0 < b < rounds`` is a multiple of
``g``, or else from a short backtracking search in ``Z_g``.  With ``g`` rows
every two players of different columns have met; further rounds then seat
each column by itself, recursively (for 16 players this gives the affine plane
of order 4, for 64 players the affine space of order 4).

*Circle method* for tables of 2: a round robin of ``n - 1`` rounds.

*Doubled affine planes* (``2·q²`` players at tables of ``q``, ``2(q + 1)``
rounds; 32 players for 10 rounds at tables of 4).  Take two affine planes of
order ``q`` on the same ``q²`` points with no line in common (the second is
the first relabelled by a fixed permutation, found once by search), and two
copies ``(x, 0)``, ``(x, 1)`` of every point.  Each parallel class of either
plane gives a round: the line ``L`` becomes the tables ``{(x, c_x)}`` and
``{(x, 1 - c_x)}`` for a colouring ``c`` of its points.  Two points share
one line in each plane; the colourings are solved (linear equations over
GF(2)) so that "same colour" holds in exactly one of the two lines, hence
each pair of copies meets exactly once and the copies of one point never.

*Rotational designs* (tables of 4: 24 players for 7 rounds, 28 for 9, 36 for
11, 40 for 13, 52 for 17, 60 for 19).  The players are ``(x, i)`` for ``x`` in
``Z_m`` and a class ``i`` in 0, 1, 2, plus ``h`` fixed players ``∞_k``; round
``t`` is a stored *base round* with every ``(x, i)`` replaced by
``(x + t, i)`` and the fixed players left in place, ``t`` in ``Z_m`` (the
difference method: Furino, Miao and Yin, *Frames and Resolvable Designs*, CRC
1996; Abel and Buratti, "Difference families", in Colbourn and Dinitz,
*Handbook of Combinatorial Designs*, 2nd ed. 2007, VI.16).  Two players
``(x, i)`` and ``(y, j)`` at one table meet again in round ``t`` exactly at a
table of the base round with the same *difference* (``±(x - y)`` when
``i = j``, ``y - x`` for ``i < j``); in the base round every pure difference
``±d != 0`` of a class and every mixed difference of two classes occurs once,
so nobody meets twice.  A base table holding ``∞_k`` has one player of each
class, so ``∞_k`` meets every ``(x, i)`` once over the ``m`` rounds.

With one fixed player (``n = 3m + 1``: 28, 40, 52) everybody meets everybody
exactly once: resolvable ``(n, 4, 1)`` designs.  With three (``n = 3m + 3``:
24, 36, 60) the mixed difference 0 is left out: ``(x, 0), (x, 1), (x, 2)``
never meet, nor do the three fixed players; these are resolvable group
divisible designs 4-RGDD of type ``3^(m+1)``, where each player misses only
his two group mates.  The base rounds for 24 and 28 were found once by a
backtracking search over base rounds.  Those for 40 and 52 are 1-rotational
designs over ``Z_3m ∪ {∞}``: base blocks (for 40, ``{0, 1, 6, 31}``,
``{2, 17, 21, 24}``, ``{7, 9, 25, 36}``; for 52, ``{0, 1, 3, 8}``,
``{2, 6, 27, 39}``, ``{4, 26, 32, 45}``, ``{7, 16, 31, 47}``) whose
differences cover ``Z_3m`` but the subgroup ``{0, m, 2m}`` once, their
translates by ``m`` and ``2m``, and the short block ``{∞, x, x + m, x + 2m}``
on the residue ``x`` mod ``m`` they leave.  Those for 36 and 60 are the
analogues over ``Z_3m ∪ {∞_0, ∞_1, ∞_2}``, ``+1`` turning ``∞_k`` into
``∞_(k+1)``, with ``{∞_0, 0, 1, 5}`` and, for 36, ``{2, 9, 18, 32}``,
``{3, 15, 28, 30}``; for 60, ``{2, 4, 13, 53}``, ``{3, 18, 30, 44}``,
``{7, 29, 36, 54}``, ``{8, 28, 31, 52}`` (and translates by ``m``, ``2m``).
These were found by a backtracking search too, and are written with
``v = 3x + i`` (then ``+3`` is ``x + 1``), classes 1 and 2 shifted so that
the groups are ``{(x, 0), (x, 1), (x, 2)}``.  Any first rounds of a design are
repeat-free too.  A test checks every stored base round.

*Removal.*  With tables of sizes ``s`` and ``s - 1``, seat ``m`` more players
at tables of ``s`` only (``m`` the number of smaller tables) and take away
``m`` players who never meet: each round their tables lose one player each.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

Rounds = list[list[list[int]]]

_NODE_LIMIT = 20_000


def _prime_power(q: int) -> tuple[int, int] | None:
    """``(p, k)`` with ``q = p**k`` and ``p`` prime, or None."""
    if q < 2:
        return None
    p = 2
    while p * p <= q and q % p:
        p += 1
    if q % p:
        p = q
    k = 0
    m = q
    while m % p == 0:
        m //= p
        k += 1
    return (p, k) if m == 1 else None


@lru_cache(maxsize=32)
def _field(q: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None:
    """Addition and multiplication tables of GF(q), elements ``0..q-1``.

    An element is the polynomial whose base-``p`` digits are its
    coefficients; products are reduced by the first monic irreducible
    polynomial of degree ``k`` found.  None when ``q`` is not a prime power.
    """
    pk = _prime_power(q)
    if pk is None or q > 1024:
        return None
    p, k = pk

    def digits(a: int) -> list[int]:
        out = []
        for _ in range(k):
            out.append(a % p)
            a //= p
        return out

    def number(ds: list[int]) -> int:
        return sum(d * p**e for e, d in enumerate(ds))

    def polymul(a: list[int], b: list[int]) -> list[int]:
        out = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                out[i + j] = (out[i + j] + x * y) % p
        return out

    def reduce(a: list[int], modulus: list[int]) -> list[int]:
        a = list(a)
        deg = len(modulus) - 1
        for top in range(len(a) - 1, deg - 1, -1):
            c = a[top]
            if c:
                for e in range(deg + 1):
                    a[top - deg + e] = (a[top - deg + e] - c * modulus[e]) % p
        return (a + [0] * deg)[:deg]

    modulus: list[int] = [1]
    if k > 1:
        for low in itertools.product(range(p), repeat=k):
            candidate = [*low, 1]
            # Irreducible iff no polynomial of degree 1..k//2 divides it.
            if all(
                any(reduce(candidate, [*d, 1]))
                for deg in range(1, k // 2 + 1)
                for d in itertools.product(range(p), repeat=deg)
            ):
                modulus = candidate
                break
    add = tuple(
        tuple(
            number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)])
            for b in range(q)
        )
        for a in range(q)
    )
    if k == 1:
        mul = tuple(tuple(a * b % p for b in range(q)) for a in range(q))
    else:
        mul = tuple(
            tuple(number(reduce(polymul(digits(a), digits(b)), modulus)) for b in range(q))
            for a in range(q)
        )
    return add, mul


@lru_cache(maxsize=128)
def _difference_rows(g: int, s: int, n_rounds: int) -> tuple[str, tuple[tuple[int, ...], ...]]:
    """A difference array of up to ``n_rounds`` rows and ``s`` columns over a group of order g.

    Returns ``(group, rows)`` where group is ``"field"`` (GF(g), use
    :func:`_field`) or ``"cyclic"`` (Z_g).  The first row is all zeros.
    """
    n_rounds = min(n_rounds, g)
    if s <= g and _prime_power(g) is not None and (g <= 1024):
        tables = _field(g)
        if tables is not None:
            _, mul = tables
            return "field", tuple(tuple(mul[r][i] for i in range(s)) for r in range(n_rounds))
    if all((a * b) % g for a in range(1, s) for b in range(1, n_rounds)):
        return "cyclic", tuple(tuple(r * i % g for i in range(s)) for r in range(n_rounds))
    return "cyclic", _search_rows(g, s, n_rounds)


def _search_rows(g: int, s: int, n_rounds: int) -> tuple[tuple[int, ...], ...]:
    """Backtracking search for a difference array over Z_g (best found within a node limit)."""
    pairs = [(i, j) for i in range(s) for j in range(i + 1, s)]
    rows: list[tuple[int, ...]] = [(0,) * s]
    used = [{0} for _ in pairs]  # differences taken, per column pair
    best: list[tuple[int, ...]] = list(rows)
    nodes = 0

    def extend(row: list[int]) -> bool:
        nonlocal nodes, best
        nodes += 1
        if nodes > _NODE_LIMIT:
            return False
        col = len(row)
        if col == s:
            full = tuple(row)
            diffs = [(full[i] - full[j]) % g for i, j in pairs]
            for k, d in enumerate(diffs):
                used[k].add(d)
            rows.append(full)
            if len(rows) > len(best):
                best = list(rows)
            if len(rows) == n_rounds:
                return True
            # Next row: first entry 0, entries kept increasing in column 1 to break symmetry.
            if extend([0]):
                return True
            rows.pop()
            for k, d in enumerate(diffs):
                used[k].discard(d)
            return False
        start = rows[-1][1] + 1 if col == 1 else 0
        for v in range(start, g):
            ok = True
            for i in range(col):
                k = pairs.index((i, col))
                if (row[i] - v) % g in used[k]:
                    ok = False
                    break
            if ok:
                row.append(v)
                if extend(row):
                    return True
                row.pop()
        return False

    if n_rounds > 1:
        extend([0])
    return tuple(best)


def transversal(g: int, s: int, n_rounds: int) -> Rounds:
    """Rounds of ``g`` tables of ``s`` from a difference array; players ``i·g + x``."""
    group, rows = _difference_rows(g, s, n_rounds)
    if group == "field":
        tables = _field(g)
        assert tables is not None
        add = tables[0]
        return [[[i * g + add[t][f[i]] for i in range(s)] for t in range(g)] for f in rows]
    return [[[i * g + (t + f[i]) % g for i in range(s)] for t in range(g)] for f in rows]


def uniform(n: int, s: int, n_rounds: int) -> Rounds:
    """Up to ``n_rounds`` rounds of ``n // s`` tables of ``s`` without a repeated meeting."""
    if n_rounds <= 0 or n % s:
        return []
    g = n // s
    if g == 1:
        return [[list(range(n))]]
    if s == 2:
        return circle(n, n_rounds)
    rounds = transversal(g, s, n_rounds)
    if len(rounds) == g and n_rounds > g and g % s == 0:
        inner = uniform(g, s, n_rounds - g)
        for sub in inner:
            rounds.append([[i * g + x for x in table] for i in range(s) for table in sub])
    if len(rounds) < n_rounds and n == 2 * s * s and s in _SECOND_PLANE:
        doubled = doubled_affine(s)
        if len(doubled) > len(rounds):
            rounds = doubled[:n_rounds]
    if len(rounds) < n_rounds and s == 4:
        designed = rotational(n, n_rounds)
        if len(designed) > len(rounds):
            rounds = designed
    return rounds


# Base rounds of the rotational designs (see the module docstring), by number
# of players: ``(m, h, tables)``; a table lists its players ``(x, i)``, and
# the first ``h`` tables each also seat one fixed player.
_ROTATIONAL: dict[int, tuple[int, int, tuple[tuple[tuple[int, int], ...], ...]]] = {
    24: (
        7,
        3,
        (
            ((4, 2), (1, 0), (3, 1)),
            ((4, 0), (5, 1), (2, 2)),
            ((0, 0), (6, 2), (4, 1)),
            ((6, 0), (0, 2), (1, 2), (3, 2)),
            ((2, 0), (1, 1), (3, 0), (5, 0)),
            ((6, 1), (2, 1), (0, 1), (5, 2)),
        ),
    ),
    28: (
        9,
        1,
        (
            ((7, 0), (3, 2), (8, 1)),
            ((0, 2), (3, 0), (6, 2), (2, 0)),
            ((5, 1), (2, 1), (2, 2), (4, 2)),
            ((6, 1), (4, 0), (1, 1), (1, 0)),
            ((7, 2), (6, 0), (8, 2), (8, 0)),
            ((3, 1), (5, 0), (0, 0), (4, 1)),
            ((0, 1), (7, 1), (5, 2), (1, 2)),
        ),
    ),
    36: (
        11,
        3,
        (
            ((0, 0), (4, 1), (9, 2)),
            ((0, 1), (4, 2), (9, 0)),
            ((0, 2), (4, 0), (9, 1)),
            ((8, 2), (3, 0), (6, 0), (7, 2)),
            ((8, 1), (3, 2), (6, 2), (7, 1)),
            ((8, 0), (3, 1), (6, 1), (7, 0)),
            ((1, 0), (5, 0), (2, 1), (10, 0)),
            ((1, 2), (5, 2), (2, 0), (10, 2)),
            ((1, 1), (5, 1), (2, 2), (10, 1)),
        ),
    ),
    40: (
        13,
        1,
        (
            ((1, 0), (5, 1), (9, 2)),
            ((0, 0), (0, 1), (2, 0), (10, 1)),
            ((4, 1), (4, 2), (6, 1), (1, 2)),
            ((8, 2), (9, 0), (10, 2), (6, 0)),
            ((0, 2), (5, 2), (7, 0), (8, 0)),
            ((5, 0), (10, 0), (11, 1), (12, 1)),
            ((9, 1), (1, 1), (2, 2), (3, 2)),
            ((2, 1), (3, 0), (8, 1), (12, 0)),
            ((6, 2), (7, 1), (12, 2), (3, 1)),
            ((11, 0), (11, 2), (4, 0), (7, 2)),
        ),
    ),
    52: (
        17,
        1,
        (
            ((4, 0), (9, 2), (15, 1)),
            ((0, 0), (0, 1), (1, 0), (2, 2)),
            ((5, 2), (6, 0), (6, 2), (8, 1)),
            ((11, 1), (11, 2), (12, 1), (14, 0)),
            ((0, 2), (2, 0), (9, 0), (13, 0)),
            ((6, 1), (7, 2), (14, 2), (1, 2)),
            ((12, 0), (13, 1), (3, 1), (7, 1)),
            ((1, 1), (8, 2), (10, 2), (15, 0)),
            ((7, 0), (14, 1), (16, 1), (3, 2)),
            ((12, 2), (3, 0), (5, 0), (9, 1)),
            ((2, 1), (5, 1), (10, 1), (15, 2)),
            ((8, 0), (11, 0), (16, 0), (4, 1)),
            ((13, 2), (16, 2), (4, 2), (10, 0)),
        ),
    ),
    60: (
        19,
        3,
        (
            ((0, 0), (13, 1), (8, 2)),
            ((0, 1), (13, 2), (8, 0)),
            ((0, 2), (13, 0), (8, 1)),
            ((7, 2), (14, 1), (17, 1), (5, 2)),
            ((7, 0), (14, 2), (17, 2), (5, 0)),
            ((7, 1), (14, 0), (17, 0), (5, 1)),
            ((1, 0), (6, 0), (10, 0), (2, 2)),
            ((1, 1), (6, 1), (10, 1), (2, 0)),
            ((1, 2), (6, 2), (10, 2), (2, 1)),
            ((15, 1), (16, 2), (12, 0), (18, 0)),
            ((15, 2), (16, 0), (12, 1), (18, 1)),
            ((15, 0), (16, 1), (12, 2), (18, 2)),
            ((9, 2), (3, 1), (4, 1), (11, 1)),
            ((9, 0), (3, 2), (4, 2), (11, 2)),
            ((9, 1), (3, 0), (4, 0), (11, 0)),
        ),
    ),
}


def rotational(n: int, n_rounds: int) -> Rounds:
    """Up to ``n_rounds`` rounds of a stored rotational design for ``n`` players.

    Player ``(x, i)`` is numbered ``i·m + x`` and ``∞_k`` is ``3·m + k``;
    empty when no design is stored for ``n``.
    """
    if n not in _ROTATIONAL:
        return []
    m, h, base = _ROTATIONAL[n]
    return [
        [
            [i * m + (x + t) % m for x, i in table] + ([3 * m + k] if k < h else [])
            for k, table in enumerate(base)
        ]
        for t in range(min(n_rounds, m))
    ]


def affine_plane(q: int) -> Rounds:
    """The ``q + 1`` parallel classes of AG(2, q), points ``x·q + y`` (q a prime power)."""
    tables = _field(q)
    assert tables is not None
    add, mul = tables
    classes = [[[x * q + add[mul[m][x]][b] for x in range(q)] for b in range(q)] for m in range(q)]
    classes.append([[c * q + y for y in range(q)] for c in range(q)])
    return classes


# A relabelling of AG(2, q) that shares no line with it and makes the colour
# equations solvable (found by a seeded random search over permutations).
_SECOND_PLANE: dict[int, tuple[int, ...]] = {
    3: (2, 0, 3, 8, 6, 1, 4, 5, 7),
    4: (9, 5, 7, 3, 0, 12, 2, 14, 13, 8, 15, 11, 4, 6, 1, 10),
}


@lru_cache(maxsize=4)
def _doubled(q: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    first = affine_plane(q)
    perm = _SECOND_PLANE[q]
    planes = [first, [[[perm[p] for p in line] for line in cls] for cls in first]]
    n = q * q
    # Bit (plane, class, point) is the colour of the point on its line of that class.
    pairs: dict[tuple[int, int], list[int]] = {}
    for k, plane in enumerate(planes):
        for c, cls in enumerate(plane):
            for line in cls:
                for x, y in itertools.combinations(sorted(line), 2):
                    pairs.setdefault((x, y), []).append((k * (q + 1) + c) * n)
    equations = []
    for (x, y), (u, v) in pairs.items():
        equations.append(((1 << (u + x)) | (1 << (u + y)) | (1 << (v + x)) | (1 << (v + y)), 1))
    colour = _solve_gf2(equations, 2 * (q + 1) * n)
    if colour is None:
        return ()
    rounds = []
    for k, plane in enumerate(planes):
        for c, cls in enumerate(plane):
            base = (k * (q + 1) + c) * n
            rounds.append(
                tuple(
                    tuple(2 * x + (colour[base + x] ^ e) for x in line)
                    for line in cls
                    for e in (0, 1)
                )
            )
    return tuple(rounds)


def doubled_affine(q: int) -> Rounds:
    """``2(q + 1)`` rounds for ``2·q²`` players at tables of ``q`` (see the module docstring)."""
    return [[list(t) for t in tables] for tables in _doubled(q)]


def _solve_gf2(equations: list[tuple[int, int]], n_vars: int) -> list[int] | None:
    """A solution of ``mask · x = rhs`` over GF(2) (free variables 0), or None."""
    pivots: dict[int, tuple[int, int]] = {}
    for mask, rhs in equations:
        for bit, (pm, pr) in pivots.items():
            if mask >> bit & 1:
                mask ^= pm
                rhs ^= pr
        if mask == 0:
            if rhs:
                return None
            continue
        top = mask.bit_length() - 1
        for bit, (pm, pr) in list(pivots.items()):
            if pm >> top & 1:
                pivots[bit] = (pm ^ mask, pr ^ rhs)
        pivots[top] = (mask, rhs)
    solution = [0] * n_vars
    for bit, (_, rhs) in pivots.items():
        solution[bit] = rhs
    return solution


def circle(n: int, n_rounds: int) -> Rounds:
    """The circle method: ``n`` (even) players, up to ``n - 1`` rounds of pairs."""
    m = n - 1
    out: Rounds = []
    for r in range(min(n_rounds, m)):
        tables = [[m, r]]
        for i in range(1, n // 2):
            tables.append([(r + i) % m, (r - i) % m])
        out.append(tables)
    return out


def construct(n: int, sizes: tuple[int, ...], n_rounds: int) -> Rounds:
    """Up to ``n_rounds`` rounds for ``n`` players at tables of ``sizes`` (one round's list).

    Tables come out in the order of ``sizes``; empty when nothing applies.
    """
    kinds = sorted(set(sizes))
    if len(kinds) == 1:
        rounds = uniform(n, kinds[0], n_rounds)
    elif len(kinds) == 2 and kinds[1] == kinds[0] + 1:
        rounds = _with_removal(n, kinds[1], sizes.count(kinds[0]), n_rounds)
    else:
        return []
    return [_order_tables(tables, sizes) for tables in rounds]


def _with_removal(n: int, big: int, n_small: int, n_rounds: int) -> Rounds:
    """Tables of ``big`` and ``n_small`` tables of ``big - 1``, by removing players."""
    full = uniform(n + n_small, big, n_rounds)
    if not full:
        return []
    met: set[tuple[int, int]] = set()
    for tables in full:
        for table in tables:
            for a, b in itertools.combinations(sorted(table), 2):
                met.add((a, b))
    removed: list[int] = []
    for p in range(n + n_small):
        if all((min(p, q), max(p, q)) not in met for q in removed):
            removed.append(p)
            if len(removed) == n_small:
                break
    else:
        return []
    gone = set(removed)
    rename: dict[int, int] = {}
    for p in range(n + n_small):
        if p not in gone:
            rename[p] = len(rename)
    return [[[rename[p] for p in table if p not in gone] for table in tables] for tables in full]


def _order_tables(tables: list[list[int]], sizes: tuple[int, ...]) -> list[list[int]]:
    """The tables rearranged so that their sizes follow ``sizes``."""
    pool: dict[int, list[list[int]]] = {}
    for table in tables:
        pool.setdefault(len(table), []).append(table)
    return [pool[size].pop(0) for size in sizes]
