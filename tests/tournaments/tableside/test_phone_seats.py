"""One phone per seat (issue 23, §1): a seat is held by one phone at a time, every phone of the
table sees which seats are held, the scorekeeper frees a seat from the phones' page, and a
deal's entering and confirming phones are never the same device. The offline resend key is
checked (a key reused for another deal is a conflict; a NUL byte is refused)."""

import html
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import pgettext
from helpers import fr

from club.models import Club
from club.roles import SAISIE, grant_role
from tournaments.models import Seat
from tournaments.services import drawing
from tournaments.tableside import table_entry
from tournaments.tableside.models import TableDeal, TableEvent

pytestmark = pytest.mark.django_db

#: the phone's own label, as its page shows it (« Téléphone A3F0 »)
THIS_PHONE = re.compile(r'id="this-phone"[^>]*>([^<]+)<')
#: a held seat's « free » button on the scorekeeper's page: the holder's id, by player
FREE_SEAT = re.compile(r'data-held-by="([^"]+)".*?name="seat" value="(\d+)"', re.S)


SEAT_TAKEN = "This seat is already held by another phone: ask the scorekeeper to free it."
OWN_DEAL = (
    "A phone cannot confirm a deal it entered itself, whichever seat it holds: a player of "
    "the other side confirms it on his own phone."
)


def url(link, name="table_page"):
    return reverse(name, args=[link.token])


def seat_entry(table, position):
    return Seat.objects.get(table=table, position=position).entry_id


def claim(client, link, entry_id):
    return client.post(url(link), {"action": "who", "entry": str(entry_id)})


def phone(link, entry_id) -> Client:
    client = Client()
    response = claim(client, link, entry_id)
    assert response.status_code == 302, response.content.decode()[:2000]
    return client


def label_of(client, link) -> str:
    found = THIS_PHONE.search(client.get(url(link)).content.decode())
    assert found, "the phone's page names the phone"
    return found.group(1).strip()


def whist_deal(table, number, *, key, tricks="10"):
    """Emballage 9 by seats 0 and 2, ``tricks`` tricks."""
    table.refresh_from_db()
    return {
        "action": "save",
        "version": str(table.version),
        "number": str(number),
        "contract": "emballage_9",
        "against": "",
        "renege": "",
        "d1": "0",
        "d2": "2",
        "tricks": tricks,
        "key": key,
    }


def dashboard(table):
    return reverse("staff_round_phones", args=[table.round_id])


def held_seats(page: str) -> dict[str, str]:
    """The holder's id (the free button's value) by the name the scorekeeper sees."""
    return {name: pk for name, pk in FREE_SEAT.findall(page)}


def only_holder(page: str) -> str:
    holders = list(held_seats(page).values())
    assert len(holders) == 1, "the phones page lists the one seat held, with its free button"
    return holders[0]


@pytest.fixture
def link(whist_table):
    return table_entry.issue_link(whist_table, user=None)


