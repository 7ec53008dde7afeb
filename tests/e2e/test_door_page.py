"""The registration page at the door of a tournament counting for a federation (issue 35 §3),
in Chromium at a phone's size and a desk's: 24 players, each licence said in words and a mark;
axe-core finds nothing, the page never scrolls sideways."""

import datetime
import os
from pathlib import Path

import pytest
from conftest import close_page, new_page
from django.urls import reverse
from page_checks import axe_violations

from tournaments.federation import door, services
from tournaments.federation.models import FederationSeason, Licence
from tournaments.models import Tournament
from tournaments.services import registration

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("ATOUT_SHOTS")  # a folder: the pages' screenshots, to look at


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_door_shows_each_licence_in_words(
    browser, live_server, log_in, scorekeeper_user, club, season, make_players, size
):
    width, height = size
    federation = services.create_federation(
        name="Fédération wallonne", slug="ffw", games=["whist"], language="fr"
    )
    services.accept_club(membership=services.ask_to_join(federation=federation, club=club))
    FederationSeason.objects.create(
        federation=federation,
        name="2025-2026",
        starts_on=datetime.date(2025, 9, 1),
        ends_on=datetime.date(2026, 8, 31),
    )
    tournament = Tournament.objects.create(
        club=club,
        season=season,
        game="whist",
        name="Whist de mars",
        date=datetime.date(2026, 3, 14),
        rounds=2,
    )
    door.set_counted(tournament, federation=federation)
    players = make_players(24)
    for index, player in enumerate(players[:22]):
        Licence.objects.create(
            federation=federation,
            number=f"W-{index:03d}",
            last_name=player.last_name,
            first_name=player.first_name,
            club=club,
            player=player,
            valid_from=datetime.date(2025, 9, 1),
            valid_until=datetime.date(2026, 2, 28) if index >= 20 else datetime.date(2026, 8, 31),
        )
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
