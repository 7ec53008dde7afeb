"""Who may play, at the door (issue 35 §3): a club's tournament counting for a federation's
season, each player's licence state in words and a mark on the registration page (one query
for the whole page's states), the refusal of an unlicensed player where only licensed ones may
play, and a walk-in's licence matched at once to its holder."""

import datetime
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from helpers import DOOR_DAY as DAY
from helpers import door_licence, door_of_24, door_tournament, wallonne

from club.models import Club, Player
from tournaments.federation import door, services
from tournaments.federation.models import (
    CountedTournament,
    Federation,
    Licence,
)
from tournaments.models import Entry, Tournament
from tournaments.services import holds, registration
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


@pytest.fixture
def ffw(club: Club) -> Federation:
    return wallonne("whist", member=club)


@pytest.fixture
def tournament(club: Club, season) -> Tournament:
    return door_tournament(club, season)


def test_counting_is_approved_at_once_unless_the_federation_approves_it(
    ffw: Federation, tournament: Tournament
) -> None:
    counted = door.set_counted(tournament, federation=ffw, unlicensed_may_play=False)
    assert counted is not None
    assert (counted.status, counted.season.name) == ("approved", "2025-2026")
    Federation.objects.filter(pk=ffw.pk).update(requires_approval=True)
    ffw.refresh_from_db()
    door.set_counted(tournament, federation=None)
    asked = door.set_counted(tournament, federation=ffw)
    assert asked is not None and asked.status == "asked"
    assert door.set_counted(tournament, federation=None) is None
    assert not CountedTournament.objects.exists()


def test_a_date_outside_every_season_and_a_game_not_ranked_are_refused(
    ffw: Federation, tournament: Tournament, club: Club, season
) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(date=datetime.date(2026, 9, 12))
    tournament.refresh_from_db()
    with pytest.raises(services.FederationError) as refused:
        door.set_counted(tournament, federation=ffw)
    assert refused.value.field == "federation"
    assert "n’a aucune saison qui contient le 12 septembre 2026" in refused.value.message
    manille = Tournament.objects.create(
        club=club, season=season, game="double_king", name="Roi", date=DAY, rounds=2
    )
    with pytest.raises(services.FederationError):
        door.set_counted(manille, federation=ffw)
    assert not CountedTournament.objects.exists()


def test_the_settings_page_marks_the_tournament_and_names_the_field_at_fault(
    ffw: Federation, tournament: Tournament, committee_client: Client
) -> None:
    url = reverse("tournament_federation", args=[tournament.pk])
    page = committee_client.get(url)
    assert page.status_code == 200 and "Fédération wallonne" in page.content.decode()
    bad = committee_client.post(url, {"federation": "999999"})
    assert bad.status_code == 400
    assert "« Compte pour la fédération » : choisissez" in bad.content.decode()
    assert not CountedTournament.objects.exists()
    done = committee_client.post(url, {"federation": ffw.pk})
    assert done.status_code == 302
    counted = CountedTournament.objects.get()
    assert (counted.federation, counted.unlicensed_may_play) == (ffw, False)
    # Another club's committee: its tournament is not theirs (404).
    other = Club.objects.create(name="Autre", slug="autre")
    foreign = Tournament.objects.create(
        club=other, season=tournament.season, game="whist", name="X", date=DAY, rounds=1
    )
    assert (
        committee_client.get(reverse("tournament_federation", args=[foreign.pk])).status_code == 404
    )


def test_a_held_tournament_refuses_to_count(
    ffw: Federation, tournament: Tournament, committee_client: Client
) -> None:
    holds.hold_tournament(tournament=tournament, holder="Portable de la salle")
    with pytest.raises(TournamentError):
        door.set_counted(tournament, federation=ffw)
    url = reverse("tournament_federation", args=[tournament.pk])
    assert committee_client.post(url, {"federation": ffw.pk}).status_code == 409
    assert not CountedTournament.objects.exists()


def _door_page(scorekeeper_client: Client, tournament: Tournament) -> tuple[str, int]:
    url = reverse("staff_registration", args=[tournament.pk])
    with CaptureQueriesContext(connection) as queries:
        page = scorekeeper_client.get(url)
    assert page.status_code == 200
    return page.content.decode(), len(queries)


def _states(page: str) -> list[str]:
    return re.findall(r'<span class="tag licence licence-(\w+)">', page)


