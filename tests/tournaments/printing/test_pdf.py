"""Printed sheets: the round's blank sheets, the wall plan, the filled sheets for the archives."""

import subprocess
from io import BytesIO
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from helpers import fr
from pypdf import PdfReader

from club.models import Player
from tournaments.games import plugin_for
from tournaments.games.double_king import LETTERS, kind_names
from tournaments.models import Deal, Seat
from tournaments.printing import pdf, sheet_pdfs
from tournaments.publishing.tables import format_points
from tournaments.selectors import round_reads
from tournaments.services import drawing


def pdf_pages(response) -> list[str]:
    """The text of each page, whitespace collapsed."""
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(BytesIO(response.content))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


@pytest.fixture
def first_round(played_tournament):
    return played_tournament.round_set.get(number=1)


def test_round_sheets_one_page_per_table(scorekeeper_client, first_round):
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[first_round.pk]))
    pages = pdf_pages(response)
    tables = round_reads.round_tables(first_round)
    assert len(pages) == len(tables) == 2
    assert 'filename="tournoi-test-' in response["Content-Disposition"]
    assert response["Content-Disposition"].endswith('.pdf"')
    for text, table in zip(pages, tables, strict=True):
        assert fr("Round %(r)s, table %(n)s", r=1, n=table.number) in text
        assert fr("circle the score of the player who chose the negative game") in text
        assert "✕" in text
        assert "Cercle de Test" in text and "Tournoi test" in text
        seats = list(table.seats.all())
        for seat in seats:
            name = seat.entry.player.full_name
            # column header, its 5 dealt games, signature box
            assert text.count(name) >= 7, name
        # the dealer of each of the 20 games, pre-printed from the first dealer on
        first = next(s.position for s in seats if s.first_dealer)
        dealers = " ".join(
            f"{k} {seats[(first + k - 1) % 4].entry.player.full_name}" for k in range(1, 21)
        )
        assert dealers in text
        # a blank sheet: no game written in, only the legend of the letters the players write,
        # with what a card or trick is worth in the tournament's rules (the defaults here)
        with translation.override("fr"):
            names = kind_names()
        worth = ["−1", "−1", "−2", "−1", "−5", "−2 / −3", "+1"]
        assert all(
            f"{LETTERS[code]} {name} ({value})" in text
            for (code, name), value in zip(names.items(), worth, strict=True)
        )
        # (« Atout » is also the choices grid's row of trump boxes)
        counts = {code: text.count(name) for code, name in names.items()}
        assert counts == {**dict.fromkeys(names, 1), "trump": 2}


def test_round_sheets_cost_a_bounded_number_of_queries(
    scorekeeper_client, first_round, django_assert_max_num_queries
):
    with django_assert_max_num_queries(10):
        scorekeeper_client.get(reverse("round_sheets_pdf", args=[first_round.pk]))


def test_wall_plan_lists_every_player(scorekeeper_client, first_round):
    response = scorekeeper_client.get(reverse("round_plan_pdf", args=[first_round.pk]))
    pages = pdf_pages(response)
    assert len(pages) == 1
    text = pages[0].casefold()
    seats = Seat.objects.filter(round=first_round).select_related("entry__player")
    assert seats.count() == 8
    for seat in seats:
        assert seat.entry.player.last_name.casefold() in text
        assert seat.entry.player.first_name.casefold() in text
    assert "✕" in text
    assert response["Content-Disposition"].startswith('inline; filename="tournoi-test-')


def test_filled_sheets_show_the_entered_values(scorekeeper_client, played_tournament, settings):
    settings.PDF_INLINE_MAX_RENDERS = 4  # its four tables laid out by the request
    response = scorekeeper_client.get(reverse("tournament_filled_pdf", args=[played_tournament.pk]))
    pages = pdf_pages(response)
    rounds = round_reads.tournament_rounds(played_tournament)
    tables = [table for round_ in rounds for table in round_.tables.all()]
    assert len(pages) == len(tables) == 4
    with translation.override("fr"):
        names = kind_names()
    for text, table in zip(pages, tables, strict=True):
        seats = list(table.seats.all())
        assert fr("Round %(r)s, table %(n)s", r=table.round.number, n=table.number) in text
        totals = " ".join(str(seat.score) for seat in seats)
        assert f"{fr('Total')} {totals}" in text
        with translation.override("fr"):
            places = " ".join(format_points(seat.place_points) for seat in seats)
        assert f"{fr('Place points')} {places}" in text
        dealer = next(seat for seat in seats if seat.first_dealer).entry.player.full_name
        first = table.deals.order_by("number").first()
        points = " ".join(map(str, first.points))
        game = first.record["game"]
        assert f"1 {dealer} {LETTERS[game]} {names[game]} {points}" in text


