"""Standings at a federation's size: constant queries on every public page and export, the
stored tournament results (the same as the seat-by-seat ranking computed before them), and the
cached standings page (a saved sheet shows at once; an unchanged page answers 304)."""

import datetime
import html as html_lib
import importlib
import random
import re
from collections import defaultdict
from fractions import Fraction

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Count, F, Max, Q, Sum
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import Club, Player, Season
from club.roles import SAISIE, grant_role
from scoring import GAMES
from scoring.ranking import (
    RoundLine,
    TournamentLine,
    annual_ranking_key,
    place_points_by_key,
    shared_places,
)
from tournaments.models import Seat, Tournament, TournamentResult
from tournaments.sample_sheets import double_king_round, stored_tournament
from tournaments.selectors import annual_rankings, classification, season_rankings
from tournaments.services import deal_entry, drawing, registration, result_store

pytestmark = pytest.mark.django_db


# --------------------------------------------------------------------------- query counts


def federation(tournaments: int, players: int) -> dict[str, object]:
    """A club with a Double King season and a whist season of stored tournaments; returns
    the seasons and their last tournaments, whose public URLs are walked."""
    club = Club.objects.create(name=f"Fédération {players}", slug=f"federation-{players}")
    rng = random.Random(tournaments)
    pool = Player.objects.bulk_create(
        Player(first_name=f"P{i}", last_name=f"N{players}-{i:04d}") for i in range(players * 2)
    )
    made = {}
    for game, rounds in (("double_king", 3), ("whist", 3)):
        season = Season.objects.create(
            club=club,
            name=game,
            start=datetime.date(2026, 1, 1),
            end=datetime.date(2026, 12, 31),
        )
        for index in range(tournaments):
            tournament = stored_tournament(season, game, rounds, index, pool, rng, players)
            result_store.results_changed(tournament)
        made[game] = (season, tournament)
    return made


def public_urls(made) -> dict[str, str]:
    season, tournament = made["double_king"]
    whist_season, whist = made["whist"]
    entry = tournament.entries.order_by("pk").first()
    table = Seat.objects.filter(round__tournament=tournament).first().table
    return {
        "tournament list": reverse("tournament_list"),
        "standings": reverse("tournament_standings", args=[tournament.pk]),
        "whist standings": reverse("tournament_standings", args=[whist.pk]),
        "rounds": reverse("tournament_rounds", args=[tournament.pk]),
        "player": reverse("tournament_player", args=[tournament.pk, entry.pk]),
        "table": reverse("table_detail", args=[table.pk]),
        "season": reverse("season_standings", args=[season.pk]),
        "season page 2": reverse("season_standings", args=[season.pk]) + "?double_king-page=2",
        "annual ranking": reverse("season_standings", args=[whist_season.pk]),
        "annual ranking sorted": reverse("season_standings", args=[whist_season.pk])
        + "?whist-sort=-points&whist-page=2",
        # Past the end: the page's query finds nothing, the ranking is counted, the last
        # page shown (two queries more, at any size).
        "annual ranking past the end": reverse("season_standings", args=[whist_season.pk])
        + "?whist-page=99",
        "tournament xlsx": reverse("tournament_xlsx", args=[tournament.pk]),
        "season xlsx": reverse("season_xlsx", args=[season.pk]),
        "annual xlsx": reverse("season_xlsx", args=[whist_season.pk]),
    }


def query_counts(urls: dict[str, str]) -> dict[str, int]:
    counts = {}
    for name, url in urls.items():
        client = Client()
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, name
        counts[name] = len(queries)
    return counts


def test_public_pages_and_exports_run_the_same_queries_at_two_sizes():
    # Sizes where the annual ranking has a second page (over 50 players) in both.
    small = query_counts(public_urls(federation(tournaments=2, players=40)))
    large = query_counts(public_urls(federation(tournaments=6, players=120)))
    assert large == small
    for name, count in large.items():
        # (one of them: the club's public names, docs/privacy.md; two of a season page's:
        # its key, its tournaments' signature and its club's rulesets)
        assert count <= (10 if "xlsx" in name or "ranking" in name else 9), (name, count)


