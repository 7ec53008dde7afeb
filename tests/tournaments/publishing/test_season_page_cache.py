"""The season page served as the tournaments' pages are: one key from what it shows, the page
kept once for every visitor, revalidated with its ETag (304); any change it shows makes a new
key at once (a stale page fails these tests); the committee's page is its own."""

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club import services as club_services
from club.models import Player, PublicName
from club.names import LAST_FIRST
from tests.helpers import fr
from tournaments.models import Tournament, TournamentResult
from tournaments.services import (
    archive,
    privacy,
    result_store,
    rulesets,
    season_settings,
    tournament_settings,
)

pytestmark = pytest.mark.django_db

NAMES = [("Anne", "Dubois"), ("Luc", "Maes"), ("Marc", "Peeters"), ("Eva", "Claes")]


def evenings(club, season, game, days, players, points=0):
    """Archived evenings of ``game`` on ``days``: every player, his points ``points`` plus
    his index times 7."""
    rows = [
        archive.ArchiveRow(
            line=line,
            date=day.strftime("%d/%m/%Y"),
            member_id=player.pk,
            points=str(points + index * 7),
        )
        for line, (day, (index, player)) in enumerate(
            ((day, item) for day in days for item in enumerate(players)), start=1
        )
    ]
    return archive.save_evenings(club, season, game, rows).tournaments


@pytest.fixture
def players(club):
    made = [Player.objects.create(first_name=f, last_name=n) for f, n in NAMES]
    club.players.add(*made)
    return made


@pytest.fixture
def page(club, season, players):
    """A season of two whist evenings (January, March: the annual ranking) and one Double
    King evening (the season standings); its page's address."""
    whist = evenings(
        club, season, "whist", [datetime.date(2026, 1, 9), datetime.date(2026, 3, 6)], players
    )
    king = evenings(club, season, "double_king", [datetime.date(2026, 1, 16)], players)
    return {
        "url": reverse("season_standings", args=[season.pk]),
        "whist": whist,
        "king": king[0],
    }


def get(client, url, **headers):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **headers)
    return response, len(queries)


def text(response) -> str:
    return response.content.decode()


# --------------------------------------------------------------------------- kept, revalidated