def test_filled_sheets_of_one_round(scorekeeper_client, played_tournament):
    url = reverse("tournament_filled_pdf", args=[played_tournament.pk])
    response = scorekeeper_client.get(url, {"ronde": 2})
    pages = pdf_pages(response)
    assert len(pages) == 2
    assert all(fr("Round %(r)s, table %(n)s", r=2, n=n) in text for n, text in enumerate(pages, 1))
    assert scorekeeper_client.get(url, {"ronde": 9}).status_code == 404


@pytest.mark.parametrize("name", ["round_sheets_pdf", "round_plan_pdf", "tournament_filled_pdf"])
def test_staff_pdfs_refuse_anonymous_and_players(client, plain_user, played_tournament, name):
    pk = (
        played_tournament.pk
        if name == "tournament_filled_pdf"
        else played_tournament.round_set.first().pk
    )
    url = reverse(name, args=[pk])
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    client.force_login(plain_user)
    assert client.get(url).status_code == 403


def test_unknown_round_is_404(scorekeeper_client, db):
    assert scorekeeper_client.get(reverse("round_sheets_pdf", args=[999999])).status_code == 404


# --------------------------------------------------------------------------- sheet rows


def test_blank_sheet_dealer_rotates_from_the_first_dealer(first_round):
    table = round_reads.round_tables(first_round)[0]
    seats = list(table.seats.all())
    for seat in seats:
        seat.first_dealer = seat.position == 2
    sheet = pdf.build_sheet(first_round.tournament, first_round, table, seats, rows=20)
    assert len(sheet.rows) == 20
    assert [row.dealer for row in sheet.rows[:6]] == [2, 3, 0, 1, 2, 3]
    assert sheet.rows[0].dealer_name == seats[2].entry.player.full_name
    assert sheet.first_dealer.position == 2
    assert all(cell.points is None for row in sheet.rows for cell in row.cells)
    assert len(sheet.penalties) == pdf.PENALTY_LINES
    assert [s.score for s in sheet.seats] == [None] * 4


def test_filled_sheet_puts_penalties_apart_and_keeps_the_rotation(first_round):
    table = round_reads.round_tables(first_round)[0]
    seats = list(table.seats.all())
    first = next(s.position for s in seats if s.first_dealer)
    deals = [
        Deal(
            number=1,
            record={"game": "trump", "taken": [4, 3, 3, 3], "dealer": first},
            points=[4, 3, 3, 3],
        ),
        Deal(number=2, record={"game": "queens", "penalty": 1}, points=[0, -8, 0, 0]),
        Deal(
            number=3,
            record={"game": "queens", "taken": [1, 1, 1, 1], "dealer": (first + 1) % 4},
            points=[-2, -2, -2, -2],
        ),
    ]
    sheet = pdf.build_sheet(
        first_round.tournament,
        first_round,
        table,
        seats,
        rows=20,
        deals=deals,
        game_names=kind_names(),
    )
    assert [row.dealer for row in sheet.rows[:3]] == [first, (first + 1) % 4, (first + 2) % 4]
    assert sheet.rows[1].label == kind_names()["queens"]
    assert [c.points for c in sheet.rows[1].cells] == [-2, -2, -2, -2]
    assert [c.chooser for c in sheet.rows[1].cells] == [i == (first + 1) % 4 for i in range(4)]
    assert sheet.rows[2].label == "" and sheet.rows[2].cells[0].points is None
    penalty = sheet.penalties[0]
    assert penalty.before == 2 and penalty.offender == seats[1].entry.player.full_name
    assert [c.points for c in penalty.cells] == [0, -8, 0, 0]
    assert len(sheet.penalties) == pdf.PENALTY_LINES
    assert sheet.filled and sheet.seats[0].score == seats[0].score


