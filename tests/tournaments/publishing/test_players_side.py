"""The players' side without a browser: a player's season, the hall screen's validator,
each game shown in its own words."""

import datetime
import re
from itertools import pairwise

import pytest
from django.urls import reverse

from tournaments.models import Tournament, TournamentResult
from tournaments.publishing.charts import line_chart
from tournaments.services import drawing, registration, round_clock

pytestmark = pytest.mark.django_db


def another_evening(first, name, date, seed):
    """The players of ``first`` play another evening of its season."""
    other = Tournament.objects.create(
        club=first.club,
        season=first.season,
        game="double_king",
        name=name,
        date=date,
        rounds=1,
        published=True,
    )
    for entry in first.entries.select_related("player"):
        registration.register_player(other, player=entry.player)
    return other


@pytest.fixture
def two_evenings(played_tournament, fill_round):
    """The 8 players of ``played_tournament`` (14 March) play a second evening (21 March)."""
    first = played_tournament
    second = another_evening(first, "Deuxième soirée", datetime.date(2026, 3, 21), 7)
    round_ = drawing.draw_round(second, seed=7)
    drawing.start_round(round_)
    fill_round(round_, seed=7)
    return first, second


@pytest.fixture
def three_evenings(two_evenings, fill_round):
    first, second = two_evenings
    third = another_evening(first, "Troisième soirée", datetime.date(2026, 3, 28), 9)
    round_ = drawing.draw_round(third, seed=9)
    drawing.start_round(round_)
    fill_round(round_, seed=9)
    return first, second, third


def test_player_season_lists_each_tournament_with_a_chart_point_each(client, three_evenings):
    first, second, third = three_evenings
    player = first.entries.first().player
    url = reverse("season_player", args=[first.season_id, player.pk])
    html = client.get(url).content.decode()

    results = {r.tournament_id: r for r in TournamentResult.objects.filter(player=player)}
    assert set(results) == {first.pk, second.pk, third.pk}
    assert first.name in html and second.name in html and third.name in html
    for result in results.values():
        assert f'{result.rank}<span class="muted"> / 8</span>' in html
    charts = re.findall(r'<svg class="line-chart" data-chart="(\w+)".*?</svg>', html, re.S)
    assert charts == ["rank", "points"]
    for chart in re.findall(r'<svg class="line-chart".*?</svg>', html, re.S):
        assert chart.count('<circle class="point"') == 3  # one point per tournament
    assert "Meilleur résultat" in html and "Moins bon résultat" in html
    assert "Points de place" in html  # Double King has place points


def test_two_tournaments_are_said_in_a_sentence_not_drawn(client, two_evenings):
    first, _second = two_evenings
    player = first.entries.first().player
    html = client.get(reverse("season_player", args=[first.season_id, player.pk])).content.decode()

    assert '<svg class="line-chart"' not in html
    assert "2 tournois dans ce jeu pour l’instant" in html
    assert "Deuxième soirée" in html  # the table still lists both


def test_chart_dates_that_would_overlap_are_left_out_the_last_kept():
    labels = [f"{d:02d}/03" for d in range(1, 21)]
    chart = line_chart(list(range(20)), labels)
    shown = [p for p in chart.points if p.labelled]
    assert chart.points[-1].labelled and 1 < len(shown) < 20
    gaps = [b.x - a.x for a, b in pairwise(shown)]
    assert min(gaps) >= 44  # a date's width: no two overlap
    assert all(p.labelled for p in line_chart([3, 1, 2], ["a", "b", "c"]).points)


def test_head_to_head_counts_meetings_and_wins(client, two_evenings):
    first, _second = two_evenings
    player = first.entries.first().player
    html = client.get(reverse("season_player", args=[first.season_id, player.pk])).content
    rows = re.findall(
        r'<tr><td><a href="[^"]+">([^<]+)</a></td><td class="num">(\d+)</td>'
        r'<td class="num">(\d+)</td></tr>',
        html.decode(),
    )
    assert rows, "no opponent listed"
    # Three tables in all (two rounds, then one): at most three meetings with anyone.
    assert all(1 <= int(meetings) <= 3 and int(wins) <= int(meetings) for _, meetings, wins in rows)
    assert player.full_name not in [name for name, _, _ in rows]


def test_season_standings_link_each_player_to_his_season(client, two_evenings):
    first, _ = two_evenings
    html = client.get(reverse("season_standings", args=[first.season_id])).content.decode()
    player = first.entries.first().player
    assert reverse("season_player", args=[first.season_id, player.pk]) in html


def test_a_player_who_never_played_in_the_season_has_no_page(client, two_evenings, make_players):
    first, _ = two_evenings
    stranger = make_players(1, prefix="Absent")[0]
    response = client.get(reverse("season_player", args=[first.season_id, stranger.pk]))
    assert response.status_code == 404


def test_rank_chart_puts_the_first_place_on_top():
    chart = line_chart([1, 5, 3], ["a", "b", "c"], inverted=True)
    ys = [p.y for p in chart.points]
    assert ys[0] < ys[2] < ys[1]
    assert chart.gridlines[0].value == 1
    flat = line_chart([10], ["only"])
    assert len(flat.points) == 1


def test_hall_screen_answers_304_until_the_clock_starts(client, make_tournament):
    whist = make_tournament("whist", players=4, rounds=2)
    pool = drawing.draw_round(whist, seed=1)
    url = reverse("tournament_display", args=[whist.pk])
    first = client.get(url)
    assert first.status_code == 200
    assert "Qui joue où" in first.content.decode()
    etag = first["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    round_clock.clock_start(pool)
    started = client.get(url, headers={"if-none-match": etag})
    assert started.status_code == 200
    assert 'id="hall-clock"' in started.content.decode()


def test_unpublished_tournament_has_no_hall_screen(client, make_tournament):
    hidden = make_tournament(published=False)
    assert client.get(reverse("tournament_display", args=[hidden.pk])).status_code == 404


def test_whist_pages_show_no_place_points(client, make_tournament):
    whist = make_tournament("whist", players=4, rounds=1)
    table = drawing.draw_round(whist, seed=1).tables.get()
    for url in (
        reverse("table_detail", args=[table.pk]),
        reverse("tournament_rounds", args=[whist.pk]),
        reverse("tournament_standings", args=[whist.pk]),
    ):
        html = client.get(url).content.decode()
        assert "Points de place" not in html, url
    assert "Poule 1" in client.get(reverse("tournament_rounds", args=[whist.pk])).content.decode()


def test_team_game_rounds_say_who_won_the_match(client, make_tournament):
    from tournaments.models import Seat

    quarante = make_tournament("quarante", players=4, rounds=1)
    table = drawing.draw_round(quarante, seed=1).tables.get()
    Seat.objects.filter(table=table, position=0).update(won=True, score=150)
    Seat.objects.filter(table=table, position=1).update(won=False, score=90)
    table.complete = True
    table.save(update_fields=["complete"])
    Tournament.objects.filter(pk=quarante.pk).update(results_version=99)
    html = client.get(reverse("tournament_rounds", args=[quarante.pk])).content.decode()
    assert "gagné" in html and "perdu" in html
    assert "Points de place" not in html and "PP" not in html
