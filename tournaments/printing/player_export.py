"""A player's data for his right of access (``selectors.player_data``): one JSON document and
one readable workbook, written from the same sections."""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from openpyxl import Workbook

from club.models import Club, Player
from tournaments.selectors.player_data import player_data

from .excel import tables_workbook

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
    "start": _("Start"),
    "end": _("End"),
    "amount": _("Amount"),
    "paid_on": _("Paid on"),
    "tournament": _("Tournament"),
    "date": _("Date"),
    "game": _("Game"),
    "team": _("Team"),
    "present": _("Present"),
    "paid": _("Paid"),
    "substitute": _("Substitute"),
    "withdrawn": _("Withdrawn"),
    "registered_at": _("Registered on"),
    "rank": _("Rank"),
    "points": _("Points"),
    "rounds": _("Rounds"),
    "place_points_60ths": _("Place points (60ths)"),
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
    "change": _("Change"),
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


def _cell_value(value: Any) -> Any:
    """A value as a spreadsheet cell holds it: structures as JSON text, times in the site's
    zone (Excel knows no time zone)."""
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, datetime.datetime):
        return timezone.localtime(value).replace(tzinfo=None) if timezone.is_aware(value) else value
    if isinstance(value, Decimal):
        return float(value)
    return value


def export_workbook(player: Player, club: Club) -> Workbook:
    sheets = [
        (
            str(LABELS[section.key]),
            [str(LABELS.get(column, column)) for column in section.columns],
            [[_cell_value(row.get(column)) for column in section.columns] for row in section.rows],
        )
        for section in player_data(player, club)
    ]
    return tables_workbook(f"{club.name} — {player.full_name}", sheets)


def export_filename(player: Player, extension: str) -> str:
    """« donnees-joueur-17.json »: the file's name carries no name."""
    return f"donnees-joueur-{player.pk}.{extension}"
