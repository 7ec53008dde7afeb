"""Excel workbooks (openpyxl): a tournament's rounds and classification, a season's standings.

Every sheet has one header row (bold, frozen, with an autofilter) and typed cells: integers
as ``0``, place points as numbers with two decimals only when they are shared oddly.
Sheet names follow Excel's limits (31 characters, none of ``[]:*?/\\``), so the files open
cleanly in Excel and LibreOffice. The primitives every app's workbook shares (text kept
text, a sheet's title, a points cell, the file's bytes and name) are ``tournaments.spreadsheets``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext
from openpyxl import Workbook
from openpyxl.cell import Cell, WriteOnlyCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from club.formatting import best_n_label
from club.models import Season
from scoring import GAMES
from tournaments.formatting import format_points
from tournaments.games import PLUGINS
from tournaments.language import spec_name
from tournaments.models import Deal, Round, Tournament
from tournaments.selectors import (
    annual_rankings,
    classification,
    club_classification,
    round_reads,
    rulebook,
    season_rankings,
    season_totals,
)
from tournaments.selectors.accounts import MoneyReport
from tournaments.selectors.annual_rankings import AnnualRanking
from tournaments.selectors.classification import StandingRow
from tournaments.selectors.club_classification import ClubLine
from tournaments.selectors.season_rankings import SeasonRow
from tournaments.selectors.season_totals import Period
from tournaments.spreadsheets import DECIMAL as DECIMAL
from tournaments.spreadsheets import HEADER_FONT as HEADER_FONT
from tournaments.spreadsheets import INTEGER as INTEGER
from tournaments.spreadsheets import TITLE_FONT as TITLE_FONT
from tournaments.spreadsheets import XLSX_CONTENT_TYPE as XLSX_CONTENT_TYPE
from tournaments.spreadsheets import as_text as as_text
from tournaments.spreadsheets import points_value as points_value
from tournaments.spreadsheets import sheet_title as sheet_title
from tournaments.spreadsheets import workbook_bytes as workbook_bytes
from tournaments.spreadsheets import xlsx_filename as xlsx_filename

NOTE_FONT = Font(italic=True)
HEADER_FILL = PatternFill("solid", fgColor="DDDDDD")
# Column widths (in characters) an A4 portrait page holds at a readable size; wider sheets
# print landscape.
PORTRAIT_WIDTH = 110
HEADER_ALIGNMENT = Alignment(horizontal="center", vertical="center", wrap_text=True)


# --------------------------------------------------------------------------- sheet writing


class SheetWriter:
    """Collects typed rows under a header, then writes the sheet in one pass (``finish``).

    Workbooks are write-only (openpyxl streams the rows: linear in the number of cells), so
    what must precede the rows in the file (frozen header, filter, column widths, which
    depend on every value) is set once all rows are known. Text is always written as text,
    never as a formula.
    """

    def __init__(self, ws: Worksheet, headers: Sequence[str]):
        self.ws = ws
        self.widths = [len(str(h)) for h in headers]
        self.column_cells: dict[tuple[object, ...], Cell] = {}
        header = [
            self._cell(value, font=HEADER_FONT, fill=HEADER_FILL, alignment=HEADER_ALIGNMENT)
            for value in headers
        ]
        self.header = header
        self.rows: list[tuple[Sequence[object], Sequence[str | None] | None, object]] = []
        self.notes: list[object] = []

    def _cell(self, value: object, fmt: str | None = None, **style: object) -> Cell:
        """A cell with its number format and style (font, fill, alignment): for the few cells
        that are not a column's (titles, headers, notes). Text is always text."""
        cell = as_text(WriteOnlyCell(self.ws, value=value))
        if fmt is not None:
            cell.number_format = fmt
        for name, value_ in style.items():
            setattr(cell, name, value_)
        return cell

    def _column_cell(self, index: int, fmt: str | None, font: Font | None) -> Cell:
        """The column's cell of this format and font, styled once and reused down the column:
        a write-only sheet writes each appended row at once, so one cell carries every row's
        value (styling a cell is most of its cost)."""
        cell = WriteOnlyCell(self.ws)
        if fmt is not None:
            cell.number_format = fmt
        if font is not None:
            cell.font = font
        self.column_cells[(index, fmt, font)] = cell
        return cell

    def row(
        self,
        values: Sequence[object],
        formats: Sequence[str | None] | None = None,
        *,
        font: Font | None = None,
    ) -> None:
        """One row. Numbers get their format (``INTEGER`` for integers by default), text
        none; every cell gets ``font`` if given. Cells are made as the sheet is written."""
        widths = self.widths
        for index, value in enumerate(values[: len(widths)]):
            if value is not None:
                shown = f"{value:.2f}" if isinstance(value, float) else str(value)
                if len(shown) > widths[index]:
                    widths[index] = len(shown)
        self.rows.append((values, formats, font))

    def _cells(
        self,
        values: Sequence[object],
        formats: Sequence[str | None] | None,
        font: Font | None,
    ) -> list[object]:
        """A row's cells: each column's cell for the value's format (numbers: ``INTEGER`` for
        integers by default; text: none) and the row's font; an empty cell without font is
        left out. Text is always text (a value starting with "=" too)."""
        cells: list[object] = []
        column_cells = self.column_cells
        for index, value in enumerate(values):
            fmt = None
            if value is None:
                if font is None:
                    cells.append(None)
                    continue
            elif not isinstance(value, str):
                fmt = formats[index] if formats and index < len(formats) else None
                if fmt is None and isinstance(value, int) and not isinstance(value, bool):
                    fmt = INTEGER
            cell = column_cells.get((index, fmt, font)) or self._column_cell(index, fmt, font)
            cell.value = value
            if cell.data_type == "f":  # openpyxl reads text starting with "=" as a formula
                cell.data_type = "s"
            cells.append(cell)
        return cells

    def note(self, text: str) -> None:
        """A line in italics under the table (after an empty row), outside the filter."""
        self.notes = [[], [None, self._cell(text, font=NOTE_FONT)]]

    def finish(self) -> Worksheet:
        """Write the sheet: a title row (the file's title and the sheet's), the header, the
        rows, the notes; printed A4 fitted to the page width, landscape when wide, the header
        repeated at the top of every page."""
        ws = self.ws
        ws.freeze_panes = "A3"
        last_col = get_column_letter(len(self.widths))
        ws.auto_filter.ref = f"A2:{last_col}{len(self.rows) + 2}"
        widths = []
        for index, width in enumerate(self.widths, start=1):
            # room for the filter button in the header
            widths.append(min(max(width + 4, 8), 45))
            ws.column_dimensions[get_column_letter(index)].width = widths[-1]
        ws.row_dimensions[1].height = 24
        ws.row_dimensions[2].height = 30
        ws.print_title_rows = "2:2"
        ws.page_setup.paperSize = Worksheet.PAPERSIZE_A4
        ws.page_setup.orientation = "landscape" if sum(widths) > PORTRAIT_WIDTH else "portrait"
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0  # as many pages down as the rows need
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.print_options.horizontalCentered = True
        document = self.ws.parent.properties.title
        title = f"{document} — {ws.title}" if document and document != ws.title else ws.title
        ws.append([self._cell(title, font=TITLE_FONT)])
        ws.append(self.header)
        for values, formats, font in self.rows:
            ws.append(self._cells(values, formats, font))
        for row in self.notes:
            ws.append(row)
        return ws


