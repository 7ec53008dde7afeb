"""The public pages' cache: one page for every visitor, revalidated at every request, built once
per version whichever backend keeps it (files, Redis, the database)."""

import io
import random
import threading
from itertools import count

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.settings.base import cache_from_env
from tournaments.publishing import page_cache
from tournaments.sample_sheets import double_king_round
from tournaments.services import deal_entry, drawing


def save_a_sheet(tournament):
    table = tournament.round_set.order_by("-number").first().tables.order_by("number").first()
    position = table.seats.get(first_dealer=True).position
    records = double_king_round(position, random.Random(7))
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    return table


@pytest.fixture
def standings(make_tournament):
    tournament = make_tournament(players=8, rounds=2)
    drawing.draw_round(tournament, seed=1)
    return tournament, reverse("tournament_standings", args=[tournament.pk])


def queries(client, url, **headers):
    with CaptureQueriesContext(connection) as counted:
        response = client.get(url, **headers)
    return response, len(counted)


def test_a_page_is_public_revalidated_and_answers_304_while_unchanged(standings, client):
    _tournament, url = standings
    first = client.get(url)
    assert first.status_code == 200 and first["Cache-Control"] == "public, no-cache"
    again, counted = queries(client, url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert counted == 1  # the tournament, read once by the ETag


def test_a_save_shows_at_once_and_the_old_etag_gets_the_new_page(standings, client):
    tournament, url = standings
    first = client.get(url)
    table = save_a_sheet(tournament)
    fresh = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200 and fresh["ETag"] != first["ETag"]
    best = table.seats.order_by("-score").first().score
    assert f">{best}<" in fresh.content.decode() and f">{best}<" not in first.content.decode()


def test_a_made_up_query_string_gets_the_same_page_and_makes_no_new_key(standings, client):
    _tournament, url = standings
    first = client.get(url)
    _cached, cached_queries = queries(client, url)
    made_up, counted = queries(client, url + "?utm_source=x&sort=nonsense&page=9")
    assert made_up.content == first.content and made_up["ETag"] == first["ETag"]
    assert counted == cached_queries == 1  # served from the cache, nothing built
    by_name = client.get(url + "?sort=name&utm_source=x")
    assert by_name["ETag"] != first["ETag"]
    assert by_name["ETag"] == client.get(url + "?sort=name")["ETag"]


def test_a_logged_in_user_gets_his_own_page_not_the_shared_one(standings, scorekeeper_client):
    _tournament, url = standings
    anonymous = Client().get(url)
    scorekeeper_client.get(url)  # a login through the form sets the CSRF cookie: this does
    own = scorekeeper_client.get(url)
    assert own["Cache-Control"] == "private, no-cache" and own["ETag"] != anonymous["ETag"]
    assert "csrfmiddlewaretoken" in own.content.decode()  # his logout form
    assert "csrfmiddlewaretoken" not in Client().get(url).content.decode()
    assert scorekeeper_client.get(url, HTTP_IF_NONE_MATCH=own["ETag"]).status_code == 304


def test_a_new_epoch_or_release_makes_new_keys(standings, client, settings):
    _tournament, url = standings
    etag = client.get(url)["ETag"]
    key = page_cache.key("page", 1, 2)
    call_command("renew_cache_epoch", stdout=io.StringIO())
    assert page_cache.key("page", 1, 2) != key
    renewed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert renewed.status_code == 200 and renewed["ETag"] != etag

    settings.ATOUT_RELEASE = "2.0"
    page_cache.release.cache_clear()
    try:
        assert client.get(url, HTTP_IF_NONE_MATCH=renewed["ETag"]).status_code == 200
    finally:
        page_cache.release.cache_clear()


# --------------------------------------------------------------------------- built once


@pytest.fixture(params=["memory", "files", "redis"])
def backend(request, tmp_path, settings):
    """The project's cache on each backend (every thread gets its own connection to it)."""
    if request.param == "files":
        settings.CACHES = cache_from_env("", str(tmp_path))
    elif request.param == "redis":
        request.getfixturevalue("redis_cache")
    cache.clear()
    return request.param


def test_two_requests_that_miss_together_build_the_page_once(backend):
    key = "atout:test:built-once"
    building, polling, go, stored = (threading.Event() for _ in range(4))
    builds, pages = [], []

    def build() -> str:
        builds.append(1)
        building.set()
        assert go.wait(10)
        return "<p>page</p>"

    def pause(seconds: float) -> None:
        polling.set()  # the second request waits for the first's page
        assert stored.wait(10)

    def first() -> None:
        pages.append(page_cache.built_once(key, build))

    def second() -> None:
        pages.append(page_cache.built_once(key, build, wait=30, pause=pause))

    builder = threading.Thread(target=first)
    builder.start()
    assert building.wait(10)
    waiter = threading.Thread(target=second)
    waiter.start()
    assert polling.wait(10)
    go.set()
    builder.join()
    stored.set()
    waiter.join()
    assert builds == [1] and pages == ["<p>page</p>"] * 2


def test_a_request_that_missed_just_before_another_kept_the_page_does_not_build_it_again(
    backend, monkeypatch
):
    key = "atout:test:just-kept"
    misses = []
    real_get = page_cache.get

    def get_while_another_finishes(cache_key: str):
        value = real_get(cache_key)
        if not misses:  # this request's miss: meanwhile the other builder keeps its page
            misses.append(cache_key)
            page_cache.keep(key, "theirs")
        return value

    monkeypatch.setattr(page_cache, "get", get_while_another_finishes)
    builds = []
    page = page_cache.built_once(key, lambda: builds.append(1) or "mine", wait=0)
    assert page == "theirs" and builds == [] and real_get(key) == "theirs"


def test_a_builder_gone_slow_leaves_the_others_to_build_after_a_bounded_wait(backend):
    key = "atout:test:slow"
    cache.add(f"{key}:building", 1)  # another request is building, and never finishes
    ticks = count()
    page = page_cache.built_once(
        key, lambda: "mine", wait=2, pause=lambda seconds: None, clock=lambda: next(ticks)
    )
    assert page == "mine" and page_cache.get(key) == "mine"


def test_a_build_that_fails_leaves_the_page_to_the_next_request(backend):
    key = "atout:test:fails"

    def broken() -> str:
        raise RuntimeError("template error")

    with pytest.raises(RuntimeError):
        page_cache.built_once(key, broken)
    assert page_cache.built_once(key, lambda: "fixed", wait=0) == "fixed"


# --------------------------------------------------------------------------- the backends


def test_the_pages_are_kept_in_redis(redis_cache, standings):
    tournament, url = standings
    first = Client().get(url)
    assert redis_cache.dbsize() > 0
    response, counted = queries(Client(), url)
    assert response.content == first.content and counted == 1
    save_a_sheet(tournament)
    assert Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_the_pages_are_kept_in_the_database_cache(standings):
    tournament, url = standings
    with override_settings(CACHES=cache_from_env("db://", "")):
        call_command("createcachetable")
        first = Client().get(url)
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM atout_cache")
            assert cursor.fetchone()[0] > 0
        response, counted = queries(Client(), url)
        assert response.content == first.content
        assert counted == 2  # the tournament, the page
        save_a_sheet(tournament)
        assert Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_the_cache_url_chooses_the_backend(tmp_path):
    assert cache_from_env("", str(tmp_path))["default"]["BACKEND"].endswith("FileBasedCache")
    redis = cache_from_env("redis://cache.example:6379/0", "")
    assert redis["default"]["BACKEND"].endswith("RedisCache")
    assert cache_from_env("db://", "")["default"]["BACKEND"].endswith("DatabaseCache")
    with pytest.raises(Exception, match="ATOUT_CACHE_URL"):
        cache_from_env("memcached://x", "")
