"""CPU per request of each kind the load bench sends, in-process, middleware included.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_perf_bench \\
        .venv/bin/python bench/request_profile.py [--runs 200] [--top 25] [--kind standings-304] \
        [--settings club.settings.prod]

Prepares the load bench's tournament (``load.prepare``) and a table's phone link
(``table_load.prepare``), then sends each kind of request through Django's test client
under production's settings by default (the whole middleware stack and the static files'
storage, as gunicorn's workers run them; the client says it came through the TLS proxy):
the standings page rendered (its cached table gone: a sheet was just saved), the same with
its table cached, the same answered 304, the rounds page (rendered with nothing cached,
rendered after one table's sheet changed, cached, 304), a table's page (rendered, cached,
304), a phone's poll of its table answered 304, the scorekeeper's sheet page and a sheet
saved. Prints each kind's CPU milliseconds a
request (process time: this process and its PostgreSQL backend) and, with ``--top``,
cProfile's heaviest functions.
"""

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from django_setup import HTTPS, PRODUCTION, setup_django


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--top", type=int, default=0, help="functions shown per kind")
    parser.add_argument("--kind", action="append", help="only these kinds (repeatable)")
    parser.add_argument("--sort", default="tottime", help="cProfile's sort key")
    parser.add_argument(
        "--settings",
        default=PRODUCTION,
        help="Django settings (production's by default: the middleware and storage deployed)",
    )
    args = parser.parse_args()
    # Pages cached in a folder, as gunicorn's workers share them (load.py, production).
    os.environ.setdefault("ATOUT_CACHE_DIR", tempfile.mkdtemp(prefix="atout-profile-cache-"))
    setup_django(args.settings)
    from django.core.cache import cache
    from django.test import Client
    from load import PASSWORD, TOKEN, VERSION, prepare
    from table_load import prepare as phone_prepare

    from tournaments.sample_sheets import sheet_post_data

    plan = prepare(production=args.settings == PRODUCTION)
    tournament = plan["tournament"]
    table = plan["tables"][0]
    public = Client(**HTTPS)
    standings = f"/tournois/{tournament}/"
    etag = public.get(standings)["ETag"]
    staff = Client(**HTTPS)
    page = staff.get("/login/").content.decode()
    staff.post(
        "/login/",
        {
            "username": plan["user"],
            "password": PASSWORD,
            "csrfmiddlewaretoken": TOKEN.search(page).group(1),
        },
    )
    sheet = f"/saisie/tables/{table['pk']}/"
    turn = [0]

    def save() -> None:
        page = staff.get(sheet).content.decode()
        version = int(VERSION.search(page).group(1))
        data = sheet_post_data(None, table["sheets"][turn[0] % 2], version)
        data["csrfmiddlewaretoken"] = TOKEN.search(page).group(1)
        turn[0] += 1
        response = staff.post(sheet, data)
        assert response.status_code == 302, response.status_code

    save()  # round 1's first results: the standings have rows

    def rendered() -> None:
        cache.clear()
        assert public.get(standings).status_code == 200

    def cached() -> None:
        assert public.get(standings).status_code == 200

    def not_modified() -> None:
        assert public.get(standings, HTTP_IF_NONE_MATCH=etag).status_code == 304

    etag = public.get(standings)["ETag"]
    table_url = f"/tables/{table['pk']}/"
    phone_token = phone_prepare(1)["tables"][0]["token"]
    kinds = {
        "standings-200-rendered": rendered,
        "standings-200-cached": cached,
        "standings-304": not_modified,
        "rounds-rendered": fresh(cache, public, f"/tournois/{tournament}/rondes/"),
        "rounds-after-sheet": after_sheet(public, f"/tournois/{tournament}/rondes/", table["pk"]),
        "rounds": lambda: public.get(f"/tournois/{tournament}/rondes/"),
        "rounds-304": conditional(public, f"/tournois/{tournament}/rondes/"),
        "table-rendered": fresh(cache, public, table_url),
        "table": lambda: public.get(table_url),
        "table-304": conditional(public, table_url),
        "phone-poll-304": conditional(public, f"/t/{phone_token}/etat.json"),
        "sheet-page": lambda: staff.get(sheet),
        # A save includes its form page (the version and token): subtract sheet-page.
        "sheet-page+save": save,
    }
    for kind, fn in kinds.items():
        if args.kind and kind not in args.kind:
            continue
        runs = args.runs if "save" not in kind else max(10, args.runs // 10)
        fn()
        begin = cpu()
        for _ in range(runs):
            fn()
        per_request = (cpu() - begin) / runs * 1000
        print(f"{kind:24} {per_request:7.2f} ms CPU a request ({runs} runs)")
        if args.top:
            profile = cProfile.Profile(time.process_time)  # CPU, not waits
            profile.enable()
            for _ in range(runs):
                fn()
            profile.disable()
            pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)


def after_sheet(client, url: str, table_id: int):
    """The page rendered again after one table's sheet changed (the versions a save bumps)."""
    from django.db.models import F

    from tournaments.models import Table, Tournament

    def get() -> None:
        Table.objects.filter(pk=table_id).update(version=F("version") + 1)
        Tournament.objects.filter(round_set__tables__pk=table_id).update(
            results_version=F("results_version") + 1
        )
        assert client.get(url).status_code == 200

    return get


def fresh(cache, client, url: str):
    """The page rendered again, as after a save (the cache emptied first)."""

    def get() -> None:
        cache.clear()
        assert client.get(url).status_code == 200

    return get


def conditional(client, url: str):
    etag = client.get(url)["ETag"]
    return lambda: client.get(url, HTTP_IF_NONE_MATCH=etag)


_backend = None


def cpu() -> float:
    """This process's CPU time and its PostgreSQL backend's (/proc, on this machine)."""
    from django.db import connection

    global _backend
    total = time.process_time()
    if connection.vendor != "postgresql":
        return total
    if _backend is None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            _backend = Path(f"/proc/{cursor.fetchone()[0]}/stat")
    fields = _backend.read_text().rsplit(")", 1)[1].split()
    return total + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    main()