def test_the_annual_ranking_page_builds_only_the_shown_page():
    made = federation(tournaments=3, players=60)
    whist_season, _ = made["whist"]
    ranking = annual_rankings.annual_ranking(whist_season, "whist")
    response = Client().get(reverse("season_standings", args=[whist_season.pk]) + "?whist-page=2")
    html = response.content.decode()
    shown = [row for row in ranking.rows[50:100]]
    assert shown and all(row.name in html for row in shown)
    assert not any(f">{row.name}<" in html for row in ranking.rows[:50])
    # Each shown player's tournaments: "points (place)".
    first = shown[0]
    points, place, _pp = next(iter(first.results.values()))
    assert f"{points} ({place}e)" in html


# --------------------------------------------------------------------------- stored results


def seat_by_seat_annual(season, game, rule, best_n):
    """The annual ranking as it was computed before the stored results: every counted seat
    of the season, each tournament ranked by its own rules, then the players."""
    tournaments = {
        t.pk: t
        for t in Tournament.objects.filter(season=season, game=game, published=True).exclude(
            status=Tournament.Status.REGISTRATION
        )
    }
    spec = GAMES[game]
    lines = defaultdict(lambda: defaultdict(list))
    for tournament_id, player_id, score, sixtieths in Seat.objects.filter(
        round__tournament__in=list(tournaments),
        table__complete=True,
        entry__isnull=False,
        entry__substitute=False,
    ).values_list("round__tournament_id", "entry__player_id", "score", "place_points_60ths"):
        lines[tournament_id][player_id].append(RoundLine(score, Fraction(sixtieths, 60)))
    results = defaultdict(dict)
    per_player = defaultdict(list)
    for tournament_id, players in lines.items():
        key_of = spec.classifier(tournaments[tournament_id].rules or None)
        ids = list(players)
        keys = [key_of(players[p]) for p in ids]
        for player_id, place, pp in zip(
            ids, shared_places(keys), place_points_by_key(keys), strict=True
        ):
            total = sum(line.score for line in players[player_id])
            results[player_id][tournament_id] = (total, place, pp)
            per_player[player_id].append(TournamentLine(total, pp))
    ids = list(per_player)
    keys = [annual_ranking_key(per_player[p], rule, best_n) for p in ids]
    return {
        player_id: {
            "rank": rank,
            "points": sum(t.points for t in per_player[player_id]),
            "place_points": sum((t.place_points for t in per_player[player_id]), Fraction(0)),
            "best_n_points": annual_ranking_key(
                per_player[player_id], "best_n", best_n or len(per_player[player_id])
            )[0],
            "results": results[player_id],
        }
        for player_id, rank in zip(ids, shared_places(keys), strict=True)
    }


def seat_by_seat_season(season):
    """The season standings as they were computed before: sums over every counted seat."""
    counted = Q(
        round__tournament__season=season,
        round__tournament__published=True,
        table__complete=True,
    )
    sums = {
        "sixtieths": Sum("place_points_60ths"),
        "total_score": Sum("score"),
        "best_score": Max("score"),
        "rounds": Count("id"),
        "tournaments": Count("round__tournament", distinct=True),
    }
    totals = list(
        Seat.objects.filter(counted, entry__isnull=False, entry__substitute=False)
        .values("round__tournament__game", player_id=F("entry__player_id"))
        .annotate(**sums)
        .order_by()
    )
    totals += list(
        Seat.objects.filter(counted, team__isnull=False, team__entries__substitute=False)
        .values("round__tournament__game", player_id=F("team__entries__player_id"))
        .annotate(
            **sums,
            matches_won=Count("id", filter=Q(won=True)),
            matches_drawn=Count("id", filter=Q(won__isnull=True)),
            against_total=Sum("against"),
        )
        .order_by()
    )
    by_game = defaultdict(dict)
    for t in totals:
        line = {
            "tournaments": t["tournaments"],
            "rounds": t["rounds"],
            "place_points": Fraction(t["sixtieths"], 60),
            "score": t["total_score"],
            "best_round": t["best_score"],
        }
        if "matches_won" in t:
            line["wins"] = t["matches_won"] + Fraction(t["matches_drawn"], 2)
            line["difference"] = t["total_score"] - (t["against_total"] or 0)
        by_game[t["round__tournament__game"]][t["player_id"]] = line
    return by_game


