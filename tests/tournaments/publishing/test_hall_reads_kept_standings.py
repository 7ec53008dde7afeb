"""The hall's screen reads the standings the site keeps: its standings slides are rendered once
per results version for every screen and reload, as the standings page's table is; the clock
changes the page, never the standings (« The house's edges » §2)."""

import random

import pytest
from django.test import Client
from django.urls import reverse
from helpers import counted_calls

from tournaments.publishing import views_display
from tournaments.sample_sheets import whist_pool
from tournaments.services import deal_entry, drawing, round_clock

pytestmark = pytest.mark.django_db


@pytest.fixture
def standings_counted(monkeypatch):
    """The classifications the hall's screen works out."""
    return counted_calls(monkeypatch, views_display.classification, "tournament_standings")


def fill(round_, seed: int) -> None:
    """Every table's pool of two deals entered (again)."""
    rng = random.Random(seed)
    for table in round_.tables.all():
        first = table.seats.get(first_dealer=True).position
        records = whist_pool(first, rng, deals=2)
        deal_entry.save_sheet(table, records=records, version=table.version, user=None)


def test_the_hall_screen_ranks_once_per_results_version_whatever_its_clock_does(
    make_tournament, standings_counted
):
    tournament = make_tournament("whist", players=8, rounds=2, rules={"deals_per_pool": 2})
    round_ = drawing.draw_round(tournament, seed=1)
    drawing.start_round(round_)
    fill(round_, seed=1)
    url = reverse("tournament_display", args=[tournament.pk])

    screens = [Client(), Client()]
    pages = [screen.get(url) for screen in screens]
    assert all("hall-standings" in page.content.decode() for page in pages)
    assert len(standings_counted) == 1  # two screens: one classification

    # The clock started, then paused: each a new page (its ETag holds the clock), whose
    # standings are the same.
    etag = pages[0]["ETag"]
    for change in (round_clock.clock_start, round_clock.clock_pause):
        change(round_)
        page = screens[0].get(url, HTTP_IF_NONE_MATCH=etag)
        assert page.status_code == 200 and "hall-standings" in page.content.decode()
        etag = page["ETag"]
    assert len(standings_counted) == 1

    # A result: a new results version, ranked once more for every screen.
    fill(round_, seed=2)
    for screen in screens:
        assert "hall-standings" in screen.get(url).content.decode()
    assert len(standings_counted) == 2
