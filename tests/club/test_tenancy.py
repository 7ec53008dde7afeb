"""Clubs are sealed from each other: staff of club B, in either role, reach nothing of club A.

Every URL pattern of the resolver is requested with the ids of club A's objects (each kind for
each parameter), GET and POST, as B's committee and B's scorekeeper: A's staff pages answer
404 (or 302/403/405 where that is the rule), never a page with A's data, and no row of any
model changes. Public pages of A's unpublished tournament are 404 for everybody. Staff of A
still reach every staff page of A (so the matrix cannot pass by everything being 404).
"""

import itertools

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from form_data import form_data
from url_walk import Route, readable_text, routes

from club.models import Club, Player
from club.roles import BUREAU, SAISIE, grant_role
from scoring import GAMES
from tournaments.models import Tournament
from tournaments.selectors import rulebook

pytestmark = pytest.mark.django_db

A_MARK = "zorglub"  # in every name of club A
SECRET_MARK = "secretissime"  # in the unpublished tournament's name and players
STAFF_REFUSALS = {301, 302, 403, 404, 405}
# Actions the staff views branch on: the POSTs take them in turn.
ACTIONS = [
    "member", "walk_in", "present", "paid", "membership", "remove", "pair", "draw", "split",
    "redraw", "start", "swap", "save", "preview", "delete", "pause", "resume", "close",
    "minutes",
]  # fmt: skip


def snapshot() -> dict[str, list[tuple]]:
    """Every row of every model of the site (sessions aside: logging in writes one; and the
    guessing limit's counts: the walk sends unknown table tokens, which are counted)."""
    return {
        model._meta.label: list(model._default_manager.order_by("pk").values_list())  # noqa: SLF001 (documented Django API)
        for model in apps.get_models()
        if model._meta.app_label in {"club", "tournaments", "auth", "admin"}
        and model._meta.label != "tournaments.LinkMiss"
    }


def a_objects(world) -> dict[str, list]:
    """Club A's objects of each kind, for the URL parameters."""
    return {
        "tournament": [world.king, world.whist, world.team, world.secret],
        "round": [world.king_round, world.whist_round, world.team_round, world.secret_round],
        "table": [world.king_table, world.whist_table, world.team_table, world.secret_table],
        "season": [world.a_season],
        "entry": [world.king.entries.first(), world.secret.entries.first()],
        "team": [world.team.teams.first()],
        "player": [world.king.entries.first().player],  # a member (privacy pages)
        "export": [world.export],  # a queued PDF (its id is a UUID)
    }


def admin_model(route: Route):
    """The model of an admin page (``admin/<app>/<model>/...``), None elsewhere."""
    parts = route.pattern.split("/")
    if not route.is_admin or len(parts) < 4:
        return None
    try:
        return apps.get_model(parts[1], parts[2])
    except LookupError:
        return None


def candidates(route: Route, name: str, world) -> list[str]:
    """Values to try for a parameter of ``route``: every kind of A's object (ids), A's slug,
    the game keys; a parameter named after a kind (``entry``) gets that kind's ids; in the
    admin, the ids of A's objects of that page's model."""
    objects = a_objects(world)
    if name in objects:
        return [str(obj.pk) for obj in objects[name]]
    if name == "content_type_id":  # the admin's « view on site »: models with a public page
        return [
            str(ContentType.objects.get_for_model(model).pk)
            for model in apps.get_models()
            if hasattr(model, "get_absolute_url") and hasattr(model, "club_lookup")
        ]
    model = admin_model(route)
    if model is not None and name == "object_id":
        rows = model._default_manager.all()  # noqa: SLF001 (documented Django API)
        if hasattr(model, "club_lookup"):
            rows = rows.filter(**{model.club_lookup: world.a.pk})
        return [str(pk) for pk in rows.values_list("pk", flat=True)[:3]]
    ids = {obj.pk for kind in objects.values() for obj in kind}
    return sorted({str(i) for i in ids} | {world.a.slug, *GAMES, "auth", "club", "tournaments"})


