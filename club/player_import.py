"""Reading a list of players from an .xlsx or .csv file, row by row, with French errors.

Nothing here writes to the database: ``read_players`` returns the rows with their errors,
and ``club.services.import_players`` saves the valid ones in one transaction.
"""

from dataclasses import asdict, dataclass, field
from typing import IO

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db.models import Field
from django.dispatch import Signal
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .models import Club, Player
from .names import person_key
from .spreadsheet_limits import ImportFileError as ImportFileError
from .spreadsheet_limits import ImportTooLarge as ImportTooLarge
from .titled_table import Columns, read_lines
from .validators import plain_name_error

#: The holders of licence numbers the site did not issue (a federation's, issue 35 §2), so
#: that a member typed with one is that same person: ``club``, ``numbers``; a receiver answers
#: with ``{number: Player}`` (his clubs prefetched). Sent while the rows are checked.
licence_holders = Signal()

#: The titles a person's columns go by in every import (as ``titled_table.column_key`` reads
#: them).
PERSON_TITLES = {
    "last_name": {"nom", "last name", "lastname", "nom de famille", "surname"},
    "first_name": {"prenom", "first name", "firstname"},
    "licence_number": {"licence", "numero de licence", "licence number", "license", "n de licence"},
}

#: The columns a members' file may have; « Nom » and « Prénom » are required.
COLUMNS = Columns(
    titles={
        **PERSON_TITLES,
        "email": {"e-mail", "email", "courriel", "mail", "adresse e-mail"},
        "phone": {"telephone", "tel", "phone", "gsm", "portable"},
    },
    complete=lambda found: {"last_name", "first_name"} <= found,
    missing=gettext_lazy("The first row must name the columns; “Nom” and “Prénom” are required."),
    no_rows=gettext_lazy("The file has column titles but no player."),
)


TEXT_FIELDS = ("last_name", "first_name", "email", "phone", "licence_number")


@dataclass
class ImportRow:
    line: int
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    phone: str = ""
    licence_number: str = ""
    errors: list[str] = field(default_factory=list)
    existing_player_id: int | None = None

    @property
    def is_valid(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def read_players(club: Club, name: str, stream: IO[bytes]) -> list[ImportRow]:
    """Rows of the file with their errors; raises ImportFileError if the file is unusable."""
    return validate_rows(club, parse_rows(name, stream))


def parse_rows(name: str, stream: IO[bytes]) -> list[ImportRow]:
    return [
        ImportRow(
            line=line.number,
            first_name=line.cells.get("first_name", ""),
            last_name=line.cells.get("last_name", ""),
            email=line.cells.get("email", ""),
            phone=line.cells.get("phone", ""),
            licence_number=line.cells.get("licence_number", ""),
        )
        for line in read_lines(name, stream, COLUMNS)
    ]


LENGTH_LIMITS = (("first_name", 80), ("last_name", 80), ("phone", 30), ("licence_number", 30))
ALREADY_MEMBER = gettext_lazy("this player is already a member of the club")


def validate_rows(club: Club, rows: list[ImportRow]) -> list[ImportRow]:
    """Fill each row's errors against the file itself and the players already stored.

    Run again at confirmation, so a player added meanwhile is not imported twice.
    """
    club_names = {
        person_key(p.first_name, p.last_name): p
        for p in Player.objects.filter(clubs=club).only("first_name", "last_name")
    }
    licences = {
        p.licence_number: p
        for p in Player.objects.exclude(licence_number="").prefetch_related("clubs")
    }
    # Only plain numbers are looked up: a row with a NUL byte in it is refused below, and
    # PostgreSQL's text columns refuse the byte in a query too.
    others = {
        row.licence_number
        for row in rows
        if row.licence_number
        and plain_name_error(_label("licence_number"), row.licence_number) is None
    } - set(licences)
    if others:
        for _receiver, answer in licence_holders.send(Club, club=club, numbers=others):
            if isinstance(answer, dict):
                for number, holder in answer.items():
                    licences.setdefault(number, holder)
    seen_names: dict[tuple[str, str], int] = {}
    seen_licences: dict[str, int] = {}
    for row in rows:
        row.errors = _field_errors(row)
        row.existing_player_id = None
        if row.first_name and row.last_name:
            key = person_key(row.first_name, row.last_name)
            if key in seen_names:
                row.errors.append(_("duplicate of line %(line)d") % {"line": seen_names[key]})
            elif key in club_names:
                row.errors.append(str(ALREADY_MEMBER))
            seen_names.setdefault(key, row.line)
        if not row.licence_number:
            continue
        if row.licence_number in seen_licences:
            row.errors.append(
                _("licence number already on line %(line)d")
                % {"line": seen_licences[row.licence_number]}
            )
            continue
        seen_licences[row.licence_number] = row.line
        existing = licences.get(row.licence_number)
        if existing is not None:
            _check_licence_holder(club, row, existing)
    return rows


def _field_errors(row: ImportRow) -> list[str]:
    """What is wrong with the row's own cells: names present, e-mail, plain text, lengths."""
    errors = []
    if not row.last_name:
        errors.append(_("the last name (“Nom”) is missing"))
    if not row.first_name:
        errors.append(_("the first name (“Prénom”) is missing"))
    if row.email:
        try:
            validate_email(row.email)
        except ValidationError:
            errors.append(_("the e-mail address “%(email)s” is not valid") % {"email": row.email})
    for name_field in TEXT_FIELDS:
        message = plain_name_error(_label(name_field), getattr(row, name_field))
        if message:
            errors.append(message)
    for name_field, limit in LENGTH_LIMITS:
        if len(getattr(row, name_field)) > limit:
            errors.append(
                _("the field “%(field)s” is longer than %(max)d characters")
                % {"field": str(_label(name_field)), "max": limit}
            )
    return errors


def _label(name: str) -> object:
    """The label of one of ``Player``'s text fields (its verbose name, translated when shown)."""
    model_field = Player._meta.get_field(name)
    return model_field.verbose_name if isinstance(model_field, Field) else name


def _check_licence_holder(club: Club, row: ImportRow, existing: Player) -> None:
    """A licence number already stored: the same person (a member already, or one to add
    to the club: the file names him, accents and case aside), or someone else's number."""
    if person_key(existing.first_name, existing.last_name) != person_key(
        row.first_name, row.last_name
    ):
        # Never his name: the number may be another club's player's.
        row.errors.append(_("licence number already given to another person"))
    elif club in existing.clubs.all():
        if str(ALREADY_MEMBER) not in row.errors:
            row.errors.append(str(ALREADY_MEMBER))
    else:
        row.existing_player_id = existing.pk


def rows_from_dicts(data: list[dict[str, object]]) -> list[ImportRow]:
    # What ``to_dict`` kept in the session: each field's own value under its name.
    return [ImportRow(**item) for item in data]  # type: ignore[arg-type]
