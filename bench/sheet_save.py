"""Benchmark: saving a complete Double King sheet, then reading the standings again.

    .venv/bin/python bench/sheet_save.py [--players 40]

A throwaway SQLite database (or DATABASE_URL): a tournament of ``--players`` players in
round 1; each table's full 20-game sheet is saved through ``deal_entry.save_sheet`` (one
transaction: version check, validation by ``scoring``, deals, seat results, history), then
``classification.tournament_standings`` recomputes the classification. Prints milliseconds.
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=40)
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="atout-bench-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{workdir}/bench.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings.test"
    import django

    django.setup()
    import datetime

    from django.core.management import call_command
    from django.db import connection

    from club.models import Club, Player, Season
    from tournaments.models import Tournament
    from tournaments.sample_sheets import double_king_round
    from tournaments.selectors import classification
    from tournaments.services import deal_entry, drawing, registration

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench", slug="bench")
    season = Season.objects.create(
        club=club, name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
    )
    tournament = Tournament.objects.create(
        club=club, season=season, game="double_king", name="Bench", date=datetime.date(2026, 5, 1)
    )
    for i in range(args.players):
        player = Player.objects.create(first_name=f"P{i}", last_name=f"N{i}")
        registration.register_player(tournament, player=player)
    round_ = drawing.draw_round(tournament, seed=1)
    rng = random.Random(1)
    save_ms, standings_ms = [], []
    for table in round_.tables.all():
        first = table.seats.get(first_dealer=True).position
        records = double_king_round(first, rng)
        start = time.perf_counter()
        deal_entry.save_sheet(table, records=records, version=table.version, user=None)
        middle = time.perf_counter()
        classification.tournament_standings(tournament)
        end = time.perf_counter()
        save_ms.append((middle - start) * 1000)
        standings_ms.append((end - middle) * 1000)
    print(f"{len(save_ms)} full sheets, {args.players} players ({connection.vendor})")
    print(
        f"save_sheet (20 games)      median {statistics.median(save_ms):6.1f} ms, "
        f"max {max(save_ms):6.1f} ms"
    )
    print(
        f"standings recomputed       median {statistics.median(standings_ms):6.1f} ms, "
        f"max {max(standings_ms):6.1f} ms"
    )
    total = [a + b for a, b in zip(save_ms, standings_ms, strict=True)]
    print(f"save + standings           median {statistics.median(total):6.1f} ms")


if __name__ == "__main__":
    main()
