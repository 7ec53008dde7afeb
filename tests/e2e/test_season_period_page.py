"""The season page in Chromium, at a phone's size and a desk's: a month's ranking from its
link, a date range with a bad date, the committee's attendance threshold. axe-core finds
nothing, and the page never scrolls sideways on a phone."""

import datetime
import os
from pathlib import Path

import pytest
from browser_pages import close_page, new_page
from django.urls import reverse
from page_checks import axe_violations

from club.models import Player
from tournaments.services import archive

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("ATOUT_SHOTS")  # a folder: the pages' screenshots, to look at


def _check(page, name: str, width: int) -> None:
    assert axe_violations(page) == [], name
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}-{width}.png"), full_page=True)


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_season_page_month_range_and_threshold(
    browser, live_server, log_in, committee_user, club, season, size
):
    width, height = size
    names = [("Anne", "Dubois"), ("Luc", "Maes"), ("Marc", "Peeters"), ("Eva", "Claes")]
    players = [Player.objects.create(first_name=f, last_name=n) for f, n in names]
    club.players.add(*players)
    rows = []
    line = 1
    for month, day in ((1, 9), (1, 23), (2, 6), (2, 20), (3, 6)):
        for index, player in enumerate(players):
            if (index + day) % 5 == 0:
                continue  # absent that evening
            rows.append(
                archive.ArchiveRow(
                    line=line,
                    date=datetime.date(2026, month, day).strftime("%d/%m/%Y"),
                    member_id=player.pk,
                    points=str((index * 7 + day) % 23 - 8),
                )
            )
            line += 1
    archive.save_evenings(club, season, "whist", rows)

    page = new_page(browser, width=width, height=height)
    log_in(page, "bureau")
    url = live_server.url + reverse("season_standings", args=[season.pk])
    page.goto(url)
    page.fill("#id_attendance_threshold", "5")
    with page.expect_navigation():
        page.click("#attendance button[type=submit]")
    assert "Seuil de présences enregistré : 5 soirées." in page.content()
    assert "5/5" in page.content() and "4/5" in page.content()

    with page.expect_navigation():
        page.click("text=février 2026")
    assert "Classement — février 2026" in page.locator("#period-ranking").inner_text()
    _check(page, "season-month", width)

    page.click("details.period-dates > summary")  # the dates, folded under the months
    page.fill("#id_du", "2026-03-01")
    page.fill("#id_au", "2026-01-31")
    with page.expect_navigation():
        page.click(".period-form button[type=submit]")
    error = page.locator(".field-error").first
    assert "précède son premier jour" in error.inner_text()
    _check(page, "season-range-error", width)
    close_page(page)
