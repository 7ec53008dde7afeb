"""The merge page finds the two records by a search, not in a list of every player of the
federation (3,000 players: no phone scrolls that): by name or licence number, at most 20
matches, no JavaScript; players of another federation's or of another club never appear; a
bad search is named in French."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Club, Player
from tournaments.federation.holders import SEARCH_LIMIT
from tournaments.federation.models import Federation, Licence

pytestmark = pytest.mark.django_db


def _player(club: Club, first: str, last: str, licence: str = "") -> Player:
    player = Player.objects.create(first_name=first, last_name=last, licence_number=licence)
    player.clubs.add(club)
    return player


URL = reverse("federation_merge", args=["ffw"])


def _rows(response) -> str:
    assert response.status_code == 200, response.content.decode()[:2000]
    return response.content.decode()


def test_the_page_lists_nobody_before_a_search(committee: Client, club: Club) -> None:
    _player(club, "Guy", "Henrard")
    page = _rows(committee.get(URL))
    assert "Henrard" not in page and "<select" not in page
    assert 'id="merge-search"' in page and 'method="get"' in page and "Chercher un joueur" in page


def test_the_search_finds_by_name_and_by_licence(
    committee: Client, ffw: Federation, club: Club, hel: Club
) -> None:
    guy = _player(club, "Guy", "Henrard", licence="B-1234")
    twice = _player(hel, "Guy", "Henrart")
    _player(club, "Marie", "Lambert")
    page = _rows(committee.get(URL, {"q": "henrar"}))
    assert "Guy Henrard — " in page and "Guy Henrart — Whist Hélécine" in page
    assert "Lambert" not in page and "2 joueurs correspondent à « henrar »" in page
    assert f'name="kept" value="{guy.pk}"' in page and f'name="absorbed" value="{twice.pk}"' in page
    # Two words: both must be in his name, in any order.
    page = _rows(committee.get(URL, {"q": "Henrart guy"}))
    assert "Guy Henrart" in page and "Guy Henrard" not in page
    # The site's licence number, and the federation's own.
    page = _rows(committee.get(URL, {"q": "b-1234"}))
    assert "Guy Henrard" in page and "Henrart" not in page and "B-1234" in page
    Licence.objects.create(
        federation=ffw,
        number="FW-77",
        last_name="Henrart",
        first_name="Guy",
        club=hel,
        player=twice,
        valid_from=datetime.date(2025, 9, 1),
        valid_until=datetime.date(2026, 8, 31),
    )
    page = _rows(committee.get(URL, {"q": "FW-77"}))
    assert "Guy Henrart" in page and "FW-77" in page and "Guy Henrard" not in page
    page = _rows(committee.get(URL, {"q": "Personne"}))
    assert "Aucun joueur des clubs de la fédération ne correspond à « Personne »." in page
    # Picked among the matches: the preview and its confirmation as before.
    preview = _rows(
        committee.post(
            URL, {"action": "preview", "kept": guy.pk, "absorbed": twice.pk, "q": "henrar"}
        )
    )
    assert 'id="merge-preview"' in preview and "Fusionner Guy Henrart dans Guy Henrard" in preview


def test_at_most_twenty_matches_and_a_word_to_type_more(committee: Client, club: Club) -> None:
    for number in range(SEARCH_LIMIT + 5):
        _player(club, f"Jean{number:02d}", "Dubois")
    page = _rows(committee.get(URL, {"q": "dubois"}))
    assert page.count('name="kept"') == SEARCH_LIMIT == 20
    assert "Plus de 20 joueurs correspondent : tapez davantage du nom" in page


def test_the_search_costs_the_same_queries_for_many_players(
    committee: Client, club: Club, django_assert_max_num_queries
) -> None:
    for number in range(60):
        _player(club, f"Jean{number:02d}", "Dubois")
    committee.get(URL, {"q": "dubois"})  # warm the session and caches
    with django_assert_max_num_queries(12):
        committee.get(URL, {"q": "dubois"})


def test_other_federations_and_clubs_players_never_appear(
    committee: Client, club: Club, hel: Club, make_federation
) -> None:
    elsewhere = Club.objects.create(name="Ailleurs", slug="ailleurs")
    make_federation("Fédération flamande", "vwb", elsewhere)
    lonely = Club.objects.create(name="Seul", slug="seul")
    _player(club, "Guy", "Henrard", licence="B-1")
    _player(elsewhere, "Guy", "Henrardi", licence="B-2")
    _player(lonely, "Guy", "Henrardo", licence="B-3")
    erased = _player(club, "Guy", "Henrardu")
    Player.objects.filter(pk=erased.pk).update(erased_at=datetime.datetime.now(datetime.UTC))
    for query in ("henrard", "guy", "B-"):
        page = _rows(committee.get(URL, {"q": query}))
        assert "Guy Henrard —" in page, query
        for hidden in ("Henrardi", "Henrardo", "Henrardu", "Ailleurs", "Seul"):
            assert hidden not in page, (query, hidden)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("h", "« Chercher un joueur » : tapez au moins 2 caractères."),
        ("   x  ", "« Chercher un joueur » : tapez au moins 2 caractères."),
        ("x" * 81, "« Chercher un joueur » : 80 caractères au plus."),
        ("", "« Chercher un joueur » : tapez une partie d’un nom ou un numéro de licence."),
    ],
)
def test_a_bad_search_is_named_in_french(committee: Client, club: Club, typed, said) -> None:
    _player(club, "Guy", "Henrard")
    response = committee.get(URL, {"q": typed})
    assert response.status_code == 400
    page = response.content.decode()
    assert said in page and "Henrard" not in page


def test_the_search_in_the_federations_dutch(club: Club, make_federation, make_committee) -> None:
    federation = make_federation("Vlaamse Bond", "vlaamse-bond", club, language="nl")
    client = make_committee(federation, "bond")
    _player(club, "Jan", "Peeters")
    url = reverse("federation_merge", args=["vlaamse-bond"])
    page = client.get(url, {"q": "peet"}).content.decode()
    assert "Speler zoeken" in page and "1 speler past bij « peet »" in page
    assert "Het behouden record" in page
    bad = client.get(url, {"q": "p"}).content.decode()
    assert "“Speler zoeken”: typ minstens 2 tekens." in bad