def test_plan_lines_are_alphabetical_and_paged(first_round):
    lines = pdf.plan_lines(round_reads.round_tables(first_round))
    assert [line.last_name for line in lines] == sorted(line.last_name for line in lines)
    assert sum(line.first_dealer for line in lines) == 2
    pages = pdf.plan_pages(lines)
    assert len(pages) == 1 and [len(c) for c in pages[0]] == [4, 4]
    many = lines * 20  # 160 lines: three pages of two columns
    pages = pdf.plan_pages(many, rows_per_column=30)
    assert [sum(len(c) for c in page) for page in pages] == [60, 60, 40]


def test_plugin_names_its_pdf_template():
    assert plugin_for("double_king").pdf_sheet_template == "tournaments/pdf/double_king_sheet.html"


# --------------------------------------------------------------------------- no network


def test_fetcher_refuses_the_network_and_foreign_files(tmp_path):
    fetcher = pdf.LocalFetcher()
    for url in ("http://example.com/x.css", "https://example.com/x.png", "ftp://example.com/x"):
        with pytest.raises(ValueError):
            fetcher.fetch(url)
    outside = tmp_path / "secret.css"
    outside.write_text("body {}")
    with pytest.raises(ValueError):
        fetcher.fetch(outside.as_uri())
    inside = Path(settings.BASE_DIR) / "static" / "css" / "atout.css"
    response = fetcher.fetch(inside.as_uri())
    assert response.read()
    response.close()
    # what {% static %} gives, resolved against the file base URL
    response = fetcher.fetch("file:///" + settings.STATIC_URL.strip("/") + "/css/atout.css")
    assert response.read()
    response.close()


def test_blank_double_king_sheet_prints_the_choices_grid(scorekeeper_client, first_round, tmp_path):
    """The « reste à choisir » grid the players tick on paper (read with pdftotext, as the
    printed page says it): each player's 3 negative and 2 trump choices, and two boxes for each
    negative game of the legend; every table's sheet keeps to its one page."""
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[first_round.pk]))
    path = tmp_path / "sheets.pdf"
    path.write_bytes(response.content)
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    pages = text.split("\f")[:-1]
    assert len(pages) == len(round_reads.round_tables(first_round)) == 2
    for page in pages:
        words = " ".join(page.split())
        assert f"{fr('Still to choose')} {fr('Negative')} (3)" in words
        assert fr("tick a box at each game the player chooses") in words
        assert f"{fr('Trump')} (2)" in words
        assert fr("a box for each time a negative game is played") in words
        # the grid comes after the totals, before the signatures
        assert words.index(fr("Place points")) < words.index(fr("Still to choose"))
        assert words.index(fr("Still to choose")) < words.index(fr("Signature"))


def test_double_king_choices_grid_has_a_box_per_choice(first_round):
    """Under each of the 4 players: 3 boxes for the negative games, 2 for the trumps; in the
    legend, 2 boxes for each of the 6 negative games."""
    document = sheet_pdfs.round_document(first_round)
    html = sheet_pdfs.render_html(document, document.sheets[:1])
    grid = html[html.index('<table class="g ch">') : html.index('<table class="sig">')]
    rows = grid.split("<tr>")[1:]
    assert [row.count("<i></i>") for row in rows] == [4 * 3, 4 * 2]
    start = html.index('<p class="note">')
    legend = html[start : html.index("</p>", start)]
    assert legend.count("<i></i>") == 6 * 2


def test_the_longest_double_king_sheet_keeps_to_one_page(
    scorekeeper_client, make_tournament, tmp_path
):
    """The choices grid, the penalty note (a penalty line takes a turn), long names and the
    tournament's QR code together: still one page a table."""
    tournament = make_tournament(
        players=4,
        rounds=1,
        name="Grand tournoi de printemps du Cercle royal des amis du whist et du roi",
        rules={"penalty_counts_as_game": True},
    )
    tournament.table_phones = True
    tournament.save(update_fields=["table_phones"])
    round_ = drawing.draw_round(tournament, seed=1)
    Player.objects.filter(entries__tournament=tournament).update(
        first_name="Anne-Élisabeth-Marguerite", last_name="de la Tour d’Auvergne-Lauraguais"
    )
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    pages = pdf_pages(response)
    assert len(pages) == 1
    assert (
        fr("each penalty line takes a turn of the deal: the dealers below move on by one")
        in (pages[0])
    )
    assert fr("Still to choose") in pages[0] and fr("Signature") in pages[0]
