"""Benchmark of the seating engine (scoring/seating.py): repeats against time.

Run from the repository root::

    .venv/bin/python bench/seating.py

For each instance it prints players, rounds, table sizes, the repeats E, the
proven lower bound, the milliseconds of ``schedule()`` (the first call, which
also fills the construction caches, and the best of three), the method used
and the issue's target.  The search's budget counts move evaluations, so E
never depends on the machine's load; only the milliseconds do.  A greedy
one-round-at-a-time draw of 16 players over 5 rounds comes first, to show
what the engine gains.
"""

from __future__ import annotations

import itertools
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.seating import meeting_counts, repeats, schedule

RUNS = 3


def greedy_baseline(n: int, n_rounds: int, size: int, seed: int) -> int:
    """Repeats of drawing each round on its own: players in random order, each at
    the open table where he meets the fewest players already met."""
    rng = random.Random(seed)
    rounds: list[list[list[int]]] = []
    for _ in range(n_rounds):
        met = meeting_counts(rounds)
        players = list(range(n))
        rng.shuffle(players)
        tables: list[list[int]] = [[] for _ in range(n // size)]
        for p in players:
            open_tables = [t for t in tables if len(t) < size]
            rng.shuffle(open_tables)
            best = min(
                open_tables, key=lambda t: sum(met.get((min(p, q), max(p, q)), 0) for q in t)
            )
            best.append(p)
        rounds.append(tables)
    return repeats(rounds)


def round_by_round_baseline(n: int, n_rounds: int, size: int, seed: int, draws: int = 20) -> int:
    """Repeats of choosing each round as well as possible on its own: the best of
    ``draws`` random draws, each improved by swaps until no swap helps."""
    rng = random.Random(seed)
    rounds: list[list[list[int]]] = []
    for _ in range(n_rounds):
        met = meeting_counts(rounds)

        def clashes(table: list[int], met: dict[tuple[int, int], int] = met) -> int:
            return sum(1 for a, b in itertools.combinations(sorted(table), 2) if (a, b) in met)

        best: list[list[int]] = []
        best_cost = -1
        for _ in range(draws):
            players = list(range(n))
            rng.shuffle(players)
            tables = [players[i : i + size] for i in range(0, n, size)]
            improved = True
            while improved:
                improved = False
                for ta, tb in itertools.combinations(tables, 2):
                    for i, j in itertools.product(range(size), repeat=2):
                        before = clashes(ta) + clashes(tb)
                        ta[i], tb[j] = tb[j], ta[i]
                        if clashes(ta) + clashes(tb) < before:
                            improved = True
                        else:
                            ta[i], tb[j] = tb[j], ta[i]
            cost = sum(clashes(t) for t in tables)
            if best_cost < 0 or cost < best_cost:
                best, best_cost = [list(t) for t in tables], cost
        rounds.append(best)
    return repeats(rounds)


def main() -> None:
    print("16 players x 5 rounds at tables of 4, drawing one round at a time:")
    naive = [greedy_baseline(16, 5, 4, seed) for seed in range(100)]
    print(
        "  each player to the table where he met fewest (100 draws): "
        f"mean E = {statistics.mean(naive):.1f}, min {min(naive)}, max {max(naive)}"
    )
    local = [round_by_round_baseline(16, 5, 4, seed) for seed in range(30)]
    print(
        "  each round the best of 20 draws improved by swaps (30 runs): "
        f"mean E = {statistics.mean(local):.1f}, min {min(local)}, max {max(local)}"
    )
    plan = schedule(16, 5)
    print(f"  schedule(16, 5): E = {plan.repeats} (lower bound {plan.lower_bound})")
    print()

    instances: list[tuple[int, int, tuple[int, ...], str]] = [(16, 5, (4,), "E=0 <50ms")]
    instances += [(n, 5, (4,), "E=0 <100ms") for n in range(20, 81, 4)]
    instances += [(80, 3, (4,), "E=0 <50ms")]
    instances += [(n, 5, (4, 3), "E=0 <200ms") for n in range(17, 24)]
    instances += [
        (28, 7, (4,), "stretch E=0"),
        (32, 10, (4,), "stretch E=0"),
        (10, 5, (2,), "teams"),
        (20, 19, (2,), "teams"),
        (64, 21, (4,), "AG(3,4)"),
        (25, 6, (5,), "AG(2,5)"),
        (24, 6, (4,), "E=0 <1s (RGDD 3^8)"),
        (24, 7, (4,), "E=0 <1s (RGDD 3^8)"),
        (28, 9, (4,), "E=0 <1s (RBIBD 28)"),
        (36, 11, (4,), "E=0 <1s (RGDD 3^12)"),
        (40, 13, (4,), "E=0 <1s (RBIBD 40)"),
        (52, 17, (4,), "E=0 (RBIBD 52)"),
        (60, 19, (4,), "E=0 (RGDD 3^20)"),
        (41, 5, (4, 5), "whist + 5th"),
        (18, 5, (4, 5), "whist + 5th, E=11 proven"),
        (30, 6, (3, 4, 5, 6), "Double"),
        (31, 6, (3, 4, 5, 6), "Double"),
        (16, 6, (4,), "beyond perfect"),
    ]
    header = (
        f"{'players':>7} {'rounds':>6} {'sizes':<12} {'E':>4} {'bound':>5} "
        f"{'ms first':>9} {'ms best':>8}  {'method':<24} target"
    )
    print(header)
    print("-" * len(header))
    for n, n_rounds, sizes, target in instances:
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            plan = schedule(n, n_rounds, sizes)
            times.append((time.perf_counter() - start) * 1000)
        size_text = ",".join(map(str, sizes))
        print(
            f"{n:>7} {n_rounds:>6} {size_text:<12} {plan.repeats:>4} {plan.lower_bound:>5} "
            f"{times[0]:>9.1f} {min(times):>8.1f}  {plan.method:<24} {target}"
        )


if __name__ == "__main__":
    main()
