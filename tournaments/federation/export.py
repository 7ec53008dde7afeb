"""The federation's public pages as workbooks (openpyxl): the players' ranking, the clubs'
ranking, the counted tournaments, a player's results. The names are the pages' (public);
licence numbers are never written. Text stays text: a name typed as ``=HYPERLINK(...)`` is
never a formula (``tournaments.spreadsheets``, the house's workbooks' primitives)."""

from collections.abc import Sequence
from fractions import Fraction

from django.utils.translation import gettext as _
from openpyxl import Workbook

from tournaments.ratings.selectors import ListRow
from tournaments.spreadsheets import (
    DECIMAL,
    HEADER_FONT,
    TITLE_FONT,
    as_text,
    points_value,
    sheet_title,
    workbook_bytes,
)

from .ranking import ClubRankingLine, CountedLine, PlayerTournament, RankingLine


def _workbook(
    title: str, heading: str, headers: Sequence[str], rows: Sequence[Sequence[object]]
) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = sheet_title(title)
    sheet.append([heading])
    sheet["A1"].font = TITLE_FONT
    sheet["A1"].data_type = "s"  # a federation's or a player's name: text, never a formula
    sheet.append(list(headers))
    for cell in sheet[2]:
        cell.font = HEADER_FONT
        cell.data_type = "s"
    for values in rows:
        # A whole number, or a float only for a shared place's fraction.
        sheet.append([points_value(v)[0] if isinstance(v, Fraction) else v for v in values])
        for cell in sheet[sheet.max_row]:
            as_text(cell)
            if isinstance(cell.value, float):
                cell.number_format = DECIMAL
    sheet.freeze_panes = "A3"
    sheet.column_dimensions["B"].width = 30
    return workbook_bytes(workbook)


def rating_workbook(
    heading: str, rated: Sequence[ListRow], provisional: Sequence[ListRow], model: str
) -> bytes:
    """The rating list: the rated players ranked, then the provisional (no rank)."""
    headers = [_("Rank"), _("Player"), _("Rating"), _("Tables"), _("Distinct opponents"), ""]
    rows: list[list[object]] = [
        [row.rank, row.name, row.value, row.tables, row.opponents, ""] for row in rated
    ]
    rows += [
        [None, row.name, row.value, row.tables, row.opponents, _("Provisional")]
        for row in provisional
    ]
    rows.append([])
    rows.append([model])
    return _workbook(_("Rating"), heading, headers, rows)


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
