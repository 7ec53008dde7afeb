"""Issue 28: every page of the demo in Dutch shows no French translation and no English source
string whose Dutch differs, as a whole string, on any page.

The pages are found as a visitor finds them: from the home page, the club's pages and the staff
pages, following every link of the site (a few pages of each URL pattern), for a visitor and for
the committee, with the language switch's cookie set to Dutch. The walk then checks it reached
every page the URL resolver knows, but the few that are no page of their own."""

import io
import sys
from collections import Counter, deque
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import openpyxl
import pytest
from catalogue_words import ForeignIndex, foreign_strings
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import Resolver404, resolve, reverse

from club.models import Club
from club.roles import SAISIE
from club.services import LINK, invite_staff
from tournaments.federation.models import Federation
from tournaments.games import plugin_for
from tournaments.models import Tournament
from tournaments.tableside.hall_screen import hall_link_renew
from tournaments.tableside.models import TableLink

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "club"))
from url_walk import routes

pytestmark = pytest.mark.django_db

#: Pages of each URL pattern read (with its query string's names): the others are the same
#: template over other rows.
PER_PATTERN = 2
#: Where the walk does not go: not pages, or pages that change what they show.
NOT_FOLLOWED = ("/admin/", "/langue/", "/static/", "/media/", "/logout/")
#: A tournament's pages of a state the demo's tournaments may be past.
STATE_PAGES = ("staff_draw",)
#: URL patterns that are no page a link leads to, each with its reason.
NOT_PAGES = {
    "staff_publish": "a form's target (POST)",
    "staff_hold": "a form's target (POST), on the tournament's page (its errors shown there; "
    "tests/tournaments/test_holds.py reads it)",
    "staff_release": "linked from a held tournament's banner only: the demo's are not held "
    "(tests/tournaments/test_holds.py reads it)",
    "staff_season_attendance": "a form's target (POST)",
    "club_member_erase": "a form's target (POST), on the member's page",
    "staff_member_search": "JSON for the registration page's search",
    "staff_sheet_preview": "JSON for the sheet's live preview",
    "staff_deal_preview": "JSON for the deal form's live preview",
    "staff_clock_state": "JSON for the clock",
    "staff_round_phones_state": "JSON for the phones dashboard's poll",
    "player_data_json": "a JSON file",
    "travel_export": "a file (the tournament's bundle, gzipped JSON)",
    "round_sheets_pdf": "a PDF (tests/ops/test_dutch_documents.py reads one)",
    "round_plan_pdf": "a PDF",
    "tournament_filled_pdf": "a PDF",
    "pdf_export_file": "a PDF",
    "switch_language": "the language switch (it redirects)",
    "staff_teams": "a team game's pairing before its first round: the demo's are played "
    "(tests/tournaments/test_team_games.py reads it)",
    "table_state": "JSON for the table's phone poll",
    "travel_return": "only on the laptop that holds a lease's key (« Rapporter la soirée »): "
    "the demo's site holds none (tests/tournaments/travel/test_hall_return.py reads it)",
    "table_worker": "the phones' service worker, a script registered by the table page's JS "
    "(tests/tournaments/tableside/test_table_worker.py reads it)",
    "table_send": "a form's target (POST), on the table's phone page",
    "table_preview": "JSON for the table's phone live preview",
    "hall_clock_state": "JSON for the hall screen's poll",
    "logout": "a form's target (POST)",
    "rating_rebuild": "a form's target (POST), on the rating list (for the committee)",
    "hosted_import": "a club hosted on another site's results: the demo's clubs are hosted "
    "here; tests/tournaments/federation/test_hosted_clubs.py reads it in Dutch",
}


def _pattern(path: str, query: str) -> tuple[str, str] | None:
    try:
        match = resolve(path)
    except Resolver404:
        return None
    names = "&".join(sorted(part.split("=")[0] for part in query.split("&") if part))
    return match.route, names


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.found.append(href)


def _links(html: str) -> list[str]:
    parser = _Links()
    parser.feed(html)
    return parser.found


def _sheet_words(content: bytes) -> str:
    book = openpyxl.load_workbook(io.BytesIO(content), read_only=True)
    cells = (
        str(cell)
        for sheet in book.worksheets
        for row in sheet.iter_rows(values_only=True)
        for cell in row
        if isinstance(cell, str)
    )
    return "".join(f"<p>{cell}</p>" for cell in cells)


