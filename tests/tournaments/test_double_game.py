"""Double tournaments: tables of 3 to 6, one game of ten manches a round entered manche by
manche (bids and tricks, the cards of the manche shown, the points held), place points per
table size, the ranking, bad input in French with nothing lost, PDF and Excel read back."""

import io
import random
import re
from fractions import Fraction

import pytest
from django.urls import reverse
from form_data import form_data
from helpers import fr, post_deals
from openpyxl import load_workbook

from tournaments.models import Tournament
from tournaments.sample_sheets import double_game
from tournaments.services import deal_entry, drawing

pytestmark = pytest.mark.django_db


def manche_data(table, bids, tricks, *, number=None):
    table.refresh_from_db()
    data = {
        "version": str(table.version),
        "action": "save",
        "number": str(number or table.deals.count() + 1),
    }
    for seat, (bid, took) in enumerate(zip(bids, tricks, strict=True)):
        data[f"b{seat}"] = "" if bid is None else str(bid)
        data[f"t{seat}"] = "" if took is None else str(took)
    return data


def fill(round_, seed=1):
    rng = random.Random(seed)
    for table in round_.tables.all():
        seats = table.seats.count()
        first = table.seats.get(first_dealer=True).position
        deal_entry.save_sheet(
            table, records=double_game(seats, first, rng), version=table.version, user=None
        )


def test_tables_of_three_to_six(make_tournament):
    tournament = make_tournament("double", players=7)
    round_ = drawing.draw_round(tournament, seed=1)
    sizes = sorted(t.seats.count() for t in round_.tables.all())
    assert sum(sizes) == 7 and all(3 <= s <= 6 for s in sizes)


