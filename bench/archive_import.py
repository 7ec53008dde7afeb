"""Benchmark: importing archived evenings from a spreadsheet (issue 24 §3).

    .venv/bin/python bench/archive_import.py [--players 100] [--evenings 50]

Builds a throwaway SQLite database (or uses DATABASE_URL) with a club of ``players`` members
and a CSV of ``evenings`` × ``players`` rows (5,000 by default: the import's limit), then times
reading and checking the file (what the preview does, and the confirmation again), and saving
every evening (one transaction). Prints milliseconds (median of 5 for the check; the save once).
"""

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--evenings", type=int, default=50)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="atout-bench-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{workdir}/bench.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings.test"
    import django

    django.setup()
    import datetime

    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from club.models import Club, Player, Season
    from tournaments.services import archive

    club = Club.objects.create(name="Bench", slug="bench")
    season = Season.objects.create(
        club=club, name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
    )
    players = Player.objects.bulk_create(
        Player(first_name=f"Prenom{i}", last_name=f"Nom{i}") for i in range(args.players)
    )
    club.players.add(*players)
    lines = ["Date;Joueur;Points"]
    for evening in range(args.evenings):
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=evening)
        for i in range(args.players):
            lines.append(f"{day:%d/%m/%Y};Nom{i} Prenom{i};{(i * 7 + evening) % 41 - 20}")
    data = "\n".join(lines).encode()

    def check() -> list:
        rows = archive.parse_rows("bench.csv", io.BytesIO(data))
        return archive.check_rows(club, season, "whist", rows)

    times = []
    for _ in range(5):
        start = time.perf_counter()
        rows = check()
        times.append((time.perf_counter() - start) * 1000)
    assert all(row.is_valid for row in rows), rows[0].errors
    start = time.perf_counter()
    saved = archive.save_evenings(club, season, "whist", rows)
    save_ms = (time.perf_counter() - start) * 1000
    print(f"rows: {len(rows)} ({args.evenings} evenings × {args.players} players)")
    print(f"read and check (preview): {statistics.median(times):.0f} ms (median of 5)")
    print(f"save {len(saved.tournaments)} evenings: {save_ms:.0f} ms")


if __name__ == "__main__":
    main()
