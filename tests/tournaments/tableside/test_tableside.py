"""Table-side entry: a table's phones enter deals through its private link; a deal counts only
once a player of the other side confirms it (enforced by the server); links of other tables,
rounds or clubs, revoked links and closed rounds write nothing."""

import random
import re

import pytest
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from helpers import fr

from tournaments.models import Seat
from tournaments.sample_sheets import double_game, whist_pool
from tournaments.services import deal_entry, drawing, round_clock
from tournaments.tableside import table_entry
from tournaments.tableside.models import TableDeal, TableEvent, TableLink

pytestmark = pytest.mark.django_db


def url(link, name="table_page"):
    return reverse(name, args=[link.token])


def phone(link, entry_id) -> Client:
    """A phone that said who holds it."""
    client = Client()
    response = client.post(url(link), {"action": "who", "entry": str(entry_id)})
    assert response.status_code == 302, response.content.decode()[:2000]
    return client


def whist_deal(table, **extra):
    """Emballage 9 by seats 0 and 2, 10 tricks: +5 / -5."""
    table.refresh_from_db()
    data = {
        "action": "save",
        "version": str(table.version),
        "number": str(table.deals.count() + 1),
        "contract": "emballage_9",
        "against": "",
        "renege": "",
        "d1": "0",
        "d2": "2",
        "tricks": "10",
        "key": "k-" + str(table.table_deals.count()),
    }
    data.update(extra)
    return data


def seat_entry(table, position):
    return Seat.objects.get(table=table, position=position).entry_id


def scores(table):
    return [s.score for s in table.seats.order_by("position")]


@pytest.fixture
def link(whist_table):
    return table_entry.issue_link(whist_table, user=None)


