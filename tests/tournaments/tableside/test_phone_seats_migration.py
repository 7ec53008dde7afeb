"""The phones' seats migration (tableside 0002) goes back and forth on a table in play: its
deals and history are kept, the seats held are dropped going back (nothing held them before)
and taken again after."""

import pytest
from django.db import connection
from helpers import latest, migrate

from tournaments.models import Seat
from tournaments.services import drawing
from tournaments.tableside import table_entry
from tournaments.tableside.models import PhoneSeat, TableDeal, TableEvent

BEFORE = [("tableside", "0001_initial")]
RECORD = {"contract": "emballage_9", "declarers": [0, 2], "tricks": 10, "dealer": 0}


@pytest.mark.django_db(transaction=True)
def test_the_phone_seats_migration_goes_back_and_forth(make_tournament):
    table = drawing.draw_round(make_tournament("whist", players=4, rounds=1), seed=3).tables.get()
    link = table_entry.issue_link(table, user=None)
    north = Seat.objects.get(table=table, position=0).entry
    table_entry.claim_seat(link, entry_id=north.pk, device="a" * 64)
    deal = table_entry.enter_deal(
        table, entry=north, side=0, record=RECORD, version=0, key="k1", device="a" * 64
    )
    events = TableEvent.objects.filter(table=table).count()

    old = migrate(BEFORE).loader.project_state(BEFORE[0]).apps
    assert old.get_model("tableside", "TableDeal").objects.get(pk=deal.pk).record == RECORD
    assert old.get_model("tableside", "TableEvent").objects.filter(table_id=table.pk).count() == (
        events
    )
    assert "tableside_phoneseat" not in connection.introspection.table_names()

    migrate(latest())
    kept = TableDeal.objects.get(pk=deal.pk)
    assert kept.status == "pending" and kept.entered_device == "" and kept.fingerprint == ""
    assert not PhoneSeat.objects.exists()
    # The phones take their seats again; the deal is confirmed by the other side.
    east = Seat.objects.get(table=table, position=1).entry
    table_entry.claim_seat(link, entry_id=east.pk, device="b" * 64)
    table_entry.confirm_deal(table, deal.pk, entry=east, side=1, device="b" * 64)
    assert table.deals.count() == 1
