"""Double King, a round as a fixed list of games (issue 37 §4, RULES.md « Changes of
2026-11-28 »): Kingen (KG Heverlee) typed on the rules page by the games' letters, a round of
10 deals scored through the staff sheet (52 penalty points, 52 bonus points, the round summing
to 0), the sheet and the phones showing the next game with no choice, another game refused in
French; bad input refused on its field, kept, nothing saved."""

import subprocess

import pytest
from django.urls import reverse
from form_data import rules_page_data as page_data
from form_data import rules_url
from helpers import table_phone

from tournaments.models import GameRules
from tournaments.selectors import classification, rulebook
from tournaments.services import deal_entry, drawing
from tournaments.tableside import table_entry

pytestmark = pytest.mark.django_db

KINGEN_LETTERS = "A B C D E F T T T T"
KINGEN = ["tricks", "hearts", "queens", "jacks_kings", "king_of_hearts", "seventh_last"]
KINGEN += ["trump"] * 4
#: Each game's points per seat, as the sheet's players write them: -52 over the six negative
#: games, +52 over the four trump games.
POINTS = [
    [-4, -3, -3, -3],  # A: 13 tricks
    [-1, -5, -7, 0],  # B: 13 hearts
    [0, -2, -4, -2],  # C: 4 queens at -2
    [-2, -2, -2, -2],  # D: 8 jacks and kings
    [0, 0, -5, 0],  # E: the king of hearts
    [-2, 0, 0, -3],  # F: the 7th and the last
    [4, 3, 3, 3],  # T
    [1, 5, 7, 0],  # T
    [6, 2, 2, 3],  # T
    [3, 3, 3, 4],  # T
]


def kingen_club(client, club):
    url = rules_url(club, "double_king")
    data = page_data(client, club, "double_king", setting__fixed_games=KINGEN_LETTERS)
    response = client.post(url, data)
    assert response.status_code == 302, response.context["form"].errors


def test_kingen_typed_on_the_rules_page_by_its_letters(committee_client, club):
    kingen_club(committee_client, club)
    assert rulebook.club_rules(club, "double_king")["fixed_games"] == KINGEN
    form = committee_client.get(rules_url(club, "double_king")).context["form"]
    assert form["setting__fixed_games"].value() == KINGEN_LETTERS


@pytest.mark.parametrize(
    ("typed", "french"),
    [
        ("A B C D E F T T T X", "« X » n’est pas la lettre d’un jeu"),
        (
            "A B C D E F T T T",
            "chaque joueur doit donner autant de jeux d’atout de la liste (ici 1, 0, 1, 1)",
        ),
        (
            "A B C D E F T T T T A",
            "Une ronde complète doit totaliser 0 : ses jeux à la charge coûtent 65 points, "
            "ses 4 parties d’atout en rapportent 52.",
        ),
        ("A" * 21, "Une ronde compte au plus 20 jeux (ici 21)."),
    ],
)
def test_a_bad_list_is_refused_in_french_on_its_field(committee_client, club, typed, french):
    url = rules_url(club, "double_king")
    data = page_data(committee_client, club, "double_king", setting__fixed_games=typed)
    response = committee_client.post(url, data)
    assert response.status_code == 400
    form = response.context["form"]
    assert french in " ".join(form.errors["setting__fixed_games"])
    assert form["setting__fixed_games"].value() == typed, "what was typed is kept"
    assert not GameRules.objects.filter(club=club, game="double_king").exists()


def _kingen_table(client, committee_user, make_tournament):
    tournament = make_tournament("double_king", players=4, rounds=1)
    client.force_login(committee_user)
    kingen_club(client, tournament.club)
    table = drawing.draw_round(tournament, seed=1).tables.get()  # the rules copied
    return tournament, table


