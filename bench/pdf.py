"""Benchmark of the printed sheets and the Excel exports (a script, not a test).

    .venv/bin/python bench/pdf.py [--tables 30] [--season-players 400] [--repeat 3] [--skip-archive]

Builds, in a throwaway SQLite database, a Double King round of 30 tables (120 players) and a
season of published tournaments with hundreds of players, then times:

- one WeasyPrint render of the whole round's HTML (the old single document),
- the CPU a cold sheet costs, laid out in this process (``sheet_pdfs.build``): the figure
  ``PDF_INLINE_MAX_RENDERS`` is derived from,
- the round's score sheets laid out cold by the task queue, as production does: the request
  queues them (a task per few sheets, then the merge), ``db_worker`` processes (started before,
  warmed by a first document) lay them out; one worker, then one per core, alternately in the
  same run: median wall clock from the request to the file ready; budget: one per core in
  ≤ 0.55× the time of one,
- a request laying out the most sheets it may (``PDF_INLINE_MAX_RENDERS``) itself: its CPU
  (budget: about 0.5 s),
- through the views: the round again (cached), the wall plan, one round's filled sheets,
- the whole tournament's filled sheets (150 tables): the request only queues them, one
  ``db_worker`` per core builds them (time; peak RSS of each worker, and of their sum, sampled),
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

XLSX_BUDGET_S = 1.0
#: The address the printed QR codes point to (a request from RequestFactory comes to it).
SITE = "http://testserver"
#: The queue's workers at most: one per core.
WORKERS = min(len(os.sched_getaffinity(0)), 4)
#: One worker per core lays a cold round out in at most this share of one worker's time.
SPEEDUP_BUDGET = 0.55
#: A request lays out its few sheets in about this long at most (CPU seconds).
INLINE_BUDGET_S = 0.5


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

    from tournaments.printing.models import SheetPdf

    cache.clear()
    SheetPdf.objects.all().delete()


def forget_queue() -> None:
    """No document waiting: the archive's worker below builds only the archive."""
    from django_tasks_db.models import DBTaskResult

    from tournaments.printing.models import PdfExport

    PdfExport.objects.all().delete()
    DBTaskResult.objects.all().delete()


def timed(label: str, call, repeat: int, budget: float | None = None, *, cached=False) -> float:
    """First, median and best of ``repeat`` calls (wall clock), and for the median one the CPU
    time of this process; everything rendered is forgotten first unless ``cached``. The verdict
    is on the median. On a busy machine the CPU times are the steadier figures."""
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
        f" (cpu {median_cpu:5.2f} s + children {median_children:5.2f} s)"
        f"  {size / 1024:7.1f} KiB{verdict}"
    )
    return median


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


def baseline(round_, repeat: int) -> float:
    """One WeasyPrint render of the whole round's HTML, as one document (the old way)."""
    from tournaments.printing import pdf, sheet_pdfs

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


def _cpu() -> tuple[float, float, float]:
    """Wall clock, this process's CPU, and its finished children's CPU."""
    return time.perf_counter(), time.process_time(), _children_cpu()


def _since(mark: tuple[float, float, float]) -> tuple[float, float, float]:
    now = _cpu()
    return now[0] - mark[0], now[1] - mark[1], now[2] - mark[2]


