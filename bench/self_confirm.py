"""Self-confirmation attempts at the tables (issue 23, §1): can a player get his own deal
confirmed, by one phone holding two seats or by a second browser?

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_seats_bench \\
        .venv/bin/python bench/self_confirm.py [--tables 10] [--port 0]

Prepares a running whist tournament of ``--tables`` tables of 4 with phones at the tables and
a scorekeeper, starts gunicorn (``load.gunicorn``: the project's gunicorn.conf.py, on
127.0.0.1 only), then plays at each table, over HTTP, each phone a client with its own cookies:

1. the four players take their seats; North enters deal 1;
2. **one phone, two seats**: North's phone asks for East's seat, then confirms its own deal;
3. **a second browser on a held seat**: a new browser asks for each of the four seats, then
   confirms North's deal (holding none); a browser with a forged cookie (an unsigned id, or
   North's id under another name) confirms it;
4. **the same phone on another seat**: the scorekeeper frees North's and East's seats (the
   « Libérer cette place » form), North's phone takes East's seat and confirms its own deal;
5. **a resend key reused**: North's phone sends deal 2, then another deal with the same key;
6. East, on his own phone, confirms deal 1 (this one must be taken).

Every step of 2–5 is an attempt; accepted means the server confirmed the deal or stored the
other deal (must be 0). Last, every confirmed deal in the database is checked: never
confirmed by its entering phone nor its entering side.

Then, once per table, the case the server cannot refuse: a second browser takes East's seat
**before** East opens the link (a free seat) and confirms North's deal 2 (on hold behind
deal 1). It is counted apart: whether every phone of the table shows the seat held by that
browser's phone, and whether the scorekeeper freeing the seat sends the confirmation back to
waiting.
"""

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from django_setup import setup_django
from load import PASSWORD, TOKEN, Browser, gunicorn
from table_load import started_whist_round

HOLDER = re.compile(r'data-held-by="([^"]+)".*?name="seat" value="(\d+)"', re.S)
THIS_PHONE = re.compile(r'id="this-phone"[^>]*>([^<]+)<')
CONFIRMED = {302}  # a confirmation the server took (a refusal is a page: 403, 409)


class Tally:
    def __init__(self):
        self.attempts: dict[str, int] = {}
        self.accepted: dict[str, int] = {}
        self.legit = 0  # the opponent's own confirmations, taken

    def attempt(self, kind: str, accepted: bool) -> None:
        self.attempts[kind] = self.attempts.get(kind, 0) + 1
        self.accepted[kind] = self.accepted.get(kind, 0) + int(accepted)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=10)
    args = parser.parse_args()
    setup_django()
    round_, links, user = prepare(args.tables)
    tally = Tally()
    apart = {"tables": 0, "seen held": 0, "confirmed": 0, "back to waiting": 0}
    with gunicorn(2, 2) as (port, _server, _report_dir):  # production's settings
        staff = login(port, user)
        for table in round_.tables.order_by("number"):
            attack(port, table, links[table.pk], staff, round_.pk, tally)
        second = started_whist_round(args.tables, slug="phones-free", name="Places libres")
        second_round, second_links = second
        make_scorekeeper(second_round.tournament.club, user)
        for table in second_round.tables.order_by("number"):
            free_seat_first(port, table, second_links[table.pk], staff, second_round.pk, apart)
    report(tally, apart, checked_in_database(round_))


def prepare(tables: int):
    from django.contrib.auth.hashers import PBKDF2PasswordHasher
    from django.contrib.auth.models import User

    round_, links = started_whist_round(tables, slug="phones-attack", name="Autoconfirmation")
    user, _ = User.objects.get_or_create(username="attack-saisie")
    hasher = PBKDF2PasswordHasher()  # as production's settings check it (the server's)
    user.password = hasher.encode(PASSWORD, hasher.salt())
    user.save()
    make_scorekeeper(round_.tournament.club, user)
    return round_, links, user.username


def make_scorekeeper(club, user) -> None:
    from django.contrib.auth.models import User

    from club.roles import SAISIE, grant_role

    user = user if isinstance(user, User) else User.objects.get(username=user)
    grant_role(user, club, SAISIE)


