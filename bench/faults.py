"""Faults on the production settings under gunicorn (issue 23, §2 and §3): workers killed in
the middle of a PDF, and a cache that breaks in every way it can.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_faults_bench \\
        .venv/bin/python bench/faults.py [--port 8260] [--requests 3]

Prepares a running whist tournament of 6 tables with phones at the tables (``table_load``)
and a scorekeeper, then:

1. **Cache faults.** For each fault, gunicorn (production settings, 2 workers of 2 threads)
   is started on that cache and every public page (standings, rounds, a table, a player, the
   season's standings and a player's season), the phones' page and their poll are asked
   ``--requests`` times each, half of them with a made-up query string: a folder that cannot
   be used (a file in its place: every read and write fails, as on a read-only or full
   disk), the cache files truncated, the cache files garbled, an unreachable Redis (a closed
   port), the Redis values garbled (a Redis of the bench's own on port+2). The corruptions are
   made on a cache the pages filled first. Counted: requests, answers 5xx (must be 0), the
   cache-fault lines gunicorn's workers logged (at most one per worker).
2. **Workers killed mid-PDF.** Three documents of 6 sheets each are asked (3 tasks each);
   three workers (``manage.py db_worker`` whose layout never ends, production settings) take
   a task each — the queue's first three, the first document's — and are killed (SIGKILL) in
   the middle of it. Then: each document's page while within the bound (« en préparation »),
   and once the bound has passed (the production bound: a minute from the task's start; the
   bench waits for it), each document's status (the two whose tasks were only queued still
   wait: a worker restarted will take them); the failed ones are asked again, and a new
   worker (``db_worker --batch``) builds what was queued. How each killed task ended is
   printed.
"""

import argparse
import os
import re
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from django_setup import ROOT, setup_django
from load import PASSWORD, Browser, prod_environment
from self_confirm import login, make_scorekeeper
from table_load import started_whist_round

BLOCKING_WORKER = ROOT / "tests/tournaments/printing/blocking_worker.py"
EXPORT = re.compile(r"/saisie/fichiers/([0-9a-f-]+)/")
PENDING = "Votre fichier est en préparation"
FAILED = "Le fichier n’a pas pu être préparé"
READY = "Votre fichier est prêt"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8260)
    parser.add_argument("--requests", type=int, default=3)
    args = parser.parse_args()
    setup_django()
    round_, links, username = prepare()
    env = {**os.environ, **prod_environment(), "DJANGO_SETTINGS_MODULE": "club.settings.prod"}
    env.pop("ATOUT_CACHE_URL", None)
    paths = page_paths(round_, links)
    cache_faults(args, env, paths)
    killed_workers(args, env, round_, username)


def prepare():
    from django.contrib.auth.hashers import PBKDF2PasswordHasher, make_password
    from django.contrib.auth.models import User

    round_, links = started_whist_round(6, slug="pannes", name="Pannes")
    user, _ = User.objects.get_or_create(username="pannes-saisie")
    # Hashed as production checks it (the bench's own process runs the test settings' MD5).
    user.password = make_password(PASSWORD, hasher=PBKDF2PasswordHasher())
    user.save()
    make_scorekeeper(round_.tournament.club, user)
    return round_, links, user.username


def page_paths(round_, links) -> list[str]:
    from django.urls import reverse

    tournament = round_.tournament
    table = round_.tables.order_by("number").first()
    entry = table.seats.get(position=0).entry
    link = links[table.pk]
    return [
        reverse("tournament_standings", args=[tournament.pk]),
        reverse("tournament_rounds", args=[tournament.pk]),
        reverse("table_detail", args=[table.pk]),
        reverse("tournament_player", args=[tournament.pk, entry.pk]),
        reverse("season_standings", args=[tournament.season_id]),
        reverse("season_player", args=[tournament.season_id, entry.player_id]),
        reverse("table_page", args=[link.token]),
        reverse("table_state", args=[link.token]),
    ]


# --------------------------------------------------------------------------- servers


