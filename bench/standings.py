"""Benchmark: standings pages on a large season, beside the raw aggregate SQL behind them.

    .venv/bin/python bench/standings.py [--tournaments 60] [--players 40] [--rounds 5]

Builds a throwaway SQLite database (or uses DATABASE_URL) with a season of finished Double King
tournaments, then times the season standings page, one tournament's standings page, and the
raw GROUP BY query each of them rests on. Prints milliseconds (median of 7) and the ratio.
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
    parser.add_argument("--tournaments", type=int, default=60)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="atout-bench-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{workdir}/bench.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings.test"
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    call_command("migrate", verbosity=0)
    season, tournament = build_season(args.tournaments, args.players, args.rounds)
    client = Client()

    def page(url: str) -> float:
        return timed(lambda: client.get(url))

    def raw(sql: str, params: list[object]) -> float:
        def run() -> None:
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
                cursor.fetchall()

        return timed(run)

    season_sql = """
        SELECT t.game, e.player_id, SUM(s.place_points_60ths), SUM(s.score), MAX(s.score),
               COUNT(s.id), COUNT(DISTINCT r.tournament_id)
        FROM tournaments_seat s
        JOIN tournaments_round r ON r.id = s.round_id
        JOIN tournaments_tournament t ON t.id = r.tournament_id
        JOIN tournaments_table tb ON tb.id = s.table_id
        JOIN tournaments_entry e ON e.id = s.entry_id
        WHERE t.season_id = %s AND t.published AND tb.complete AND NOT e.substitute
        GROUP BY t.game, e.player_id"""
    tournament_sql = """
        SELECT s.entry_id, r.number, tb.number, s.score, s.place_points_60ths
        FROM tournaments_seat s
        JOIN tournaments_round r ON r.id = s.round_id
        JOIN tournaments_table tb ON tb.id = s.table_id
        WHERE r.tournament_id = %s AND tb.complete"""
    rows = [
        (
            "season standings page",
            page(reverse("season_standings", args=[season.pk])),
            raw(season_sql, [season.pk]),
        ),
        (
            "tournament standings page",
            page(reverse("tournament_standings", args=[tournament.pk])),
            raw(tournament_sql, [tournament.pk]),
        ),
    ]
    print(
        f"{args.tournaments} tournaments × {args.players} players × {args.rounds} rounds "
        f"({connection.vendor})"
    )
    print(f"{'page':28} {'page ms':>9} {'raw SQL ms':>11} {'ratio':>7}")
    for name, page_ms, sql_ms in rows:
        print(f"{name:28} {page_ms:9.1f} {sql_ms:11.1f} {page_ms / sql_ms:7.1f}")


def timed(fn) -> float:
    fn()  # warm-up
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def build_season(n_tournaments: int, n_players: int, n_rounds: int, game: str = "double_king"):
    """Finished tournaments stored directly (the bench measures reads, not entry)."""
    import datetime

    from django.db import transaction

    from club.models import Club, Player, Season
    from scoring.ranking import place_points
    from scoring.seating import schedule
    from tournaments.models import Entry, Round, Seat, Table, Tournament

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
    return season, tournament


if __name__ == "__main__":
    main()
