"""The public pages as the players read them, measured in Chromium: the standings on a phone
(first row on the first screen, the rank's header whole), the season charts' text at 390 px,
and the hall screen's clock in clock games, read from the back of the room."""

import datetime

import pytest
from browser_pages import close_page, new_page
from django.urls import reverse
from page_checks import axe_violations

from tournaments.models import Tournament
from tournaments.services import drawing, registration, round_clock

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = "/work/notes/public"

STANDINGS_BOXES = """() => {
  const box = (el) => el.getBoundingClientRect().toJSON();
  const row = document.querySelector('table.standings tbody tr');
  const head = document.querySelector('table.standings thead th');
  return {row: box(row), rank: box(row.cells[0]), name: box(row.cells[1]),
          first_figure: box(row.cells[2]), head: head.innerText.trim(),
          head_scroll: head.scrollWidth, head_client: head.clientWidth,
          page_width: document.documentElement.scrollWidth, vw: window.innerWidth,
          vh: window.innerHeight};
}"""


@pytest.fixture
def running_evening(make_tournament, fill_round):
    """16 players, the first of three rounds played: standings provisional, live."""
    tournament = make_tournament(players=16, rounds=3, name="Double King du jeudi")
    round_ = drawing.draw_round(tournament, seed=2)
    drawing.start_round(round_)
    fill_round(round_, seed=2)
    tournament.refresh_from_db()
    return tournament


def test_standings_first_row_and_rank_on_the_first_phone_screen(
    browser, live_server, running_evening
):
    page = new_page(browser, width=390, height=844)
    page.goto(live_server.url + reverse("tournament_standings", args=[running_evening.pk]))
    boxes = page.evaluate(STANDINGS_BOXES)
    page.screenshot(path=f"{SHOTS}/e2e-standings-390x844.png")
    # The first player's row, rank and name, on the first screen, without scrolling.
    assert boxes["row"]["bottom"] <= boxes["vh"], boxes
    for cell in ("rank", "name", "first_figure"):
        assert boxes[cell]["left"] >= 0 and boxes[cell]["right"] <= boxes["vw"], (cell, boxes)
    # « Rang » whole, not « R… ».
    assert boxes["head"] == "Rang"
    assert boxes["head_scroll"] <= boxes["head_client"], boxes
    # The rounds scroll inside their box; the page itself does not.
    assert boxes["page_width"] <= boxes["vw"], boxes
    # How the standings are made: folded under the table, a tap away.
    assert page.locator("details.ranking-help").count() == 1
    assert not page.locator("details.ranking-help p").is_visible()
    assert axe_violations(page) == []
    close_page(page)

    wide = new_page(browser, width=1280, height=800)
    wide.goto(live_server.url + reverse("tournament_standings", args=[running_evening.pk]))
    boxes = wide.evaluate(STANDINGS_BOXES)
    wide.screenshot(path=f"{SHOTS}/e2e-standings-1280x800.png")
    assert boxes["head_scroll"] <= boxes["head_client"], boxes
    assert boxes["row"]["bottom"] <= boxes["vh"], boxes
    close_page(wide)


def test_a_players_page_shows_every_column_on_a_phone(browser, live_server, running_evening):
    entry = running_evening.entries.order_by("pk").first()
    page = new_page(browser, width=390, height=844)
    page.goto(live_server.url + reverse("tournament_player", args=[running_evening.pk, entry.pk]))
    heads = page.evaluate(
        """() => Array.from(document.querySelectorAll('table.player-rounds thead th'), (th) => {
             const r = th.getBoundingClientRect();
             return {text: th.innerText, right: r.right, scroll: th.scrollWidth,
                     client: th.clientWidth};
           })"""
    )
    page.screenshot(path=f"{SHOTS}/e2e-player-390x844.png")
    assert heads[-1]["text"].replace("\n", " ") == "Points de place"
    for head in heads:  # every header in view and whole (« Points » was cut)
        assert head["right"] <= 390 and head["scroll"] <= head["client"], head
    assert axe_violations(page) == []
    close_page(page)


