"""A whist table of 6 on a phone (390×844): the deal's heading names the dealer and the two
players sitting out; the two are disabled in the lists of players; a deal kept offline moves
the heading and the lists on to the next deal's « morts » (docs/rules/whist.md)."""

import os

import pytest
from django.urls import reverse
from page_checks import axe_violations
from playwright.sync_api import expect

from tournaments.services import drawing
from tournaments.tableside import table_entry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_table_of_six_on_a_phone(
    phones, live_server, make_tournament, page, log_in, scorekeeper_user
):
    rules = {"tables_of_five": True, "tables_of_six": True}
    tournament = make_tournament("whist", players=6, rounds=1, rules=rules)
    table = drawing.draw_round(tournament, seed=4).tables.get()
    assert table.seats.count() == 6
    link = table_entry.issue_link(table, user=None)
    url = live_server.url + reverse("table_page", args=[link.token])
    names = {
        s.position: s.entry.player.full_name for s in table.seats.select_related("entry__player")
    }
    first = table.seats.get(first_dealer=True).position

    def morts(deal):  # « le donneur » (the default): the dealer and the player opposite
        dealer = (first + deal - 1) % 6
        return sorted([dealer, (dealer + 3) % 6])

    phone = phones()
    phone.goto(url)
    phone.get_by_label(names[first], exact=True).check()
    with phone.expect_navigation():
        phone.get_by_role("button", name="C’est moi").click()

    heading = phone.locator("#deal-form h2")
    expect(heading).to_contain_text(f"donneur : {names[first]}")
    mort = phone.locator("#sitting-out")
    expect(mort).to_have_text("ne jouent pas : " + ", ".join(names[s] for s in morts(1)))
    for seat in range(6):
        option = phone.locator(f"#id_d1 option[value='{seat}']")
        assert option.is_disabled() == (seat in morts(1))
        button = phone.locator(f".quick-pick button[data-seat='{seat}']")
        assert button.is_visible() == (seat not in morts(1))  # one tap per player who plays
    assert axe_violations(phone) == []
    shots = os.environ.get("ATOUT_SCREENSHOTS")
    if shots:  # ATOUT_SCREENSHOTS=folder: the pages as a person sees them
        phone.locator("#deal-form").scroll_into_view_if_needed()
        phone.screenshot(path=os.path.join(shots, "phone-table-of-6.png"), full_page=False)

    if shots:  # the scorekeeper's entry page of the same table, 1280 wide
        page.set_viewport_size({"width": 1280, "height": 800})
        log_in(page)
        page.goto(live_server.url + reverse("staff_deals", args=[table.pk]))
        expect(page.locator("#sitting-out")).to_be_visible()
        page.locator("#sitting-out").scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(shots, "desk-table-of-6.png"), full_page=False)

    # Offline, a deal is kept and the form moves on to deal 2 and its « morts ».
    phone.context.set_offline(True)
    playing = [s for s in range(6) if s not in morts(1)]
    phone.select_option("#id_contract", "emballage_9")
    phone.select_option("#id_d1", str(playing[0]))
    phone.select_option("#id_d2", str(playing[1]))
    phone.fill("#id_tricks", "9")
    phone.click("#save-deal")
    expect(heading).to_contain_text("Donne 2")
    expect(heading).to_contain_text(f"donneur : {names[(first + 1) % 6]}")
    expect(mort).to_have_text("ne jouent pas : " + ", ".join(names[s] for s in morts(2)))
    for seat in range(6):
        option = phone.locator(f"#id_d1 option[value='{seat}']")
        assert option.is_disabled() == (seat in morts(2))
        button = phone.locator(f".quick-pick button[data-seat='{seat}']")
        assert button.is_visible() == (seat not in morts(2))