def new_workbook(title: str) -> Workbook:
    """A write-only workbook; ``title`` heads each of its sheets (and names the file's
    properties)."""
    workbook = Workbook(write_only=True)
    workbook.properties.creator = "Atout"
    workbook.properties.title = title
    return workbook


def new_sheet(workbook: Workbook, title: str) -> Worksheet:
    """A sheet of the write-only workbook, its name valid and not yet taken."""
    sheet: Worksheet = workbook.create_sheet(
        sheet_title(title, [ws.title for ws in workbook.worksheets])
    )
    return sheet


def _round_title(number: int, round_name: str) -> str:
    """« Ronde 2 », « Poule 2 »: the game's own word for a round."""
    return f"{capfirst(round_name)} {number}"


# --------------------------------------------------------------------------- tournament


def tournament_workbook(tournament: Tournament) -> Workbook:
    """The classification (first sheet), then one sheet per round: table, seat, player, results.

    Substitutes are listed after the ranked players, without a rank, marked « substitute ».
    """
    tournament.club.activate_name_order()
    workbook = new_workbook(tournament.name)
    standings = classification.tournament_standings(tournament)
    rounds = round_reads.tournament_rounds(tournament)
    numbers = sorted({r.number for r in rounds} | set(range(1, tournament.rounds + 1)))

    plugin = PLUGINS[tournament.game]
    round_name = str(plugin.round_name)
    model = rulebook.scoring_model(tournament)
    if plugin.adds_place_points(tournament.rules or None):
        player_standings_sheet(workbook, standings, numbers, round_name, added=True, model=model)
    else:
        STANDINGS_SHEETS[plugin.lineup.unit](workbook, standings, numbers, round_name, model=model)
    if club_classification.has_club_classification(tournament):
        lines = club_classification.club_classification(tournament, standings)
        club_classification_sheet(workbook, lines)
    _round_sheets(workbook, rounds, round_name)
    _contract_sheet(workbook, tournament, rounds, round_name)
    return workbook


