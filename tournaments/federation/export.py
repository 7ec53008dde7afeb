"""The federation's public pages as workbooks (openpyxl): the players' ranking, the clubs'
ranking, the counted tournaments, a player's results. The names are the pages' (public);
licence numbers are never written. Text stays text: a name typed as ``=HYPERLINK(...)`` is
never a formula (as the house's workbooks, ``printing.excel.as_text``)."""

from collections.abc import Sequence
from fractions import Fraction
from io import BytesIO

from django.utils.text import slugify
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font

from .ranking import ClubRankingLine, CountedLine, PlayerTournament, RankingLine

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
HEADER_FONT = Font(bold=True)
DECIMAL = "0.00"


def number(value: Fraction | int) -> int | float:
    """A cell's number: whole, or a float only for a shared place's fraction."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def _workbook(
    title: str, heading: str, headers: Sequence[str], rows: Sequence[Sequence[object]]
) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = (title.translate(str.maketrans("[]:*?/\\", "       ")).strip() or "Atout")[:31]
    sheet.append([heading])
    sheet["A1"].font = Font(bold=True, size=14)
    sheet["A1"].data_type = "s"  # a federation's or a player's name: text, never a formula
    sheet.append(list(headers))
    for cell in sheet[2]:
        cell.font = HEADER_FONT
        cell.data_type = "s"
    for values in rows:
        sheet.append([number(v) if isinstance(v, Fraction) else v for v in values])
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # text, never a formula
            elif isinstance(cell.value, float):
                cell.number_format = DECIMAL
    sheet.freeze_panes = "A3"
    sheet.column_dimensions["B"].width = 30
    out = BytesIO()
    workbook.save(out)
    return out.getvalue()


def ranking_workbook(heading: str, lines: Sequence[RankingLine]) -> bytes:
    headers = [_("Place"), _("Player"), _("Points"), _("Tournaments"), _("Counted")]
    rows = [[line.place, line.player.name, line.total, line.played, line.counted] for line in lines]
    return _workbook(_("Ranking"), heading, headers, rows)


def club_ranking_workbook(heading: str, lines: Sequence[ClubRankingLine], wins: bool) -> bytes:
    if wins:
        headers = [_("Place"), _("Club"), _("Win percentage"), _("Matches won"), _("Matches")]
        rows = [[line.place, line.club, line.value * 100, line.won, line.played] for line in lines]
    else:
        headers = [_("Place"), _("Club"), _("Points"), _("Players counted")]
        rows = [[line.place, line.club, line.value, line.players] for line in lines]
    return _workbook(_("Clubs"), heading, headers, rows)


def counted_workbook(heading: str, lines: Sequence[CountedLine], games: dict[str, str]) -> bytes:
    headers = [_("Date"), _("Club"), _("Tournament"), _("Game"), _("Players")]
    rows = [
        [line.on, line.club, line.name, games.get(line.game, line.game), line.players]
        for line in lines
    ]
    return _workbook(_("Tournaments"), heading, headers, rows)


def player_workbook(
    heading: str, lines: Sequence[PlayerTournament], games: dict[str, str]
) -> bytes:
    headers = [
        _("Date"),
        _("Club"),
        _("Tournament"),
        _("Game"),
        _("Season"),
        _("Place"),
        _("Entries"),
        _("Points"),
    ]
    rows = [
        [
            line.on,
            line.club,
            line.name,
            games.get(line.game, line.game),
            line.season,
            line.place,
            line.entries,
            line.points if line.counts else None,
        ]
        for line in lines
    ]
    return _workbook(_("Results"), heading, headers, rows)


def filename(*parts: object) -> str:
    return (slugify(" ".join(str(p) for p in parts if p)) or "atout") + ".xlsx"
