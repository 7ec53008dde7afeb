"""A walk-in sent twice (a double tap, a retried request) makes one player and one entry."""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from club.models import Player
from tournaments.models import Entry
from tournaments.selectors import lineup
from tournaments.services import registration

TRIES = 10


def post_at_once(user, url: str, data: dict[str, str], count: int = 2) -> list[int]:
    """``count`` identical POSTs released together, each from its own thread and connection."""
    barrier = threading.Barrier(count)
    statuses: list[int] = []

    def send() -> None:
        client = Client()
        client.force_login(user)
        try:
            barrier.wait()
            statuses.append(client.post(url, data).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite's in-memory test database cannot take writes from two threads at once",
)
@pytest.mark.django_db(transaction=True)
def test_concurrent_identical_walk_ins_register_one_player(scorekeeper_user, make_tournament):
    tournament = make_tournament(players=2)
    url = reverse("staff_registration", args=[tournament.pk])
    for n in range(TRIES):
        data = {"action": "walk_in", "first_name": "Zoé", "last_name": f"Double{n}"}
        # The second is either told by the form that the player exists (400: the first had
        # already saved) or reaches the service, which finds him (302 with a kind message).
        assert sorted(post_at_once(scorekeeper_user, url, data)) in ([302, 302], [302, 400])
    players = Player.objects.filter(last_name__startswith="Double")
    assert players.count() == TRIES
    assert Entry.objects.filter(tournament=tournament, player__in=players).count() == TRIES


def test_a_second_identical_walk_in_finds_the_player_and_says_so(
    scorekeeper_client, make_tournament, monkeypatch
):
    tournament = make_tournament(players=2)
    first = registration.add_walk_in(tournament, first_name="Awa", last_name="N'Diaye")
    again = registration.add_walk_in(
        tournament, first_name=" awa ", last_name="N’DIAYE"
    )  # a phone's curly apostrophe
    assert (again.new_player, again.new_entry) == (False, False)
    assert again.entry == first.entry
    assert Player.objects.filter(last_name="N'Diaye").count() == 1
    # The page answers kindly when a double tap gets past the form's check (both requests
    # checked before either saved): the service finds the player the first one created.
    url = reverse("staff_registration", args=[tournament.pk])
    data = {"action": "walk_in", "first_name": "Zoé", "last_name": "Roy"}
    scorekeeper_client.post(url, data)
    monkeypatch.setattr("tournaments.forms.club_player_named", lambda *args: None)
    response = scorekeeper_client.post(url, data, follow=True)
    assert "Zoé Roy : inscription déjà faite, rien n’a été ajouté." in response.content.decode()
    assert Entry.objects.filter(tournament=tournament, player__last_name="Roy").count() == 1


def test_the_desk_registers_a_member_or_a_walk_in_through_one_service(make_tournament, club):
    tournament = make_tournament(players=2)
    assert lineup.playing_count(tournament) == 2
    member = Player.objects.create(first_name="Jef", last_name="Peeters")
    member.clubs.add(club)
    registered = registration.register(tournament, player=member, substitute=True)
    assert (registered.entry.player, registered.entry.substitute, registered.added) == (
        member,
        True,
        True,
    )
    walk_in = registration.register(tournament, first_name="Awa", last_name="Diallo")
    again = registration.register(tournament, first_name="awa", last_name="DIALLO")
    assert walk_in.added and not again.added and again.entry == walk_in.entry
    assert lineup.playing_count(tournament) == 4
    registration.update_entry(walk_in.entry, withdrawn=True)
    assert lineup.playing_count(tournament) == 3


def test_walk_in_form_finds_a_member_whatever_the_accents(scorekeeper_client, make_tournament):
    tournament = make_tournament(players=2)
    tournament.club.players.add(Player.objects.create(first_name="Gérard", last_name="Lefèvre"))
    url = reverse("staff_registration", args=[tournament.pk])
    response = scorekeeper_client.post(
        url, {"action": "walk_in", "first_name": "gerard", "last_name": "LEFEVRE"}
    )
    assert response.status_code == 400
    assert "est déjà joueur du club" in response.content.decode()
    assert Player.objects.filter(last_name="Lefèvre").count() == 1
