"""The registration list at the desk (issue 37, « At the tables and the desk »): players in
the accent-free order of the rest of the site (« Étienne » among the E's, not after « Van den
Bossche »), and deleting a registration is named apart from « Retiré » and asked once more."""

import pytest
from django.urls import reverse

from club.models import Player
from tournaments.models import Entry
from tournaments.services import registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(make_tournament, club):
    tournament = make_tournament(players=0, rounds=1)
    for first, last in (("Marc", "Van den Bossche"), ("Anne", "Étienne"), ("Paul", "Dupont")):
        player = Player.objects.create(first_name=first, last_name=last)
        club.players.add(player)
        registration.register_player(tournament, player=player)
    return tournament


def test_the_list_sorts_by_the_accent_free_name(scorekeeper_client, tournament):
    html = scorekeeper_client.get(reverse("staff_registration", args=[tournament.pk])).content
    text = html.decode()
    text = text[text.rindex('<table class="data">') :]  # the list (the ticks above have theirs)
    places = [text.index(name) for name in ("Paul Dupont", "Anne Étienne", "Marc Van den Bossche")]
    assert places == sorted(places)


def test_deleting_a_registration_is_named_apart_and_confirmed(scorekeeper_client, tournament):
    url = reverse("staff_registration", args=[tournament.pk])
    page = scorekeeper_client.get(url).content.decode()
    assert ">Retirer<" not in page  # the word of « Retiré » is no longer the deletion's
    assert 'Supprimer<span class="visually-hidden"> — Paul Dupont</span>' in page
    entry = Entry.objects.get(tournament=tournament, player__last_name="Dupont")

    asked = scorekeeper_client.post(url, {"action": "remove", "entry": entry.pk})
    assert asked.status_code == 200
    text = asked.content.decode()
    assert "Supprimer l’inscription de Paul Dupont ?" in text
    assert "Retour, sans supprimer" in text
    assert Entry.objects.filter(pk=entry.pk).exists()  # nothing deleted yet

    done = scorekeeper_client.post(
        url, {"action": "remove", "entry": entry.pk, "confirm": "1"}, follow=True
    )
    assert "L’inscription de Paul Dupont est supprimée." in done.content.decode()
    assert not Entry.objects.filter(pk=entry.pk).exists()