def _line(label: str, runs: list[tuple[float, float, float]], budget: float | None = None) -> float:
    """Median wall clock and the median run's CPU (this process + its children)."""
    median, cpu, children = sorted(runs)[len(runs) // 2]
    verdict = ""
    if budget is not None:
        verdict = "  OK" if median < budget else f"  OVER BUDGET ({budget:g} s)"
    print(
        f"{label:<50} median {median:6.2f} s  best {min(runs)[0]:6.2f} s"
        f"  cpu {cpu:5.2f} s + children {children:5.2f} s{verdict}"
    )
    return median


def cpu_per_sheet(round_, repeat: int, tables: int) -> float:
    """The round's sheets laid out cold in this process, one after the other: the median run's
    CPU per sheet (what a request pays per sheet it lays out itself)."""
    from tournaments.printing import sheet_pdfs

    runs = []
    for _ in range(repeat):
        cold()
        mark = _cpu()
        sheet_pdfs.build(sheet_pdfs.round_document(round_, SITE))
        runs.append(_since(mark))
    _line(f"round sheets cold ({tables} tables), this process", runs)
    cpu = sorted(run[1] for run in runs)[len(runs) // 2] / tables
    print(f"{'  CPU per sheet':<50} {cpu:6.3f} s")
    return cpu


class Workers:
    """``count`` queue workers (``manage.py db_worker``, as production runs them) on the
    benchmark's database, polling every 20 ms, until ``stop``."""

    def __init__(self, database: Path, count: int):
        import subprocess

        self.processes = [
            subprocess.Popen([sys.executable, __file__, "--worker", str(database)])
            for _ in range(count)
        ]

    def stop(self) -> float:
        """Stop them (each ends its task first); their CPU, in seconds."""
        import signal

        for process in self.processes:
            process.send_signal(signal.SIGTERM)
        for process in self.processes:
            process.wait()
        return _children_cpu()


def queued_document(get, exports, round_) -> tuple[float, float]:
    """The round's sheets, none kept, asked for by a request and built by the queue's running
    workers: wall clock until the file is ready, and the request's own CPU."""
    from tournaments.printing.models import PdfExport

    cold()
    # The last document's tasks are left alone: its merge may still be marking its task done.
    PdfExport.objects.all().delete()
    start, cpu = time.perf_counter(), time.process_time()
    response = get(exports.RoundSheetsPDFView, pk=round_.pk)
    request_cpu = time.process_time() - cpu
    assert response.status_code == 302, response.status_code
    while not PdfExport.objects.filter(status=PdfExport.Status.READY).exists():
        assert not PdfExport.objects.filter(status=PdfExport.Status.FAILED).exists()
        time.sleep(0.01)  # a benchmark polling the database, not a test waiting
    return time.perf_counter() - start, request_cpu


def cold_round(get, exports, round_, database: Path, repeat: int, tables: int) -> bool:
    """The round's sheets, none kept, built by one queue worker and by one per core: each set
    of workers started and warmed by a first document, then ``repeat`` documents timed; the
    two sets take turns so that both see the same load on a shared machine."""
    from django.conf import settings

    inline = settings.PDF_INLINE_MAX_RENDERS
    settings.PDF_INLINE_MAX_RENDERS = 0  # every sheet to the queue
    runs: dict[int, list[tuple[float, float, float]]] = {1: [], WORKERS: []}
    for i in range(repeat):
        for count in (1, WORKERS) if i % 2 == 0 else (WORKERS, 1):
            children = _children_cpu()
            workers = Workers(database, count)
            queued_document(get, exports, round_)  # the workers' imports and first layouts
            wall, request_cpu = queued_document(get, exports, round_)
            # The workers' CPU counts the warm-up too: halved, as two documents were built.
            runs[count].append((wall, request_cpu, (workers.stop() - children) / 2))
    settings.PDF_INLINE_MAX_RENDERS = inline
    forget_queue()
    one = _line(f"round sheets cold ({tables} tables), 1 worker", runs[1])
    many = _line(f"round sheets cold ({tables} tables), {WORKERS} workers", runs[WORKERS])
    ratio = many / one
    verdict = "OK" if ratio <= SPEEDUP_BUDGET else f"OVER BUDGET ({SPEEDUP_BUDGET:g})"
    print(f"{f'  {WORKERS} workers / 1 worker (wall clock)':<50} {ratio:6.2f}  {verdict}")
    return ratio <= SPEEDUP_BUDGET


def inline_request(get, exports, round_, repeat: int) -> bool:
    """A request laying out ``PDF_INLINE_MAX_RENDERS`` sheets itself (the rest kept)."""
    from django.conf import settings

    from tournaments.printing import sheet_pdfs
    from tournaments.printing.models import SheetPdf

    count = settings.PDF_INLINE_MAX_RENDERS
    document = sheet_pdfs.round_document(round_, SITE)
    cold()
    sheet_pdfs.build(document)
    forget = [sheet.table.pk for sheet in document.sheets[:count]]
    runs = []
    for _ in range(repeat):
        SheetPdf.objects.filter(table_id__in=forget).delete()
        mark = _cpu()
        response = get(exports.RoundSheetsPDFView, pk=round_.pk)
        assert response.status_code == 200, response.status_code
        runs.append(_since(mark))
    _line(f"a request laying out {count} sheets itself", runs)
    cpu = sorted(run[1] for run in runs)[len(runs) // 2]
    verdict = "OK" if cpu <= INLINE_BUDGET_S else f"OVER BUDGET ({INLINE_BUDGET_S:g} s)"
    print(f"{'  its CPU':<50} {cpu:6.2f} s  {verdict}")
    return cpu <= INLINE_BUDGET_S


def _tree_memory(pid: int) -> tuple[int, int]:
    """RSS and PSS (kB) of ``pid`` and its descendants, summed. PSS counts a page shared by
    forked processes once in all: the memory the machine really gives them."""
    rss = pss = 0
    todo = [pid]
    while todo:
        current = todo.pop()
        try:
            for line in Path(f"/proc/{current}/smaps_rollup").read_text().splitlines():
                if line.startswith("Rss:"):
                    rss += int(line.split()[1])
                elif line.startswith("Pss:"):
                    pss += int(line.split()[1])
            for task in Path(f"/proc/{current}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError, ValueError):
            continue  # ended meanwhile
    return rss, pss


def archive(get, exports, tournament, database: Path, tables: int, workers: int) -> None:
    """The whole tournament's filled sheets: the request queues them, ``workers`` queue workers
    (``db_worker``, as in production) build them; their peak memory is sampled. Then the
    reprint: every sheet kept, the request merges them itself."""
    from tournaments.printing.models import PdfExport

    cold()
    forget_queue()
    start = time.perf_counter()
    response = get(exports.FilledSheetsPDFView, pk=tournament.pk)
    queued = time.perf_counter() - start
    assert response.status_code == 302, response.status_code
    print(f"{f'filled sheets, whole tournament ({tables} tables)':<50} request {queued:6.2f} s")
    start, children = time.perf_counter(), _children_cpu()
    running = Workers(database, workers)
    # The peak of each worker, and of their sum, every 20 ms.
    peak_one = peak_sum = 0
    while not PdfExport.objects.filter(status=PdfExport.Status.READY).exists():
        assert not PdfExport.objects.filter(status=PdfExport.Status.FAILED).exists()
        rss = [_tree_memory(process.pid)[0] for process in running.processes]
        peak_one, peak_sum = max(peak_one, *rss), max(peak_sum, sum(rss))
        time.sleep(0.02)  # a benchmark sampling, not a test waiting
    built = time.perf_counter() - start
    cpu = running.stop() - children
    export = PdfExport.objects.get()
    print(
        f"{f'  built by {workers} worker(s) (their start included)':<50} {built:6.2f} s  "
        f"cpu {cpu:5.1f} s  {len(export.content) / 1024:7.1f} KiB"
    )
    print(
        f"{'  peak memory (RSS, sampled)':<50} one worker {peak_one / 1024:.0f} MB,"
        f" all {peak_sum / 1024:.0f} MB"
    )
    timed(
        f"  reprint ({tables} tables cached)",
        lambda: get(exports.FilledSheetsPDFView, pk=tournament.pk),
        3,
        cached=True,
    )


def worker(database: Path) -> None:
    """A queue worker on the benchmark's database, as production runs it, until SIGTERM."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings.test"
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("db_worker", interval=0.02, startup_delay=False, reload=False, verbosity=0)


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
    parser.add_argument(
        "--archive-workers",
        type=int,
        default=WORKERS,
        help="queue workers building the archive (default: one per core)",
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

        from tournaments.printing import sheet_pdfs
        from tournaments.printing import views as exports

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
        baseline(round_, args.repeat)
        cpu_per_sheet(round_, args.repeat, args.tables)
        ok &= cold_round(get, exports, round_, database, args.repeat, args.tables)
        if args.tables > settings.PDF_INLINE_MAX_RENDERS:
            ok &= inline_request(get, exports, round_, args.repeat)
            cold()
            start = time.perf_counter()
            response = get(exports.RoundSheetsPDFView, pk=round_.pk)
            assert response.status_code == 302, response.status_code
            label = (
                f"  cold round as a request: queued (> {settings.PDF_INLINE_MAX_RENDERS} sheets)"
            )
            print(f"{label:<50} {time.perf_counter() - start:6.2f} s")
            forget_queue()
        inline_max = settings.PDF_INLINE_MAX_RENDERS
        # The views below lay out in the request's process, whatever the count.
        settings.PDF_INLINE_MAX_RENDERS = 10**6
        sheet_pdfs.build(sheet_pdfs.round_document(round_, SITE))
        timed(
            f"round sheets PDF ({args.tables} tables), cached",
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
            f"filled sheets PDF, one round ({args.tables} tables), request",
            lambda: get(exports.FilledSheetsPDFView, {"ronde": 1}, pk=tournament.pk),
            1,
        )
        settings.PDF_INLINE_MAX_RENDERS = inline_max
        if not args.skip_archive:
            archive(
                get,
                exports,
                tournament,
                database,
                args.rounds * args.tables,
                args.archive_workers,
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
