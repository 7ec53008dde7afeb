"""Load test of table-side entry: every table's phones enter and confirm their deals at once.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_table_bench \\
        .venv/bin/python bench/table_load.py [--tables 30] [--seconds 180] [--play 20] [--poll 3]

Prepares a running whist tournament of ``--tables`` tables of 4 (round 1 drawn and started,
phones at the tables: each table has its private link), starts gunicorn with 3 workers and the
project's gunicorn.conf.py on 127.0.0.1 only (``load.gunicorn``), then runs 4 phones a table,
each a thread with its own cookies:

- every phone says who holds it, then polls the table's state (``etat.json`` every ``--poll``
  seconds, with the ETag it was given since the page loaded, and reads the page again when the
  state's stamp is not the page's, as static/js/table.js does);
- a table plays each deal for ``--play`` seconds before it is entered (20 by default; the
  tables sit down, their phones open the page and enter the first deal, at random within the
  first ``--play`` seconds, so they are not in step, but all of them enter and confirm
  throughout the run). A real deal of whist takes minutes: the
  club's pool is 12 deals in 80 minutes (6 to 7 minutes a deal), so 20 s is some twenty
  times a real evening's pace. ``--play 0`` is the stress mode: each table enters its next
  deal as soon as its page shows the form, 120 phones back to back, and the requests per
  second it reaches are the server's capacity (its latencies are only the queue's length);
- deal ``k`` is entered by seat ``(k - 1) % 4`` and confirmed by the other phones that see it
  (the other side: any other seat in whist), until the pool's 12 deals are confirmed or
  ``--seconds``;
- one deal in ``--resend`` is sent a second time with the same idempotency key (a phone that
  lost the answer): it must be stored once.

Then it counts, in the database: deals posted (accepted), stored, duplicates (a key or a deal
number stored twice, a deal counted twice on the sheet), lost (accepted but not stored), and
prints p50/p95 of each kind of request (``deal post``: the latency the issue bounds at 300 ms,
at the chosen ``--play``), the requests per second (at ``--play 0``: the capacity), the
gunicorn workers' CPU a request, the load average. Last, it checks the guessing limit across
workers: ``MISSES_ALLOWED`` unknown tokens from one address, spread over the 3 workers, then a
429 (and a live link still answering from that address).
"""

import argparse
import json
import os
import random
import re
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from django_setup import setup_django
from load import (
    TOKEN,
    VERSION,
    Browser,
    Stats,
    cpu_seconds,
    gunicorn,
    percentile,
    print_latencies,
    print_server_cpu,
    threads_cpu,
    timed,
)

DEALS = 12  # a whist pool
#: A waiting deal this phone may confirm (the other side's), and the number of the next deal.
CONFIRMABLE = re.compile(r'name="deal" value="(\d+)"><button class="button primary confirm-deal"')
FORM_NUMBER = re.compile(r'id="deal-form".*?name="number" value="(\d+)"', re.S)
STAMP = re.compile(r'id="table-live"[^>]*data-stamp="([^"]+)"')
ALERT = re.compile(r'class="[^"]*(?:error|alert)[^"]*"[^>]*>(.*?)</(?:p|div|li)>', re.S)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=180, help="upper bound of the run")
    parser.add_argument(
        "--play",
        type=float,
        default=20,
        help="seconds a table plays a deal before entering it (0: back to back, capacity)",
    )
    parser.add_argument(
        "--poll", type=float, default=3.0, help="seconds between two polls (table.js: 3)"
    )
    parser.add_argument("--resend", type=int, default=4, help="one deal in N is sent twice")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--config", default="gunicorn.conf.py")
    parser.add_argument(
        "--settings", default="club.settings.prod", help="the server's Django settings"
    )
    args = parser.parse_args()
    setup_django()
    plan = prepare(args.tables)
    with gunicorn(args.workers, args.threads, args.config, settings=args.settings) as (
        port,
        server,
        report_dir,
    ):
        warm_up(port, plan)
        threads_before = threads_cpu(report_dir)
        cpu = cpu_seconds(server)
        client = time.process_time()
        stats, sent, elapsed = run(port, plan, args)
        cpu = cpu_seconds(server) - cpu
        client = time.process_time() - client
        report(plan, args, stats, sent, elapsed, cpu)
        requests = sum(len(values) for values in stats.latencies.values())
        print(f"load client's own CPU: {client / max(requests, 1) * 1000:.2f} ms a request")
        print_server_cpu(threads_before, threads_cpu(report_dir))
        guessing_limit(port, plan)


