"""Two app instances on one PostgreSQL database and one Redis database (issue 25), run by
``.ci/run``:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_two REDISDB=20 \\
        .venv/bin/python tests/ops/two_instances.py

Each instance is the project exported into its own folder (``git archive``, as a machine would
get it), installed by the documented steps (the catalogue compiled, the static files collected)
and served by gunicorn with the project's ``gunicorn.conf.py`` on 127.0.0.1 (ports 8201 and
8202), production's settings, ``ATOUT_CACHE_URL=redis://127.0.0.1:6379/$REDISDB``. Then:

1. a sheet saved through A is seen through B on its first request (and B's old ETag gets 200);
2. after a save, 16 visitors at once (8 on each instance) get the standings: every cache entry
   is written once in all (Redis' MONITOR counts the writes: no key written twice);
3. the queue is shared: a round's sheets asked through A are built by a queue worker run from
   B's folder (``db_worker --batch``), and the file downloads through B;
4. five failed logins for one name, spread over A and B, lock it on both;
5. the table links' guessing limit counts the misses of both instances;
6. a phone's deal sent through A, then again (its answer « lost ») through B, is stored once.

Exits non-zero at the first claim that does not hold, saying which.
"""

import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from contextlib import ExitStack, contextmanager
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from django_setup import PRODUCTION, setup_django  # noqa: E402
from load import PASSWORD, TOKEN, VERSION, Browser  # noqa: E402

PORTS = (8201, 8202)
REDIS_DB = os.environ.get("REDISDB", "14")
#: The machine's Redis, a database of its own (or TWO_INSTANCES_REDIS_URL: another server).
REDIS_URL = os.environ.get("TWO_INSTANCES_REDIS_URL") or f"redis://127.0.0.1:6379/{REDIS_DB}"
SECRET = "two-instances-" + "k" * 50
RELEASE = "two-instances"


def claim(holds: bool, what: str) -> None:
    print(("ok   " if holds else "FAIL ") + what, flush=True)
    if not holds:
        raise SystemExit(1)


def environment() -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": PRODUCTION,
        "DJANGO_SECRET_KEY": SECRET,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "ATOUT_CACHE_URL": REDIS_URL,
        "ATOUT_RELEASE": RELEASE,  # the same code on both: the same keys
        "ATOUT_LOG_LEVEL": "WARNING",
    }


