"""Load test: players refreshing the public pages while scorekeepers save sheets.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_perf_bench \\
        .venv/bin/python bench/load.py [--players 50] [--scorekeepers 5] [--seconds 30] \\
        [--rate 150] [--save-rate 10]

Prepares a running Double King tournament of 120 players (round 1 drawn, a scorekeeper
account), starts gunicorn with 3 workers of 4 threads and the project's gunicorn.conf.py (the
app preloaded) on 127.0.0.1 only, then for ``--seconds``:

- each player loops over the tournament's standings, rounds and one table's page, sending
  back the ``ETag`` he was given (``If-None-Match``) as a browser does;
- each scorekeeper loops over his tables: opens the sheet, saves a full 20-game sheet
  (alternating two valid sheets, so every save changes the results), after ``--think``
  seconds of typing (0: back to back, the worst case).

Two measures, because one load cannot give both:

- **capacity** (closed loop, always run): every player sends his next request as soon as
  the last one is answered, with no pause. The requests per second it reaches are the most
  the server serves; but its latencies only restate that figure (Little's law: 55 clients
  always waiting make the mean latency 55 / throughput, about 290 ms at 190 req/s, however
  fast each request is served), so a closed loop cannot tell the latency a visitor sees.
- **latency at a given rate** (open loop, ``--rate R``): the players' requests arrive on a
  clock, R a second spread over the players in turn, whether or not earlier ones are
  answered, as visitors arrive in a hall; the scorekeepers keep their loop. A request's
  latency counts from its scheduled time (a late send counts against the server, not lost),
  so p95 is what a visitor waits at that rate, and it grows without bound when R is past
  the capacity. With ``--save-rate S``, the scorekeepers' sheets are opened and saved on a
  clock too, S a second in all (a page's latency counted from when it was due); without it,
  they keep their closed loop, whose saves' latency is then Little's law again (5
  scorekeepers always waiting: 5 / saves a second).

Prints requests per second, p50/p95/p99 latency per kind of request, and the errors, for
each measure. The load generator runs on the same machine as the server: its own CPU use is
part of the figure, and so is the machine's other work (the load average is printed: compare
runs made side by side, e.g. ``--threads 1 --config /dev/null`` for gunicorn's defaults).
"""

import argparse
import http.client
import os
import queue
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
from django_setup import ROOT, setup_django

PASSWORD = "atout-load-test"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--scorekeepers", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument(
        "--threads", type=int, default=4, help="threads a worker (gthread workers when > 1)"
    )
    parser.add_argument(
        "--config",
        default="gunicorn.conf.py",
        help="gunicorn's settings file (the project's; /dev/null: gunicorn's defaults)",
    )
    parser.add_argument(
        "--think", type=float, default=0, help="seconds a scorekeeper types before saving"
    )
    parser.add_argument(
        "--memory-cache",
        action="store_true",
        help="each worker caches pages in its own memory (default: a folder they share, as "
        "in production)",
    )
    parser.add_argument(
        "--warmup", type=float, default=10, help="seconds of the load run before measuring"
    )
    parser.add_argument(
        "--settings",
        default="club.settings.prod",
        help="the server's Django settings (production's by default, as deployed)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=0,
        help="after the closed loop, the players' requests offered at this many a second "
        "(open loop; 0: none)",
    )
    parser.add_argument(
        "--save-rate",
        type=float,
        default=0,
        help="in the open loop, the scorekeepers' sheets opened and saved at this many a "
        "second in all, on a clock (0: each scorekeeper's own loop, with --think)",
    )
    args = parser.parse_args()
    setup_django()
    plan = prepare(production=args.settings == "club.settings.prod")
    with gunicorn(args.workers, args.threads, args.config, args.memory_cache, args.settings) as (
        port,
        server,
        report_dir,
    ):
        # The pages' caches filled, every worker's first requests served: not measured.
        run(port, plan, args, seconds=args.warmup, report=False)
        run(port, plan, args, seconds=args.seconds, server=server, report_dir=report_dir)
        if args.rate:
            run(
                port,
                plan,
                args,
                seconds=args.seconds,
                server=server,
                rate=args.rate,
                report_dir=report_dir,
            )


