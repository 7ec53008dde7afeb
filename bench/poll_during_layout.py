"""What players see within one poll while a round's sheets are being laid out (issue 33 §2).

    .venv/bin/python bench/poll_during_layout.py [--tables 30] [--deals 2] [--workers 2] [--nice 10]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_bench \\
        .venv/bin/python bench/poll_during_layout.py

A whist tournament of ``--tables`` tables of 4 with phones at the tables, its round drawn: the
draw queues the round's sheets (``printing.receivers``), and ``--workers`` queue workers
(``manage.py db_worker``, each its own process at ``nice 10``, as ``make run`` and
production start them) lay them out. While they do (each time they are done, the kept sheets
are dropped and the round queued again, so that the layout never stops), at every table in
turn a phone enters a deal and the other side's phone confirms it (the test client, with the
project's middleware and views); from the confirmation's send, a player polls the public
standings (every 0.1 s, a new visitor each time) until his line shows the new total.

Printed: the time from the confirmation's send to the standings showing it (p50, p95, max)
against the 3 s promise (docs/README « Performance budgets »), the confirmation's own time,
and the sheets the workers laid out meanwhile (proof they were busy). Exit status 1 if the
maximum passes 3 s.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

#: What players feel: a confirmed result is on every public page within one poll.
PROMISE_S = 3.0
POLL_EVERY_S = 0.1


def setup(database_url: str) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings.test"
    os.environ["DATABASE_URL"] = database_url
    import django
    from django.conf import settings

    django.setup()
    from django.apps import apps
    from django.core.management import call_command

    # The tables made from the models at once (as bench/pdf.py): the migrations add nothing.
    settings.MIGRATION_MODULES = {app.label: None for app in apps.get_app_configs()}
    call_command("migrate", run_syncdb=True, verbosity=0)


def start_workers(count: int, database_url: str, nice: int) -> list[subprocess.Popen]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "club.settings.test"}
    env["DATABASE_URL"] = database_url
    command = [sys.executable, "manage.py", "db_worker", "--no-reload", "--no-startup-delay"]
    return [
        subprocess.Popen(
            ["nice", "-n", str(nice), *command, "--interval", "0.05"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
        )
        for _ in range(count)
    ]


def keep_laying_out(round_) -> None:
    """Queue the round's sheets again once the workers are done with them."""
    from django_tasks import TaskResultStatus
    from django_tasks_db.models import DBTaskResult

    from tournaments.printing import exports
    from tournaments.printing.models import SheetPdf

    live = {TaskResultStatus.READY, TaskResultStatus.RUNNING}
    if not DBTaskResult.objects.filter(status__in=live).exists():
        SheetPdf.objects.filter(table__round=round_).delete()
        exports.prepare_round_sheets(round_, base_url="http://testserver")


def percentile(values: list[float], p: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--deals", type=int, default=2, help="deals confirmed per table")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--nice", type=int, default=10, help="the workers' niceness (0: none)")
    args = parser.parse_args()
    database_url = os.environ.get("DATABASE_URL") or (
        f"sqlite:///{tempfile.mkdtemp(prefix='atout-bench-')}/bench.sqlite3"
    )
    setup(database_url)
    from django.test import Client
    from django.urls import reverse
    from django_tasks_db.models import DBTaskResult
    from table_load import started_whist_round

    from tournaments.models import Seat
    from tournaments.tableside.models import TableDeal

    DBTaskResult.objects.all().delete()
    round_, links = started_whist_round(args.tables, slug="bench-layout", name="Bench layout")
    queued = DBTaskResult.objects.count()
    standings = reverse("tournament_standings", args=[round_.tournament_id])
    workers = start_workers(args.workers, database_url, args.nice)
    shown: list[float] = []
    confirms: list[float] = []
    busy: list[bool] = []
    held: dict[int, list[Client]] = {}
    try:
        # The workers are under way: one took a task (a worker starts in a few seconds).
        began = time.perf_counter()
        while not DBTaskResult.objects.exclude(status="READY").exists():
            if time.perf_counter() - began > 120:
                raise SystemExit("the workers took no task")
            time.sleep(0.1)
        tables = list(round_.tables.order_by("number"))
        for number in range(1, args.deals + 1):
            for table in tables:
                keep_laying_out(round_)
                link = links[table.pk]
                page = reverse("table_page", args=[link.token])
                seats = {s.position: s for s in Seat.objects.filter(table=table)}
                if table.pk not in held:  # each table's two phones take their seats once
                    held[table.pk] = [Client(), Client()]
                    for phone, position in zip(held[table.pk], (0, 1), strict=True):
                        entry = str(seats[position].entry_id)
                        phone.post(page, {"action": "who", "entry": entry})
                phones = held[table.pk]
                table.refresh_from_db()
                sent = phones[0].post(
                    page,
                    {
                        "action": "save",
                        "version": str(table.version),
                        "number": str(number),
                        "contract": "emballage_9",
                        "against": "",
                        "renege": "",
                        "d1": "0",
                        "d2": "2",
                        "tricks": "10",  # +5 for seats 0 and 2
                        "key": f"k{number}",
                    },
                )
                pending = TableDeal.objects.filter(table=table, status="pending").first()
                if pending is None:
                    raise SystemExit(re.sub(r"<[^>]+>|\s+", " ", sent.content.decode())[-3000:])
                north = seats[0].entry.player.full_name
                line = f'{north}</a></td><td class="num">{5 * number}</td>'
                busy.append(DBTaskResult.objects.filter(status="RUNNING").exists())
                start = time.perf_counter()
                phones[1].post(page, {"action": "confirm", "deal": str(pending.pk)})
                confirms.append(time.perf_counter() - start)
                while True:
                    html = re.sub(r">\s+<", "><", Client().get(standings).content.decode())
                    if line in html:
                        break
                    if time.perf_counter() - start > 10 * PROMISE_S:
                        raise SystemExit(f"table {table.number}: never shown")
                    time.sleep(POLL_EVERY_S)
                shown.append(time.perf_counter() - start)
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.wait()
    finished = DBTaskResult.objects.filter(status="SUCCESSFUL").count()
    print(
        f"{args.tables} tables, {args.workers} workers at nice {args.nice}, "
        f"{database_url.split(':')[0]}"
    )
    print(
        f"the draw queued {queued} layout tasks; {finished} ended while measuring; a layout "
        f"was running at {sum(busy)} of the {len(busy)} confirmations"
    )
    print(
        f"confirmation (POST)      p50 {percentile(confirms, 50):.3f} s  "
        f"p95 {percentile(confirms, 95):.3f} s  max {max(confirms):.3f} s"
    )
    print(
        f"confirm → standings show p50 {percentile(shown, 50):.3f} s  "
        f"p95 {percentile(shown, 95):.3f} s  max {max(shown):.3f} s  "
        f"(promise {PROMISE_S:.0f} s, {len(shown)} deals)"
    )
    return 0 if max(shown) <= PROMISE_S else 1


if __name__ == "__main__":
    sys.exit(main())