@contextmanager
def instance(port: int, folder: Path):
    """The project in ``folder``, installed and served by gunicorn on ``port``."""
    folder.mkdir()
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    env = environment()
    python = str(ROOT / ".venv" / "bin" / "python")
    subprocess.run(
        ["make", "-s", "catalogue", f"VENV={ROOT / '.venv'}"], cwd=folder, env=env, check=True
    )
    subprocess.run(
        [python, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=folder,
        env=env,
        check=True,
    )
    server = subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "gunicorn"),
            "club.wsgi",
            "--workers",
            "2",
            "--bind",
            f"127.0.0.1:{port}",
        ],
        cwd=folder,
        env=env,
    )
    try:
        for _ in range(300):  # until it answers its health check (the app preloaded: seconds)
            try:
                if Browser(port).request("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.2)
        else:
            raise SystemExit(f"the instance on {port} did not start")
        yield
    finally:
        server.terminate()
        server.wait(timeout=30)


def login(port: int, username: str, password: str) -> tuple[Browser, int]:
    browser = Browser(port)
    _status, page = browser.request("GET", "/login/")
    data = {
        "csrfmiddlewaretoken": TOKEN.search(page).group(1),
        "username": username,
        "password": password,
    }
    status, _page = browser.request("POST", "/login/", data)
    return browser, status


def save_sheet(browser: Browser, table, rng) -> None:
    from tournaments.models import Table
    from tournaments.sample_sheets import double_king_round, sheet_post_data

    table = Table.objects.get(pk=table.pk)
    path = f"/saisie/tables/{table.pk}/"
    _status, page = browser.request("GET", path)
    first = table.seats.get(first_dealer=True).position
    data = sheet_post_data(table, double_king_round(first, rng), table.version)
    data["csrfmiddlewaretoken"] = TOKEN.search(page).group(1)
    status, _page = browser.request("POST", path, data)
    table.refresh_from_db()
    claim(status == 302 and table.version > 0, f"a sheet saved through :{browser.port}")


def create_database(url: str) -> None:
    """The PostgreSQL database of ``url``, created when missing (its tables by migrate)."""
    parts = urllib.parse.urlsplit(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if exists.fetchone() is None:
            connection.execute(f'CREATE DATABASE "{name}"')


def main() -> None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("DATABASE_URL=postgres://… : the instances share a PostgreSQL database")
    create_database(os.environ["DATABASE_URL"])
    os.environ.update(environment())
    setup_django(PRODUCTION)
    import random

    import redis
    from django.urls import reverse
    from load import prepare
    from table_load import started_whist_round

    from tournaments.models import Tournament
    from tournaments.tableside.link_throttle import MISSES_ALLOWED
    from tournaments.tableside.models import LinkMiss, TableDeal

    server = redis.Redis.from_url(REDIS_URL)
    server.flushdb()
    LinkMiss.objects.all().delete()
    plan = prepare(production=True)
    whist_round, links = started_whist_round(2, slug="phones", name="Téléphones")
    tournament = Tournament.objects.get(pk=plan["tournament"])
    tables = list(tournament.round_set.get(number=1).tables.order_by("number"))
    standings = reverse("tournament_standings", args=[tournament.pk])
    rng = random.Random(1)
    a, b = PORTS
    started = time.perf_counter()

    with tempfile.TemporaryDirectory(prefix="atout-two-") as workdir, ExitStack() as stack:
        for port, name in zip(PORTS, ("a", "b"), strict=True):
            stack.enter_context(instance(port, Path(workdir) / name))
        print(f"two instances up in {time.perf_counter() - started:.1f} s", flush=True)

        # 1. A save through A, seen through B on its first request.
        visitor = Browser(b)
        status, before = visitor.request("GET", standings)
        claim(status == 200 and "Charge000" in before, "B serves the standings")
        scorekeeper, status = login(a, plan["user"], PASSWORD)
        claim(status == 302, "the scorekeeper logs in through A")
        save_sheet(scorekeeper, tables[0], rng)
        status, after = visitor.request("GET", standings)  # with B's old ETag
        claim(status == 200 and after != before, "B's first request after A's save: the new page")
        status, through_a = Browser(a).request("GET", standings)
        claim(through_a == after, "A and B serve the same page")

        # 2. A herd of 16 after a save: each entry written once across both instances.
        save_sheet(scorekeeper, tables[1], rng)
        writes: Counter[str] = Counter()
        monitor_ready, herd_done = threading.Event(), threading.Event()

        def watch() -> None:
            # MONITOR shows every database's commands: only this one's count (another user of
            # the machine's Redis, as the suite's workers on theirs, never fails the claim).
            database = server.connection_pool.connection_kwargs.get("db", 0)
            with server.monitor() as monitor:
                monitor_ready.set()
                for command in monitor.listen():
                    if int(command["db"]) != int(database):
                        continue
                    words = command["command"].split()
                    if words and words[0].upper() == "SET" and ":building" not in words[1]:
                        writes[words[1]] += 1
                    if herd_done.is_set() and words[:2] == ["GET", "end-of-herd"]:
                        return

        watcher = threading.Thread(target=watch)
        watcher.start()
        monitor_ready.wait(10)
        answers: list[tuple[int, str]] = []
        herd = [
            threading.Thread(
                target=lambda p=PORTS[i % 2]: answers.append(Browser(p).request("GET", standings))
            )
            for i in range(16)
        ]
        for visitor_thread in herd:
            visitor_thread.start()
        for visitor_thread in herd:
            visitor_thread.join()
        herd_done.set()
        redis.Redis.from_url(REDIS_URL).get("end-of-herd")
        watcher.join(10)
        claim(
            len(answers) == 16
            and {s for s, _ in answers} == {200}
            and len({page for _, page in answers}) == 1,
            "16 visitors on A and B at once get the same new page",
        )
        twice = {key: n for key, n in writes.items() if n > 1}
        claim(
            bool(writes) and not twice,
            f"each entry written once: {len(writes)} written, {len(twice)} twice",
        )

        # 3. The queue shared: a long document asked through A, built by a worker run from B's
        # folder, downloaded through B.
        sheets = reverse("round_sheets_pdf", args=[tables[0].round_id])
        status, _page = scorekeeper.request("GET", sheets)
        location = scorekeeper.last_location or ""
        claim(status == 302 and "/saisie/fichiers/" in location, "A queues the round's sheets")
        subprocess.run(
            [str(ROOT / ".venv" / "bin" / "python"), "manage.py", "db_worker", "--batch"],
            cwd=Path(workdir) / "b",
            env=environment(),
            check=True,
            capture_output=True,
        )
        through_b = Browser(b)
        through_b.cookies = dict(scorekeeper.cookies)
        status, page = through_b.request("GET", urllib.parse.urlsplit(location).path)
        claim(status == 200 and "fichier.pdf" in page, "B's worker built it: B offers the file")
        status, pdf = through_b.request("GET", urllib.parse.urlsplit(location).path + "fichier.pdf")
        claim(status == 200 and pdf.startswith("%PDF"), "the file downloads through B")

        # 4. Login lockouts shared: 5 failures for one name, over A and B.
        for attempt in range(5):
            login(PORTS[attempt % 2], plan["user"], "wrong")
        _browser, status_a = login(a, plan["user"], PASSWORD)
        _browser, status_b = login(b, plan["user"], PASSWORD)
        claim(status_a == status_b == 429, "5 failures over A and B lock the name on both")

        # 5. The guessing limit counts both instances' misses.
        misses = [
            Browser(PORTS[i % 2]).request("GET", f"/t/guess{i}/")[0] for i in range(MISSES_ALLOWED)
        ]
        claim(set(misses) == {404}, f"{MISSES_ALLOWED} unknown links over A and B: 404")
        claim(Browser(b).request("GET", "/t/guess-more/")[0] == 429, "then 429")

        # 6. A phone's deal sent through A, then again through B: stored once.
        LinkMiss.objects.all().delete()  # the guessing limit above holds this address
        table = whist_round.tables.order_by("number").first()
        token = links[table.pk].token
        phone = Browser(a)
        page_path = f"/t/{token}/"
        _s, page = phone.request("GET", page_path)
        entry = table.seats.order_by("position").first().entry_id
        phone.request(
            "POST",
            page_path,
            {
                "csrfmiddlewaretoken": TOKEN.search(page).group(1),
                "action": "who",
                "entry": str(entry),
            },
        )
        _s, page = phone.request("GET", page_path)
        deal = {
            "csrfmiddlewaretoken": TOKEN.search(page).group(1),
            "action": "save",
            "version": VERSION.search(page).group(1),
            "number": "1",
            "contract": "emballage_9",
            "against": "",
            "renege": "",
            "d1": "0",
            "d2": "2",
            "tricks": "9",
            "key": "two-instances-deal-1",
        }
        first = phone.request("POST", f"{page_path}envoi/", deal)[0]
        again = Browser(b)
        again.cookies = dict(phone.cookies)
        second = again.request("POST", f"{page_path}envoi/", deal)[0]
        stored = TableDeal.objects.filter(table=table).count()
        claim(
            first == second == 200 and stored == 1,
            f"a deal sent through A then B: answers {first}, {second}; stored {stored}",
        )
    print(f"two instances: every claim holds ({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
