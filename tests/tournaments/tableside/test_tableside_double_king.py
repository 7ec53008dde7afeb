"""Double King at the table, row by row: each row is the dealer's choice and the points as
written; ``scoring`` judges it against the earlier rows (French messages on the field); another
seat confirms it; the 20 confirmed rows are the same stored result as the staff's sheet."""

import random
import re

import pytest
from django.urls import reverse
from django.utils import translation
from helpers import fr, table_phone

from scoring.double_king import score_deal
from tournaments.games import PLUGINS
from tournaments.games.base import DealForm
from tournaments.games.double_king import LETTERS, DoubleKingPlugin, DoubleKingRow, DoubleKingSheet
from tournaments.models import Seat, TournamentResult
from tournaments.sample_sheets import double_king_round, sheet_post_data
from tournaments.services import deal_entry, drawing
from tournaments.tableside import table_entry
from tournaments.tableside.models import TableDeal

pytestmark = pytest.mark.django_db


def page_url(link):
    return reverse("table_page", args=[link.token])


def first_dealer(table):
    return table.seats.get(first_dealer=True).position


def seat_entry(table, position):
    return Seat.objects.get(table=table, position=position).entry_id


def row_data(table, record, key, points=None):
    """The phone's row form: the game chosen and each player's points as on paper."""
    table.refresh_from_db()
    points = score_deal(record) if points is None else points
    data = {"action": "save", "version": str(table.version), "game": record["game"], "key": key}
    data.update({f"p{seat}": str(p) for seat, p in enumerate(points)})
    return data


@pytest.fixture
def table(make_tournament):
    tournament = make_tournament(players=4, rounds=1)
    return drawing.draw_round(tournament, seed=1).tables.get()


@pytest.fixture
def link(table):
    return table_entry.issue_link(table, user=None)


@pytest.fixture
def seats(table, link):
    """A phone per seat."""
    return [table_phone(link, seat_entry(table, position)) for position in range(4)]


def enter_and_confirm(table, link, seats, records):
    """Each row entered by its dealer's phone and confirmed by the next seat's."""
    for number, record in enumerate(records, start=len(table.deals.all()) + 1):
        dealer = record["dealer"]
        response = seats[dealer].post(page_url(link), row_data(table, record, f"r{number}"))
        assert response.status_code == 302, response.content.decode()[:3000]
        pending = TableDeal.objects.get(table=table, status="pending")
        assert pending.record == record
        confirm = {"action": "confirm", "deal": str(pending.pk)}
        assert seats[(dealer + 1) % 4].post(page_url(link), confirm).status_code == 302
        assert TableDeal.objects.get(pk=pending.pk).status == "confirmed"


def test_the_phone_shows_the_row_the_dealer_and_what_he_still_chooses(table, link, seats):
    dealer = first_dealer(table)
    name = table.seats.get(position=dealer).entry.player.full_name
    page = seats[0].get(page_url(link)).content.decode()
    assert fr("Still to choose by %(name)s", name=name) in page
    assert fr("Choice of %(name)s (game)", name=name) in page
    assert "C — Pas de dames" in page and "T — Atout" in page
    assert 'id="id_p3"' in page and fr("Points as written on the sheet") in page

    records = double_king_round(dealer, random.Random(5), games=4)
    enter_and_confirm(table, link, seats, records)
    page = seats[0].get(page_url(link)).content.decode()
    # The confirmed rows as on the sheet: the game's letter and name, each player's points.
    first_row = records[0]
    assert 'data-deal="4"' in page and f"{LETTERS[first_row['game']]} — " in page
    assert fr("Game %(row)d", row=5) in page


