"""The suite's shared fixtures.

The demo club, built once per test session (per xdist worker)
---------------------------------------------------------------
``manage.py demo`` plays ten tournaments through the services: building it is seconds of CPU,
and a dozen tests read it. ``demo_rows`` builds it ONCE per worker, at the first test that asks,
inside a transaction of the (still empty) test database that is rolled back at once, after
reading every row it added or changed into memory. ``demo_db`` then puts those rows back, with
one bulk insert per model, into the database of each test that asks for it: a test that uses
``db`` keeps running in its own transaction, rolled back at its end, so the next test (with the
demo or, as most, without) starts from the database it expects; a ``transaction=True`` test
(the live server, the migrations) gets the rows committed and flushed at its end as usual.

Why not a template database (PostgreSQL) or a copied file (SQLite)? They swap the database
under Django's open connection, once per test, differently on each backend; the rows in memory
work the same on both, with pytest-django's own fixtures and with xdist (each worker builds
into its own test database), for the cost of a bulk insert. The foreign keys are checked at the
commit (Django declares them deferrable), so the models are inserted in any order; PostgreSQL's
sequences are moved past the inserted ids afterwards.

The tests that test the build itself (``manage.py demo``: idempotent, dated the day it runs)
call the command over the loaded rows, which is the demo's second build: the first one is
``demo_rows``'s, and any fault in it fails every test that uses the demo.

The order
---------
The browser tests' modules are spread among the others (``spread_the_browser_tests``): while a
worker waits on Chromium, the others compute. The longest tests (``LONGEST``) start each
worker's share of the run, one in turn, so that with ``--dist worksteal`` (the Makefile's
``PYTEST_ARGS``) the workers end together.

What runs on PostgreSQL
-----------------------
Every test that reaches the database (the ``django_db`` mark, a database fixture, or a module
that starts processes, which read ``DATABASE_URL``) is marked ``database`` at collection. CI's
PostgreSQL run keeps only those (``-m database``): a test that never reaches the database
(pytest-django refuses it any access) cannot behave differently there. A module whose processes
never read ``DATABASE_URL`` (they use no database, or a SQLite file of their own that they are
given) says so with ``pytestmark = pytest.mark.processes_apart``: its processes do the same on
both runs, and the second run of a clone's install, minutes on CI, would only repeat the first.
A browser test run at several screen sizes or in several languages runs there once: the others
are marked ``layout_variant`` (``layout_variants``), the same flow over the same queries.

Redis
-----
``redis_server`` is the machine's Redis (127.0.0.1:6379), one database per xdist worker (13 for
``gw0``, 12 for ``gw1``, ...: a test that empties its database never removes what a test on the
other worker holds); skipped without Redis, unless ``REQUIRE_REDIS`` (CI), where that fails.
``redis_cache`` empties it and makes it the site's cache for one test.
"""

import datetime
import os
import random
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis
from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core.management.color import no_style
from django.db import connection, models, transaction
from django.utils import translation
from suite_plan import layout_variants, spread_the_browser_tests, spread_the_longest

from club.models import Club, Player, Season, SiteEpoch
from club.roles import BUREAU, SAISIE, grant_role
from club.settings.base import cache_from_env
from tournaments.demo import build_demo
from tournaments.games import plugin_for
from tournaments.models import Tournament
from tournaments.sample_sheets import double_king_round
from tournaments.services import deal_entry, drawing, pairing, registration, rulesets
from tournaments.travel.models import LeaseKey

#: A script each old release runs as its own program (tests/ops/upgrade.py): never imported by
#: the doctest collection, which would run it.
collect_ignore = ["ops/upgrade_probe.py"]


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The folders' conftest.py files are loaded as such, never collected again for doctests
    (they have none): each is the module « conftest » there, and collected after another
    folder's, as ``pytest tests/tournaments tests/e2e`` does, it stopped the collection."""
    return True if collection_path.name == "conftest.py" else None


@pytest.fixture
def club(db):
    return Club.objects.create(name="Cercle de Test", slug="cercle-de-test")


@pytest.fixture
def season(club):
    return Season.objects.create(
        club=club, name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
    )


def _user(username: str, role: str | None, club: Club | None = None) -> User:
    """A user with ``role`` in ``club`` (roles are per club)."""
    user = User.objects.create_user(username=username, password="secret-pass-123")
    if role and club:
        grant_role(user, club, role)
    return user


@pytest.fixture
def committee_user(club):
    return _user("bureau", BUREAU, club)


