"""The demo's rankings in Chromium, in French and in Dutch, on a phone (390×844) and a desk
(1280×800), issue 37 §2: the tournament standings, the season page and a month's ranking never
scroll sideways (the page nor a table), a phone's first screen shows a player's rank, name and
total, the rest a tap away; the search finds a player; axe-core finds nothing."""

import os
from pathlib import Path

import pytest
from browser_pages import close_page, new_page
from django.conf import settings
from django.urls import reverse
from page_checks import axe_violations
from playwright.sync_api import expect

from club.models import Season
from tournaments.models import Tournament
from tournaments.selectors import listing, season_rankings

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("ATOUT_SHOTS")  # a folder: the pages' screenshots, to look at

FIRST_ROW = """() => {
  const row = document.querySelector('table.phone-fold tbody tr:not(.gap)');
  const shown = [...row.children].filter((cell) => getComputedStyle(cell).display !== 'none');
  return shown.map((cell) => {
    const box = cell.getBoundingClientRect();
    return {text: cell.innerText.split('\\n')[0].trim(), bottom: box.bottom, right: box.right};
  });
}"""

TABLES_FIT = """() => [...document.querySelectorAll('.table-wrap')]
  .filter((wrap) => wrap.offsetParent !== null)
  .every((wrap) => wrap.scrollWidth <= wrap.clientWidth + 1)"""


def check(page, name: str, width: int, height: int) -> dict:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}-{width}.png"), full_page=True)
    assert axe_violations(page) == [], name
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    if width < 500:
        assert page.evaluate(TABLES_FIT), name
        cells = page.evaluate(FIRST_ROW)
        # Rank, name, total: three cells, all on the first screen, none cut at the right.
        assert len(cells) == 3, (name, cells)
        assert all(cell["text"] for cell in cells), (name, cells)
        assert all(cell["bottom"] <= height and cell["right"] <= width for cell in cells), name
    return {"height": page.evaluate("document.documentElement.scrollHeight")}


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_demo_rankings_fit_and_find_a_player(demo_db, browser, live_server, language, size):
    width, height = size
    tournament = max(listing.published(), key=lambda t: t.entries.count())
    season = Season.objects.filter(tournaments__in=Tournament.objects.filter(pk=tournament.pk))
    season = season.get()
    _games, months = season_rankings.season_calendar(season)
    page = new_page(browser, width=width, height=height)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    season_url = live_server.url + reverse("season_standings", args=[season.pk])
    pages = {
        "standings": live_server.url + reverse("tournament_standings", args=[tournament.pk]),
        "season": season_url,
        "month": f"{season_url}?mois={months[-1].query['mois']}",
    }
    heights = {}
    for name, url in pages.items():
        page.goto(url)
        assert page.locator("html").get_attribute("lang") == language
        heights[name] = check(page, f"ranking-{name}-{language}", width, height)["height"]
    # A month's ranking: its games folded behind their menu, not every game one after
    # another (15,309 px before); 3,532 px at 390 px, 2,522 px at 1,280 px when written.
    assert heights["month"] < 5000, heights

    # A phone's detail: a tap shows the row's other figures.
    if width < 500:
        page.goto(pages["standings"])
        detail = page.locator("table.phone-fold details.row-detail").first
        detail.locator("summary").click()
        expect(detail.locator("dd").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width

    # The search: a player far down the season's ranking, found with his neighbours.
    page.goto(season_url)
    last = page.locator("details.game-ranking[open] table.phone-fold tbody tr:not(.gap)").last
    wanted = last.locator("td").nth(1).locator("a, :scope").first.inner_text().split("\n")[0]
    page.fill("#id_joueur", wanted)
    with page.expect_navigation():
        page.locator("form.player-search button[type=submit]").click()
    found = page.locator("tr.found").first
    expect(found).to_be_visible()
    assert wanted in found.inner_text()
    expect(page.locator(".search-result").first).to_be_visible()
    check(page, f"ranking-search-{language}", width, height)
    close_page(page)
