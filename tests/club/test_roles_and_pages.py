import pytest
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.demo_data import PLAYER_COUNT
from club.models import Membership, Player, StaffMembership
from scoring import GAMES
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_roles_exist_after_migrations():
    assert set(Group.objects.values_list("name", flat=True)) >= {"Bureau", "Saisie"}


@pytest.mark.django_db(transaction=True)
def test_the_roles_and_the_committees_admin_rights_outlive_a_flush():
    """``flush`` (the end of every transactional test, run among the others) empties the groups
    the roles' migration made: its post_migrate makes them again, with the committee's rights
    in the admin, or a committee member met « 403 » there after it."""
    call_command("flush", interactive=False, verbosity=0)
    assert set(Group.objects.values_list("name", flat=True)) >= {"Bureau", "Saisie"}
    rights = Group.objects.get(name="Bureau").permissions
    assert rights.filter(codename__in=["change_club", "view_tournament"]).count() == 2


def test_a_staff_page_reads_its_reader_s_roles_and_menu_in_one_query(committee_client, club):
    """Before its view, a staff page reads its session, its user, and his roles with the clubs
    the menu's « Administration » leads to: one query each (the roles and the menu's club were
    two)."""
    url = reverse("tournament_list")
    with CaptureQueriesContext(connection) as queries:
        page = committee_client.get(url).content.decode()
    sql = [query["sql"] for query in queries.captured_queries]
    assert reverse("club_desk", args=[club.slug]) in page
    assert len([one for one in sql if "django_session" in one]) == 1
    assert len([one for one in sql if 'FROM "auth_user"' in one]) == 1
    assert len([one for one in sql if StaffMembership._meta.db_table in one]) == 1
    assert not [one for one in sql if 'FROM "club_club"' in one]


def test_committee_pages_send_anonymous_users_to_the_login_page(client, club):
    url = reverse("player_import", args=[club.slug])
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_committee_pages_refuse_scorekeepers_in_french(scorekeeper_client, club):
    response = scorekeeper_client.get(reverse("player_import", args=[club.slug]))
    assert response.status_code == 403
    assert "réservée au bureau" in response.content.decode()


def test_committee_pages_refuse_users_without_a_role(client, plain_user, club):
    client.force_login(plain_user)
    assert client.get(reverse("player_import", args=[club.slug])).status_code == 403


def test_committee_member_reaches_the_import_page(committee_client, club):
    response = committee_client.get(reverse("player_import", args=[club.slug]))
    assert response.status_code == 200
    assert "Importer des joueurs" in response.content.decode()


def test_home_page_is_french_by_default(client, club, season):
    response = client.get(reverse("club_home", args=[club.slug]), follow=True)
    page = response.content.decode()
    assert '<html lang="fr">' in page
    assert "Prochains tournois" in page and "Derniers résultats" in page
    assert "1 janvier 2026" in page


def test_language_switch_to_english(client, club, season):
    home = reverse("club_home", args=[club.slug])
    switched = client.get(reverse("switch_language", args=["en"]), {"next": home})
    assert switched.status_code == 302 and switched["Location"] == home
    page = client.get(home).content.decode()
    assert "Next tournaments" in page


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/", "/\\evil.example/", "javascript:x", ""]
)
def test_the_language_switch_goes_back_to_this_site_only(client, target):
    switched = client.get(reverse("switch_language", args=["en"]), {"next": target})
    assert switched.status_code == 302 and switched["Location"] == "/"


def test_the_language_switch_knows_only_the_sites_languages(client):
    assert client.get(reverse("switch_language", args=["xx"])).status_code == 404


def test_login_page_is_french_and_throttles_repeated_failures(client, committee_user):
    url = reverse("login")
    assert "Connexion" in client.get(url).content.decode()
    for _ in range(4):
        response = client.post(url, {"username": "bureau", "password": "wrong"})
        assert (
            "Saisissez un nom d’utilisateur et un mot de passe valides" in response.content.decode()
        )
    response = client.post(url, {"username": "bureau", "password": "wrong"})  # the 5th
    assert "Trop de tentatives" in response.content.decode()
    response = client.post(url, {"username": "bureau", "password": "secret-pass-123"})
    assert response.status_code == 429
    page = response.content.decode()
    assert "Trop de tentatives" in page and '<html lang="fr">' in page  # the site's page
    assert "_auth_user_id" not in client.session


def test_login_succeeds_with_the_right_password(client, committee_user):
    response = client.post(reverse("login"), {"username": "bureau", "password": "secret-pass-123"})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(committee_user.pk)


def test_demo_refuses_to_run_with_the_production_settings(db, settings, monkeypatch):
    import importlib

    from django.core.management import CommandError, call_command

    monkeypatch.setenv("DJANGO_SECRET_KEY", "x" * 60)
    monkeypatch.setenv("DJANGO_ALLOWED_HOSTS", "atout.example.org")
    prod = importlib.import_module("club.settings.prod")
    settings.ALLOW_DEMO_DATA = prod.ALLOW_DEMO_DATA
    settings.SETTINGS_MODULE = prod.__name__
    with pytest.raises(CommandError, match=r"\(club\.settings\.prod\) : ses mots de passe"):
        call_command("demo")
    assert not Player.objects.exists()
    assert not User.objects.exists()


def test_demo_club_is_believable_and_idempotent(demo_db):
    counts = (Player.objects.count(), Membership.objects.count())
    call_command("demo")
    assert (Player.objects.count(), Membership.objects.count()) == counts
    assert counts[0] >= PLAYER_COUNT >= 48
    assert Membership.objects.filter(paid_on__isnull=True).exists()
    assert Membership.objects.filter(paid_on__isnull=False).exists()
    finished = set(
        Tournament.objects.filter(status=Tournament.Status.FINISHED).values_list("game", flat=True)
    )
    assert finished == set(GAMES)  # a finished tournament of every game
    # Roles are per club: the demo logins hold theirs in the demo club.
    assert set(StaffMembership.objects.values_list("user__username", "role")) == {
        ("bureau", "Bureau"),
        ("saisie", "Saisie"),
    }


def test_an_english_browser_still_gets_french_until_the_switch(client, club, season):
    url = reverse("club_home", args=[club.slug])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").content.decode()
    assert "Prochains tournois" in page


@pytest.mark.parametrize(
    "model",
    ["club/club", "club/player", "club/season", "club/membership", "tournaments/tournament"],
)
def test_committee_admin_lists_with_search_and_filters_in_french(client, committee_user, model):
    committee_user.is_staff = True
    committee_user.save()
    client.force_login(committee_user)
    response = client.get(f"/admin/{model}/", {"q": "Dubois"})
    assert response.status_code == 200
    assert "Rechercher" in response.content.decode()
