"""The table pages' service worker (issue 34, « Without a laptop at all »): served beside the
table pages so that its scope covers them, allowed by the Content-Security-Policy, checked
again at each visit; the page names it and carries the notice its offline copy shows. The
browser test (tests/e2e/test_table_offline_evening.py) plays a pool offline with it."""

import re

import pytest
from django.templatetags.static import static
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Seat
from tournaments.tableside import table_entry
from tournaments.tableside.models import TableDeal
from tournaments.tableside.table_page import ANSWER_QUERY

pytestmark = pytest.mark.django_db


def test_the_worker_is_served_beside_the_table_pages_and_allowed_by_the_policy(whist_table):
    link = table_entry.issue_link(whist_table, user=None)
    answer = Client().get(reverse("table_worker"))
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    # A worker's scope is its own folder: the table pages' (/t/), nothing above it.
    folder = reverse("table_worker").rsplit("/", 1)[0] + "/"
    assert reverse("table_page", args=[link.token]).startswith(folder)
    assert folder != "/"
    # Checked again at each visit: a new version replaces the old one at once.
    assert "no-cache" in answer["Cache-Control"]
    policy = answer["Content-Security-Policy"]
    assert "worker-src 'self'" in policy
    script = answer.content.decode()
    # The static files' address as deployed (hashed names under it), never a CDN.
    assert f'new URL("{static("")}"' in script
    assert "http" not in re.sub(r"//.*|/\*[\s\S]*?\*/", "", script)  # no other site named
    # It keeps GET answers only: a deal sent is always the network's.
    assert 'request.method !== "GET"' in script


def test_every_post_of_a_phone_is_answered_at_the_address_its_worker_waits_for(whist_table):
    """A phone's post (its player chosen, a deal, a confirmation) is answered by the table's page
    at an address whose query tells the worker to wait for the network, however slow, rather
    than show its copy of the page before (tests/e2e/test_phone_answer_not_lost.py)."""
    link = table_entry.issue_link(whist_table, user=None)
    page = reverse("table_page", args=[link.token])
    answer = f"{page}?{ANSWER_QUERY}"
    seats = dict(Seat.objects.filter(table=whist_table).values_list("position", "entry_id"))
    north, east = Client(), Client()
    for phone, position in ((north, 0), (east, 1)):
        chosen = phone.post(page, {"action": "who", "entry": str(seats[position])})
        assert chosen["Location"] == answer
    whist_table.refresh_from_db()
    deal = {
        "action": "save",
        "key": "k1",
        "version": str(whist_table.version),
        "number": "1",
        "contract": "emballage_9",
        "d1": "0",
        "d2": "2",
        "tricks": "10",
    }
    assert north.post(page, deal)["Location"] == answer
    sent = TableDeal.objects.get(table=whist_table, number=1)
    confirmed = east.post(page, {"action": "confirm", "deal": str(sent.pk)})
    assert confirmed["Location"] == answer
    assert east.get(answer).status_code == 200  # the page itself, its query aside
    worker = Client().get(reverse("table_worker")).content.decode()
    assert f'const ANSWER = "{ANSWER_QUERY}";' in worker
    assert "searchParams.has(ANSWER)" in worker


def test_the_page_names_its_worker_and_says_when_its_offline_copy_was_saved(whist_table):
    link = table_entry.issue_link(whist_table, user=None)
    before = timezone.localtime()
    page = Client().get(reverse("table_page", args=[link.token]))
    html = page.content.decode()
    assert f'data-worker="{reverse("table_worker")}"' in html
    notice = re.search(r'<p class="warn-box" id="offline-copy"[^>]* hidden>(.*?)</p>', html)
    assert notice is not None  # shown by table.js while the phone is offline
    after = timezone.localtime()
    times = {moment.strftime("%H:%M") for moment in (before, after)}
    assert notice.group(1) in {
        f"Copie hors ligne de cette page, enregistrée à {t} : elle se met à jour dès que le "
        "réseau revient."
        for t in times
    }


def test_the_form_says_where_the_tables_deals_end(whist_table):
    """A phone typing a whole pool offline shows no form past its last deal (12 at whist)."""
    link = table_entry.issue_link(whist_table, user=None)
    phone = Client()
    page = reverse("table_page", args=[link.token])
    entry = whist_table.seats.get(position=0).entry_id
    assert phone.post(page, {"action": "who", "entry": str(entry)}).status_code == 302
    html = phone.get(page).content.decode()
    assert 'data-last="12"' in html