def test_the_door_with_24_players_says_each_licence_in_words(
    ffw: Federation, tournament: Tournament, club: Club, make_players, scorekeeper_client: Client
) -> None:
    door.set_counted(tournament, federation=ffw)
    players = make_players(24)
    door_of_24(ffw, players)
    registration.register_players(tournament, players[:12])
    _page, twelve = _door_page(scorekeeper_client, tournament)
    registration.register_players(tournament, players)
    page, queries = _door_page(scorekeeper_client, tournament)
    assert queries == twelve  # the states of the whole page in one query, whatever its size
    states = _states(page)
    assert sorted(states) == sorted(["valid"] * 20 + ["expired"] * 2 + ["unknown"] * 2)
    words = re.findall(r'licence-\w+"><span aria-hidden="true">(.)</span> (\w+)</span>', page)
    assert sorted({(mark, word) for mark, word in words}) == [
        ("?", "inconnue"),
        ("✔", "valide"),
        ("✖", "expirée"),
    ]
    assert page.count("valide</span>") == 20 and page.count("expirée</span>") == 2
    counted = CountedTournament.objects.get()
    with CaptureQueriesContext(connection) as one:
        states_read = door.licence_states(counted, DAY)
    assert len(one) == 1 and len(states_read) == 22
    # A page of a tournament that counts for nothing shows no licence column.
    door.set_counted(tournament, federation=None)
    assert _states(_door_page(scorekeeper_client, tournament)[0]) == []


def test_only_licensed_players_may_play_when_the_tournament_says_so(
    ffw: Federation, tournament: Tournament, club: Club, make_players
) -> None:
    door.set_counted(tournament, federation=ffw, unlicensed_may_play=False)
    valid, suspended, unknown = make_players(3)
    door_licence(ffw, valid, "W-1")
    door_licence(ffw, suspended, "W-2", status=Licence.Status.SUSPENDED)
    registration.register_player(tournament, player=valid)
    for player in (suspended, unknown):
        with pytest.raises(TournamentError) as refused:
            registration.register_player(tournament, player=player)
        assert player.full_name in str(refused.value) and "licence valide" in str(refused.value)
    with pytest.raises(TournamentError):
        registration.register_players(tournament, [valid, unknown])
    assert list(Entry.objects.values_list("player", flat=True)) == [valid.pk]
    # A laptop's bundle replayed here: its door was the hall's, not judged again.
    with holds.replaying(tournament):
        registration.register_player(tournament, player=unknown)
    assert Entry.objects.filter(player=unknown).exists()


def test_the_refusal_is_said_on_the_registration_page(
    ffw: Federation, tournament: Tournament, make_players, scorekeeper_client: Client
) -> None:
    door.set_counted(tournament, federation=ffw, unlicensed_may_play=False)
    (player,) = make_players(1)
    url = reverse("staff_registration", args=[tournament.pk])
    page = scorekeeper_client.post(url, {"action": "member", "player": player.pk})
    assert page.status_code == 409
    assert f"{player.full_name} n’a pas de licence valide" in page.content.decode()
    assert not Entry.objects.exists()


def test_a_walk_in_with_a_licence_number_is_its_holder(
    ffw: Federation, tournament: Tournament, scorekeeper_client: Client
) -> None:
    hel = Club.objects.create(name="Whist Hélécine", slug="helecine")
    services.accept_club(membership=services.ask_to_join(federation=ffw, club=hel))
    guy = Player.objects.create(first_name="Guy", last_name="Henrard")
    guy.clubs.add(hel)
    door_licence(ffw, guy, "W-77")
    door_licence(ffw, None, "W-78", club=hel, first_name="Anne", last_name="Lambot")
    url = reverse("staff_registration", args=[tournament.pk])
    done = scorekeeper_client.post(url, {"action": "walk_in", "licence_number": "W-77"})
    assert done.status_code == 302
    assert Player.objects.filter(last_name="Henrard").count() == 1  # no duplicate
    assert set(guy.clubs.values_list("slug", flat=True)) == {"helecine", tournament.club.slug}
    assert Entry.objects.get().player == guy
    # A licence not yet matched: its holder is made from the list's names, and linked.
    scorekeeper_client.post(url, {"action": "walk_in", "licence_number": "W-78"})
    anne = Licence.objects.get(number="W-78").player
    assert anne is not None and anne.full_name == "Anne Lambot"
    assert Entry.objects.filter(player=anne).exists()
    # A number nobody holds: refused, the field named, nothing saved.
    unknown = scorekeeper_client.post(url, {"action": "walk_in", "licence_number": "W-99"})
    assert unknown.status_code == 409
    assert "Numéro de licence" in unknown.content.decode()
    assert Entry.objects.count() == 2 and Player.objects.count() == 2
    # Neither a licence nor names: each name field says it is wanted.
    empty = scorekeeper_client.post(url, {"action": "walk_in"})
    assert empty.status_code == 400
    assert "sauf si un numéro de licence est tapé" in empty.content.decode()