def wait_port(port: int, process: subprocess.Popen, seconds: float = 120) -> None:
    """A bounded wait for a subprocess to listen."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{process.args[0]} stopped ({process.returncode})")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"nothing listens on {port}")


def start_gunicorn(port: int, env: dict[str, str], log: Path) -> subprocess.Popen:
    server = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/gunicorn"),
            "club.wsgi",
            "--config",
            str(ROOT / "gunicorn.conf.py"),
            "--workers",
            "2",
            "--threads",
            "2",
            "--bind",
            f"127.0.0.1:{port}",
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )
    wait_port(port, server)
    return server


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(10)


def start_redis(port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", ""],
        stdout=subprocess.DEVNULL,
    )
    wait_port(port, server, 30)
    return server


# --------------------------------------------------------------------------- cache faults


def ask_all(port: int, paths: list[str], requests: int, statuses: Counter) -> None:
    browser = Browser(port)
    for n in range(requests):
        for path in paths:
            browser.etags.clear()  # every request a full answer, never a 304
            status, _page = browser.request("GET", f"{path}?x={n}" if n % 2 else path)
            statuses[status] += 1


def garble_files(folder: Path, truncate: bool) -> int:
    files = list(folder.rglob("*.djcache"))
    for path in files:
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2] if truncate else b"\x80\x05garbled" + data[9:])
    return len(files)


def garble_redis(port: int) -> int:
    import redis

    server = redis.Redis(port=port)
    keys = server.keys("*")
    for key in keys:
        server.set(key, b"\x80\x05garbled")
    return len(keys)


def cache_faults(args, env: dict[str, str], paths: list[str]) -> None:
    work = Path(tempfile.mkdtemp(prefix="atout-faults-"))
    blocker = work / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    redis_port = args.port + 2
    faults = [
        ("folder unusable (a file in its place)", {"ATOUT_CACHE_DIR": str(blocker)}, None),
        ("cache files truncated", {"ATOUT_CACHE_DIR": str(work / "c1")}, "truncate"),
        ("cache files garbled", {"ATOUT_CACHE_DIR": str(work / "c2")}, "garble"),
        ("Redis unreachable (closed port)", {"ATOUT_CACHE_URL": "redis://127.0.0.1:9/0"}, None),
        (
            "Redis values garbled",
            {"ATOUT_CACHE_URL": f"redis://127.0.0.1:{redis_port}/0"},
            "redis",
        ),
    ]
    redis_server = start_redis(redis_port)
    print("Cache faults (production settings, gunicorn 2 workers × 2 threads, PostgreSQL)")
    print(f"{'fault':40} {'injected':>8} {'requests':>8} {'5xx':>5} {'logged':>6}")
    total = Counter()
    try:
        for number, (name, cache_env, corruption) in enumerate(faults):
            log = work / f"gunicorn-{number}.log"
            server = start_gunicorn(args.port, {**env, **cache_env}, log)
            statuses: Counter = Counter()
            injected = 1
            try:
                if corruption is not None:
                    ask_all(args.port, paths, 1, Counter())  # the pages fill the cache
                    if corruption == "redis":
                        injected = garble_redis(redis_port)
                    else:
                        folder = Path(cache_env["ATOUT_CACHE_DIR"])
                        injected = garble_files(folder, corruption == "truncate")
                ask_all(args.port, paths, args.requests, statuses)
            finally:
                stop(server)
            logged = log.read_text(errors="replace").count("served as a miss")
            errors = sum(count for status, count in statuses.items() if status >= 500)
            requests = sum(statuses.values())
            total.update(requests=requests, errors=errors, injected=injected)
            print(f"{name:40} {injected:>8} {requests:>8} {errors:>5} {logged:>6}")
            print(f"{'':40} statuses: {dict(sorted(statuses.items()))}")
    finally:
        stop(redis_server)
    print(
        f"total: {total['injected']} faults injected, {total['requests']} requests, "
        f"{total['errors']} answered 5xx"
    )


# --------------------------------------------------------------------------- killed workers


def killed_workers(args, env: dict[str, str], round_, username: str) -> None:
    from django.conf import settings
    from django.urls import reverse
    from django.utils import timezone
    from django_tasks_db.models import DBTaskResult

    from tournaments.printing.models import PdfExport, PdfTask

    PdfExport.objects.filter(tournament=round_.tournament).delete()
    DBTaskResult.objects.all().delete()
    tournament = round_.tournament
    documents = {
        "round sheets": reverse("round_sheets_pdf", args=[round_.pk]),
        "filled sheets": reverse("tournament_filled_pdf", args=[tournament.pk]),
        "filled sheets, round 1": reverse("tournament_filled_pdf", args=[tournament.pk])
        + "?ronde=1",
    }
    work = Path(tempfile.mkdtemp(prefix="atout-faults-"))
    server = start_gunicorn(args.port, {**env, "ATOUT_CACHE_DIR": str(work / "cache")}, work / "g")
    try:
        staff = login(args.port, username)
        exports = {}
        for name, path in documents.items():
            status, location = redirect_of(staff, path)
            assert status == 302, f"{name}: {status}"
            exports[name] = EXPORT.search(location).group(1)
        workers = []
        for _ in range(3):
            started_r, started_w = os.pipe()
            blocked_r, blocked_w = os.pipe()
            worker = subprocess.Popen(
                [sys.executable, str(BLOCKING_WORKER), str(started_w), str(blocked_r)],
                cwd=ROOT,
                env=env,
                pass_fds=(started_w, blocked_r),
            )
            # A bounded wait: the worker says when it is in the middle of a layout.
            ready, _, _ = select.select([started_r], [], [], 120)
            assert ready, "a worker never began its layout"
            workers.append((worker, (started_r, started_w, blocked_r, blocked_w)))
        for worker, fds in workers:
            worker.kill()  # SIGKILL, in the middle of the layout
            worker.wait(30)
            for fd in fds:
                os.close(fd)
        killed = list(PdfTask.objects.filter(finished_at=None).order_by("started_at"))
        print()
        print("Workers killed mid-PDF (production settings, gunicorn, PostgreSQL)")
        print(f"tasks killed: {len(killed)} (3 workers killed with SIGKILL, each mid-layout)")
        print("within the bound:")
        for name, export_id in exports.items():
            print(f"  {name:24} page: {page_state(staff, export_id)}")
        bound = max(settings.TASK_DEADLINE_FLOOR_SECONDS, 2 * settings.PDF_SECONDS_PER_SHEET * 6)
        last_start = max(task.started_at for task in killed)
        wait = (last_start - timezone.now()).total_seconds() + bound + 1
        print(f"waiting {wait:.0f} s for the bound ({bound:.0f} s from each task's start)…")
        time.sleep(max(0.0, wait))
        print("past the bound:")
        again = {}
        for name, export_id in exports.items():
            state = page_state(staff, export_id)
            tasks = PdfTask.objects.filter(export_id=export_id)
            print(
                f"  {name:24} page: {state}; tasks begun {tasks.count()}, "
                f"killed {tasks.filter(finished_at=None).count()}"
            )
            if state.startswith("failed"):
                status, location = redirect_of(staff, documents[name])
                again[name] = EXPORT.search(location).group(1)
                print(
                    f"  {'':24} asked again: {status}, a new document "
                    f"({again[name] != export_id}), page: {page_state(staff, again[name])}"
                )
        started = time.monotonic()
        subprocess.run(
            [sys.executable, "manage.py", "db_worker", "--batch", "--no-startup-delay"],
            cwd=ROOT,
            env=env,
            check=True,
            timeout=600,
        )
        print(f"a new worker ran what was queued ({time.monotonic() - started:.1f} s):")
        for name, export_id in exports.items():
            line = f"  {name:24} first document: {page_state(staff, export_id)}"
            if name in again:
                line += f"; asked again: {page_state(staff, again[name])}"
            print(line)
        for task in killed:
            export = PdfExport.objects.get(pk=task.export_id)
            print(
                f"  killed task of {task.sheets} sheets, begun {task.started_at:%H:%M:%S}: "
                f"its document {export.status} at {export.finished_at:%H:%M:%S}"
            )
    finally:
        stop(server)


def redirect_of(browser: Browser, path: str) -> tuple[int, str]:
    """A GET's status and Location (``Browser`` reads the body only)."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", browser.port, timeout=60)
    headers = {"Host": f"127.0.0.1:{browser.port}", "X-Forwarded-Proto": "https"}
    headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in browser.cookies.items())
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status, response.getheader("Location", "")
    finally:
        connection.close()


def page_state(browser: Browser, export_id: str) -> str:
    browser.etags.clear()
    status, page = browser.request("GET", f"/saisie/fichiers/{export_id}/")
    if status != 200:
        return f"HTTP {status}"
    if READY in page:
        return "ready"
    if FAILED in page:
        return "failed" + (" (offers « Réessayer »)" if "Réessayer" in page else "")
    if PENDING in page:
        return "en préparation"
    return "?"


if __name__ == "__main__":
    main()