def _contract_sheet(
    workbook: Workbook, tournament: Tournament, rounds: Sequence[Round], round_name: str
) -> None:
    """A game of contracts (whist): every deal played, its contract in the club's own words
    (its ruleset's names in the workbook's language), declarers and tricks. Other games'
    sheets hold no contract: no sheet."""
    plugin = PLUGINS[tournament.game]
    rules = tournament.rules or None
    tables = {table.pk: (round_, table) for round_ in rounds for table in round_.tables.all()}
    lines = []
    for deal in Deal.objects.filter(table__in=list(tables)).order_by("table_id", "number"):
        round_, table = tables[deal.table_id]
        record = deal.record if isinstance(deal.record, dict) else {}
        names = [seat.name for seat in sorted(table.seats.all(), key=lambda s: s.position)]
        cells = plugin.sheet_cells(record, names, rules)
        if "contract" not in cells:
            return
        lines.append((round_.number, table.number, deal.number, cells))
    if not lines:
        return
    headers = [capfirst(round_name), _("Table"), _("Deal"), _("Contract"), _("Declarers")]
    writer = SheetWriter(new_sheet(workbook, _("Deals")), [*headers, _("Tricks")])
    for round_number, table_number, deal_number, cells in sorted(lines, key=lambda line: line[:3]):
        tricks = cells["renege"] or cells["tricks"]
        writer.row(
            [
                round_number,
                table_number,
                deal_number,
                cells["contract"],
                cells["declarers"],
                tricks,
            ],
            [INTEGER, INTEGER, INTEGER, None, None, None],
        )
    writer.finish()


def club_classification_sheet(workbook: Workbook, lines: Sequence[ClubLine]) -> None:
    """The club classification: each club's place, the sum of its best players' results, the
    players counted (with their results) and, for a club short of players, how many it had."""
    headers = [_("Rank"), _("Club"), _("Points"), _("Players counted"), _("Note")]
    writer = SheetWriter(new_sheet(workbook, _("Club classification")), headers)
    for line in lines:
        total, fmt = points_value(line.total)
        counted = ", ".join(
            f"{player.name} ({format_points(player.result)})" for player in line.counted
        )
        note = None
        if not line.complete:
            note = ngettext(
                "%(count)d player only", "%(count)d players only", len(line.players)
            ) % {"count": len(line.players)}
        writer.row([line.place, line.name, total, counted, note], [INTEGER, None, fmt, None, None])
    writer.finish()


#: A standings column whose value is place points or matches won: whole, or shared (a half).
POINTS = "points"


def player_standings_sheet(
    workbook: Workbook,
    standings: Sequence[StandingRow],
    numbers: Sequence[int],
    round_name: str,
    *,
    added: bool = False,
    model: str | None = None,
) -> None:
    """Individual games: place points, total score (``added``: and the total with the place
    points, which ranks), best round, each round's score; ``model``: the scoring model that
    counted, in a note under the table."""
    columns = [
        (_("Player"), "name", None),
        (_("Place points"), "place_points", POINTS),
        (_("Total score"), "score", INTEGER),
        *([(_("Total with place points"), "total", POINTS)] if added else []),
        (_("Best %(round)s") % {"round": round_name}, "best_round", INTEGER),
    ]
    _standings_sheet(workbook, standings, numbers, round_name, columns, note=True, model=model)


