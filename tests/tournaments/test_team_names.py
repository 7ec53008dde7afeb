"""Team names (issue 32 §1, issue 37 §1): a team named from its players is named when shown,
from its players' names as the page writes them (their public names on public pages); teams
that would read alike get their players' first initials, those of the public names; a name the
club typed stays as typed, an erasure takes the erased player's name out of it; the migration
blanks the names made from the players and writes them back when undone."""

import re
import uuid

import pytest
from django.db import connection
from django.db.models import F
from django.urls import reverse
from helpers import latest, migrate

from club.models import Player
from tournaments.models import Entry, Team, Tournament
from tournaments.services import drawing, pairing, privacy, registration

pytestmark = pytest.mark.django_db

FAMILY = [("Marc", "Delvaux"), ("Anne", "Delhaye"), ("Paul", "Delvaux"), ("Jean", "Delhaye")]


def _tournament(club, season, people, game="quarante") -> tuple[Tournament, list[Entry]]:
    tournament = Tournament.objects.create(
        club=club,
        season=season,
        game=game,
        name="Quarante",
        date="2026-03-14",
        rounds=1,
        published=True,
    )
    entries = []
    for first, last in people:
        player = Player.objects.create(first_name=first, last_name=last)
        club.players.add(player)
        entries.append(registration.register_player(tournament, player=player))
    return tournament, entries


def _pair(tournament, entries, name="") -> list[Team]:
    return [
        pairing.form_team(tournament, first=entries[i], second=entries[i + 1], name=name)
        for i in range(0, len(entries), 2)
    ]


def _set(player: Player, mode: str, pseudonym: str = "") -> None:
    Player.objects.filter(pk=player.pk).update(public_name=mode, pseudonym=pseudonym)
    Tournament.objects.update(  # pages read afresh
        layout_version=F("layout_version") + 1, results_version=F("results_version") + 1
    )


def _public(client, tournament) -> str:
    return client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()


def _staff(client, tournament) -> str:
    return client.get(reverse("staff_teams", args=[tournament.pk])).content.decode()


def test_teams_alike_get_first_initials_not_a_number(club, season, client, scorekeeper_client):
    tournament, entries = _tournament(club, season, FAMILY)
    teams = _pair(tournament, entries)
    page, staff = _public(client, tournament), _staff(scorekeeper_client, tournament)
    for html in (page, staff):
        assert "M. Delvaux – A. Delhaye" in html and "P. Delvaux – J. Delhaye" in html
        assert "(2)" not in html
    # Made from the players: nothing stored.
    assert [t.name for t in Team.objects.filter(pk__in=[t.pk for t in teams])] == ["", ""]


def test_the_initial_added_is_that_of_the_public_name(club, season, client, scorekeeper_client):
    tournament, entries = _tournament(club, season, FAMILY)
    _pair(tournament, entries)
    marc, paul = entries[0].player, entries[2].player
    _set(marc, "pseudonym", "Le Roi")
    _set(paul, "pseudonym", "Le Roi")
    page = _public(client, tournament)
    assert "Le Roi – A. Delhaye" in page and "Le Roi – J. Delhaye" in page
    assert not re.search(r"\bDelvaux\b", page)
    assert "M. Le Roi" not in page and "P. Le Roi" not in page
    # Read apart in public, they need no initials there; the staff still read alike ones.
    _set(paul, "hidden")
    page = _public(client, tournament)
    assert "Le Roi – Delhaye" in page and f"Joueur {paul.pk} – Delhaye" in page
    assert "A. Delhaye" not in page and "J. Delhaye" not in page
    assert "Le Roi" not in _staff(scorekeeper_client, tournament)
    assert "M. Delvaux – A. Delhaye" in _staff(scorekeeper_client, tournament)


def test_initials_mode_in_a_team_name_hides_the_last_name(club, season, client):
    tournament, entries = _tournament(
        club,
        season,
        [("Josiane", "Quackenbush"), ("Luc", "Hermans"), ("Ann", "Peeters"), ("Guy", "Henrard")],
    )
    _pair(tournament, entries)
    drawing.draw_round(tournament, seed=1)
    _set(entries[0].player, "initials")
    for url in (
        reverse("tournament_standings", args=[tournament.pk]),
        reverse("tournament_rounds", args=[tournament.pk]),
        reverse("table_detail", args=[tournament.round_set.get().tables.get().pk]),
    ):
        page = client.get(url).content.decode()
        assert "Quackenbush" not in page, url
        assert "Josiane Q. – Hermans" in page, url
    # The hall screen lists the players at their tables (no standings before a result).
    page = client.get(reverse("tournament_display", args=[tournament.pk])).content.decode()
    assert "Quackenbush" not in page and "Josiane Q." in page


