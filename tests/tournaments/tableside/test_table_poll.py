"""The phones' poll of their table (``etat.json`` every 3 seconds): unchanged, a 304 answered
from one query before the rest of the middleware; changed, the new stamp at once; a link
that is not live answers as before (404, then 429 past the guessing limit)."""

import json

import pytest
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.models import Table, Tournament
from tournaments.tableside import table_entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def link(whist_table):
    return table_entry.issue_link(whist_table, user=None)


def poll(client, link, etag=None):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return client.get(reverse("table_state", args=[link.token]), **headers)


def phone(link, whist_table) -> Client:
    """A phone that said who holds it (it has a session and its cookies)."""
    client = Client()
    entry = whist_table.seats.get(position=0).entry_id
    page = reverse("table_page", args=[link.token])
    assert client.post(page, {"action": "who", "entry": str(entry)}).status_code == 302
    return client


def test_a_poll_costs_one_query_and_an_unchanged_table_answers_304_with_no_cookie(
    whist_table, link
):
    client = phone(link, whist_table)
    with CaptureQueriesContext(connection) as queries:
        first = poll(client, link)
    assert first.status_code == 200 and len(queries) == 1
    etag = first["ETag"]
    assert etag == f'"{json.loads(first.content)["stamp"]}"'
    with CaptureQueriesContext(connection) as queries:
        unchanged = poll(client, link, etag)
    assert unchanged.status_code == 304
    assert len(queries) == 1
    assert unchanged["ETag"] == etag
    assert "no-cache" in unchanged["Cache-Control"] and "private" in unchanged["Cache-Control"]
    assert not unchanged.cookies


def test_the_stamp_follows_the_table_then_the_tournament_once_complete(whist_table, link):
    client = Client()
    etag = poll(client, link)["ETag"]
    Table.objects.filter(pk=whist_table.pk).update(version=F("version") + 1)
    changed = poll(client, link, etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    etag = changed["ETag"]
    # An incomplete table's phones ignore the standings; a complete one's show them.
    tournament = Tournament.objects.filter(pk=whist_table.round.tournament_id)
    tournament.update(results_version=F("results_version") + 1)
    assert poll(client, link, etag).status_code == 304
    Table.objects.filter(pk=whist_table.pk).update(complete=True)
    complete = poll(client, link, etag)
    assert complete.status_code == 200
    tournament.update(results_version=F("results_version") + 1)
    ranked = poll(client, link, complete["ETag"])
    assert ranked.status_code == 200 and ranked["ETag"] != complete["ETag"]
    assert poll(client, link, ranked["ETag"]).status_code == 304


def test_a_replaced_link_answers_gone_even_with_its_last_etag(whist_table, link):
    """Never a 304 from the old stamp: the phone learns its link was replaced (410, with the
    sentence it shows), and reloads to show how to rejoin."""
    client = Client()
    etag = poll(client, link)["ETag"]
    table_entry.issue_link(whist_table, user=None)
    gone = poll(client, link, etag)
    assert gone.status_code == 410
    assert gone.json()["replaced"] is True
    assert "« Nouveau lien »" in gone.json()["message"]


def test_unknown_tokens_polled_with_an_etag_still_meet_the_guessing_limit(whist_table, link):
    client = Client()
    for i in range(30):
        missing = client.get(reverse("table_state", args=[f"guess{i}"]), HTTP_IF_NONE_MATCH='"1"')
        assert missing.status_code == 404
    refused = client.get(reverse("table_state", args=["guess-more"]), HTTP_IF_NONE_MATCH='"1"')
    assert refused.status_code == 429
    # A live link still answers from that address: the hall's phones share one.
    assert poll(client, link).status_code == 200


def test_the_phones_and_the_live_pages_poll_as_often_as_the_site_says(whist_table, settings):
    """``ATOUT_LIVE_SECONDS``: a busy hall's Wi-Fi can be asked less often; the pages carry it
    (table.js and live.js read it), and a page kept under another interval is not served."""
    tournament = whist_table.round.tournament
    Tournament.objects.filter(pk=tournament.pk).update(published=True)
    link = table_entry.issue_link(whist_table, user=None)
    pages = [reverse("table_page", args=[link.token]), tournament.get_absolute_url()]
    for seconds in (3, 7):
        settings.ATOUT_LIVE_SECONDS = seconds
        for url in pages:
            answer = Client().get(url)
            assert answer.status_code == 200, url
            assert f'data-live-seconds="{seconds}"' in answer.content.decode(), (url, seconds)