@pytest.fixture
def scorekeeper_user(club):
    return _user("saisie", SAISIE, club)


@pytest.fixture
def plain_user(db):
    return _user("joueur", None)


@pytest.fixture
def committee_client(client, committee_user):
    client.force_login(committee_user)
    return client


@pytest.fixture
def scorekeeper_client(client, scorekeeper_user):
    client.force_login(scorekeeper_user)
    return client


@pytest.fixture
def make_players(club):
    def make(count: int, prefix: str = "Joueur") -> list[Player]:
        players = [
            Player.objects.create(first_name=f"{prefix}{i:02d}", last_name=f"Nom{i:02d}")
            for i in range(count)
        ]
        club.players.add(*players)
        return players

    return make


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The database's cache epoch read once, as a worker does at its first page: a test that
    counts a page's queries counts the same ones whichever test runs first."""
    with django_db_blocker.unblock():
        SiteEpoch.current()


#: Fixtures that give a test the database (pytest-django's, and the session's demo build).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "django_db_setup",
}


#: A module that starts processes (they read ``DATABASE_URL``) or names the database's URL.
SPAWNS = re.compile(r"^\s*(?:import|from) subprocess\b|\bDATABASE_URL\b", re.MULTILINE)


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config, items):
    """Mark ``database`` the tests that reach the database (see the module's docstring), before
    ``-m`` chooses; then, once chosen and ordered, spread the browser tests and the longest."""
    database = pytest.mark.database
    spawns: dict[str, bool] = {}
    for item in items:
        path = str(item.path)
        if path not in spawns:
            text = item.path.read_text(encoding="utf-8") if item.path.suffix == ".py" else ""
            spawns[path] = bool(SPAWNS.search(text))
        if (
            item.get_closest_marker("django_db")
            or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
            or (spawns[path] and not item.get_closest_marker("processes_apart"))
        ):
            item.add_marker(database)
    tests = [
        (item.path, getattr(item, "originalname", item.name), _parameters(item)) for item in items
    ]
    for index in layout_variants(tests):
        items[index].add_marker(pytest.mark.layout_variant)
    result = yield
    # In an xdist worker, the number of workers; 1 without xdist (one share: all first).
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    spread_the_browser_tests(items)
    spread_the_longest(items, workers)
    return result


def _parameters(item: pytest.Item) -> dict[str, object]:
    callspec = getattr(item, "callspec", None)
    return dict(callspec.params) if callspec is not None else {}


def _rows(model: type[models.Model]) -> dict[object, tuple]:
    """Every row of ``model``, by primary key (its concrete fields' column values)."""
    names = [field.attname for field in model._meta.concrete_fields]
    return {row[0]: row for row in model._meta.base_manager.values_list("pk", *names)}


@dataclass(frozen=True)
class DemoRows:
    """What building the demo adds to an empty database (per model: the rows it inserted,
    those it changed, the primary keys it deleted) and what its build printed."""

    inserted: dict[type[models.Model], list[dict]]
    changed: dict[type[models.Model], list[dict]]
    deleted: dict[type[models.Model], list[object]]
    summary: list[str]
    #: The rows the demo found and points at (the groups ``post_migrate`` makes): a
    #: transactional test's database was flushed and has them again under other keys, or not.
    required: dict[type[models.Model], list[dict]]

    def put(self) -> None:
        """The demo into the current database, as one transaction."""
        with transaction.atomic():
            keys = self._find_required()
            for model, pks in self.deleted.items():
                model._meta.base_manager.filter(pk__in=pks).delete()
            for model, rows in self.changed.items():
                for row in rows:
                    model._meta.base_manager.filter(pk=row["pk"]).update(**row["values"])
            for model, rows in self.inserted.items():
                pointers = [
                    (field.attname, keys[field.related_model])
                    for field in model._meta.concrete_fields
                    if field.related_model in keys
                ]
                model._meta.base_manager.bulk_create(
                    [model(**_pointed(row, pointers)) for row in rows]
                )
            statements = connection.ops.sequence_reset_sql(no_style(), list(self.inserted))
            if statements:
                with connection.cursor() as cursor:
                    for statement in statements:
                        cursor.execute(statement)

    def _find_required(self) -> dict[type[models.Model], dict[object, object]]:
        """The rows the demo points at, found by their own key or their unique fields
        (another key after a flush), else inserted: ``{model: {demo's key: key here}}``."""
        keys: dict[type[models.Model], dict[object, object]] = {}
        for model, rows in self.required.items():
            manager = model._meta.base_manager
            unique = [
                f.attname for f in model._meta.concrete_fields if f.unique and not f.primary_key
            ]
            for row in rows:
                key = row[model._meta.pk.attname]
                same = {name: row[name] for name in unique}
                found = (
                    manager.filter(**same).values_list("pk", flat=True).first() if same else None
                )
                if found is None and not manager.filter(pk=key).exists():
                    found = manager.create(**row).pk
                keys.setdefault(model, {})[key] = key if found is None else found
        return keys

    def take(self) -> None:
        """The demo out of the current database again (what ``put`` did, undone), as one
        transaction: a fixture that put it in outside a test's transaction leaves the database
        as the next test expects it, the federation's rows and rating lists included."""
        with transaction.atomic():
            for model, rows in reversed(self.inserted.items()):
                key = model._meta.pk.attname
                model._meta.base_manager.filter(pk__in=[row[key] for row in rows]).delete()
            if self.changed or self.deleted:
                raise NotImplementedError("the demo changed rows it did not add: put them back")


