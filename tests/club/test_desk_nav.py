"""The menu's « Administration » leads the committee to its club's pages, not to Django's
admin (issue 24 §4); only a superuser sees the admin's link."""

from django.contrib.auth.models import User
from django.urls import reverse
from helpers import fr

from club.models import Club
from club.roles import BUREAU, SAISIE, grant_role


def _nav(client) -> str:
    html = client.get(reverse("tournament_list")).content.decode()
    return html[html.index('<nav class="nav"') : html.index("</nav>")]


def test_the_committee_s_administration_is_its_club_s_desk(committee_client, club):
    nav = _nav(committee_client)
    desk = reverse("club_desk", args=[club.slug])
    assert f'<a href="{desk}">{fr("Administration")}</a>' in nav
    assert "/admin/" not in nav
    page = committee_client.get(desk).content.decode()
    for name in ("club_seasons", "club_staff", "club_represented_clubs", "player_import"):
        assert reverse(name, args=[club.slug]) in page
    assert reverse("staff_rules", args=[club.slug, "whist"]) in page
    assert "/admin/" not in page


def test_a_scorekeeper_has_no_administration(scorekeeper_client, club):
    nav = _nav(scorekeeper_client)
    assert fr("Administration") not in nav and "/admin/" not in nav
    assert scorekeeper_client.get(reverse("club_desk", args=[club.slug])).status_code == 403


def test_a_superuser_also_has_the_django_admin(client, club):
    client.force_login(User.objects.create_superuser("root", password="root-pass-123"))
    nav = _nav(client)
    assert reverse("club_desk", args=[club.slug]) in nav
    assert f'href="{reverse("admin:index")}"' in nav


def test_a_superuser_without_a_club_is_asked_to_create_one(client, db):
    client.force_login(User.objects.create_superuser("root", password="root-pass-123"))
    assert reverse("club_create") in _nav(client)


def test_another_club_s_desk_is_not_found(committee_client):
    other = Club.objects.create(name="Cercle Voisin", slug="voisin")
    assert committee_client.get(reverse("club_desk", args=[other.slug])).status_code == 404


def test_the_committee_of_two_clubs_goes_to_the_first_by_name(committee_client, committee_user):
    """Committee in two clubs, scorekeeper in a third that sorts before both: « Administration »
    leads to the first club by name where he is committee."""
    grant_role(committee_user, Club.objects.create(name="Aces du Nord", slug="aces"), SAISIE)
    grant_role(committee_user, Club.objects.create(name="Bridge Sud", slug="bridge"), BUREAU)
    assert f'<a href="{reverse("club_desk", args=["bridge"])}">' in _nav(committee_client)
