"""The players' side in Chromium: the public pages on a phone, live standings, the hall's
screen at 1920×1080 and 1280×720."""

import random

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.sample_sheets import double_king_round, sheet_post_data
from tournaments.services import drawing, round_clock

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

OUTSIDE_VIEWPORT = """() => {
  const w = window.innerWidth, h = window.innerHeight, out = [];
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5)
      out.push(el.tagName + "." + el.className + " " + JSON.stringify([r.left, r.right, r.bottom]));
  }
  if (document.documentElement.scrollWidth > w || document.documentElement.scrollHeight > h)
    out.push("page scrolls");
  return out;
}"""


def play(round_, seed=1):
    rng = random.Random(seed)
    for table in round_.tables.all():
        first = table.seats.get(first_dealer=True).position
        from tournaments.services import deal_entry

        deal_entry.save_sheet(
            table, records=double_king_round(first, rng), version=table.version, user=None
        )


def played(make_tournament, *, players, rounds, played_rounds, draw_next=False):
    tournament = make_tournament(players=players, rounds=rounds)
    for number in range(played_rounds):
        round_ = drawing.draw_round(tournament, seed=number)
        drawing.start_round(round_)
        play(round_, seed=number)
    if draw_next:
        drawing.draw_round(tournament, seed=99)
    tournament.refresh_from_db()
    return tournament


def test_phone_standings_show_rank_name_and_total_the_rest_a_tap_away(
    phone, live_server, make_tournament
):
    """Issue 37 §2: on a phone nothing scrolls sideways; a row shows the rank, the name and
    the total, its other figures (each round's score) in its « Détail »."""
    tournament = played(make_tournament, players=8, rounds=5, played_rounds=5)
    phone.goto(live_server.url + reverse("tournament_standings", args=[tournament.pk]))
    wrap = phone.locator(".table-wrap")
    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth"), "the table scrolls sideways"
    first = phone.locator("table.standings tbody tr").first
    shown = first.locator("td:visible")
    assert shown.count() == 3
    for index in range(3):
        box = shown.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    detail = first.locator("details.row-detail")
    assert not detail.locator("dl").is_visible()
    detail.locator("summary").click()
    figures = detail.locator("dl").inner_text()
    assert "5" in figures and detail.locator("dt").count() >= 5  # the five rounds at least
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_phone_table_page_shows_every_player_without_scrolling_sideways(
    phone, live_server, make_tournament
):
    tournament = played(make_tournament, players=4, rounds=1, played_rounds=1)
    table = tournament.round_set.get().tables.get()
    phone.goto(live_server.url + reverse("table_detail", args=[table.pk]))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    wrap = phone.locator(".table-wrap")
    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth")
    heads = phone.locator("table.public-sheet thead th")
    assert heads.count() == 5
    for index in range(5):
        box = heads.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    # Double King has place points: their row is there, in words.
    assert phone.locator("tfoot abbr[title='Points de place']").count() == 1


def test_phone_rounds_show_the_newest_round_first_the_others_folded(
    phone, live_server, make_tournament
):
    tournament = played(make_tournament, players=8, rounds=3, played_rounds=2, draw_next=True)
    phone.goto(live_server.url + reverse("tournament_rounds", args=[tournament.pk]))
    rounds = phone.locator("details.round")
    assert rounds.count() == 3
    assert rounds.first.get_attribute("id") == "round-3"
    assert rounds.first.evaluate("d => d.open")
    assert not rounds.nth(1).evaluate("d => d.open")
    assert not rounds.nth(2).evaluate("d => d.open")
    expect(rounds.first.locator("h3").first).to_be_visible()
    expect(rounds.nth(1).locator("h3").first).to_be_hidden()
    # A folded round opens on a tap.
    rounds.nth(1).locator("summary").click()
    expect(rounds.nth(1).locator("h3").first).to_be_visible()


def test_live_standings_show_a_sheet_saved_elsewhere_within_five_seconds(
    open_page, live_server, make_tournament, scorekeeper_user, log_in
):
    tournament = make_tournament(players=4, rounds=1)
    round_ = drawing.draw_round(tournament, seed=4)
    table = round_.tables.get()
    viewer = open_page(width=390, height=844)
    keeper = open_page()
    viewer.goto(live_server.url + reverse("tournament_standings", args=[tournament.pk]))
    viewer.evaluate("window.loadedOnce = true")  # gone if the page reloads
    expect(viewer.locator("#live-status")).to_contain_text("tout seuls")
    cells = viewer.locator("table.standings tbody td:nth-child(3)")
    assert set(cells.all_inner_texts()) == {"0"}  # no place points yet

    log_in(keeper)
    keeper.goto(live_server.url + reverse("staff_sheet", args=[table.pk]))
    csrf = next(c["value"] for c in keeper.context.cookies() if c["name"] == "csrftoken")
    first = table.seats.get(first_dealer=True).position
    data = sheet_post_data(table, double_king_round(first, random.Random(3)), table.version)
    response = keeper.request.post(
        live_server.url + reverse("staff_sheet", args=[table.pk]),
        form={**data, "csrfmiddlewaretoken": csrf},
        headers={"Referer": keeper.url},
    )
    assert response.ok
    table.refresh_from_db()
    assert table.complete

    expect(cells.first).not_to_have_text("0", timeout=5_000)
    assert viewer.evaluate("window.loadedOnce") is True


def test_without_javascript_the_standings_offer_a_refresh_link(
    browser, live_server, make_tournament
):
    tournament = played(make_tournament, players=4, rounds=2, played_rounds=1)
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(live_server.url + reverse("tournament_standings", args=[tournament.pk]))
        link = page.locator("#live-status a")
        expect(link).to_have_text("Actualiser")
        with page.expect_navigation():
            link.click()
        assert page.locator("table.standings tbody tr").count() == 4
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_hall_screen_keeps_every_element_inside_the_screen(
    open_page, live_server, make_tournament, size
):
    # 36 players: three standings slides, nine tables, the next round's seating.
    tournament = played(make_tournament, players=36, rounds=3, played_rounds=1, draw_next=True)
    whist = make_tournament("whist", players=20, rounds=2, name="Whist du soir")
    pool = drawing.draw_round(whist, seed=1)
    round_clock.clock_start(pool)
    width, height = size
    page = open_page(width=width, height=height)
    for shown in (tournament, whist):
        page.goto(live_server.url + reverse("tournament_display", args=[shown.pk]))
        slides = page.locator(".slide")
        assert slides.count() >= 1
        for index in range(slides.count()):
            assert page.locator(".slide:not([hidden])").count() == 1
            assert page.evaluate(OUTSIDE_VIEWPORT) == [], (shown.name, index)
            page.keyboard.press("ArrowRight")
    page.goto(live_server.url + reverse("tournament_display", args=[tournament.pk]))
    titles = []
    for _ in range(page.locator(".slide").count()):
        titles.append(page.locator(".slide:not([hidden]) h2").inner_text())
        page.keyboard.press("ArrowRight")
    assert any(t.startswith("Classement") for t in titles)
    assert any(t.startswith("Ronde 1 — tables") for t in titles)
    assert any(t.startswith("Qui joue où — Ronde 2") for t in titles)
