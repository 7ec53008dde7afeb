"""Benchmark: the whist annual ranking on a large season, beside the raw SQL behind it.

    .venv/bin/python bench/annual.py [--tournaments 40] [--players 100] [--pools 3]

Builds a throwaway SQLite database (or uses DATABASE_URL) with a season of finished whist
tournaments (stored directly: the bench measures reads), then times, for each annual rule
(sum of points, sum of place points, best N), the selector and the public season page, the
raw query they rest on, the season Excel export, and counts the page's SQL queries.
Prints milliseconds (median of 7).
"""

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tournaments", type=int, default=40)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--pools", type=int, default=3)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="atout-bench-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{workdir}/bench.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings.test"
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse
    from standings import build_season, timed

    from tournaments.selectors import annual_rankings
    from tournaments.services import rulesets

    call_command("migrate", verbosity=0)
    season, _ = build_season(args.tournaments, args.players, args.pools, game="whist")
    client = Client()
    sql = """
        SELECT r.tournament_id, e.player_id, s.score, s.place_points_60ths
        FROM tournaments_seat s
        JOIN tournaments_round r ON r.id = s.round_id
        JOIN tournaments_tournament t ON t.id = r.tournament_id
        JOIN tournaments_table tb ON tb.id = s.table_id
        JOIN tournaments_entry e ON e.id = s.entry_id
        WHERE t.season_id = %s AND t.game = 'whist' AND t.published AND tb.complete
              AND NOT e.substitute"""

    def raw() -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql, [season.pk])
            cursor.fetchall()

    raw_ms = timed(raw)
    seats = args.tournaments * args.players * args.pools
    print(
        f"{args.tournaments} whist tournaments × {args.players} players × {args.pools} pools "
        f"= {seats} pool results, {args.players * 3} players in the season ({connection.vendor})"
    )
    print(f"raw SQL (all pool results): {raw_ms:.1f} ms")
    print(f"{'rule':18} {'selector ms':>12} {'page ms':>9} {'queries':>8} {'page/raw':>9}")
    url = reverse("season_standings", args=[season.pk])
    for rule, extra in (
        ("sum_points", {}),
        ("sum_place_points", {}),
        ("best_n", {"annual_best_n": 5}),
    ):
        rulesets.save_club_rules(season.club, game="whist", rules={"annual_ranking": rule, **extra})
        selector_ms = timed(lambda: annual_rankings.annual_ranking(season, "whist"))
        page_ms = timed(lambda: client.get(url))
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        print(
            f"{rule:18} {selector_ms:12.1f} {page_ms:9.1f} {len(queries):8d} "
            f"{page_ms / raw_ms:9.1f}"
        )
    xlsx_ms = timed(lambda: client.get(reverse("season_xlsx", args=[season.pk])))
    print(f"season Excel export: {xlsx_ms:.1f} ms")


if __name__ == "__main__":
    main()