def test_the_season_page_is_kept_for_every_visitor_and_answers_304_while_unchanged(page):
    url = page["url"]
    first, built = get(Client(), url)
    assert first.status_code == 200 and first["Cache-Control"] == "public, no-cache"
    assert first.has_header("ETag")
    again, kept = get(Client(), url)
    assert again.content == first.content and again["ETag"] == first["ETag"]
    # The season with its club, then its tournaments' signature with its club's rulesets:
    # nothing built.
    assert kept == 2 < built
    unchanged, revalidated = get(Client(), url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert unchanged.status_code == 304 and unchanged["ETag"] == first["ETag"]
    assert revalidated == 2


def test_a_made_up_query_makes_no_new_key(page):
    url = page["url"]
    first = Client().get(url)
    made_up, counted = get(
        Client(), url + "?utm_source=x&whist-sort=nonsense&double_king-page=abc&per_page=500"
    )
    assert made_up["ETag"] == first["ETag"] and made_up.content == first.content
    assert counted == 2  # kept: nothing built
    by_name = Client().get(url + "?double_king-sort=name&utm_source=y")
    assert by_name["ETag"] != first["ETag"]
    assert by_name["ETag"] == Client().get(url + "?double_king-sort=name")["ETag"]


def test_a_month_is_kept_and_a_period_in_error_is_never_kept(page):
    url = page["url"]
    whole = Client().get(url)
    march = Client().get(url + "?mois=2026-03")
    assert march.status_code == 200 and march["ETag"] != whole["ETag"]
    assert Client().get(url + "?mois=2026-03")["ETag"] == march["ETag"]
    for asked in ("?mois=nonsense", "?mois=1999-03", "?du=2026-02-01", "?mois=2026-3"):
        response = Client().get(url + asked)
        assert response.status_code == 200 and not response.has_header("ETag"), asked
        assert response["Cache-Control"] == "private, no-cache"
    assert fr("Choose a month among the season's links.") in text(Client().get(url + "?mois=x"))


@pytest.mark.parametrize("period", ["?mois=2026-01", "?du=2026-01-01&au=2026-01-31"])
def test_a_period_is_kept_revalidated_and_shows_a_result_at_once(page, players, period):
    """A month's or a period's ranking is served as the season's: kept for every visitor
    (its key's two queries), 304 while unchanged, a result stored in it shown at once."""
    url = page["url"] + period
    first, built = get(Client(), url)
    assert first.status_code == 200 and first["Cache-Control"] == "public, no-cache"
    assert '<section id="period"' in text(first)  # the period's ranking, above the season's
    again, kept = get(Client(), url)
    assert again.content == first.content and kept == 2 < built
    unchanged, revalidated = get(Client(), url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert unchanged.status_code == 304 and revalidated == 2
    king = page["king"]  # played on 16 January
    TournamentResult.objects.filter(tournament=king, player=players[0]).update(points=4321)
    result_store.standings_changed(king)
    fresh = Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200 and fresh["ETag"] != first["ETag"]
    assert ">4321<" in text(fresh) and ">4321<" not in text(first)


# --------------------------------------------------------------------------- every change shows


def changed(page, change) -> tuple[str, str]:
    """The page before and after ``change()``, the second asked with the first's ETag: a
    kept or revalidated stale page fails."""
    client = Client()
    before = client.get(page["url"])
    change()
    after = client.get(page["url"], HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    return text(before), text(after)


def test_a_result_stored_shows_at_once(page, players):
    king = page["king"]

    def change():
        TournamentResult.objects.filter(tournament=king, player=players[0]).update(points=4321)
        result_store.standings_changed(king)

    before, after = changed(page, change)
    assert ">4321<" in after and ">4321<" not in before


def test_a_tournament_unpublished_or_back_to_registration_shows_at_once(page):
    march = page["whist"][1]
    label = "mars 2026"

    def unpublish():
        march.published = False
        tournament_settings.save_tournament(march)

    before, after = changed(page, unpublish)
    assert label in before and label not in after

    def republish_in_registration():
        march.published = True
        march.status = Tournament.Status.REGISTRATION
        tournament_settings.save_tournament(march)

    _before, after = changed(page, republish_in_registration)
    assert label not in after


def test_a_tournament_moved_to_another_date_shows_at_once(page):
    march = page["whist"][1]

    def move():
        march.date = datetime.date(2026, 5, 8)
        tournament_settings.save_tournament(march)

    before, after = changed(page, move)
    assert "mai 2026" in after and "mai 2026" not in before


def test_a_tournament_renamed_or_of_another_game_shows_at_once(page):
    january = page["whist"][0]

    def rename():
        january.name = "Soirée des rois"
        tournament_settings.save_tournament(january)

    before, after = changed(page, rename)
    assert "Soirée des rois" in after and "Soirée des rois" not in before

    king = page["king"]

    def other_game():
        king.game = "double"
        tournament_settings.save_tournament(king)

    before, after = changed(page, other_game)
    assert 'id="season-double"' in after and 'id="season-double"' not in before


def test_an_archived_evening_added_or_removed_shows_at_once(page, club, season, players):
    added = []

    def add():
        added.extend(evenings(club, season, "whist", [datetime.date(2026, 6, 5)], players))

    before, after = changed(page, add)
    assert "juin 2026" in after and "juin 2026" not in before

    before, after = changed(page, lambda: added[0].delete())
    assert "juin 2026" in before and "juin 2026" not in after


def test_the_seasons_own_settings_show_at_once(page, season):
    def threshold():
        season_settings.set_attendance_threshold(season, 2)

    before, after = changed(page, threshold)
    assert 'id="attendance-rule"' in after and 'id="attendance-rule"' not in before

    def rename():
        season.name = "Saison des rois"
        season.save()

    before, after = changed(page, rename)
    assert "Saison des rois" in after and "Saison des rois" not in before


def test_the_clubs_name_and_name_order_show_at_once(page, club):
    def rename():
        club.name = "Cercle Royal"
        club.save()

    before, after = changed(page, rename)
    assert "Cercle Royal" in after and "Cercle Royal" not in before

    before, after = changed(page, lambda: club_services.set_name_order(club, LAST_FIRST))
    assert "Dubois Anne" in after and "Dubois Anne" not in before


def test_the_clubs_annual_rule_shows_at_once(page, club):
    rule = fr(
        "sum of the place points of each tournament (n for the first of n players, down to 1)"
    )

    def save_rules():
        rulesets.save_club_rules(club, game="whist", rules={"annual_ranking": "sum_place_points"})

    before, after = changed(page, save_rules)
    assert rule in after and rule not in before


def test_a_players_public_name_or_his_erasure_shows_at_once(page, club, players):
    anne, luc = players[0], players[1]

    def hide():
        club_services.set_public_name(anne, public_name=PublicName.INITIALS, pseudonym="")

    before, after = changed(page, hide)
    assert "Anne Dubois" in before and "Anne Dubois" not in after

    before, after = changed(page, lambda: privacy.erase_player(luc, club=club, user=None))
    assert "Luc Maes" in before and "Luc Maes" not in after


# --------------------------------------------------------------------------- the committee's


def test_the_committees_page_is_its_own_and_never_shared(page, committee_client):
    url = page["url"]
    anonymous = Client().get(url)
    committee_client.get(url)  # a login sets the CSRF cookie: this page does
    own = committee_client.get(url)
    assert own["Cache-Control"] == "private, no-cache" and own["ETag"] != anonymous["ETag"]
    assert 'id="attendance"' in text(own)  # the threshold form, kept from no one
    shared = Client().get(url)
    assert 'id="attendance"' not in text(shared) and "csrfmiddlewaretoken" not in text(shared)
    assert shared.content == anonymous.content
    assert committee_client.get(url, HTTP_IF_NONE_MATCH=own["ETag"]).status_code == 304


# --------------------------------------------------------------------------- constant queries


def test_a_miss_and_a_hit_run_the_same_queries_whatever_the_number_of_tournaments(
    club, season, players
):
    url = reverse("season_standings", args=[season.pk])
    counts = []
    for days in ([datetime.date(2026, 1, 9)], [datetime.date(2026, 2, d) for d in (6, 13, 20)]):
        evenings(club, season, "whist", days, players)
        evenings(club, season, "double_king", days, players)
        cache.clear()
        _miss, built = get(Client(), url)
        _hit, kept = get(Client(), url)
        counts.append((built, kept))
    assert counts[0] == counts[1] and counts[0][1] == 2


def test_an_unknown_season_is_not_found(db):
    assert Client().get(reverse("season_standings", args=[9999])).status_code == 404
