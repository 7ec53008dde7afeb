"""Complete, valid sheets made up for the demo club, the tests and the benchmarks.

The records are random but lawful: each seat deals 5 games and chooses 3 negative and 2 trump
games, each negative game is played twice; ``scoring`` still checks every one of them.
"""

import random

CHOICES = [
    ["tricks", "hearts", "queens", "trump", "trump"],
    ["jacks_kings", "king_of_hearts", "seventh_last", "trump", "trump"],
    ["tricks", "hearts", "queens", "trump", "trump"],
    ["jacks_kings", "king_of_hearts", "seventh_last", "trump", "trump"],
]
UNITS = {"tricks": 13, "hearts": 13, "queens": 4, "jacks_kings": 8, "trump": 13}


def _split(total: int, rng: random.Random) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(3))
    return [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], total - cuts[2]]


def double_king_round(first_dealer: int, rng: random.Random, games: int = 20) -> list[dict]:
    """The first ``games`` records of a valid Double King round."""
    queues = [rng.sample(choice, len(choice)) for choice in CHOICES]
    records = []
    for k in range(games):
        dealer = (first_dealer + k) % 4
        game = queues[dealer].pop()
        record: dict[str, object] = {"game": game, "dealer": dealer}
        if game in UNITS:
            record["taken"] = _split(UNITS[game], rng)
        elif game == "king_of_hearts":
            record["taker"] = rng.randrange(4)
        else:
            record["seventh"], record["last"] = rng.randrange(4), rng.randrange(4)
        records.append(record)
    return records
