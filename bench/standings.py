"""Benchmark: standings pages on a large season, beside the ranked SQL behind them.

    .venv/bin/python bench/standings.py [--tournaments 60] [--players 120] [--rounds 5]

Builds a throwaway SQLite database (or uses DATABASE_URL) with a season of finished Double King
tournaments (their results stored, as the services store them), then times the season
standings page (and the page of a month, March: its ranking above the season's), and one
tournament's standings page, each rendered again (the cache emptied before each request: a
sheet was just saved), cached, and revalidated (304: its ETag sent back; « nan » for a page
without one), beside the baseline a competent engineer would write: one query ranking the
page's rows in the database (sums, the rank by a window function, a tournament's round scores
as columns; the month's page: its two rankings' queries), run through the same cursor as the
page's own queries (Django's: on PostgreSQL psycopg's client-side binding, its default, so
neither is a prepared statement). Prints milliseconds (median of 21: fewer let one slow run of
a shared machine move it), the pages' CPU (rendered and cached), and the ratio of a rendered
page to its SQL, in time and in CPU (on SQLite the database runs in the process: the CPU ratio
is the one a loaded machine leaves meaningful; on PostgreSQL the query's CPU is the server's,
not counted). On PostgreSQL the planner's statistics are taken after the load.
"""

import argparse
import datetime
import math
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
    parser.add_argument("--tournaments", type=int, default=60)
    parser.add_argument("--players", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=5)
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
    from django.urls import reverse

    call_command("migrate", verbosity=0)
    season, tournament = build_season(args.tournaments, args.players, args.rounds)
    if connection.vendor == "postgresql":
        # The planner's statistics of the rows just loaded, as autovacuum soon takes them:
        # without them the plans (the page's and the baseline's) vary from run to run.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    client = Client()

    def page(url: str) -> tuple[float, ...]:
        """(rendered ms, its CPU ms, cached ms, its CPU ms, 304 ms or NaN when the page has
        no ETag or answers its ETag with the page again)."""

        def rendered() -> None:
            assert client.get(url).status_code == 200

        etag = client.get(url).get("ETag")

        def revalidated() -> None:
            assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

        not_modified = (
            etag is not None and client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
        )
        return (
            timed(rendered, setup=cache.clear),
            timed(rendered, clock=time.process_time, setup=cache.clear),
            timed(rendered),
            timed(rendered, clock=time.process_time),
            timed(revalidated) if not_modified else math.nan,
        )

    # The season's players ranked from the stored tournament results, as the page reads them.
    season_sql = """
        SELECT p.last_name, p.first_name, x.*,
               RANK() OVER (ORDER BY x.place_points DESC, x.score DESC) AS place
        FROM (SELECT tr.player_id, SUM(tr.place_points_60ths) AS place_points,
                     SUM(tr.points) AS score, MAX(tr.best_round) AS best_round,
                     SUM(tr.rounds) AS rounds, COUNT(*) AS tournaments
              FROM tournaments_tournamentresult tr
              JOIN tournaments_tournament t ON t.id = tr.tournament_id
              WHERE t.season_id = %s AND t.published AND t.game = 'double_king'
              GROUP BY tr.player_id) x
        JOIN club_player p ON p.id = x.player_id
        ORDER BY place, p.last_name, p.first_name"""
    # A month's ranking: the same over the month's evenings (its page shows it above the
    # season's: both queries are its baseline).
    month_sql = season_sql.replace(
        "AND t.game = 'double_king'", "AND t.game = 'double_king' AND t.date BETWEEN %s AND %s"
    )
    march = [datetime.date(2026, 3, 1), datetime.date(2026, 3, 31)]
    # A tournament's players ranked from their complete tables, each round's score a column.
    round_scores = ", ".join(
        f"MAX(CASE WHEN r.number = {n} THEN s.score END) AS r{n}" for n in range(1, args.rounds + 1)
    )
    tournament_sql = f"""
        SELECT p.last_name, p.first_name, x.*,
               RANK() OVER (ORDER BY x.place_points DESC, x.score DESC) AS place
        FROM (SELECT s.entry_id, SUM(s.place_points_60ths) AS place_points,
                     SUM(s.score) AS score, MAX(s.score) AS best_round, COUNT(*) AS rounds,
                     {round_scores}
              FROM tournaments_seat s
              JOIN tournaments_round r ON r.id = s.round_id
              JOIN tournaments_table tb ON tb.id = s.table_id
              WHERE r.tournament_id = %s AND tb.complete
              GROUP BY s.entry_id) x
        JOIN tournaments_entry e ON e.id = x.entry_id
        JOIN club_player p ON p.id = e.player_id
        ORDER BY place, p.last_name, p.first_name"""
    rows = [
        (
            "season standings page",
            page(reverse("season_standings", args=[season.pk])),
            raw(connection, (season_sql, [season.pk])),
        ),
        (
            "season page, a month",
            page(reverse("season_standings", args=[season.pk]) + "?mois=2026-03"),
            raw(connection, (month_sql, [season.pk, *march]), (season_sql, [season.pk])),
        ),
        (
            "tournament standings page",
            page(reverse("tournament_standings", args=[tournament.pk])),
            raw(connection, (tournament_sql, [tournament.pk])),
        ),
    ]
    print(
        f"{args.tournaments} tournaments × {args.players} players × {args.rounds} rounds "
        f"({connection.vendor})"
    )
    print(
        f"{'page':28} {'rendered ms':>12} {'its CPU ms':>11} {'cached ms':>10} {'its CPU ms':>11} "
        f"{'304 ms':>7} {'ranked SQL ms':>14} {'its CPU ms':>11} {'rendered/SQL':>13} "
        f"{'CPU/SQL CPU':>12}"
    )
    for name, (page_ms, cpu_ms, cached_ms, cached_cpu_ms, revalidated_ms), sql in rows:
        sql_ms, sql_cpu_ms = sql
        print(
            f"{name:28} {page_ms:12.1f} {cpu_ms:11.1f} {cached_ms:10.1f} {cached_cpu_ms:11.1f} "
            f"{revalidated_ms:7.1f} {sql_ms:14.2f} {sql_cpu_ms:11.2f} {page_ms / sql_ms:13.1f} "
            f"{cpu_ms / sql_cpu_ms:12.1f}"
        )


