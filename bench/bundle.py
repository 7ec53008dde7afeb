"""Benchmark: a 30-table, 5-round Double King evening as a bundle (docs/bundle.md).

    .venv/bin/python bench/bundle.py [--tables 30] [--rounds 5]

A throwaway SQLite database (or DATABASE_URL): 4 × ``--tables`` players, ``--rounds`` rounds
drawn, each table's full 20-game sheet saved through ``deal_entry.save_sheet`` (the staff
service: the CPU of those saves is the baseline). Then the tournament is exported (payload and
signature) and the database emptied as ``migrate`` leaves it; the bundle is imported into it
(every sheet replayed through the same service, the results computed). Prints the bundle's
size gzipped (goal: under 1 MB) and the CPU of each step; goal: the import ≤ 1.5 × the saves.
"""

import argparse
import cProfile
import os
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_data import double_king_evening, play_rounds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--top", type=int, default=0, help="cProfile's N costliest of the import")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="atout-bench-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{workdir}/bench.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings.test"
    os.environ.setdefault("ATOUT_BUNDLE_KEY_FILE", f"{workdir}/key.pem")
    import django

    django.setup()

    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection

    from tournaments.models import Tournament, TournamentResult
    from tournaments.travel.services.document import seal
    from tournaments.travel.services.export import tournament_payload
    from tournaments.travel.services.importing import import_bundle
    from tournaments.travel.services.signing import make_site_key

    settings.ATOUT_BUNDLE_KEY_FILE = os.environ["ATOUT_BUNDLE_KEY_FILE"]
    call_command("migrate", verbosity=0)
    key, _made = make_site_key()
    user = User.objects.create(username="saisie")
    tournament = double_king_evening(name="Bench", players=4 * args.tables, rounds=args.rounds)
    saves = play_rounds(tournament, args.rounds, user, random.Random(1))
    results = sorted(
        TournamentResult.objects.filter(tournament=tournament).values_list(
            "player__uid", "rank", "points"
        )
    )

    started = time.process_time()
    data = seal(tournament_payload(tournament), key)
    export = time.process_time() - started

    call_command("flush", interactive=False, verbosity=0)
    make_site_key()

    profile = cProfile.Profile() if args.top else None
    started = time.process_time()
    if profile is not None:
        profile.enable()
    report = import_bundle(data)
    imported = time.process_time() - started
    if profile is not None:
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.top)
    again = Tournament.objects.get(uid=tournament.uid)
    same = (
        sorted(
            TournamentResult.objects.filter(tournament=again).values_list(
                "player__uid", "rank", "points"
            )
        )
        == results
    )
    started = time.process_time()
    second = import_bundle(data).changes
    reimport = time.process_time() - started

    sheets = args.tables * args.rounds
    print(f"{connection.vendor}: {args.tables} tables × {args.rounds} rounds, {sheets} sheets")
    print(f"bundle: {len(data) / 1024:.0f} kB gzipped (goal < 1024 kB)")
    print(f"saving the sheets through the staff service: {saves:.2f} s CPU")
    print(f"export (payload + signature + gzip): {export:.2f} s CPU")
    print(
        f"import into the emptied database: {imported:.2f} s CPU, {report.changes} changes, "
        f"{imported / saves:.2f} × the saves (goal ≤ 1.5); the same standings: {same}"
    )
    print(f"a second import: {reimport:.2f} s CPU, {second} changes")


if __name__ == "__main__":
    main()
