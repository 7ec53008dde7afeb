"""An uploaded spreadsheet (.xlsx or .csv), read as a table of text cells within bounds.

Every import of a club (its members, its archived evenings, and any later one) reads its file
with ``read_table``: a file past one of the bounds below is refused with a French message that
names the bound (« Le fichier dépasse 5 000 lignes »), before the rest of it is read — nothing
is saved, and the page keeps its form. A hostile file is small: a few kB of .xlsx may declare
the whole grid as its size, or unzip to a 300 MB cell. So the bounds are checked in this order:

1. the upload's size (``max_bytes``), from the form (``check_upload_size``) and again here;
2. for an .xlsx, from the zip's directory (``zipfile``), before openpyxl opens it: the number
   of parts (``max_parts``), each part's unzipped size (``max_part_bytes``: the shared
   strings, which openpyxl loads whole, are a part), their sum (``max_unzipped_bytes``) and
   its ratio to the upload's size (``max_ratio``);
3. while the rows are read one by one (openpyxl's read-only mode, the sheet's declared
   dimension ignored): the rows read, empty ones included (``max_lines``), the non-empty rows
   under the header (``max_rows``), the columns that hold a value (``max_columns``), each
   cell's length (``max_cell_chars``) and the time spent since the reading began
   (``max_seconds``).

A CSV file is bounded by its size, its rows, its columns, its cells' length and the time.

Each bound is a field of ``SpreadsheetLimits``; the setting ``ATOUT_SPREADSHEET_LIMITS`` (a
dict of field names, e.g. ``{"max_rows": 2000}``) overrides the defaults for every import, and
an import may pass its own ``SpreadsheetLimits`` to ``read_table``.
"""

import csv
import dataclasses
import io
import time
import zipfile
from collections.abc import Iterable, Iterator
from typing import IO

from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from openpyxl import load_workbook

MEGABYTE = 1024 * 1024


@dataclasses.dataclass(frozen=True)
class SpreadsheetLimits:
    #: the file as uploaded (compressed, for an .xlsx)
    max_bytes: int = 2 * MEGABYTE
    #: an .xlsx: the parts in its zip
    max_parts: int = 200
    #: an .xlsx: one part unzipped (a sheet, the shared strings, the styles...)
    max_part_bytes: int = 16 * MEGABYTE
    #: an .xlsx: all its parts unzipped
    max_unzipped_bytes: int = 32 * MEGABYTE
    #: an .xlsx: its unzipped size over its size (a spreadsheet's is about 5 to 20)
    max_ratio: int = 100
    #: the non-empty rows under the header
    max_rows: int = 5000
    #: the rows read, the empty ones included (a sheet's last row may be a million rows down)
    max_lines: int = 20_000
    #: the columns holding a value
    max_columns: int = 50
    #: a cell's characters
    max_cell_chars: int = 1000
    #: the time spent reading (checked between two rows)
    max_seconds: float = 10.0


def limits() -> SpreadsheetLimits:
    """The defaults, with the setting ``ATOUT_SPREADSHEET_LIMITS``'s fields over them."""
    return SpreadsheetLimits(**getattr(settings, "ATOUT_SPREADSHEET_LIMITS", {}))


class ImportFileError(Exception):
    """The file as a whole cannot be read (format, columns, size)."""

    status = 400


class ImportTooLarge(ImportFileError):
    """Past one of the bounds: refused before the rest of it is read."""

    status = 413


def _count(value: float) -> str:
    return number_format(value, force_grouping=True)


def _whole(value: float) -> float:
    return int(value) if float(value).is_integer() else round(value, 1)


def _megabytes(size: int) -> str:
    return _count(_whole(size / MEGABYTE))


def too_large_message(bound: SpreadsheetLimits | None = None) -> str:
    """The message of a file over ``max_bytes``."""
    return _("The file is larger than %(max)s MB: split it.") % {
        "max": _megabytes((bound or limits()).max_bytes)
    }


def check_upload_size(size: int, bound: SpreadsheetLimits | None = None) -> None:
    if size > (bound or limits()).max_bytes:
        raise ImportTooLarge(too_large_message(bound))


