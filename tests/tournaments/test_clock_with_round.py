"""A whist pool's hall clock may start with the pool (issue 37, « At the tables and the
desk »): drawing or starting a timed round offers « and start the hall clock », ticked when the
club's setting says the clock starts with the round; unticked, it waits to be started by hand,
as before."""

import pytest
from django.urls import reverse

from tournaments.models import Round

pytestmark = pytest.mark.django_db

BOX = 'name="start_clock"'


def test_the_committee_chooses_whether_the_clock_starts_with_the_round(committee_client, club):
    url = reverse("club_settings", args=[club.slug])
    page = committee_client.get(url).content.decode()
    assert "Démarrer le chrono de salle avec la ronde" in page
    saved = committee_client.post(
        url, {"name_order": club.name_order, "language": "fr", "clock_with_round": "on"}
    )
    assert saved.status_code == 302
    club.refresh_from_db()
    assert club.clock_with_round
    committee_client.post(url, {"name_order": club.name_order, "language": "fr"})
    club.refresh_from_db()
    assert not club.clock_with_round


def test_drawing_a_pool_starts_its_clock_when_asked(scorekeeper_client, club, make_tournament):
    club.clock_with_round = True
    club.save()
    whist = make_tournament("whist", players=8, rounds=2)
    dashboard = scorekeeper_client.get(reverse("staff_tournament", args=[whist.pk]))
    html = dashboard.content.decode()
    # Offered in the draw's own form, ticked as the club's setting says.
    assert f'type="checkbox" {BOX} value="1" checked' in html
    assert "et démarrer le chrono de salle" in html
    drawn = scorekeeper_client.post(
        reverse("staff_draw", args=[whist.pk]), {"start_clock": "1"}, follow=True
    )
    assert "Le chrono de salle est démarré." in drawn.content.decode()
    round_ = Round.objects.get(tournament=whist)
    assert round_.clock_started_at is not None
    assert round_.status == Round.Status.STARTED
    hall = scorekeeper_client.get(reverse("tournament_display", args=[whist.pk])).content
    assert "pas commencé" not in hall.decode()


def test_by_hand_the_pool_waits_for_its_clock(scorekeeper_client, club, make_tournament):
    whist = make_tournament("whist", players=8, rounds=2)
    html = scorekeeper_client.get(reverse("staff_tournament", args=[whist.pk])).content.decode()
    assert BOX in html and f'{BOX} value="1" checked' not in html  # by hand: not ticked
    scorekeeper_client.post(reverse("staff_draw", args=[whist.pk]))
    round_ = Round.objects.get(tournament=whist)
    assert round_.clock_started_at is None
    # Starting the round from its page offers the clock too.
    page = scorekeeper_client.get(reverse("staff_round", args=[round_.pk])).content.decode()
    assert BOX in page
    scorekeeper_client.post(
        reverse("staff_round", args=[round_.pk]), {"action": "start", "start_clock": "1"}
    )
    round_.refresh_from_db()
    assert round_.clock_started_at is not None


def test_a_game_without_a_clock_is_not_offered_one(scorekeeper_client, club, make_tournament):
    club.clock_with_round = True
    club.save()
    king = make_tournament(players=8, rounds=2)
    html = scorekeeper_client.get(reverse("staff_tournament", args=[king.pk])).content.decode()
    assert BOX not in html
    scorekeeper_client.post(reverse("staff_draw", args=[king.pk]), {"start_clock": "1"})
    assert Round.objects.get(tournament=king).clock_started_at is None
