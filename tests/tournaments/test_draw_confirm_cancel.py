"""Drawing the next round: the true fewest repeats, a confirmation while sheets are open, and
a draw cancelled before any result is entered."""

import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse
from helpers import post_deals

from tournaments.models import Round
from tournaments.services import drawing
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def test_twelve_players_show_three_repeats_as_the_optimum(
    scorekeeper_client, make_tournament, fill_round
):
    tournament = make_tournament(players=12, rounds=3)
    first = drawing.draw_round(tournament, seed=1)
    drawing.start_round(first)
    fill_round(first)
    second = drawing.draw_round(tournament, seed=1)
    assert (second.repeats, second.lower_bound) == (3, 3)
    html = scorekeeper_client.get(reverse("staff_round", args=[second.pk])).content.decode()
    assert "Rencontres répétées jusqu’ici : 3 (minimum possible : 3)." in html
    assert 'class="ok-box" id="repeats"' in html


def test_drawing_with_open_sheets_asks_first_with_their_count(
    scorekeeper_client, make_tournament, fill_round
):
    tournament = make_tournament(players=12, rounds=3)
    first = drawing.draw_round(tournament, seed=1)
    drawing.start_round(first)
    url = reverse("staff_draw", args=[tournament.pk])
    page = scorekeeper_client.post(url)
    assert page.status_code == 200
    assert "3 feuilles sont encore ouvertes" in page.content.decode()
    assert tournament.round_set.count() == 1  # nothing drawn yet

    response = scorekeeper_client.post(url, {"confirm": "1"})
    assert response.status_code == 302
    assert tournament.round_set.count() == 2
    entry = LogEntry.objects.get()
    seed = tournament.round_set.get(number=2).seed
    assert entry.change_message == f"Round 2 drawn (seed {seed})."


def test_no_question_when_every_sheet_is_complete(scorekeeper_client, played_tournament):
    played_tournament.rounds = 3
    played_tournament.save()
    response = scorekeeper_client.post(reverse("staff_draw", args=[played_tournament.pk]))
    assert response.status_code == 302
    assert played_tournament.round_set.count() == 3


def test_a_draw_is_cancelled_before_any_result(scorekeeper_client, client, make_tournament):
    tournament = make_tournament(players=8, rounds=2)
    round_ = drawing.draw_round(tournament, seed=1)
    html = scorekeeper_client.get(reverse("staff_round", args=[round_.pk])).content.decode()
    assert 'id="cancel-draw"' in html
    response = scorekeeper_client.post(
        reverse("staff_round", args=[round_.pk]), {"action": "cancel_draw"}, follow=True
    )
    assert "Tirage annulé : ronde 1." in response.content.decode()
    assert not Round.objects.filter(pk=round_.pk).exists()
    assert "Draw of round 1 cancelled." in LogEntry.objects.values_list("change_message", flat=True)
    # The public rounds page no longer shows the seats; the next draw is round 1 again.
    rounds_page = client.get(reverse("tournament_rounds", args=[tournament.pk])).content.decode()
    assert "Table 1" not in rounds_page
    assert drawing.draw_round(tournament, seed=2).number == 1


def test_a_round_with_a_result_cannot_be_cancelled(scorekeeper_client, whist_table):
    round_ = whist_table.round
    drawing.start_round(round_)
    post_deals(
        scorekeeper_client,
        whist_table,
        {
            "version": "0",
            "contract": "solo_6",
            "action": "save",
            "number": "1",
            "d1": "0",
            "tricks": "6",
        },
    )
    assert whist_table.deals.count() == 1
    html = scorekeeper_client.get(reverse("staff_round", args=[round_.pk])).content.decode()
    assert 'id="cancel-draw"' not in html
    response = scorekeeper_client.post(
        reverse("staff_round", args=[round_.pk]), {"action": "cancel_draw"}, follow=True
    )
    assert "son tirage ne peut plus être annulé" in response.content.decode()
    assert Round.objects.filter(pk=round_.pk).exists()


def test_only_the_last_draw_can_be_cancelled(make_tournament, fill_round):
    tournament = make_tournament(players=8, rounds=3)
    first = drawing.draw_round(tournament, seed=1)
    drawing.start_round(first)
    drawing.draw_round(tournament, seed=2)
    with pytest.raises(TournamentError, match="dernier tirage"):
        drawing.cancel_draw(first)
