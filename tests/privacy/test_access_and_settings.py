"""The right of access (a player's data as one file), the club's privacy settings, its notice,
search engines kept out, and retention (docs/privacy.md)."""

import datetime
import io
import json

import pytest
from axes.models import AccessAttempt, AccessLog
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from club.models import Membership, Player
from tournaments.models import Entry, Tournament
from tournaments.printing.models import PdfExport


def played_tournament_name(player) -> str:
    return Entry.objects.get(player=player).tournament.name


@pytest.fixture
def member(played_tournament):
    return Entry.objects.filter(tournament=played_tournament).first().player


def test_a_players_data_as_json_holds_his_entries_results_and_deals(member, committee_client, club):
    response = committee_client.get(reverse("player_data_json", args=[club.slug, member.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith(f'donnees-joueur-{member.pk}.json"')
    data = json.loads(response.content)
    assert data["player"][0]["last_name"] == member.last_name
    assert [e["tournament"] for e in data["entries"]] == [played_tournament_name(member)]
    assert len(data["results"]) == 1
    # Two rounds of Double King at his tables: 20 games each.
    assert {(d["round"], d["deal"]) for d in data["deals"]} == {
        (r, n) for r in (1, 2) for n in range(1, 21)
    }


def test_a_players_data_as_a_workbook_reads_back_in_french(member, committee_client, club):
    response = committee_client.get(reverse("player_data_xlsx", args=[club.slug, member.pk]))
    assert response.status_code == 200
    workbook = load_workbook(io.BytesIO(response.content))
    assert workbook.sheetnames == [
        "À propos de ce fichier",
        "Joueur",
        "Cotisations",
        "Inscriptions",
        "Résultats",
        "Donnes à ses tables",
        "Journal des modifications",
    ]
    sheet = workbook["Joueur"]
    header = [cell.value for cell in sheet[2]]
    assert header[:3] == ["Identifiant", "Prénom", "Nom"]
    assert [cell.value for cell in sheet[3]][2] == member.last_name
    assert workbook["Donnes à ses tables"].max_row == 2 + 40


def cells(sheet) -> list:
    return [cell for row in sheet.iter_rows(min_row=3) for cell in row]


def test_a_players_workbook_is_a_document_a_person_reads(member, committee_client, club):
    """Dates formatted, headers in the club's words (« Début », not the verb « Démarrer »),
    games by their names, nothing written « None », and a first sheet saying what it is."""
    Membership.objects.create(player=member, season=club.seasons.first(), amount=10)
    response = committee_client.get(reverse("player_data_xlsx", args=[club.slug, member.pk]))
    workbook = load_workbook(io.BytesIO(response.content))
    about = workbook.worksheets[0]
    assert about.title == "À propos de ce fichier"
    lines = {row[0]: row[1] for row in about.iter_rows(min_row=3, values_only=True)}
    assert lines["Pour"] == member.full_name
    assert lines["Par le club"] == club.name
    assert isinstance(lines["Établi le"], datetime.datetime)
    assert "droit d’accès" in lines["Ce fichier"]
    memberships = workbook["Cotisations"]
    assert [cell.value for cell in memberships[2]][:3] == ["Saison", "Début", "Fin"]
    start = memberships["B3"]
    assert isinstance(start.value, datetime.datetime) and start.number_format == "DD/MM/YYYY"
    entries = workbook["Inscriptions"]
    header = [cell.value for cell in entries[2]]
    row = {name: cell for name, cell in zip(header, entries[3], strict=True)}
    assert row["Date"].number_format == "DD/MM/YYYY"
    assert row["Jeu"].value == "Double King"
    assert row["Présent"].value in ("oui", "non")
    for sheet in workbook.worksheets:
        for cell in cells(sheet):
            assert cell.value != "None" and cell.value is not False
            if isinstance(cell.value, datetime.datetime):
                assert cell.number_format.startswith("DD/MM/YYYY")
    header = [cell.value for cell in workbook["Joueur"][2]]
    assert "Démarrer" not in header
    # The audit trail's change is a noun, not the verb « Changer ».
    assert [cell.value for cell in workbook["Journal des modifications"][2]][-1] == "Modification"


def test_only_the_committee_exports(member, scorekeeper_client, club):
    url = reverse("player_data_json", args=[club.slug, member.pk])
    assert scorekeeper_client.get(url).status_code == 403


def test_a_pseudonym_mode_without_a_pseudonym_is_refused_on_the_field(
    member, committee_client, club
):
    url = reverse("club_member", args=[club.slug, member.pk])
    response = committee_client.post(url, {"public_name": "pseudonym", "pseudonym": ""})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Tapez le pseudonyme choisi par le joueur." in page
    assert '<option value="pseudonym" selected>' in page  # what was chosen is kept
    member.refresh_from_db()
    assert member.public_name == ""
    response = committee_client.post(url, {"public_name": "pseudonym", "pseudonym": "L'As"})
    assert response.status_code == 302
    member.refresh_from_db()
    assert (member.public_name, member.pseudonym) == ("pseudonym", "L'As")


def test_the_notice_is_shown_as_text_never_as_markup(committee_client, club, client):
    url = reverse("club_privacy_settings", args=[club.slug])
    notice = "Le club garde vos résultats.\n<script>alert(1)</script>"
    response = committee_client.post(
        url, {"default_public_name": "initials", "privacy_notice": notice}
    )
    assert response.status_code == 302
    client.logout()
    page = client.get(reverse("club_privacy", args=[club.slug])).content.decode()
    assert "Le club garde vos résultats." in page
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page


def test_a_bad_default_is_refused_and_nothing_saved(committee_client, club):
    url = reverse("club_privacy_settings", args=[club.slug])
    response = committee_client.post(
        url, {"default_public_name": "everyone", "privacy_notice": "x"}
    )
    assert response.status_code == 400
    assert "Sélectionnez un choix valide" in response.content.decode()
    club.refresh_from_db()
    assert club.privacy_notice == ""


def test_every_page_links_its_clubs_notice(played_tournament, client, club):
    standings = client.get(reverse("tournament_standings", args=[played_tournament.pk]))
    assert reverse("club_privacy", args=[club.slug]) in standings.content.decode()
    home = client.get(reverse("tournament_list")).content.decode()
    assert reverse("site_privacy") in home or reverse("club_privacy", args=[club.slug]) in home


def test_search_engines_are_kept_out_when_the_club_asks(played_tournament, client, club):
    url = reverse("tournament_standings", args=[played_tournament.pk])
    first = client.get(url)
    assert "X-Robots-Tag" not in first
    assert 'name="robots"' not in first.content.decode()
    club.hide_from_search_engines = True
    club.save()
    page = client.get(url)  # the cached page follows at once
    assert page["X-Robots-Tag"] == "noindex"
    assert '<meta name="robots" content="noindex">' in page.content.decode()
    again = client.get(url, HTTP_IF_NONE_MATCH=page["ETag"])
    assert again.status_code == 304 and again["X-Robots-Tag"] == "noindex"
    home = client.get(reverse("club_home", args=[club.slug]))
    assert home["X-Robots-Tag"] == "noindex"


@override_settings(ATOUT_LOGIN_RETENTION_DAYS=30, ATOUT_TASK_RETENTION_DAYS=7)
def test_retention_follows_the_sites_settings(played_tournament):
    # The command's defaults are read when it is loaded: the settings as they are now.
    now = timezone.now()
    old_log = AccessLog.objects.create(username="x", ip_address="10.0.0.1", user_agent="ua")
    young_log = AccessLog.objects.create(username="y", ip_address="10.0.0.2", user_agent="ua")
    AccessLog.objects.filter(pk=old_log.pk).update(attempt_time=now - datetime.timedelta(days=31))
    AccessLog.objects.filter(pk=young_log.pk).update(attempt_time=now - datetime.timedelta(days=29))
    attempt = AccessAttempt.objects.create(
        username="z", ip_address="10.0.0.3", user_agent="ua", failures_since_start=1
    )
    AccessAttempt.objects.filter(pk=attempt.pk).update(
        attempt_time=now - datetime.timedelta(days=31)
    )
    old_doc = PdfExport.objects.create(kind="round_sheets", tournament=played_tournament)
    young_doc = PdfExport.objects.create(kind="round_sheets", tournament=played_tournament)
    PdfExport.objects.filter(pk=old_doc.pk).update(created_at=now - datetime.timedelta(days=8))
    call_command("periodic_jobs", stdout=io.StringIO())
    assert list(AccessLog.objects.values_list("pk", flat=True)) == [young_log.pk]
    assert not AccessAttempt.objects.exists()
    assert list(PdfExport.objects.values_list("pk", flat=True)) == [young_doc.pk]


def test_members_page_lists_players_with_their_public_mode(member, committee_client, club):
    club.default_public_name = "initials"
    club.save()
    member.public_name = "hidden"
    member.save()
    page = committee_client.get(reverse("club_members", args=[club.slug])).content.decode()
    assert reverse("club_member", args=[club.slug, member.pk]) in page
    assert "Masqué (« Joueur 17 »)" in page
    assert "Prénom et initiale (« Josiane P. ») (réglage du club)" in page
    assert Player.objects.filter(clubs=club).count() == 8
    assert Tournament.objects.count() == 1
