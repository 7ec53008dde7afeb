"""A phone confirms a deal and the players' standings show it at the next poll: the one test
whose files ``coverage`` counts for issue 33 (docs/deploy.md, « What a confirmation runs »).
Nothing but the sheet, its seats and the stored results is written on the way."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Seat
from tournaments.services import drawing
from tournaments.tableside import table_entry
from tournaments.tableside.models import TableDeal

pytestmark = pytest.mark.django_db


def test_a_deal_confirmed_on_a_phone_is_in_the_standings_at_the_next_poll(make_tournament):
    tournament = make_tournament("whist", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=3).tables.get()
    link = table_entry.issue_link(table, user=None)
    page = reverse("table_page", args=[link.token])
    phones = {}
    for position in (0, 1):
        phones[position] = Client()
        entry = Seat.objects.get(table=table, position=position).entry_id
        said = phones[position].post(page, {"action": "who", "entry": str(entry)})
        assert said.status_code == 302
    deal = {
        "action": "save",
        "version": "0",
        "number": "1",
        "contract": "emballage_9",
        "against": "",
        "renege": "",
        "d1": "0",
        "d2": "2",
        "tricks": "10",
        "key": "k-1",
    }
    assert phones[0].post(page, deal).status_code == 302
    pending = TableDeal.objects.get(table=table)
    standings = reverse("tournament_standings", args=[tournament.pk])
    before = Client().get(standings).content.decode()

    confirmed = phones[1].post(page, {"action": "confirm", "deal": str(pending.pk)})

    assert confirmed.status_code == 302
    after = Client().get(standings).content.decode()
    assert after != before
    scores = [s.score for s in table.seats.order_by("position")]
    assert scores == [5, -5, 5, -5]
    # Each player's line carries his table's score (a whole sheet of one deal: a total).
    compact = re.sub(r">\s+<", "><", after)
    for seat in table.seats.select_related("entry__player"):
        # His name, its « Détail » fold on a phone, then the column that ranks.
        cell = re.compile(
            rf"{re.escape(seat.entry.player.full_name)}</a>(<details.*?</details>)?</td>"
            rf'<td class="num">{seat.score}</td>'
        )
        assert cell.search(compact)
        assert not cell.search(re.sub(r">\s+<", "><", before))
