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


WHIST_CONTRACTS = [
    ("emballage_8", 2),
    ("emballage_9", 2),
    ("emballage_10", 2),
    ("solo_6", 1),
    ("solo_7", 1),
    ("trou", 2),
    ("petite_misere", 0),
    ("piccolo", 0),
    ("abondance_9", 1),
]


def whist_pool(
    first_dealer: int, rng: random.Random, deals: int = 12, n_seats: int = 4
) -> list[dict]:
    """The first ``deals`` records of a lawful whist pool (at 5, the dealer sits out)."""
    records = []
    for k in range(deals):
        dealer = (first_dealer + k) % n_seats
        active = [s for s in range(n_seats) if n_seats == 4 or s != dealer]
        code, kind = rng.choice(WHIST_CONTRACTS)
        record: dict[str, object] = {"contract": code, "dealer": dealer}
        if kind == 2:
            record["declarers"] = sorted(rng.sample(active, 2))
            bid = int(code.split("_")[1]) if "_" in code else 8
            record["tricks"] = max(0, min(13, bid + rng.randint(-2, 2)))
        elif kind == 1:
            record["declarers"] = [rng.choice(active)]
            bid = int(code.split("_")[1])
            record["tricks"] = max(0, min(13, bid + rng.randint(-2, 1)))
        else:
            players = sorted(rng.sample(active, rng.choice([1, 1, 2])))
            record["declarers"] = players
            target = 1 if code == "piccolo" else 0
            record["tricks"] = [target if rng.random() < 0.6 else target + 1 for _ in players]
        records.append(record)
    return records
