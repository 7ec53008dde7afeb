"""The page that answers what a phone just posted (a deal, a confirmation) is slow to come: a
busy hall's Wi-Fi, a loaded server. Meanwhile the phone's poll sees the change its own post
made, and its service worker would show its copy of the page before after 6 s. Neither may
stand in for the answer: the player would not read what became of his deal, and would see it
still waiting, its button there to press again (seen once in CI: « Jeu 1 (C) : confirmation
faite » missing)."""

import threading
import time

import pytest
from browser_pages import table_settled, whist_deal, who_am_i
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.services import drawing
from tournaments.tableside import table_entry
from tournaments.tableside.models import TableDeal
from tournaments.tableside.views import TablePageView

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: Longer than the service worker waits for a page before it shows its copy (6 s).
SLOW_SECONDS = 8


@pytest.fixture
def slow_pages(monkeypatch):
    """While set, the table's page takes ``SLOW_SECONDS`` to come. At the end, the pages still
    being answered (another phone's reload, slowed too) are waited for: one still reading the
    database when the test's database is emptied failed it (« database table is locked »)."""
    slow = threading.Event()
    answering = threading.Condition()
    pending = 0
    page_view = TablePageView.get

    def slow_page(view, request, token):
        nonlocal pending
        with answering:
            pending += 1
        try:
            if slow.is_set():
                time.sleep(SLOW_SECONDS)
            return page_view(view, request, token)
        finally:
            with answering:
                pending -= 1
                answering.notify_all()

    monkeypatch.setattr(TablePageView, "get", slow_page)
    yield slow
    slow.clear()
    with answering:
        assert answering.wait_for(lambda: pending == 0, timeout=3 * SLOW_SECONDS)


@pytest.fixture
def whist_table(phones, live_server, make_tournament, settings):
    """North and East's phones at a whist table, polling every second."""
    settings.ATOUT_LIVE_SECONDS = 1
    tournament = make_tournament("whist", players=4, rounds=1, rules={"deals_per_pool": 3})
    table = drawing.draw_round(tournament, seed=4).tables.get()
    link = table_entry.issue_link(table, user=None)
    url = live_server.url + reverse("table_page", args=[link.token])
    seats = table.seats.select_related("entry__player")
    names = {s.position: s.entry.player.full_name for s in seats}
    north, east = phones(), phones()
    who_am_i(north, url, names[0])
    who_am_i(east, url, names[1])
    return table, north, east


def test_a_confirmation_slow_to_answer_is_waited_for(whist_table, slow_pages):
    table, north, east = whist_table
    whist_deal(north)
    with north.expect_navigation():
        north.click("#save-deal")
    confirm = east.locator(".waiting-deal[data-number='1'] .confirm-deal")
    expect(confirm).to_be_visible(timeout=10_000)
    table_settled(east)

    slow_pages.set()
    with east.expect_navigation(timeout=20_000):
        confirm.click()
    slow_pages.clear()
    assert TableDeal.objects.get(table=table, number=1).status == TableDeal.Status.CONFIRMED
    # The page shown is the answer: the deal confirmed, no button left to confirm it again.
    assert "Donne 1 confirmée." in east.inner_text("main")
    assert east.locator(".confirm-deal").count() == 0
    # The address the player sees (and reloads) is the table's own.
    assert east.url.endswith(f"/t/{table.links.get().token}/")


def test_a_deal_sent_slow_to_answer_is_waited_for(whist_table, slow_pages):
    table, north, _east = whist_table
    whist_deal(north)
    slow_pages.set()
    with north.expect_navigation(timeout=20_000):
        north.click("#save-deal")
    slow_pages.clear()
    assert TableDeal.objects.filter(table=table).count() == 1
    # Not the copy of the form it was typed in, as if it had not gone: it waits for East.
    assert "Donne 1 envoyée" in north.inner_text("main")
    expect(north.locator(".waiting-deal[data-number='1'] .wait-other")).to_be_visible()
    assert north.url.endswith("/") and "?" not in north.url
