"""The hall screen: the clock opened without a login through a secret, revocable link."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.services import drawing

pytestmark = pytest.mark.django_db


@pytest.fixture
def whist(make_tournament):
    tournament = make_tournament("whist", players=8, rounds=2)
    drawing.draw_round(tournament, seed=1)
    return tournament


def _create_link(client, tournament) -> str:
    response = client.post(
        reverse("staff_hall_link", args=[tournament.pk]), {"action": "renew"}, follow=True
    )
    assert response.status_code == 200
    tournament.refresh_from_db()
    return reverse("hall_clock", args=[tournament.hall_token])


def test_the_scorekeeper_shows_a_qr_code_that_opens_the_clock_without_login(
    scorekeeper_client, client, whist
):
    page = scorekeeper_client.get(reverse("staff_hall_link", args=[whist.pk]))
    assert "Aucun lien" in page.content.decode()
    url = _create_link(scorekeeper_client, whist)
    page = scorekeeper_client.get(reverse("staff_hall_link", args=[whist.pk])).content.decode()
    assert 'src="data:image/svg+xml' in page and "QR" in page
    assert url in page

    client.logout()
    hall = client.get(url)
    assert hall.status_code == 200
    html = hall.content.decode()
    assert "<h1" in html and "poule 1" in html
    # Read-only: no button that starts or pauses, no link into the staff pages.
    assert 'value="start"' not in html and "/saisie/" not in html
    assert hall["Referrer-Policy"] == "no-referrer" and "no-store" in hall["Cache-Control"]
    state = client.get(reverse("hall_clock_state", args=[whist.hall_token])).json()
    assert state["state"] == "ready" and state["round"] == 1


def test_a_new_link_or_a_revoked_one_closes_the_old_link(scorekeeper_client, client, whist):
    old = _create_link(scorekeeper_client, whist)
    new = _create_link(scorekeeper_client, whist)
    assert old != new
    assert client.get(old).status_code == 404
    assert client.get(new).status_code == 200
    response = scorekeeper_client.post(
        reverse("staff_hall_link", args=[whist.pk]), {"action": "revoke"}, follow=True
    )
    assert "révoqué" in response.content.decode()
    assert client.get(new).status_code == 404
    assert client.get(reverse("hall_clock", args=["guess"])).status_code == 404


def test_the_hall_follows_the_last_round_drawn(scorekeeper_client, client, whist):
    url = _create_link(scorekeeper_client, whist)
    drawing.start_round(whist.round_set.get())
    drawing.draw_round(whist, seed=2)
    assert "poule 2" in client.get(url).content.decode()


def test_only_the_clubs_scorekeepers_manage_the_link(client, plain_user, whist, two_clubs):
    url = reverse("staff_hall_link", args=[whist.pk])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(plain_user)
    assert client.post(url, {"action": "renew"}).status_code == 403
    client.force_login(two_clubs.b_saisie)
    assert client.post(url, {"action": "renew"}).status_code == 404
    whist.refresh_from_db()
    assert whist.hall_token is None


def test_games_without_a_clock_have_no_hall_link(scorekeeper_client, make_tournament):
    tournament = make_tournament("double_king", players=8, rounds=1)
    url = reverse("staff_hall_link", args=[tournament.pk])
    assert scorekeeper_client.get(url).status_code == 404


def test_the_hall_polls_its_clock_in_one_query_and_an_old_link_finds_nothing(
    scorekeeper_client, client, whist
):
    _create_link(scorekeeper_client, whist)
    token = whist.hall_token
    with CaptureQueriesContext(connection) as queries:
        state = client.get(reverse("hall_clock_state", args=[token]))
    assert state.json()["round"] == 1 and state["Cache-Control"] == "no-store"
    assert len(queries) == 1
    _create_link(scorekeeper_client, whist)
    assert client.get(reverse("hall_clock_state", args=[token])).status_code == 404
