"""Phones at a table (one browser context each, 390×844): deals entered on one phone arrive by
themselves on the others and count once a player of the other side confirms them; several wait
at once; the scorekeeper's phones page follows; the public standings change only after
confirmation; a phone that loses the connection keeps its deals and sends them, once each,
when it returns. axe-core is clean on the table's pages."""

import pytest
from browser_pages import whist_deal, who_am_i
from django.urls import reverse
from page_checks import axe_violations
from playwright.sync_api import expect

from tournaments.models import Seat
from tournaments.services import drawing
from tournaments.tableside import table_entry
from tournaments.tableside.models import TableDeal

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def seated_table(make_tournament, game, **options):
    tournament = make_tournament(game, **options)
    table = drawing.draw_round(tournament, seed=4).tables.get()
    link = table_entry.issue_link(table, user=None)
    return tournament, table, link


def deal_section(page, number):
    return page.locator(f".waiting-deal[data-number='{number}']")


def test_a_whist_table_enters_and_confirms_its_pool(
    phones, live_server, make_tournament, log_in, scorekeeper_user
):
    tournament, table, link = seated_table(
        make_tournament, "whist", players=4, rounds=1, rules={"deals_per_pool": 3}
    )
    url = live_server.url + reverse("table_page", args=[link.token])
    names = {
        s.position: s.entry.player.full_name for s in table.seats.select_related("entry__player")
    }
    standings = live_server.url + reverse("tournament_standings", args=[tournament.pk])

    north, east, desk = phones(), phones(), phones()
    # The scorekeeper watches the round's phones page (it follows by itself).
    log_in(desk)
    desk.goto(live_server.url + reverse("staff_round_phones", args=[table.round_id]))
    row = desk.locator("[data-table='1']")
    expect(row).to_have_attribute("data-state", "not_started")
    assert axe_violations(desk) == []
    north.goto(url)
    assert axe_violations(north) == []
    who_am_i(north, url, names[0])
    who_am_i(east, url, names[1])

    # North enters the first deal; the points show before sending.
    whist_deal(north)
    expect(north.locator("[data-points='0']")).to_have_text("+5")
    assert axe_violations(north) == []
    with north.expect_navigation():
        north.click("#save-deal")
    assert "Donne 1 envoyée" in north.content()
    expect(deal_section(north, 1).locator(".wait-other")).to_be_visible()
    assert deal_section(north, 1).locator(".confirm-deal").count() == 0
    expect(row).to_have_attribute("data-state", "pending", timeout=10_000)

    # East's phone, left open, shows the deal within seconds, without a tap.
    expect(deal_section(east, 1).locator(".confirm-deal")).to_be_visible(timeout=10_000)
    assert axe_violations(east) == []

    # North goes on with deals 2 and 3 while deal 1 waits.
    for declarers, tricks in ((("1", "3"), "9"), (("0", "2"), "11")):
        whist_deal(north, declarers, tricks)
        with north.expect_navigation():
            north.click("#save-deal")
    assert TableDeal.objects.filter(table=table, status="pending").count() == 3
    assert north.locator("#deal-form").count() == 0  # the pool's three deals are entered
    expect(row).to_contain_text(
        "Donne 1, Donne 2, Donne 3 : en attente de confirmation", timeout=10_000
    )

    sheet = north.context.new_page()
    sheet.goto(standings)
    before = sheet.inner_text("main")

    # East confirms deal 3 first: confirmed, on hold until deal 1 and 2 are.
    east.reload()
    with east.expect_navigation():
        deal_section(east, 3).locator(".confirm-deal").click()
    assert "Donne 3 confirmée : elle compte dès que" in east.content()
    expect(deal_section(east, 3)).to_contain_text("confirmée, en attente")
    assert axe_violations(east) == []
    assert Seat.objects.get(table=table, position=0).score == 0
    sheet.goto(standings)
    assert sheet.inner_text("main") == before  # nothing counts yet

    with east.expect_navigation():
        deal_section(east, 1).locator(".confirm-deal").click()
    assert east.inner_text("[data-total='0']").strip() == "5"
    expect(row).to_contain_text("Donne 2 : en attente de confirmation", timeout=10_000)
    sheet.goto(standings)
    after_one = sheet.inner_text("main")
    assert after_one != before  # the public standings change once a deal is confirmed

    with east.expect_navigation():
        deal_section(east, 2).locator(".confirm-deal").click()
    # Deal 2 counts, and deal 3 right after it: the pool is complete.
    assert table.deals.count() == 3
    north_score = Seat.objects.get(table=table, position=0).score
    expect(east.locator("#table-outcome")).to_be_visible()
    assert "Résultat de la table" in east.inner_text("#table-outcome")
    assert axe_violations(east) == []
    # North's phone follows by itself; the scorekeeper's page too.
    expect(north.locator("#table-outcome")).to_be_visible(timeout=10_000)
    expect(north.locator("[data-total='0']")).to_have_text(str(north_score))
    expect(row).to_have_attribute("data-state", "complete", timeout=10_000)
    sheet.goto(standings)
    assert sheet.inner_text("main") != after_one