def check_workbook_zip(data: bytes, bound: SpreadsheetLimits) -> None:
    """Refuse an .xlsx whose zip directory announces too much, before a part is unzipped.

    The sizes are the directory's: ``zipfile`` gives no more of a part than its directory
    says (and then fails its checksum), and openpyxl reads the parts through ``zipfile``.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise ImportFileError(_("The file is not a readable Excel (.xlsx) workbook.")) from error
    if len(parts) > bound.max_parts:
        raise ImportTooLarge(
            ngettext(
                "The workbook holds more than %(max)s part.",
                "The workbook holds more than %(max)s parts.",
                bound.max_parts,
            )
            % {"max": _count(bound.max_parts)}
        )
    for part in parts:
        if part.file_size > bound.max_part_bytes:
            raise ImportTooLarge(
                _("Once unzipped, the part %(part)s of the workbook is larger than %(max)s MB.")
                % {"part": part.filename[:100], "max": _megabytes(bound.max_part_bytes)}
            )
    unzipped = sum(part.file_size for part in parts)
    if unzipped > bound.max_unzipped_bytes:
        raise ImportTooLarge(
            _("Once unzipped, the workbook is larger than %(max)s MB.")
            % {"max": _megabytes(bound.max_unzipped_bytes)}
        )
    if unzipped > bound.max_ratio * max(len(data), 1):
        raise ImportTooLarge(
            _("The workbook is compressed more than %(max)s times over: such a file is refused.")
            % {"max": _count(bound.max_ratio)}
        )


class _Reading:
    """The bounds checked row by row, whatever the file's kind."""

    def __init__(self, bound: SpreadsheetLimits) -> None:
        self.bound = bound
        self.deadline = time.monotonic() + bound.max_seconds
        self.lines = 0

    def row(self, values: Iterable[str]) -> list[str]:
        """The row's cells (the columns past ``max_columns`` left out, once seen empty)."""
        bound = self.bound
        self.lines += 1
        if time.monotonic() >= self.deadline:
            raise ImportTooLarge(
                ngettext(
                    "Reading the file took more than %(max)s second: split it.",
                    "Reading the file took more than %(max)s seconds: split it.",
                    int(bound.max_seconds),
                )
                % {"max": _count(_whole(bound.max_seconds))}
            )
        if self.lines > bound.max_lines:
            raise ImportTooLarge(
                ngettext(
                    "The sheet has more than %(max)s row, empty ones included: delete the "
                    "empty rows or split the file.",
                    "The sheet has more than %(max)s rows, empty ones included: delete the "
                    "empty rows or split the file.",
                    bound.max_lines,
                )
                % {"max": _count(bound.max_lines)}
            )
        cells = list(values)
        if any(cells[bound.max_columns :]):
            raise ImportTooLarge(
                ngettext(
                    "The file has more than %(max)s column: keep only the useful ones.",
                    "The file has more than %(max)s columns: keep only the useful ones.",
                    bound.max_columns,
                )
                % {"max": _count(bound.max_columns)}
            )
        del cells[bound.max_columns :]
        for cell in cells:
            if len(cell) > bound.max_cell_chars:
                raise ImportTooLarge(
                    ngettext(
                        "Line %(line)s: a cell is longer than %(max)s character.",
                        "Line %(line)s: a cell is longer than %(max)s characters.",
                        bound.max_cell_chars,
                    )
                    % {"line": self.lines, "max": _count(bound.max_cell_chars)}
                )
        return cells

    def table(self, rows: Iterator[Iterable[str]]) -> list[list[str]]:
        """The non-empty rows, stopping as soon as there are more than the header and
        ``max_rows``."""
        table: list[list[str]] = []
        for raw in rows:
            row = self.row(raw)
            if any(row):
                if len(table) > self.bound.max_rows:
                    raise ImportTooLarge(
                        ngettext(
                            "The file has more than %(max)s row: split it.",
                            "The file has more than %(max)s rows: split it.",
                            self.bound.max_rows,
                        )
                        % {"max": _count(self.bound.max_rows)}
                    )
                table.append(row)
        return table


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _table_from_xlsx(data: bytes, reading: _Reading) -> list[list[str]]:
    check_workbook_zip(data, reading.bound)
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True, keep_links=False)
        try:
            sheet = workbook.worksheets[0]
            # The dimension the file declares is not trusted: A1:XFD1048576 would have openpyxl
            # pad every row to 16,384 cells and yield a million rows.
            sheet.reset_dimensions()
            rows = (map(_cell, row) for row in sheet.iter_rows(values_only=True))
            return reading.table(rows)
        finally:
            workbook.close()
    except ImportFileError:
        raise
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise ImportFileError(_("The file is not a readable Excel (.xlsx) workbook.")) from error


def _table_from_csv(data: bytes, reading: _Reading) -> list[list[str]]:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - cp1252 decodes almost anything
        raise ImportFileError(_("The CSV file's encoding could not be read."))
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=";,\t")
    except csv.Error:
        dialect = csv.excel
        dialect.delimiter = ";" if text.count(";") > text.count(",") else ","
    reader = csv.reader(io.StringIO(text), dialect)
    try:
        return reading.table([cell.strip() for cell in row] for row in reader)
    except csv.Error as error:  # a cell over csv's field limit, a broken quote...
        raise ImportFileError(
            _("Line %(line)d of the CSV file cannot be read: a cell is too long or malformed.")
            % {"line": reader.line_num}
        ) from error


def read_table(
    name: str, stream: IO[bytes], bound: SpreadsheetLimits | None = None
) -> list[list[str]]:
    """The file's non-empty rows as text cells (the header first); raises ``ImportTooLarge``
    past a bound, ``ImportFileError`` for a file that cannot be read."""
    bound = bound or limits()
    reading = _Reading(bound)
    data = stream.read(bound.max_bytes + 1)
    check_upload_size(len(data), bound)
    lowered = name.lower()
    if lowered.endswith(".xlsx"):
        return _table_from_xlsx(data, reading)
    if lowered.endswith(".csv"):
        return _table_from_csv(data, reading)
    raise ImportFileError(_("Unsupported file type: choose an .xlsx or .csv file."))
