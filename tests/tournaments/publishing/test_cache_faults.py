"""A cache fault is a cache miss (issue 23, §3): whatever goes wrong with the cache — a folder
that cannot be used, a truncated or garbled file, an unreachable Redis, a garbled Redis value —
the public pages and the phones' page answer 200, the fault is logged once (not once per
request), and a corrupted entry is replaced. A stuck page build holds nobody else: the others
build the page themselves after a bounded wait, and the home page, the login page and the
phones' poll answer meanwhile. A made-up query string never makes a new cache entry."""

import logging
import threading
from pathlib import Path

import pytest
import redis
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from club import cache_faults
from club.settings.base import cache_from_env
from tournaments.models import Round
from tournaments.publishing import page_cache
from tournaments.tableside import table_entry

pytestmark = pytest.mark.django_db

#: Nothing listens there: every cache call fails at once (connection refused).
CLOSED_REDIS = "redis://127.0.0.1:9/0"


@pytest.fixture(autouse=True)
def _faults_forgotten():
    cache_faults.forget()
    yield
    cache_faults.forget()


@pytest.fixture
def site(played_tournament):
    """Every public page of a played tournament, and its first table's phones' page and poll."""
    tournament = played_tournament
    round_ = tournament.round_set.order_by("number").first()
    table = round_.tables.order_by("number").first()
    entry = table.seats.get(position=0).entry
    link = table_entry.issue_link(table, user=None)
    assert round_.status != Round.Status.DRAWN  # the phones' page is kept in the cache
    public = [
        reverse("tournament_standings", args=[tournament.pk]),
        reverse("tournament_rounds", args=[tournament.pk]),
        reverse("table_detail", args=[table.pk]),
        reverse("tournament_player", args=[tournament.pk, entry.pk]),
        reverse("season_standings", args=[tournament.season_id]),
        reverse("season_player", args=[tournament.season_id, entry.player_id]),
    ]
    return {
        "public": public,
        "phones": reverse("table_page", args=[link.token]),
        "poll": reverse("table_state", args=[link.token]),
    }


def every_page(site) -> list[str]:
    return [*site["public"], site["phones"]]


def cache_warnings(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.WARNING and "cache" in r.getMessage()]


def garble_files(folder: Path, *, truncate: bool) -> int:
    files = list(folder.rglob("*.djcache"))
    for path in files:
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2] if truncate else b"\x80\x05garbled" + data[9:])
    return len(files)


def garble_redis(server: redis.Redis) -> int:
    keys = server.keys("*")
    for name in keys:
        server.set(name, b"\x80\x05garbled")
    return len(keys)


def assert_all_answer(site, rounds: int = 3) -> None:
    client = Client()
    for _ in range(rounds):
        for url in every_page(site):
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)


@pytest.mark.parametrize("where", ["a file", "a folder it cannot create"])
def test_an_unusable_cache_folder_is_a_miss_logged_once(site, settings, tmp_path, caplog, where):
    """The folder's place is taken by a file: every read and write fails (as a read-only or
    full folder's writes do)."""
    blocker = tmp_path / "cache"
    blocker.write_text("not a folder")
    folder = blocker if where == "a file" else blocker / "pages"
    settings.CACHES = cache_from_env("", str(folder))
    caplog.set_level(logging.WARNING)
    assert_all_answer(site)
    assert len(cache_warnings(caplog)) == 1


@pytest.mark.parametrize("truncate", [True, False], ids=["truncated", "garbled"])
def test_a_corrupted_cache_file_is_a_miss_and_is_replaced(
    site, settings, tmp_path, caplog, truncate
):
    settings.CACHES = cache_from_env("", str(tmp_path / "cache"))
    assert_all_answer(site, rounds=1)
    assert garble_files(tmp_path / "cache", truncate=truncate) > 0
    caplog.set_level(logging.WARNING)
    assert_all_answer(site)
    assert len(cache_warnings(caplog)) == 1
    # Replaced: every entry reads again, so the next round of requests logs nothing.
    caplog.clear()
    assert_all_answer(site, rounds=1)
    assert cache_warnings(caplog) == []


def test_an_unreachable_redis_is_a_miss_logged_once(site, settings, caplog):
    settings.CACHES = cache_from_env(CLOSED_REDIS, "")
    caplog.set_level(logging.WARNING)
    assert_all_answer(site)
    assert len(cache_warnings(caplog)) == 1


def test_a_garbled_redis_value_is_a_miss_and_is_replaced(site, redis_cache, caplog):
    assert_all_answer(site, rounds=1)
    assert garble_redis(redis_cache) > 0
    caplog.set_level(logging.WARNING)
    assert_all_answer(site)
    assert len(cache_warnings(caplog)) == 1
    assert not any(redis_cache.get(k) == b"\x80\x05garbled" for k in redis_cache.keys("*"))


def test_the_fault_is_logged_again_once_the_quiet_time_has_passed(site, settings, caplog):
    settings.CACHES = cache_from_env(CLOSED_REDIS, "")
    caplog.set_level(logging.WARNING)
    assert_all_answer(site, rounds=1)
    settings.CACHE_FAULT_LOG_SECONDS = 0
    assert_all_answer(site, rounds=1)
    assert len(cache_warnings(caplog)) > 1


@pytest.mark.parametrize("backend", ["files", "redis"])
def test_a_stuck_build_holds_nobody(site, settings, tmp_path, backend, request):
    """A build that never ends (its worker stuck): the same page is built by the next request
    after the bounded wait, and the home page, login and the phones' poll answer meanwhile."""
    if backend == "redis":
        request.getfixturevalue("redis_cache")
    else:
        settings.CACHES = cache_from_env("", str(tmp_path / "cache"))
    settings.PAGE_BUILD_WAIT_SECONDS = 0.2
    url = site["public"][0]
    keys = []
    real = page_cache.built_once

    def recorded(cache_key, build, **kwargs):
        keys.append(cache_key)
        return real(cache_key, build, **kwargs)

    page_cache.built_once = recorded
    try:
        Client().get(url)
    finally:
        page_cache.built_once = real
    cache.clear()
    release = threading.Event()
    started = threading.Event()

    def stuck():
        started.set()
        release.wait(30)
        return b"stale"

    builder = threading.Thread(target=page_cache.built_once, args=(keys[0], stuck))
    builder.start()
    try:
        assert started.wait(10)
        client = Client()
        for other in [reverse("home"), reverse("login"), site["poll"], site["phones"]]:
            assert client.get(other).status_code in (200, 302), other  # home: to the club
        page = client.get(url)
        assert page.status_code == 200 and b"<h1" in page.content
    finally:
        release.set()
        builder.join(10)
        cache.clear()


def test_a_made_up_query_string_makes_no_new_entry_on_any_page(
    site, settings, tmp_path, played_tournament
):
    settings.CACHES = cache_from_env("", str(tmp_path / "cache"))
    client = Client()
    pages = [
        *every_page(site),
        site["poll"],
        reverse("tournament_list"),
        reverse("tournament_display", args=[played_tournament.pk]),
        reverse("club_home", args=[played_tournament.club.slug]),
    ]
    for url in pages:
        assert client.get(url).status_code == 200
    before = len(list((tmp_path / "cache").rglob("*.djcache")))
    for url in pages:
        for n in range(5):
            assert client.get(f"{url}?x={n}&utm_source={n}").status_code == 200
    assert len(list((tmp_path / "cache").rglob("*.djcache"))) == before
