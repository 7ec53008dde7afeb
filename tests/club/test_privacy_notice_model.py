"""A new club starts with a model privacy notice to adapt, in its language, and the demo's
clubs with their own (issue 37, « At the tables and the desk »)."""

import pytest
from django.urls import reverse

from club import services
from club.models import Club

pytestmark = pytest.mark.django_db

COMMITTEE = {
    "username": "marie",
    "first_name": "Marie",
    "last_name": "Lambert",
    "email": "marie@example.org",
    "handover": "password",
}


def test_a_new_club_has_a_model_notice_in_its_language(client):
    club, _invitation = services.create_club(
        name="Whist Club Gesves", slug="gesves", committee=COMMITTEE
    )
    club.refresh_from_db()
    assert club.privacy_notice.startswith("Whist Club Gesves conserve, pour organiser ses tournois")
    page = client.get(reverse("club_privacy", args=[club.slug])).content.decode()
    assert "n’a pas encore écrit" not in page
    assert "adressez-vous au comité du club" in page
    # Switched to Dutch before the committee adapted it: the model follows the language.
    services.set_language(club, "nl")
    club.refresh_from_db()
    assert club.privacy_notice.startswith("Whist Club Gesves bewaart, om zijn toernooien")


def test_an_adapted_notice_stays_when_the_language_changes():
    club, _invitation = services.create_club(name="Cercle Ciney", slug="ciney", committee=COMMITTEE)
    services.set_club_privacy(
        club,
        default_public_name=club.default_public_name,
        privacy_notice="Notre propre texte.",
        hide_from_search_engines=False,
    )
    services.set_language(club, "nl")
    club.refresh_from_db()
    assert club.privacy_notice == "Notre propre texte."


def test_the_demo_clubs_have_their_own_notice(client, demo_db):
    for slug, text in (
        ("la-chevalerie", "est un club de démonstration"),
        ("de-kaartvrienden", "is een demonstratieclub"),
    ):
        club = Club.objects.get(slug=slug)
        page = client.get(reverse("club_privacy", args=[club.slug])).content.decode()
        assert text in page, slug