def walk(
    client: Client, starts: list[str], index: ForeignIndex, documents: set[str]
) -> tuple[dict, set[str]]:
    """The foreign strings of each page reached from ``starts`` and the URL names reached;
    the Dutch workbooks read are added to ``documents``."""
    queue, seen, per_pattern = deque(starts), set(starts), Counter()
    shown: dict[str, list[str]] = {}
    reached: set[str] = set()
    while queue:
        url = queue.popleft()
        parts = urlsplit(url)
        pattern = _pattern(parts.path, parts.query)
        if pattern is None or per_pattern[pattern] >= PER_PATTERN:
            continue
        per_pattern[pattern] += 1
        response = client.get(url)
        if response.status_code in (301, 302, 303) and response["Location"].startswith("/"):
            response = client.get(response["Location"], follow=True)
            parts = urlsplit(response.request["PATH_INFO"])
        if response.status_code != 200:
            continue
        reached.add(resolve(parts.path).url_name)
        kind = response.get("Content-Type", "")
        if kind.startswith("text/html"):
            html = response.content.decode()
        elif "spreadsheetml" in kind and response.get("Content-Language") == "nl":
            # A workbook is in its club's language whoever asks: the Flemish club's are read.
            html = _sheet_words(response.content)
            documents.add(url)
        else:
            continue
        foreign = index.on_page(html)
        if foreign:
            shown[url] = foreign
        if not kind.startswith("text/html"):
            continue
        for href in _links(html):
            target = urlsplit(href)
            if target.scheme or target.netloc or not target.path.startswith("/"):
                continue
            link = target.path + (f"?{target.query}" if target.query else "")
            if link not in seen and not target.path.startswith(NOT_FOLLOWED):
                seen.add(link)
                queue.append(link)
    return shown, reached


def starts() -> dict[str, list[str]]:
    """Where each reader begins: the links a page does not give are the ones handed over (a
    table's QR code, the hall screen's address, an invitation) or the pages of a state the
    demo's tournaments are past (the draw, the teams)."""
    invitation = invite_staff(
        Club.objects.get(slug="la-chevalerie"),
        role=SAISIE,
        account={
            "username": "nieuw",
            "first_name": "Jan",
            "last_name": "Peeters",
            "email": "",
            "handover": LINK,
        },
    )
    tournaments = Tournament.objects.all()
    handed = [reverse("account_activate", args=[invitation.uidb64, invitation.token])]
    handed += [reverse("table_page", args=[link.token]) for link in TableLink.objects.all()]
    handed += [
        reverse("hall_clock", args=[hall_link_renew(t)])
        for t in tournaments
        if plugin_for(t.game).clock and t.status != Tournament.Status.FINISHED
    ]
    staff = [reverse(name, args=[t.pk]) for t in tournaments for name in STATE_PAGES]
    return {
        "visitor": ["/", "/tournois/", "/confidentialite/", *handed],
        "committee": ["/", "/saisie/", "/tournois/", *staff],
        "administrator": ["/clubs/nouveau/"],
    }


def typed_by_the_club() -> set[str]:
    """The names the club typed: shown as typed whatever the language."""
    typed = set(Tournament.objects.values_list("name", flat=True))
    typed |= set(Club.objects.values_list("name", flat=True))
    typed |= set(Federation.objects.values_list("name", flat=True))  # typed by the federation
    # Each club's privacy notice (its text, a model's to start with), whole and per paragraph.
    for notice in Club.objects.values_list("privacy_notice", flat=True):
        typed |= {" ".join(part.split()) for part in [notice, *notice.split("\n\n")]} - {""}
    for first, last, username in User.objects.values_list("first_name", "last_name", "username"):
        typed |= {first, last, username, f"{first} {last}"}
    return typed


def test_every_page_of_the_demo_in_dutch_shows_no_french_and_no_english(demo_db):
    index = ForeignIndex(foreign_strings("nl"), typed_by_the_club())
    first = starts()
    readers = {"visitor": Client(), "committee": Client(), "administrator": Client()}
    readers["committee"].force_login(User.objects.get(username="bureau"))
    readers["administrator"].force_login(
        User.objects.create_superuser("beheerder", password="beheerder-2026")
    )
    reached: set[str] = set()
    shown: dict[str, list[str]] = {}
    documents: set[str] = set()
    for who, client in readers.items():
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "nl"
        found, names = walk(client, first[who], index, documents)
        shown.update(found)
        reached |= names
    report = "\n".join(f"{url}\n    " + "\n    ".join(words) for url, words in shown.items())
    assert not shown, f"{len(shown)} pages in Dutch show other languages' words:\n{report}"
    assert any(url.endswith(".xlsx") for url in documents), "the Flemish club's workbooks"
    known = {r.name for r in routes() if r.name and not r.is_admin}
    missed = known - reached - set(NOT_PAGES)
    assert not missed, f"pages the walk never reached (link them, or say why): {sorted(missed)}"
