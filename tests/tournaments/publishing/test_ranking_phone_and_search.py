"""A ranking on a phone and a long ranking's search (issue 37 §2): each row's figures but its
total folded into its « Détail » (hidden columns marked for a narrow screen); a search for a
player shows the top and his neighbourhood, the places between left out; the search is a
validated query parameter, part of the page's key."""

import re

import pytest
from django.urls import reverse

from club.models import Player
from tournaments.publishing.tables import SEARCH_AROUND, SEARCH_TOP, search_rows
from tournaments.services import archive

pytestmark = pytest.mark.django_db

RANK = re.compile(r'<tr class="([^"]*)"[^>]*><td class="num">(\d+)</td>')


def season_page(client, season, query: str = ""):
    return client.get(reverse("season_standings", args=[season.pk]) + query)


@pytest.fixture
def thirty(club, season):
    """Thirty players, one archived whist evening: « Joueur01 » first … « Joueur30 » last."""
    players = [
        Player.objects.create(first_name="Jo", last_name=f"Joueur{n:02}") for n in range(1, 31)
    ]
    club.players.add(*players)
    rows = [
        archive.ArchiveRow(line=n, date="09/01/2026", member_id=p.pk, points=str(100 - n))
        for n, p in enumerate(players, start=1)
    ]
    archive.save_evenings(club, season, "whist", rows)
    return players


def test_the_neighbourhood_is_the_top_and_the_places_around_each_found_one():
    names = [f"P{n}" for n in range(40)]
    shown, found = search_rows(names, "p25")
    assert found == {25}
    assert shown == [*range(SEARCH_TOP), *range(25 - SEARCH_AROUND, 25 + SEARCH_AROUND + 1)]
    assert search_rows(names, "nobody") == (list(range(SEARCH_TOP)), set())
    # At the end of the ranking: no place past the last.
    assert search_rows(names, "p39")[0][-1] == 39


def test_a_search_shows_the_top_and_the_players_places(client, season, thirty):
    html = season_page(client, season, "?joueur=joueur25").content.decode()
    rows = RANK.findall(html)
    assert [int(rank) for _c, rank in rows] == [*range(1, 11), *range(22, 29)]
    assert [int(rank) for css, rank in rows if "found" in css] == [25]
    assert html.count('<tr class="gap">') == 1
    assert "1 joueur trouvé pour « joueur25 »" in html
    # Without a search: the first page of 50, every player (30), no gap.
    html = season_page(client, season).content.decode()
    assert len(RANK.findall(html)) == 30 and '<tr class="gap">' not in html
    assert 'id="id_joueur"' in html


def test_a_search_finding_nobody_says_so_and_shows_the_top(client, season, thirty):
    html = season_page(client, season, "?joueur=Zorro").content.decode()
    assert len(RANK.findall(html)) == SEARCH_TOP
    assert "Aucun joueur trouvé pour « Zorro »" in html


def test_a_search_is_validated_and_part_of_the_pages_key(client, season, thirty):
    found = season_page(client, season, "?joueur=joueur25")
    other = season_page(client, season, "?joueur=joueur03")
    assert found["ETag"] != other["ETag"]
    # An unknown parameter next to it changes nothing; a search too long is left out.
    assert season_page(client, season, "?joueur=joueur25&x=1")["ETag"] == found["ETag"]
    long = season_page(client, season, "?joueur=" + "j" * 41)
    assert long["ETag"] == season_page(client, season)["ETag"]
    assert 'class="search-result"' not in long.content.decode()
    assert season_page(client, season, "?joueur=%00%3Cb%3E").status_code == 200


def test_a_phone_keeps_the_rank_the_name_and_the_total(client, season, thirty):
    html = season_page(client, season).content.decode()
    thead = html[html.index("<thead") : html.index("</thead>")]
    kept = re.findall(r'<th(?: class="([^"]*)")?[ >]', thead)
    # Rank, player, then the tournaments (folded) and the points (kept, whist's rule).
    assert ["more" in (css or "") for css in kept][:4] == [False, False, True, False]
    body = html[html.index("<tbody") : html.index("</tbody>")]
    first = body.split("<tr")[1]
    assert '<details class="row-detail"><summary>Détail</summary><dl><dt>' in first
    assert re.search(r'<td class="num more">1</td><td class="num">99</td>', first)


def test_the_tournament_standings_fold_on_a_phone(client, played_tournament):
    html = client.get(reverse("tournament_standings", args=[played_tournament.pk])).content
    html = html.decode()
    body = html[html.index("<tbody") : html.index("</tbody>")]
    rows = body.split("<tr")[1:]
    assert rows and all('<details class="row-detail">' in row for row in rows)
    # One figure kept per row (the place points at Double King), the others folded.
    assert all(len(re.findall(r'<td class="num">', row)) == 2 for row in rows)


def test_a_search_in_a_season_standings_marks_the_player(client, played_tournament):
    season = played_tournament.season
    name = played_tournament.entries.order_by("pk").first().player.full_name
    html = season_page(client, season, "?joueur=" + name.split()[-1]).content.decode()
    rows = RANK.findall(html)
    assert len(rows) == 8  # the top ten holds all eight
    assert sum("found" in css for css, _rank in rows) == 1
    assert 'aria-current="true"' in html and "1 joueur trouvé" in html
