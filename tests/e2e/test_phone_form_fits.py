"""Each game's phone at 390×844, as a player holds it at the table (issue 26, « At the table »):
after ten rows the form is where the thumb is (its first input within 700 px of the top); no
input of the form is beyond the screen's width or in a box that scrolls sideways; a row sent
back comes back in the form, prefilled, with the reason beside it and in view; the row is
called by one word on the phone, its waiting box and the scorekeeper's phones page. axe-core
finds nothing on these pages."""

import os
import random
from pathlib import Path

import pytest
from django.urls import reverse
from page_checks import axe_violations
from playwright.sync_api import expect

from tournaments.games import plugin_for
from tournaments.models import Entry
from tournaments.sample_sheets import (
    double_game,
    double_king_round,
    plonk_match,
    quarante_match,
    whist_pool,
)
from tournaments.selectors.scoresheet import first_dealer, table_seats
from tournaments.services import deal_entry, drawing
from tournaments.tableside import table_entry, table_state
from tournaments.tableside.models import PhoneSeat, TableDeal

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: Where the screenshots go when PHONE_SHOTS names a folder (looked at by hand, not compared).
SHOTS = Path(os.environ.get("PHONE_SHOTS", "/nonexistent"))

#: Per game: its players, the ruleset (a target far enough for ten deals), the rows already on
#: the sheet (ten; Double's tenth manche ends its game, so nine) and the word of a row.
GAMES = {
    "double_king": (4, None, lambda first, rng: double_king_round(first, rng)[:10], "Jeu"),
    "whist": (4, {"deals_per_pool": 16}, lambda first, rng: whist_pool(first, rng, 10), "Donne"),
    "quarante": (
        4,
        {"target": 5000},
        lambda first, rng: quarante_match(first, rng, 5000)[:10],
        "Donne",
    ),
    "plonk": (4, {"target": 5000}, lambda first, rng: plonk_match(first, rng, 5000)[:10], "Donne"),
    "double": (4, None, lambda first, rng: double_game(4, first, rng, manches=9), "Manche"),
}


def table_with_rows(make_tournament, game):
    players, rules, rows, _word = GAMES[game]
    tournament = make_tournament(game, players=players, rounds=1, rules=rules)
    table = drawing.draw_round(tournament, seed=4).tables.get()
    records = rows(first_dealer(table_seats(table)), random.Random(7))
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    table.refresh_from_db()
    link = table_entry.issue_link(table, user=None)
    return table, link, len(records)


def say_who(page, url, index=0):
    page.goto(url)
    page.locator("#who-form input[type=radio]").nth(index).check()
    with page.expect_navigation():
        page.get_by_role("button", name="C’est moi").click()


FORM_INPUTS = "#deal-form input:not([type=hidden]), #deal-form select"

#: Each visible input of the form: its box, and whether a box around it scrolls sideways.
MEASURE = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter((el) => el.offsetParent !== null)
  .map((el) => {
    const r = el.getBoundingClientRect();
    let scroller = null;
    for (let p = el.parentElement; p; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (["auto", "scroll"].includes(style.overflowX) && p.scrollWidth > p.clientWidth + 1) {
        scroller = p.id || p.className || p.tagName;
        break;
      }
    }
    return {name: el.name, top: r.top + window.scrollY, left: r.left, right: r.right, scroller};
  })"""


def shoot(page, name):
    if SHOTS.is_dir():
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("game", list(GAMES))
def test_after_ten_rows_the_form_is_near_the_top_and_fits(
    phones, live_server, make_tournament, game
):
    _table, link, rows = table_with_rows(make_tournament, game)
    url = live_server.url + reverse("table_page", args=[link.token])
    phone = phones()
    say_who(phone, url)
    expect(phone.locator("#deal-form")).to_be_visible()
    inputs = phone.evaluate(MEASURE, FORM_INPUTS)
    assert inputs, "the form has inputs"
    shoot(phone, f"{game}-after-{rows}-rows")
    first = min(i["top"] for i in inputs)
    assert first <= 700, f"{game}: the form's first input is {first:.0f} px down"
    width = phone.viewport_size["width"]
    for box in inputs:
        assert box["left"] >= 0 and box["right"] <= width, (game, box)
        assert box["scroller"] is None, (game, box)
    # The history is still there, on the same page (folded or compact).
    assert phone.locator("#deals tbody tr").count() == rows
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_violations(phone) == []
    if game == "plonk":
        plonk_errors_read_as_sentences(phone, width)


def plonk_errors_read_as_sentences(phone, width):
    """Plonk's form sent with the live points missing: each error takes a line of the form's
    width (never one word per line), and every input, « Points vivants » first, stays in view."""
    phone.fill("#id_tricks0", "7")
    phone.fill("#id_dead0", "9")
    phone.fill("#id_dead1", "8")
    with phone.expect_navigation():
        phone.click("#save-deal")
    errors = phone.locator("#deal-form .field-error")
    expect(errors.first).to_be_visible()
    for box in errors.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert box["width"] >= width * 0.6, box
        assert box["right"] <= width, box
    for box in phone.evaluate(MEASURE, FORM_INPUTS):
        assert box["right"] <= width and box["scroller"] is None, box
    expect(phone.locator("#id_live0")).to_have_value("")
    expect(phone.locator("#id_dead1")).to_have_value("8")  # what was typed is kept
    shoot(phone, "plonk-errors")
    assert axe_violations(phone) == []


def sheet_record(table):
    """The next row as the game's own sample gives it (a lawful one after the sheet)."""
    _players, _rules, rows, _word = GAMES[table.round.tournament.game]
    records = rows(first_dealer(table_seats(table)), random.Random(7))
    return records


