"""The organiser's list of clubs (the club classification of its open tournaments), on a
committee page: added and removed there; bad names refused on the field, nothing saved,
what was typed kept; another club's list is not found."""

import pytest
from django.urls import reverse
from helpers import fr

from club.models import Club, RepresentedClub
from club.roles import BUREAU, grant_role


def _url(club):
    return reverse("club_represented_clubs", args=[club.slug])


def test_the_committee_adds_clubs_to_its_list(committee_client, club):
    response = committee_client.post(_url(club), {"action": "add", "name": "Whist Club Namur"})
    assert response.status_code == 302
    page = committee_client.get(_url(club)).content.decode()
    assert "Whist Club Namur" in page
    assert list(RepresentedClub.objects.filter(club=club).values_list("name", flat=True)) == [
        "Whist Club Namur"
    ]


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "This field is required."),
        ("whist club NAMUR", "This club is already in the list."),
        ("Namur\u202egnol", None),
        ("   ", "This field is required."),
        ("N" * 121, None),
    ],
)
def test_a_bad_name_is_refused_on_its_field(committee_client, club, typed, message):
    RepresentedClub.objects.create(club=club, name="Whist Club Namur")
    response = committee_client.post(_url(club), {"action": "add", "name": typed})
    assert response.status_code == 400
    assert RepresentedClub.objects.filter(club=club).count() == 1
    form = response.context["form"]
    assert list(form.errors) == ["name"]
    html = response.content.decode()
    assert 'class="field-error"' in html
    if message:
        assert fr(message) in html
    if typed.strip():
        assert f'value="{typed}"' in html  # what was typed stays


def test_a_club_a_player_plays_for_stays_in_the_list(committee_client, club, make_tournament):
    namur = RepresentedClub.objects.create(club=club, name="Whist Club Namur")
    tournament = make_tournament("whist", players=4, rounds=1)
    entry = tournament.entries.first()
    entry.represented_club = namur
    entry.save()
    response = committee_client.post(
        _url(club), {"action": "remove", "represented": namur.pk}, follow=True
    )
    assert RepresentedClub.objects.filter(pk=namur.pk).exists()
    expected = fr(
        "%(club)s is the club of players of a tournament: it stays in the list.",
        club="Whist Club Namur",
    )
    assert expected in response.content.decode()


def test_an_unused_club_is_removed(committee_client, club):
    namur = RepresentedClub.objects.create(club=club, name="Whist Club Namur")
    response = committee_client.post(_url(club), {"action": "remove", "represented": namur.pk})
    assert response.status_code == 302
    assert not RepresentedClub.objects.exists()


def test_another_club_s_list_is_not_found(committee_client, club, django_user_model):
    other = Club.objects.create(name="Cercle Voisin", slug="voisin")
    theirs = RepresentedClub.objects.create(club=other, name="Whist Club Ciney")
    assert committee_client.get(_url(other)).status_code == 404
    post = committee_client.post(_url(other), {"action": "add", "name": "Intrus"})
    assert post.status_code == 404
    # Their list's entry through our own page: not found either.
    removal = committee_client.post(_url(club), {"action": "remove", "represented": theirs.pk})
    assert removal.status_code == 404
    assert list(RepresentedClub.objects.values_list("name", flat=True)) == ["Whist Club Ciney"]


def test_a_scorekeeper_does_not_edit_the_list(scorekeeper_client, club):
    assert scorekeeper_client.get(_url(club)).status_code == 403


def test_the_same_name_in_two_organisers_lists(committee_user, client, club):
    other = Club.objects.create(name="Cercle Voisin", slug="voisin")
    grant_role(committee_user, other, BUREAU)
    RepresentedClub.objects.create(club=other, name="Whist Club Namur")
    client.force_login(committee_user)
    response = client.post(_url(club), {"action": "add", "name": "Whist Club Namur"})
    assert response.status_code == 302
    assert RepresentedClub.objects.filter(name="Whist Club Namur").count() == 2