def login(port: int, username: str) -> Browser:
    browser = Browser(port)
    _status, page = browser.request("GET", "/login/")
    data = {"username": username, "password": PASSWORD}
    data["csrfmiddlewaretoken"] = TOKEN.search(page).group(1)
    status, _page = browser.request("POST", "/login/", data)
    assert status == 302, f"login refused ({status})"
    return browser


def csrf(browser: Browser, path: str) -> str:
    _status, page = browser.request("GET", path)
    return TOKEN.search(page).group(1)


def claim(browser: Browser, path: str, entry_id: int) -> int:
    data = {"csrfmiddlewaretoken": csrf(browser, path), "action": "who", "entry": str(entry_id)}
    return browser.request("POST", path, data)[0]


def phone(port: int, path: str, entry_id: int) -> Browser:
    browser = Browser(port)
    assert claim(browser, path, entry_id) == 302, "a free seat is taken"
    return browser


def confirm(browser: Browser, path: str, deal_pk: int) -> int:
    data = {"csrfmiddlewaretoken": csrf(browser, path), "action": "confirm", "deal": str(deal_pk)}
    return browser.request("POST", path, data)[0]


def deal(browser: Browser, path: str, number: int, key: str, tricks: int = 10) -> int:
    from tournaments.tableside.models import TableLink

    link = TableLink.objects.select_related("table").get(
        token_hash=_digest(path), revoked_at__isnull=True
    )
    data = {
        "csrfmiddlewaretoken": csrf(browser, path),
        "action": "save",
        "version": str(link.table.version),
        "number": str(number),
        "contract": "emballage_9",
        "against": "",
        "renege": "",
        "d1": "0",
        "d2": "2",
        "tricks": str(tricks),
        "key": key,
    }
    return browser.request("POST", f"{path}envoi/", data)[0]


def _digest(path: str) -> str:
    from tournaments.tableside.table_entry import token_digest

    return token_digest(path.strip("/").split("/")[1])


def free(staff: Browser, round_pk: int, table_pk: int, name: str) -> None:
    path = f"/saisie/rondes/{round_pk}/telephones/"
    _status, page = staff.request("GET", path)
    holders = dict(HOLDER.findall(page))  # by player: a player sits at one table
    data = {
        "csrfmiddlewaretoken": TOKEN.search(page).group(1),
        "action": "free",
        "table": str(table_pk),
        "seat": holders[name],
    }
    assert staff.request("POST", path, data)[0] == 302, "the scorekeeper frees a seat"


def attack(port, table, link, staff, round_pk, tally: Tally) -> None:
    from tournaments.tableside.models import TableDeal

    path = f"/t/{link.token}/"
    seats = list(table.seats.select_related("entry__player").order_by("position"))
    entries = [s.entry_id for s in seats]
    names = [s.entry.player.full_name for s in seats]
    north, _east, _south, _west = (phone(port, path, entries[p]) for p in range(4))
    assert deal(north, path, 1, f"{table.pk}-1") == 200
    first = TableDeal.objects.get(table=table, number=1)

    # 2. One phone, two seats.
    tally.attempt("one phone claims a second seat", claim(north, path, entries[1]) == 302)
    tally.attempt("one phone confirms its own deal", confirm(north, path, first.pk) in CONFIRMED)
    # 3. A second browser on held seats, and forged cookies.
    intruder = Browser(port)
    for entry_id in entries:
        tally.attempt("second browser claims a held seat", claim(intruder, path, entry_id) == 302)
    tally.attempt("second browser confirms", confirm(intruder, path, first.pk) in CONFIRMED)
    forged = Browser(port)
    forged.cookies[f"atout_phone_{link.pk}"] = "an-unsigned-id"
    tally.attempt("forged cookie confirms", confirm(forged, path, first.pk) in CONFIRMED)
    copied = Browser(port)  # North's own id copied into a second browser: North's phone
    copied.cookies[f"atout_phone_{link.pk}"] = north.cookies[f"atout_phone_{link.pk}"]
    tally.attempt("North's cookie copied confirms", confirm(copied, path, first.pk) in CONFIRMED)
    # 4. The same phone on another seat, freed by the scorekeeper.
    free(staff, round_pk, table.pk, names[0])
    free(staff, round_pk, table.pk, names[1])
    assert claim(north, path, entries[1]) == 302
    tally.attempt(
        "same phone, another seat, confirms its deal",
        confirm(north, path, first.pk) in CONFIRMED,
    )
    # 5. A resend key reused for another deal.
    free(staff, round_pk, table.pk, names[1])
    assert claim(north, path, entries[0]) == 302
    assert deal(north, path, 2, f"{table.pk}-2") == 200
    status = deal(north, path, 3, f"{table.pk}-2", tricks=11)
    tally.attempt("resend key reused for another deal", status == 200)
    first.refresh_from_db()
    assert first.status == "pending", "nobody confirmed North's deal"
    # East, on his own phone (his seat is free again), confirms it: that one counts.
    east = phone(port, path, entries[1])
    tally.legit += confirm(east, path, first.pk) in CONFIRMED


