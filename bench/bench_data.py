"""What several benchmarks build the same way (Django set up first, ``django_setup``):

- ``sized_parser`` and ``built_or_reused``: a data set at ``--scale``, built afresh (what a run
  before left wiped) or kept with ``--reuse``, then analysed on PostgreSQL;
- ``double_king_evening`` and ``play_rounds``: the club « Bench », its 2026 season and a Double
  King evening with its members registered, then its rounds drawn and every table's sheet saved
  through the staff service (``deal_entry.save_sheet``).
"""

import argparse
import datetime
import random
import time
from collections.abc import Callable
from typing import Any


def sized_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--reuse", action="store_true", help="keep a database built before")
    parser.add_argument("--runs", type=int, default=5)
    return parser


def built_or_reused(
    args: argparse.Namespace,
    existing: Callable[[], Any],
    wipe: Callable[[Any], None],
    build: Callable[[float], None],
) -> None:
    """Build the data at ``args.scale`` unless ``args.reuse`` finds it (``existing``)."""
    from django.db import connection

    start = time.perf_counter()
    found = existing()
    if found is not None and args.reuse:
        print(f"reusing the database built before ({connection.vendor})")
        return
    if found is not None:
        wipe(found)
    build(args.scale)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")  # fresh statistics after the bulk load, as in production
    print(f"built in {time.perf_counter() - start:.1f} s ({connection.vendor})")


def double_king_evening(*, name: str, players: int, rounds: int, published: bool = False) -> Any:
    """The tournament of ``rounds`` rounds, ``players`` members registered (licences L00000…)."""
    from club.models import Club, Player, Season
    from tournaments.models import Tournament
    from tournaments.services import registration

    club = Club.objects.create(name="Bench", slug="bench")
    season = Season.objects.create(
        club=club, name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
    )
    tournament = Tournament.objects.create(
        club=club,
        season=season,
        game="double_king",
        name=name,
        date=datetime.date(2026, 5, 1),
        rounds=rounds,
        published=published,
    )
    for i in range(players):
        player = Player.objects.create(
            first_name=f"Prénom{i}", last_name=f"Nom{i}", licence_number=f"L{i:05d}"
        )
        player.clubs.add(club)
        registration.register_player(tournament, player=player)
    return tournament


def play_rounds(tournament: Any, rounds: int, user: Any, rng: random.Random) -> float:
    """Draw and start each round, save every table's full sheet; the CPU of the saves alone."""
    from tournaments.sample_sheets import double_king_round
    from tournaments.services import deal_entry, drawing

    saves = 0.0
    for number in range(rounds):
        round_ = drawing.draw_round(tournament, seed=number)
        drawing.start_round(round_)
        for table in round_.tables.all():
            first = table.seats.get(first_dealer=True).position
            records = double_king_round(first, rng)
            begun = time.process_time()
            deal_entry.save_sheet(table, records=records, version=table.version, user=user)
            saves += time.process_time() - begun
    return saves