@pytest.fixture(scope="module")
def demo(demo_rows, django_db_blocker):
    """The demo club (every game, played through the services), put in once for the module."""
    with django_db_blocker.unblock():
        demo_rows.put()
        yield Season.objects.get(club__slug="la-chevalerie")
        demo_rows.take()


@pytest.mark.parametrize(
    "rule, best_n",
    [("sum_points", None), ("sum_place_points", None), ("best_n", 2), ("sum_points", 3)],
)
def test_the_annual_ranking_from_stored_results_is_the_seat_by_seat_one(demo, rule, best_n):
    rules = {"annual_ranking": rule, "annual_best_n": best_n}
    expected = seat_by_seat_annual(demo, "whist", rule, best_n)
    ranking = annual_rankings.annual_ranking(demo, "whist", rules=rules)
    assert len(ranking.rows) == len(expected) > 20
    for row in ranking.rows:
        assert {
            "rank": row.rank,
            "points": row.points,
            "place_points": row.place_points,
            "best_n_points": row.best_n_points,
            "results": row.results,
        } == expected[row.player_id]
    assert [row.rank for row in ranking.rows] == sorted(row.rank for row in ranking.rows)


def test_the_season_standings_from_stored_results_are_the_seat_by_seat_ones(demo):
    expected = seat_by_seat_season(demo)
    standings = season_rankings.season_standings(demo)
    assert set(standings) == set(expected) and len(standings) >= 4
    for game, rows in standings.items():
        assert {row.player_id for row in rows} == set(expected[game])
        for row in rows:
            line = expected[game][row.player_id]
            assert {key: getattr(row, key) for key in line} == line, (game, row.name)


def test_the_data_migration_stores_the_same_results_as_the_services(demo):
    def stored():  # every field but the id
        return sorted(row[1:] for row in TournamentResult.objects.values_list())

    by_services = stored()
    assert len(by_services) > 100
    TournamentResult.objects.all().delete()
    migration = importlib.import_module("tournaments.migrations.0008_fill_tournament_results")
    migration.fill(apps, None)
    assert stored() == by_services


def test_the_standings_rank_by_stored_results_as_by_their_seats(demo):
    """A tournament's standings read each player's stored rank when every ranked player has
    one: the ranks computed from the seats, ties included."""
    tournaments = Tournament.objects.filter(season=demo, published=True)
    checked = 0
    for tournament in tournaments.exclude(game__in=["quarante", "plonk"]):
        stored = [(r.entry_id, r.rank) for r in classification.tournament_standings(tournament)]
        saved = list(TournamentResult.objects.filter(tournament=tournament))
        TournamentResult.objects.filter(tournament=tournament).delete()  # ranked from seats
        computed = [(r.entry_id, r.rank) for r in classification.tournament_standings(tournament)]
        TournamentResult.objects.bulk_create(saved)
        assert stored == computed, tournament.name
        checked += bool(saved)
    assert checked >= 3


def test_a_player_without_a_result_is_ranked_with_the_others(make_tournament, fill_round):
    """A late player (no complete table yet) has no stored result: the standings rank every
    player from the seats, his empty line included."""
    tournament = make_tournament(players=8, rounds=2)
    fill_round(drawing.draw_round(tournament, seed=1), seed=1)
    late = registration.register_player(
        tournament, player=Player.objects.create(first_name="Tardif", last_name="Aaa")
    )
    rows = {r.entry_id: r for r in classification.tournament_standings(tournament)}
    assert rows[late.pk].rank is not None and rows[late.pk].rounds_played == 0
    above = [r for r in rows.values() if r.place_points > 0]
    assert len(above) >= 4 and all(r.rank < rows[late.pk].rank for r in above)


def test_a_player_made_substitute_leaves_the_season_ranking(played_tournament, season):
    entry = played_tournament.entries.order_by("pk").first()
    before = season_rankings.season_standings(season)["double_king"]
    assert entry.player_id in {row.player_id for row in before}
    registration.update_entry(entry, substitute=True)
    after = season_rankings.season_standings(season)["double_king"]
    assert entry.player_id not in {row.player_id for row in after}
    assert len(after) == len(before) - 1
    ranks = [r.rank for r in TournamentResult.objects.filter(tournament=played_tournament)]
    assert sorted(ranks)[0] == 1 and len(ranks) == len(after)