def _pointed(row: dict, pointers: list[tuple[str, dict[object, object]]]) -> dict:
    """``row`` with its pointers at the required rows given their keys here."""
    if not pointers:
        return row
    return {**row, **{name: keys.get(row[name], row[name]) for name, keys in pointers}}


class _RollBack(Exception):
    """Ends the session's build of the demo: its rows are read, the database stays empty."""


def read_demo_rows() -> DemoRows:
    """Build the demo in a transaction of the current database, read what it added, roll back."""
    # The task queue's rows are left out: the layouts the demo's draws queued are the queue's
    # work, not the club's data, and their keys (UUIDs) clashed when put back.
    every = [
        m
        for m in apps.get_models(include_auto_created=True)
        if m._meta.managed and m._meta.app_label != "django_tasks_database"
    ]
    inserted, changed, deleted = {}, {}, {}
    try:
        with transaction.atomic():
            # The roles' groups, which migration club/0002 makes and a transactional test's
            # flush removed: found there, they are rows the demo points at (``required``),
            # never rows it inserted, which ``put`` would insert again beside a flushed
            # database's own groups (their names are unique).
            for role in (BUREAU, SAISIE):
                Group.objects.get_or_create(name=role)
            before = {model: _rows(model) for model in every}
            summary = build_demo()
            for model in every:
                names = ["pk", *(f.attname for f in model._meta.concrete_fields)]
                after = _rows(model)
                new = [
                    dict(zip(names[1:], row[1:], strict=True))
                    for pk, row in after.items()
                    if pk not in before[model]
                ]
                if new:
                    inserted[model] = new
                other = [
                    {"pk": pk, "values": dict(zip(names[1:], row[1:], strict=True))}
                    for pk, row in after.items()
                    if pk in before[model] and before[model][pk] != row
                ]
                if other:
                    changed[model] = other
                gone = [pk for pk in before[model] if pk not in after]
                if gone:
                    deleted[model] = gone
            required = _required_rows(inserted, before)
            raise _RollBack
    except _RollBack:
        pass
    return DemoRows(inserted, changed, deleted, summary, required)


def _required_rows(
    inserted: dict[type[models.Model], list[dict]],
    before: dict[type[models.Model], dict[object, tuple]],
) -> dict[type[models.Model], list[dict]]:
    """The rows that were there before the demo and that its rows point at, and the rows
    those point at in turn: what a flushed database must get back before the demo's rows."""

    def as_dicts(model: type[models.Model], pks: set[object]) -> list[dict]:
        names = [field.attname for field in model._meta.concrete_fields]
        return [dict(zip(names, before[model][pk][1:], strict=True)) for pk in pks]

    wanted: dict[type[models.Model], set[object]] = {}
    pending = list(inserted.items())
    while pending:
        model, rows = pending.pop()
        for field in model._meta.concrete_fields:
            target = field.related_model
            if not (field.many_to_one or field.one_to_one) or target not in before:
                continue
            new = {row[field.attname] for row in rows} & before[target].keys()
            new -= wanted.setdefault(target, set())
            if new:
                wanted[target] |= new
                pending.append((target, as_dicts(target, new)))
    return {model: as_dicts(model, pks) for model, pks in wanted.items() if pks}


@pytest.fixture(scope="session")
def demo_rows(django_db_setup, django_db_blocker) -> DemoRows:
    """The demo club's rows, built once per worker (see the module's docstring)."""
    with django_db_blocker.unblock():
        return read_demo_rows()


