"""Every name typed by someone refuses control characters and bidirectional overrides, which
would hide or reorder text on the pages, the sheets and the exports (« Anne\\u202eeinnA »)."""

import pytest
from django.urls import reverse

from club.models import Club, Player, Season
from club.validators import forbidden_characters
from tournaments.models import Team, Tournament

pytestmark = pytest.mark.django_db

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE


@pytest.mark.parametrize(
    "char", ["\u202a", "\u202e", "\u2066", "\u2069", "\u200e", "\u200f", "\x00", "\x1b", "\t"]
)
def test_forbidden_characters_cover_controls_and_bidi(char):
    assert forbidden_characters(f"Anne{char}Dubois") == [f"U+{ord(char):04X}"]


def test_ordinary_names_are_accepted():
    assert forbidden_characters("Zoé N’Diaye-Lefèvre") == []


def refused(response, field: str) -> None:
    assert response.status_code in (200, 400)
    page = response.content.decode()
    assert f"Le champ « {field} » contient des caractères invisibles ou de contrôle" in page
    assert "U+202E" in page


def test_walk_in(scorekeeper_client, make_tournament):
    tournament = make_tournament(players=2)
    response = scorekeeper_client.post(
        reverse("staff_registration", args=[tournament.pk]),
        {"action": "walk_in", "first_name": "Anne", "last_name": f"Dubois{RLO}"},
    )
    refused(response, "Nom")
    assert f"Dubois{RLO}" in response.content.decode()  # what was typed is kept
    assert not Player.objects.filter(first_name="Anne").exists()


def test_team_name(scorekeeper_client, club, season, make_players):
    tournament = Tournament.objects.create(
        club=club, season=season, game="quarante", name="Q", date=season.start, rounds=1
    )
    from tournaments.services import registration

    entries = [registration.register_player(tournament, player=p) for p in make_players(2)]
    response = scorekeeper_client.post(
        reverse("staff_teams", args=[tournament.pk]),
        {"action": "pair", "first": entries[0].pk, "second": entries[1].pk, "name": f"As{RLO}"},
    )
    refused(response, "Nom de l’équipe")
    assert not Team.objects.exists()


def test_tournament_name(scorekeeper_client, club, season):
    data = {
        "club": club.pk,
        "season": season.pk,
        "game": "double_king",
        "name": f"Hiver{RLO}",
        "date": "2026-01-15",
        "rounds": "5",
        "entry_fee": "3,00",
    }
    refused(scorekeeper_client.post(reverse("staff_tournament_create"), data), "nom")
    assert not Tournament.objects.exists()


@pytest.fixture
def admin_client_fr(client, committee_user):
    committee_user.is_staff = committee_user.is_superuser = True
    committee_user.save()
    client.force_login(committee_user)
    return client


def test_admin_player_club_and_season(admin_client_fr, club):
    response = admin_client_fr.post(
        reverse("admin:club_player_add"),
        {"first_name": f"Anne{RLO}", "last_name": "Dubois", "active": "on"},
    )
    refused(response, "prénom")
    response = admin_client_fr.post(
        reverse("admin:club_club_add"),
        {
            "name": f"Cercle{RLO}",
            "slug": "cercle",
            "entry_fee": "3",
            "membership_fee": "7",
            "free_participations": "2",
        },
    )
    refused(response, "nom")
    response = admin_client_fr.post(
        reverse("admin:club_season_add"),
        {"club": club.pk, "name": f"2027{RLO}", "start": "2027-01-01", "end": "2027-12-31"},
    )
    refused(response, "nom")
    assert not Player.objects.exists()
    assert list(Club.objects.all()) == [club]
    assert not Season.objects.filter(name__startswith="2027").exists()
