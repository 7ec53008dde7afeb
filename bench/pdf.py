"""Benchmark of the printed sheets and the Excel exports (a script, not a test).

    .venv/bin/python bench/pdf.py [--tables 30] [--season-players 400] [--repeat 3] [--skip-archive]

Builds, in a throwaway SQLite database, a Double King round of 30 tables (120 players) and a
season of published tournaments with hundreds of players, then times:

- one WeasyPrint render of the whole round's HTML (the old single document),
- the round's score sheets laid out cold as the queue's worker does (``sheet_pdfs.build``), in
  one process (the baseline) and in the pool of one process per core, alternately in the same
  run: median wall clock, and CPU of this process plus the layout processes'; budget: the
  pool's median < 3 s,
- a request laying out the most sheets it may (``PDF_INLINE_MAX_RENDERS``) in its own process,
  beside the same sheets in the pool, and what starting the pool costs,
- through the views: the round again (cached), the wall plan, one round's filled sheets,
- the whole tournament's filled sheets (150 tables): the request only queues them, a separate
  ``db_worker`` process builds them (time; peak RSS of the worker, and the peak of the sum over
  the worker and its layout processes, sampled), then the reprint from the cache,
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
#: The address the printed QR codes point to (a request from RequestFactory comes to it).
SITE = "http://testserver"
#: Processes of the pool at most (production's default, ``PDF_RENDER_PROCESSES``).
POOL_CAP = 4


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
    """Median wall clock and the median run's CPU (this process + layout processes)."""
    median, cpu, children = sorted(runs)[len(runs) // 2]
    verdict = ""
    if budget is not None:
        verdict = "  OK" if median < budget else f"  OVER BUDGET ({budget:g} s)"
    print(
        f"{label:<50} median {median:6.2f} s  best {min(runs)[0]:6.2f} s"
        f"  cpu {cpu:5.2f} s + layout {children:5.2f} s = {cpu + children:5.2f} s{verdict}"
    )
    return median


def cold_round(round_, repeat: int, tables: int) -> float:
    """The round's sheets, none cached, as the queue's worker builds them: in one process
    (``PDF_RENDER_PROCESSES = 1``) and in the pool, one run of each in turn so that both see
    the same load. Returns the pool's median."""
    from django.conf import settings

    from tournaments.printing import sheet_pdfs

    settings.PDF_RENDER_PROCESSES = POOL_CAP
    pool = sheet_pdfs.render_processes(tables)
    runs: dict[int, list[tuple[float, float, float]]] = {1: [], POOL_CAP: []}
    contents: dict[int, bytes] = {}
    for i in range(repeat):
        for cap in (1, POOL_CAP) if i % 2 == 0 else (POOL_CAP, 1):
            settings.PDF_RENDER_PROCESSES = cap
            cold()
            mark = _cpu()
            contents[cap] = sheet_pdfs.build(sheet_pdfs.round_document(round_, SITE))
            runs[cap].append(_since(mark))
    settings.PDF_RENDER_PROCESSES = POOL_CAP
    alone = _line(f"round sheets cold ({tables} tables), 1 process", runs[1])
    pooled = _line(
        f"round sheets cold ({tables} tables), pool of {pool}", runs[POOL_CAP], PDF_BUDGET_S
    )
    same = _pages(contents[1]) == _pages(contents[POOL_CAP])
    print(f"{'  pool / 1 process (wall clock)':<50} {pooled / alone:6.2f}  same pages: {same}")
    return pooled


def _pages(content: bytes) -> list[str]:
    from io import BytesIO

    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(BytesIO(content)).pages]


