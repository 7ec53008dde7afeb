"""Licence numbers are never shown on public pages (issue 35 §2): neither the site's own
(``Player.licence_number``) nor a federation's (``Licence.number``), on every public page
where a licensed player's name shows, his own pages and the federation's page."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from test_public_names import own_urls, public_urls

from club.models import Club, Player
from tournaments.federation import services
from tournaments.federation.models import Licence
from tournaments.models import Entry


@pytest.fixture
def licensed(demo_db) -> tuple[Player, list[str]]:
    club = Club.objects.get(slug="la-chevalerie")
    federation = services.create_federation(
        name="Fédération de test", slug="federation-de-test", games=["whist"], language="fr"
    )
    services.accept_club(membership=services.ask_to_join(federation=federation, club=club))
    # A member who played several published tournaments: his name shows on many pages.
    player = next(
        p
        for p in club.players.order_by("pk")
        if Entry.objects.filter(player=p, tournament__published=True).count() >= 2
    )
    Player.objects.filter(pk=player.pk).update(licence_number="SITE-4711")
    Licence.objects.create(
        federation=federation,
        number="FED-0815",
        last_name=player.last_name,
        first_name=player.first_name,
        club=club,
        player=player,
        valid_from=datetime.date(2025, 9, 1),
        valid_until=datetime.date(2026, 8, 31),
    )
    urls = [
        *public_urls(player),
        *own_urls(player),
        reverse("federation_page", args=[federation.slug]),
    ]
    return player, urls


def test_no_licence_number_on_any_public_page(licensed, client: Client) -> None:
    _player, urls = licensed
    numbers = [number for number in Licence.objects.values_list("number", flat=True)]
    numbers += [
        n
        for n in Player.objects.exclude(licence_number="").values_list("licence_number", flat=True)
    ]
    assert "FED-0815" in numbers and "SITE-4711" in numbers
    assert len(urls) > 5
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        page = response.content.decode()
        shown = [number for number in numbers if number in page]
        assert not shown, (url, shown[:3])