CHART_TEXT = """() => Array.from(document.querySelectorAll('svg.line-chart text'), (t) => {
  const scale = t.ownerSVGElement.getScreenCTM().a;
  return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale,
          height: t.getBoundingClientRect().height};
})"""


def test_season_charts_text_is_legible_on_a_phone(
    browser, live_server, make_tournament, fill_round
):
    first = make_tournament(players=8, rounds=1)
    evenings = [first]
    for day in (21, 28, 4):
        month = 3 if day > 4 else 4
        other = Tournament.objects.create(
            club=first.club,
            season=first.season,
            game="double_king",
            name=f"Soirée du {day}",
            date=datetime.date(2026, month, day),
            rounds=1,
            published=True,
        )
        for entry in first.entries.select_related("player"):
            registration.register_player(other, player=entry.player)
        evenings.append(other)
    for number, tournament in enumerate(evenings):
        round_ = drawing.draw_round(tournament, seed=number)
        drawing.start_round(round_)
        fill_round(round_, seed=number)
    player = first.entries.first().player
    url = live_server.url + reverse("season_player", args=[first.season_id, player.pk])
    page = new_page(browser, width=390, height=844)
    page.goto(url)
    texts = page.evaluate(CHART_TEXT)
    page.locator("svg.line-chart").first.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/e2e-season-chart-390x844.png")
    assert len(texts) > 8  # ticks and dates of the two charts
    small = [t for t in texts if t["px"] < 12]
    assert not small, small
    assert axe_violations(page) == []
    close_page(page)


DIGITS = """() => {
  const range = document.createRange();
  range.selectNodeContents(document.querySelector('#hall-clock .hall-clock-time'));
  const r = range.getBoundingClientRect();
  return {text: range.toString(), top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          height: r.height, vw: document.documentElement.clientWidth, vh: window.innerHeight,
          scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight]};
}"""

TAGS = """() => Array.from(document.querySelectorAll('.slide:not([hidden]) .hall-table .tag'),
  (t) => ({text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize),
           height: t.getBoundingClientRect().height}))"""


@pytest.mark.parametrize("width,height", [(1920, 1080), (1280, 720)])
def test_hall_screen_clock_reads_from_the_back_of_the_room(
    browser, live_server, make_tournament, width, height
):
    whist = make_tournament("whist", players=16, rounds=3, name="Whist du vendredi")
    pool = drawing.draw_round(whist, seed=1)
    drawing.start_round(pool)
    round_clock.clock_start(pool)
    page = new_page(browser, width=width, height=height)
    page.goto(live_server.url + reverse("tournament_display", args=[whist.pk]))
    box = page.evaluate(DIGITS)
    page.screenshot(path=f"{SHOTS}/e2e-hall-{width}x{height}.png")
    assert box["text"].startswith("1:1") or box["text"].startswith("1:20"), box
    # Readable from 8 m: the digits' own box at least a tenth of the screen's height.
    assert box["height"] >= 0.10 * box["vh"], box
    assert box["top"] >= 0 and box["bottom"] <= box["vh"] and box["right"] <= box["vw"], box
    assert box["scroll"][0] <= box["vw"] and box["scroll"][1] <= box["vh"], box
    # The tables' slide: each table's state at 18 px or more.
    for _slide in range(4):  # after the standings' slides
        if page.locator(".slide:not([hidden]) .hall-tables").count():
            break
        page.keyboard.press("ArrowRight")
    tags = page.evaluate(TAGS)
    page.screenshot(path=f"{SHOTS}/e2e-hall-tables-{width}x{height}.png")
    assert tags and all(t["px"] >= 18 for t in tags), tags
    assert page.evaluate("() => document.documentElement.scrollHeight") <= height
    assert axe_violations(page) == []
    close_page(page)