# --------------------------------------------------------------------------- the tournament


def prepare(tables: int) -> dict:
    """A whist tournament of ``tables`` tables of 4, round 1 started, a link per table."""
    from tournaments.tableside.models import LinkMiss

    LinkMiss.objects.all().delete()
    round_, links = started_whist_round(tables, slug="phones", name="Téléphones")
    plan = []
    for table in round_.tables.order_by("number"):
        seats = list(table.seats.order_by("position"))
        assert len(seats) == 4, "the bench seats 4 players a table"
        plan.append(
            {
                "pk": table.pk,
                "token": links[table.pk].token,
                "entries": [seat.entry_id for seat in seats],
            }
        )
    return {"tournament": round_.tournament_id, "tables": plan}


def started_whist_round(tables: int, *, slug: str, name: str):
    """The club ``slug`` made again: a whist tournament of ``tables`` tables of 4 with phones
    at the tables, round 1 drawn and started. Returns the round and its links by table."""
    import datetime

    from django.db import transaction

    from club.models import Club, Player, Season
    from tournaments.models import Entry, Seat, Tournament
    from tournaments.services import drawing
    from tournaments.tableside import table_entry
    from tournaments.tableside.models import TableDeal, TableEvent

    with transaction.atomic():
        # A phone's deal and its history keep their player (PROTECT): they go first.
        TableEvent.objects.filter(table__round__tournament__club__slug=slug).delete()
        TableDeal.objects.filter(table__round__tournament__club__slug=slug).delete()
        Seat.objects.filter(round__tournament__club__slug=slug).delete()
        Tournament.objects.filter(club__slug=slug).delete()
        Player.objects.filter(clubs__slug=slug).delete()
        Club.objects.filter(slug=slug).delete()
        club = Club.objects.create(name=name, slug=slug)
        season = Season.objects.create(
            club=club,
            name=name,
            start=datetime.date(2026, 1, 1),
            end=datetime.date(2026, 12, 31),
        )
        tournament = Tournament.objects.create(
            club=club,
            season=season,
            game="whist",
            name=name,
            date=datetime.date(2026, 6, 1),
            rounds=3,
            published=True,
            table_phones=True,
        )
        players = Player.objects.bulk_create(
            Player(first_name=f"Tel{i:03d}", last_name=f"Joueur{i:03d}") for i in range(tables * 4)
        )
        Player.clubs.through.objects.bulk_create(
            Player.clubs.through(player=p, club=club) for p in players
        )
        Entry.objects.bulk_create(
            Entry(tournament=tournament, player=p, present=True) for p in players
        )
    round_ = drawing.draw_round(tournament, seed=1)
    drawing.start_round(round_)
    return round_, table_entry.live_links(round_)  # phones at the tables: a link each table


# --------------------------------------------------------------------------- the phones