def test_a_kingen_round_scored_through_the_staff_sheet_sums_to_0(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament, table = _kingen_table(client, committee_user, make_tournament)
    client.force_login(scorekeeper_user)
    page = client.get(reverse("staff_sheet", args=[table.pk]))
    form = page.context["form"]
    assert form.rows == 10
    html = page.content.decode()
    assert f'<p id="fixed-letters">{KINGEN_LETTERS}</p>' in html
    assert "Prochain jeu : <b>Pas de plis</b>" in html
    # Each row shows its game and no other: one option.
    third = form.rows_for_template()[2]
    assert third.options == [("queens", "C — Pas de dames")]

    # The scorekeeper types the points only: each row's game is the list's.
    data = {"version": str(table.version)}
    for row, points in enumerate(POINTS, start=1):
        data.update({f"c{row}_{seat}": str(p) for seat, p in enumerate(points)})
    response = client.post(reverse("staff_sheet", args=[table.pk]), data)
    assert response.status_code == 302, response.context["form"].errors
    deals = [d.record["game"] for d in table.deals.order_by("number")]
    assert deals == KINGEN
    points = [d.points for d in table.deals.order_by("number")]
    assert sum(p for deal in points[:6] for p in deal) == -52
    assert sum(p for deal in points[6:] for p in deal) == 52

    rows = {r.entry_id: r.score for r in classification.tournament_standings(tournament, live=True)}
    seats = table.seats.order_by("position")
    expected = [sum(deal[seat] for deal in POINTS) for seat in range(4)]
    assert [rows[seat.entry_id] for seat in seats] == expected == [5, 1, -6, 0]
    assert sum(expected) == 0


def test_another_game_than_the_list_s_is_refused_in_french(
    client, committee_user, scorekeeper_user, make_tournament
):
    _tournament, table = _kingen_table(client, committee_user, make_tournament)
    client.force_login(scorekeeper_user)
    data = {"version": str(table.version), "g1": "trump"}
    data.update({f"c1_{seat}": str(p) for seat, p in enumerate([4, 3, 3, 3])})
    response = client.post(reverse("staff_sheet", args=[table.pk]), data)
    assert response.status_code == 400
    errors = " ".join(response.context["form"].errors["g1"])
    french = "le jeu 1 de la ronde est « Pas de plis » : le club joue ses jeux dans un ordre fixe"
    assert french in errors, errors
    assert not table.deals.exists()


def test_the_phones_show_the_next_game_with_no_choice(client, committee_user, make_tournament):
    _tournament, table = _kingen_table(client, committee_user, make_tournament)
    dealer = table.seats.get(first_dealer=True).position
    records = [{"game": "tricks", "taken": [4, 3, 3, 3], "dealer": dealer}]
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    link = table_entry.issue_link(table, user=None)
    phone = table_phone(link, table.seats.get(position=dealer).entry_id)
    html = phone.get(reverse("table_page", args=[link.token])).content.decode()
    assert '<option value="hearts" selected>B — Pas de cœurs</option>' in html
    assert "D — Pas de valets ni de rois" not in html.split('name="game"')[1].split("</select>")[0]
    assert "Reste à choisir" not in html
    # Another game sent: refused by the scoring, in French.
    table.refresh_from_db()
    row = {"game": "trump", "version": str(table.version), "key": "other"}
    row.update({f"p{seat}": str(p) for seat, p in enumerate([4, 3, 3, 3])})
    response = phone.post(reverse("table_send", args=[link.token]), row)
    assert response.status_code == 400
    assert "le club joue ses jeux dans un ordre fixe" in response.json()["message"]


def test_the_printed_sheet_has_the_list_s_10_rows(
    client, committee_user, scorekeeper_user, make_tournament, tmp_path
):
    _tournament, table = _kingen_table(client, committee_user, make_tournament)
    client.force_login(scorekeeper_user)
    response = client.get(reverse("round_sheets_pdf", args=[table.round.pk]))
    path = tmp_path / "sheet.pdf"
    path.write_bytes(response.content)
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True)
    text = " ".join(out.stdout.split())
    assert f"Les jeux de la ronde, dans l’ordre : {KINGEN_LETTERS}" in text
    assert "Reste à choisir" not in text