def inline_request(get, exports, round_, repeat: int) -> None:
    """A request laying out ``PDF_INLINE_MAX_RENDERS`` sheets itself (the rest cached), and
    the same sheets in the pool a request could fork; then what a pool costs to start."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from django.conf import settings

    from tournaments.printing import sheet_pdfs
    from tournaments.printing.models import SheetPdf

    count = settings.PDF_INLINE_MAX_RENDERS
    document = sheet_pdfs.round_document(round_, SITE)
    cold()
    sheet_pdfs.build(document)
    forget = [sheet.table.pk for sheet in document.sheets[:count]]
    runs: dict[str, list[tuple[float, float, float]]] = {"request": [], "pool": []}
    for i in range(repeat):
        for way in ("request", "pool") if i % 2 == 0 else ("pool", "request"):
            SheetPdf.objects.filter(table_id__in=forget).delete()
            mark = _cpu()
            if way == "request":
                response = get(exports.RoundSheetsPDFView, pk=round_.pk)
                assert response.status_code == 200, response.status_code
            else:
                document = sheet_pdfs.round_document(round_, SITE)
                pages = sheet_pdfs.prepare(document)
                assert sheet_pdfs.missing(pages) == count
                sheet_pdfs.assemble(document, pages, processes=sheet_pdfs.render_processes(count))
            runs[way].append(_since(mark))
    _line(f"a request laying out {count} sheets itself", runs["request"])
    _line(f"  the same {count} sheets in the pool", runs["pool"])
    starts = []
    for _ in range(repeat):
        mark = _cpu()
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(2, mp_context=context) as pool:
            list(pool.map(abs, [1, 2]))
        starts.append(_since(mark))
    _line("  starting and ending a pool of 2 (nothing laid out)", starts)


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


def archive(get, exports, tournament, database: Path, tables: int, processes: int) -> None:
    """The whole tournament's filled sheets: the request queues them, a separate worker
    process (``db_worker``, as in production) builds them; its peak RSS is measured there.
    Then the reprint: every sheet cached, the request merges them itself."""
    import subprocess

    from tournaments.printing.models import PdfExport

    cold()
    start = time.perf_counter()
    response = get(exports.FilledSheetsPDFView, pk=tournament.pk)
    queued = time.perf_counter() - start
    assert response.status_code == 302, response.status_code
    print(f"{f'filled sheets, whole tournament ({tables} tables)':<50} request {queued:6.2f} s")
    start = time.perf_counter()
    worker = subprocess.Popen(
        [sys.executable, __file__, "--worker", str(database), "--processes", str(processes)],
        stdout=subprocess.PIPE,
        text=True,
    )
    # The peak of the sum over the worker and its layout processes, every 20 ms.
    peak_rss = peak_pss = 0
    while worker.poll() is None:
        rss, pss = _tree_memory(worker.pid)
        peak_rss, peak_pss = max(peak_rss, rss), max(peak_pss, pss)
        time.sleep(0.02)
    built = time.perf_counter() - start
    assert worker.returncode == 0, worker.returncode
    export = PdfExport.objects.get()
    assert export.status == PdfExport.Status.READY, export.status
    own = worker.stdout.read().strip().splitlines()[-1]
    print(
        f"{f'  built by the worker, {processes} process(es) (start included)':<50} {built:6.2f} s  "
        f"{len(export.content) / 1024:7.1f} KiB"
    )
    print(
        f"{'  peak memory, worker + layout processes':<50} RSS {peak_rss / 1024:.0f} MB"
        f"  PSS {peak_pss / 1024:.0f} MB (sum, sampled); {own}"
    )
    timed(
        f"  reprint ({tables} tables cached)",
        lambda: get(exports.FilledSheetsPDFView, pk=tournament.pk),
        3,
        cached=True,
    )


def worker(database: Path, processes: int) -> None:
    """The queue's worker on the benchmark's database: runs what is queued, then prints its
    peak RSS and that of its biggest child (the layout processes)."""
    import resource

    os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings.test"
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    import django
    from django.conf import settings

    django.setup()
    settings.PDF_RENDER_PROCESSES = processes
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
        f"worker {own / 1024:.0f} MB, biggest child {child / 1024:.0f} MB;"
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
    parser.add_argument(
        "--archive-processes",
        type=int,
        default=POOL_CAP,
        help="layout processes of the worker building the archive, at most (1: no pool)",
    )
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--processes", type=int, default=POOL_CAP, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker, args.processes)
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
        ok &= cold_round(round_, args.repeat, args.tables) < PDF_BUDGET_S
        if args.tables > settings.PDF_INLINE_MAX_RENDERS:
            inline_request(get, exports, round_, args.repeat)
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
                args.archive_processes,
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
