"""No text typed by a user ever becomes a live formula in an Excel export.

Each workbook is read back as raw XML: a formula would be an ``<f>`` element in a sheet;
the names must instead be stored as plain strings.
"""

import zipfile
from io import BytesIO
from xml.etree import ElementTree

import pytest
from django.urls import reverse
from helpers import play_round

from tournaments.services import drawing

pytestmark = pytest.mark.django_db

LINK = '=HYPERLINK("http://evil.example/x","clic")'
SUM = "=1+1"
NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"


def sheet_xml(content: bytes) -> tuple[int, set[str]]:
    """The number of formula elements in every sheet, and every text stored in the workbook."""
    archive = zipfile.ZipFile(BytesIO(content))
    formulas, texts = 0, set()
    for name in archive.namelist():
        if not name.endswith(".xml"):
            continue
        root = ElementTree.fromstring(archive.read(name))
        if name.startswith("xl/worksheets/"):
            formulas += len(root.findall(f".//{NS}f"))
        if name.startswith("xl/worksheets/") or name == "xl/sharedStrings.xml":
            texts |= {t.text or "" for t in root.iter(f"{NS}t")}
    return formulas, texts


def assert_no_formula(response, *names: str) -> None:
    assert response.status_code == 200
    formulas, texts = sheet_xml(response.content)
    assert formulas == 0
    for name in names:
        assert any(name in text for text in texts), name


def test_player_and_tournament_names_stay_text(
    client, committee_client, played_tournament, season, club
):
    player = played_tournament.entries.first().player
    player.first_name, player.last_name = SUM, LINK
    player.save()
    played_tournament.name = SUM
    played_tournament.save()
    club.free_participations = 0  # every participant owes a membership: listed in the report
    club.save()

    assert_no_formula(
        client.get(reverse("tournament_xlsx", args=[played_tournament.pk])), SUM, LINK
    )
    assert_no_formula(client.get(reverse("season_xlsx", args=[season.pk])), LINK)
    assert_no_formula(committee_client.get(reverse("staff_money_xlsx", args=[season.pk])), LINK)


def test_team_names_stay_text(client, make_tournament):
    tournament = make_tournament(game="quarante", players=4, rounds=1)
    team = tournament.teams.order_by("pk").first()
    team.name = LINK
    team.save()
    play_round(drawing.draw_round(tournament, seed=1), "quarante")

    assert_no_formula(client.get(reverse("tournament_xlsx", args=[tournament.pk])), LINK)
    assert_no_formula(client.get(reverse("season_xlsx", args=[tournament.season.pk])))
