"""Clubs are sealed from each other: staff of club B, in either role, reach nothing of club A.

The walk of every URL pattern of the resolver with the ids of club A's objects, GET and POST,
as B's committee and B's scorekeeper (A's staff pages answer 404, never a page with A's data,
no row changes), and its other side (A's committee reaches every staff page of A), are checks
of the one walk: « tenancy » and « own club's pages » in tests/sweeps/checks.py. Here: public
pages of A's unpublished tournament are 404 for everybody, the admin's roles, per-club roles.
"""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from form_data import form_data
from url_walk import readable_text

from club.models import Club, Player
from club.roles import BUREAU, SAISIE, grant_role
from tournaments.models import Tournament
from tournaments.selectors import rulebook

pytestmark = pytest.mark.django_db

A_MARK = "zorglub"  # in every name of club A
SECRET_MARK = "secretissime"  # in the unpublished tournament's name and players


def test_public_pages_of_an_unpublished_tournament_are_404_for_everybody(two_clubs):
    world = two_clubs
    secret_urls = [
        f"/tournois/{world.secret.pk}/",
        f"/tournois/{world.secret.pk}/rondes/",
        f"/tournois/{world.secret.pk}/joueurs/{world.secret.entries.first().pk}/",
        f"/tables/{world.secret_table.pk}/",
        f"/tournois/{world.secret.pk}/classement.xlsx",
    ]
    for user in (None, world.b_bureau, world.b_saisie):
        client = Client()
        if user is not None:
            client.force_login(user)
        for url in secret_urls:
            assert client.get(url).status_code == 404, (user, url)
    # The season's public pages show the published tournaments only.
    client = Client()
    for url in (f"/saisons/{world.a_season.pk}/classement/", f"/club/{world.a.slug}/"):
        response = client.get(url)
        assert response.status_code == 200
        assert SECRET_MARK not in readable_text(response).lower()


def test_the_committee_of_the_club_reaches_its_admin_and_publishes(two_clubs):
    """The other side of the matrix (each staff page of A answering 200 to A's committee is
    the « own club's pages » check of tests/sweeps/): the admin's lists and a POST-only view."""
    world = two_clubs
    client = Client()
    client.force_login(world.a_bureau)
    for model in ("tournaments/tournament", "club/season", "club/staffmembership"):
        page = client.get(f"/admin/{model}/").content.decode().lower()
        assert A_MARK in page
    assert client.get(f"/admin/tournaments/tournament/{world.king.pk}/change/").status_code == 200
    response = client.post(f"/saisie/tournois/{world.king.pk}/publier/", {"published": "0"})
    assert response.status_code == 302
    assert not Tournament.objects.get(pk=world.king.pk).published


def test_committee_admin_grants_roles_in_his_clubs_only(two_clubs):
    world = two_clubs
    client = Client()
    client.force_login(world.b_bureau)
    intruder = User.objects.create_user("intrus", password="x-secret-pass-1")
    add = "/admin/club/staffmembership/add/"
    response = client.post(add, {"user": intruder.pk, "club": world.a.pk, "role": BUREAU})
    assert response.status_code == 200  # the form again: A is not a choice
    assert not intruder.staff_memberships.exists()
    response = client.post(add, {"user": intruder.pk, "club": world.b.pk, "role": SAISIE})
    assert response.status_code == 302
    assert list(intruder.staff_memberships.values_list("club__slug", "role")) == [("beta", SAISIE)]
    changelist = client.get("/admin/club/staffmembership/").content.decode()
    assert "a-bureau" not in changelist and "b-saisie" in changelist


def test_a_committee_member_cannot_delete_his_own_club(two_clubs):
    world = two_clubs
    client = Client()
    client.force_login(world.b_bureau)
    response = client.post(f"/admin/club/club/{world.b.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert Club.objects.filter(pk=world.b.pk).exists()


def test_a_player_of_two_clubs_keeps_the_club_the_committee_does_not_see(two_clubs):
    world = two_clubs
    player = Player.objects.create(first_name="Double", last_name="Appartenance")
    player.clubs.add(world.a, world.b)
    client = Client()
    client.force_login(world.b_bureau)
    response = client.post(
        f"/admin/club/player/{player.pk}/change/",
        {"first_name": "Double", "last_name": "Renommé", "clubs": [world.b.pk], "active": "on"},
    )
    assert response.status_code == 302
    assert set(player.clubs.all()) == {world.a, world.b}


def test_roles_are_per_club_and_a_user_may_serve_several(two_clubs):
    world = two_clubs
    grant_role(world.b_saisie, world.a, SAISIE)
    client = Client()
    client.force_login(world.b_saisie)
    assert client.get(f"/saisie/tournois/{world.king.pk}/").status_code == 200
    listing = client.get("/saisie/").content.decode()
    assert "Zorglub Roi" in listing
    # Scorekeeper of A, committee nowhere: committee pages stay 403 with the French reason.
    response = client.get(f"/saisie/saisons/{world.a_season.pk}/caisse/")
    assert response.status_code == 403
    assert "réservée au bureau" in response.content.decode()


def test_the_rules_page_edits_the_club_it_is_opened_for(two_clubs):

    world = two_clubs
    grant_role(world.a_bureau, world.b, BUREAU)
    client = Client()
    client.force_login(world.a_bureau)
    url = f"/saisie/clubs/{world.b.slug}/regles/plonk/"
    form = client.get(url).context["form"]
    data = form_data(form)
    data["setting__bye_against"] = "250"
    assert client.post(url, data).status_code == 302
    assert rulebook.club_rules(world.b, "plonk")["bye_against"] == 250
    assert rulebook.club_rules(world.a, "plonk")["bye_against"] != 250


def test_tournament_form_offers_only_the_users_clubs(two_clubs):
    client = Client()
    client.force_login(two_clubs.b_saisie)
    page = client.get("/saisie/tournois/nouveau/?game=whist").content.decode()
    assert "Cercle Beta" in page and "Zorglub" not in page


@pytest.mark.django_db(transaction=True)
def test_the_upgrade_gives_the_old_global_roles_in_every_club():
    """Before roles were per club, group members managed every club: nobody is locked out."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before, after = [("club", "0004_bounds")], [("club", "0005_staff_membership")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    group = old.get_model("auth", "Group")
    committee = old.get_model("auth", "User").objects.create(username="ancien-bureau")
    scorekeeper = old.get_model("auth", "User").objects.create(username="ancienne-saisie")
    committee.groups.add(group.objects.get_or_create(name=BUREAU)[0])
    scorekeeper.groups.add(group.objects.get_or_create(name=SAISIE)[0])
    for slug in ("un", "deux"):
        old.get_model("club", "Club").objects.create(name=slug, slug=slug)
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    rows = set(
        new.get_model("club", "StaffMembership").objects.values_list(
            "user__username", "club__slug", "role"
        )
    )
    assert rows == {
        ("ancien-bureau", "un", BUREAU),
        ("ancien-bureau", "deux", BUREAU),
        ("ancienne-saisie", "un", SAISIE),
        ("ancienne-saisie", "deux", SAISIE),
    }
    executor.loader.build_graph()
    MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())


def test_the_database_connections_are_health_checked(tmp_path):
    from club.settings.base import database_from_env

    assert database_from_env(tmp_path / "db.sqlite3")["CONN_HEALTH_CHECKS"] is True
