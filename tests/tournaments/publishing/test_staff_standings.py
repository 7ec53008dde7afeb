"""Scorekeepers see the standings of their tournaments before the committee publishes them."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_an_unpublished_tournament_has_standings_for_its_scorekeepers(
    scorekeeper_client, client, make_tournament, fill_round
):
    from tournaments.services import drawing

    tournament = make_tournament(players=8, rounds=1, published=False)
    round_ = drawing.draw_round(tournament, seed=1)
    drawing.start_round(round_)
    fill_round(round_)
    dashboard = scorekeeper_client.get(reverse("staff_tournament", args=[tournament.pk]))
    html = dashboard.content.decode()
    staff_url = reverse("staff_standings", args=[tournament.pk])
    # The dashboard's standings button leads somewhere the scorekeeper may go, not to a 404.
    assert staff_url in html
    assert 'href="' + reverse("tournament_standings", args=[tournament.pk]) + '"' not in html
    page = scorekeeper_client.get(staff_url)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Pas encore publié" in text
    first = tournament.entries.select_related("player").first().player
    assert str(first.last_name) in text
    # No link to a public player page that would answer 404.
    assert "/joueurs/" not in text
    # The public still sees nothing.
    assert client.get(reverse("tournament_standings", args=[tournament.pk])).status_code == 404


def test_a_published_tournament_links_to_the_public_page(scorekeeper_client, played_tournament):
    text = scorekeeper_client.get(
        reverse("staff_standings", args=[played_tournament.pk])
    ).content.decode()
    assert "Pas encore publié" not in text
    assert reverse("tournament_standings", args=[played_tournament.pk]) in text
    assert "/joueurs/" in text


def test_other_clubs_and_anonymous_visitors_get_nothing(client, two_clubs):
    url = reverse("staff_standings", args=[two_clubs.secret.pk])
    assert client.get(url).status_code == 302
    client.force_login(two_clubs.b_saisie)
    assert client.get(url).status_code == 404
    client.force_login(two_clubs.a_bureau)
    assert client.get(url).status_code == 200