# --------------------------------------------------------------------------- the cached page


def test_a_saved_sheet_shows_at_once_and_an_unchanged_page_answers_304(
    make_tournament, fill_round, client
):
    tournament = make_tournament(players=8, rounds=2)
    first = drawing.draw_round(tournament, seed=1)
    fill_round(first, seed=1)
    url = reverse("tournament_standings", args=[tournament.pk])
    response = client.get(url)
    etag = response["ETag"]
    assert response.status_code == 200 and etag
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

    second = drawing.draw_round(tournament, seed=2)
    table = second.tables.order_by("number").first()
    position = table.seats.get(first_dealer=True).position
    records = double_king_round(position, random.Random(5))
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    seat = table.seats.select_related("entry__player").order_by("-score").first()
    expected = classification.tournament_standings(tournament)
    leader = next(r for r in expected if r.entry_id == seat.entry_id)

    fresh = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert fresh.status_code == 200 and fresh["ETag"] != etag
    html = fresh.content.decode()
    # The new round's score is on the page, in the player's row.
    row = html[html.index(seat.entry.player.full_name) :]
    row = row[: row.index("</tr>")]
    assert f">{seat.score}<" in row and f">{leader.score}<" in row
    assert client.get(url, HTTP_IF_NONE_MATCH=fresh["ETag"]).status_code == 304


def test_the_page_changes_with_the_language_and_the_sort(played_tournament, client):
    url = reverse("tournament_standings", args=[played_tournament.pk])
    french = client.get(url)
    etag = french["ETag"]
    by_name = client.get(url + "?sort=name", HTTP_IF_NONE_MATCH=etag)
    assert by_name.status_code == 200 and by_name["ETag"] != etag
    html = by_name.content.decode()
    names = sorted(e.player.full_name for e in played_tournament.entries.all())
    assert [html.index(name) for name in names] == sorted(html.index(name) for name in names)
    client.cookies.load({"django_language": "en"})
    english = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert english.status_code == 200
    assert ">Rank<" in english.content.decode() and ">Rang<" in french.content.decode()


