"""The workbooks' shared primitives (openpyxl), for every app that writes one (printing,
ratings, federation): text kept text (never a formula), a sheet's valid title, a points cell's
number and format, the bytes of a workbook and its file name.

A plain helper below the models: it imports no app, so the apps that may not import each
other (``printing``, ``ratings``, ``federation``) share it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from io import BytesIO

from django.utils.text import slugify
from openpyxl import Workbook
from openpyxl.cell import Cell
from openpyxl.styles import Font

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

INTEGER = "0"
DECIMAL = "0.00"
HEADER_FONT = Font(bold=True)
TITLE_FONT = Font(bold=True, size=14)

_INVALID_SHEET_CHARS = re.compile(r"[\[\]:*?/\\]")


def sheet_title(name: str, taken: Iterable[str] = ()) -> str:
    """A valid sheet name (≤ 31 characters, no ``[]:*?/\\``, not starting or ending with ``'``)
    different from the names ``taken`` (compared case-insensitively, as Excel does)."""
    base = _INVALID_SHEET_CHARS.sub(" ", name).strip().strip("'").strip() or "Sheet"
    base = base[:31].rstrip()
    used = {t.casefold() for t in taken}
    title, n = base, 2
    while title.casefold() in used:
        suffix = f" ({n})"
        title = base[: 31 - len(suffix)].rstrip() + suffix
        n += 1
    return title


def points_value(value: Fraction | int | None) -> tuple[int | float | None, str]:
    """A place-points cell: the number and its format (whole: ``0``, shared: ``0.00``)."""
    if value is None:
        return None, INTEGER
    if not isinstance(value, Fraction):
        value = Fraction(value)
    if value.denominator == 1:
        return int(value), INTEGER
    return float(value), DECIMAL


def workbook_bytes(workbook: Workbook) -> bytes:
    buffer = BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def xlsx_filename(*parts: object) -> str:
    return (slugify(" ".join(str(p) for p in parts if p not in (None, ""))) or "atout") + ".xlsx"


def as_text(cell: Cell) -> Cell:
    """Keep a text cell text: openpyxl turns any string starting with ``=`` into a formula,
    and a player named ``=HYPERLINK(...)`` must never become a live formula."""
    if isinstance(cell.value, str):
        cell.data_type = "s"
    return cell
