"""The standings and annual ranking tables as a visitor reads them: the game's columns, a
column's sort both ways, points written the French way, the pages of a long ranking; and the
one-query reads every public page starts with."""

import datetime
import random
import re
from fractions import Fraction

import pytest
from django.db import connection
from django.http import QueryDict
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from club.models import Player, Season
from tournaments.games import plugin_for
from tournaments.publishing.tables import standings_table
from tournaments.sample_sheets import stored_tournament
from tournaments.selectors import listing, round_reads
from tournaments.selectors.classification import StandingRow
from tournaments.services import result_store

pytestmark = pytest.mark.django_db

HEADER = re.compile(r"<th(?: [^>]*)?>(?:<a [^>]*>)?([^<]*)")


def standings_page(client, tournament, query: str = "") -> str:
    url = reverse("tournament_standings", args=[tournament.pk])
    return client.get(url + query).content.decode()


def headers(html: str) -> list[str]:
    thead = html[html.index("<thead") : html.index("</thead>")]
    return HEADER.findall(thead)


def body_rows(html: str) -> list[str]:
    body = html[html.index("<tbody") : html.index("</tbody>")]
    return body.split("<tr")[1:]


def cells(row: str) -> list[str]:
    return re.findall(r"<td[^>]*>(.*?)</td>", row)


def test_the_standings_columns_are_the_games_metrics(played_tournament, make_tournament, client):
    assert headers(standings_page(client, played_tournament)) == [
        "Rang",
        "Joueur",
        "Points de place",
        "Score total",
        "Meilleure ronde",
        "Rondes",
        "R1",
        "R2",
    ]
    teams = make_tournament("quarante", players=8, rounds=2)
    # Team games: matches won and the difference, no place points nor best round.
    assert headers(standings_page(client, teams))[:6] == [
        "Rang",
        "Équipe",
        "Parties gagnées",
        "Score total",
        "Différence",
        "Rondes",
    ]


def test_a_column_sorts_the_standings_both_ways(played_tournament, client):
    ranked = standings_page(client, played_tournament)
    names = [cells(row)[1] for row in body_rows(ranked)]
    assert len(names) == 8

    down = standings_page(client, played_tournament, "?sort=-score")
    scores = [int(cells(row)[3]) for row in body_rows(down)]
    assert scores == sorted(scores, reverse=True)
    # The sorted column is marked; its link sorts the other way.
    assert '<th class="desc num orderable more"><a href="?sort=score">' in down

    up = standings_page(client, played_tournament, "?sort=score")
    assert [int(cells(row)[3]) for row in body_rows(up)] == sorted(scores)
    assert '<a href="?sort=-score">' in up

    # A column the table does not have: the ranked order.
    unknown = standings_page(client, played_tournament, "?sort=nothing")
    assert [cells(row)[1] for row in body_rows(unknown)] == names


def test_the_names_link_to_the_players_pages(played_tournament, client):
    html = standings_page(client, played_tournament)
    entry = played_tournament.entries.select_related("player").order_by("pk").first()
    url = reverse("tournament_player", args=[played_tournament.pk, entry.pk])
    assert f'<a href="{url}">{entry.player.full_name}</a>' in html


def test_shared_place_points_are_written_the_french_way(played_tournament):
    row = StandingRow(
        entry_id=1,
        player_id=1,
        name="Dupont <Jean>",
        substitute=False,
        withdrawn=False,
        rank=1,
        place_points=Fraction(143, 2),
        score=1234,
    )
    plugin = plugin_for("double_king")
    with translation.override("fr"):
        _columns, (shown,) = standings_table(QueryDict(""), plugin, [row], 1)
    assert shown.cells[:2] == ["71,50", "1234"]
    with translation.override("en"):
        _columns, (shown,) = standings_table(QueryDict(""), plugin, [row], 1)
    assert shown.cells[0] == "71.50"


def test_the_annual_ranking_has_pages_of_fifty_players(club, client):
    season = Season.objects.create(
        club=club, name="Whist", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
    )
    rng = random.Random(2)
    pool = Player.objects.bulk_create(
        Player(first_name=f"P{i}", last_name=f"Joueur{i:03d}") for i in range(120)
    )
    for index in range(2):
        result_store.results_changed(stored_tournament(season, "whist", 2, index, pool, rng, 60))
    url = reverse("season_standings", args=[season.pk])
    first = client.get(url).content.decode()
    second = client.get(url + "?whist-page=2").content.decode()
    assert len(body_rows(first)) == 50 and 0 < len(body_rows(second)) <= 50
    assert not set(body_rows(first)) & set(body_rows(second))
    assert 'href="?whist-page=2"' in first and 'href="?whist-page=1"' in second
    # Ranks go on from the first page to the second.
    last, following = int(cells(body_rows(first)[-1])[0]), int(cells(body_rows(second)[0])[0])
    assert last <= following
    # A page's links keep the rest of the query (the sort asked); in the visitor's language.
    client.cookies["django_language"] = "nl"
    sorted_second = client.get(url + "?whist-sort=-points&whist-page=2").content.decode()
    back = 'href="?whist-sort=-points&amp;whist-page=1" class="icon item" rel="prev">← Vorige</a>'
    assert back in sorted_second
    assert 'aria-current="page">2</a>' in sorted_second


def test_the_public_pages_first_reads_are_one_query_each(played_tournament):
    table = round_reads.round_tables(played_tournament.round_set.first())[0]
    with CaptureQueriesContext(connection) as queries:
        tournament = listing.published_tournament(played_tournament.pk)
        assert tournament.club.name and tournament.season.name
        read = round_reads.table_with_tournament(table.pk, published_only=True)
        assert read.round.tournament.club.name and read.round.tournament.season.name
    assert len(queries) == 2  # the season page's: test_season_page_reads

    played_tournament.published = False
    played_tournament.save()
    assert listing.published_tournament(played_tournament.pk) is None
    with pytest.raises(type(table).DoesNotExist):
        round_reads.table_with_tournament(table.pk, published_only=True)
    assert round_reads.table_with_tournament(table.pk, published_only=False).pk == table.pk
