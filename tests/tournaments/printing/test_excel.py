"""Excel exports: a tournament's classification and rounds, a season's standings."""

from fractions import Fraction
from io import BytesIO

import pytest
from django.urls import reverse
from django.utils import translation
from helpers import fr
from openpyxl import load_workbook

from scoring import GAMES
from tournaments.printing import excel
from tournaments.selectors import classification, season_rankings
from tournaments.services import registration


def read_workbook(response):
    assert response.status_code == 200
    assert response["Content-Type"] == excel.XLSX_CONTENT_TYPE
    assert response["Content-Disposition"].startswith("attachment; filename=")
    assert response["Content-Disposition"].endswith('.xlsx"')
    return load_workbook(BytesIO(response.content))


def header(ws) -> list:
    return [cell.value for cell in ws[2]]


def assert_finished_sheet(ws):
    # A title row, then the header: frozen, filtered, repeated on every printed page.
    assert ws["A1"].value and ws["A1"].font.b
    assert ws.freeze_panes == "A3"
    last = ws.cell(row=2, column=ws.max_column).column_letter
    assert ws.auto_filter.ref.startswith("A2:" + last)
    assert all(cell.font.b for cell in ws[2])
    assert ws.column_dimensions["B"].width >= 8
    assert ws.print_title_rows == "$2:$2"
    assert ws.sheet_properties.pageSetUpPr.fitToPage
    assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0)
    assert ws.page_setup.paperSize == 9  # A4


def test_tournament_workbook(client, played_tournament):
    response = client.get(reverse("tournament_xlsx", args=[played_tournament.pk]))
    workbook = read_workbook(response)
    assert 'filename="tournoi-test-' in response["Content-Disposition"]
    assert workbook.sheetnames == [
        fr("Standings"),
        fr("Round %(number)d", number=1),
        fr("Round %(number)d", number=2),
    ]

    ws = workbook[fr("Standings")]
    assert header(ws) == [
        fr("Rank"),
        fr("Player"),
        fr("Place points"),
        fr("Total score"),
        fr("Best round"),
        fr("Round %(number)d", number=1),
        fr("Round %(number)d", number=2),
        fr("Note"),
    ]
    assert_finished_sheet(ws)
    standings = classification.tournament_standings(played_tournament)
    rows = list(ws.iter_rows(min_row=3, values_only=True))
    assert len(rows) == len(standings) == 8
    for values, row in zip(rows, standings, strict=True):
        rank, name, points, score, best, r1, r2, note = values
        assert (rank, name, score, best) == (row.rank, row.name, row.score, row.best_round)
        assert points == pytest.approx(float(row.place_points))
        assert (r1, r2) == (row.rounds[1].score, row.rounds[2].score)
        assert note is None
    ranks = [r[0] for r in rows]
    assert ranks == sorted(ranks)
    for cell in ws["C"][2:]:
        value = Fraction(cell.value).limit_denominator(60)
        assert cell.number_format == (excel.INTEGER if value.denominator == 1 else excel.DECIMAL)
    assert all(cell.number_format == excel.INTEGER for cell in ws["D"][2:])

    round_sheet = workbook[fr("Round %(number)d", number=1)]
    assert header(round_sheet) == [
        fr("Table"),
        fr("seat").capitalize(),
        fr("Player"),
        fr("Score"),
        fr("Place points"),
    ]
    assert_finished_sheet(round_sheet)
    lines = list(round_sheet.iter_rows(min_row=3, values_only=True))
    assert len(lines) == 8
    assert [(t, s) for t, s, *_ in lines] == [(t, s) for t in (1, 2) for s in (1, 2, 3, 4)]
    by_name = {row.name: row for row in standings}
    for _table, _seat, name, score, points in lines:
        assert score == by_name[name].rounds[1].score
        assert points == pytest.approx(float(by_name[name].rounds[1].place_points))
    # every table hands out 16 + 12 + 8 + 4 place points
    assert sum(points for *_, points in lines) == pytest.approx(80)


def test_substitutes_come_last_without_rank(client, played_tournament):
    entry = played_tournament.entries.order_by("pk").first()
    registration.update_entry(entry, substitute=True)
    workbook = read_workbook(client.get(reverse("tournament_xlsx", args=[played_tournament.pk])))
    rows = list(workbook[fr("Standings")].iter_rows(min_row=3, values_only=True))
    assert len(rows) == 8
    last = rows[-1]
    assert last[1] == entry.player.full_name
    assert last[0] is None
    assert last[-1] == fr("substitute")
    assert [r[0] for r in rows[:-1]] == sorted(r[0] for r in rows[:-1])


