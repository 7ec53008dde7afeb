"""Benchmark: an evening without the internet comes back to the site (issue 34, docs/bundle.md).

    .venv/bin/python bench/evening_return.py [--tables 4] [--rounds 3]

Two databases that share nothing but files, as in a club: the site (a throwaway SQLite
database, or DATABASE_URL) and the laptop (another SQLite file, in its own process). The site
registers 4 × ``--tables`` - 2 members of the club in a Double King tournament and hands it
over with its lease (« Emporter la soirée »). The laptop takes the bundle in, registers two
walk-ins, draws ``--rounds`` rounds and saves every table's full sheet through the staff
service (``deal_entry.save_sheet``), then writes the evening's last bundle (« Rapporter la
soirée »). The site previews it, imports it and serves its public standings.

Prints the bundle's size gzipped (goal: under 100 kB) and the CPU from « Rapporter la soirée »
to the standings served at the site (goal: a few seconds), step by step.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_data import double_king_evening, play_rounds

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup(database: str, key_file: str) -> None:
    os.environ["DATABASE_URL"] = database
    os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings.test"
    os.environ["ATOUT_BUNDLE_KEY_FILE"] = key_file
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ATOUT_BUNDLE_KEY_FILE = key_file
    call_command("migrate", verbosity=0)


def laptop(workdir: Path, tables: int, rounds: int, site_key: str) -> None:
    """The laptop's process: the outgoing bundle in, the evening played, its last bundle out.
    Prints its figures as one JSON line."""
    setup(f"sqlite:///{workdir}/laptop.sqlite3", str(workdir / "laptop-key.pem"))
    from django.contrib.auth.models import User

    from club.models import Player
    from tournaments.models import Tournament
    from tournaments.services import registration
    from tournaments.travel.services.export import export_bundle
    from tournaments.travel.services.importing import import_bundle

    outgoing = (workdir / "outgoing.json.gz").read_bytes()
    started = time.process_time()
    report = import_bundle(outgoing, trust_key=site_key)
    taken_in = time.process_time() - started
    tournament = Tournament.objects.get(pk=report.tournament_pk)
    for number, licence in ((1, "W-0001"), (2, "")):
        walker = Player.objects.create(
            first_name=f"Passant{number}", last_name="Hall", licence_number=licence
        )
        walker.clubs.add(tournament.club)
        registration.register_player(tournament, player=walker)
    user = User.objects.create(username="portable")
    saves = play_rounds(tournament, rounds, user, random.Random(7))
    tournament.refresh_from_db()
    started = time.process_time()
    data = export_bundle(tournament, final=True)
    written = time.process_time() - started
    (workdir / "back.json.gz").write_bytes(data)
    print(json.dumps({"taken_in": taken_in, "saves": saves, "written": written}))


def site(workdir: Path, tables: int, rounds: int) -> None:
    setup(
        os.environ.get("DATABASE_URL") or f"sqlite:///{workdir}/site.sqlite3",
        str(workdir / "site-key.pem"),
    )
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from tournaments.models import TournamentResult
    from tournaments.travel.services.document import public_hex
    from tournaments.travel.services.export import export_bundle
    from tournaments.travel.services.importing import import_bundle
    from tournaments.travel.services.signing import make_site_key

    key, _made = make_site_key()
    tournament = double_king_evening(
        name="Soirée", players=4 * tables - 2, rounds=rounds, published=True
    )
    club = tournament.club
    (workdir / "outgoing.json.gz").write_bytes(export_bundle(tournament, hold="Portable"))

    laptop_run = subprocess.run(
        [
            sys.executable,
            __file__,
            "--laptop",
            str(workdir),
            "--tables",
            str(tables),
            "--rounds",
            str(rounds),
            "--site-key",
            public_hex(key),
        ],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "DATABASE_URL": ""},
    )
    figures = json.loads(laptop_run.stdout.strip().splitlines()[-1])
    data = (workdir / "back.json.gz").read_bytes()

    started = time.process_time()
    preview = import_bundle(data, dry_run=True, club=club)
    previewed = time.process_time() - started
    started = time.process_time()
    report = import_bundle(data, club=club)
    imported = time.process_time() - started
    started = time.process_time()
    page = Client().get(reverse("tournament_standings", args=[tournament.pk]))
    served = time.process_time() - started
    tournament.refresh_from_db()
    again = import_bundle(data, club=club)

    players = TournamentResult.objects.filter(tournament=tournament).count()
    total = figures["written"] + previewed + imported + served
    print(
        f"{connection.vendor} site, SQLite laptop: {4 * tables} players ({tables} tables), "
        f"{rounds} rounds of Double King"
    )
    print(
        f"the laptop: bundle taken in {figures['taken_in']:.2f} s CPU, sheets saved through "
        f"the staff service {figures['saves']:.2f} s CPU"
    )
    print(f"the evening's bundle: {len(data) / 1024:.1f} kB gzipped (goal < 100 kB)")
    print(f"« Rapporter la soirée » (export on the laptop): {figures['written']:.2f} s CPU")
    print(
        f"the desk's preview (the whole import, rolled back): {previewed:.2f} s CPU; "
        f"brings {', '.join(preview.brings())}; {len(preview.conflicts)} conflict lines"
    )
    print(
        f"the import (sheets replayed, projections rebuilt): {imported:.2f} s CPU, "
        f"{report.changes} changes, hold released: {not tournament.is_held}"
    )
    print(
        f"the public standings served: {served:.2f} s CPU (HTTP {page.status_code}, "
        f"{players} players ranked)"
    )
    print(f"from « Rapporter la soirée » to the standings: {total:.2f} s CPU (goal: a few s)")
    print(f"the same bundle again: {again.changes} changes")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--laptop", default="", help=argparse.SUPPRESS)
    parser.add_argument("--site-key", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.laptop:
        laptop(Path(args.laptop), args.tables, args.rounds, args.site_key)
        return
    site(Path(tempfile.mkdtemp(prefix="atout-evening-")), args.tables, args.rounds)


if __name__ == "__main__":
    main()