@contextmanager
def gunicorn(
    workers: int = 3,
    threads: int = 4,
    config: str = "gunicorn.conf.py",
    memory_cache=False,
    settings: str = "club.settings.prod",
):
    """gunicorn serving the project on 127.0.0.1 only, stopped after: gives the (free) port,
    the master's process id (``cpu_seconds``) and the folder where the workers report their
    CPU per request (``bench/gunicorn_bench.py``, ``threads_cpu``). The workers share their
    rendered pages in a folder, as in production (``ATOUT_CACHE_DIR``), or keep them each in
    memory. ``settings``: production's by default (``prod_environment``: the clients say
    they came through the TLS proxy, as a reverse proxy in front of gunicorn does). Returns
    once every worker has booted (and run the settings' warm-up), then warms them with
    requests (``warm_workers``) before anything is measured."""
    port = free_port()
    env = os.environ.copy()
    cache_dir = tempfile.mkdtemp(prefix="atout-load-cache-")
    report_dir = Path(tempfile.mkdtemp(prefix="atout-load-cpu-"))
    env["ATOUT_CACHE_DIR"] = "" if memory_cache else cache_dir
    env["ATOUT_BENCH_CONFIG"] = config
    env["ATOUT_BENCH_DIR"] = str(report_dir)
    env["DJANGO_SETTINGS_MODULE"] = settings
    if settings == "club.settings.prod":
        env.update(prod_environment())
    server = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/gunicorn"),
            "club.wsgi",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--config",
            str(ROOT / "bench/gunicorn_bench.py"),
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        wait_for(port)
        wait_ready(report_dir, workers)
        warm_workers(port, workers * threads)
        yield port, server.pid, report_dir
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(cache_dir, ignore_errors=True)
        shutil.rmtree(report_dir, ignore_errors=True)


def prod_environment() -> dict[str, str]:
    """What ``club.settings.prod`` needs to run on 127.0.0.1: its secrets (the bench's own
    key: the table links' digests the bench stored are keyed by it), and the static files
    collected (its storage reads their manifest)."""
    from django.conf import settings

    env = {"DJANGO_SECRET_KEY": settings.SECRET_KEY, "DJANGO_ALLOWED_HOSTS": "127.0.0.1"}
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env={**os.environ, **env, "DJANGO_SETTINGS_MODULE": "club.settings.prod"},
        check=True,
    )
    return env


def wait_ready(folder: Path, workers: int) -> None:
    """Until every worker has booted (``bench/gunicorn_bench.py`` marks each one)."""
    for _ in range(600):
        if len(list(folder.glob("ready-*"))) >= workers:
            return
        time.sleep(0.2)
    raise SystemExit("gunicorn's workers did not start")