class Sent:
    """The deals the phones sent and the server accepted (by idempotency key)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.accepted: dict[int, set[str]] = {}
        self.resent = 0
        #: what the phones were told when a deal was refused (a conflict shown to the players)
        self.refusals: dict[str, int] = {}

    def add(self, table: int, key: str) -> None:
        with self.lock:
            self.accepted.setdefault(table, set()).add(key)

    def refuse(self, answer: str) -> None:
        try:  # the send's JSON answer
            message = str(json.loads(answer).get("message") or "?")
        except ValueError:  # a page
            alert = ALERT.search(answer)
            message = re.sub(r"<[^>]+>|\s+", " ", alert.group(1)).strip() if alert else "?"
        with self.lock:
            self.refusals[message] = self.refusals.get(message, 0) + 1


def whist_deal(number: int, version: int, key: str, csrf: str, rng: random.Random) -> dict:
    """Emballage 9 by seats 0 and 2, 6 to 13 tricks: a valid deal of any number."""
    return {
        "csrfmiddlewaretoken": csrf,
        "action": "save",
        "version": str(version),
        "number": str(number),
        "contract": "emballage_9",
        "against": "",
        "renege": "",
        "d1": "0",
        "d2": "2",
        "tricks": str(rng.randint(6, 13)),
        "key": key,
    }


class Pace:
    """When a table may enter its next deal: its players play each deal for ``--play``
    seconds first (the table's first deal after a random start within the first ``--play``
    seconds, so that the tables are not in step)."""

    def __init__(self, start: float, play: float, rng: random.Random):
        self.play = play
        self.lock = threading.Lock()
        #: when the table sits down: its phones open the page, its first deal is entered
        self.start = self.next_at = start + rng.uniform(0, play)

    def due(self) -> float:
        """Seconds until the next deal may be entered (0: now)."""
        with self.lock:
            return max(0.0, self.next_at - time.perf_counter())

    def entered(self) -> None:
        with self.lock:
            self.next_at = time.perf_counter() + self.play


def phone(port, table, seat, args, stop, stats, sent) -> None:
    """One player's phone: say who holds it, then poll, enter its deals (once the table has
    played them: ``Pace``), confirm the others'."""
    rng = random.Random(table["pk"] * 10 + seat)
    pace = table["pace"]
    browser = Browser(port)
    page_path = f"/t/{table['token']}/"
    state_path = f"{page_path}etat.json"
    send_path = f"{page_path}envoi/"
    time.sleep(max(0.0, pace.start - time.perf_counter()))
    _status, page = timed(stats, "page", (200,), lambda: browser.request("GET", page_path))
    who = {"csrfmiddlewaretoken": TOKEN.search(page).group(1), "action": "who"}
    who["entry"] = str(table["entries"][seat])
    timed(stats, "who am I", (302,), lambda: browser.request("POST", page_path, who))
    changed = True
    while time.perf_counter() < stop:
        if changed:
            _status, page = timed(stats, "page", (200,), lambda: browser.request("GET", page_path))
            changed = False
            # As table.js: a page loaded polls without an ETag first, then redraws only when
            # the state's stamp differs from the page's.
            browser.etags.pop(state_path, None)
            stamp = STAMP.search(page).group(1)
            if page.count('<tr data-deal="') >= DEALS:
                return
            csrf = TOKEN.search(page).group(1)
            # Every deal waiting for this phone's confirmation (several may wait at once).
            for deal in CONFIRMABLE.findall(page):
                data = {"csrfmiddlewaretoken": csrf, "action": "confirm", "deal": deal}
                timed(
                    stats,
                    "deal confirm",
                    (302,),
                    lambda d=data: browser.request("POST", page_path, d),
                )
                changed = True
            if changed:
                continue
        form_number = FORM_NUMBER.search(page)
        number = int(form_number.group(1)) if form_number else 0
        mine = form_number is not None and number <= DEALS and seat == (number - 1) % 4
        if mine and pace.due() == 0:
            # What the page's script sends, at once or from its offline queue: JSON back.
            version = int(VERSION.search(page).group(1))
            key = f"{table['pk']}-{number}-{rng.getrandbits(64):x}"
            data = whist_deal(number, version, key, TOKEN.search(page).group(1), rng)
            status, answer = timed(
                stats, "deal post", (200,), lambda d=data: browser.request("POST", send_path, d)
            )
            pace.entered()
            if status == 200:
                sent.add(table["pk"], key)
            else:
                sent.refuse(answer)
            if number % args.resend == 0:  # the answer was « lost »: sent again, same key
                timed(
                    stats,
                    "deal resend",
                    (200,),
                    lambda d=data: browser.request("POST", send_path, d),
                )
                with sent.lock:
                    sent.resent += 1
            changed = True
            continue
        # Nothing to do but wait: the next poll, or the end of the deal being played.
        delay = args.poll * rng.uniform(0.8, 1.2)
        if mine:
            delay = min(delay, pace.due())
        time.sleep(max(0.0, min(delay, stop - time.perf_counter())))
        if mine and pace.due() == 0:
            continue  # the deal is played: entered now (the page is the current one)
        status, answer = timed(
            stats, "state poll", (200, 304), lambda: browser.request("GET", state_path)
        )
        changed = status == 200 and json.loads(answer)["stamp"] != stamp


