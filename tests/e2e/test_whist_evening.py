"""A scorekeeper enters whist deals on a phone-sized screen: two petites misères, then a
counter; the points show before saving and the public standings change."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.services import drawing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_whist_deals_with_misères_and_a_counter_change_the_standings(
    log_in, phone, live_server, make_tournament, scorekeeper_user
):
    tournament = make_tournament("whist", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=4).tables.get()
    seats = {s.position: s.entry.player for s in table.seats.select_related("entry__player")}

    page = phone
    log_in(page)

    page.goto(live_server.url + reverse("staff_deals", args=[table.pk]))
    # Deal 1: two petites misères, both made.
    page.select_option("#id_contract", "petite_misere")
    assert page.is_visible("#id_t1") and not page.is_visible("#id_tricks")
    page.select_option("#id_d1", "0")
    page.fill("#id_t1", "0")
    page.select_option("#id_d2", "1")
    page.fill("#id_t2", "0")
    # The points of the deal, from scoring, before saving.
    expect(page.locator("[data-points='0']")).to_have_text("+12")
    assert page.inner_text("[data-points='2']").strip() == "-12"
    with page.expect_navigation():
        page.click("#save-deal")
    assert "Donne 1 enregistrée." in page.content()

    # Deal 2: emballage 12 by two players, a counter on abondance 9.
    page.select_option("#id_contract", "emballage_12")
    assert page.is_visible("#id_tricks") and not page.is_visible("#id_t1")
    page.select_option("#id_against", "abondance_9")
    page.select_option("#id_d1", "0")
    page.select_option("#id_d2", "1")
    page.fill("#id_tricks", "12")
    expect(page.locator("[data-points='0']")).to_have_text("+27")
    with page.expect_navigation():
        page.click("#save-deal")
    assert page.inner_text("[data-total='0']").strip() == "39"
    assert page.inner_text("[data-total='3']").strip() == "-39"

    # A counter the club's table does not have is refused, in French, values kept.
    page.select_option("#id_contract", "solo_6")
    page.select_option("#id_against", "piccolo")
    page.select_option("#id_d1", "2")
    page.fill("#id_tricks", "6")
    with page.expect_navigation():
        page.click("#save-deal")
    assert "le barème du club n’a pas ce contre" in page.content()
    assert page.input_value("#id_contract") == "solo_6"
    assert table.deals.count() == 2

    # The public standings show the two deals.
    page.goto(live_server.url + reverse("tournament_standings", args=[tournament.pk]))
    first_row = page.locator("table.standings tbody tr").first
    # The name (on a phone, the row's « Détail » follows it).
    assert first_row.locator("td").nth(1).inner_text().split("\n")[0].strip() in {
        seats[0].full_name,
        seats[1].full_name,
    }
    assert "39" in first_row.inner_text()
    last_row = page.locator("table.standings tbody tr").last
    assert "-39" in last_row.inner_text()
