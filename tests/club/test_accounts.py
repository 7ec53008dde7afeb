"""Staff accounts (issue 32 §6): user names compared after Unicode normalisation (NFKC, case
folded) wherever an account is created or invited; an invitation whose role was revoked before
it was used lets nobody in."""

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from helpers import fr

from club.models import Club, StaffMembership
from club.roles import BUREAU, SAISIE, grant_role

pytestmark = pytest.mark.django_db

TAKEN = fr("This user name is already taken: choose another.")
PASSWORD = "Carreau-de-Trefle-42"


def account(**overrides):
    data = {
        "username": "marie",
        "first_name": "Marie",
        "last_name": "Lambert",
        "email": "",
        "handover": "link",
    }
    return {**data, **overrides}


def invite(client, club, **overrides):
    url = reverse("club_staff", args=[club.slug])
    return client.post(url, {"action": "invite", "role": SAISIE, **account(**overrides)})


def logs_in(client, username, password) -> bool:
    response = client.post(reverse("login"), {"username": username, "password": password})
    return response.status_code == 302


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("admin", password="secret-pass-123"))
    return client


# ---------------------------------------------------------------- look-alike user names


@pytest.mark.parametrize(
    ("existing", "typed"),
    [
        ("12", "１２"),  # full-width digits: a server error before
        ("Siteadmin", "Ｓｉｔｅａｄｍｉｎ"),  # full-width letters: a look-alike before
        ("siteadmin", "Ｓｉｔｅａｄｍｉｎ"),
        ("Siteadmin", "SITEADMIN"),
        ("strasse", "STRAẞE"),  # case folded (ß is ss), not only lower-cased
        ("ﬁnn", "finn"),  # a ligature
    ],
)
def test_an_invitation_under_a_look_alike_name_is_refused_in_french(
    committee_client, club, existing, typed
):
    User.objects.create_user(existing)
    users = User.objects.count()
    response = invite(committee_client, club, username=typed)
    assert response.status_code == 400
    assert response.context["form"].errors["username"] == [TAKEN]
    assert User.objects.count() == users
    assert StaffMembership.objects.filter(club=club, role=SAISIE).count() == 0


def test_a_club_under_a_look_alike_committee_name_is_not_created(admin_client):
    User.objects.create_user("12")
    response = admin_client.post(
        reverse("club_create"),
        {"name": "Whist Club Gesves", "slug": "gesves", **account(username="１２")},
    )
    assert response.status_code == 400
    assert response.context["form"].errors["username"] == [TAKEN]
    assert not Club.objects.filter(slug="gesves").exists()
    assert list(User.objects.order_by("username").values_list("username", flat=True)) == [
        "12",
        "admin",
    ]


@pytest.mark.parametrize(
    ("existing", "typed"), [("Siteadmin", "ｓｉｔｅａｄｍｉｎ"), ("strasse", "STRAẞE")]
)
def test_the_admins_user_form_refuses_a_look_alike(admin_client, existing, typed):
    User.objects.create_user(existing)
    response = admin_client.post(
        reverse("admin:auth_user_add"),
        {
            "username": typed,
            "usable_password": "true",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 200
    assert "username" in response.context["adminform"].form.errors
    assert User.objects.count() == 2


def test_createsuperuser_refuses_a_look_alike(db):
    User.objects.create_user("Siteadmin")
    with pytest.raises(CommandError):
        call_command(
            "createsuperuser",
            username="ＳＩＴＥＡＤＭＩＮ",
            email="",
            interactive=False,
            verbosity=0,
        )
    assert User.objects.count() == 1


def test_a_full_width_name_of_its_own_is_kept_in_its_plain_form_and_logs_in(committee_client, club):
    client = Client()  # the newcomer's browser
    response = invite(committee_client, club, username="ｐａｕｌ", handover="password")
    assert response.status_code == 200
    paul = User.objects.get(username="paul")
    password = response.context["password"]
    # Login compares as Django stores: normalised (NFKC), then exactly.
    assert logs_in(client, "ｐａｕｌ", password)
    assert logs_in(client, "paul", password)
    assert StaffMembership.objects.get(user=paul).club == club


def test_an_unrelated_name_is_still_invited(committee_client, club):
    User.objects.create_user("Siteadmin")
    assert invite(committee_client, club, username="site-admin").status_code == 200
    assert User.objects.filter(username="site-admin").exists()


# ---------------------------------------------------------------- revoked invitations


def test_an_invitation_link_revoked_with_its_role_lets_nobody_in(committee_client, club):
    client = Client()  # the newcomer's browser
    link = invite(committee_client, club).context["link"]
    marie = User.objects.get(username="marie")
    staff = reverse("club_staff", args=[club.slug])
    assert committee_client.post(staff, {"action": "revoke", "user": marie.pk}).status_code == 302
    page = client.get(link, follow=True)
    assert page.status_code == 200 and not page.context["validlink"]
    assert (
        fr(
            "This link is no longer valid (used, expired or withdrawn): ask the club's committee "
            "for a new one."
        )
        in page.content.decode()
    )
    # The password form cannot be posted either.
    new = {"new_password1": PASSWORD, "new_password2": PASSWORD}
    client.post(page.redirect_chain[-1][0] if page.redirect_chain else link, new)
    marie.refresh_from_db()
    assert not marie.has_usable_password()
    assert not logs_in(client, "marie", PASSWORD)


def test_a_handed_over_password_revoked_with_its_role_no_longer_logs_in(committee_client, club):
    client = Client()  # the newcomer's browser
    password = invite(committee_client, club, handover="password").context["password"]
    marie = User.objects.get(username="marie")
    staff = reverse("club_staff", args=[club.slug])
    committee_client.post(staff, {"action": "revoke", "user": marie.pk})
    assert not logs_in(client, "marie", password)


def test_a_used_invitation_keeps_its_account_after_the_revoke(committee_client, club):
    client = Client()  # the newcomer's browser
    link = invite(committee_client, club).context["link"]
    form = client.get(link, follow=True)
    client.post(form.redirect_chain[-1][0], {"new_password1": PASSWORD, "new_password2": PASSWORD})
    assert logs_in(client, "marie", PASSWORD)
    marie = User.objects.get(username="marie")
    staff = reverse("club_staff", args=[club.slug])
    committee_client.post(staff, {"action": "revoke", "user": marie.pk})
    assert not StaffMembership.objects.filter(user=marie).exists()
    assert logs_in(client, "marie", PASSWORD)  # his account stays (roles are what he loses)


def test_an_invitation_still_valid_for_another_clubs_role_keeps_its_link(committee_client, club):
    client = Client()  # the newcomer's browser
    link = invite(committee_client, club).context["link"]
    marie = User.objects.get(username="marie")
    other = Club.objects.create(name="Cercle Voisin", slug="voisin")
    grant_role(marie, other, BUREAU)
    staff = reverse("club_staff", args=[club.slug])
    committee_client.post(staff, {"action": "revoke", "user": marie.pk})
    assert client.get(link, follow=True).context["validlink"]
