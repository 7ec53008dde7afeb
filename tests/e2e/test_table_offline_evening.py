"""A table's phone without the site for a whole pool (issue 34, « Without a laptop at all »):
once opened, its page survives reloads while offline (the service worker's copy, which says
so), the 12 deals typed meanwhile wait on the phone, and once the phone is back they all
arrive, in order, each stored once, even when the site's answer to one of them is lost."""

import pytest
from django.core.signals import request_started
from django.http import HttpResponse
from django.urls import reverse
from page_checks import axe_violations
from playwright.sync_api import expect

from tournaments.models import Seat
from tournaments.services import drawing
from tournaments.tableside import table_entry
from tournaments.tableside.models import TableDeal
from tournaments.tableside.views import TableSendView

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DEALS = 12  # a whist table's pool: the whole evening of one table


def declarers(number: int) -> tuple[str, str]:
    return ("0", "2") if number % 2 else ("1", "3")


class ServerLog:
    """The paths of the requests that reached the live server (it runs in this process)."""

    def __init__(self) -> None:
        self.paths: list[str] = []

    def __call__(self, sender, environ, **kwargs) -> None:
        self.paths.append(f"{environ['REQUEST_METHOD']} {environ['PATH_INFO']}")


@pytest.fixture
def server_log():
    log = ServerLog()
    request_started.connect(log)
    yield log
    request_started.disconnect(log)


def test_a_phone_offline_for_a_whole_pool(
    phones, live_server, make_tournament, server_log, monkeypatch
):
    tournament = make_tournament("whist", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=4).tables.get()
    link = table_entry.issue_link(table, user=None)
    url = live_server.url + reverse("table_page", args=[link.token])
    name = Seat.objects.select_related("entry__player").get(table=table, position=0)
    north = phones()
    north.goto(url)
    north.get_by_label(name.entry.player.full_name, exact=True).check()
    with north.expect_navigation():
        north.get_by_role("button", name="C’est moi").click()
    # The worker has kept the page and its files on the phone.
    expect(north.locator("#table-live")).to_have_attribute("data-offline-ready", "true")
    expect(north.locator("#offline-copy")).to_be_hidden()

    north.context.set_offline(True)
    # Chromium's offline emulation (and Playwright's routes) miss, now and then, a request of
    # a page its service worker serves, as it reloads: the cut is made at the site's end too,
    # where an offline phone's deal never arrives (the phone keeps it, as for a busy site).
    cut = [True]
    send = TableSendView.post

    def cut_send(view, request, *args, **kwargs):
        return HttpResponse(status=503) if cut[0] else send(view, request, *args, **kwargs)

    monkeypatch.setattr(TableSendView, "post", cut_send)
    reached = len(server_log.paths)
    north.reload()  # no network: the worker's copy
    north.wait_for_function("() => !navigator.onLine", timeout=5000)
    expect(north.locator("#offline-copy")).to_be_visible()
    expect(north.locator("#offline-copy")).to_contain_text("Copie hors ligne de cette page")
    expect(north.locator("#deal-form h2")).to_contain_text("Donne 1")

    def enter(number: int) -> None:
        north.select_option("#id_contract", "emballage_9")
        north.select_option("#id_d1", declarers(number)[0])
        north.select_option("#id_d2", declarers(number)[1])
        north.fill("#id_tricks", "10")
        north.click("#save-deal")
        waiting = f"hors ligne — {number} donne{'s' if number > 1 else ''} en attente d’envoi"
        expect(north.locator("#offline-note")).to_have_text(waiting)

    for number in range(1, 6):
        enter(number)
    # A reload midway: the copy again, the five deals still waiting, the form on deal 6.
    north.reload()
    expect(north.locator("#queued-deals li[data-state='waiting']")).to_have_count(5)
    expect(north.locator("#deal-form h2")).to_contain_text("Donne 6")
    for number in range(6, DEALS + 1):
        enter(number)
    expect(north.locator("#queued-deals li[data-state='waiting']")).to_have_count(DEALS)
    assert axe_violations(north) == []
    north.screenshot(path="/tmp/phone34-offline.png", full_page=False)
    # No page came from the site while the phone was offline: the worker's copies (the
    # browser's own check for a newer worker script, and the deals the emulation let through
    # to the cut above, are what an offline phone sends into the void).
    worker, sent = reverse("table_worker"), reverse("table_send", args=[link.token])
    assert [
        p for p in server_log.paths[reached:] if p not in (f"GET {worker}", f"POST {sent}")
    ] == []
    assert TableDeal.objects.count() == 0

    # The site's answer to the first deal is lost on the way back: the phone sends it again.
    lost = []

    def lose_first_answer(route):
        if not lost:
            lost.append(route.fetch().status)
            route.abort("internetdisconnected")
        else:
            route.continue_()

    cut[0] = False
    back = len(server_log.paths)
    north.context.route("**/envoi/", lose_first_answer)
    with north.expect_navigation(timeout=25_000):
        north.context.set_offline(False)  # the queue is sent, then the page drawn afresh
    expect(north.locator("#send-queue")).to_be_hidden()
    assert lost == [200]
    sends = [p for p in server_log.paths[back:] if p.endswith("/envoi/")]
    assert len(sends) == DEALS + 1  # the first deal twice: its answer was lost
    deals = list(TableDeal.objects.filter(table=table).order_by("pk"))
    assert [d.number for d in deals] == list(range(1, DEALS + 1))  # in order, once each
    assert [d.record["declarers"] for d in deals] == [
        [int(s) for s in declarers(n)] for n in range(1, DEALS + 1)
    ]
    assert {d.status for d in deals} == {TableDeal.Status.PENDING}
    assert len({d.idempotency_key for d in deals}) == DEALS

    # Online, a reload shows the table as the site has it: the 12 deals waiting for the others.
    north.reload()
    expect(north.locator("#offline-copy")).to_be_hidden()
    expect(north.locator(f".waiting-deal[data-number='{DEALS}']")).to_be_visible()
    assert north.locator("#deal-form").count() == 0  # the pool is entered
    assert axe_violations(north) == []
    north.screenshot(path="/tmp/phone34-online.png", full_page=False)
