"""Registering an evening by ticking the members present, « les mêmes que la dernière fois »,
« Présent » and « Payé » toggled in place, and the new tournament's per-game settings
(issue 24 §4)."""

import datetime

import pytest
from django.urls import reverse
from django.utils import translation
from helpers import fr

from club.models import Player
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def fr_plural(singular: str, plural: str, count: int, **params: object) -> str:
    with translation.override("fr"):
        return translation.ngettext(singular, plural, count) % {"count": count, **params}


def test_ticked_members_are_registered_at_once(scorekeeper_client, make_tournament, club):
    tournament = make_tournament("whist", players=0, rounds=1)
    members = [Player.objects.create(first_name=f"P{i}", last_name=f"Membre{i}") for i in range(6)]
    club.players.add(*members)
    url = reverse("staff_registration", args=[tournament.pk])
    page = scorekeeper_client.get(url)
    assert page.context["tick_form"].fields["players"].queryset.count() == 6
    response = scorekeeper_client.post(
        url, {"action": "tick", "players": [m.pk for m in members[:4]]}, follow=True
    )
    assert (
        fr_plural("%(count)d player registered.", "%(count)d players registered.", 4)
        in response.content.decode()
    )
    entries = Entry.objects.filter(tournament=tournament)
    assert {e.player_id for e in entries} == {m.pk for m in members[:4]}
    assert all(e.present for e in entries)
    # Those registered are no longer offered; nothing ticked: a French message, no change.
    page = scorekeeper_client.get(url)
    assert page.context["tick_form"].fields["players"].queryset.count() == 2
    response = scorekeeper_client.post(url, {"action": "tick"})
    assert response.status_code == 400
    assert response.context["tick_form"].errors["players"] == [fr("Tick at least one member.")]
    assert entries.count() == 4


def test_another_clubs_player_cannot_be_ticked(scorekeeper_client, make_tournament):
    tournament = make_tournament("whist", players=0, rounds=1)
    stranger = Player.objects.create(first_name="Autre", last_name="Club")
    response = scorekeeper_client.post(
        reverse("staff_registration", args=[tournament.pk]),
        {"action": "tick", "players": [stranger.pk]},
    )
    assert response.status_code == 400
    assert not Entry.objects.filter(tournament=tournament).exists()


def test_the_same_as_last_time(scorekeeper_client, make_tournament):
    last = make_tournament("whist", players=8, rounds=1, date=datetime.date(2026, 3, 7))
    gone = last.entries.first()
    Entry.objects.filter(pk=gone.pk).update(withdrawn=True)
    tonight = make_tournament(
        "whist", players=0, rounds=1, name="Whist 14", date=datetime.date(2026, 3, 14)
    )
    url = reverse("staff_registration", args=[tonight.pk])
    page = scorekeeper_client.get(url).content.decode()
    assert fr("The same as last time") in page
    response = scorekeeper_client.post(url, {"action": "same_as_last"}, follow=True)
    assert (
        fr_plural(
            "%(count)d player of %(tournament)s registered.",
            "%(count)d players of %(tournament)s registered.",
            7,
            tournament=last.name,
        )
        in response.content.decode()
    )
    registered = set(tonight.entries.values_list("player_id", flat=True))
    assert registered == set(last.entries.exclude(pk=gone.pk).values_list("player_id", flat=True))
    # Again: nobody twice.
    scorekeeper_client.post(url, {"action": "same_as_last"})
    assert tonight.entries.count() == 7


def test_present_and_paid_toggle_in_place_or_by_the_form(scorekeeper_client, make_tournament):
    tournament = make_tournament("whist", players=4, rounds=1)
    entry = tournament.entries.first()
    url = reverse("staff_registration", args=[tournament.pk])
    page = scorekeeper_client.get(url).content.decode()
    assert 'data-toggle="paid"' in page and 'data-toggle="present"' in page
    data = {"action": "paid", "entry": entry.pk, "value": "1"}
    response = scorekeeper_client.post(url, data, headers={"accept": "application/json"})
    assert response.json() == {"value": True, "playing": 4}
    entry.refresh_from_db()
    assert entry.paid
    # Without the script: the form posts and the page comes back.
    data = {"action": "present", "entry": entry.pk, "value": "0"}
    assert scorekeeper_client.post(url, data).status_code == 302
    entry.refresh_from_db()
    assert not entry.present


def test_a_double_king_tournament_has_no_target_nor_clock(committee_client, make_tournament):
    tournament = make_tournament("double_king", players=0)
    html = committee_client.get(
        reverse("staff_tournament_edit", args=[tournament.pk])
    ).content.decode()
    assert 'name="target"' not in html and 'name="round_minutes"' not in html
