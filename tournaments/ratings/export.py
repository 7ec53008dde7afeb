"""A rating list as a workbook (openpyxl): the rated players ranked, then the provisional."""

from io import BytesIO

from django.utils.text import slugify
from django.utils.translation import gettext as _
from openpyxl import Workbook

from .selectors import ListRow

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def list_workbook(
    title: str, rated: list[ListRow], provisional: list[ListRow], model: str
) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = _("Rating")[:31]
    sheet.append([title])
    sheet.append([model])
    sheet.append([])
    sheet.append([_("Rank"), _("Player"), _("Rating"), _("Tables"), _("Distinct opponents")])
    for row in rated:
        sheet.append([row.rank, row.name, row.value, row.tables, row.opponents])
    if provisional:
        sheet.append([])
        sheet.append([_("Provisional")])
        for row in provisional:
            sheet.append([None, row.name, row.value, row.tables, row.opponents])
    sheet.column_dimensions["B"].width = 28
    out = BytesIO()
    workbook.save(out)
    return out.getvalue()


def filename(*parts: object) -> str:
    return (slugify(" ".join(str(p) for p in parts if p)) or "atout") + ".xlsx"