def test_unpublished_tournament_is_404_for_the_public(client, scorekeeper_user, make_tournament):
    tournament = make_tournament(players=8, rounds=1, published=False, name="Tournoi privé")
    url = reverse("tournament_xlsx", args=[tournament.pk])
    assert client.get(url).status_code == 404
    client.force_login(scorekeeper_user)
    workbook = read_workbook(client.get(url))
    assert workbook.sheetnames == [fr("Standings")]
    # registered players who have not played yet: listed, no score
    assert workbook.active.max_row == 10


def test_season_workbook(client, played_tournament, make_tournament):
    make_tournament(players=8, rounds=1, published=False, name="Tournoi caché")  # not counted
    season = played_tournament.season
    response = client.get(reverse("season_xlsx", args=[season.pk]))
    workbook = read_workbook(response)
    with translation.override("fr"):
        standings = season_rankings.season_standings(season)
    assert list(standings) == ["double_king"]
    assert workbook.sheetnames == [GAMES["double_king"].name("fr")]
    ws = workbook.worksheets[0]
    assert header(ws) == [
        fr("Rank"),
        fr("Player"),
        fr("Tournaments"),
        fr("Rounds"),
        fr("Place points"),
        fr("Total score"),
        fr("Best round"),
    ]
    assert_finished_sheet(ws)
    rows = list(ws.iter_rows(min_row=3, values_only=True))
    expected = standings["double_king"]
    assert len(rows) == len(expected) == 8
    for values, row in zip(rows, expected, strict=True):
        rank, name, tournaments, rounds, points, score, best = values
        assert (rank, name, tournaments, rounds, score, best) == (
            row.rank,
            row.name,
            row.tournaments,
            row.rounds,
            row.score,
            row.best_round,
        )
        assert points == pytest.approx(float(row.place_points))


def test_empty_season_gives_a_valid_workbook(client, season):
    workbook = read_workbook(client.get(reverse("season_xlsx", args=[season.pk])))
    assert workbook.sheetnames == [fr("Standings")]
    assert workbook.active.max_row == 2


def test_unknown_season_is_404(client, db):
    assert client.get(reverse("season_xlsx", args=[999999])).status_code == 404


# --------------------------------------------------------------------------- helpers


def test_sheet_titles_are_valid_and_unique():
    assert excel.sheet_title("Whist (RC « La Chevalerie »)") == "Whist (RC « La Chevalerie »)"
    assert excel.sheet_title("a/b\\c?d*e:f[g]h") == "a b c d e f g h"
    long = excel.sheet_title("x" * 40)
    assert len(long) == 31
    again = excel.sheet_title("x" * 40, [long])
    assert len(again) == 31 and again.endswith("(2)") and again != long
    assert excel.sheet_title("Ronde 1", ["RONDE 1"]) == "Ronde 1 (2)"
    assert excel.sheet_title("''") == "Sheet"


def test_points_value_keeps_whole_numbers_whole():
    assert excel.points_value(Fraction(14)) == (14, excel.INTEGER)
    value, fmt = excel.points_value(Fraction(40, 3))
    assert value == pytest.approx(13.3333333) and fmt == excel.DECIMAL
    assert excel.points_value(None) == (None, excel.INTEGER)


def test_a_wide_sheet_prints_landscape_and_a_narrow_one_portrait(client, played_tournament):
    """The standings of many rounds are wide: landscape, fitted to the page width."""
    from tournaments.models import Tournament

    Tournament.objects.filter(pk=played_tournament.pk).update(rounds=12)
    workbook = read_workbook(client.get(reverse("tournament_xlsx", args=[played_tournament.pk])))
    assert workbook.worksheets[0].page_setup.orientation == "landscape"
    assert workbook.worksheets[0]["A1"].value.startswith(played_tournament.name)
    assert workbook.worksheets[1].page_setup.orientation == "portrait"


def test_whist_workbook_speaks_of_pools(client, make_tournament):
    from tournaments.services import drawing

    tournament = make_tournament("whist", players=4)
    drawing.draw_round(tournament, seed=1)
    workbook = read_workbook(client.get(reverse("tournament_xlsx", args=[tournament.pk])))
    assert fr("Best %(round)s", round=fr("pool")) in header(workbook[fr("Standings")])
    assert f"{fr('pool').capitalize()} 1" in workbook.sheetnames
    assert not any(
        name.startswith(fr("Round %(number)d", number=1)) for name in workbook.sheetnames
    )