def test_a_row_illegal_for_the_dealer_is_refused_in_french_on_the_field(table, link, seats):
    dealer = first_dealer(table)
    name = table.seats.get(position=dealer).entry.player.full_name
    # The dealer chose trump in rows 1 and 5: in row 9 trump is no longer his to choose.
    games = ["trump", "tricks", "hearts", "queens", "trump", "tricks", "hearts", "queens"]
    records = []
    for k, game in enumerate(games):
        record = {"game": game, "dealer": (dealer + k) % 4}
        record.update({"taken": [4, 3, 3, 3]} if game != "queens" else {"taken": [1, 1, 1, 1]})
        records.append(record)
    deal_entry.save_sheet(table, records=records, version=0, user=None)

    phone = seats[(dealer + 2) % 4]
    page = phone.get(page_url(link)).content.decode()
    assert "0 atout" in page and "3 jeux à la charge" in page
    response = phone.post(page_url(link), row_data(table, {"game": "trump"}, "bad", [4, 3, 3, 3]))
    assert response.status_code == 400
    message = fr(
        "%(seat_name)s has already played trump %(max)s times: he must choose a negative game",
        seat_name=name,
        max=2,
    )
    assert message in response.content.decode()
    # What was typed is kept; nothing waits, nothing counts.
    assert 'value="-4"' not in response.content.decode()
    assert 'name="p0" value="4"' in response.content.decode()
    assert TableDeal.objects.filter(table=table).count() == 0 and table.deals.count() == 8

    # The row's total, as on the staff sheet.
    short = row_data(table, {"game": "tricks"}, "short", [-4, -3, -3, -2])
    response = phone.post(page_url(link), short)
    assert response.status_code == 400
    assert (
        fr(
            "the %(unit)s must total %(expected)s, you entered %(got)s",
            unit=fr("points"),
            expected=-13,
            got=-12,
        )
        in response.content.decode()
    )
    # A negative game already played twice.
    twice = row_data(table, {"game": "hearts"}, "twice", [-4, -3, -3, -3])
    response = phone.post(page_url(link), twice)
    assert response.status_code == 400
    assert "« Pas de cœurs » a déjà été joué 2 fois" in response.content.decode()
    assert TableDeal.objects.filter(table=table).count() == 0


def test_the_seat_that_entered_a_row_cannot_confirm_it(table, link, seats):
    dealer = first_dealer(table)
    record = double_king_round(dealer, random.Random(1), games=1)[0]
    assert seats[0].post(page_url(link), row_data(table, record, "one")).status_code == 302
    pending = TableDeal.objects.get(table=table)
    refused = seats[0].post(page_url(link), {"action": "confirm", "deal": str(pending.pk)})
    assert refused.status_code == 403
    assert fr("A player of the other side must confirm this line, not its own side.") in (
        refused.content.decode()
    )
    assert table.deals.count() == 0
    # Individual game: any other seat confirms.
    assert (
        seats[3].post(page_url(link), {"action": "confirm", "deal": str(pending.pk)}).status_code
        == 302
    )
    assert table.deals.count() == 1 and table.deals.get().record == record


def test_a_row_sent_back_is_corrected_and_confirmed(table, link, seats):
    dealer = first_dealer(table)
    record = {"game": "queens", "taken": [2, 1, 1, 0], "dealer": dealer}
    wrong = row_data(table, record, "first", [-2, -4, -2, 0])
    assert seats[1].post(page_url(link), wrong).status_code == 302
    pending = TableDeal.objects.get(table=table)
    assert pending.points == [-2, -4, -2, 0]
    back = {"action": "reject", "deal": str(pending.pk), "reason": "les dames de Nord"}
    assert seats[2].post(page_url(link), back).status_code == 302
    page = seats[1].get(page_url(link)).content.decode()
    assert "les dames de Nord" in page and table.deals.count() == 0

    assert seats[1].post(page_url(link), row_data(table, record, "second")).status_code == 302
    again = TableDeal.objects.get(table=table, status="pending")
    assert (
        seats[2].post(page_url(link), {"action": "confirm", "deal": str(again.pk)}).status_code
        == 302
    )
    assert [d.points for d in table.deals.all()] == [[-4, -2, -2, 0]]


