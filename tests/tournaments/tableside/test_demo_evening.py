"""The demo's evening in progress (issue 26, « The demo shows it »): `manage.py demo` builds it
dated the day it runs, a whist pool's clock started then and a Double King round under way,
phones at the tables with their links, deals entered from phones and one waiting for its
confirmation; built on another day, it is built again for today."""

import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Round, Tournament
from tournaments.tableside.models import TableDeal, TableLink

pytestmark = pytest.mark.django_db

EVENING = {"Whist du soir": "whist", "Double King du mois": "double_king"}


def _evening() -> dict[str, Tournament]:
    return {t.name: t for t in Tournament.objects.filter(name__in=EVENING)}


def test_the_demo_builds_an_evening_in_progress_played_from_phones(client):
    before = timezone.now()
    call_command("demo")
    evening = _evening()
    assert {name: t.game for name, t in evening.items()} == EVENING
    today = datetime.date.today()
    for tournament in evening.values():
        assert tournament.date == today and tournament.table_phones
        open_round = tournament.round_set.exclude(status=Round.Status.CLOSED).order_by("-number")[0]
        tables = open_round.tables.filter(bye=False)
        live = TableLink.objects.filter(table__in=tables, revoked_at__isnull=True)
        assert live.count() == tables.count() > 0  # every table's sheet prints its code
        deals = TableDeal.objects.filter(table__round=open_round)
        assert deals.filter(status=TableDeal.Status.CONFIRMED).count() >= 3
        waiting = deals.filter(status=TableDeal.Status.PENDING)
        assert waiting.count() == 1
        # The waiting deal is on its phone's page, not yet on the table's sheet.
        deal = waiting.get()
        assert deal.table.deals.count() == deal.number - 1
        link = live.get(table=deal.table)
        page = client.get(reverse("table_page", args=[link.token]))
        assert page.status_code == 200
    pool = evening["Whist du soir"].round_set.get(number=2)
    assert pool.clock_state(timezone.now())["state"] == "running"
    assert before <= pool.clock_started_at <= timezone.now()  # started as the demo was built


def test_an_evening_built_another_day_is_built_again_for_today(demo_db):
    Tournament.objects.filter(name__in=EVENING).update(date=datetime.date(2020, 1, 3))
    call_command("demo")
    evening = _evening()
    assert len(evening) == 2
    assert all(t.date == datetime.date.today() for t in evening.values())
    assert TableDeal.objects.filter(status=TableDeal.Status.PENDING).count() == 2
    call_command("demo")  # the same day: nothing changes
    assert {t.pk for t in _evening().values()} == {t.pk for t in evening.values()}