def test_a_typed_name_is_kept_and_an_erasure_takes_his_name_out(
    club, season, client, committee_user
):
    tournament, entries = _tournament(
        club,
        season,
        [("Josiane", "Quackenbush"), ("Luc", "Hermans"), ("Ann", "Peeters"), ("Guy", "Henrard")],
    )
    typed = pairing.form_team(
        tournament, first=entries[0], second=entries[1], name="Les Quackenbush de Josiane"
    )
    made = pairing.form_team(tournament, first=entries[2], second=entries[3])
    assert Team.objects.get(pk=typed.pk).name == "Les Quackenbush de Josiane"
    assert Team.objects.get(pk=made.pk).name == ""
    assert "Les Quackenbush de Josiane" in _public(client, tournament)
    assert "Peeters – Henrard" in _public(client, tournament)

    privacy.erase_player(entries[0].player, club=club, user=committee_user)

    stored = Team.objects.get(pk=typed.pk).name
    assert "Quackenbush" not in stored and "Josiane" not in stored
    assert stored.startswith("Les ")
    page = _public(client, tournament)
    assert "Quackenbush" not in page and "Josiane" not in page


def test_a_team_of_an_erased_player_named_from_its_players(club, season, client, committee_user):
    tournament, entries = _tournament(
        club, season, [("Josiane", "Quackenbush"), ("Luc", "Hermans")]
    )
    team = pairing.form_team(tournament, first=entries[0], second=entries[1])
    privacy.erase_player(entries[0].player, club=club, user=committee_user)
    assert Team.objects.get(pk=team.pk).name == ""
    page = _public(client, tournament)
    assert "Quackenbush" not in page
    assert f"Joueur {entries[0].player_id} – Hermans" in page


# --------------------------------------------------------------------------- the migration

BEFORE = [("tournaments", "0023_uid_unique")]


def _stored(tournament, entries, names) -> list[int]:
    """Teams as the site stored them before: each with the name given, two entries each."""
    ids = []
    with connection.cursor() as cursor:
        for i, name in enumerate(names):
            cursor.execute(
                "INSERT INTO tournaments_team (tournament_id, name, uid) VALUES (%s, %s, %s)",
                [tournament.pk, name, uuid.uuid4().hex],
            )
            team_id = Team.objects.get(tournament=tournament, name=name).pk
            Entry.objects.filter(pk__in=[entries[2 * i].pk, entries[2 * i + 1].pk]).update(
                team_id=team_id
            )
            ids.append(team_id)
    return ids


@pytest.mark.django_db(transaction=True)
def test_migration_blanks_the_names_made_from_the_players_and_back(club, season):
    # The tournament and its players made with today's models, then the database taken back
    # to before the migration, where the teams are stored as the site stored them then.
    people = [
        *FAMILY,
        ("Guy", "Henrard"),
        ("Ann", "Peeters"),  # typed
        ("Luc", "Hermans"),
        ("Eva", "Quackenbush"),  # in the other order
        ("Anonyme", "x"),
        ("Rik", "Claes"),  # erased since: « Janssens – Claes »
        ("Tom", "Hermans"),
        ("Ria", "Quackenbush"),  # a typed name of the same words
    ]
    tournament, entries = _tournament(club, season, people)
    erased = entries[8].player
    Player.objects.filter(pk=erased.pk).update(
        last_name=str(erased.pk), erased_at="2026-03-20T10:00:00Z", public_name="hidden"
    )
    migrate(BEFORE)
    names = [
        "Delvaux – Delhaye",
        "Delvaux – Delhaye (2)",
        "Les As",
        "Quackenbush – Hermans",
        "Janssens – Claes",
        "Hermans et Quackenbush",
    ]
    ids = _stored(tournament, entries, names)

    migrate(latest())

    stored = dict(Team.objects.filter(pk__in=ids).values_list("pk", "name"))
    assert [stored[pk] for pk in ids] == ["", "", "Les As", "", "", "Hermans et Quackenbush"]

    migrate(BEFORE)

    with connection.cursor() as cursor:
        cursor.execute("SELECT id, name FROM tournaments_team")
        back = dict(cursor.fetchall())
    assert back[ids[2]] == "Les As" and back[ids[5]] == "Hermans et Quackenbush"
    assert back[ids[0]] != back[ids[1]]
    assert {back[ids[0]], back[ids[1]]} == {"Delvaux – Delhaye", "Delvaux – Delhaye (2)"}
    assert back[ids[3]] == "Quackenbush – Hermans" or back[ids[3]] == "Hermans – Quackenbush"
    assert str(erased.pk) in back[ids[4]] and "Claes" in back[ids[4]]
    migrate(latest())