def test_twenty_confirmed_rows_store_what_the_staff_sheet_stores(
    table, link, seats, make_tournament, scorekeeper_client
):
    dealer = first_dealer(table)
    records = double_king_round(dealer, random.Random(7))
    enter_and_confirm(table, link, seats, records[:19])
    table.refresh_from_db()
    assert not table.complete
    assert not TournamentResult.objects.filter(tournament=table.round.tournament, rounds=1).exists()
    enter_and_confirm(table, link, seats, records[19:])
    table.refresh_from_db()
    assert table.complete and table.version == 20
    page = seats[0].get(page_url(link)).content.decode()
    assert fr("Every game of this table is entered and confirmed.") in page

    # The same sheet typed by the scorekeeper on another table with the same first dealer.
    other = make_tournament(players=4, rounds=1, name="Tournoi papier", prefix="Papier")
    paper = drawing.draw_round(other, seed=1).tables.get()
    Seat.objects.filter(table=paper).update(first_dealer=False)
    Seat.objects.filter(table=paper, position=dealer).update(first_dealer=True)
    response = scorekeeper_client.post(
        reverse("staff_sheet", args=[paper.pk]), sheet_post_data(paper, records, 0)
    )
    assert response.status_code == 302
    paper.refresh_from_db()
    assert paper.complete
    stored = [(d.number, d.record, d.points) for d in table.deals.order_by("number")]
    assert stored == [(d.number, d.record, d.points) for d in paper.deals.order_by("number")]

    def seat_results(t):
        return [(s.score, s.place_points_60ths) for s in t.seats.order_by("position")]

    assert seat_results(table) == seat_results(paper)


def test_a_sheet_entered_on_paper_meanwhile_never_counts_twice(table, link, seats):
    dealer = first_dealer(table)
    records = double_king_round(dealer, random.Random(3))
    assert seats[0].post(page_url(link), row_data(table, records[0], "one")).status_code == 302
    pending = TableDeal.objects.get(table=table)
    # The scorekeeper types the paper sheet's first ten rows meanwhile.
    deal_entry.save_sheet(table, records=records[:10], version=0, user=None)
    seats[1].post(page_url(link), {"action": "confirm", "deal": str(pending.pk)})
    pending.refresh_from_db()
    assert pending.status == "rejected"
    assert pending.reason == fr("The sheet changed meanwhile (entered elsewhere): enter it again.")
    assert [d.record for d in table.deals.order_by("number")] == records[:10]
    # The phone's next row follows the paper's ten.
    page = seats[0].get(page_url(link)).content.decode()
    assert fr("Game %(row)d", row=11) in page


def test_after_a_penalty_line_on_paper_the_phone_follows_the_rotation(table, link, seats):
    dealer = first_dealer(table)
    records = double_king_round(dealer, random.Random(4), games=4)
    # The scorekeeper entered a penalty line before the fourth game (not one of the 20).
    penalty = {"game": records[3]["game"], "penalty": (dealer + 1) % 4, "dealer": (dealer + 3) % 4}
    deal_entry.save_sheet(table, records=[*records[:3], penalty], version=0, user=None)
    next_dealer = table.seats.get(position=(dealer + 3) % 4).entry.player.full_name
    page = seats[0].get(page_url(link)).content.decode()
    assert fr("Game %(row)d", row=4) in page and f'id="dealer">{next_dealer}<' in page
    assert seats[0].post(page_url(link), row_data(table, records[3], "after")).status_code == 302
    pending = TableDeal.objects.get(table=table)
    assert (
        seats[1].post(page_url(link), {"action": "confirm", "deal": str(pending.pk)}).status_code
        == 302
    )
    assert [d.record for d in table.deals.order_by("number")] == [*records[:3], penalty, records[3]]


