"""Reading a federation's licence list from an .xlsx or .csv file, row by row, with French
errors (issue 35 §2). Nothing here writes: ``read_licences`` returns the rows with their
errors, ``services.import_licences`` saves them once confirmed, in one transaction.

The file is read through ``club.titled_table`` (titles as people type them) and so through
``club.spreadsheet_limits`` (bounded before and while it is read). Its columns: licence
number, last name, first name, club (a member club of the federation, by its name or its
address), valid from, valid until, and optionally the status (valid unless « suspendue »).
A number already in the federation's list updates that licence; one twice in the file, a
club the federation does not have, a date that is not one or a licence that ends before it
starts are errors of their row.
"""

import datetime
import re
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import IO

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.names import name_key
from club.titled_table import Columns, column_key, read_lines
from club.validators import plain_name_error
from tournaments.services.archive import parse_date

from .models import Federation, Licence
from .selectors import member_clubs


def _titles(*titles: str) -> set[str]:
    return {column_key(title) for title in titles}


REQUIRED = ("number", "last_name", "first_name", "club", "valid_from", "valid_until")

COLUMNS = Columns(
    titles={
        "number": _titles(
            "Licence",
            "N° de licence",
            "Numéro de licence",
            "Licence number",
            "License",
            "Licentie",
            "Licentienummer",
        ),
        "last_name": _titles("Nom", "Nom de famille", "Last name", "Surname", "Naam", "Achternaam"),
        "first_name": _titles("Prénom", "First name", "Voornaam"),
        "club": _titles("Club"),
        "valid_from": _titles("Valable du", "Valide du", "Début", "Valid from", "Geldig vanaf"),
        "valid_until": _titles(
            "Valable jusqu’au", "Valide jusqu’au", "Fin", "Valid until", "Geldig tot"
        ),
        "status": _titles("Statut", "Status", "État"),
    },
    complete=lambda found: set(REQUIRED) <= found,
    missing=gettext_lazy(
        "The first row must name the columns: “Licence”, “Nom”, “Prénom”, “Club”, “Valable du” "
        "and “Valable jusqu’au” are required, “Statut” is optional."
    ),
    no_rows=gettext_lazy("The file has column titles but no licence."),
)

#: A licence number: letters, digits, and . / - inside, 1 to 30 characters.
NUMBER = re.compile(r"[0-9A-Za-z](?:[0-9A-Za-z./ -]{0,28}[0-9A-Za-z])?")
STATUSES = {
    **dict.fromkeys(("", "valide", "valid", "geldig", "active", "actief"), Licence.Status.VALID),
    **dict.fromkeys(("suspendue", "suspendu", "suspended", "geschorst"), Licence.Status.SUSPENDED),
}
NAME_LIMIT = 80
#: A list of thousands of licences repeats a few dates: each text is parsed once (a row is
#: checked at the preview, at the confirmation and in the service's transaction).
_date = lru_cache(maxsize=512)(parse_date)


@lru_cache(maxsize=64)
def _state(text: str) -> str:
    return STATUSES.get(name_key(text), "")


# The error messages name the columns by their French titles, as the file's columns go.
# Thousands of rows: a message is translated only for a row that has that error.
MISSING_LAST_NAME = gettext_lazy("the last name (“Nom”) is missing")
MISSING_FIRST_NAME = gettext_lazy("the first name (“Prénom”) is missing")


@dataclass
class LicenceRow:
    """One line of the file: its cells as typed, the club found, its errors, and the stored
    licence of that number it updates (if any)."""

    line: int
    number: str = ""
    last_name: str = ""
    first_name: str = ""
    club: str = ""
    valid_from: str = ""
    valid_until: str = ""
    status: str = ""
    club_id: int | None = None
    club_name: str = ""
    existing_id: int | None = None
    errors: list[str] = field(default_factory=list)

    @property
    def is_valid(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, object]:
        # Its fields are plain values but the errors' list: a shallow copy is enough.
        values = {name: getattr(self, name) for name in _ROW_FIELDS}
        values["errors"] = list(self.errors)
        return values

    @property
    def start(self) -> datetime.date | None:
        return _date(self.valid_from)

    @property
    def end(self) -> datetime.date | None:
        return _date(self.valid_until)

    @property
    def state(self) -> str:
        return _state(self.status)


_ROW_FIELDS = tuple(item.name for item in fields(LicenceRow))


