"""A player's data for his right of access (``selectors.player_data``): one JSON document and
one readable workbook, written from the same sections."""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from openpyxl import Workbook

from club.models import Club, Player
from tournaments.games import game_choices
from tournaments.selectors.player_data import Section, player_data

from .excel import DECIMAL, SheetWriter, new_sheet, new_workbook, points_value

#: The sheets' and columns' names, as the club's staff read them.
LABELS: dict[str, Any] = {
    "player": _("Player"),
    "memberships": _("Memberships"),
    "entries": _("Entries"),
    "results": _("Results"),
    "deals": _("Deals at his tables"),
    "audit": _("Audit trail"),
    "id": _("Id"),
    "first_name": _("First name"),
    "last_name": _("Last name"),
    "email": _("E-mail"),
    "phone": _("Phone"),
    "licence_number": _("Licence number"),
    "active": _("Active"),
    "public_name": _("Name in public"),
    "pseudonym": _("Pseudonym"),
    "erased_at": _("Erased on"),
    "season": _("Season"),
    # A season's start and end (« Début », not the verb « Démarrer »).
    "start": pgettext_lazy("season", "Start"),
    "end": pgettext_lazy("season", "End"),
    "amount": _("Amount"),
    "paid_on": _("Paid on"),
    "tournament": _("Tournament"),
    "date": _("Date"),
    "game": _("Game"),
    "team": _("Team"),
    "present": _("Present"),
    "paid": _("Paid"),
    "substitute": _("Substitute"),
    "table_filler": _("Host filling a table"),
    "withdrawn": _("Withdrawn"),
    "registered_at": _("Registered on"),
    "rank": _("Rank"),
    "points": _("Points"),
    "rounds": _("Rounds"),
    "place_points_60ths": _("Place points"),
    "matches_won": _("Matches won"),
    "round": _("Round"),
    "table": _("Table"),
    "seat": _("Seat"),
    "deal": _("Deal"),
    "record": _("Record"),
    "at": _("When"),
    "by": _("By"),
    "action": _("Action"),
    "object": _("Object"),
    "change": pgettext_lazy("audit trail", "Change"),
}


def export_document(player: Player, club: Club) -> dict[str, Any]:
    return {
        "club": club.name,
        "exported_at": timezone.now(),
        **{section.key: section.rows for section in player_data(player, club)},
    }


def export_json(player: Player, club: Club) -> bytes:
    return json.dumps(
        export_document(player, club), cls=DjangoJSONEncoder, ensure_ascii=False, indent=2
    ).encode()


#: How a date and a time show in the sheets (the French and Flemish way: day first).
DATE_FORMAT = "DD/MM/YYYY"
DATETIME_FORMAT = "DD/MM/YYYY HH:MM"


def _cell(column: str, value: Any, games: dict[str, str]) -> tuple[Any, str | None]:
    """A value as a person reads it in a spreadsheet cell, with its number format: nothing
    for nothing (never « None »), dates and times formatted (times in the site's zone: Excel
    knows no time zone), « oui »/« non » for a yes or no, a game by its name, place points
    as points (stored in 60ths), structures (a deal's record) as JSON text."""
    if value is None or value == "":
        return None, None
    if column == "game":
        return games.get(str(value), str(value)), None
    if column == "place_points_60ths" and isinstance(value, int):
        return points_value(Fraction(value, 60))
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no"), None
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False), None
    if isinstance(value, datetime.datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value).replace(tzinfo=None)
        return value, DATETIME_FORMAT
    if isinstance(value, datetime.date):
        return value, DATE_FORMAT
    if isinstance(value, Decimal):
        return float(value), DECIMAL
    return value, None


def _about_sheet(workbook: Workbook, player: Player, club: Club, sheets: list[str]) -> None:
    """The first sheet: what the file is, for whom, when made, by which club."""
    made = timezone.localtime(timezone.now()).replace(tzinfo=None, microsecond=0)
    writer = SheetWriter(
        new_sheet(workbook, gettext("About this file")), [gettext("Subject"), gettext("Content")]
    )
    writer.row(
        [
            gettext("This file"),
            gettext(
                "Everything the club holds about you, for your right of access: one sheet "
                "per kind of record."
            ),
        ]
    )
    writer.row([gettext("For"), player.full_name])
    writer.row([gettext("Made on"), made], [None, DATETIME_FORMAT])
    writer.row([gettext("By the club"), club.name])
    writer.row([gettext("Sheets"), ", ".join(sheets)])
    writer.finish()


def _section_sheet(workbook: Workbook, section: Section, games: dict[str, str]) -> None:
    headers = [str(LABELS.get(column, column)) for column in section.columns]
    writer = SheetWriter(new_sheet(workbook, str(LABELS[section.key])), headers)
    for row in section.rows:
        cells = [_cell(column, row.get(column), games) for column in section.columns]
        writer.row([value for value, _f in cells], [fmt for _v, fmt in cells])
    writer.finish()


def export_workbook(player: Player, club: Club) -> Workbook:
    """The player's data as a document the club hands him: a first sheet saying what it is,
    then one sheet per section, in the club's language."""
    sections = player_data(player, club)
    games = {key: str(name) for key, name in game_choices()}
    workbook = new_workbook(f"{club.name} — {player.full_name}")
    _about_sheet(workbook, player, club, [str(LABELS[section.key]) for section in sections])
    for section in sections:
        _section_sheet(workbook, section, games)
    return workbook


def export_filename(player: Player, extension: str) -> str:
    """« donnees-joueur-17.json »: the file's name carries no name."""
    return f"donnees-joueur-{player.pk}.{extension}"
