"""The phones of complete tables show each player's place in the tournament as its standings
page ranks it, worked out once per results version for every phone of every table: each
result reloads them all (their stamp holds the version), never one classification each
(« The house's edges » §2)."""

import re

import pytest
from django.urls import reverse
from helpers import counted_calls, table_phone

from tournaments.models import Seat
from tournaments.selectors import classification
from tournaments.services import drawing
from tournaments.tableside import table_entry, table_state

pytestmark = pytest.mark.django_db

PLACE = re.compile(r"Dans le tournoi jusqu’ici : (\d+)\S* sur (\d+)\.")


@pytest.fixture
def standings_counted(monkeypatch):
    """The classifications the phones' pages work out."""
    return counted_calls(monkeypatch, table_state, "tournament_standings")


def test_every_phone_of_the_complete_tables_reads_one_classification_per_results_version(
    make_tournament, fill_round, standings_counted
):
    tournament = make_tournament(players=8, rounds=2)
    round_ = drawing.draw_round(tournament, seed=1)
    drawing.start_round(round_)
    phones = {}
    for table in round_.tables.all():
        link = table_entry.issue_link(table, user=None)
        for seat in table.seats.all():
            phones[seat.entry_id] = (link, table_phone(link, seat.entry_id))
    fill_round(round_)

    def places() -> dict[int, tuple[int, int]]:
        shown = {}
        for entry_id, (link, client) in phones.items():
            page = client.get(reverse("table_page", args=[link.token])).content.decode()
            rank, ranked = PLACE.search(page).groups()
            shown[entry_id] = (int(rank), int(ranked))
        return shown

    ranks = {r.entry_id: (r.rank, 8) for r in classification.tournament_standings(tournament)}
    assert places() == ranks  # the standings page's places
    assert len(standings_counted) == 1  # for the eight phones of the two tables

    # The sheets entered again: a new results version, every phone reloads, one more.
    fill_round(round_, seed=2)
    tournament.refresh_from_db()
    ranks = {r.entry_id: (r.rank, 8) for r in classification.tournament_standings(tournament)}
    assert places() == ranks
    assert len(standings_counted) == 2


def test_a_phone_reads_its_place_when_the_cache_fails(
    make_tournament, fill_round, standings_counted, settings
):
    """A cache that cannot be read is a miss: each page works its place out and still shows it."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    tournament = make_tournament(players=4, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    drawing.start_round(round_)
    table = round_.tables.get()
    link = table_entry.issue_link(table, user=None)
    entry_id = Seat.objects.get(table=table, position=0).entry_id
    client = table_phone(link, entry_id)
    fill_round(round_)
    for _ in range(2):
        page = client.get(reverse("table_page", args=[link.token])).content.decode()
        assert PLACE.search(page) is not None
    assert len(standings_counted) == 2
