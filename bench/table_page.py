"""In-process cost of a table's phone page: what each phone request costs the server's Python.

    [DATABASE_URL=postgres://...] .venv/bin/python bench/table_page.py [--tables 10]
        [--profile "page, first read"] [--settings club.settings.prod]

Prepares a whist tournament of ``--tables`` tables of 4, each with its link and 4 phones
(django's test Client, each with its cookie), 6 deals confirmed and the 7th waiting, then
plays each table's deals 7 to 12 as bench/table_load.py does: the 4 phones read the page (the
first read after a change, then the 3 others at the same version), the other side confirms,
the next deal is sent (JSON, as table.js sends it), and a phone polls (304). Prints, per kind
of request, the CPU time of this process (``time.process_time``: the view, the ORM, the
templates; the database's own work is not counted) and the SQL queries. ``--profile KIND``
prints cProfile's top functions for that kind. The rendered pages are cached in a temporary
folder, as the workers share them in production (``ATOUT_CACHE_DIR``). Production's settings
by default: its middleware and static files' storage, as the workers run them.
"""

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from django_setup import HTTPS, PRODUCTION, setup_django

#: Deals confirmed before the bench starts (the 7th waits for confirmation).
CONFIRMED = 6
DEALS = 12


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--profile", default="", help="a kind of request to profile")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument(
        "--settings", default=PRODUCTION, help="Django settings (production's by default)"
    )
    args = parser.parse_args()
    os.environ.setdefault("ATOUT_CACHE_DIR", tempfile.mkdtemp(prefix="atout-page-cache-"))
    setup_django(args.settings)
    tables = prepare(args.tables)
    Bench(args).run(tables)


def deal_data(number: int, version: int, key: str) -> dict:
    """Emballage 9 by seats 0 and 2, 10 tricks."""
    return {
        "action": "save",
        "version": str(version),
        "number": str(number),
        "contract": "emballage_9",
        "against": "",
        "renege": "",
        "d1": "0",
        "d2": "2",
        "tricks": "10",
        "key": key,
    }


def prepare(count: int) -> list[dict]:
    from django.test import Client
    from django.urls import reverse
    from table_load import started_whist_round

    round_, links = started_whist_round(count, slug="pagebench", name="Page bench")
    tables = []
    for table in round_.tables.order_by("number"):
        token = links[table.pk].token
        page = reverse("table_page", args=[token])
        phones = []
        for seat in table.seats.order_by("position"):
            client = Client(**HTTPS)
            response = client.post(page, {"action": "who", "entry": str(seat.entry_id)})
            assert response.status_code == 302, response.status_code
            phones.append(client)
        item = {"pk": table.pk, "page": page, "phones": phones, "token": token}
        for number in range(1, CONFIRMED + 2):
            send(item, number)
            if number <= CONFIRMED:
                confirm(item, number)
        tables.append(item)
    return tables


def send(table: dict, number: int):
    return send_request(table, number)()


def send_request(table: dict, number: int):
    """The phone's send of deal ``number`` (what table.js posts), ready to call."""
    from django.urls import reverse

    from tournaments.models import Table

    version = Table.objects.get(pk=table["pk"]).version
    phone = table["phones"][(number - 1) % 4]
    path = reverse("table_send", args=[table["token"]])
    data = deal_data(number, version, f"{table['pk']}-{number}")

    def call():
        response = phone.post(path, data)
        assert response.status_code == 200, response.content[:500]
        return response

    return call


def confirm(table: dict, number: int):
    return confirm_request(table, number)()


def confirm_request(table: dict, number: int):
    """The other side's confirmation of deal ``number``, ready to call."""
    from tournaments.tableside.models import TableDeal

    pk = TableDeal.objects.get(table_id=table["pk"], number=number, status="pending").pk
    phone = table["phones"][number % 4]

    def call():
        response = phone.post(table["page"], {"action": "confirm", "deal": str(pk)})
        assert response.status_code == 302, response.content[:500]
        return response

    return call


class Bench:
    def __init__(self, args):
        self.args = args
        self.cpu: dict[str, list[float]] = {}
        self.queries: dict[str, list[int]] = {}
        self.profiler = cProfile.Profile() if args.profile else None

    def measure(self, kind: str, call):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        profile = self.profiler if kind == self.args.profile else None
        with CaptureQueriesContext(connection) as queries:
            start = time.process_time()
            if profile:
                profile.enable()
            response = call()
            if profile:
                profile.disable()
            cpu = time.process_time() - start
        self.cpu.setdefault(kind, []).append(cpu * 1000)
        self.queries.setdefault(kind, []).append(len(queries))
        return response

    def run(self, tables: list[dict]) -> None:
        from django.db import connection
        from django.urls import reverse

        for number in range(CONFIRMED + 1, DEALS + 1):
            for table in tables:
                phones = table["phones"]
                confirmer = number % 4
                order = [confirmer, *(i for i in range(4) if i != confirmer)]
                for k, i in enumerate(order):
                    kind = "page, first read" if k == 0 else "page, same version"
                    response = self.measure(kind, lambda p=phones[i], t=table: p.get(t["page"]))
                    assert response.status_code == 200
                self.measure("confirm POST", confirm_request(table, number))
                state = reverse("table_state", args=[table["token"]])
                etag = phones[0].get(state)["ETag"]
                self.measure(
                    "state poll (304)",
                    lambda p=phones[0], s=state, e=etag: p.get(s, headers={"If-None-Match": e}),
                )
                if number < DEALS:
                    self.measure("send POST", send_request(table, number + 1))
        print(
            f"{len(tables)} whist tables of 4 phones, deals {CONFIRMED + 1} to {DEALS} "
            f"({connection.vendor}); this process's CPU a request (the database's not counted)"
        )
        print(f"{'request':22} {'count':>6} {'CPU ms median':>14} {'mean':>8} {'queries':>8}")
        every = []
        for kind, values in self.cpu.items():
            every += values
            queries = sorted(set(self.queries[kind]))
            shown = "/".join(str(q) for q in queries)
            print(
                f"{kind:22} {len(values):6d} {statistics.median(values):14.2f} "
                f"{statistics.mean(values):8.2f} {shown:>8}"
            )
        print(
            f"{'all':22} {len(every):6d} {statistics.median(every):14.2f} "
            f"{statistics.mean(every):8.2f}"
        )
        if self.profiler:
            print(f"\nprofile of « {self.args.profile} »:")
            pstats.Stats(self.profiler).sort_stats(
                os.environ.get("SORT", "cumulative")
            ).print_stats(self.args.top)


if __name__ == "__main__":
    main()