def test_a_held_seat_is_refused_to_a_second_phone(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    intruder = Client()
    refused = claim(intruder, link, seat_entry(whist_table, 0))
    assert refused.status_code == 409
    assert fr(SEAT_TAKEN) in html.unescape(refused.content.decode())
    # The intruder holds nothing: he can enter nothing; the seat stays North's.
    assert intruder.post(url(link), whist_deal(whist_table, 1, key="i1")).status_code == 403
    assert north.post(url(link), whist_deal(whist_table, 1, key="n1")).status_code == 302
    assert TableDeal.objects.get().entered_by_id == seat_entry(whist_table, 0)


def test_every_phone_of_the_table_shows_which_seats_are_held(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    label = label_of(north, link)
    assert label.startswith(fr("Phone %(code)s", code=""))
    name = Seat.objects.get(table=whist_table, position=0).entry.player.full_name
    # A phone that has not chosen yet sees North's seat held, by which phone, and cannot take it.
    page = Client().get(url(link)).content.decode()
    seats = page.split('id="seats"', 1)[1].split("</ul>", 1)[0]
    held = re.search(rf"<li[^>]*data-held[^>]*>[^<]*{re.escape(name)}[^<]*{label}", seats)
    assert held, seats
    assert re.search(rf'value="{seat_entry(whist_table, 0)}"[^>]*disabled', page)
    assert not re.search(rf'value="{seat_entry(whist_table, 1)}"[^>]*disabled', page)


def test_the_scorekeeper_frees_a_seat_and_what_its_phone_confirmed_waits_again(
    scorekeeper_client, whist_table, link
):
    north = phone(link, seat_entry(whist_table, 0))
    # A second browser of North's player took East's seat before East opened the link.
    intruder = phone(link, seat_entry(whist_table, 1))
    intruder_label = label_of(intruder, link)
    east_name = Seat.objects.get(table=whist_table, position=1).entry.player.full_name
    for number, tricks in ((1, "10"), (2, "11")):
        data = whist_deal(whist_table, number, key=f"n{number}", tricks=tricks)
        assert north.post(url(link), data).status_code == 302
    second = TableDeal.objects.get(number=2)
    # Confirmed by the intruder: on hold (deal 1 still waits), not on the sheet yet.
    assert (
        intruder.post(url(link), {"action": "confirm", "deal": str(second.pk)}).status_code == 302
    )
    second.refresh_from_db()
    assert second.status == "confirmed" and second.applied_version is None

    # East finds his seat taken; the scorekeeper's page says by which phone, and frees it.
    page = scorekeeper_client.get(dashboard(whist_table)).content.decode()
    assert intruder_label in page
    seats = held_seats(page)
    assert set(seats) == {
        Seat.objects.get(table=whist_table, position=p).entry.player.full_name for p in (0, 1)
    }
    freed = scorekeeper_client.post(
        dashboard(whist_table),
        {"action": "free", "table": str(whist_table.pk), "seat": seats[east_name]},
    )
    assert freed.status_code == 302
    second.refresh_from_db()
    assert second.status == "pending" and second.decided_by_id is None
    assert whist_table.deals.count() == 0
    # The history says what the scorekeeper did, naming the phone and the seat.
    page = scorekeeper_client.get(dashboard(whist_table)).content.decode()
    history = page.split('aria-label="' + fr("History") + '"', 1)[1].split("</ul>", 1)[0]
    freed_line, reopened_line = (
        next(line for line in re.findall(r"<li>(.*?)</li>", history) if fr(kind) in line)
        for kind in ("seat freed", "back to waiting")
    )
    assert intruder_label in freed_line and fr("seat %(n)s", n=2) in freed_line
    assert fr("Deal %(n)d", n=2) in reopened_line and intruder_label in reopened_line
    assert east_name not in held_seats(page)
    # The intruder's phone holds nothing any more; East takes his seat and confirms.
    assert (
        intruder.post(url(link), {"action": "confirm", "deal": str(second.pk)}).status_code == 403
    )
    east = phone(link, seat_entry(whist_table, 1))
    for deal in TableDeal.objects.order_by("number"):
        east.post(url(link), {"action": "confirm", "deal": str(deal.pk)})
    assert whist_table.deals.count() == 2


def test_freeing_a_seat_is_the_club_scorekeepers_own_post(
    scorekeeper_client, whist_table, link, make_tournament
):
    phone(link, seat_entry(whist_table, 1))
    page = scorekeeper_client.get(dashboard(whist_table)).content.decode()
    holder = only_holder(page)
    data = {"action": "free", "table": str(whist_table.pk), "seat": holder}
    # Without the CSRF token: refused.
    forged = Client(enforce_csrf_checks=True)
    forged.force_login(User.objects.get(username="saisie"))
    assert forged.post(dashboard(whist_table), data).status_code == 403
    # Another club's scorekeeper: this round is a 404, and so is this table from his own round.
    other_club = Club.objects.create(name="Autre cercle", slug="autre-cercle")
    stranger = User.objects.create_user(username="autre", password="secret-pass-123")
    grant_role(stranger, other_club, SAISIE)
    other = Client()
    other.force_login(stranger)
    assert other.post(dashboard(whist_table), data).status_code == 404
    theirs = make_tournament("whist", players=4, rounds=1, name="Whist autre")
    theirs.club = other_club
    theirs.save()
    their_round = drawing.draw_round(theirs, seed=1)
    response = other.post(reverse("staff_round_phones", args=[their_round.pk]), data)
    assert response.status_code == 404
    assert held_seats(scorekeeper_client.get(dashboard(whist_table)).content.decode())
    # The club's own scorekeeper frees it.
    assert scorekeeper_client.post(dashboard(whist_table), data).status_code == 302
    assert not held_seats(scorekeeper_client.get(dashboard(whist_table)).content.decode())


def test_a_phone_never_confirms_its_own_deal_whatever_seat_it_holds(
    scorekeeper_client, whist_table, link
):
    north = phone(link, seat_entry(whist_table, 0))
    assert north.post(url(link), whist_deal(whist_table, 1, key="n1")).status_code == 302
    deal = TableDeal.objects.get()
    # The same phone takes another seat: one seat at a time, even its opponent's.
    assert claim(north, link, seat_entry(whist_table, 1)).status_code == 403
    # Freed from North's seat, the phone takes East's: still the phone that entered the deal.
    page = scorekeeper_client.get(dashboard(whist_table)).content.decode()
    holder = only_holder(page)
    scorekeeper_client.post(
        dashboard(whist_table), {"action": "free", "table": str(whist_table.pk), "seat": holder}
    )
    assert claim(north, link, seat_entry(whist_table, 1)).status_code == 302
    refused = north.post(url(link), {"action": "confirm", "deal": str(deal.pk)})
    assert refused.status_code == 403
    assert fr(OWN_DEAL) in html.unescape(refused.content.decode())
    deal.refresh_from_db()
    assert deal.status == "pending" and whist_table.deals.count() == 0
    # Another phone of the other side confirms it.
    page = scorekeeper_client.get(dashboard(whist_table)).content.decode()
    holder = only_holder(page)
    scorekeeper_client.post(
        dashboard(whist_table), {"action": "free", "table": str(whist_table.pk), "seat": holder}
    )
    east = phone(link, seat_entry(whist_table, 1))
    assert east.post(url(link), {"action": "confirm", "deal": str(deal.pk)}).status_code == 302
    assert whist_table.deals.count() == 1


def test_the_history_names_the_phone_as_well_as_the_seat(scorekeeper_client, whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    east = phone(link, seat_entry(whist_table, 1))
    north.post(url(link), whist_deal(whist_table, 1, key="n1"))
    east.post(url(link), {"action": "confirm", "deal": str(TableDeal.objects.get().pk)})
    page = scorekeeper_client.get(dashboard(whist_table)).content.decode()
    history = page.split('aria-label="' + fr("History") + '"', 1)[1].split("</ul>", 1)[0]
    lines = re.findall(r"<li>(.*?)</li>", history, re.S)
    row = fr("Deal %(n)d", n=1)
    with translation.override("fr"):
        entry, confirmation = (pgettext("a row's history", w) for w in ("entry", "confirmation"))
    entered = next(line for line in lines if f"{row} : {entry} (" in line)
    confirmed = next(line for line in lines if f"{row} : {confirmation} (" in line)
    assert label_of(north, link) in entered and fr("seat %(n)s", n=1) in entered
    assert label_of(east, link) in confirmed and fr("seat %(n)s", n=2) in confirmed
    assert TableEvent.objects.filter(kind="confirmed").get().side == 1


def send(client, link, data):
    return client.post(url(link, "table_send"), data)


def test_a_resend_key_reused_for_another_deal_is_a_conflict(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    first = send(north, link, whist_deal(whist_table, 1, key="offline-1"))
    assert first.status_code == 200 and first.json()["ok"]
    # The same key again with another deal (another number, other tricks): not « ok ».
    other = send(north, link, whist_deal(whist_table, 2, key="offline-1", tricks="11"))
    assert other.status_code == 409, other.content
    answer = other.json()
    assert answer["ok"] is False
    assert answer["message"] == fr(
        "This sending key was already used for another deal: enter the deal again."
    )
    assert TableDeal.objects.count() == 1 and TableDeal.objects.get().record["tricks"] == 10
    # The same deal sent again (an answer lost) is still the stored deal.
    again = send(north, link, whist_deal(whist_table, 1, key="offline-1"))
    assert again.status_code == 200 and again.json() == first.json()


def test_a_nul_byte_in_the_resend_key_is_refused(whist_table, link):
    north = phone(link, seat_entry(whist_table, 0))
    sent = send(north, link, whist_deal(whist_table, 1, key="bad\x00key"))
    assert sent.status_code == 400, sent.content
    assert sent.json()["message"] == fr("This deal's sending key is not valid: send it again.")
    posted = north.post(url(link), whist_deal(whist_table, 1, key="bad\x00key"))
    assert posted.status_code == 400
    assert TableDeal.objects.count() == 0
    # Nor does a NUL byte in a reason make a server error: it reads as a space.
    assert north.post(url(link), whist_deal(whist_table, 1, key="good")).status_code == 302
    deal = TableDeal.objects.get()
    east = phone(link, seat_entry(whist_table, 1))
    reason = {"action": "reject", "deal": str(deal.pk), "reason": "9\x00plis"}
    assert east.post(url(link), reason).status_code == 302
    deal.refresh_from_db()
    assert deal.status == "rejected" and deal.reason == "9 plis"