def test_a_penalty_line_entered_on_a_phone_is_stored_as_on_paper(table, link, seats):
    dealer = first_dealer(table)
    records = double_king_round(dealer, random.Random(4), games=4)
    enter_and_confirm(table, link, seats, records[:3])
    page = seats[0].get(page_url(link)).content.decode()
    assert fr("Penalty line: a player at fault (not one of the 20 games)") in page
    # During the fourth game, the player after the dealer reneges at trump: -6, the others +2.
    offender = (dealer + 1) % 4
    points = [-6 if seat == offender else 2 for seat in range(4)]
    data = row_data(table, {"game": "trump"}, "fault", points)
    # The points of a trump game are not those of a penalty: refused on the field, in French.
    refused = seats[0].post(page_url(link), data)
    assert refused.status_code == 400
    assert fr("Game %(row)d", row=4) + " : " in refused.content.decode()
    data["penalty"] = "on"
    response = seats[0].post(page_url(link), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    pending = TableDeal.objects.get(table=table, status="pending")
    penalty = {"game": "trump", "penalty": offender, "dealer": (dealer + 3) % 4}
    assert pending.record == penalty and pending.points == points
    confirm = {"action": "confirm", "deal": str(pending.pk)}
    assert seats[2].post(page_url(link), confirm).status_code == 302
    # Not one of the 20: the phones go on with the fourth game, its dealer unchanged.
    page = seats[0].get(page_url(link)).content.decode()
    next_dealer = table.seats.get(position=(dealer + 3) % 4).entry.player.full_name
    assert fr("Game %(row)d", row=4) in page and f'id="dealer">{next_dealer}<' in page
    # The confirmed lines show it as the sheet does.
    player = table.seats.get(position=offender).entry.player
    offender_name = f"{player.first_name} {player.last_name[0]}."
    assert fr("Penalty (%(game)s): %(player)s", game="Atout", player=offender_name) in page
    enter_and_confirm(table, link, seats, records[3:])
    assert [d.record for d in table.deals.order_by("number")] == [*records[:3], penalty, records[3]]


def test_every_game_tells_the_phones_how_it_is_entered():
    """The table-side code asks ``table_entry``: one deal, or one row of a whole sheet."""
    for plugin in PLUGINS.values():
        unit = plugin.table_entry()
        assert unit is not None and issubclass(unit[0], DealForm), plugin.key
    assert PLUGINS["double_king"].table_entry() == (
        DoubleKingRow,
        "tournaments/sheets/double_king_row_form.html",
    )

    class PaperOnly(DoubleKingPlugin):
        table_form = None

    # A whole sheet without a form for one of its lines stays with the scorekeeper.
    assert PaperOnly.sheet_form is DoubleKingSheet and PaperOnly().table_entry() is None


def test_the_phones_name_a_row_by_its_game_and_letter_and_a_penalty_line_as_such(
    table, link, seats
):
    """Double King's phones name a row as the players do: its game's number and letter
    (« Jeu 3 (C) », a penalty line not counted), a penalty line as such; the game being
    entered is « Jeu 4 », as on the staff sheet; never « donnes » nor a bare « ligne n »."""
    dealer = first_dealer(table)
    records = double_king_round(dealer, random.Random(4), games=3)
    penalty = {"game": records[2]["game"], "penalty": dealer, "dealer": (dealer + 2) % 4}
    deal_entry.save_sheet(table, records=[*records[:2], penalty], version=0, user=None)
    response = seats[1].post(page_url(link), row_data(table, records[2], "third"))
    assert response.status_code == 302
    page = seats[1].get(response.url).content.decode()
    row = fr("Game %(row)d (%(letter)s)", row=3, letter=LETTERS[records[2]["game"]])
    sent = fr("%(row)s: sent; a player of the other side confirms it on his phone.", row=row)
    assert sent in page
    assert f'data-row="{row}"' in page  # its waiting box
    with translation.override("fr"):
        labels = PLUGINS["double_king"].row_labels([*records[:2], penalty, records[2]])
    assert labels[2:] == [fr("Penalty line (game %(row)d)", row=3), row]
    assert fr("Game %(row)d", row=4) in page  # the next game, after three games and a penalty
    text = re.sub(r"<script.*?</script>|<[^>]+>", " ", page, flags=re.S).lower()
    assert "donne " not in text and "donnes" not in text