def test_manche_by_manche_entry_shows_cards_and_tokens(make_tournament, scorekeeper_client):
    tournament = make_tournament("double", players=3, rounds=1)
    table = drawing.draw_round(tournament, seed=2).tables.get()
    page = scorekeeper_client.get(reverse("staff_deals", args=[table.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Manche 1" in html and "1 carte" in html
    assert 'data-held="0">15<' in html
    response = post_deals(scorekeeper_client, table, manche_data(table, [1, 0, 0], [1, 0, 0]))
    assert response.status_code == 302
    table.refresh_from_db()
    assert [s.score for s in table.seats.order_by("position")] == [21, 20, 20]
    page = scorekeeper_client.get(reverse("staff_deals", args=[table.pk])).content.decode()
    assert "Manche 2" in page and "2 cartes" in page
    assert 'data-held="0">21<' in page
    assert 'data-total="0">21<' in page  # the running tokens of each seat


def test_the_manche_page_never_says_donne(make_tournament, scorekeeper_client):
    """Double is played in manches: the buttons, headings, list and messages say so (the
    dealer stays « donneur »: he deals the cards)."""
    tournament = make_tournament("double", players=3, rounds=1)
    table = drawing.draw_round(tournament, seed=2).tables.get()
    url = reverse("staff_deals", args=[table.pk])

    def words(html):  # the page's words, not its addresses (« /donnes/ », « ?donne= »)
        text = re.sub(r'"[/?][^"]*"', "", html)
        return {w.lower() for w in re.findall(r"\b(donnes?|manches?)\b", text, re.IGNORECASE)}

    html = scorekeeper_client.get(url).content.decode()
    assert "Enregistrer la manche" in html and "Aucune manche saisie." in html
    assert words(html) == {"manche", "manches"}
    response = post_deals(scorekeeper_client, table, manche_data(table, [1, 0, 0], [1, 0, 0]))
    html = scorekeeper_client.get(response.url).content.decode()
    assert "Manche 1 enregistrée." in html and "Modifier la manche 1" in html
    assert "1 manche saisie, avec les totaux au fil des manches" in html
    refused = post_deals(scorekeeper_client, table, manche_data(table, [0, 0, 0], [1, 0, 0]))
    assert "La manche n’a pas été enregistrée" in refused.content.decode()
    assert words(refused.content.decode()) == {"manche", "manches"}
    edit = scorekeeper_client.get(url + "?donne=1").content.decode()
    assert "Enregistrer la manche 1" in edit
    table.refresh_from_db()
    deleted = scorekeeper_client.post(
        url, {"action": "delete", "number": "1", "version": str(table.version)}, follow=True
    )
    assert "Manche 1 supprimée." in deleted.content.decode()


def test_bid_above_points_held_is_refused_in_french(make_tournament, scorekeeper_client):
    tournament = make_tournament("double", players=3, rounds=1)
    table = drawing.draw_round(tournament, seed=2).tables.get()
    rules = {"start_points": 1}
    tournament.rules = {**tournament.rules, **rules}
    tournament.save()
    response = post_deals(scorekeeper_client, table, manche_data(table, [1, 0, 0], [0, 1, 0]))
    assert response.status_code == 302  # seat 0 bid 1, missed: now holds 0
    response = post_deals(scorekeeper_client, table, manche_data(table, [1, 0, 2], [1, 1, 0]))
    assert response.status_code == 400
    html = response.content.decode()
    assert "annonce 1 mais n’a que 0 points" in html
    assert 'name="b2" value="2"' in html  # what was typed is kept
    assert table.deals.count() == 1


def test_tricks_must_total_the_cards(make_tournament, scorekeeper_client):
    tournament = make_tournament("double", players=3, rounds=1)
    table = drawing.draw_round(tournament, seed=2).tables.get()
    response = post_deals(scorekeeper_client, table, manche_data(table, [0, 0, 0], [1, 1, 0]))
    assert response.status_code == 400
    html = response.content.decode()
    assert "2 cartes" not in html
    assert "plis doivent totaliser 1" in html
    assert table.deals.count() == 0
    response = post_deals(scorekeeper_client, table, manche_data(table, [0, None, 0], [1, 0, 0]))
    assert response.status_code == 400
    assert "saisissez la mise" in response.content.decode()


def test_ten_manches_give_place_points_and_ranking(make_tournament, scorekeeper_client):
    tournament = make_tournament("double", players=3, rounds=1)
    table = drawing.draw_round(tournament, seed=2).tables.get()
    first = table.seats.get(first_dealer=True).position
    records = double_game(3, first, random.Random(5))
    for record in records:
        response = post_deals(
            scorekeeper_client, table, manche_data(table, record["bids"], record["tricks"])
        )
        assert response.status_code == 302, response.content.decode()[:2000]
    table.refresh_from_db()
    assert table.complete
    page = scorekeeper_client.get(reverse("staff_deals", args=[table.pk])).content.decode()
    assert 'id="deal-form"' not in page
    # Double's own words: a game of manches, not a whist pool.
    assert fr("The game is complete: every manche is entered.") in page
    assert "poule" not in page.lower()
    seats = list(table.seats.order_by("position"))
    assert sum(s.place_points for s in seats) == Fraction(30)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    standings = scorekeeper_client.get(reverse("tournament_standings", args=[tournament.pk]))
    assert standings.status_code == 200
    best = max(seats, key=lambda s: (s.place_points, s.score))
    assert best.entry.player.full_name in standings.content.decode()


def test_ranking_place_points_then_tokens(make_tournament):
    from tournaments.selectors.classification import tournament_standings

    tournament = make_tournament("double", players=8, rounds=2)
    for number in range(2):
        round_ = drawing.draw_round(tournament, seed=number)
        fill(round_, seed=number)
    rows = tournament_standings(tournament)
    keys = [(r.place_points, r.score) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert all(r.rank for r in rows)


def test_pdf_and_excel(make_tournament, scorekeeper_client):
    from pypdf import PdfReader

    tournament = make_tournament("double", players=4, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    blank = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(blank.content)).pages)
    assert "Manche" in text and "Jetons" in text and "Mise" in text
    fill(round_)
    filled = scorekeeper_client.get(reverse("tournament_filled_pdf", args=[tournament.pk]))
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(filled.content)).pages)
    assert "Points de place" in text
    response = scorekeeper_client.get(reverse("tournament_xlsx", args=[tournament.pk]))
    workbook = load_workbook(io.BytesIO(response.content))
    ws = workbook.worksheets[0]
    assert ws.cell(row=3, column=1).value == 1
    assert ws.max_row == 6


def test_club_edits_the_place_points_tables(client, committee_user, club):
    from tournaments.selectors.rulebook import club_rules

    client.force_login(committee_user)
    url = reverse("staff_rules", args=[club.slug, "double"])
    page = client.get(url)
    assert "Points de place à une table de 3" in page.content.decode()
    data = form_data(page.context["form"])
    assert data["table__place_points__3"] == "16, 10, 4"
    data["table__place_points__3"] = "12, 8"
    response = client.post(url, data)
    assert response.status_code == 400
    assert "Cette valeur n’est pas valide" in response.content.decode()
    assert 'value="12, 8"' in response.content.decode()
    data["table__place_points__3"] = "18; 9; 3"
    assert client.post(url, data).status_code == 302
    assert club_rules(club, "double")["place_points"]["3"] == [18, 9, 3]
