"""Complete, valid sheets made up for the demo club, the tests and the benchmarks.

The records are random but lawful: each seat deals 5 games and chooses 3 negative and 2 trump
games, each negative game is played twice; ``scoring`` still checks every one of them.
"""

import datetime
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from scoring import GAMES
from scoring.double_king import score_deal
from scoring.ranking import place_points
from scoring.whist_seats import deal_seats

from .games import plugin_for
from .models import Entry, Round, Seat, Table, Tournament

if TYPE_CHECKING:
    from club.models import Player, Season

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


def double_king_round(
    first_dealer: int, rng: random.Random, games: int = 20
) -> list[dict[str, Any]]:
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
    first_dealer: int,
    rng: random.Random,
    deals: int = 12,
    n_seats: int = 4,
    sit_out: str = "dealer",
    sit_out_order: Sequence[int] = (),
) -> list[dict[str, Any]]:
    """The first ``deals`` records of a lawful whist pool (at 5 and 6, those sitting out as
    the club's ``sit_out`` and the table's ``sit_out_order`` say: ``scoring.whist_seats``)."""
    records = []
    for k in range(deals):
        dealer, out = deal_seats(n_seats, k, first_dealer, sit_out, sit_out_order or None)
        active = [s for s in range(n_seats) if s not in out]
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


DOUBLE_MANCHES = [1, 2, 3, 4, 5, 5, 4, 3, 2, 1]


def double_game(
    n_seats: int, first_dealer: int, rng: random.Random, manches: int = 10, start: int = 15
) -> list[dict[str, Any]]:
    """The first ``manches`` records of a valid game of Double: bids within the points held."""
    held = [start] * n_seats
    records = []
    for k in range(manches):
        cards = DOUBLE_MANCHES[k]
        bids = [rng.randint(0, min(cards, held[s])) for s in range(n_seats)]
        tricks = [0] * n_seats
        for _ in range(cards):
            tricks[rng.randrange(n_seats)] += 1
        for s in range(n_seats):
            held[s] += 5 + bids[s] if bids[s] == tricks[s] else -bids[s]
        records.append(
            {"cards": cards, "bids": bids, "tricks": tricks, "dealer": (first_dealer + k) % n_seats}
        )
    return records


def quarante_match(
    first_dealer: int, rng: random.Random, target: int = 150
) -> list[dict[str, Any]]:
    """A valid Quarante de roi match played to ``target``."""
    records: list[dict[str, Any]] = []
    totals = [0, 0]
    while max(totals) < target or totals[0] == totals[1]:
        kings, queens, jacks = rng.randint(0, 4), rng.randint(0, 4), rng.randint(0, 4)
        record: dict[str, Any] = {
            "kings": [kings, 4 - kings],
            "queens": [queens, 4 - queens],
            "jacks": [jacks, 4 - jacks],
            "cliques": [],
            "trump": rng.choice(["hearts", "diamonds", "clubs", "spades"]),
            "dealer": (first_dealer + len(records)) % 4,
        }
        points = [5 * kings + 4 * queens + 2 * jacks, 0]
        points[1] = 44 - points[0]
        if rng.random() < 0.3:
            seat = rng.randrange(4)
            record["cliques"] = [{"seat": seat, "figure": "K", "count": 3}]
            points[seat % 2] += 10
        totals = [totals[0] + points[0], totals[1] + points[1]]
        records.append(record)
    return records


def plonk_match(first_dealer: int, rng: random.Random, target: int = 500) -> list[dict[str, Any]]:
    """A valid Plonk match played to ``target``."""
    records: list[dict[str, Any]] = []
    totals = [0, 0]
    while max(totals) < target or totals[0] == totals[1]:
        t0 = rng.randint(4, 9)
        tricks = [t0, 13 - t0]
        dead = [t + rng.randint(0, t) for t in tricks]
        live = [(4 * t - d) * 7 for t, d in zip(tricks, dead, strict=True)]
        record = {
            "tricks": tricks,
            "dead": dead,
            "live_points": live,
            "dealer": (first_dealer + len(records)) % 4,
        }
        totals = [totals[i] + live[i] - dead[i] for i in range(2)]
        records.append(record)
    return records


def stored_tournament(
    season: "Season",
    game: str,
    n_rounds: int,
    index: int,
    pool: Sequence["Player"],
    rng: random.Random,
    players: int = 120,
) -> Tournament:
    """A finished, published tournament whose seat results are stored directly (bulk_create),
    for benchmarks and tests that measure reads: ``players`` of ``pool`` at tables of 4,
    random zero-sum scores, Double King place points. The caller stores the tournament
    results (``result_store.results_changed``)."""
    plugin = plugin_for(game)
    tournament = Tournament.objects.create(
        club=season.club,
        season=season,
        game=game,
        name=f"{season.name} — {index + 1}",
        date=season.start + datetime.timedelta(days=index * 3),
        rounds=n_rounds,
        rules=GAMES[game].validate_rules(None),
        published=True,
        status=Tournament.Status.FINISHED,
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, player=p, present=True, paid=True)
        for p in rng.sample(pool, players)
    )
    rounds = Round.objects.bulk_create(
        Round(tournament=tournament, number=n, status="closed") for n in range(1, n_rounds + 1)
    )
    per_round = players // 4
    tables = Table.objects.bulk_create(
        Table(round=r, number=n, complete=True, version=1)
        for r in rounds
        for n in range(1, per_round + 1)
    )
    seats = []
    for round_ in rounds:
        order = list(range(players))
        rng.shuffle(order)
        for n in range(per_round):
            table = tables[(round_.number - 1) * per_round + n]
            scores = [rng.randint(-40, 40) for _ in range(3)]
            scores.append(-sum(scores))
            points = place_points(scores) if plugin.place_points else [Fraction(0)] * 4
            seats += [
                Seat(
                    table=table,
                    round=round_,
                    position=pos,
                    entry=entries[order[n * 4 + pos]],
                    first_dealer=pos == 0,
                    score=scores[pos],
                    place_points_60ths=int(points[pos] * 60),
                )
                for pos in range(4)
            ]
    Seat.objects.bulk_create(seats, batch_size=5000)
    return tournament


def sheet_post_data(
    table: Table, records: list[dict[str, Any]], version: int, rules: dict[str, Any] | None = None
) -> dict[str, str]:
    """The Double King sheet form's fields for these records, in points as on paper: a game
    row per game, a penalty line (before which game) per penalty."""
    data = {"version": str(version)}
    row, line = 1, 1
    for record in records:
        points = score_deal(record, rules)
        if "penalty" in record:
            data.update({f"pb{line}": str(row), f"pg{line}": record["game"]})
            data.update({f"pp{line}_{s}": str(p) for s, p in enumerate(points)})
            line += 1
            continue
        data[f"g{row}"] = record["game"]
        data.update({f"c{row}_{s}": str(p) for s, p in enumerate(points)})
        row += 1
    return data
