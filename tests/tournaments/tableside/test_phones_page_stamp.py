"""The scorekeeper's phones page and its poller (issue 23, §5): the page's stamp never counts a
change its content missed, so a deal posted while the page is read is redrawn by the poller."""

import re

import pytest
from django.urls import reverse

from tournaments.models import Seat
from tournaments.tableside import table_entry, table_state
from tournaments.tableside.models import TableDeal

pytestmark = pytest.mark.django_db

STAMP = re.compile(r'id="table-live"[^>]*data-stamp="([^"]+)"')


def dashboard(table):
    return reverse("staff_round_phones", args=[table.round_id])


def test_the_phones_page_reads_its_stamp_before_its_content(
    scorekeeper_client, whist_table, monkeypatch
):
    """A deal posted while the page reads its tables: the page may miss it, but then its stamp
    is older than the table's, so its poller redraws it."""
    table_entry.issue_link(whist_table, user=None)
    entry = Seat.objects.get(table=whist_table, position=0).entry
    read_events = table_state.recent_events

    def post_between_the_reads(round_, *args, **kwargs):
        table_entry.enter_deal(
            whist_table,
            entry=entry,
            side=0,
            record={"contract": "emballage_9", "declarers": [0, 2], "tricks": 10, "dealer": 0},
            version=0,
            key="between",
        )
        return read_events(round_, *args, **kwargs)

    monkeypatch.setattr(table_state, "recent_events", post_between_the_reads)
    page = scorekeeper_client.get(dashboard(whist_table)).content.decode()
    monkeypatch.undo()
    assert TableDeal.objects.filter(idempotency_key="between").exists()
    assert 'data-state="pending"' not in page  # the page was read before the deal
    state = scorekeeper_client.get(
        reverse("staff_round_phones_state", args=[whist_table.round_id])
    ).json()["stamp"]
    assert STAMP.search(page).group(1) != state  # so the poller sees a change and redraws
    assert 'data-state="pending"' in scorekeeper_client.get(dashboard(whist_table)).content.decode()
