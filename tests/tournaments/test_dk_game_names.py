"""RULES.md « Changes of 2026-11-28 »: a club's own game names reach the sheet. A ruleset that
maps its games onto Double King's lines (Rıfkı's « son iki », the last two tricks, on the « 7th
and last » line) names them with its own words on the staff sheet, the phones and the printed
sheet and its legend; the scores are unchanged; a name is text, never markup."""

import json
import subprocess

import pytest
from django.urls import reverse
from form_data import rules_page_data, rules_url
from helpers import table_phone

from scoring import double_king
from scoring.double_king import score_deal
from tournaments.selectors import rulebook
from tournaments.services import deal_entry, drawing
from tournaments.tableside import table_entry

pytestmark = pytest.mark.django_db

SON_IKI = "Son iki"
HOSTILE = '<b>Son</b> & "iki"'


def _table(make_tournament, name):
    tournament = make_tournament(
        "double_king", players=4, rounds=1, rules={"game_names": {"seventh_last": name}}
    )
    table = drawing.draw_round(tournament, seed=1).tables.get()
    drawing.start_round(table.round)
    return table


def _play_seventh_last(table):
    dealer = table.seats.get(first_dealer=True).position
    record = {"game": "seventh_last", "seventh": 1, "last": 2, "dealer": dealer}
    deal_entry.save_sheet(table, records=[record], version=table.version, user=None)
    return record


def _pdf_text(content, tmp_path):
    path = tmp_path / "sheet.pdf"
    path.write_bytes(content)
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True)
    return " ".join(out.stdout.split())


def test_the_committee_names_a_game_on_the_rules_page(committee_client, club):
    url = rules_url(club, "double_king")
    page = committee_client.get(url).content.decode()
    assert "Nom sur la feuille" in page and "Vide : « Pas de 7e et dernier pli »" in page
    data = rules_page_data(committee_client, club, "double_king", name__seventh_last=SON_IKI)
    assert committee_client.post(url, data).status_code == 302
    rules = rulebook.club_rules(club, "double_king")
    assert rules["game_names"] == {"seventh_last": SON_IKI}
    # the points of the line are the club's, unchanged
    assert rules["game_values"]["seventh"] == -2 and rules["game_values"]["last"] == -3


@pytest.mark.parametrize(
    ("typed", "french"),
    [
        ("x" * 41, "au plus 40 caractères"),
        ("Son\u202eiki", "caractères invisibles ou de contrôle"),
    ],
)
def test_a_bad_name_is_refused_in_french_on_its_field(committee_client, club, typed, french):
    url = rules_url(club, "double_king")
    data = rules_page_data(committee_client, club, "double_king", name__seventh_last=typed)
    response = committee_client.post(url, data)
    assert response.status_code == 400
    form = response.context["form"]
    assert french in " ".join(form.errors["name__seventh_last"])
    assert form["name__seventh_last"].value() == typed, "what was typed is kept"
    assert (
        "game_names" not in rulebook.club_rules(club, "double_king")
        or not (rulebook.club_rules(club, "double_king")["game_names"])
    )


def test_the_staff_sheet_names_the_game_with_the_clubs_word(make_tournament, scorekeeper_client):
    table = _table(make_tournament, SON_IKI)
    record = _play_seventh_last(table)
    page = scorekeeper_client.get(reverse("staff_sheet", args=[table.pk])).content.decode()
    assert f"F — {SON_IKI}" in page  # the game's list and the legend
    assert "Pas de 7e et dernier pli" not in page
    # the scores are the engine's, unchanged by a name
    assert table.deals.get().points == score_deal(record)
    first = record["dealer"]
    unnamed = double_king.table_result([record], None, first_dealer=first)
    named = double_king.table_result(
        [record], {"game_names": {"seventh_last": SON_IKI}}, first_dealer=first
    )
    assert named.scores == unnamed.scores and sorted(named.scores) == [-3, -2, 0, 0]


def test_the_phones_name_the_game_with_the_clubs_word(make_tournament):
    table = _table(make_tournament, SON_IKI)
    dealer = table.seats.get(first_dealer=True).position
    records = [
        {"game": "seventh_last", "seventh": 1, "last": 2, "dealer": dealer},
        {"game": "seventh_last", "seventh": 0, "last": 3, "dealer": (dealer + 1) % 4},
    ]
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    link = table_entry.issue_link(table, user=None)
    phone = table_phone(link, table.seats.get(position=(dealer + 2) % 4).entry_id)
    html = phone.get(reverse("table_page", args=[link.token])).content.decode()
    assert f"F — {SON_IKI}" in html  # the rows played
    assert "Pas de 7e et dernier pli" not in html
    # The phone's script sends a third « son iki »: the JSON answer names it the club's way.
    table.refresh_from_db()
    row = {"game": "seventh_last", "version": str(table.version), "key": "third"}
    row.update({f"p{seat}": str(p) for seat, p in enumerate([0, 0, -5, 0])})
    response = phone.post(reverse("table_send", args=[link.token]), row)
    assert response.status_code == 400
    message = response.json()["message"]
    assert f"« {SON_IKI} »" in message, message
    assert "dernier pli" not in message


def test_the_printed_sheet_and_its_legend_use_the_clubs_word(
    make_tournament, scorekeeper_client, tmp_path
):
    table = _table(make_tournament, SON_IKI)
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[table.round.pk]))
    assert response.status_code == 200
    text = _pdf_text(response.content, tmp_path)
    assert SON_IKI in text and "dernier pli" not in text


def test_a_name_is_text_never_markup(make_tournament, scorekeeper_client, tmp_path):
    table = _table(make_tournament, HOSTILE)
    _play_seventh_last(table)
    page = scorekeeper_client.get(reverse("staff_sheet", args=[table.pk])).content.decode()
    assert "<b>Son</b>" not in page
    assert "&lt;b&gt;Son&lt;/b&gt; &amp; &quot;iki&quot;" in page
    link = table_entry.issue_link(table, user=None)
    phone = table_phone(link, table.seats.get(position=0).entry_id)
    html = phone.get(reverse("table_page", args=[link.token])).content.decode()
    assert "<b>Son</b>" not in html and "&lt;b&gt;Son&lt;/b&gt;" in html
    state = json.dumps(phone.get(reverse("table_state", args=[link.token])).json())
    assert "<b>Son</b>" not in state
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[table.round.pk]))
    assert '<b>Son</b> & "iki"' in _pdf_text(response.content, tmp_path)  # printed as typed