def team_standings_sheet(
    workbook: Workbook,
    standings: Sequence[StandingRow],
    numbers: Sequence[int],
    round_name: str,
    *,
    model: str | None = None,
) -> None:
    """Team games: matches won (a draw counts a half), points scored, against, difference."""
    columns = [
        (_("Team"), "name", None),
        (_("Players"), "players", None),
        (_("Matches won"), "wins", POINTS),
        (_("Points scored"), "score", INTEGER),
        (_("Points against"), "against", INTEGER),
        (_("Difference"), "difference", INTEGER),
    ]
    _standings_sheet(workbook, standings, numbers, round_name, columns, note=False, model=model)


def _standings_sheet(
    workbook: Workbook,
    standings: Sequence[StandingRow],
    numbers: Sequence[int],
    round_name: str,
    columns: Sequence[tuple[str, str, str | None]],
    *,
    note: bool,
    model: str | None = None,
) -> None:
    """Rank, ``columns`` (heading, attribute of the standings row, format: ``POINTS`` for
    place points or matches won), each round's score, then with ``note`` the substitutes'
    and withdrawals' note (a substitute's line in the note font)."""
    headers = [_("Rank"), *(heading for heading, _a, _f in columns)]
    headers += [_round_title(n, round_name) for n in numbers]
    if note:
        headers.append(_("Note"))
    writer = SheetWriter(new_sheet(workbook, _("Standings")), headers)
    for row in standings:
        values: list[object] = [row.rank]
        formats: list[str | None] = [INTEGER]
        for _heading, attribute, fmt in columns:
            value = getattr(row, attribute)
            if fmt == POINTS:
                value, fmt = points_value(value)
            values.append(value)
            formats.append(fmt)
        cells = [row.rounds.get(n) for n in numbers]
        values += [c.score if c else None for c in cells]
        formats += [INTEGER] * len(cells)
        font = None
        if note:
            flags = ((row.substitute, _("substitute")), (row.withdrawn, _("withdrawn")))
            notes = [text for flag, text in flags if flag]
            values.append(", ".join(str(n) for n in notes) or None)
            formats.append(None)
            font = NOTE_FONT if row.substitute else None
        writer.row(values, formats, font=font)
    if model:
        writer.note(model)
    writer.finish()


def _round_sheets(workbook: Workbook, rounds: Sequence[Round], round_name: str) -> None:
    for round_ in rounds:
        ws = new_sheet(workbook, _round_title(round_.number, round_name))
        writer = SheetWriter(
            ws, [_("Table"), _("seat").capitalize(), _("Player"), _("Score"), _("Place points")]
        )
        for table in round_.tables.all():
            for seat in table.seats.all():
                name = seat.entry.player.full_name if seat.entry is not None else str(seat.team)
                points, points_format = (
                    points_value(seat.place_points) if table.complete else (None, INTEGER)
                )
                played = table.complete or table.version > 0
                writer.row(
                    [
                        table.number,
                        seat.position + 1,
                        name,
                        seat.score if played else None,
                        points,
                    ],
                    [INTEGER, INTEGER, None, INTEGER, points_format],
                )
        writer.finish()


# --------------------------------------------------------------------------- season


def game_name(game: str) -> str:
    return spec_name(GAMES[game])


#: A trailing « (…) » of a game's name: the ruleset it follows (« (RC « La Chevalerie ») »).
_RULESET = re.compile(r"\s*\(.*\)\s*$")


def sheet_game_name(game: str) -> str:
    """A game's name for a sheet's tab, in the workbook's language: the game's own word
    (« Kleurenwiezen »), without the ruleset its full name adds, so that the tab keeps its
    31 characters for the name and the period."""
    name = game_name(game)
    return _RULESET.sub("", name) or name