@pytest.mark.parametrize("game", list(GAMES))
def test_a_row_sent_back_comes_back_prefilled_with_its_reason_in_view(
    phones, open_page, log_in, scorekeeper_user, live_server, make_tournament, game
):
    players, rules, rows, word = GAMES[game]
    tournament = make_tournament(game, players=players, rounds=1, rules=rules)
    table = drawing.draw_round(tournament, seed=4).tables.get()
    records = rows(first_dealer(table_seats(table)), random.Random(7))
    # Nine rows on the sheet (Double: eight), the next one entered by this phone.
    deal_entry.save_sheet(table, records=records[:-1], version=table.version, user=None)
    table.refresh_from_db()
    link = table_entry.issue_link(table, user=None)
    url = live_server.url + reverse("table_page", args=[link.token])
    phone = phones()
    say_who(phone, url)
    seat = PhoneSeat.objects.get(link=link, released_at__isnull=True)
    entry = Entry.objects.get(pk=seat.entry_id)
    side = next(
        p.side for p in table_state.table_people(table_seats(table)) if p.entry_id == seat.entry_id
    )
    record = dict(records[-1])
    deal = table_entry.enter_deal(
        table,
        entry=entry,
        side=side,
        record=record,
        version=table.version,
        key="k" * 22,
        number=None,
        device=seat.device,
        fingerprint="f",
    )
    # The phone shows it by itself (its poll), waiting for the other side, under its name.
    box = phone.locator(f".waiting-deal[data-number='{deal.number}']")
    expect(box).to_be_visible(timeout=10_000)
    label = box.get_attribute("data-row")
    assert label and label.startswith(word), label
    assert box.locator("h2").inner_text().startswith(label)
    # The scorekeeper sends it back from the phones page: the same name there.
    desk = open_page(width=1280, height=800)
    log_in(desk)
    desk.goto(live_server.url + reverse("staff_round_phones", args=[table.round_id]))
    waiting_desk = desk.locator(f".waiting-deal[data-number='{deal.number}']")
    assert waiting_desk.get_attribute("data-row") == label
    assert label in waiting_desk.inner_text()
    expect(desk.locator(f"[data-table='{table.number}'] h2 .tag")).to_contain_text(label)
    desk.fill(f"#reason-{deal.pk}", "9 plis, pas 10")
    with desk.expect_navigation():
        desk.get_by_role("button", name="Renvoyer").click()
    assert TableDeal.objects.get(pk=deal.pk).status == TableDeal.Status.REJECTED

    # The phone redraws by itself: the row is back in the form, its reason beside it.
    reason = phone.locator("#sent-back-reason")
    expect(reason).to_contain_text("9 plis, pas 10", timeout=10_000)
    expect(reason).to_be_in_viewport()
    form = phone.locator("#deal-form")
    expect(form).to_be_in_viewport()
    # Prefilled: the form sends the very row back when sent as it is.
    sent = phone.evaluate(
        "() => Array.from(new FormData(document.getElementById('deal-form')).entries())"
    )
    values = {name: value for name, value in sent if name not in ("csrfmiddlewaretoken", "key")}
    form_class, _template = plugin_for(game).table_entry()
    basics = table_state.table_basics(table)
    check = form_class(
        values,
        seat_names=basics.seat_names,
        player_names=basics.dealing_names,
        first_dealer=basics.first_dealer,
        rules=table.round.tournament.rules,
        records=basics.queue.records_before(basics.queue.next_number),
        number=basics.queue.next_number,
    )
    assert check.is_valid(), check.errors
    check.records_with_deal()
    assert {k: v for k, v in check.record.items() if k != "dealer"} == {
        k: v for k, v in record.items() if k != "dealer"
    }
    shoot(phone, f"{game}-sent-back")
    assert axe_violations(phone) == []

    # The same name on the phone's sent-back box (its number in the form's heading) and on
    # the phones page, where the row is now sent back.
    assert reason.get_attribute("data-row") == label
    assert label.split(" (")[0] in phone.locator("#deal-form h2").inner_text()
    desk.reload()
    flagged = desk.locator(f"[data-table='{table.number}'] .flagged")
    assert flagged.get_attribute("data-row") == label
    assert label in flagged.inner_text()
    assert label in desk.locator(f"[data-table='{table.number}'] h2 .tag").inner_text()
    shoot(desk, f"{game}-phones-page")
    assert axe_violations(desk) == []


def test_a_phone_whose_link_was_replaced_is_told_how_to_rejoin(
    phones, open_page, log_in, scorekeeper_user, live_server, make_tournament
):
    table, link, _rows = table_with_rows(make_tournament, "whist")
    phone = phones()
    say_who(phone, live_server.url + reverse("table_page", args=[link.token]))
    desk = open_page(width=1280, height=800)
    log_in(desk)
    desk.goto(live_server.url + reverse("staff_round_phones", args=[table.round_id]))
    with desk.expect_navigation():
        desk.locator(f"[data-table='{table.number}'] form:has(input[value=renew]) button").click()
    # The phone's next poll learns it (410) and the page says what happened and what to do.
    notice = phone.locator("#link-replaced")
    expect(notice).to_be_visible(timeout=10_000)
    expect(notice).to_contain_text("« Nouveau lien »")
    expect(notice).to_contain_text("choisissez à nouveau votre nom")
    shoot(phone, "link-replaced")
    assert axe_violations(phone) == []
