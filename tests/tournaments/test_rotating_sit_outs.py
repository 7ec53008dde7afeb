"""RULES.md « Changes of 2026-11-28 », rotating sit-outs (« à tour de rôle »): the draw stores
at each table of 5 or 6 who sits out first, those who have sat out least so far in the
tournament first (``Table.sit_out_order``); the staff sheet, the phones, the printed sheet and
the recompute follow it. Today, at a table of 5 with 12 deals, the same three seats sit out
4 deals each and two never do, in every pool."""

import itertools
import json
import random
import re
import subprocess
from collections import Counter

import pytest
from django.urls import reverse
from django.utils import translation
from form_data import form_data
from helpers import post_deals

from club.models import Player
from scoring.whist_seats import deal_seats
from tournaments.sample_sheets import whist_pool
from tournaments.selectors.sit_outs import deals_sat_out
from tournaments.services import deal_entry, drawing, recompute
from tournaments.tableside import table_entry

pytestmark = pytest.mark.django_db

FIVE = {"setting__tables_of_five": "on", "setting__sit_out": "rotating"}
NAMES = ["Anne", "Bert", "Carl", "Dora", "Emil", "Fanny", "Gil", "Hugo", "Iris", "Jan"]


def evening(client, committee_user, scorekeeper_user, make_tournament, players, **rules):
    """The committee sets the whist rules, the scorekeeper ticks ``players`` members present
    and draws the first pool on the staff desk."""
    tournament = make_tournament("whist", players=0, rounds=3)
    club = tournament.club
    client.force_login(committee_user)
    url = reverse("staff_rules", args=[club.slug, "whist"])
    data = form_data(client.get(url).context["form"])
    data.update(rules)
    assert client.post(url, data).status_code == 302
    members = [Player.objects.create(first_name=n, last_name="W") for n in NAMES[:players]]
    club.players.add(*members)
    client.force_login(scorekeeper_user)
    url = reverse("staff_registration", args=[tournament.pk])
    response = client.post(url, {"action": "tick", "players": [m.pk for m in members]})
    assert response.status_code == 302
    client.post(reverse("staff_draw", args=[tournament.pk]), follow=True)
    return tournament, None


def offered(html, field):
    """The players a list offers (those sitting the deal out are shown disabled)."""
    select = re.search(rf'<select name="{field}".*?</select>', html, re.S).group(0)
    return {
        int(v) for v, off in re.findall(r'<option value="(\d+)"( disabled)?', select) if not off
    }


def names(table):
    return {
        s.position: s.entry.player.full_name for s in table.seats.select_related("entry__player")
    }


def pdf_text(content, tmp_path):
    path = tmp_path / "sheet.pdf"
    path.write_bytes(content)
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True)
    return " ".join(out.stdout.split())


def _play(table, rng):
    """The table's 12 deals, each sitting out as the table's rotation says."""
    first = table.seats.get(first_dealer=True).position
    order = table.sit_out_order
    records = whist_pool(first, rng, 12, 5, "rotating", order)
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    return records


def _sat_out(table) -> Counter:
    """Deals each player sat out at ``table`` (from its stored records' rotation)."""
    first = table.seats.get(first_dealer=True).position
    at = {s.position: s.entry_id for s in table.seats.all()}
    counts = Counter()
    for k in range(table.deals.count()):
        for seat in deal_seats(5, k, first, "rotating", table.sit_out_order or None)[1]:
            counts[at[seat]] += 1
    return counts


def _second_pool(client, committee_user, scorekeeper_user, make_tournament):
    tournament, _drawn = evening(
        client, committee_user, scorekeeper_user, make_tournament, 5, **FIVE
    )
    first_round = tournament.round_set.get()
    drawing.start_round(first_round)
    table = first_round.tables.get()
    _play(table, random.Random(1))
    second = drawing.draw_round(tournament, seed=7)
    tournament.refresh_from_db()  # the rules copied when the evening started
    return tournament, table, second.tables.get()


