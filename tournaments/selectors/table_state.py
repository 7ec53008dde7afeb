"""What a table's phones and the scorekeeper's dashboard read of table-side entry."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max

from scoring import InvalidDeal

from ..games import plugin_for
from ..models import Round, Seat, Table, TableDeal, TableEvent, TableLink
from .scoresheet import dealing_names, evaluate_sheet, table_seats, team_players


@dataclass(frozen=True)
class Person:
    """A player seated at the table; ``side`` is his seat (team games: his team's seat)."""

    entry_id: int
    name: str
    side: int


def table_people(seats: Sequence[Seat]) -> list[Person]:
    people = []
    for seat in seats:
        if seat.entry is not None:
            people.append(Person(seat.entry.pk, seat.entry.player.full_name, seat.position))
        elif seat.team is not None:
            for entry in team_players(seat.team):
                people.append(Person(entry.pk, entry.player.full_name, seat.position))
    return people


def person(people: Sequence[Person], entry_id: Any) -> Person | None:
    return next((p for p in people if p.entry_id == entry_id), None)


@dataclass(frozen=True)
class Line:
    number: int
    text: str
    points: list[int]


def table_lines(table: Table, seats: Sequence[Seat]) -> tuple[list[Line], list[int]]:
    """The confirmed deals in words with their points, and the table's totals (the game's
    own: e.g. Double's tokens)."""
    plugin = plugin_for(table.round.tournament.game)
    names = dealing_names(seats)
    deals = list(table.deals.order_by("number"))
    lines = [Line(d.number, plugin.table_line(d.record, names), list(d.points)) for d in deals]
    try:
        totals = list(evaluate_sheet(table, [d.record for d in deals]).scores)
    except InvalidDeal:  # pragma: no cover - stored sheets are valid
        totals = [0] * len(seats)
    return lines, totals


def open_deal(table: Table) -> TableDeal | None:
    """The deal waiting for confirmation, else the last one if it was rejected (flagged)."""
    last = TableDeal.objects.filter(table=table).select_related("entered_by__player").last()
    if last is None or last.status == TableDeal.Status.CONFIRMED:
        return None
    return last


def describe(table: Table, table_deal: TableDeal, seats: Sequence[Seat]) -> str:
    plugin = plugin_for(table.round.tournament.game)
    return plugin.table_line(table_deal.record, dealing_names(seats))


def stamp(table: Table) -> str:
    """Changes whenever a phone should redraw: a deal counted, entered, confirmed, rejected."""
    return f"{table.version}-{int(table.updated_at.timestamp() * 1000)}"


def round_stamp(round_: Round) -> str:
    """Changes whenever a table of the round does (the scorekeeper's dashboard polls it)."""
    latest = round_.tables.aggregate(at=Max("updated_at"), events=Max("table_events__pk"))
    at = latest["at"]
    return f"{int(at.timestamp() * 1000) if at else 0}-{latest['events'] or 0}"


def recent_events(round_: Round, per_table: int = 4) -> dict[int, list[TableEvent]]:
    """The last steps of each table's phone entry, newest first."""
    events: dict[int, list[TableEvent]] = {}
    for event in (
        TableEvent.objects.filter(table__round=round_)
        .exclude(kind__in=[TableEvent.Kind.LINK, TableEvent.Kind.REVOKED])
        .select_related("entry__player", "user", "table_deal")
        .order_by("-pk")[:500]
    ):
        kept = events.setdefault(event.table_id, [])
        if len(kept) < per_table:
            kept.append(event)
    return events


@dataclass(frozen=True)
class TableRow:
    table: Table
    link: TableLink | None
    open_deal: TableDeal | None
    deals: int
    state: str  # not_started, pending, rejected, playing, complete
    events: list[TableEvent]


def round_rows(round_: Round) -> list[TableRow]:
    """The dashboard: each table of the round, its live link and where its entry stands."""
    tables = list(
        round_.tables.filter(bye=False).annotate(deal_count=Count("deals")).order_by("number")
    )
    links = {
        link.table_id: link
        for link in TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)
    }
    last: dict[int, TableDeal] = {}
    for table_deal in TableDeal.objects.filter(table__round=round_).select_related(
        "entered_by__player"
    ):
        last[table_deal.table_id] = table_deal  # ordered by pk: the last one wins
    counts = {table.pk: table.deal_count for table in tables}
    events = recent_events(round_)
    rows = []
    for table in tables:
        deal = last.get(table.pk)
        if deal is not None and deal.status == TableDeal.Status.CONFIRMED:
            deal = None
        if deal is not None:
            state = "pending" if deal.status == TableDeal.Status.PENDING else "rejected"
        elif table.complete:
            state = "complete"
        elif counts[table.pk]:
            state = "playing"
        else:
            state = "not_started"
        rows.append(
            TableRow(
                table, links.get(table.pk), deal, counts[table.pk], state, events.get(table.pk, [])
            )
        )
    return rows


__all__ = ["Person", "round_rows", "table_lines", "table_people", "table_seats"]
