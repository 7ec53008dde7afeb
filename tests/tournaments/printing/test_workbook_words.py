"""The workbooks a club hands out, read back in its language (issue 37 §2): a Dutch season's
tabs named after the game in Dutch (not the French ruleset's title), its headers Dutch, its
printed notes in plain words."""

from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.tournaments.test_whist_season import season_of_three  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db


def workbook(response):
    assert response.status_code == 200
    return load_workbook(BytesIO(response.content))


def dutch(club):
    club.language = "nl"
    club.save(update_fields=["language"])


def test_dutch_season_workbook_tabs_and_headers(client, season_of_three, season, club):  # noqa: F811
    dutch(club)
    book = workbook(client.get(reverse("season_xlsx", args=[season.pk])))
    assert book.sheetnames == ["Kleurenwiezen"]
    header = [cell.value for cell in book.worksheets[0][2]]
    assert header[6:8] == ["10/03 punten", "10/03 plaats"]
    book = workbook(client.get(reverse("season_xlsx", args=[season.pk]) + "?mois=2026-03"))
    assert book.sheetnames[0] == "maart 2026 — Kleurenwiezen"
    assert all(len(name) <= 31 for name in book.sheetnames)
    assert len(set(book.sheetnames)) == len(book.sheetnames)


def test_french_season_workbook_tab_is_the_game(client, season_of_three, season):  # noqa: F811
    book = workbook(client.get(reverse("season_xlsx", args=[season.pk])))
    assert book.sheetnames == ["Whist"]
    header = [cell.value for cell in book.worksheets[0][2]]
    assert header[6:8] == ["10/03 points", "10/03 place"]


def test_dutch_tournament_workbook_says_the_scoring_in_plain_words(
    client,
    season_of_three,  # noqa: F811
    club,
):
    dutch(club)
    tournaments, _players = season_of_three
    book = workbook(client.get(reverse("tournament_xlsx", args=[tournaments[0].pk])))
    texts = [
        str(cell)
        for ws in book.worksheets
        for row in ws.iter_rows(values_only=True)
        for cell in row
        if isinstance(cell, str)
    ]
    assert "Telling van de punten: wat de enen winnen, betalen de anderen" in texts
    assert not any("Telwijze" in text or "nulsom" in text for text in texts)