def season_workbook(season: Season, period: Period | None = None) -> Workbook:
    """One sheet per game played in the season's published tournaments, players ranked (with
    the evenings each played where the club set an attendance threshold); with a ``period``,
    first one sheet per game of its ranking (« Whist — mars 2026 »)."""
    season.club.activate_name_order()
    workbook = new_workbook(str(season))
    games = season_rankings.season_games(season)
    if not games:
        player_season_sheet(workbook, [], _("Standings"))
    if period is not None:
        _season_sheets(workbook, season, games, period)
    _season_sheets(workbook, season, games, None)
    return workbook


def _season_sheets(
    workbook: Workbook, season: Season, games: Sequence[str], period: Period | None
) -> None:
    annual = [g for g in games if PLUGINS[g].annual_ranking]
    others = [g for g in games if g not in annual]
    standings = season_rankings.season_standings(season, others, period=period)
    threshold = None if period else season.attendance_threshold
    evenings = season_totals.attendance(season) if threshold else {}
    for game in games:
        # The period first: a sheet's name keeps 31 characters.
        name = sheet_game_name(game)
        title = name if period is None else f"{period.label} — {name}"
        if game in annual:
            ranking = annual_rankings.annual_ranking(season, game, period=period)
            if ranking.tournaments:
                annual_sheet(workbook, ranking, title, evenings, threshold)
        elif game in standings:
            SEASON_SHEETS[PLUGINS[game].lineup.unit](workbook, standings[game], title, threshold)


def player_season_sheet(
    workbook: Workbook, rows: Sequence[SeasonRow], title: str, threshold: int | None = None
) -> None:
    """An individual game's season: place points, total score (and the total with the place
    points where a tournament added them), best round."""
    columns = [(_("Place points"), "place_points"), (_("Total score"), "score")]
    if any(row.added for row in rows):
        columns.append((_("Total with place points"), "total"))
    columns.append((_("Best round"), "best_round"))
    _season_sheet(workbook, rows, title, columns, threshold)


def team_season_sheet(
    workbook: Workbook, rows: Sequence[SeasonRow], title: str, threshold: int | None = None
) -> None:
    """A team game's season: each player credited with his teams' matches."""
    columns = ((_("Matches won"), "wins"), (_("Total score"), "score"))
    _season_sheet(workbook, rows, title, (*columns, (_("Difference"), "difference")), threshold)


def attendance_cells(evenings: int, threshold: int) -> list[object]:
    """« Soirées » and « Seuil atteint » cells: the evenings played, then « oui » or « non »."""
    return [evenings, _("yes") if evenings >= threshold else _("no")]


def attendance_headers(threshold: int) -> list[str]:
    return [
        _("Evenings"),
        _("Threshold reached (%(count)d evenings)") % {"count": threshold},
    ]


def _season_sheet(
    workbook: Workbook,
    rows: Sequence[SeasonRow],
    title: str,
    columns: Sequence[tuple[str, str]],
    threshold: int | None = None,
) -> None:
    """Rank, player, tournaments, rounds, then ``columns`` (heading, ``SeasonRow``
    attribute: integers, or fractions for shared place points, drawn matches and the totals
    with place points), then with a ``threshold`` the evenings played against it."""
    headers = [_("Rank"), _("Player"), _("Tournaments"), _("Rounds")]
    headers += [heading for heading, _a in columns]
    if threshold:
        headers += attendance_headers(threshold)
    writer = SheetWriter(new_sheet(workbook, title), headers)
    for row in rows:
        values: list[object] = [row.rank, row.name, row.tournaments, row.rounds]
        formats: list[str | None] = [INTEGER, None, INTEGER, INTEGER]
        for _heading, attribute in columns:
            value, value_format = points_value(getattr(row, attribute))
            values.append(value)
            formats.append(value_format)
        if threshold:
            values += attendance_cells(row.evenings or 0, threshold)
            formats += [INTEGER, None]
        writer.row(values, formats)
    writer.finish()


#: Lazy: read when a sheet is written, in its language (not the one the module was loaded in).
RULE_NAMES = {
    "sum_points": gettext_lazy("sum of the tournament points"),
    "sum_place_points": gettext_lazy("sum of the place points"),
    "best_n": gettext_lazy("best N tournaments"),
}