@pytest.fixture
def demo_db(db, demo_rows) -> DemoRows:
    """The test's database holds the demo club (``manage.py demo``), as if just built.

    A transactional test's database has been flushed by the transactional tests before it, of
    the data migrations' rows too: ``put`` inserts again those the demo's rows point at."""
    demo_rows.put()
    return demo_rows


#: Each xdist worker its own Redis database (13, 12, ...).
REDIS_URL = "redis://127.0.0.1:6379/{}".format(
    13 - int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
)


@pytest.fixture(scope="session")
def redis_server() -> redis.Redis:
    """The machine's Redis, this worker's database; CI (``REQUIRE_REDIS``) fails rather than
    skip when it cannot be reached."""
    server = redis.Redis.from_url(REDIS_URL)
    try:
        server.ping()
    except redis.exceptions.ConnectionError:
        if os.environ.get("REQUIRE_REDIS"):
            raise
        pytest.skip("no Redis at 127.0.0.1:6379")
    return server


@pytest.fixture
def redis_cache(redis_server, settings) -> redis.Redis:
    """This worker's Redis database, emptied, as the site's cache for the test."""
    redis_server.flushdb()
    settings.CACHES = cache_from_env(REDIS_URL, "")
    yield redis_server
    redis_server.flushdb()


@pytest.fixture(autouse=True)
def _site_language():
    """Each test starts in the site's language: a request to a Flemish club's page leaves
    Dutch active in the thread (as Django's own LocaleMiddleware does), which a following
    test's command or form would speak."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _empty_cache():
    """Login throttling counts failures in the cache: each test starts with none."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


#: Per game: the default name, players and rounds of a test tournament.
_TOURNAMENT_DEFAULTS = {
    "double_king": ("Tournoi test", 8, 2),
    "whist": ("Whist test", 4, 3),
    "double": ("Double test", 7, 2),
    "quarante": ("Équipes test", 8, 3),
    "plonk": ("Équipes test", 8, 3),
}
#: Players' first names start with the name's last word, except in these games.
_PLAYER_PREFIXES = {"double": "Dbl", "quarante": "Qua", "plonk": "Plo"}


@pytest.fixture
def make_tournament(club, season, make_players):
    """A tournament of ``game`` with ``players`` present (registered in order); ``rules``
    become the club's ruleset for the game first; team games pair the players at random
    (seeded) unless ``paired`` is False."""

    def make(
        game: str = "double_king",
        *,
        players: int | None = None,
        rounds: int | None = None,
        published: bool = True,
        name: str | None = None,
        date: datetime.date = datetime.date(2026, 3, 14),
        rules: dict | None = None,
        prefix: str | None = None,
        paired: bool = True,
    ) -> Tournament:
        default_name, default_players, default_rounds = _TOURNAMENT_DEFAULTS.get(
            game, (f"Tournoi {game}", 8, 2)
        )
        name = name or default_name
        if rules is not None:
            rulesets.save_club_rules(club, game=game, rules=rules)
        tournament = Tournament.objects.create(
            club=club,
            season=season,
            game=game,
            name=name,
            date=date,
            rounds=rounds or default_rounds,
            published=published,
        )
        count = default_players if players is None else players
        prefix = prefix or _PLAYER_PREFIXES.get(game) or name.split()[-1]
        for player in make_players(count, prefix=prefix):
            registration.register_player(tournament, player=player)
        if paired and plugin_for(game).lineup.forms_teams:
            pairing.draw_teams(tournament, seed=1)
        return tournament

    return make


@pytest.fixture
def fill_round():
    """Save a complete random sheet for every table of a round."""

    def fill(round_, user=None, seed: int = 1):
        rng = random.Random(seed)
        for table in round_.tables.all():
            first = table.seats.get(first_dealer=True).position
            deal_entry.save_sheet(
                table, records=double_king_round(first, rng), version=table.version, user=user
            )

    return fill


@pytest.fixture
def played_tournament(make_tournament, fill_round):
    """8 players, 2 rounds, every sheet complete (finished)."""
    tournament = make_tournament(players=8, rounds=2)
    for number in range(2):
        round_ = drawing.draw_round(tournament, seed=number)
        drawing.start_round(round_)
        fill_round(round_, seed=number)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def whist_table(make_tournament):
    """A drawn whist table of 4 (pool 1 of a 1-pool tournament)."""
    tournament = make_tournament("whist", players=4, rounds=1)
    return drawing.draw_round(tournament, seed=3).tables.get()