def test_a_quarante_match_is_confirmed_only_by_the_other_team(phones, live_server, make_tournament):
    _, table, link = seated_table(make_tournament, "quarante", players=4, rounds=1)
    url = live_server.url + reverse("table_page", args=[link.token])
    team0 = Seat.objects.get(table=table, position=0).team.entries.select_related("player")
    team1 = Seat.objects.get(table=table, position=1).team.entries.select_related("player")
    first, partner = (e.player.full_name for e in team0.order_by("pk"))
    opponent = team1.order_by("pk")[0].player.full_name

    entering, partners, opposing = phones(), phones(), phones()
    who_am_i(entering, url, first)
    who_am_i(partners, url, partner)
    who_am_i(opposing, url, opponent)
    entering.select_option("#id_trump", "hearts")
    entering.fill("#id_queens0", "2")
    entering.fill("#id_jacks0", "2")
    entering.fill("#id_kings0", "3")
    with entering.expect_navigation():
        entering.click("#save-deal")
    pending = TableDeal.objects.get(table=table)

    # The partner sees the deal but no confirm button: his team entered it.
    expect(deal_section(partners, 1)).to_be_visible(timeout=10_000)
    assert deal_section(partners, 1).locator(".confirm-deal").count() == 0
    assert axe_violations(partners) == []
    # Whatever his phone sends, the server refuses his confirmation.
    token = partners.locator("input[name=csrfmiddlewaretoken]").first.input_value()
    answer = partners.request.post(
        url,
        form={"action": "confirm", "deal": str(pending.pk), "csrfmiddlewaretoken": token},
        headers={"Origin": live_server.url, "Referer": url},
    )
    assert answer.status == 403
    assert table.deals.count() == 0

    expect(deal_section(opposing, 1).locator(".confirm-deal")).to_be_visible(timeout=10_000)
    with opposing.expect_navigation():
        deal_section(opposing, 1).locator(".confirm-deal").click()
    assert "Donne 1 confirmée." in opposing.content()
    assert table.deals.count() == 1
    assert TableDeal.objects.get(pk=pending.pk).decided_by.player.full_name == opponent


def test_an_offline_phone_keeps_its_deals_and_sends_them_once(phones, live_server, make_tournament):
    _, table, link = seated_table(make_tournament, "whist", players=4, rounds=1)
    url = live_server.url + reverse("table_page", args=[link.token])
    names = {
        s.position: s.entry.player.full_name for s in table.seats.select_related("entry__player")
    }
    north = phones()
    who_am_i(north, url, names[0])

    north.context.set_offline(True)
    expect(north.locator("#offline-note")).to_have_text("hors ligne — 0 donne en attente d’envoi")
    whist_deal(north)
    north.click("#save-deal")
    # Kept on the phone; the form moves on to deal 2.
    expect(north.locator("#offline-note")).to_have_text("hors ligne — 1 donne en attente d’envoi")
    expect(north.locator("#deal-form h2")).to_contain_text("Donne 2")
    whist_deal(north, ("1", "3"), "9")
    north.click("#save-deal")
    expect(north.locator("#offline-note")).to_have_text("hors ligne — 2 donnes en attente d’envoi")
    # A third deal, mistyped (14 tricks): nothing can check it before it is sent.
    whist_deal(north, ("0", "2"), "14")
    north.click("#save-deal")
    expect(north.locator("#offline-note")).to_have_text("hors ligne — 3 donnes en attente d’envoi")
    expect(north.locator("#queued-deals li")).to_have_count(3)
    assert axe_violations(north) == []
    north.screenshot(path="/tmp/phone13-offline.png", full_page=True)
    assert TableDeal.objects.count() == 0

    # Back online: the two good deals arrive, in order, once each; the page shows them waiting.
    with north.expect_navigation(timeout=15_000):
        north.context.set_offline(False)
    expect(deal_section(north, 2)).to_be_visible()
    deals = list(TableDeal.objects.order_by("number"))
    assert [(d.number, d.record["declarers"], d.status) for d in deals] == [
        (1, [0, 2], "pending"),
        (2, [1, 3], "pending"),
    ]
    assert len({d.idempotency_key for d in deals}) == 2
    # The third is refused with the field's message and stays on the phone, to correct.
    refused = north.locator("#queued-deals li[data-state='refused']")
    expect(refused).to_contain_text("Donne 3 refusée :")
    assert "13" in refused.inner_text()
    assert axe_violations(north) == []
    refused.get_by_role("button", name="La reprendre dans le formulaire").click()
    assert north.input_value("#id_tricks") == "14"
    assert north.locator("#send-queue").is_hidden()
    assert north.evaluate(f"localStorage.getItem('atout-table-{link.pk}')") == "[]"
    north.fill("#id_tricks", "10")
    with north.expect_navigation():
        north.click("#save-deal")
    assert TableDeal.objects.count() == 3
    # Loading the page again (its queue empty) sends nothing more.
    north.reload()
    assert TableDeal.objects.count() == 3