def annual_sheet(
    workbook: Workbook,
    ranking: AnnualRanking,
    title: str,
    evenings: dict[int, int] | None = None,
    threshold: int | None = None,
) -> Worksheet:
    """The yearly ranking the committee sends around: rank, player, the totals (the points
    with the place points where a tournament added them), then for each tournament the
    player's points and place; with a ``threshold``, the evenings each played (``evenings``,
    per player) against it."""
    headers = [
        _("Rank"),
        _("Player"),
        _("Tournaments"),
        _("Total with place points") if ranking.added else _("Points"),
        _("Place points"),
        best_n_label(ranking.best_n),
    ]
    for t in ranking.tournaments:
        headers += [
            f"{t.date.strftime('%d/%m')} {_('points')}",
            f"{t.date.strftime('%d/%m')} {pgettext('annual ranking column', 'place')}",
        ]
    if threshold:
        headers += attendance_headers(threshold)
    ws = new_sheet(workbook, title)
    writer = SheetWriter(ws, headers)
    pks = [t.pk for t in ranking.tournaments]
    for row in ranking.rows:
        cells: list[object] = [row.rank, row.name, row.tournaments]
        formats: list[str | None] = [INTEGER, None, INTEGER]
        for value in (row.points, row.place_points, row.best_n_points):
            number, number_format = points_value(value)
            cells.append(number)
            formats.append(number_format)
        results = row.results
        for pk in pks:
            result = results.get(pk)
            number, number_format = points_value(result[0] if result else None)
            cells += (number, result[1] if result else None)
            formats += [number_format, INTEGER]
        if threshold:
            cells += attendance_cells((evenings or {}).get(row.player_id, 0), threshold)
            formats += [INTEGER, None]
        writer.row(cells, formats)
    rule = str(RULE_NAMES.get(ranking.rule, ranking.rule))
    if ranking.rule == "best_n":
        rule = best_n_label(ranking.best_n).lower()
    if ranking.period is not None:
        rule = _("%(rule)s, evenings %(period)s") % {"rule": rule, "period": ranking.period.label}
    writer.note(_("Ranking rule: %(rule)s") % {"rule": rule})
    return writer.finish()


class StandingsSheet(Protocol):
    """A tournament's standings sheet, of players or of teams."""

    def __call__(
        self,
        workbook: Workbook,
        standings: Sequence[StandingRow],
        numbers: Sequence[int],
        round_name: str,
        *,
        model: str | None = None,
    ) -> None: ...


#: Each lineup's sheets, by its ``unit``: players or teams.
STANDINGS_SHEETS: dict[str, StandingsSheet] = {
    "entry": player_standings_sheet,
    "team": team_standings_sheet,
}
SEASON_SHEETS: dict[str, Callable[[Workbook, Sequence[SeasonRow], str, int | None], None]] = {
    "entry": player_season_sheet,
    "team": team_season_sheet,
}


def money_workbook(report: MoneyReport) -> Workbook:
    """The season's money: entry fees per tournament, then the memberships."""
    workbook = new_workbook(str(report.season))
    writer = SheetWriter(
        new_sheet(workbook, _("Entry fees")),
        [_("Date"), _("Tournament"), _("Players"), _("Paid"), _("Fee"), _("Collected")],
    )
    money = "#,##0.00"
    for line in report.lines:
        writer.row(
            [
                line.tournament.date,
                line.tournament.name,
                line.entries,
                line.paid,
                float(line.tournament.entry_fee),
                float(line.collected),
            ],
            ["DD/MM/YYYY", None, INTEGER, INTEGER, money, money],
        )
    writer.row(
        [None, _("Total"), None, None, None, float(report.entry_fees)],
        [None, None, None, None, None, money],
        font=HEADER_FONT,
    )
    writer.finish()
    writer = SheetWriter(
        new_sheet(workbook, _("Memberships")), [_("Player"), _("Participations"), _("Paid")]
    )
    for _pid, name, count in report.unpaid:
        writer.row([name, count, _("no")], [None, INTEGER, None])
    writer.row([_("Due"), report.memberships_due, None], [None, INTEGER, None], font=HEADER_FONT)
    writer.row(
        [_("Paid"), report.memberships_paid, float(report.membership_amount)],
        [None, INTEGER, money],
        font=HEADER_FONT,
    )
    writer.finish()
    return workbook
