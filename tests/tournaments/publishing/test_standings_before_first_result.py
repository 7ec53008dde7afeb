"""While the first round is played, nobody is ranked yet: the public standings, the staff's
standings and the hall screen say when the first standings come instead of listing every
player first with 0 (issue 37, « At the tables and the desk »)."""

import re

import pytest
from django.urls import reverse

from tournaments.services import drawing

pytestmark = pytest.mark.django_db

WAITING = "Premier classement après la première table complète."


@pytest.mark.parametrize("game", ["double_king", "whist", "quarante"])
def test_before_the_first_result_the_standings_say_when_they_come(
    client, scorekeeper_client, make_tournament, game
):
    tournament = make_tournament(game, players=8 if game == "double_king" else 4, rounds=2)
    drawing.start_round(drawing.draw_round(tournament, seed=1))
    tournament.refresh_from_db()
    standings = client.get(reverse("tournament_standings", args=[tournament.pk])).content
    staff = scorekeeper_client.get(reverse("staff_standings", args=[tournament.pk])).content
    for html in (standings.decode(), staff.decode()):
        assert WAITING in html
        # Everyone is listed, nobody ranked: the rank column holds « — », never « 1 ».
        ranks = re.findall(r'<tr class="[^"]*"><td class="num">([^<]*)</td>', html)
        assert ranks and set(ranks) == {"—"}, ranks
    hall = client.get(reverse("tournament_display", args=[tournament.pk])).content.decode()
    assert WAITING in hall
    assert "hall-standings" not in hall


def test_after_the_first_complete_table_the_standings_rank(client, make_tournament, fill_round):
    tournament = make_tournament(players=8, rounds=2)
    round_ = drawing.draw_round(tournament, seed=1)
    drawing.start_round(round_)
    fill_round(round_)
    tournament.refresh_from_db()
    standings = client.get(reverse("tournament_standings", args=[tournament.pk])).content
    assert WAITING not in standings.decode()
    ranks = re.findall(r'<tr class="[^"]*"><td class="num">([^<]*)</td>', standings.decode())
    assert "1" in ranks and "—" not in ranks
    hall = client.get(reverse("tournament_display", args=[tournament.pk])).content.decode()
    assert WAITING not in hall and "hall-standings" in hall
