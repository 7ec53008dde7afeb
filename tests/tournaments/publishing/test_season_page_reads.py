"""The season page's reads in plain SQL (``season_page``) are exactly the ORM's: the season and
its club as a select_related query loads them, the signature and the club's rulesets as
``season_rankings`` reads them, each value of its Python type (on SQLite a UUID is text and a
boolean an integer until its field converts it). A difference would serve a stale page or
rank under the wrong rules."""

import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from club.models import Club, Player, PublicName, Season
from club.privacy import hidden_label, public_names
from club.rows import LARGEST_KEY
from tests.tournaments.publishing.test_season_page_cache import evenings, players  # noqa: F401
from tournaments.models import Tournament
from tournaments.selectors import season_rankings
from tournaments.selectors.season_page import season_page
from tournaments.services import rulesets

pytestmark = pytest.mark.django_db

# ``players``: the same four members as the season page's cache tests (its fixture).


@pytest.fixture
def varied(club, season, players):  # noqa: F811
    """A season with what its signature tells apart: evenings with results (whist, Double
    King), a tournament adding its place points to the total, an archived-evening flag, an
    unpublished tournament and another season's (both left out); the club's rulesets, one
    saved twice; another club's ruleset (left out)."""
    club.entry_fee = Decimal("4.50")
    club.hide_from_search_engines = True
    club.save()
    season.attendance_threshold = 3
    season.save()
    evenings(club, season, "whist", [datetime.date(2026, 1, 9)], players)
    evenings(club, season, "double_king", [datetime.date(2026, 2, 6)], players)
    common = {"club": club, "rounds": 3, "game": "double", "date": datetime.date(2026, 3, 1)}
    Tournament.objects.create(
        season=season, name="Ajoutés", published=True, rules={"place_points_use": "added"}, **common
    )
    Tournament.objects.create(season=season, name="Caché", published=False, **common)
    other = Season.objects.create(
        club=club, name="2027", start=datetime.date(2027, 1, 1), end=datetime.date(2027, 12, 31)
    )
    Tournament.objects.create(season=other, name="L'an prochain", published=True, **common)
    rulesets.save_club_rules(club, game="whist", rules={}, by=None)
    rulesets.save_club_rules(club, game="double", rules={"place_points_use": "added"}, by=None)
    rulesets.save_club_rules(club, game="double", rules={}, by=None)
    neighbour = Club.objects.create(name="Voisins", slug="voisins")
    rulesets.save_club_rules(neighbour, game="whist", rules={}, by=None)
    return season


def _values(row: object, names: list[str]) -> list[object]:
    return [(name, getattr(row, name), type(getattr(row, name))) for name in names]


def test_the_season_page_reads_what_the_orm_reads(varied):
    orm = Season.objects.select_related("club").get(pk=varied.pk)
    with CaptureQueriesContext(connection) as queries:
        read = season_page(varied.pk)
    assert len(queries) == 2
    assert read is not None
    season_fields = [f.name for f in Season._meta.concrete_fields]
    assert _values(read.season, season_fields) == _values(orm, season_fields)
    club_fields = [f.name for f in Club._meta.concrete_fields]
    assert _values(read.season.club, club_fields) == _values(orm.club, club_fields)
    assert read.season.club.entry_fee == Decimal("4.50")  # deferred, read at its first use
    signature = season_rankings.season_signature(orm)
    assert len(signature) == 3  # the unpublished and the other season's left out
    assert read.signature == signature
    assert [[type(v) for v in r] for r in read.signature] == [
        [type(v) for v in r] for r in signature
    ]
    assert [r[7] for r in read.signature].count("added") == 1
    assert read.rules == season_rankings.club_rules(orm)
    assert read.rules["double"][0] == 2 and set(read.rules) == {"whist", "double"}


def test_a_season_that_is_not_there_reads_nothing(varied):
    for pk in (0, -1, varied.pk + 1000, LARGEST_KEY, LARGEST_KEY + 1):
        assert season_page(pk) is None


def test_the_public_names_read_in_plain_sql_follow_the_clubs_default(club, players):  # noqa: F811
    anne, luc, marc, eva = players
    anne.public_name = PublicName.INITIALS
    anne.save()
    luc.public_name = PublicName.FULL
    luc.save()
    marc.public_name, marc.pseudonym = PublicName.PSEUDONYM, "Le Marquis"
    marc.save()
    stranger = Player.objects.create(
        first_name="Zoé", last_name="Ailleurs", public_name=PublicName.HIDDEN
    )  # of no club: never read
    shown, hidden = public_names(club)
    assert shown == {("Anne", "Dubois"): "Anne D.", ("Marc", "Peeters"): "Le Marquis"}
    assert hidden == frozenset()
    club.default_public_name = PublicName.HIDDEN
    shown, hidden = public_names(club)
    assert shown[("Eva", "Claes")] == hidden_label(eva.pk)  # the club's default now
    assert shown[("Anne", "Dubois")] == "Anne D."  # her own choice still
    assert ("Luc", "Maes") not in shown  # his own choice: his full name
    assert hidden == {eva.pk} and stranger.pk not in hidden
