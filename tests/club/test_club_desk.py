"""The first day without the admin (issue 24 §4): the site's administrator creates a club and
its first committee member; the committee creates seasons, invites staff, changes and
revokes roles, all within its own club."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from helpers import fr

from club.models import Club, Season, StaffMembership
from club.roles import BUREAU, SAISIE, grant_role, has_role

pytestmark = pytest.mark.django_db


def account(**overrides):
    data = {
        "username": "marie",
        "first_name": "Marie",
        "last_name": "Lambert",
        "email": "marie@example.be",
        "handover": "password",
    }
    return {**data, **overrides}


def logs_in(client, username, password) -> bool:
    """Through the login page (django-axes wants the request)."""
    response = client.post(reverse("login"), {"username": username, "password": password})
    return response.status_code == 302


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("admin", password="secret-pass-123"))
    return client


def test_the_sites_administrator_creates_a_club_and_its_first_committee_member(
    admin_client, client
):
    url = reverse("club_create")
    response = admin_client.post(url, {"name": "Whist Club Gesves", "slug": "gesves", **account()})
    assert response.status_code == 200
    club = Club.objects.get(slug="gesves")
    marie = User.objects.get(username="marie")
    assert has_role(marie, (BUREAU,), club)
    password = response.context["password"]
    assert password and password in response.content.decode()
    admin_client.logout()
    assert logs_in(client, "marie", password)
    assert client.get(reverse("club_seasons", args=["gesves"])).status_code == 200


def test_club_creation_names_each_bad_field_in_french_and_saves_nothing(admin_client):
    Club.objects.create(name="Cercle Existant", slug="existant")
    User.objects.create_user("marie")
    response = admin_client.post(
        reverse("club_create"),
        {"name": "cercle existant", "slug": "existant", **account(email="pas-un-courriel")},
    )
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert errors["name"] == [fr("A club with this name already exists.")]
    assert errors["slug"] == [fr("This address is already another club's.")]
    assert errors["username"] == [fr("This user name is already taken: choose another.")]
    assert "email" in errors
    assert 'value="cercle existant"' in response.content.decode()
    assert Club.objects.count() == 1 and User.objects.count() == 2


def test_only_the_sites_administrator_creates_clubs(committee_client):
    assert committee_client.get(reverse("club_create")).status_code == 403


def test_a_one_time_link_sets_the_password_once(committee_client, client, club):
    response = committee_client.post(
        reverse("club_staff", args=[club.slug]),
        {"action": "invite", "role": SAISIE, **account(handover="link")},
    )
    assert response.status_code == 200
    link = response.context["link"]
    paul = User.objects.get(username="marie")
    assert not paul.has_usable_password() and has_role(paul, (SAISIE,), club)
    assert not has_role(paul, (BUREAU,), club)
    client.logout()
    form = client.get(link, follow=True)
    assert form.status_code == 200 and form.context["validlink"]
    new = {"new_password1": "Carreau-de-Trefle-42", "new_password2": "Carreau-de-Trefle-42"}
    done = client.post(form.redirect_chain[-1][0], new, follow=True)
    assert done.redirect_chain[-1][0] == reverse("login")
    assert logs_in(client, "marie", "Carreau-de-Trefle-42")
    client.logout()
    again = client.get(link, follow=True)
    assert not again.context["validlink"]
    assert (
        fr(
            "This link is no longer valid (used, expired or withdrawn): "
            "ask the club's committee for a new one."
        )
        in again.content.decode()
    )


def test_roles_are_granted_changed_and_revoked_within_the_club(
    committee_client, committee_user, club
):
    url = reverse("club_staff", args=[club.slug])
    luc = User.objects.create_user("luc")
    grant_role(luc, club, SAISIE)
    assert committee_client.post(url, {"action": "role", "user": luc.pk, "role": BUREAU})
    assert StaffMembership.objects.get(user=luc).role == BUREAU
    response = committee_client.post(url, {"action": "revoke", "user": luc.pk}, follow=True)
    assert not StaffMembership.objects.filter(user=luc).exists()
    assert not luc.groups.filter(name=BUREAU).exists()
    # The club keeps one committee member: the last one cannot step down.
    response = committee_client.post(
        url, {"action": "revoke", "user": committee_user.pk}, follow=True
    )
    assert fr("The club must keep at least one committee member.") in response.content.decode()
    assert StaffMembership.objects.filter(user=committee_user, club=club).exists()
    response = committee_client.post(
        url, {"action": "role", "user": committee_user.pk, "role": SAISIE}, follow=True
    )
    assert StaffMembership.objects.get(user=committee_user, club=club).role == BUREAU


def test_another_clubs_staff_and_seasons_answer_404(committee_client, club):
    other = Club.objects.create(name="Autre", slug="autre")
    stranger = User.objects.create_user("stranger")
    grant_role(stranger, other, BUREAU)
    for name in ("club_staff", "club_seasons"):
        assert committee_client.get(reverse(name, args=[other.slug])).status_code == 404
    # Nor can a post name another club's staff member through this club's page.
    response = committee_client.post(
        reverse("club_staff", args=[club.slug]), {"action": "revoke", "user": stranger.pk}
    )
    assert response.status_code == 404
    assert StaffMembership.objects.filter(user=stranger).exists()


def test_the_committee_creates_seasons_with_french_errors(committee_client, club, season):
    url = reverse("club_seasons", args=[club.slug])
    response = committee_client.post(
        url, {"name": "2027", "start": "2027-09-01", "end": "2028-06-30"}
    )
    assert response.status_code == 302
    assert Season.objects.filter(club=club, name="2027", start=datetime.date(2027, 9, 1))
    response = committee_client.post(
        url, {"name": "2027", "start": "2028-09-01", "end": "2028-06-30"}
    )
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert errors["name"] == [fr("This club already has a season with this name.")]
    assert fr("The season must end on or after its start.") in str(errors)
    assert Season.objects.filter(club=club).count() == 2
