"""Benchmark of the printed sheets and the Excel exports (a script, not a test).

    .venv/bin/python bench/pdf.py [--tables 30] [--season-players 400] [--repeat 3] [--skip-archive]

Builds, in a throwaway SQLite database, a Double King round of 30 tables (120 players) and a
season of published tournaments with hundreds of players, then times through the views:

- the round's score sheets as one PDF (budget: a few seconds, target < 5 s),
- the round's wall plan, one round's filled sheets and the whole tournament's (PDF),
- the season's Excel standings (budget: well under a second) and one tournament's workbook.

The schema is created from the models (no migrations: they are checked elsewhere, and the
benchmark must not depend on them). Results are written straight from ``scoring`` in bulk: the
benchmark measures the exports, not the result entry.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PDF_BUDGET_S = 5.0
XLSX_BUDGET_S = 1.0


def setup_django(database: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings.test"
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    import django
    from django.conf import settings

    django.setup()
    from django.apps import apps
    from django.core.management import call_command

    settings.MIGRATION_MODULES = {app.label: None for app in apps.get_app_configs()}
    call_command("migrate", run_syncdb=True, verbosity=0)


def build(tables: int, season_players: int, tournaments: int, rounds: int, seed: int = 7):
    """A club, a season, ``tournaments`` published tournaments of ``tables`` tables a round."""
    from django.contrib.auth.models import User
    from django.db import transaction

    from club.models import Club, Player, Season
    from scoring import GAMES
    from tournaments.models import (
        PLACE_POINTS_DENOMINATOR,
        Deal,
        Entry,
        Round,
        Seat,
        Table,
        Tournament,
    )
    from tournaments.sample_sheets import double_king_round

    rng = random.Random(seed)
    spec = GAMES["double_king"]
    players_per_round = tables * 4
    with transaction.atomic():
        club = Club.objects.create(name="Cercle du banc d'essai", slug="banc-essai")
        season = Season.objects.create(
            club=club, name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
        )
        first_names = ["Anne", "Benoît", "Céline", "Didier", "Émilie", "François", "Gaëlle", "Hugo"]
        players = Player.objects.bulk_create(
            Player(first_name=f"{rng.choice(first_names)}", last_name=f"Joueur-{i:04d} Dupont")
            for i in range(max(season_players, players_per_round))
        )
        club.players.add(*players)
        first_tournament = None
        for t in range(tournaments):
            tournament = Tournament.objects.create(
                club=club,
                season=season,
                game="double_king",
                name=f"Tournoi n° {t + 1} de la saison",
                date=datetime.date(2026, 1, 10) + datetime.timedelta(days=14 * t),
                rounds=rounds,
                published=True,
                status=Tournament.Status.FINISHED,
                rules=spec.default_rules(),
            )
            first_tournament = first_tournament or tournament
            chosen = rng.sample(players, players_per_round)
            entries = Entry.objects.bulk_create(
                Entry(tournament=tournament, player=p, present=True, paid=True) for p in chosen
            )
            for number in range(1, rounds + 1):
                round_ = Round.objects.create(
                    tournament=tournament, number=number, status=Round.Status.CLOSED
                )
                order = entries[:]
                rng.shuffle(order)
                table_objs = Table.objects.bulk_create(
                    Table(round=round_, number=n + 1, complete=True, version=1)
                    for n in range(tables)
                )
                seats, deals = [], []
                for n, table in enumerate(table_objs):
                    first = rng.randrange(4)
                    records = double_king_round(first, rng)
                    result = spec.table_result(records, None, first_dealer=first)
                    for position in range(4):
                        seats.append(
                            Seat(
                                table=table,
                                round=round_,
                                position=position,
                                entry=order[n * 4 + position],
                                first_dealer=position == first,
                                score=result.scores[position],
                                place_points_60ths=int(
                                    result.place_points[position] * PLACE_POINTS_DENOMINATOR
                                ),
                            )
                        )
                    deals += [
                        Deal(table=table, number=k + 1, record=record, points=points)
                        for k, (record, points) in enumerate(
                            zip(records, result.per_deal, strict=True)
                        )
                    ]
                Seat.objects.bulk_create(seats)
                Deal.objects.bulk_create(deals)
        user = User.objects.create_superuser("bench", "bench@example.invalid", "bench-pass-123")
    return first_tournament, season, user


def timed(label: str, call, repeat: int, budget: float | None = None, *, cached=False) -> float:
    """Best and first of ``repeat`` calls (wall clock), and the CPU time of the best one; the
    PDF cache is emptied first unless ``cached``. On a shared machine the CPU time is the
    steadier figure."""
    from django.core.cache import cache

    runs = []
    size = 0
    for _ in range(repeat):
        if not cached:
            cache.clear()
        start, cpu = time.perf_counter(), time.process_time()
        response = call()
        runs.append((time.perf_counter() - start, time.process_time() - cpu))
        assert response.status_code == 200, (label, response.status_code)
        size = len(response.content)
    first = runs[0][0]
    best, best_cpu = min(runs)
    verdict = ""
    if budget is not None:
        verdict = "  OK" if best < budget else f"  OVER BUDGET ({budget:g} s)"
    print(
        f"{label:<50} first {first:6.2f} s  best {best:6.2f} s (cpu {best_cpu:5.2f} s)"
        f"  {size / 1024:7.1f} KiB{verdict}"
    )
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30, help="tables in a round (4 players each)")
    parser.add_argument("--season-players", type=int, default=400)
    parser.add_argument(
        "--tournaments", type=int, default=10, help="published tournaments in the season"
    )
    parser.add_argument("--rounds", type=int, default=5, help="rounds per tournament")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--skip-archive", action="store_true", help="skip the whole tournament's filled sheets"
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="atout-bench-") as tmp:
        setup_django(Path(tmp) / "bench.sqlite3")
        from django.test import RequestFactory
        from django.utils import translation

        from tournaments import views_exports as exports

        start = time.perf_counter()
        tournament, season, user = build(
            args.tables, args.season_players, args.tournaments, args.rounds
        )
        round_ = tournament.round_set.get(number=1)
        print(
            f"setup: {args.tournaments} tournaments × {args.rounds} rounds × {args.tables} tables "
            f"({args.tables * 4} players a round, {args.season_players} in the season) "
            f"in {time.perf_counter() - start:.1f} s"
        )
        translation.activate("fr")
        factory = RequestFactory()

        def get(view, query=None, **kwargs):
            request = factory.get("/", query or {})
            request.user = user
            return view.as_view()(request, **kwargs)

        ok = True
        ok &= (
            timed(
                f"round sheets PDF ({args.tables} tables)",
                lambda: get(exports.RoundSheetsPDFView, pk=round_.pk),
                args.repeat,
                PDF_BUDGET_S,
            )
            < PDF_BUDGET_S
        )
        timed(
            "the same again (cached)",
            lambda: get(exports.RoundSheetsPDFView, pk=round_.pk),
            args.repeat,
            cached=True,
        )
        timed(
            f"wall plan PDF ({args.tables * 4} players)",
            lambda: get(exports.RoundPlanPDFView, pk=round_.pk),
            args.repeat,
        )
        timed(
            f"filled sheets PDF, one round ({args.tables} tables)",
            lambda: get(exports.FilledSheetsPDFView, {"ronde": 1}, pk=tournament.pk),
            1,
        )
        if not args.skip_archive:
            timed(
                f"filled sheets PDF, whole tournament ({args.rounds * args.tables} tables)",
                lambda: get(exports.FilledSheetsPDFView, pk=tournament.pk),
                1,
            )
        ok &= (
            timed(
                f"season xlsx ({args.season_players} players)",
                lambda: get(exports.SeasonXlsxView, pk=season.pk),
                args.repeat,
                XLSX_BUDGET_S,
            )
            < XLSX_BUDGET_S
        )
        timed(
            f"tournament xlsx ({args.tables * 4} players, {args.rounds} rounds)",
            lambda: get(exports.TournamentXlsxView, pk=tournament.pk),
            args.repeat,
            XLSX_BUDGET_S,
        )
        translation.deactivate()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
