"""The phones' poll under load: the server's own CPU for each unchanged table state (304).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_table_bench \\
        .venv/bin/python bench/poll.py [--tables 30] [--phones 40] [--seconds 20] [--rate 400]

Prepares table_load's whist tournament (``--tables`` tables, a link each), starts gunicorn
(``load.gunicorn``: production's settings, the project's gunicorn.conf.py, every worker
warmed first), then every table's four phones poll ``/t/<token>/etat.json`` with the ETag
they were given, as static/js/table.js does; nothing changes meanwhile, so every answer is a
304. Two measures:

- **closed loop** (``--phones`` clients, each polling again as soon as answered): the polls a
  second the server answers, that is its capacity;
- **open loop** at ``--rate`` polls a second (0: skipped), on a clock, latency counted from
  when a poll was due: p50/p95 at that rate (a ten-club evening: 1,200 phones every 3 s ≈
  400 a second).

For each it prints the polls a second, p50/p95/p99, the CPU of the worker thread that
answered each poll (``getrusage(RUSAGE_THREAD)`` read by the worker: the figure the budget
of 2 ms bounds), the workers' whole-process CPU a poll (gunicorn's accepting and parsing
included), the database's and the load client's own CPU a poll (the client shares the
cores: its latencies are reported beside the figure, not as the goal), and the polls a
second 2 cores would answer at the thread's CPU a poll.
"""

import argparse
import os
import queue
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from django_setup import setup_django
from load import (
    Browser,
    Stats,
    cpu_seconds,
    database_cpu_seconds,
    gunicorn,
    print_latencies,
    threads_cpu,
)

KIND = "GET /t/*/etat.json 304"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--phones", type=int, default=40, help="clients of the closed loop")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rate", type=float, default=400, help="polls a second (open loop)")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--config", default="gunicorn.conf.py")
    parser.add_argument("--settings", default="club.settings.prod")
    args = parser.parse_args()
    setup_django()
    from table_load import prepare

    plan = prepare(args.tables)
    with gunicorn(args.workers, args.threads, args.config, settings=args.settings) as (
        port,
        server,
        report_dir,
    ):
        phones = []
        for table in plan["tables"]:
            for _ in range(4):
                phone = Browser(port)
                path = f"/t/{table['token']}/etat.json"
                status, _body = phone.request("GET", path)  # its ETag, as the page's first poll
                assert status == 200, status
                phones.append((phone, path))
        print(
            f"{len(phones)} phones at {args.tables} tables, {args.workers} gunicorn workers × "
            f"{args.threads} threads ({args.config}, {args.settings}), {os.cpu_count()} cores"
        )
        measure(port, server, report_dir, args, phones, rate=0)
        if args.rate:
            measure(port, server, report_dir, args, phones, rate=args.rate)


def measure(port, server, report_dir, args, phones, *, rate: float) -> None:
    stats = Stats()
    before = threads_cpu(report_dir)
    process = cpu_seconds(server)
    database = database_cpu_seconds()
    client = time.process_time()
    start = time.perf_counter()
    stop = start + args.seconds
    if rate:
        threads = open_loop(phones, stats, start, stop, rate)
    else:
        threads = [
            threading.Thread(target=closed_loop, args=(phones[i :: args.phones], stats, stop))
            for i in range(args.phones)
        ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    client = time.process_time() - client
    process = cpu_seconds(server) - process
    database = database_cpu_seconds() - database
    after = threads_cpu(report_dir)
    polls = sum(len(values) for values in stats.latencies.values())
    answered = after.get(KIND, [0, 0.0])[0] - before.get(KIND, [0, 0.0])[0]
    thread = (after.get(KIND, [0, 0.0])[1] - before.get(KIND, [0, 0.0])[1]) / max(answered, 1)
    if rate:
        print(f"\nopen loop: {rate:g} polls a second offered, {args.seconds:g} s")
    else:
        print(f"\nclosed loop (capacity): {args.phones} clients polling back to back")
    print_latencies(stats, elapsed)
    print(f"errors: {stats.errors or 'none'}; load average {os.getloadavg()[0]:.1f}")
    print(
        f"server CPU a 304 poll (worker thread, getrusage): {thread * 1000:.2f} ms "
        f"({answered} polls); 2 cores at that cost: {2 / thread:.0f} polls a second"
        if answered
        else "no 304 counted by the workers"
    )
    print(
        f"CPU a poll: workers (whole processes) {process / polls * 1000:.2f} ms, database "
        f"{database / polls * 1000:.2f} ms, load client {client / polls * 1000:.2f} ms "
        f"({process / elapsed:.2f} + {database / elapsed:.2f} + {client / elapsed:.2f} "
        "cores busy)"
    )


def closed_loop(phones, stats: Stats, stop: float) -> None:
    while time.perf_counter() < stop:
        for phone, path in phones:
            begin = time.perf_counter()
            status, _body = phone.request("GET", path)
            stats.add("poll", time.perf_counter() - begin, status, (304,))


def open_loop(phones, stats: Stats, start: float, stop: float, rate: float):
    """Poll i due at ``start + i / rate``, by phone ``i % len(phones)``; a pool of senders."""
    due: queue.Queue = queue.Queue()

    def sender() -> None:
        while (item := due.get()) is not None:
            scheduled, (phone, path) = item
            with phone.lock:
                status, _body = phone.request("GET", path)
            stats.add("poll", time.perf_counter() - scheduled, status, (304,))

    pool = [threading.Thread(target=sender) for _ in range(max(16, int(rate * 0.1)))]

    def clock() -> None:
        index = 0
        while (scheduled := start + index / rate) < stop:
            pause = scheduled - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            due.put((scheduled, phones[index % len(phones)]))
            index += 1
        for _ in pool:
            due.put(None)

    return [*pool, threading.Thread(target=clock)]


if __name__ == "__main__":
    main()
