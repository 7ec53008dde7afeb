"""A federation's ranking in Chromium (issue 35 §4): on a phone (390×844) and a desk
(1280×800), in French and in Dutch, the page never scrolls sideways, a phone's first row shows
the place, the name and the points (the rest behind « Détail »), and axe-core finds nothing."""

import datetime
import os
import sys
from pathlib import Path

import pytest
from browser_pages import close_page, new_page
from django.conf import settings
from django.urls import reverse
from page_checks import axe_violations

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tournaments" / "federation"))
import scenario as s  # the federation tests' builder, from their folder

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("ATOUT_SHOTS")  # a folder: the pages' screenshots, to look at

FIRST_ROW = """() => {
  const row = document.querySelector('table.phone-fold tbody tr');
  const shown = [...row.children].filter((cell) => getComputedStyle(cell).display !== 'none');
  return shown.map((cell) => {
    const box = cell.getBoundingClientRect();
    return {text: cell.innerText.split('\\n')[0].trim(), bottom: box.bottom, right: box.right};
  });
}"""


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_federation_ranking_fits_and_passes_axe(browser, live_server, language, size):
    width, height = size
    fed = s.federation(min_tournaments=1)
    season = s.fed_season(fed)
    clubs = [s.club(f"Cercle royal de {n}", f"cercle-{n.lower()}") for n in ("Gesves", "Hélécine")]
    people = [s.player(f"Prénom{i}", f"Nom-de-famille-{i}", clubs[i % 2]) for i in range(12)]
    for k in range(3):
        order = people[k:] + people[:k]
        s.tournament(
            clubs[k % 2],
            datetime.date(2025, 10, 1 + k),
            [((p,), i + 1) for i, p in enumerate(order)],
            fed=fed,
            season=season,
            unlicensed_count=True,
        )
    page = new_page(browser, width=width, height=height)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    urls = {
        "ranking": reverse("federation_ranking", args=[fed.slug, season.pk, "whist"]),
        "clubs": reverse("federation_club_ranking", args=[fed.slug, season.pk, "whist"]),
        "player": reverse("federation_player", args=[fed.slug, people[0].uid]),
    }
    for name, url in urls.items():
        page.goto(live_server.url + url)
        assert page.locator("html").get_attribute("lang") == language
        if SHOTS:
            shot = Path(SHOTS) / f"federation-{name}-{language}-{width}.png"
            page.screenshot(path=str(shot), full_page=True)
        assert axe_violations(page) == [], name
        assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    page.goto(live_server.url + urls["ranking"])
    if width < 500:
        cells = page.evaluate(FIRST_ROW)
        # Place, name, points: three cells, on the first screen, none cut at the right.
        assert len(cells) == 3, cells
        assert all(cell["text"] for cell in cells), cells
        assert all(c["bottom"] <= height and c["right"] <= width for c in cells), cells
        detail = page.locator("table.phone-fold details.row-detail").first
        detail.locator("summary").click()
        assert detail.locator("dd").first.is_visible()
    close_page(page)