def free_seat_first(port, table, link, staff, round_pk, apart: dict) -> None:
    """A second browser takes East's seat before East: accepted, but seen and undone."""
    from tournaments.tableside.models import TableDeal

    path = f"/t/{link.token}/"
    seats = list(table.seats.select_related("entry__player").order_by("position"))
    north = phone(port, path, seats[0].entry_id)
    intruder = phone(port, path, seats[1].entry_id)
    label = THIS_PHONE.search(intruder.request("GET", path)[1]).group(1).strip()
    assert deal(north, path, 1, f"{table.pk}-1") == 200
    assert deal(north, path, 2, f"{table.pk}-2", tricks=11) == 200
    second = TableDeal.objects.get(table=table, number=2)
    apart["tables"] += 1
    apart["confirmed"] += confirm(intruder, path, second.pk) in CONFIRMED
    east_page = Browser(port).request("GET", path)[1]
    seats_list = east_page.split('id="seats"', 1)[1].split("</ul>", 1)[0]
    apart["seen held"] += bool(re.search(rf"data-held[^>]*>[^<]*{re.escape(label)}", seats_list))
    free(staff, round_pk, table.pk, seats[1].entry.player.full_name)
    second.refresh_from_db()
    apart["back to waiting"] += second.status == "pending"


def checked_in_database(round_) -> dict[str, int]:
    from django.db.models import F

    from tournaments.tableside.models import TableDeal

    confirmed = TableDeal.objects.filter(table__round=round_, status="confirmed")
    return {
        "confirmed deals": confirmed.count(),
        "confirmed by their entering phone": confirmed.exclude(decided_device="")
        .filter(decided_device=F("entered_device"))
        .count(),
        "confirmed by their entering player": confirmed.filter(
            decided_by__isnull=False, decided_by=F("entered_by")
        ).count(),
        "stored deals": TableDeal.objects.filter(table__round=round_).count(),
    }


def report(tally: Tally, apart: dict, database: dict[str, int]) -> None:
    width = max(len(k) for k in tally.attempts)
    print(f"{'attempt':<{width}}  attempts  accepted")
    for kind, count in tally.attempts.items():
        print(f"{kind:<{width}}  {count:>8}  {tally.accepted[kind]:>8}")
    total, accepted = sum(tally.attempts.values()), sum(tally.accepted.values())
    print(f"{'total':<{width}}  {total:>8}  {accepted:>8}")
    print(f"the opponent's own confirmation afterwards, taken: {tally.legit}")
    print("in the database:", ", ".join(f"{k} {v}" for k, v in database.items()))
    print(
        "a second browser on a FREE seat (cannot be refused): tables {tables}, its "
        "confirmation taken {confirmed}, seat shown held by its phone on another phone {seen}, "
        "confirmation back to waiting once the scorekeeper freed the seat {back}".format(
            tables=apart["tables"],
            confirmed=apart["confirmed"],
            seen=apart["seen held"],
            back=apart["back to waiting"],
        )
    )


if __name__ == "__main__":
    main()
