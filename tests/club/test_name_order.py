"""Names one way: the club chooses « Prénom Nom » (the default) or « Nom Prénom », and every
page follows — the public pages and the hall screen, the staff's pages, a table's phone, the
Excel files and the wall plan — from the next view on, the setting changed on the club's own
settings page (committee only, a bad choice refused with a French message)."""

import io
import subprocess

import pytest
from django.test import Client
from django.urls import reverse
from helpers import tournament_pages
from openpyxl import load_workbook

from club import names
from club.models import Club, Player
from tournaments.models import Seat
from tournaments.tableside import table_entry

pytestmark = pytest.mark.django_db

GUY = "guy henrard"  # the pages' texts casefolded
HENRARD = "henrard guy"


@pytest.fixture
def evening(played_tournament):
    """``played_tournament`` with one of its players called Guy Henrard."""
    entry = played_tournament.entries.select_related("player").order_by("pk").first()
    Player.objects.filter(pk=entry.player_id).update(first_name="Guy", last_name="Henrard")
    player = Player.objects.get(pk=entry.player_id)
    player.save()  # his sort key
    seat = Seat.objects.filter(entry=entry).select_related("table").order_by("-round__number")[0]
    return played_tournament, entry, seat.table


def page_texts(client, committee_client, tournament, entry, table) -> dict[str, str]:
    """Every kind of page that names players, as text (an Excel file: its cells)."""
    season = tournament.season
    last_round = table.round
    html = tournament_pages(tournament, entry, table)
    staff = {
        "registration": reverse("staff_registration", args=[tournament.pk]),
        "staff round": reverse("staff_round", args=[last_round.pk]),
        "staff standings": reverse("staff_standings", args=[tournament.pk]),
        "sheet": reverse("staff_sheet", args=[table.pk]),
    }
    texts = {}
    for name, url in html.items():
        response = client.get(url)
        assert response.status_code == 200, name
        texts[name] = response.content.decode()
    for name, url in staff.items():
        response = committee_client.get(url)
        assert response.status_code == 200, name
        texts[name] = response.content.decode()
    link = table_entry.issue_link(table, user=None)
    texts["phone"] = client.get(table_entry.link_path(link)).content.decode()
    for name, url in (
        ("excel", reverse("tournament_xlsx", args=[tournament.pk])),
        ("season excel", reverse("season_xlsx", args=[season.pk])),
    ):
        workbook = load_workbook(io.BytesIO(client.get(url).content), read_only=True)
        texts[name] = "\n".join(
            str(cell) for sheet in workbook for row in sheet.values for cell in row if cell
        )
    # The wall plan prints last names in capitals: « Guy HENRARD ».
    plan = committee_client.get(reverse("round_plan_pdf", args=[last_round.pk])).content
    texts["wall plan"] = subprocess.run(
        ["pdftotext", "-", "-"], input=plan, capture_output=True, check=True
    ).stdout.decode()
    return {name: text.casefold() for name, text in texts.items()}


def test_every_page_writes_names_the_clubs_way(committee_client, evening):
    client = Client()  # a visitor (his pages kept in the cache), beside the committee's
    tournament, entry, table = evening
    club = tournament.club
    assert club.name_order == names.FIRST_LAST  # the default: « Prénom Nom »

    texts = page_texts(client, committee_client, tournament, entry, table)
    assert {name for name, text in texts.items() if GUY not in text} == set()
    assert {name for name, text in texts.items() if HENRARD in text} == set()

    # The committee chooses « Nom Prénom » on the club's page: every page follows at once,
    # the cached public pages too.
    response = committee_client.post(
        reverse("club_settings", args=[club.slug]),
        {"name_order": names.LAST_FIRST, "language": "fr"},
    )
    assert response.status_code == 302
    texts = page_texts(client, committee_client, tournament, entry, table)
    assert {name for name, text in texts.items() if HENRARD not in text} == set()
    assert {name for name, text in texts.items() if GUY in text} == set()


def test_ties_stay_in_alphabetical_order_of_last_names(client, make_tournament):
    whist = make_tournament("whist", players=4, rounds=1)
    renamed = [("Zoé", "Albert"), ("Anne", "Bernard"), ("Yves", "Colin"), ("Bob", "Dupont")]
    for entry, (first, last) in zip(whist.entries.order_by("pk"), renamed, strict=True):
        entry.player.first_name, entry.player.last_name = first, last
        entry.player.save()
    html = client.get(reverse("tournament_standings", args=[whist.pk])).content.decode()
    # Nobody has played: all tied, listed by last name (Albert, Bernard, Colin, Dupont).
    places = [html.index(name) for name in ("Zoé Albert", "Anne Bernard", "Yves Colin")]
    assert places == sorted(places)


def test_the_setting_is_the_committees_and_refuses_a_made_up_order(
    committee_client, scorekeeper_user, club
):
    url = reverse("club_settings", args=[club.slug])
    page = committee_client.get(url).content.decode()
    assert "Prénom puis nom (Guy Henrard)" in page and "Nom puis prénom (Henrard Guy)" in page

    refused = committee_client.post(url, {"name_order": "sideways"})
    assert refused.status_code == 400
    assert "Noms des joueurs : choisissez l’un des deux ordres." in refused.content.decode()
    club.refresh_from_db()
    assert club.name_order == names.FIRST_LAST  # nothing saved

    empty = committee_client.post(url, {})
    assert empty.status_code == 400
    assert "Noms des joueurs : choisissez comment les écrire." in empty.content.decode()

    scorekeeper = Client()
    scorekeeper.force_login(scorekeeper_user)
    assert scorekeeper.get(url).status_code == 403
    assert scorekeeper.post(url, {"name_order": names.LAST_FIRST}).status_code == 403
    other = Club.objects.create(name="Autre cercle", slug="autre-cercle")
    assert committee_client.get(reverse("club_settings", args=[other.slug])).status_code == 404
    assert Client().get(url).status_code == 302  # to the login page
    club.refresh_from_db()
    assert club.name_order == names.FIRST_LAST


def test_the_order_of_one_request_never_leaks_into_the_next(client, evening):
    tournament, _entry, _table = evening
    Club.objects.filter(pk=tournament.club_id).update(name_order=names.LAST_FIRST)
    standings = client.get(reverse("tournament_standings", args=[tournament.pk]))
    assert "Henrard Guy" in standings.content.decode()
    # A page of no club (the home page) after it: the default order again.
    client.get(reverse("home"))
    assert names.active_name_order() == names.FIRST_LAST