@pytest.fixture
def two_clubs(db):
    """Club A (every name holds « Zorglub ») with a tournament of each entry path, drawn and
    partly played, plus an unpublished one (« Secretissime »); club B, and staff of each.

    Returns a namespace: ``a``/``b`` (clubs), A's objects, and users ``a_bureau``,
    ``b_bureau``, ``b_saisie`` (committee members are admin staff too).
    """
    from types import SimpleNamespace

    from club.models import Membership
    from tournaments.printing.models import PdfExport
    from tournaments.sample_sheets import whist_pool

    def new_club(name: str, slug: str, season_pk: int | None = None) -> tuple[Club, Season]:
        club = Club.objects.create(name=name, slug=slug)
        season = Season.objects.create(
            pk=season_pk,
            club=club,
            name="2026",
            start=datetime.date(2026, 1, 1),
            end=datetime.date(2026, 12, 31),
        )
        return club, season

    def new_tournament(club, season, game, name, players, *, published=True, prefix=None):
        tournament = Tournament.objects.create(
            club=club,
            season=season,
            game=game,
            name=name,
            date=datetime.date(2026, 3, 14),
            rounds=2,
            published=published,
        )
        for i in range(players):
            player = Player.objects.create(
                first_name=f"{prefix or 'Zorglub'}{i:02d}", last_name=name
            )
            club.players.add(player)
            registration.register_player(tournament, player=player)
        return tournament

    a, a_season = new_club("Cercle Zorglub", "zorglub")
    # B's season id is no id of A's objects: a 200 for it would not tell a leak.
    b, b_season = new_club("Cercle Beta", "beta", season_pk=10_000)
    rng = random.Random(5)
    king = new_tournament(a, a_season, "double_king", "Zorglub Roi", 8)
    king_round = drawing.draw_round(king, seed=1)
    drawing.start_round(king_round)
    king_table = king_round.tables.order_by("number").first()
    first = king_table.seats.get(first_dealer=True).position
    deal_entry.save_sheet(
        king_table, records=double_king_round(first, rng, games=3), version=0, user=None
    )
    whist = new_tournament(a, a_season, "whist", "Zorglub Whist", 4)
    whist_table = drawing.draw_round(whist, seed=1).tables.get()
    first = whist_table.seats.get(first_dealer=True).position
    deal_entry.save_sheet(whist_table, records=whist_pool(first, rng, 1, 4), version=0, user=None)
    team = new_tournament(a, a_season, "quarante", "Zorglub Quarante", 4)
    pairing.draw_teams(team, seed=1)
    team_round = drawing.draw_round(team, seed=1)
    secret = new_tournament(
        a, a_season, "double_king", "Secretissime", 4, published=False, prefix="Secretissime"
    )
    secret_round = drawing.draw_round(secret, seed=1)
    rulesets.save_club_rules(a, game="whist", rules={})
    export = PdfExport.objects.create(
        kind=PdfExport.Kind.ROUND_SHEETS,
        tournament=king,
        round=king_round,
        language="fr",
        status=PdfExport.Status.READY,
        filename="Zorglub.pdf",
        content=b"%PDF-1.7 Zorglub",
    )
    Membership.objects.create(player=king.entries.first().player, season=a_season, amount=7)
    # This database is also the laptop that took the whist evening away (its lease's key):
    # « Rapporter la soirée » answers for it.
    LeaseKey.objects.create(
        tournament_uid=whist.uid, private_key=secrets.token_hex(32), holder="Portable"
    )
    b_player = Player.objects.create(first_name="Bernard", last_name="Beta")
    b.players.add(b_player)
    a_bureau = _user("a-bureau", BUREAU, a)
    b_bureau = _user("b-bureau", BUREAU, b)
    b_saisie = _user("b-saisie", SAISIE, b)
    User.objects.filter(pk__in=[a_bureau.pk, b_bureau.pk]).update(is_staff=True)
    return SimpleNamespace(
        a=a,
        b=b,
        a_season=a_season,
        b_season=b_season,
        king=king,
        king_round=king_round,
        king_table=king_table,
        whist=whist,
        whist_round=whist_table.round,
        whist_table=whist_table,
        team=team,
        team_round=team_round,
        team_table=team_round.tables.first(),
        secret=secret,
        export=export,
        secret_round=secret_round,
        secret_table=secret_round.tables.first(),
        a_bureau=User.objects.get(pk=a_bureau.pk),
        b_bureau=User.objects.get(pk=b_bureau.pk),
        b_saisie=b_saisie,
    )