def run(port: int, plan: dict, args):
    stats, sent = Stats(), Sent()
    start = time.perf_counter()
    stop = start + args.seconds
    rng = random.Random(1)
    threads = []
    for table in plan["tables"]:
        table["pace"] = Pace(start, args.play, rng)
        threads += [
            threading.Thread(target=phone, args=(port, table, seat, args, stop, stats, sent))
            for seat in range(4)
        ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return stats, sent, time.perf_counter() - start


def warm_up(port: int, plan: dict) -> None:
    """Each worker imports its views on its first requests: a few pages, not measured."""
    browser = Browser(port)
    for table in plan["tables"][:12]:
        browser.request("GET", f"/t/{table['token']}/")


# --------------------------------------------------------------------------- the figures


def report(plan: dict, args, stats: Stats, sent: Sent, elapsed: float, cpu: float) -> None:
    from django.db.models import Count

    from tournaments.models import Deal
    from tournaments.tableside.models import TableDeal

    tables = [t["pk"] for t in plan["tables"]]
    stored = TableDeal.objects.filter(table_id__in=tables)
    keys = {(t, k) for t, values in sent.accepted.items() for k in values}
    stored_keys = set(stored.values_list("table_id", "idempotency_key"))
    twice = (
        stored.values("table_id", "idempotency_key").annotate(n=Count("pk")).filter(n__gt=1).count()
    )
    deals = Deal.objects.filter(table_id__in=tables)
    numbers_twice = deals.values("table_id", "number").annotate(n=Count("pk")).filter(n__gt=1)
    confirmed = stored.filter(status=TableDeal.Status.CONFIRMED).count()
    complete = sum(1 for t in tables if deals.filter(table_id=t).count() >= DEALS)
    post = stats.latencies.get("deal post", [])
    print(
        f"{len(tables)} tables × 4 phones, whist, {args.workers} gunicorn workers × "
        f"{args.threads} threads ({args.config}), play {args.play:g} s a deal, poll every "
        f"{args.poll:g} s, {elapsed:.1f} s, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
        f"(1 min) {os.getloadavg()[1]:.1f} (5 min)"
    )
    print(
        f"deals posted (accepted): {len(keys)}, resent with the same key: {sent.resent}, "
        f"stored: {stored.count()}, confirmed: {confirmed}, counted on the sheets: "
        f"{deals.count()}, tables complete: {complete}/{len(tables)}"
    )
    print(
        f"duplicates: {twice} key(s) stored twice, {numbers_twice.count()} deal number(s) "
        f"counted twice; lost: {len(keys - stored_keys)} accepted but not stored"
    )
    requests = sum(len(v) for v in stats.latencies.values())
    if args.play:
        print(
            f"deal post at --play {args.play:g} s: p50 {percentile(post, 50):.0f} ms, "
            f"p95 {percentile(post, 95):.0f} ms (bound: 300 ms); {requests / elapsed:.1f} "
            "requests/s"
        )
    else:
        print(
            f"capacity (--play 0, back to back): {requests / elapsed:.1f} requests/s; deal post "
            f"p50 {percentile(post, 50):.0f} ms, p95 {percentile(post, 95):.0f} ms (the queue)"
        )
    print(
        f"gunicorn workers' CPU: {cpu:.1f} s for {requests} requests, "
        f"{cpu / max(requests, 1) * 1000:.1f} ms a request (the server's own cost, whatever "
        "else the machine runs; PostgreSQL not counted)"
    )
    print_latencies(stats, elapsed)
    print(f"errors: {stats.errors or 'none'}")
    print(f"deals refused, as the phones were told: {sent.refusals or 'none'}")


def guessing_limit(port: int, plan: dict) -> None:
    """Unknown tokens from one address over several workers: refused past the limit, while
    a live link still answers from that address."""
    from tournaments.tableside.link_throttle import MISSES_ALLOWED
    from tournaments.tableside.models import LinkMiss

    answers = [Browser(port).request("GET", f"/t/guess{i}/")[0] for i in range(MISSES_ALLOWED)]
    last = Browser(port).request("GET", "/t/guess-more/")[0]
    live = Browser(port).request("GET", f"/t/{plan['tables'][0]['token']}/")[0]
    print(
        f"guessing limit across workers: {answers.count(404)} × 404, then {last}, a live link "
        f"{live} (expected {MISSES_ALLOWED} × 404, then 429, a live link 200)"
    )
    LinkMiss.objects.all().delete()


if __name__ == "__main__":
    main()
