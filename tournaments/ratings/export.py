"""A rating list as a workbook (openpyxl): the rated players ranked, then the provisional.
Text stays text: a name typed as ``=HYPERLINK(...)`` is never a formula
(``tournaments.spreadsheets``, the house's workbooks' primitives)."""

from collections.abc import Sequence

from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.worksheet.worksheet import Worksheet

from tournaments.spreadsheets import as_text, sheet_title, workbook_bytes

from .selectors import ListRow


def list_workbook(
    title: str, rated: list[ListRow], provisional: list[ListRow], model: str
) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = sheet_title(_("Rating"))
    _text_row(sheet, [title])
    _text_row(sheet, [model])
    sheet.append([])
    _text_row(sheet, [_("Rank"), _("Player"), _("Rating"), _("Tables"), _("Distinct opponents")])
    for row in rated:
        _text_row(sheet, [row.rank, row.name, row.value, row.tables, row.opponents])
    if provisional:
        sheet.append([])
        _text_row(sheet, [_("Provisional")])
        for row in provisional:
            _text_row(sheet, [None, row.name, row.value, row.tables, row.opponents])
    sheet.column_dimensions["B"].width = 28
    return workbook_bytes(workbook)


def _text_row(sheet: Worksheet, values: Sequence[object]) -> None:
    sheet.append([as_text(WriteOnlyCell(sheet, value=value)) for value in values])