def test_the_second_pool_starts_with_those_who_have_not_sat_out(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament, first_table, table = _second_pool(
        client, committee_user, scorekeeper_user, make_tournament
    )
    before = _sat_out(first_table)
    entries = {s.entry_id for s in first_table.seats.all()}
    assert sorted(before[e] for e in entries) == [0, 0, 4, 4, 4]
    assert deals_sat_out(tournament, before=2) == before
    at = {s.position: s.entry_id for s in table.seats.all()}
    assert len(table.sit_out_order) == 5
    never = {e for e in entries if before[e] == 0}
    assert {at[table.sit_out_order[0]], at[table.sit_out_order[1]]} == never
    # over the two pools, sit-outs are as even as 24 deals allow: 4 or 8 each
    drawing.start_round(table.round)
    _play(table, random.Random(2))
    total = before + _sat_out(table)
    assert sorted(total[e] for e in entries) == [4, 4, 4, 4, 8]


def test_the_staff_sheet_the_phones_and_the_pdf_follow_the_rotation(
    client, committee_user, scorekeeper_user, make_tournament, tmp_path
):
    _tournament, _first, table = _second_pool(
        client, committee_user, scorekeeper_user, make_tournament
    )
    drawing.start_round(table.round)
    seat_names = names(table)
    first = table.seats.get(first_dealer=True).position
    order = table.sit_out_order
    out = [deal_seats(5, k, first, "rotating", order)[1] for k in range(12)]
    assert [o[0] for o in out[::4]] == order[:3]

    # the staff sheet: deal 1 offers the four playing, and names the one sitting out
    page = client.get(reverse("staff_deals", args=[table.pk]))
    html = page.content.decode()
    assert offered(html, "d1") == set(range(5)) - set(out[0])
    with translation.override("fr"):
        heading = translation.ngettext("sits out: %(names)s", "sit out: %(names)s", 1) % {
            "names": seat_names[out[0][0]]
        }
    assert heading in html
    playing = sorted(set(range(5)) - set(out[0]))
    data = {
        "version": str(table.version),
        "number": "1",
        "action": "save",
        "contract": "emballage_8",
        "against": "",
        "renege": "",
        "d1": str(playing[0]),
        "d2": str(playing[1]),
        "tricks": "9",
    }
    assert post_deals(client, table, data).status_code == 302
    assert table.deals.get().points[out[0][0]] == 0

    # the phones: the next deals' sitting out, for a phone keeping deals offline
    link = table_entry.issue_link(table, user=None)
    url = reverse("table_page", args=[link.token])
    phone = client.__class__()
    holder = table.seats.get(position=first).entry_id
    assert phone.post(url, {"action": "who", "entry": str(holder)}).status_code == 302
    listed = json.loads(phone.get(url).context["sitting_out_json"])
    assert [seats for _words, seats in listed] == [list(o) for o in out[1 : 1 + len(listed)]]

    # the printed sheet: who sits out each deal
    response = client.get(reverse("round_sheets_pdf", args=[table.round.pk]))
    text = pdf_text(response.content, tmp_path)
    with translation.override("fr"):
        out_word = translation.gettext("out:")
    listed = [part.split(" W")[0].strip(" ,") for part in text.split(out_word)[1:]]
    assert listed == [seat_names[o[0]].removesuffix(" W").strip() for o in out]


def test_a_pool_played_by_its_rotation_recomputes_unchanged(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament, _first, table = _second_pool(
        client, committee_user, scorekeeper_user, make_tournament
    )
    drawing.start_round(table.round)
    _play(table, random.Random(3))
    assert recompute.recompute_tournament(tournament) == []


def test_a_swap_gives_the_rotation_to_the_players_now_seated(
    client, committee_user, scorekeeper_user, make_tournament
):
    # two tables of 5: a player who never sat out swapped with one who did
    tournament, _drawn = evening(
        client, committee_user, scorekeeper_user, make_tournament, 10, **FIVE
    )
    first_round = tournament.round_set.get()
    drawing.start_round(first_round)
    for number, table in enumerate(first_round.tables.all()):
        _play(table, random.Random(number))
    second = drawing.draw_round(tournament, seed=3)
    tournament.refresh_from_db()  # the rules copied when the evening started
    sat = deals_sat_out(tournament, before=2)
    tables = list(second.tables.all())

    def rested_first(table):
        """What the first to sit out and the least rested of the table sat out before."""
        at = {s.position: s.entry_id for s in table.seats.all()}
        return sat[at[table.sit_out_order[0]]], min(sat[e] for e in at.values())

    assert all(first == least for first, least in map(rested_first, tables))
    # the two players, one at each table, whose deals sat out differ most (which two depends
    # on the draw, hence on the keys the database gave the entries)
    a, b = max(
        itertools.product(tables[0].seats.all(), tables[1].seats.all()),
        key=lambda pair: abs(sat[pair[0].entry_id] - sat[pair[1].entry_id]),
    )
    assert sat[a.entry_id] != sat[b.entry_id]
    drawing.swap_players(second, first=a.entry, second=b.entry)
    for table in tables:
        table.refresh_from_db()
    assert all(first == least for first, least in map(rested_first, tables))
    # at each table, the rotation goes from the least rested to the most
    for table in tables:
        at = {s.position: s.entry_id for s in table.seats.all()}
        along = [sat[at[position]] for position in table.sit_out_order]
        assert along == sorted(along)
    assert tables[1].seats.filter(entry=a.entry).exists()
