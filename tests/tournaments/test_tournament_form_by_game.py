"""The tournament form has only the fields of its game, decided by the server (issue 24 §4):
no target or clock for Double King, a clock per pool for whist, the target and the clock for
the team games, the club classification for the games ranked player by player. What is
posted for another game's fields is ignored; a bad « best N » is refused on its field."""

import pytest
from django.urls import reverse
from helpers import fr

from tournaments.models import Tournament

CREATE = reverse("staff_tournament_create")
SETTINGS = ("target", "round_minutes", "pool_minutes", "club_ranking_best")


def _inputs(html: str) -> set[str]:
    return {name for name in SETTINGS if f'name="{name}"' in html}


def test_without_a_game_the_page_asks_it_first(committee_client):
    html = committee_client.get(CREATE).content.decode()
    assert 'id="choose-game"' in html
    assert 'href="?game=whist"' in html and 'href="?game=double_king"' in html
    assert _inputs(html) == set()


@pytest.mark.parametrize(
    ("game", "shown"),
    [
        ("double_king", {"club_ranking_best"}),
        ("double", {"club_ranking_best"}),
        ("whist", {"pool_minutes", "club_ranking_best"}),
        ("quarante", {"target", "round_minutes"}),
        ("plonk", {"target", "round_minutes"}),
    ],
)
def test_each_game_shows_its_own_settings_only(committee_client, season, game, shown):
    html = committee_client.get(CREATE, {"game": game}).content.decode()
    assert _inputs(html) == shown
    assert f'<option value="{game}" selected>' in html


def test_whist_clock_is_per_pool_in_the_game_words(committee_client, season):
    html = committee_client.get(CREATE, {"game": "whist"}).content.decode()
    assert fr("Minutes per pool") in html
    assert fr("Minutes per round (0: no clock)") not in html


def _post(client, season, game, **extra):
    data = {
        "club": season.club_id,
        "season": season.pk,
        "game": game,
        "name": "Open de Gesves",
        "date": "2026-03-14",
        "rounds": "2",
        "entry_fee": "3",
        **extra,
    }
    return client.post(CREATE, data)


def test_another_game_s_settings_posted_are_ignored(committee_client, season):
    response = _post(
        committee_client,
        season,
        "double_king",
        target="999999",
        round_minutes="-5",
        pool_minutes="abc",
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.rules == {}


def test_a_team_game_has_no_club_classification_even_if_posted(committee_client, season):
    response = _post(committee_client, season, "quarante", club_ranking_best="4")
    assert response.status_code == 302
    assert Tournament.objects.get().club_ranking_best is None


def test_a_whist_tournament_keeps_its_clock_and_its_club_classification(committee_client, season):
    response = _post(committee_client, season, "whist", pool_minutes="95", club_ranking_best="4")
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.rules == {"pool_minutes": 95}
    assert tournament.club_ranking_best == 4


@pytest.mark.parametrize("typed", ["0", "51", "-3", "quatre", "2.5"])
def test_a_bad_number_of_players_counted_is_refused_on_its_field(committee_client, season, typed):
    response = _post(committee_client, season, "whist", club_ranking_best=typed)
    assert response.status_code == 200
    assert not Tournament.objects.exists()
    form = response.context["form"]
    assert list(form.errors) == ["club_ranking_best"]
    html = response.content.decode()
    assert f'value="{typed}"' in html  # what was typed stays
    if typed in ("0", "51", "-3"):
        assert (
            fr("Enter a whole number from %(low)d to %(high)d, or leave it empty.", low=1, high=50)
            in html
        )


def test_a_bad_whist_clock_is_refused_on_its_field(committee_client, season):
    response = _post(committee_client, season, "whist", pool_minutes="100000")
    assert response.status_code == 200
    assert list(response.context["form"].errors) == ["pool_minutes"]
    assert not Tournament.objects.exists()
