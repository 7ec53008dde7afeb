"""Benchmark of the printed sheets and the Excel exports (a script, not a test).

    .venv/bin/python bench/pdf.py [--tables 30] [--season-players 400] [--repeat 3] [--skip-archive]

Builds, in a throwaway SQLite database, a Double King round of 30 tables (120 players) and a
season of published tournaments with hundreds of players, then times through the views:

- one WeasyPrint render of the whole round's HTML (the baseline: the old single document),
- the round's score sheets as one PDF, cold (every sheet laid out, two processes) and warm
  (merged from the per-table cache); budget: median < 3 s cold,
- the round's wall plan, one round's filled sheets,
- the whole tournament's filled sheets (150 tables): the request only queues them, a separate
  ``db_worker`` process builds them (time, peak RSS of the worker and of its layout processes),
  then the reprint from the cache,
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

PDF_BUDGET_S = 3.0
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


def cold() -> None:
    """Forget every rendered PDF: the per-table sheets and the HTML-keyed cache."""
    from django.core.cache import cache

    from tournaments.models import SheetPdf

    cache.clear()
    SheetPdf.objects.all().delete()


def timed(label: str, call, repeat: int, budget: float | None = None, *, cached=False) -> float:
    """First, median and best of ``repeat`` calls (wall clock), and for the median one the CPU
    time of this process and of the layout processes it started; everything rendered is
    forgotten first unless ``cached``. The verdict is on the median. On a busy machine the
    CPU times are the steadier figures: on two idle cores the wall time of a cold round is
    about this process's CPU plus half the layout processes'."""
    runs = []
    size = 0
    for _ in range(repeat):
        if not cached:
            cold()
        start, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
        response = call()
        runs.append(
            (
                time.perf_counter() - start,
                time.process_time() - cpu,
                _children_cpu() - children,
            )
        )
        assert response.status_code == 200, (label, response.status_code)
        size = len(response.content)
    first = runs[0][0]
    median, median_cpu, median_children = sorted(runs)[len(runs) // 2]
    best = min(runs)[0]
    verdict = ""
    if budget is not None:
        verdict = "  OK" if median < budget else f"  OVER BUDGET ({budget:g} s)"
    print(
        f"{label:<50} first {first:6.2f} s  median {median:6.2f} s  best {best:6.2f} s"
        f" (cpu {median_cpu:5.2f} s + layout {median_children:5.2f} s)"
        f"  {size / 1024:7.1f} KiB{verdict}"
    )
    return median


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


def baseline(round_, repeat: int) -> float:
    """One WeasyPrint render of the whole round's HTML, as one document (the old way)."""
    from tournaments import pdf, sheet_pdfs

    document = sheet_pdfs.round_document(round_)
    html = sheet_pdfs.render_html(document, document.sheets)
    runs = []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        pdf.html_to_pdf(html)
        runs.append((time.perf_counter() - start, time.process_time() - cpu))
    median, median_cpu = sorted(runs)[len(runs) // 2]
    print(
        f"{'baseline: one WeasyPrint render of the round':<50} median {median:6.2f} s"
        f" (cpu {median_cpu:5.2f} s)"
    )
    return median


def archive(get, exports, tournament, database: Path, tables: int) -> None:
    """The whole tournament's filled sheets: the request queues them, a separate worker
    process (``db_worker``, as in production) builds them; its peak RSS is measured there.
    Then the reprint: every sheet cached, the request merges them itself."""
    import subprocess

    from tournaments.models import PdfExport

    cold()
    start = time.perf_counter()
    response = get(exports.FilledSheetsPDFView, pk=tournament.pk)
    queued = time.perf_counter() - start
    assert response.status_code == 302, response.status_code
    print(f"{f'filled sheets, whole tournament ({tables} tables)':<50} request {queued:6.2f} s")
    start = time.perf_counter()
    worker = subprocess.run(
        [sys.executable, __file__, "--worker", str(database)],
        check=True,
        capture_output=True,
        text=True,
    )
    built = time.perf_counter() - start
    export = PdfExport.objects.get()
    assert export.status == PdfExport.Status.READY, export.status
    rss = worker.stdout.strip().splitlines()[-1]
    print(
        f"{'  built by the worker (process start included)':<50} {built:6.2f} s  "
        f"{len(export.content) / 1024:7.1f} KiB  peak RSS {rss}"
    )
    timed(
        f"  reprint ({tables} tables cached)",
        lambda: get(exports.FilledSheetsPDFView, pk=tournament.pk),
        3,
        cached=True,
    )


def worker(database: Path) -> None:
    """The queue's worker on the benchmark's database: runs what is queued, then prints its
    peak RSS and that of its biggest child (the layout processes)."""
    import resource

    os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings.test"
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    import django
    from django.conf import settings

    django.setup()
    settings.PDF_RENDER_PROCESSES = 2
    from django.core.management import call_command

    call_command("db_worker", batch=True, startup_delay=False, verbosity=0)
    # VmHWM, not getrusage: Linux carries a process's peak over exec, so a process started by
    # the benchmark would report the benchmark's own peak.
    status = Path("/proc/self/status").read_text()
    own = int(next(line for line in status.splitlines() if line.startswith("VmHWM")).split()[1])
    # The layout processes are forked from the worker: their peak counts the pages they still
    # share with it.
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    times = os.times()
    print(
        f"worker {own / 1024:.0f} MB, biggest layout process {child / 1024:.0f} MB;"
        f" cpu {times.user + times.system:.1f} s + layout"
        f" {times.children_user + times.children_system:.1f} s"
    )


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
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return 0

    with tempfile.TemporaryDirectory(prefix="atout-bench-") as tmp:
        database = Path(tmp) / "bench.sqlite3"
        setup_django(database)
        from django.conf import settings
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
        settings.PDF_RENDER_PROCESSES = 2  # the test settings lay out in one process
        inline_max = settings.PDF_INLINE_MAX_RENDERS
        # The layout of cold sheets is timed through the views as the queue's worker runs it;
        # a request asking for more than PDF_INLINE_MAX_RENDERS is only queued (timed below).
        settings.PDF_INLINE_MAX_RENDERS = 10**6
        translation.activate("fr")
        factory = RequestFactory()

        def get(view, query=None, **kwargs):
            request = factory.get("/", query or {})
            request.user = user
            return view.as_view()(request, **kwargs)

        ok = True
        baseline(round_, args.repeat)
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
        settings.PDF_INLINE_MAX_RENDERS = inline_max
        if args.tables > inline_max:
            cold()
            start = time.perf_counter()
            response = get(exports.RoundSheetsPDFView, pk=round_.pk)
            assert response.status_code == 302, response.status_code
            print(
                f"{'  cold, as a request: queued (more than ' + str(inline_max) + ' sheets)':<50} "
                f"{time.perf_counter() - start:6.2f} s"
            )
        if not args.skip_archive:
            archive(get, exports, tournament, database, args.rounds * args.tables)
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
