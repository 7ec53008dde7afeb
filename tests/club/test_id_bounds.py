"""Ids too large for the database (issue 32 §6): every field that takes an id bounds it — never a
server error, nothing half-saved. A URL's id past what a column holds answers 404: the « ids too
large » check of the one walk (tests/sweeps/checks.py)."""

import datetime

import pytest
from django.urls import reverse
from helpers import fr

from club.models import Season, StaffMembership
from club.roles import BUREAU, SAISIE
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

#: Past a signed 64-bit column (SQLite's INTEGER, PostgreSQL's bigint), and below it.
TOO_LARGE = [str(2**63), str(2**64), str(10**30), str(-(2**63) - 1)]


@pytest.fixture
def tournament(club, season):
    return Tournament.objects.create(
        club=club,
        season=season,
        game="double_king",
        name="Mardi",
        date=datetime.date(2026, 3, 3),
    )


@pytest.mark.parametrize("value", TOO_LARGE)
def test_ticking_an_id_too_large_is_refused_in_french_and_registers_nobody(
    committee_client, tournament, make_players, value
):
    players = make_players(3)
    url = reverse("staff_registration", args=[tournament.pk])
    # One good member ticked with the bad id: neither is registered.
    response = committee_client.post(
        url, {"action": "tick", "players": [str(players[0].pk), value]}
    )
    assert response.status_code == 400
    assert response.context["tick_form"].errors["players"] == [
        fr("Choose players of the club from the list.")
    ]
    assert not Entry.objects.filter(tournament=tournament).exists()
    # The good ones alone are registered.
    ok = committee_client.post(url, {"action": "tick", "players": [str(p.pk) for p in players]})
    assert ok.status_code == 302
    assert Entry.objects.filter(tournament=tournament).count() == 3


@pytest.mark.parametrize("value", TOO_LARGE)
def test_choosing_a_member_by_an_id_too_large_is_refused_in_french(
    committee_client, tournament, make_players, value
):
    make_players(2)
    url = reverse("staff_registration", args=[tournament.pk])
    response = committee_client.post(url, {"action": "member", "player": value})
    assert response.status_code == 400
    assert response.context["member_form"].errors["player"] == [
        fr("Choose a player of the club from the list.")
    ]
    assert not Entry.objects.exists()


@pytest.mark.parametrize("value", TOO_LARGE)
def test_a_role_change_for_an_id_too_large_changes_nothing(
    committee_client, committee_user, club, value
):
    url = reverse("club_staff", args=[club.slug])
    for action in ("role", "revoke"):
        response = committee_client.post(url, {"action": action, "user": value, "role": SAISIE})
        assert response.status_code in (302, 400, 404)
    assert StaffMembership.objects.get(user=committee_user, club=club).role == BUREAU


@pytest.mark.parametrize("value", TOO_LARGE)
def test_a_season_too_large_for_a_tournament_is_refused(committee_client, club, season, value):
    data = {"club": club.pk, "season": value, "game": "whist", "name": "Jeudi"}
    response = committee_client.post(
        reverse("staff_tournament_create"), {**data, "date": "2026-03-05"}
    )
    assert response.status_code in (200, 400)
    assert "season" in response.context["form"].errors
    assert not Tournament.objects.exists() and Season.objects.count() == 1