def test_the_rounds_and_table_pages_show_a_saved_sheet_at_once(make_tournament, client):
    tournament = make_tournament(players=4, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    table = round_.tables.get()
    rounds_url = reverse("tournament_rounds", args=[tournament.pk])
    table_url = reverse("table_detail", args=[table.pk])
    before = {url: client.get(url) for url in (rounds_url, table_url)}
    for url, response in before.items():
        assert client.get(url, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304

    position = table.seats.get(first_dealer=True).position
    records = double_king_round(position, random.Random(3))
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    seat = table.seats.order_by("-score").first()
    assert seat.score != 0
    for url, response in before.items():
        fresh = client.get(url, HTTP_IF_NONE_MATCH=response["ETag"])
        assert fresh.status_code == 200
        assert f">{seat.score}<" in fresh.content.decode(), url
    # The table page lists the deals now entered.
    assert client.get(table_url).content.decode().count("<tr><td>") >= len(records)


def test_a_sheet_saved_at_one_table_leaves_the_other_tables_pages_unchanged(
    make_tournament, client
):
    """The other tables' pages answer 304 after a save elsewhere; a rename, which every page
    shows, changes them at once."""
    tournament = make_tournament(players=8, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    saved, other = round_.tables.order_by("number")
    urls = {t.pk: reverse("table_detail", args=[t.pk]) for t in (saved, other)}
    etags = {pk: client.get(url)["ETag"] for pk, url in urls.items()}

    position = saved.seats.get(first_dealer=True).position
    records = double_king_round(position, random.Random(3))
    deal_entry.save_sheet(saved, records=records, version=saved.version, user=None)
    assert client.get(urls[other.pk], HTTP_IF_NONE_MATCH=etags[other.pk]).status_code == 304
    fresh = client.get(urls[saved.pk], HTTP_IF_NONE_MATCH=etags[saved.pk])
    assert fresh.status_code == 200 and fresh.content.decode().count("<tr><td>") >= len(records)

    player = other.seats.select_related("entry__player").first().entry.player
    player.last_name = "Renommé"
    player.save()
    renamed = client.get(urls[other.pk], HTTP_IF_NONE_MATCH=etags[other.pk])
    assert renamed.status_code == 200 and "Renommé" in renamed.content.decode()


def test_the_rounds_page_renders_again_only_the_table_whose_sheet_was_saved(
    make_tournament, client, monkeypatch
):
    """After a save, the rounds page shows the new scores at once; only that table's part is
    read and rendered again, the others come from the cache. A rename (every part shows the
    names) renews them all."""
    from tournaments.publishing import public_rounds

    tournament = make_tournament(players=12, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    saved, *others = round_.tables.order_by("number")
    url = reverse("tournament_rounds", args=[tournament.pk])
    first = client.get(url).content.decode()
    rendered: list[list[int]] = []
    with_seats = public_rounds.round_reads.with_seats
    monkeypatch.setattr(
        public_rounds.round_reads,
        "with_seats",
        lambda tables: rendered.append([t.pk for t in tables]) or with_seats(tables),
    )

    position = saved.seats.get(first_dealer=True).position
    records = double_king_round(position, random.Random(3))
    deal_entry.save_sheet(saved, records=records, version=saved.version, user=None)
    page = client.get(url).content.decode()
    assert rendered == [[saved.pk]]
    for seat in saved.seats.all():
        assert f">{seat.score}<" in page
    in_progress = '<span class="tag live">en cours</span>'
    assert page.count(in_progress) == first.count(in_progress) - 1
    # The other tables' parts are the same as before.
    for table in others:
        assert table_part(page, table.number) == table_part(first, table.number)

    player = others[0].seats.select_related("entry__player").first().entry.player
    player.last_name = "Renommé"
    player.save()
    renamed = client.get(url).content.decode()
    assert "Renommé" in renamed and "Renommé" not in page
    assert sorted(rendered[-1]) == sorted(t.pk for t in round_.tables.all())


def table_part(page: str, number: int) -> str:
    """A table's part of the rounds page, from its heading to the next table's."""
    start = page.index(f">Table {number}</a>")
    end = page.find("<section", start)
    return page[start:end]


def test_a_name_corrected_in_the_admin_shows_at_once(played_tournament, client, django_user_model):
    """Names are on the cached pages too: correcting one must not wait for the next result."""
    url = reverse("tournament_standings", args=[played_tournament.pk])
    first = client.get(url)
    entry = played_tournament.entries.select_related("player").first()
    assert entry.player.last_name in first.content.decode()

    staff = Client()
    staff.force_login(
        django_user_model.objects.create_superuser("correcteur", password="x-secret-pass-1")
    )
    player = entry.player
    change = reverse("admin:club_player_change", args=[player.pk])
    response = staff.post(
        change,
        {
            "first_name": player.first_name,
            "last_name": "Corrigé",
            "clubs": [c.pk for c in player.clubs.all()],
            "active": "on",
        },
    )
    assert response.status_code == 302

    fresh = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200
    assert f"{player.first_name} Corrigé" in fresh.content.decode()
    rounds_url = reverse("tournament_rounds", args=[played_tournament.pk])
    assert "Corrigé" in client.get(rounds_url).content.decode()


def test_a_team_renamed_shows_at_once(make_tournament, client):
    tournament = make_tournament("quarante", players=8)
    url = reverse("tournament_standings", args=[tournament.pk])
    first = client.get(url)
    team = tournament.teams.order_by("name").first()
    assert team.label in first.content.decode()
    team.name = "Les Invaincus"
    team.save()
    fresh = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200 and "Les Invaincus" in fresh.content.decode()


def test_the_annual_ranking_page_shows_a_saved_result_and_a_rename_at_once(client):
    """The annual ranking's table is kept per version of its tournaments' results: a result
    stored again or a player renamed shows on the next view."""
    made = federation(tournaments=2, players=8)
    whist_season, _last = made["whist"]
    url = reverse("season_standings", args=[whist_season.pk])
    leader = annual_rankings.annual_ranking(whist_season, "whist").rows[0]
    assert leader.name in client.get(url).content.decode()

    player = Player.objects.get(pk=leader.player_id)
    player.last_name = "Renommé"
    player.save()
    assert f"{player.first_name} Renommé" in client.get(url).content.decode()

    # A result stored again: the leader's points in one of his tournaments change.
    played = (
        TournamentResult.objects.filter(player=player, tournament__season=whist_season)
        .first()
        .tournament
    )
    Seat.objects.filter(round__tournament=played, entry__player=player).update(
        score=F("score") + 1000
    )
    result_store.results_changed(played)
    points = annual_rankings.annual_ranking(whist_season, "whist").rows[0].points
    assert (
        points
        == leader.points
        + 1000
        * Seat.objects.filter(
            round__tournament=played, entry__player=player, table__complete=True
        ).count()
    )
    assert f'<td class="num">{points}</td>' in client.get(url).content.decode()


LANGUAGE_LINK = re.compile(r'href="(/langue/en/\?next=[^"]+)"')


@pytest.mark.parametrize("page", ["tournament_standings", "tournament_rounds", "table_detail"])
def test_anonymous_visitors_get_one_page_with_a_language_link_that_works(played_tournament, page):
    """The page rendered for one visitor is every anonymous visitor's, to the byte: it carries
    no form and no CSRF token. Its English link switches the language and leads back."""
    pk = played_tournament.pk
    if page == "table_detail":
        pk = Seat.objects.filter(round__tournament=played_tournament).first().table_id
    url = reverse(page, args=[pk])
    visitors = [Client(enforce_csrf_checks=True) for _ in range(2)]
    responses = [visitor.get(url) for visitor in visitors]
    assert responses[0].content == responses[1].content
    html = responses[0].content.decode()
    assert "csrf" not in html and "<form" not in html
    assert all(r["Cache-Control"] == "public, no-cache" for r in responses)
    link = html_lib.unescape(LANGUAGE_LINK.search(html).group(1))
    switched = visitors[0].get(link)
    assert switched.status_code == 302 and switched["Location"] == url
    assert ">Log in<" in visitors[0].get(url).content.decode()
    assert ">Connexion<" in visitors[1].get(url).content.decode()


def test_a_scorekeeper_sees_his_menu_on_a_page_anonymous_visitors_saw_first(
    played_tournament, client
):
    url = reverse("tournament_standings", args=[played_tournament.pk])
    anonymous = Client().get(url).content.decode()
    assert "Déconnexion" not in anonymous
    # Not the fixture's « saisie »: this module's demo club has one.
    scorekeeper = User.objects.create_user(username="marqueur", password="secret-pass-123")
    grant_role(scorekeeper, played_tournament.club, SAISIE)
    client.force_login(scorekeeper)
    html = client.get(url).content.decode()
    assert "Déconnexion" in html
    assert reverse("staff_tournament", args=[played_tournament.pk]) in html


# --------------------------------------------------------------------------- a season's pages

SEASON_ROW = re.compile(
    r'<tr class="(?:even|odd)[^"]*"><td class="num">(\d+)</td><td><a href="[^"]+">([^<]+)</a>'
)


def season_page_rows(url: str) -> list[tuple[int, str]]:
    """The (rank, name) of each row of a season page's table, in order."""
    html = Client().get(url).content.decode()
    return [(int(rank), html_lib.unescape(name)) for rank, name in SEASON_ROW.findall(html)]


def test_a_season_page_sorted_by_a_column_lists_the_players_the_whole_ranking_puts_there():
    """Only the shown page is read (sorted in the database): sorted by any column, either
    way, its second page lists the players the whole ranking sorted by that column puts
    there, ties in ranked order; a page past the end is the last one."""
    season, _ = federation(tournaments=3, players=60)["double_king"]
    ranking = season_rankings.season_standings(season)["double_king"]
    assert len(ranking) > 100  # three pages
    url = reverse("season_standings", args=[season.pk])
    for sort in ("", "rank", "-rank", "tournaments", "-place_points", "score", "-best_round"):
        column = sort.removeprefix("-") or "rank"
        ordered = sorted(
            enumerate(ranking),
            key=lambda item: getattr(item[1], column),
            reverse=sort.startswith("-"),
        )
        expected = [(row.rank, row.name) for _index, row in ordered[50:100]]
        query = f"?double_king-sort={sort}&double_king-page=2" if sort else "?double_king-page=2"
        assert season_page_rows(url + query) == expected, sort
    last = [(row.rank, row.name) for row in ranking[100:]]
    assert season_page_rows(url + "?double_king-page=99") == last