def requests_for(route: Route, world) -> list[str]:
    names = route.parameters
    urls = []
    for combination in itertools.product(*(candidates(route, name, world) for name in names)):
        url = route.url(dict(zip(names, combination, strict=True)))
        if url is not None:
            urls.append(url)
    return urls


def hostile_data(world, user: User, index: int) -> dict[str, object]:
    """A form aimed at club A: A's ids in every field name the views and the admin read."""
    entry = world.king.entries.first()
    return {
        "action": ACTIONS[index % len(ACTIONS)],
        "club": world.a.pk,
        "clubs": world.a.pk,
        "season": world.a_season.pk,
        "tournament": world.king.pk,
        "player": entry.player_id,
        "entry": entry.pk,
        "team": world.team.teams.first().pk,
        "first": entry.pk,
        "second": world.king.entries.last().pk,
        "user": user.pk,
        "role": BUREAU,
        "game": "double_king",
        "name": "Intrus",
        "first_name": "Intrus",
        "last_name": "Intrus",
        "date": "2026-03-14",
        "rounds": "2",
        "start": "2026-01-01",
        "end": "2026-12-31",
        "amount": "7",
        "published": "1",
        "version": "1",
        "number": "1",
        "minutes": "5",
        "q": "Zorg",
        "term": "Zorg",
        "app_label": "tournaments",
        "model_name": "entry",
        "field_name": "player",
    }


def check_b_response(route: Route, url: str, response) -> list[str]:
    """What is wrong with this answer to club B's staff (empty: nothing)."""
    if response.status_code >= 500:
        return [f"{url}: {response.status_code}"]
    text = readable_text(response).lower() if response.status_code == 200 else ""
    if SECRET_MARK in text:
        return [f"{url}: the unpublished tournament shows"]
    if not route.is_staff:
        return []
    points_at_a = bool(route.parameters) and route.name != "app_list"
    if points_at_a and response.status_code not in STAFF_REFUSALS:
        return [f"{url}: {response.status_code} for another club's object"]
    if A_MARK in text:
        return [f"{url}: club A's data shows"]
    return []


@pytest.mark.parametrize("role", [BUREAU, SAISIE])
@pytest.mark.parametrize("method", ["get", "post"])
def test_staff_of_another_club_read_and_write_nothing(two_clubs, role, method):
    world = two_clubs
    user = world.b_bureau if role == BUREAU else world.b_saisie
    client = Client()
    client.force_login(user)
    before = snapshot()
    problems, count, patterns = [], 0, 0
    for route in routes():
        if route.is_logout:
            continue  # would end the session: the rest would be tested as anonymous
        urls = requests_for(route, world)
        patterns += bool(urls)
        for url in urls:
            data = hostile_data(world, user, count)
            response = getattr(client, method)(url, data)
            count += 1
            problems += check_b_response(route, url, response)
    assert problems == [], "\n".join(problems)
    assert snapshot() == before
    assert patterns >= 60 and count >= 500  # the walk really walked
    print(f"access matrix {role} {method}: {patterns} patterns, {count} requests")


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


def test_staff_of_the_club_reach_every_staff_page_of_their_club(two_clubs):
    """The other side of the matrix: each staff page with a parameter, GET, answers 200 to A's
    committee for one of A's objects (POST-only views aside)."""
    world = two_clubs
    client = Client()
    client.force_login(world.a_bureau)
    unreached = []
    for route in routes():
        view_class = getattr(route.callback, "view_class", None)
        if not route.is_staff or not route.parameters or route.is_admin:
            continue
        if view_class is not None and not hasattr(view_class, "get"):
            continue  # POST-only (publish, draw): their POST is checked below
        if not any(client.get(url).status_code == 200 for url in requests_for(route, world)):
            unreached.append(route.pattern)
    assert unreached == []
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
