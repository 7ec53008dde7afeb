"""Hostile .xlsx files, built with ``zipfile`` alone (issue 32 §2): what a spreadsheet
program would never write, but a browser may send. Shared by the tests and
``bench/hostile_spreadsheets.py``.

- ``whole_grid``: a few kB whose ``<dimension>`` declares the whole grid (A1:XFD1048576), with
  a header, one row under it, and, as ``far``, a last row or column at the grid's end — or
  ``many``: a hundred thousand rows, each the same (a zip squeezes them to a few kB);
- ``huge_shared_string``: about 300 kB holding one shared string of 300 MB (a zip compresses
  a repeated character about a thousand times), written in chunks: never held whole here.
"""

import io
import zipfile
from collections.abc import Iterable
from xml.sax.saxutils import escape

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CT = "http://schemas.openxmlformats.org/package/2006/content-types"
SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
BOOK_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
SST_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"


def _column(index: int) -> str:
    """1 → A, 16384 → XFD."""
    letters = ""
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _cell(row: int, column: int, value: object) -> str:
    ref = f"{_column(column)}{row}"
    if isinstance(value, int):
        return f'<c r="{ref}"><v>{value}</v></c>'
    if isinstance(value, tuple):  # ("s", index): a shared string
        return f'<c r="{ref}" t="s"><v>{value[1]}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{escape(str(value))}</t></is></c>'


def _row(number: int, values: Iterable[object], first_column: int = 1) -> str:
    cells = "".join(_cell(number, first_column + i, v) for i, v in enumerate(values))
    return f'<row r="{number}">{cells}</row>'


def _package(zf: zipfile.ZipFile, shared_strings: bool) -> None:
    sst_type = (
        f'<Override PartName="/xl/sharedStrings.xml" ContentType="{SST_TYPE}"/>'
        if shared_strings
        else ""
    )
    zf.writestr(
        "[Content_Types].xml",
        f'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="{CT}">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{BOOK_TYPE}"/>'
        f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{SHEET_TYPE}"/>'
        f"{sst_type}</Types>",
    )
    zf.writestr(
        "_rels/.rels",
        f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}">'
        f'<Relationship Id="rId1" Type="{DOC_RELS}/officeDocument" Target="xl/workbook.xml"/>'
        "</Relationships>",
    )
    zf.writestr(
        "xl/workbook.xml",
        f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" '
        f'xmlns:r="{DOC_RELS}"><sheets><sheet name="Feuil1" sheetId="1" r:id="rId1"/>'
        "</sheets></workbook>",
    )
    sst_rel = (
        f'<Relationship Id="rId2" Type="{DOC_RELS}/sharedStrings" Target="sharedStrings.xml"/>'
        if shared_strings
        else ""
    )
    zf.writestr(
        "xl/_rels/workbook.xml.rels",
        f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}">'
        f'<Relationship Id="rId1" Type="{DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>'
        f"{sst_rel}</Relationships>",
    )


def _sheet(rows: str, dimension: str = "A1:XFD1048576") -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}">'
        f'<dimension ref="{dimension}"/><sheetData>{rows}</sheetData></worksheet>'
    )


def workbook(rows: list[list[object]], dimension: str = "A1:XFD1048576") -> bytes:
    """An honest grid of ``rows`` (inline strings and numbers) under a declared dimension."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        _package(zf, shared_strings=False)
        body = "".join(_row(n, values) for n, values in enumerate(rows, start=1))
        zf.writestr("xl/worksheets/sheet1.xml", _sheet(body, dimension))
    return buffer.getvalue()


def whole_grid(header: list[object], row: list[object], far: str) -> bytes:
    """A few kB declaring A1:XFD1048576: ``far`` is "row" (a cell in the grid's last row),
    "column" (a cell in the last column, XFD, of row 3), "none" (the header and the row only:
    an honest file under a lying dimension) or "many" (100,000 rows after those)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        _package(zf, shared_strings=False)
        rows = _row(1, header) + _row(2, row)
        if far == "row":
            rows += _row(1_048_576, ["x"])
        elif far == "column":
            rows += _row(3, ["x"], first_column=16_384)
        elif far == "many":
            rows += '<row><c t="inlineStr"><is><t>x</t></is></c></row>' * 100_000
        zf.writestr("xl/worksheets/sheet1.xml", _sheet(rows))
    return buffer.getvalue()


def huge_shared_string(header: list[object], size: int = 300_000_000) -> bytes:
    """About 300 kB: the header in inline strings, then a cell of the one shared string, of
    ``size`` characters."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        _package(zf, shared_strings=True)
        with zf.open("xl/sharedStrings.xml", "w", force_zip64=True) as part:
            part.write(
                f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}" count="1" '
                'uniqueCount="1"><si><t>'.encode()
            )
            chunk = b"A" * (1 << 20)
            left = size
            while left > 0:
                part.write(chunk[: min(left, len(chunk))])
                left -= len(chunk)
            part.write(b"</t></si></sst>")
        body = _row(1, header) + _row(2, [("s", 0)] * len(header))
        zf.writestr("xl/worksheets/sheet1.xml", _sheet(body, "A1:D2"))
    return buffer.getvalue()
