"""Benchmark of the seating engine (scoring/seating.py): repeats against time.

Run from the repository root::

    .venv/bin/python bench/seating.py

For each instance it prints players, rounds, table sizes, the repeats E, the
proven lower bound, the milliseconds of ``schedule()`` (the first call, which
also fills the construction caches, and the best of three), the method used
and the issue's target.  A
greedy one-round-at-a-time draw of 16 players over 5 rounds comes first, to
show what the engine gains.
"""

from __future__ import annotations

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


def main() -> None:
    baseline = [greedy_baseline(16, 5, 4, seed) for seed in range(100)]
    print(
        "Greedy, one round at a time, 16 players x 5 rounds at tables of 4 "
        f"(100 draws): mean E = {statistics.mean(baseline):.1f}, "
        f"min {min(baseline)}, max {max(baseline)}"
    )
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
        (41, 5, (4, 5), "whist + 5th"),
        (18, 5, (4, 5), "whist + 5th"),
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
        plan = None
        for _ in range(RUNS):
            start = time.perf_counter()
            plan = schedule(n, n_rounds, sizes)
            times.append((time.perf_counter() - start) * 1000)
        assert plan is not None
        size_text = ",".join(map(str, sizes))
        print(
            f"{n:>7} {n_rounds:>6} {size_text:<12} {plan.repeats:>4} {plan.lower_bound:>5} "
            f"{times[0]:>9.1f} {min(times):>8.1f}  {plan.method:<24} {target}"
        )


if __name__ == "__main__":
    main()
