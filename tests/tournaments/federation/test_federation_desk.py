"""A federation on the site (issue 35 §1): the site's administrator creates it, its committee
is granted and revoked on its own desk, a club asks to join and the federation accepts;
another federation's objects answer 404, a club's pages stay the club's."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from club.models import Club
from tournaments.federation import selectors, services
from tournaments.federation.models import Federation, FederationMembership, FederationRole

pytestmark = pytest.mark.django_db


def _login(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def admin() -> User:
    return User.objects.create_superuser("admin", password="secret-pass-123")


@pytest.fixture
def ffw(make_federation) -> Federation:
    """This file's « Fédération wallonne »: no member club yet (the conftest's ``committee`` is
    of this one)."""
    return make_federation("Fédération wallonne", "ffw")


@pytest.fixture
def other(make_federation) -> Federation:
    return make_federation("Vlaamse Bond", "vlaamse-bond", games=("double_king",), language="nl")


def test_the_site_administrator_creates_a_federation(admin: User) -> None:
    response = _login(admin).post(
        reverse("federation_create"),
        {"name": "Ligue de Manille", "slug": "manille", "games": ["quarante"], "language": "fr"},
    )
    federation = Federation.objects.get(slug="manille")
    assert response.status_code == 302
    assert response["Location"] == reverse("federation_desk", args=["manille"])
    assert (federation.name, federation.games, federation.language) == (
        "Ligue de Manille",
        ["quarante"],
        "fr",
    )
    assert federation.uid


def test_bad_input_is_refused_in_french_naming_the_field_and_keeps_what_was_typed(
    admin: User, ffw: Federation
) -> None:
    response = _login(admin).post(
        reverse("federation_create"),
        {"name": "Fédération wallonne", "slug": "pas une adresse", "language": "fr"},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Une fédération porte déjà ce nom." in page
    assert "Nom de la fédération" in page
    assert "Jeux classés" in page and "Ce champ est obligatoire." in page
    assert 'value="pas une adresse"' in page
    assert Federation.objects.count() == 1


def test_only_the_site_administrator_creates_a_federation(committee_client: Client) -> None:
    response = committee_client.post(
        reverse("federation_create"),
        {"name": "Ligue", "slug": "ligue", "games": ["whist"], "language": "fr"},
    )
    assert response.status_code == 403
    assert not Federation.objects.exists()


def test_committee_is_granted_and_revoked_on_its_desk(ffw: Federation, committee: Client) -> None:
    desk = reverse("federation_desk", args=["ffw"])
    User.objects.create_user("secretaire", password="secret-pass-123")
    assert committee.post(desk, {"action": "grant", "username": "secretaire"}).status_code == 302
    roles = FederationRole.objects.filter(federation=ffw)
    assert sorted(roles.values_list("user__username", flat=True)) == ["federation", "secretaire"]
    refused = committee.post(desk, {"action": "grant", "username": "personne"})
    assert refused.status_code == 400
    assert "Aucun compte ne porte ce nom d’utilisateur." in refused.content.decode()
    assert 'value="personne"' in refused.content.decode()
    theirs = roles.get(user__username="secretaire")
    assert committee.post(desk, {"action": "revoke", "role": theirs.pk}).status_code == 302
    mine = roles.get(user__username="federation")
    page = committee.post(desk, {"action": "revoke", "role": mine.pk}, follow=True)
    assert "garde au moins un membre" in page.content.decode()
    assert list(roles.values_list("user__username", flat=True)) == ["federation"]


def test_another_federations_desk_and_objects_answer_404(
    ffw: Federation, other: Federation, committee: Client, club: Club
) -> None:
    assert committee.get(reverse("federation_desk", args=["ffw"])).status_code == 200
    assert committee.get(reverse("federation_desk", args=["vlaamse-bond"])).status_code == 404
    asked = services.ask_to_join(federation=other, club=club)
    # Accepting the other federation's request through its own desk: 404, nothing changes.
    response = committee.post(
        reverse("federation_desk", args=["ffw"]), {"action": "accept", "membership": asked.pk}
    )
    assert response.status_code == 404
    asked.refresh_from_db()
    assert asked.status == FederationMembership.Status.ASKED
    theirs = User.objects.create_user("vlaams", password="secret-pass-123")
    services.grant_committee(federation=other, user=theirs)
    role = FederationRole.objects.get(user=theirs)
    revoke = {"action": "revoke", "role": role.pk}
    assert committee.post(reverse("federation_desk", args=["ffw"]), revoke).status_code == 404


def test_who_is_not_on_a_committee_is_refused(ffw: Federation, committee_client: Client) -> None:
    desk = reverse("federation_desk", args=["ffw"])
    anonymous = Client().get(desk)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    assert committee_client.get(desk).status_code == 403


def test_a_federations_committee_does_not_see_a_clubs_pages(
    ffw: Federation, committee: Client, club: Club
) -> None:
    services.accept_club(membership=services.ask_to_join(federation=ffw, club=club))
    assert committee.get(reverse("club_federations", args=[club.slug])).status_code == 403
    assert committee.get(reverse("club_staff", args=[club.slug])).status_code == 403


def test_a_club_asks_and_the_federation_accepts(
    ffw: Federation, other: Federation, committee: Client, club: Club, committee_client: Client
) -> None:
    page = reverse("club_federations", args=[club.slug])
    assert committee_client.post(page, {"federation": ffw.pk}).status_code == 302
    assert committee_client.post(page, {"federation": other.pk}).status_code == 302
    assert selectors.member_clubs(ffw).count() == 0
    public = Client().get(reverse("federation_page", args=["ffw"])).content.decode()
    assert club.name not in public
    desk = reverse("federation_desk", args=["ffw"])
    assert club.name in committee.get(desk).content.decode()
    membership = FederationMembership.objects.get(federation=ffw, club=club)
    assert (
        committee.post(desk, {"action": "accept", "membership": membership.pk}).status_code == 302
    )
    assert list(selectors.member_clubs(ffw)) == [club]
    public = Client().get(reverse("federation_page", args=["ffw"])).content.decode()
    assert club.name in public
    # A club may belong to several federations: its request to the other one still waits.
    statuses = dict(
        FederationMembership.objects.filter(club=club).values_list("federation__slug", "status")
    )
    assert statuses == {"ffw": "accepted", "vlaamse-bond": "asked"}
    listing = committee_client.get(page).content.decode()
    assert "Fédération wallonne" in listing and "Vlaamse Bond" in listing


def test_a_second_request_is_refused_in_french_naming_the_field(
    ffw: Federation, club: Club, committee_client: Client
) -> None:
    services.ask_to_join(federation=ffw, club=club)
    response = committee_client.post(
        reverse("club_federations", args=[club.slug]), {"federation": ffw.pk}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Choisissez une fédération de la liste." in page
    assert re.search(r"<label[^>]*>Fédération", page)
    with pytest.raises(services.FederationError):
        services.ask_to_join(federation=ffw, club=club)
    assert FederationMembership.objects.count() == 1


def test_another_clubs_federation_page_answers_404(
    ffw: Federation, committee_client: Client
) -> None:
    elsewhere = Club.objects.create(name="Cercle d’ailleurs", slug="ailleurs")
    response = committee_client.get(reverse("club_federations", args=[elsewhere.slug]))
    assert response.status_code == 404


def test_posts_without_the_csrf_token_are_refused(ffw: Federation, make_committee) -> None:
    forged = make_committee(ffw, "federation", enforce_csrf_checks=True)
    User.objects.create_user("secretaire", password="secret-pass-123")
    desk = reverse("federation_desk", args=["ffw"])
    response = forged.post(desk, {"action": "grant", "username": "secretaire"})
    assert response.status_code == 403
    assert FederationRole.objects.filter(federation=ffw).count() == 1


def test_the_federations_desk_is_in_its_language(other: Federation, admin: User) -> None:
    page = _login(admin).get(reverse("federation_desk", args=["vlaamse-bond"]))
    assert page.status_code == 200
    assert "Bestuur van de federatie" in page.content.decode()
