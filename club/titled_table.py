"""A spreadsheet whose first row names its columns, read into one dict of text cells per line.

The imports (members, archived evenings, and later a federation's licences) accept the titles
people actually type: compared without accents, case, spaces, dots, « ° » or underscores, each
field with the titles it may go by. The file itself is read through ``spreadsheet_limits`` (its
size, rows, cells and time bounded before and while it is read).
"""

from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass
from typing import IO

from django.utils.functional import Promise
from django.utils.translation import gettext as _

from .names import name_key
from .spreadsheet_limits import ImportFileError, read_table


def column_key(title: str) -> str:
    """« N° de licence », « n_de_licence » and « N. de licence » all read « n de licence »."""
    return name_key(title.replace("°", "").replace(".", " ").replace("_", " "))


@dataclass(frozen=True)
class Columns:
    """The fields a file may have and the titles each goes by (already in ``column_key`` form);
    ``complete`` says whether the fields found are enough, ``missing`` is the message when not,
    and ``no_rows`` the message for a file with titles only."""

    titles: Mapping[str, Set[str]]
    complete: Callable[[Set[str]], bool]
    missing: str | Promise
    no_rows: str | Promise

    def find(self, header: list[str]) -> dict[str, int]:
        """Each field's column index; the first column a title names wins."""
        found: dict[str, int] = {}
        for index, title in enumerate(header):
            key = column_key(title)
            for field_name, titles in self.titles.items():
                if key in titles and field_name not in found:
                    found[field_name] = index
        if not self.complete(set(found)):
            raise ImportFileError(str(self.missing))
        return found


@dataclass(frozen=True)
class Line:
    """One line of the file below the titles: its number as a spreadsheet shows it (the titles
    are line 1) and its cells by field (a short line's missing cells are empty)."""

    number: int
    cells: dict[str, str]


def read_lines(name: str, stream: IO[bytes], columns: Columns) -> list[Line]:
    """The file's lines under its titles; raises ImportFileError (in French, naming what is
    wrong) when the file is unreadable, too large, empty, without the titles it needs or
    without a line under them."""
    table = read_table(name, stream)
    if not table:
        raise ImportFileError(_("The file is empty."))
    found = columns.find(table[0])
    if len(table) == 1:
        raise ImportFileError(str(columns.no_rows))
    return [
        Line(number, {field: raw[i] if i < len(raw) else "" for field, i in found.items()})
        for number, raw in enumerate(table[1:], start=2)
    ]
