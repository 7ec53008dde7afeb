"""Two phones at one whist table (two browser contexts): one enters a deal, the other sees it
arrive by itself and confirms it; the public standings change only then. axe-core is clean on
the table's pages at 390×844."""

import pytest
from django.urls import reverse
from page_checks import axe_violations
from playwright.sync_api import expect

from tournaments.models import Seat
from tournaments.services import drawing, table_entry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_two_phones_enter_and_confirm_a_deal(
    phones, live_server, make_tournament, log_in, scorekeeper_user
):
    tournament = make_tournament("whist", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=4).tables.get()
    link = table_entry.issue_link(table, user=None)
    url = live_server.url + reverse("table_page", args=[link.token])
    names = {
        s.position: s.entry.player.full_name for s in table.seats.select_related("entry__player")
    }
    standings = live_server.url + reverse("tournament_standings", args=[tournament.pk])

    north, east, desk = phones(), phones(), phones()
    # The scorekeeper watches the round's phones page (it follows by itself).
    log_in(desk)
    desk.goto(live_server.url + reverse("staff_round_phones", args=[table.round_id]))
    expect(desk.locator("[data-table='1']")).to_have_attribute("data-state", "not_started")
    assert axe_violations(desk) == []
    north.goto(url)
    assert axe_violations(north) == []
    north.get_by_label(names[0]).check()
    with north.expect_navigation():
        north.get_by_role("button", name="C’est moi").click()
    assert names[0] in north.inner_text("#me")
    east.goto(url)
    east.get_by_label(names[1]).check()
    with east.expect_navigation():
        east.get_by_role("button", name="C’est moi").click()

    # North enters an emballage 9 by seats 0 and 2, 10 tricks; the points show first.
    north.select_option("#id_contract", "emballage_9")
    north.select_option("#id_d1", "0")
    north.select_option("#id_d2", "2")
    north.fill("#id_tricks", "10")
    expect(north.locator("[data-points='0']")).to_have_text("+5")
    assert axe_violations(north) == []
    with north.expect_navigation():
        north.click("#save-deal")
    assert "Donne 1 envoyée" in north.content()
    assert north.is_visible("#wait-other") and not north.is_visible("#confirm-deal")

    expect(desk.locator("[data-table='1']")).to_have_attribute(
        "data-state", "pending", timeout=10_000
    )
    # East's phone, left open, shows the deal within seconds, without a tap.
    expect(east.locator("#confirm-deal")).to_be_visible(timeout=10_000)
    assert axe_violations(east) == []
    sheet = north.context.new_page()
    sheet.goto(standings)
    before = sheet.inner_text("main")
    assert Seat.objects.get(table=table, position=0).score == 0

    with east.expect_navigation():
        east.click("#confirm-deal")
    assert "Donne 1 confirmée." in east.content()
    assert east.inner_text("[data-total='0']").strip() == "5"
    assert Seat.objects.get(table=table, position=0).score == 5
    # North's phone follows by itself.
    expect(north.locator("[data-total='0']")).to_have_text("5", timeout=10_000)
    expect(desk.locator("[data-table='1']")).to_have_attribute(
        "data-state", "playing", timeout=10_000
    )
    # The public standings change once the deal is confirmed, not before.
    sheet.goto(standings)
    assert sheet.inner_text("main") != before
