"""Benchmark: the whist annual ranking on a large season, beside the ranked SQL behind it.

    .venv/bin/python bench/annual.py [--tournaments 40] [--players 100] [--pools 3]

Builds a throwaway SQLite database (or uses DATABASE_URL) with a season of finished whist
tournaments (stored directly, their results stored: the bench measures reads), then times,
for each annual rule (sum of points, sum of place points, best N), the selector and the
public season page rendered again (the cache emptied before each request) and cached, the
query ranking the season's players in the database (the baseline, through the same
cursor as ``standings.raw``), the season Excel export, and counts the rendered page's SQL
queries. Prints milliseconds (median of 7).
"""

import argparse
import os
import sys
import tempfile
import time
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
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse
    from standings import build_season, raw, timed

    from tournaments.selectors import annual_rankings
    from tournaments.services import rulesets

    call_command("migrate", verbosity=0)
    season, _ = build_season(args.tournaments, args.players, args.pools, game="whist")
    client = Client()
    # The season's players ranked by their summed points over the stored results, the
    # first page (50) of them.
    sql = """
        SELECT p.last_name, p.first_name, x.*,
               RANK() OVER (ORDER BY x.points DESC) AS place
        FROM (SELECT tr.player_id, SUM(tr.points) AS points,
                     SUM(tr.annual_place_points_60ths) AS place_points, COUNT(*) AS tournaments
              FROM tournaments_tournamentresult tr
              JOIN tournaments_tournament t ON t.id = tr.tournament_id
              WHERE t.season_id = %s AND t.game = 'whist' AND t.published
              GROUP BY tr.player_id) x
        JOIN club_player p ON p.id = x.player_id
        ORDER BY place, p.last_name, p.first_name
        LIMIT 50"""
    raw_ms = raw(connection, sql, [season.pk])
    seats = args.tournaments * args.players * args.pools
    print(
        f"{args.tournaments} whist tournaments × {args.players} players × {args.pools} pools "
        f"= {seats} pool results, {args.players * 3} players in the season ({connection.vendor})"
    )
    print(f"ranked SQL (the first 50 players): {raw_ms:.2f} ms")
    print(
        f"{'rule':18} {'selector ms':>12} {'rendered ms':>12} {'its CPU ms':>11} "
        f"{'cached ms':>10} {'queries':>8} {'rendered/SQL':>13}"
    )
    url = reverse("season_standings", args=[season.pk])
    for rule, extra in (
        ("sum_points", {}),
        ("sum_place_points", {}),
        ("best_n", {"annual_best_n": 5}),
    ):
        rulesets.save_club_rules(season.club, game="whist", rules={"annual_ranking": rule, **extra})
        selector_ms = timed(lambda: annual_rankings.annual_ranking(season, "whist"))

        def rendered() -> None:
            assert client.get(url).status_code == 200

        page_ms = timed(rendered, setup=cache.clear)
        cpu_ms = timed(rendered, clock=time.process_time, setup=cache.clear)
        cached_ms = timed(rendered)
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        print(
            f"{rule:18} {selector_ms:12.1f} {page_ms:12.1f} {cpu_ms:11.1f} {cached_ms:10.1f} "
            f"{len(queries):8d} {page_ms / raw_ms:13.1f}"
        )
    xlsx_ms = timed(lambda: client.get(reverse("season_xlsx", args=[season.pk])))
    print(f"season Excel export: {xlsx_ms:.1f} ms")


if __name__ == "__main__":
    main()
