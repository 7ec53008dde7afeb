"""Benchmark of the rating across seasons (scoring/rating.py), CPU time.

Run from the repository root::

    .venv/bin/python bench/rating.py [--tables 100000] [--players 2000]

1. ``replay`` of 100,000 tables of 4 from scratch (30 tables per tournament, players drawn
   at random among 2,000), beside the library's own rating calls on the same tables
   (``PlackettLuce.rate`` on the same ratings, nothing else): the overhead around the model
   (the seats, the gates' opponents, the state) is the difference; issue 36: it should not
   exceed the model's own cost.
2. One new tournament of 30 tables added to that state incrementally (``replay`` of one
   tournament: the caller's state is left as it was, the players the tournament changes
   copied on write).
Best of three CPU times (``time.process_time``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from openskill.models import PlackettLuce, PlackettLuceRating

from scoring.rating import (
    MODEL_NAME,
    MODEL_VERSION,
    RatedTable,
    RatedTournament,
    RatingState,
    replay,
)

RUNS = 3


def history(tables: int, players: int, seed: int = 1) -> list[RatedTournament]:
    rng = random.Random(seed)
    out = []
    for t in range(0, tables, 30):
        rows = []
        for _ in range(min(30, tables - t)):
            seated = rng.sample(range(players), 4)
            rows.append(RatedTable(tuple((p,) for p in seated), (1, 2, 3, 4)))
        out.append(RatedTournament(key=f"t{t // 30}", tables=tuple(rows)))
    return out


def best(fn) -> float:
    times = []
    for _ in range(RUNS):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def library_only(tournaments: list[RatedTournament]) -> None:
    """The model's own calls: the same tables, the same rate calls, ratings kept in a dict."""
    model = PlackettLuce()
    ratings: dict[int, PlackettLuceRating] = {}
    for tournament in tournaments:
        for table in tournament.tables:
            teams = [
                [ratings.get(p) or PlackettLuceRating(model.mu, model.sigma) for p in seat]
                for seat in table.seats
            ]
            new = model.rate(teams, ranks=list(table.places))
            for seat, rated in zip(table.seats, new, strict=True):
                for p, r in zip(seat, rated, strict=True):
                    ratings[p] = r


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2_000)
    args = parser.parse_args()
    print(f"{MODEL_NAME} {MODEL_VERSION}; {args.tables} tables of 4, {args.players} players")
    tournaments = history(args.tables, args.players)

    full = best(lambda: replay(RatingState(), tournaments))
    model = best(lambda: library_only(tournaments))
    overhead = full - model
    print(f"from scratch (replay):         {full:7.2f} s CPU")
    print(f"the library's rate calls only: {model:7.2f} s CPU")
    share = overhead / model
    print(f"overhead around the model:     {overhead:7.2f} s CPU ({share:.0%} of the model's)")

    state = replay(RatingState(), tournaments)
    new = history(30, args.players, seed=2)[0]
    incremental = best(lambda: replay(state, [new]))
    print(
        f"one new tournament of 30 tables: {incremental * 1000:.2f} ms CPU "
        f"(a list of {len(state.players)} players, copied on write)"
    )


if __name__ == "__main__":
    main()
