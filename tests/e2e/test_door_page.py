"""The registration page at the door of a tournament counting for a federation (issue 35 §3),
in Chromium at a phone's size and a desk's: 24 players, each licence said in words and a mark;
axe-core finds nothing, the page never scrolls sideways."""

import os
from pathlib import Path

import pytest
from browser_pages import close_page, new_page
from django.urls import reverse
from helpers import door_of_24, door_tournament, wallonne
from page_checks import axe_violations

from tournaments.federation import door
from tournaments.services import registration

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("ATOUT_SHOTS")  # a folder: the pages' screenshots, to look at


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_door_shows_each_licence_in_words(
    browser, live_server, log_in, scorekeeper_user, club, season, make_players, size
):
    width, height = size
    federation = wallonne("whist", member=club)
    tournament = door_tournament(club, season)
    door.set_counted(tournament, federation=federation)
    players = make_players(24)
    door_of_24(federation, players)
    registration.register_players(tournament, players)

    page = new_page(browser, width=width, height=height)
    log_in(page)
    page.goto(live_server.url + reverse("staff_registration", args=[tournament.pk]))
    cells = page.locator("td .licence").all_inner_texts()
    # Beside each name: seen on a phone without scrolling the table sideways.
    assert page.locator("td .licence").first.is_visible()
    assert sorted(cells).count("✔ valide") == 20
    assert cells.count("✖ expirée") == 2 and cells.count("? inconnue") == 2
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"door-{width}.png"), full_page=True)
    close_page(page)
