"""French as the French write it, and each game's own words: money, places, the « best N »
header, neutral messages, French name order, and a search that forgives case, accents and
apostrophes."""

import pytest
from django.urls import reverse

from club.models import Player
from tournaments.models import Tournament, TournamentResult
from tournaments.services import drawing

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(club):
    names = [("Bob", "Gillet"), ("Anne", "Gérard"), ("Awa", "N’Diaye"), ("Zoé", "émile")]
    players = [Player.objects.create(first_name=f, last_name=last) for f, last in names]
    club.players.add(*players)
    return players


def test_names_sort_in_french_order(people):
    # Gérard before Gillet (a byte order puts « é » after « i »), « émile » among the E.
    assert [p.last_name for p in Player.objects.all()] == ["émile", "Gérard", "Gillet", "N’Diaye"]


def test_bulk_created_players_sort_too(club):
    Player.objects.bulk_create(
        [Player(first_name="B", last_name="Éloi"), Player(first_name="A", last_name="Zed")]
    )
    assert [p.last_name for p in Player.objects.all()] == ["Éloi", "Zed"]


@pytest.fixture
def joined(club):
    """Names whose parts are joined by an apostrophe or a hyphen, typed every way."""
    names = [("Marc", "D’Hondt"), ("Awa", "N'Guessan"), ("Jean-Pierre", "Lebrun")]
    players = [Player.objects.create(first_name=f, last_name=last) for f, last in names]
    club.players.add(*players)
    return players


@pytest.mark.parametrize(
    "typed, found",
    [
        ("dhondt", ["Marc D’Hondt"]),
        ("d'hondt", ["Marc D’Hondt"]),
        ("D’HONDT marc", ["Marc D’Hondt"]),
        ("nguessan", ["Awa N'Guessan"]),
        ("n’guessan", ["Awa N'Guessan"]),
        ("jeanpierre", ["Jean-Pierre Lebrun"]),
        ("jean pierre", ["Jean-Pierre Lebrun"]),
        ("jean-pierre leb", ["Jean-Pierre Lebrun"]),
    ],
)
def test_member_search_finds_names_joined_by_apostrophes_or_hyphens(
    scorekeeper_client, make_tournament, joined, typed, found
):
    tournament = make_tournament(players=0, rounds=1)
    response = scorekeeper_client.get(
        reverse("staff_member_search", args=[tournament.pk]), {"q": typed}
    )
    assert [p["name"] for p in response.json()["players"]] == found


def test_a_renamed_member_is_found_by_the_new_name(scorekeeper_client, make_tournament, joined):
    marc = joined[0]
    marc.last_name = "N’Goran"
    marc.save(update_fields=["last_name"])
    tournament = make_tournament(players=0, rounds=1)
    url = reverse("staff_member_search", args=[tournament.pk])
    assert [p["name"] for p in scorekeeper_client.get(url, {"q": "ngoran"}).json()["players"]] == [
        "Marc N’Goran"
    ]
    assert scorekeeper_client.get(url, {"q": "dhondt"}).json()["players"] == []


@pytest.mark.parametrize(
    "typed, found",
    [
        # found whatever the order typed; listed as the club writes names (« Prénom Nom »)
        ("gerard", ["Anne Gérard"]),
        ("GÉR", ["Anne Gérard"]),
        ("n'diaye", ["Awa N’Diaye"]),
        ("N’Diaye awa", ["Awa N’Diaye"]),
        ("zz", []),
    ],
)
def test_member_search_ignores_case_accents_and_apostrophes(
    scorekeeper_client, make_tournament, people, typed, found
):
    tournament = make_tournament(players=0, rounds=1)
    response = scorekeeper_client.get(
        reverse("staff_member_search", args=[tournament.pk]), {"q": typed}
    )
    assert [p["name"] for p in response.json()["players"]] == found


def test_registration_messages_do_not_assume_a_man(scorekeeper_client, make_tournament, people):
    tournament = make_tournament(players=0, rounds=1)
    url = reverse("staff_registration", args=[tournament.pk])
    anne = people[1]
    page = scorekeeper_client.post(
        url, {"action": "member", "player": anne.pk}, follow=True
    ).content.decode()
    assert "Inscription de Anne Gérard enregistrée." in page
    assert "est inscrit." not in page


def test_fees_are_written_the_french_way(committee_client, make_tournament, season):
    tournament = make_tournament(players=4, rounds=1)
    Tournament.objects.filter(pk=tournament.pk).update(entry_fee="7")
    page = committee_client.get(reverse("staff_money", args=[season.pk])).content.decode()
    assert "7,00\u00a0€" in page and "7.00" not in page
    reg = committee_client.get(reverse("staff_registration", args=[tournament.pk]))
    assert "Payé (7,00\u00a0€)" in reg.content.decode()


def test_team_standings_head_the_team_column_and_whist_names_its_pools(client, make_tournament):
    team = make_tournament("quarante", players=8, rounds=1)
    drawing.draw_round(team, seed=1)
    page = client.get(reverse("tournament_standings", args=[team.pk])).content.decode()
    assert "Équipe</" in page or ">Équipe<" in page
    whist = make_tournament("whist", players=4, rounds=1)
    page = client.get(reverse("tournament_standings", args=[whist.pk])).content.decode()
    assert "Meilleure poule" in page and "Meilleure ronde" not in page


def test_a_place_is_written_1er_then_2e(client, played_tournament):
    results = TournamentResult.objects.filter(tournament=played_tournament).order_by("rank")
    first, last = results.first(), results.last()
    assert first.rank == 1 and last.rank > 1
    url = "tournament_player"
    page = client.get(reverse(url, args=[played_tournament.pk, first.entry_id])).content.decode()
    assert "1er au classement" in page
    page = client.get(reverse(url, args=[played_tournament.pk, last.entry_id])).content.decode()
    assert f"{last.rank}e au classement" in page