def read_licences(federation: Federation, name: str, stream: IO[bytes]) -> list[LicenceRow]:
    """The file's rows with their errors; raises ImportFileError if the file is unusable."""
    rows = []
    for line in read_lines(name, stream, COLUMNS):
        cells = {key: value.strip() for key, value in line.cells.items()}
        rows.append(
            LicenceRow(
                line=line.number,
                number=cells.get("number", ""),
                last_name=cells.get("last_name", ""),
                first_name=cells.get("first_name", ""),
                club=cells.get("club", ""),
                valid_from=cells.get("valid_from", ""),
                valid_until=cells.get("valid_until", ""),
                status=cells.get("status", ""),
            )
        )
    return check_rows(federation, rows)


def rows_from_dicts(data: list[dict[str, object]]) -> list[LicenceRow]:
    # What ``to_dict`` kept in the session: each field's own value under its name.
    return [LicenceRow(**item) for item in data]  # type: ignore[arg-type]


def check_rows(federation: Federation, rows: list[LicenceRow]) -> list[LicenceRow]:
    """Fill each row's errors against the file itself and the federation as it is now (its
    member clubs, its stored licences). Run again at the confirmation."""
    clubs: dict[str, tuple[int, str]] = {}
    for club in member_clubs(federation).only("pk", "name", "slug"):
        clubs[name_key(club.name)] = (club.pk, club.name)
        clubs[name_key(club.slug)] = (club.pk, club.name)
    stored = dict(Licence.objects.filter(federation=federation).values_list("number", "pk"))
    seen: dict[str, int] = {}
    by_text: dict[str, tuple[int, str] | None] = {}  # a few clubs, thousands of rows
    for row in rows:
        row.errors = _cell_errors(row)
        if row.club and row.club not in by_text:
            by_text[row.club] = clubs.get(name_key(row.club))
        found = by_text.get(row.club)
        row.club_id, row.club_name = found if found else (None, "")
        if row.club and found is None:
            row.errors.append(
                _("the club “%(club)s” is not a member of the federation") % {"club": row.club}
            )
        row.existing_id = stored.get(row.number)
        if row.number in seen:
            row.errors.append(
                _("licence number already on line %(line)d") % {"line": seen[row.number]}
            )
        elif row.number:
            seen[row.number] = row.line
    return rows


def _cell_errors(row: LicenceRow) -> list[str]:
    errors: list[str] = []
    if not row.number:
        errors.append(_("the licence number (“Licence”) is missing"))
    elif not NUMBER.fullmatch(row.number):
        errors.append(
            _(
                "the licence number “%(number)s” is not valid: 1 to 30 letters, digits, dots, "
                "slashes or hyphens"
            )
            % {"number": row.number}
        )
    for value, label, missing in (
        (row.last_name, "Nom", MISSING_LAST_NAME),
        (row.first_name, "Prénom", MISSING_FIRST_NAME),
    ):
        if not value:
            errors.append(str(missing))
            continue
        message = plain_name_error(label, value)
        if message:
            errors.append(message)
        if len(value) > NAME_LIMIT:
            errors.append(
                _("the field “%(field)s” is longer than %(max)d characters")
                % {"field": label, "max": NAME_LIMIT}
            )
    if not row.club:
        errors.append(_("the club (“Club”) is missing"))
    errors += _date_errors(row)
    if not row.state:
        errors.append(
            _("the status “%(status)s” is not known: “valide” or “suspendue”")
            % {"status": row.status}
        )
    return errors


def _date_errors(row: LicenceRow) -> list[str]:
    errors: list[str] = []
    for text, label in (
        (row.valid_from, "Valable du"),
        (row.valid_until, "Valable jusqu’au"),
    ):
        if not text:
            errors.append(_("the date “%(field)s” is missing") % {"field": label})
        elif _date(text) is None:
            errors.append(
                _("“%(field)s”: “%(date)s” is not a date (e.g. 31/01/2026)")
                % {"field": label, "date": text}
            )
    start, end = row.start, row.end
    if start is not None and end is not None and end < start:
        errors.append(
            _("the licence ends on %(end)s, before it starts on %(start)s")
            % {
                "end": date_format(end, "SHORT_DATE_FORMAT"),
                "start": date_format(start, "SHORT_DATE_FORMAT"),
            }
        )
    return errors