def test_a_deal_counts_only_once_the_other_side_confirms(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    east = phone(link, seat_entry(whist_table, 1))
    response = north.post(url(link), whist_deal(whist_table))
    assert response.status_code == 302
    pending = TableDeal.objects.get(table=whist_table)
    assert pending.status == "pending" and pending.points == [5, -5, 5, -5]
    assert whist_table.deals.count() == 0 and scores(whist_table) == [0, 0, 0, 0]
    page = east.get(url(link)).content.decode()
    assert fr("Confirm deal %(n)s", n=1) in page and "emballage" in page.lower()

    # The one who entered it cannot confirm it, whatever his phone sends.
    refused = north.post(url(link), {"action": "confirm", "deal": str(pending.pk)})
    assert refused.status_code == 403
    assert fr("A player of the other side must confirm this deal, not its own side.") in (
        refused.content.decode()
    )
    assert whist_table.deals.count() == 0

    assert east.post(url(link), {"action": "confirm", "deal": str(pending.pk)}).status_code == 302
    pending.refresh_from_db()
    assert pending.status == "confirmed" and pending.decided_by_id == seat_entry(whist_table, 1)
    assert scores(whist_table) == [5, -5, 5, -5]
    assert list(
        TableEvent.objects.filter(table=whist_table, table_deal=pending).values_list("kind", "side")
    ) == [("entered", 0), ("confirmed", 1)]
    # Confirming again (a phone resending) counts nothing twice.
    east.post(url(link), {"action": "confirm", "deal": str(pending.pk)})
    assert whist_table.deals.count() == 1 and scores(whist_table) == [5, -5, 5, -5]


def test_team_game_partner_cannot_confirm(make_tournament):
    tournament = make_tournament("quarante", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    link = table_entry.issue_link(table, user=None)
    team0 = list(Seat.objects.get(table=table, position=0).team.entries.order_by("pk"))
    team1 = list(Seat.objects.get(table=table, position=1).team.entries.order_by("pk"))
    first, partner, opponent = (phone(link, e.pk) for e in (team0[0], team0[1], team1[0]))
    data = {
        "action": "save",
        "version": "0",
        "number": "1",
        "trump": "hearts",
        "queens0": "2",
        "jacks0": "2",
        "kings0": "3",
        "kings1": "",
        "queens1": "",
        "jacks1": "",
        "key": "q1",
    }
    assert first.post(url(link), data).status_code == 302
    pending = TableDeal.objects.get(table=table)
    refused = partner.post(url(link), {"action": "confirm", "deal": str(pending.pk)})
    assert refused.status_code == 403 and table.deals.count() == 0
    confirmed = opponent.post(url(link), {"action": "confirm", "deal": str(pending.pk)})
    assert confirmed.status_code == 302
    assert table.deals.count() == 1
    assert TableDeal.objects.get(pk=pending.pk).status == "confirmed"


def test_rejected_with_a_word_then_entered_again(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    east = phone(link, seat_entry(whist_table, 1))
    north.post(url(link), whist_deal(whist_table, tricks="9"))
    pending = TableDeal.objects.get()
    empty = east.post(url(link), {"action": "reject", "deal": str(pending.pk), "reason": "  "})
    assert empty.status_code == 409 and TableDeal.objects.get().status == "pending"
    east.post(url(link), {"action": "reject", "deal": str(pending.pk), "reason": "10 plis"})
    pending.refresh_from_db()
    assert pending.status == "rejected" and pending.reason == "10 plis"
    page = north.get(url(link)).content.decode()
    assert "10 plis" in page and 'id="deal-form"' in page
    assert whist_table.deals.count() == 0
    north.post(url(link), whist_deal(whist_table))
    again = TableDeal.objects.filter(status="pending").get()
    east.post(url(link), {"action": "confirm", "deal": str(again.pk)})
    assert scores(whist_table) == [5, -5, 5, -5]


def test_a_deal_sent_twice_is_stored_once(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    data = whist_deal(whist_table)
    north.post(url(link), data)
    assert north.post(url(link), data).status_code == 302
    assert TableDeal.objects.count() == 1


def send(client, link, data):
    """What the phone's script sends (at once, or from its offline queue): JSON back."""
    return client.post(url(link, "table_send"), data)


def test_several_deals_wait_at_once_and_count_in_order(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    east = phone(link, seat_entry(whist_table, 1))
    for i, tricks in enumerate(("10", "11", "8"), start=1):
        data = whist_deal(whist_table, tricks=tricks, key=f"n{i}", number=str(i))
        assert north.post(url(link), data).status_code == 302
    deals = {d.number: d for d in TableDeal.objects.all()}
    assert sorted(deals) == [1, 2, 3] and all(d.status == "pending" for d in deals.values())
    page = east.get(url(link)).content.decode()
    for n in (1, 2, 3):
        assert fr("Confirm deal %(n)s", n=n) in page
    assert 'id="deal-form"' in page and fr("Deal %(n)s", n=4) in page

    # Deal 3 confirmed first: confirmed, but it waits for deals 1 and 2 to count.
    response = east.post(url(link), {"action": "confirm", "deal": str(deals[3].pk)})
    assert response.status_code == 302
    deals[3].refresh_from_db()
    assert deals[3].status == "confirmed" and deals[3].applied_version is None
    assert whist_table.deals.count() == 0 and scores(whist_table) == [0, 0, 0, 0]
    page = east.get(url(link)).content.decode()
    assert fr("confirmed, on hold until deal %(n)s is confirmed", n=1) in page
    assert fr("Deal %(n)d confirmed: it counts once the deals before it are confirmed.", n=3) in (
        page
    )

    east.post(url(link), {"action": "confirm", "deal": str(deals[1].pk)})
    assert whist_table.deals.count() == 1 and scores(whist_table) == [5, -5, 5, -5]
    east.post(url(link), {"action": "confirm", "deal": str(deals[2].pk)})
    # Deal 2 counts, and deal 3 (confirmed before) goes on the sheet right after it.
    assert list(whist_table.deals.order_by("number").values_list("number", flat=True)) == [1, 2, 3]
    assert [d.record["tricks"] for d in whist_table.deals.order_by("number")] == [10, 11, 8]
    assert all(d.applied_version for d in TableDeal.objects.all())
    whist_table.refresh_from_db()
    assert whist_table.version == 3


def test_a_deal_sent_back_leaves_its_place_to_the_next_one_entered(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    east = phone(link, seat_entry(whist_table, 1))
    north.post(url(link), whist_deal(whist_table, tricks="9", key="a", number="1"))
    north.post(url(link), whist_deal(whist_table, tricks="11", key="b", number="2"))
    first, second = TableDeal.objects.order_by("number")
    east.post(url(link), {"action": "confirm", "deal": str(second.pk)})
    east.post(url(link), {"action": "reject", "deal": str(first.pk), "reason": "compte faux"})
    page = north.get(url(link)).content.decode()
    # Deal 1 is back in the form as it was typed (9 tricks), its reason just above it.
    sent_back, form = page.split('id="sent-back-reason"', 1)[1].split('id="deal-form"', 1)
    assert "compte faux" in sent_back and fr("Deal %(n)d", n=1) in sent_back
    assert re.search(r'<input[^>]*name="tricks"[^>]*value="9"', form.split("</form>")[0])
    assert re.search(r'<option value="emballage_9"[^>]*selected', form.split("</form>")[0])
    # The next deal entered takes the place left free, before the confirmed deal 2.
    north.post(url(link), whist_deal(whist_table, tricks="10", key="c", number="1"))
    again = TableDeal.objects.get(idempotency_key="c")
    assert again.number == 1 and again.points == [5, -5, 5, -5]
    assert "compte faux" not in north.get(url(link)).content.decode()
    east.post(url(link), {"action": "confirm", "deal": str(again.pk)})
    assert [d.record["tricks"] for d in whist_table.deals.order_by("number")] == [10, 11]


def test_the_same_key_is_unique_in_the_database(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    north.post(url(link), whist_deal(whist_table, key="same"))
    stored = TableDeal.objects.get()
    with pytest.raises(IntegrityError), transaction.atomic():
        TableDeal.objects.create(
            table=whist_table,
            number=2,
            record=stored.record,
            base_version=0,
            idempotency_key="same",
            entered_by=stored.entered_by,
            entered_side=0,
        )


def test_a_queued_deal_sent_twice_is_stored_once(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    data = whist_deal(whist_table, key="offline-1", number="1")
    first = send(north, link, data)
    assert first.status_code == 200 and first.json()["number"] == 1
    again = send(north, link, data)  # the answer was lost: the phone sends it again
    assert again.status_code == 200 and again.json() == first.json()
    assert TableDeal.objects.count() == 1
    second = send(north, link, whist_deal(whist_table, key="offline-2", number="2", tricks="11"))
    assert second.json()["number"] == 2 and TableDeal.objects.count() == 2


def test_a_queued_deal_whose_table_changed_comes_back_as_a_conflict(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    east = phone(link, seat_entry(whist_table, 1))
    offline = whist_deal(whist_table, key="late", number="1")  # typed at version 0
    # Meanwhile the scorekeeper enters deal 1 on paper.
    deal_entry.save_deal(
        whist_table,
        record={"contract": "emballage_9", "declarers": [1, 3], "tricks": 9, "dealer": 0},
        number=None,
        version=0,
        user=None,
    )
    response = send(north, link, offline)
    assert response.status_code == 409
    answer = response.json()
    assert answer["status"] == "rejected" and answer["message"].startswith("Conflit")
    stored = TableDeal.objects.get()
    assert stored.status == "rejected" and stored.applied_version is None
    # Never written over the paper sheet; every phone of the table sees the conflict.
    assert [d.record["declarers"] for d in whist_table.deals.all()] == [[1, 3]]
    assert answer["message"] in east.get(url(link)).content.decode()
    assert TableEvent.objects.filter(kind="conflict").count() == 1
    # Sent again (the same key): the same conflict, still one row.
    assert send(north, link, offline).json() == answer and TableDeal.objects.count() == 1


def test_a_deal_meant_for_a_taken_place_is_a_conflict(whist_table, link):
    north = phone(link, seat_entry(whist_table, 2))
    east = phone(link, seat_entry(whist_table, 1))
    north.post(url(link), whist_deal(whist_table, key="n1", number="1"))
    # East typed « deal 1 » too, before North's arrived: it is not taken as deal 2.
    refused = east.post(url(link), whist_deal(whist_table, key="e1", number="1"))
    assert refused.status_code == 409
    assert (
        fr(
            "The table's deals changed meanwhile: this deal would be deal %(next)d, not deal "
            "%(sent)d. Check the deals, then enter it again if it is missing.",
            next=2,
            sent=1,
        )
        in refused.content.decode()
    )
    assert 'value="e1"' not in refused.content.decode() or True
    assert TableDeal.objects.count() == 1
    queued = send(east, link, whist_deal(whist_table, key="e1", number="1"))
    assert queued.status_code == 409 and TableDeal.objects.filter(status="rejected").count() == 1


def test_bad_deal_is_refused_in_french_on_the_field(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    response = north.post(url(link), whist_deal(whist_table, tricks="14"))
    assert response.status_code == 400
    page = response.content.decode()
    assert 'value="14"' in page and "has-error" in page
    assert TableDeal.objects.count() == 0


def test_paper_entry_meanwhile_is_a_conflict_not_a_double(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    east = phone(link, seat_entry(whist_table, 1))
    north.post(url(link), whist_deal(whist_table))
    pending = TableDeal.objects.get()
    deal_entry.save_deal(whist_table, record=pending.record, number=None, version=0, user=None)
    east.post(url(link), {"action": "confirm", "deal": str(pending.pk)})
    pending.refresh_from_db()
    assert pending.status == "rejected"
    assert whist_table.deals.count() == 1 and scores(whist_table) == [5, -5, 5, -5]
    assert TableEvent.objects.filter(kind="conflict").count() == 1


def test_who_am_i_is_chosen_once_among_the_seated(whist_table, link, make_players):
    stranger = Client()
    outsider = make_players(1, prefix="Intrus")[0]
    bad = stranger.post(url(link), {"action": "who", "entry": str(outsider.pk + 999)})
    assert bad.status_code == 400
    north = phone(link, seat_entry(whist_table, 0))
    again = north.post(url(link), {"action": "who", "entry": str(seat_entry(whist_table, 1))})
    assert again.status_code == 403
    assert fr("This phone already has its player: ask the scorekeeper to change it.") in (
        again.content.decode()
    )
    # A forged cookie is no one: writing asks who you are.
    forged = Client()
    forged.cookies[f"atout_phone_{link.pk}"] = "a-phone-id"
    assert forged.post(url(link), whist_deal(whist_table)).status_code == 403
    # Without a choice, nothing can be entered.
    assert Client().post(url(link), whist_deal(whist_table)).status_code == 403
    assert TableDeal.objects.count() == 0


def test_tokens_of_other_tables_rounds_clubs_and_revoked_links(
    whist_table, link, make_tournament, two_clubs
):
    other_tournament = make_tournament("whist", players=4, rounds=1, name="Whist bis")
    other_table = drawing.draw_round(other_tournament, seed=1).tables.get()
    other = table_entry.issue_link(other_table, user=None)
    north_other = phone(other, seat_entry(other_table, 0))
    north_other.post(url(other), whist_deal(other_table))
    theirs = TableDeal.objects.get(table=other_table)
    # This table's phone cannot touch another table's deal through its own link.
    east = phone(link, seat_entry(whist_table, 1))
    response = east.post(url(link), {"action": "confirm", "deal": str(theirs.pk)})
    assert response.status_code == 409
    assert TableDeal.objects.get(pk=theirs.pk).status == "pending"
    assert other_table.deals.count() == 0
    # Unknown, truncated and too long tokens answer 404 and write nothing.
    for token in ("x" * 43, link.token[:-1], link.token + "A", "a" * 200):
        assert Client().get(reverse("table_page", args=[token])).status_code == 404
    # A replaced link answers 410 with how to rejoin, and writes nothing either.
    new = table_entry.issue_link(whist_table, user=None)
    gone = Client().get(url(link))
    assert gone.status_code == 410 and "« Nouveau lien »" in gone.content.decode()
    count = TableDeal.objects.count()
    assert east.post(url(link), whist_deal(whist_table)).status_code == 410
    assert TableDeal.objects.count() == count
    assert Client().get(url(new)).status_code == 200
    # The old link's « who am I » does not carry over to the new one.
    assert east.post(url(new), whist_deal(whist_table)).status_code == 403
    # Another club's scorekeeper sees nothing of this round's phones.
    b = Client()
    b.force_login(two_clubs.b_saisie)
    dashboard = reverse("staff_round_phones", args=[whist_table.round_id])
    assert b.get(dashboard).status_code == 404
    assert b.post(dashboard, {"action": "issue"}).status_code == 404
    assert TableLink.objects.filter(table=whist_table).count() == 2


def test_a_closed_round_accepts_nothing(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    east = phone(link, seat_entry(whist_table, 1))
    north.post(url(link), whist_deal(whist_table))
    pending = TableDeal.objects.get()
    drawing.start_round(whist_table.round)
    round_clock.close_round(whist_table.round)
    assert east.post(url(link), {"action": "confirm", "deal": str(pending.pk)}).status_code == 403
    assert north.post(url(link), whist_deal(whist_table, key="late")).status_code == 403
    page = north.get(url(link))
    assert page.status_code == 200
    assert fr("This round is closed: the table's link no longer accepts entries.") in (
        page.content.decode()
    )
    assert whist_table.deals.count() == 0 and TableDeal.objects.count() == 1


def test_csrf_is_required(whist_table, link):
    client = Client(enforce_csrf_checks=True)
    response = client.post(url(link), {"action": "who", "entry": str(seat_entry(whist_table, 0))})
    assert response.status_code == 403
    assert f"atout_phone_{link.pk}" not in response.cookies


def test_phones_poll_with_an_etag(whist_table, link):
    client = phone(link, seat_entry(whist_table, 0))
    first = client.get(url(link, "table_state"))
    etag = first["ETag"]
    assert client.get(url(link, "table_state"), HTTP_IF_NONE_MATCH=etag).status_code == 304
    client.post(url(link), whist_deal(whist_table))
    changed = client.get(url(link, "table_state"), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_points_before_sending(whist_table, link):
    client = phone(link, seat_entry(whist_table, 0))
    data = whist_deal(whist_table)
    answer = client.post(url(link, "table_preview"), data).json()
    assert answer["ok"] and answer["points"] == [5, -5, 5, -5]
    preview = client.post(url(link), {**data, "action": "preview"})
    assert preview.status_code == 200 and TableDeal.objects.count() == 0


def test_scorekeeper_dashboard_links_confirms_and_rejects(scorekeeper_client, whist_table):
    dashboard = reverse("staff_round_phones", args=[whist_table.round_id])
    assert scorekeeper_client.post(dashboard, {"action": "issue"}).status_code == 302
    link = TableLink.objects.get(table=whist_table, revoked_at__isnull=True)
    page = scorekeeper_client.get(dashboard).content.decode()
    assert "<svg" in page and link.token in page and fr("not started") in page
    north = phone(link, seat_entry(whist_table, 0))
    north.post(url(link), whist_deal(whist_table))
    pending = TableDeal.objects.get()
    page = scorekeeper_client.get(dashboard).content.decode()
    assert 'data-state="pending"' in page
    scorekeeper_client.post(
        dashboard, {"action": "confirm", "table": str(whist_table.pk), "deal": str(pending.pk)}
    )
    assert scores(whist_table) == [5, -5, 5, -5]
    pending.refresh_from_db()
    assert pending.status == "confirmed" and pending.decided_by_user is not None
    north.post(url(link), whist_deal(whist_table))
    second = TableDeal.objects.get(status="pending")
    scorekeeper_client.post(
        dashboard,
        {"action": "reject", "table": str(whist_table.pk), "deal": str(second.pk), "reason": "?"},
    )
    assert TableDeal.objects.get(pk=second.pk).status == "rejected"
    assert 'data-state="rejected"' in scorekeeper_client.get(dashboard).content.decode()


def test_guessing_tokens_is_throttled(whist_table, link):
    client = Client()
    for i in range(30):
        assert client.get(reverse("table_page", args=[f"guess{i}"])).status_code == 404
    assert client.get(reverse("table_page", args=["guess-more"])).status_code == 429
    # A live link still answers from that address: the hall's phones share one.
    assert client.get(url(link)).status_code == 200


def test_dashboard_shows_each_step_and_polls_with_an_etag(scorekeeper_client, whist_table, link):
    state = reverse("staff_round_phones_state", args=[whist_table.round_id])
    etag = scorekeeper_client.get(state)["ETag"]
    assert scorekeeper_client.get(state, HTTP_IF_NONE_MATCH=etag).status_code == 304
    north = phone(link, seat_entry(whist_table, 0))
    north.post(url(link), whist_deal(whist_table))
    assert scorekeeper_client.get(state, HTTP_IF_NONE_MATCH=etag).status_code == 200
    page = scorekeeper_client.get(
        reverse("staff_round_phones", args=[whist_table.round_id])
    ).content.decode()
    name = Seat.objects.get(table=whist_table, position=0).entry.player.full_name
    # The row named as on the phones (« Donne 1 »), then what happened to it.
    entered = f"{fr('Deal %(n)d', n=1)} : saisie ({name}, {fr('seat %(n)s', n=1)}, "
    assert entered + fr("Phone %(code)s", code="") in page
    assert Client().get(state).status_code == 302  # staff only


def test_a_redrawn_round_gets_links_for_its_new_tables(make_tournament):
    tournament = make_tournament("whist", players=8, rounds=2)
    round_ = drawing.draw_round(tournament, seed=1)
    table_entry.issue_round_links(round_, user=None)
    old = set(TableLink.objects.values_list("token_hash", flat=True))
    drawing.redraw_round(round_)
    live = TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)
    assert live.count() == 2 and not old & set(live.values_list("token_hash", flat=True))
    # A round whose tables had no link gets none (the scorekeeper did not use phones).
    other = make_tournament("whist", players=4, rounds=1, name="Sans téléphones")
    bare = drawing.draw_round(other, seed=1)
    drawing.redraw_round(bare)
    assert not TableLink.objects.filter(table__round=bare).exists()


def enter_and_confirm(table, link, count, start=1):
    """``count`` deals (emballage 9, 10 tricks) entered by seat 0, confirmed by seat 1."""
    north = phone(link, seat_entry(table, 0))
    east = phone(link, seat_entry(table, 1))
    for number in range(start, start + count):
        north.post(url(link), whist_deal(table, key=f"d{number}", number=str(number)))
        pending = TableDeal.objects.get(table=table, status="pending")
        east.post(url(link), {"action": "confirm", "deal": str(pending.pk)})
    return north


def test_after_the_last_deal_the_phone_shows_result_rank_and_next_seat(make_tournament):
    tournament = make_tournament("whist", players=4, rounds=2, rules={"deals_per_pool": 2})
    table = drawing.draw_round(tournament, seed=1).tables.get()
    link = table_entry.issue_link(table, user=None)
    north = enter_and_confirm(table, link, 2)
    table.refresh_from_db()
    assert table.complete
    page = north.get(url(link)).content.decode()
    assert 'id="table-outcome"' in page and 'id="deal-form"' not in page
    # Seats 0 and 2 made their emballage twice: +10 each, sharing the first place.
    assert [s.score for s in table.seats.order_by("position")] == [10, -10, 10, -10]
    assert "Dans le tournoi jusqu’ici : 1er sur 4." in page  # a place, not « 1 sur 4 classés »
    assert 'id="next-wait"' in page and 'id="next-seat"' not in page
    # The phone's poll changes once the next pool is drawn; the page then says where he sits.
    etag = north.get(url(link, "table_state"))["ETag"]
    drawing.start_round(table.round)
    nxt = drawing.draw_round(tournament, seed=2)
    assert north.get(url(link, "table_state"), HTTP_IF_NONE_MATCH=etag).status_code == 200
    seat = Seat.objects.get(round=nxt, entry_id=seat_entry(table, 0))
    page = north.get(url(link)).content.decode()
    assert (
        fr(
            "Next %(session)s (%(n)s): table %(table)s, seat %(seat)s.",
            session=fr("pool"),
            n=2,
            table=seat.table.number,
            seat=seat.position + 1,
        )
        in page
    )


def test_the_send_answers_in_json_what_a_phone_can_show(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    refused = send(north, link, whist_deal(whist_table, tricks="14", number="1"))
    assert refused.status_code == 400 and not refused.json()["ok"]
    assert "13" in refused.json()["message"]  # the field's French message, for the phone
    nobody = send(Client(), link, whist_deal(whist_table, number="1"))
    assert nobody.status_code == 403
    assert nobody.json()["message"] == fr("Choose who you are at this table first.")
    drawing.start_round(whist_table.round)
    round_clock.close_round(whist_table.round)
    closed = send(north, link, whist_deal(whist_table, number="1"))
    assert closed.status_code == 403 and TableDeal.objects.count() == 0


def test_a_confirmed_deal_on_hold_is_sent_back_only_by_the_scorekeeper(
    scorekeeper_client, whist_table, link
):
    north = phone(link, seat_entry(whist_table, 0))
    east = phone(link, seat_entry(whist_table, 1))
    north.post(url(link), whist_deal(whist_table, key="a", number="1"))
    north.post(url(link), whist_deal(whist_table, key="b", number="2", tricks="11"))
    second = TableDeal.objects.get(number=2)
    east.post(url(link), {"action": "confirm", "deal": str(second.pk)})
    refused = east.post(url(link), {"action": "reject", "deal": str(second.pk), "reason": "non"})
    assert refused.status_code == 409
    assert TableDeal.objects.get(pk=second.pk).status == "confirmed"
    dashboard = reverse("staff_round_phones", args=[whist_table.round_id])
    page = scorekeeper_client.get(dashboard).content.decode()
    assert fr("confirmed, on hold") in page
    scorekeeper_client.post(
        dashboard,
        {"action": "reject", "table": str(whist_table.pk), "deal": str(second.pk), "reason": "x"},
    )
    assert TableDeal.objects.get(pk=second.pk).status == "rejected"
    # Deal 1 confirmed: it counts alone; the place of deal 2 is free again.
    first = TableDeal.objects.get(number=1)
    east.post(url(link), {"action": "confirm", "deal": str(first.pk)})
    assert whist_table.deals.count() == 1
    assert fr("Deal %(n)s", n=2) in north.get(url(link)).content.decode()


def test_a_paper_correction_makes_the_waiting_deals_conflicts(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    east = phone(link, seat_entry(whist_table, 1))
    north.post(url(link), whist_deal(whist_table, key="a", number="1"))
    first = TableDeal.objects.get()
    east.post(url(link), {"action": "confirm", "deal": str(first.pk)})
    north.post(url(link), whist_deal(whist_table, key="b", number="2"))
    second = TableDeal.objects.get(number=2)
    # The scorekeeper corrects deal 1 on paper while deal 2 waits on the phones.
    record = dict(whist_table.deals.get().record, tricks=9)
    deal_entry.save_deal(whist_table, record=record, number=1, version=1, user=None)
    east.post(url(link), {"action": "confirm", "deal": str(second.pk)})
    second.refresh_from_db()
    assert second.status == "rejected" and whist_table.deals.count() == 1
    assert fr("The sheet changed meanwhile (entered elsewhere): enter it again.") in (
        north.get(url(link)).content.decode()
    )


def test_numbers_out_of_range_are_refused_not_errors(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    for extra in ({"number": "40000"}, {"version": "9" * 12}, {"number": "-1"}):
        response = send(north, link, whist_deal(whist_table, **extra))
        assert response.status_code == 404
    huge = send(north, link, whist_deal(whist_table, number="30000", version="2000000000"))
    assert huge.status_code == 409 and huge.json()["status"] == "rejected"
    assert TableDeal.objects.get().status == "rejected"


def test_the_phone_page_costs_the_same_queries_whatever_the_deals(make_tournament):
    """A phone's page reads its table in a fixed number of queries: with 2 deals on the
    sheet or 10, each with one waiting; a second phone at the same stamp reads fewer."""
    tournament = make_tournament("whist", players=8, rounds=1)
    tables = list(drawing.draw_round(tournament, seed=3).tables.order_by("number"))
    counts = []
    for table, confirmed in zip(tables, (2, 10), strict=True):
        link = table_entry.issue_link(table, user=None)
        phones = [phone(link, seat_entry(table, seat)) for seat in range(4)]
        for number in range(1, confirmed + 2):
            data = whist_deal(table, number=str(number), key=f"q{number}")
            assert phones[(number - 1) % 4].post(url(link), data).status_code == 302
            if number <= confirmed:
                pending = TableDeal.objects.get(table=table, number=number)
                confirm = {"action": "confirm", "deal": str(pending.pk)}
                assert phones[number % 4].post(url(link), confirm).status_code == 302
        assert table.deals.count() == confirmed
        with CaptureQueriesContext(connection) as first:
            page = phones[0].get(url(link)).content.decode()
        with CaptureQueriesContext(connection) as second:
            phones[1].get(url(link))
        assert page.count('<tr data-deal="') == confirmed
        assert fr("Confirm deal %(n)s", n=confirmed + 1) in page
        counts.append((len(first), len(second)))
    assert counts[0] == counts[1]
    assert counts[0][1] < counts[0][0]


def test_a_double_table_says_manche_never_donne(make_tournament):
    """Double is played in manches: the phone's page, its script's sentences and every
    message a phone gets say so (the dealer stays « donneur »: he deals the cards)."""
    tournament = make_tournament("double", players=3, rounds=1)
    table = drawing.draw_round(tournament, seed=2).tables.get()
    link = table_entry.issue_link(table, user=None)
    first, second, third = (phone(link, seat_entry(table, seat)) for seat in range(3))

    def words(html):  # the page's words, not its addresses
        text = re.sub(r'"[/?][^"]*"', "", html)
        return {w.lower() for w in re.findall(r"\b(donnes?|manches?)\b", text, re.IGNORECASE)}

    def manche(number, bids, tricks, key, version=None):
        table.refresh_from_db()
        data = {
            "action": "save",
            "version": str(table.version if version is None else version),
            "number": str(number),
            "key": key,
        }
        for seat, (bid, took) in enumerate(zip(bids, tricks, strict=True)):
            data[f"b{seat}"], data[f"t{seat}"] = str(bid), str(took)
        return data

    pages = [first.get(url(link)).content.decode()]
    # The offline note's forms for 0, 1 and more (the script picks one): no « manche(s) ».
    assert "hors ligne — __N__ manche en attente d’envoi" in pages[0]
    assert "hors ligne — __N__ manches en attente d’envoi" in pages[0]
    assert "Aucune manche confirmée." in pages[0] and "Envoyer la manche" in pages[0]
    sent = first.post(url(link), manche(1, [1, 0, 0], [1, 0, 0], "m1"), follow=True)
    pages.append(sent.content.decode())
    assert (
        fr("Manche %(n)d sent: a player of the other side confirms it on his phone.", n=1)
        in (pages[-1])
    )
    pending = TableDeal.objects.get(table=table)
    own = first.post(url(link), {"action": "confirm", "deal": str(pending.pk)})
    assert own.status_code == 403
    pages.append(own.content.decode())
    assert "doit confirmer cette manche" in pages[-1]
    pages.append(second.get(url(link)).content.decode())
    assert "Confirmer la manche 1" in pages[-1]
    empty = second.post(url(link), {"action": "reject", "deal": str(pending.pk), "reason": " "})
    pages.append(empty.content.decode())
    assert "Dites en un mot ce qui ne va pas dans cette manche." in pages[-1]
    back = second.post(
        url(link), {"action": "reject", "deal": str(pending.pk), "reason": "1 pli"}, follow=True
    )
    pages.append(back.content.decode())
    assert "Manche 1 renvoyée." in pages[-1]
    pages.append(first.get(url(link)).content.decode())
    assert (
        'id="sent-back-reason" data-number="1" data-status="rejected" data-row="Manche 1"'
        in (pages[-1])
    )
    first.post(url(link), manche(1, [1, 0, 0], [1, 0, 0], "m1b"))
    again = TableDeal.objects.get(table=table, status="pending")
    done = third.post(url(link), {"action": "confirm", "deal": str(again.pk)}, follow=True)
    pages.append(done.content.decode())
    assert "Manche 1 confirmée." in pages[-1] and 'data-deal="1"' in pages[-1]
    # A deal meant for a place taken meanwhile, and a sheet changed while typing.
    late = send(second, link, manche(1, [0, 0, 0], [1, 1, 0], "late", version=0))
    assert "cette manche serait la manche 2, pas la manche 1" in late.json()["message"]
    pages.append(third.get(url(link)).content.decode())
    assert "cette manche serait la manche 2" in pages[-1]
    table.refresh_from_db()
    first_dealer = table.seats.get(first_dealer=True).position
    paper = double_game(3, first_dealer, random.Random(1))[:2]
    deal_entry.save_sheet(table, records=paper, version=table.version, user=None)
    stale = second.post(url(link), manche(3, [0, 0, 0], [1, 1, 1], "m3", version=1))
    assert stale.status_code == 409
    pages.append(stale.content.decode())
    assert "vérifiez les manches, puis renvoyez" in pages[-1]
    refused = send(second, link, {**manche(3, [0, 0, 0], [1, 1, 1], "m4"), "b0": ""})
    assert refused.status_code == 400
    for html in [*pages, late.json()["message"], refused.json()["message"]]:
        assert words(html) <= {"manche", "manches"}, html[:3000]


def test_the_phone_heads_each_column_with_initials_never_a_name_cut_mid_word(whist_table, link):
    """A phone's four columns fit 390 px: the players' initials (« GL »), the whole name kept
    for screen readers; the confirmed deals name the players as « Geneviève L. »."""
    players = [s.entry.player for s in whist_table.seats.order_by("position")]
    for player, (first_name, last_name) in zip(
        players,
        [("Geneviève", "Lambert"), ("Marc", "Dubois"), ("Anne", "Peeters"), ("Luc", "Janssens")],
        strict=True,
    ):
        player.first_name, player.last_name = first_name, last_name
        player.save()
    first = phone(link, seat_entry(whist_table, 0))
    assert first.post(url(link), whist_deal(whist_table)).status_code == 302
    pending = TableDeal.objects.get(table=whist_table)
    other = phone(link, seat_entry(whist_table, 1))
    assert other.post(url(link), {"action": "confirm", "deal": str(pending.pk)}).status_code == 302

    page = first.get(url(link)).content.decode()
    header = page.split('id="deals"', 1)[1].split("</thead>", 1)[0]
    for player, initials in zip(players, ["GL", "MD", "AP", "LJ"], strict=True):
        assert (
            f'<span aria-hidden="true">{initials}</span>'
            f'<span class="visually-hidden">{player.full_name}</span>'
        ) in header
    line = page.split('data-deal="1"', 1)[1].split("</tr>", 1)[0]
    assert "Geneviève L." in line
    assert players[0].full_name not in line


def test_players_sharing_initials_are_headed_by_their_first_names(whist_table, link):
    players = [s.entry.player for s in whist_table.seats.order_by("position")]
    page = phone(link, seat_entry(whist_table, 0)).get(url(link)).content.decode()
    header = page.split('id="deals"', 1)[1].split("</thead>", 1)[0]
    assert len({f"{p.first_name[0]}{p.last_name[0]}" for p in players}) < len(players)
    for player in players:
        assert f'<span aria-hidden="true">{player.first_name}</span>' in header


def test_two_players_who_would_read_the_same_keep_their_whole_names(whist_table, link):
    players = [s.entry.player for s in whist_table.seats.order_by("position")]
    for player, last_name in zip(players[:2], ["Dupont", "Durand"], strict=True):
        player.first_name, player.last_name = "Jean", last_name
        player.save()
    page = phone(link, seat_entry(whist_table, 0)).get(url(link)).content.decode()
    header = page.split('id="deals"', 1)[1].split("</thead>", 1)[0]
    assert "Jean D." not in header
    assert '<th scope="col" class="num">Jean Dupont</th>' in header
    assert '<th scope="col" class="num">Jean Durand</th>' in header


def test_a_sheet_completed_at_the_desk_tells_the_phones_in_one_sentence(
    scorekeeper_client, whist_table, link
):
    """A deal still waiting on a phone when the scorekeeper typed the whole pool at the desk:
    the phones say once that the sheet was completed there and that nothing is left to do,
    never « enter it again » beside « every deal is entered and confirmed »; so too once the
    waiting deal, confirmed meanwhile, is turned down as a conflict."""
    first = whist_table.seats.get(first_dealer=True).position
    pool = whist_pool(first, random.Random(3), 12)
    deal_entry.save_sheet(whist_table, records=pool[:11], version=0, user=None)
    north = phone(link, seat_entry(whist_table, 0))
    east = phone(link, seat_entry(whist_table, 1))
    assert north.post(url(link), whist_deal(whist_table, number="12")).status_code == 302
    waiting = TableDeal.objects.get(table=whist_table)
    whist_table.refresh_from_db()
    deal_entry.save_sheet(whist_table, records=pool, version=whist_table.version, user=None)

    desk_done = fr(
        "The scorekeeper completed this table's sheet at the desk: what was still waiting on "
        "the phones is not needed, and there is nothing left to do here."
    )
    for client in (north, east):
        page = client.get(url(link)).content.decode()
        assert page.count(desk_done) == 1
        assert 'id="deal-form"' not in page and 'class="panel waiting-deal' not in page
        assert fr("Every deal of this table is entered and confirmed.") not in page
    # Confirmed on the phones page meanwhile: a conflict, and still the same one sentence.
    scorekeeper_client.post(
        reverse("staff_round_phones", args=[whist_table.round_id]),
        {"action": "confirm", "table": str(whist_table.pk), "deal": str(waiting.pk)},
    )
    assert TableDeal.objects.get(pk=waiting.pk).status == TableDeal.Status.REJECTED
    page = north.get(url(link)).content.decode()
    assert page.count(desk_done) == 1
    assert fr("The sheet changed meanwhile (entered elsewhere): enter it again.") not in page
    assert 'id="table-outcome"' in page  # the table's result, as after the last deal