def raw(connection, *queries: tuple[str, list[object]]) -> tuple[float, float]:
    """The baseline queries' time and CPU, (sql, params) each, through Django's cursor as the
    page's own queries (on PostgreSQL: psycopg's client-side binding, Django's default;
    nothing prepared)."""
    connection.ensure_connection()

    def run() -> None:
        with connection.cursor() as cursor:
            for sql, params in queries:
                cursor.execute(sql, params)
                cursor.fetchall()

    return timed(run), timed(run, clock=time.process_time)


def timed(fn, clock=time.perf_counter, setup=None) -> float:
    """``fn``'s median time in ms over 21 runs (after one), ``setup()`` run before each, untimed."""
    fn()  # warm-up
    samples = []
    for _ in range(21):
        if setup is not None:
            setup()
        start = clock()
        fn()
        samples.append((clock() - start) * 1000)
    return statistics.median(samples)


def build_season(n_tournaments: int, n_players: int, n_rounds: int, game: str = "double_king"):
    """Finished tournaments stored directly (the bench measures reads, not entry), their
    results stored as a saved sheet stores them."""
    from django.db import transaction

    from club.models import Club, Player, Season
    from scoring.ranking import place_points
    from scoring.seating import schedule
    from tournaments.models import Entry, Round, Seat, Table, Tournament
    from tournaments.services import result_store

    rng = random.Random(1)
    with transaction.atomic():
        club = Club.objects.create(name="Bench club", slug="bench")
        season = Season.objects.create(
            club=club, name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
        )
        pool = Player.objects.bulk_create(
            Player(first_name=f"Prénom{i}", last_name=f"Nom{i}") for i in range(n_players * 3)
        )
        plan = schedule(n_players, n_rounds, (4,), seed=1).rounds
        for t in range(n_tournaments):
            tournament = Tournament.objects.create(
                club=club,
                season=season,
                game=game,
                name=f"Tournoi {t}",
                date=datetime.date(2026, 1, 1) + datetime.timedelta(days=t * 5),
                rounds=n_rounds,
                published=True,
                status=Tournament.Status.FINISHED,
            )
            entries = Entry.objects.bulk_create(
                Entry(tournament=tournament, player=p, present=True)
                for p in rng.sample(pool, n_players)
            )
            seats = []
            for number, tables in enumerate(plan, start=1):
                round_ = Round.objects.create(tournament=tournament, number=number, status="closed")
                made = Table.objects.bulk_create(
                    Table(round=round_, number=i, complete=True) for i in range(1, len(tables) + 1)
                )
                for table, players in zip(made, tables, strict=True):
                    scores = [rng.randint(-40, 40) for _ in range(3)]
                    scores.append(-sum(scores))
                    points = place_points(scores)
                    seats.extend(
                        Seat(
                            table=table,
                            round=round_,
                            position=pos,
                            entry=entries[player],
                            first_dealer=pos == 0,
                            score=scores[pos],
                            place_points_60ths=int(points[pos] * 60),
                        )
                        for pos, player in enumerate(players)
                    )
            Seat.objects.bulk_create(seats, batch_size=2000)
            result_store.results_changed(tournament)
    return season, tournament


if __name__ == "__main__":
    main()