def warm_workers(port: int, requests: int) -> None:
    """Each page a few times at once, so that every worker and thread has served one before
    anything is measured (its first request would otherwise count in a measure)."""
    browser = Browser(port)
    paths = ["/", "/login/", "/tournois/"]
    threads = [
        threading.Thread(target=browser.request, args=("GET", paths[i % len(paths)]))
        for i in range(requests * 2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def threads_cpu(folder: Path) -> dict[str, list[float]]:
    """The workers' own CPU so far, per kind of request: kind → [requests, CPU seconds]
    (each request's thread, read by the worker itself: ``bench/gunicorn_bench.py``)."""
    from gunicorn_bench import read_cpu

    time.sleep(1.2)  # the workers write their totals every half second
    return read_cpu(folder)


def print_server_cpu(before: dict, after: dict) -> None:
    """Per kind of request, the CPU its worker thread spent on it (ms a request)."""
    print(f"{'server CPU (worker thread)':46} {'count':>7} {'ms a request':>13}")
    for kind in sorted(after):
        count = after[kind][0] - before.get(kind, [0, 0.0])[0]
        seconds = after[kind][1] - before.get(kind, [0, 0.0])[1]
        if count:
            print(f"{kind:46} {count:7d} {seconds / count * 1000:13.2f}")


# --------------------------------------------------------------------------- the tournament


def prepare(production: bool = False) -> dict:
    """A running tournament of 120 players, round 1 drawn; two full sheets per table.
    ``production``: the scorekeeper's password hashed as production's settings check it
    (the test settings' hasher is not among theirs)."""
    import datetime

    from axes.utils import reset
    from django.contrib.auth.hashers import PBKDF2PasswordHasher
    from django.contrib.auth.models import Group, User
    from django.db import transaction

    from club.models import Club, Player, Season, StaffMembership
    from club.roles import SAISIE
    from tournaments.models import Entry, Seat, Tournament
    from tournaments.sample_sheets import double_king_round
    from tournaments.services import drawing

    with transaction.atomic():
        Seat.objects.filter(round__tournament__club__slug="load").delete()
        Tournament.objects.filter(club__slug="load").delete()
        Player.objects.filter(clubs__slug="load").delete()
        Club.objects.filter(slug="load").delete()
        club = Club.objects.create(name="Load", slug="load")
        season = Season.objects.create(
            club=club, name="Load", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
        )
        tournament = Tournament.objects.create(
            club=club,
            season=season,
            game="double_king",
            name="Charge",
            date=datetime.date(2026, 6, 1),
            rounds=5,
            published=True,
        )
        players = Player.objects.bulk_create(
            Player(first_name=f"Charge{i:03d}", last_name=f"Joueur{i:03d}") for i in range(120)
        )
        Player.clubs.through.objects.bulk_create(
            Player.clubs.through(player=p, club=club) for p in players
        )
        Entry.objects.bulk_create(
            Entry(tournament=tournament, player=p, present=True) for p in players
        )
        user, _ = User.objects.get_or_create(username="load-saisie")
        user.set_password(PASSWORD)
        if production:
            hasher = PBKDF2PasswordHasher()
            user.password = hasher.encode(PASSWORD, hasher.salt())
        user.save()
        # Logins refused by an earlier run (django-axes keeps them) would lock this one out.
        reset(username=user.username)
        reset(ip="127.0.0.1")
        user.groups.add(Group.objects.get(name=SAISIE))
        # Roles are per club: the scorekeeper's, in the load test's club.
        StaffMembership.objects.create(user=user, club=club, role=StaffMembership.Role.SCOREKEEPER)
    round_ = drawing.draw_round(tournament, seed=1)
    drawing.start_round(round_)
    rng = random.Random(1)
    tables = []
    for table in round_.tables.order_by("number"):
        first = table.seats.get(first_dealer=True).position
        tables.append(
            {
                "pk": table.pk,
                "sheets": [double_king_round(first, rng), double_king_round(first, rng)],
            }
        )
    return {"tournament": tournament.pk, "tables": tables, "user": user.username}


# --------------------------------------------------------------------------- the clients


class Browser:
    """One visitor: a connection to the server, cookies, the ETags of the pages seen."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.etags: dict[str, str] = {}
        self.lock = threading.Lock()
        self.last_location: str | None = None  # the last answer's redirect, if any

    def request(self, method: str, path: str, body: dict | None = None):
        # As the TLS proxy in front of gunicorn says (SECURE_PROXY_SSL_HEADER, production).
        headers = {"Host": f"127.0.0.1:{self.port}", "X-Forwarded-Proto": "https"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "GET" and path in self.etags:
            headers["If-None-Match"] = self.etags[path]
        data = None
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"https://127.0.0.1:{self.port}{path}"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            content = response.read()
        finally:
            connection.close()
        self.last_location = response.getheader("Location")
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
            if header.lower() == "etag" and method == "GET":
                self.etags[path] = value
        return response.status, content.decode("utf-8", "replace")


TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}
        self.not_modified: dict[str, int] = {}

    def add(self, kind: str, seconds: float, status: int, ok: tuple[int, ...]) -> None:
        with self.lock:
            self.latencies.setdefault(kind, []).append(seconds)
            if status == 304:
                self.not_modified[kind] = self.not_modified.get(kind, 0) + 1
            if status not in ok:
                self.errors[f"{kind} {status}"] = self.errors.get(f"{kind} {status}", 0) + 1


def timed(stats: Stats, kind: str, ok: tuple[int, ...], fn, since: float | None = None):
    """``fn``'s request, its latency counted from ``since`` (when it was due) if given."""
    start = time.perf_counter() if since is None else since
    status, content = fn()
    stats.add(kind, time.perf_counter() - start, status, ok)
    return status, content


def player_pages(plan: dict, rng: random.Random) -> list[tuple[str, str]]:
    """What a player refreshes: the standings (twice as often), the rounds, his table."""
    tournament = plan["tournament"]
    table = rng.choice(plan["tables"])["pk"]
    return [
        ("standings", f"/tournois/{tournament}/"),
        ("standings", f"/tournois/{tournament}/"),
        ("rounds", f"/tournois/{tournament}/rondes/"),
        ("table", f"/tables/{table}/"),
    ]


def player(port: int, plan: dict, stop: float, stats: Stats, seed: int) -> None:
    rng = random.Random(seed)
    browser = Browser(port)
    pages = player_pages(plan, rng)
    while time.perf_counter() < stop:
        kind, path = rng.choice(pages)
        timed(stats, kind, (200, 304), lambda p=path: browser.request("GET", p))


def open_players(
    port: int, plan: dict, start: float, stop: float, stats: Stats, rate: float, players: int
) -> list[threading.Thread]:
    """The players in an open loop: request i is due at ``start + i / rate``, sent by player
    ``i % players`` (his cookies and ETags) through a pool of threads large enough that none
    waits for a free one at a rate the server sustains; its latency counts from when it was
    due. Gives the threads to join."""
    visitors = []
    for seed in range(players):
        rng = random.Random(seed)
        visitors.append((Browser(port), player_pages(plan, rng), rng))
    due: queue.Queue = queue.Queue()

    def sender() -> None:
        while (item := due.get()) is not None:
            scheduled, (browser, pages, rng) = item
            with browser.lock:  # one request at a time per visitor, as a browser's tab
                kind, path = rng.choice(pages)
                status, _content = browser.request("GET", path)
            stats.add(kind, time.perf_counter() - scheduled, status, (200, 304))

    # Little's law: rate × the latency allowed; past that the server is behind anyway.
    pool = [threading.Thread(target=sender) for _ in range(max(16, int(rate * 0.5)))]

    def clock() -> None:
        index = 0
        while (scheduled := start + index / rate) < stop:
            pause = scheduled - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            due.put((scheduled, visitors[index % players]))
            index += 1
        for _ in pool:
            due.put(None)

    return [*pool, threading.Thread(target=clock)]


def scorekeeper(
    port: int,
    plan: dict,
    tables: list,
    stop: float,
    stats: Stats,
    think: float,
    clock: tuple[float, float] | None = None,
) -> None:
    """Opens a sheet, types for ``think`` seconds, saves it; over and over (closed loop), or
    with ``clock`` = (first, every): sheet k opened at ``first + k × every`` (open loop, its
    page's latency counted from then, so a late server counts against it)."""
    from tournaments.sample_sheets import sheet_post_data

    browser = Browser(port)
    _status, page = browser.request("GET", "/login/")
    token = TOKEN.search(page).group(1)
    status, _page = browser.request(
        "POST",
        "/login/",
        {"username": plan["user"], "password": PASSWORD, "csrfmiddlewaretoken": token},
    )
    assert status == 302, f"login refused ({status})"
    turn = loop = 0
    while time.perf_counter() < stop:
        for table in tables:
            due = None
            if clock is not None:
                due = clock[0] + loop * clock[1]
                loop += 1
                if due >= stop:
                    return
                time.sleep(max(0.0, due - time.perf_counter()))
            path = f"/saisie/tables/{table['pk']}/"
            _status, page = timed(
                stats, "sheet page", (200,), lambda p=path: browser.request("GET", p), due
            )
            version = int(VERSION.search(page).group(1))
            time.sleep(think)
            records = table["sheets"][turn % 2]
            data = sheet_post_data(None, records, version)
            data["csrfmiddlewaretoken"] = TOKEN.search(page).group(1)
            timed(stats, "sheet save", (302,), lambda p=path, d=data: browser.request("POST", p, d))
            if time.perf_counter() >= stop:
                return
        turn += 1


def run(
    port: int,
    plan: dict,
    args,
    *,
    seconds: float,
    report: bool = True,
    server: int = 0,
    rate: float = 0,
    report_dir: Path | None = None,
) -> None:
    """One measure: the players in a closed loop, or in an open one at ``rate`` a second."""
    stats = Stats()
    threads_before = threads_cpu(report_dir) if report and report_dir else {}
    server_cpu = cpu_seconds(server) if server else 0.0
    client_cpu = time.process_time()
    database_cpu = database_cpu_seconds()
    start = time.perf_counter()
    stop = start + seconds
    if rate:
        threads = open_players(port, plan, start, stop, stats, rate, args.players)
    else:
        threads = [
            threading.Thread(target=player, args=(port, plan, stop, stats, i))
            for i in range(args.players)
        ]
    tables = plan["tables"]
    save_rate = args.save_rate if rate else 0
    # On a clock (--save-rate): the saves spread evenly over the scorekeepers and in time.
    every = args.scorekeepers / save_rate if save_rate else 0
    threads += [
        threading.Thread(
            target=scorekeeper,
            args=(port, plan, tables[i :: args.scorekeepers], stop, stats, args.think),
            kwargs={"clock": (start + i / save_rate, every) if save_rate else None},
        )
        for i in range(args.scorekeepers)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    server_cpu = cpu_seconds(server) - server_cpu if server else 0.0
    client_cpu = time.process_time() - client_cpu
    database_cpu = database_cpu_seconds() - database_cpu
    if not report:
        return
    if rate:
        saves = f", sheets opened and saved at {save_rate:g} a second" if save_rate else ""
        print(f"open loop: the players' requests offered at {rate:g} a second{saves}")
    else:
        print("closed loop (capacity): every client sends again as soon as answered")
    print(
        f"{args.players} players + {args.scorekeepers} scorekeepers, {args.workers} gunicorn "
        f"workers × {args.threads} threads ({args.config}, {args.settings}), "
        f"{'memory' if args.memory_cache else 'shared'} cache, {elapsed:.1f} s, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"
    )
    print_latencies(stats, elapsed)
    print(f"errors: {stats.errors or 'none'}")
    # CPU per request: the server (its workers), the database, the load client; steadier than
    # the wall-clock figures on a shared machine.
    count = sum(len(values) for values in stats.latencies.values())
    print(
        f"CPU per request: server {server_cpu / count * 1000:.2f} ms, database "
        f"{database_cpu / count * 1000:.2f} ms, client {client_cpu / count * 1000:.2f} ms "
        f"({server_cpu / elapsed:.2f} + {database_cpu / elapsed:.2f} + "
        f"{client_cpu / elapsed:.2f} cores busy)"
    )
    if report_dir:
        print_server_cpu(threads_before, threads_cpu(report_dir))


def print_latencies(stats: Stats, elapsed: float) -> None:
    """Per kind of request: count, 304s, requests per second, p50/p95/p99 in ms."""
    every = [s for values in stats.latencies.values() for s in values]
    print(
        f"{'requests':14} {'count':>7} {'304':>6} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} "
        f"{'p99 ms':>8}"
    )
    for kind, values in [*sorted(stats.latencies.items()), ("all", every)]:
        if kind == "all":
            not_modified = sum(stats.not_modified.values())
        else:
            not_modified = stats.not_modified.get(kind, 0)
        print(
            f"{kind:14} {len(values):7d} {not_modified:6d} {len(values) / elapsed:8.1f} "
            f"{percentile(values, 50):8.1f} {percentile(values, 95):8.1f} "
            f"{percentile(values, 99):8.1f}"
        )


def percentile(values: list[float], p: int) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0] * 1000
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1] * 1000


def cpu_seconds(master: int) -> float:
    """CPU time (user + system) the gunicorn workers of ``master`` used so far: what the
    server itself costs, whatever else the machine runs (Linux: /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:  # ppid; then utime, stime are fields 14 and 15 of stat
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def database_cpu_seconds() -> float:
    """CPU time of the PostgreSQL backends serving this database so far (0 on SQLite, or
    when PostgreSQL runs on another machine)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return 0.0
    name = connection.settings_dict["NAME"]
    ticks = 0
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            command = (proc / "cmdline").read_bytes().decode(errors="replace")
            if command.startswith("postgres:") and f" {name} " in command:
                fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
                ticks += int(fields[11]) + int(fields[12])
        except OSError:
            continue
    return ticks / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(port: int) -> None:
    # gunicorn binds once the app is loaded (preloaded: seconds on a busy machine).
    for _ in range(600):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not start")


if __name__ == "__main__":
    main()
