"""Rounds, tables and sheets as the pages show them; a sheet's history; the pool dashboard and
the round's clock."""

import datetime
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Prefetch, QuerySet, prefetch_related_objects
from django.utils import timezone

from ..models import Deal, ResultChange, Round, Seat, Table, Tournament, label_teams


def seats_with_occupants() -> QuerySet[Seat]:
    """Seats in order with their player, or their team and its players."""
    return (
        Seat.objects.select_related("entry__player", "team")
        .prefetch_related("team__entries__player")
        .order_by("position")
    )


def tournament_rounds(tournament: Tournament) -> list[Round]:
    """Rounds with their tables, seats and players (teams and their players): four queries."""
    rounds = rounds_and_tables(tournament)
    with_seats([table for round_ in rounds for table in round_.tables.all()])
    return rounds


def rounds_and_tables(tournament: Tournament) -> list[Round]:
    """Rounds with their tables, without seats (two queries): ``with_seats`` adds them to the
    tables that need them."""
    tables = Table.objects.order_by("number")
    return list(
        tournament.round_set.order_by("number").prefetch_related(
            Prefetch("tables", queryset=tables)
        )
    )


def with_seats(tables: Sequence[Table]) -> None:
    """Each table's seats and occupants, read at once for all of them (at most three queries)."""
    tables = list(tables)
    prefetch_related_objects(tables, Prefetch("seats", queryset=seats_with_occupants()))
    label_teams(s.team for table in tables for s in table.seats.all() if s.team is not None)


def _tables_with_tournament(published_only: bool) -> QuerySet[Table]:
    qs = Table.objects.select_related("round__tournament__club", "round__tournament__season")
    return qs.filter(round__tournament__published=True) if published_only else qs


def table_with_tournament(table_id: int, *, published_only: bool) -> Table:
    """A table with its round and tournament (one query); ``Table.DoesNotExist`` if none."""
    return _tables_with_tournament(published_only).get(pk=table_id)


@dataclass(frozen=True)
class TableSheet:
    """A table's sheet as its public page shows it: the seats in order (with their player or
    team) and the deals entered."""

    table: Table
    seats: list[Seat]
    deals: list[Deal]


def table_sheet(table: Table) -> TableSheet:
    """The table's seats and deals (two queries)."""
    seats = list(table.seats.select_related("entry__player", "team").order_by("position"))
    label_teams(s.team for s in seats if s.team is not None)
    return TableSheet(table, seats, list(table.deals.order_by("number")))


def round_tables(round_: Round) -> list[Table]:
    """A round's tables with their seated players, or teams and their players."""
    seats = seats_with_occupants()
    tables = list(
        round_.tables.order_by("number").prefetch_related(Prefetch("seats", queryset=seats))
    )
    label_teams(s.team for table in tables for s in table.seats.all() if s.team is not None)
    return tables


@dataclass
class ChangeLine:
    number: int
    before: str | None
    after: str | None


@dataclass
class DescribedChange:
    change: ResultChange
    lines: list[ChangeLine]


def describe_changes(
    changes: Iterable[ResultChange],
    seat_names: Sequence[str],
    describe: Callable[[dict[str, Any], Sequence[str]], str],
) -> list[DescribedChange]:
    """Each change of a sheet with the lines it added, altered or removed, in words."""
    return [
        DescribedChange(
            change,
            [
                ChangeLine(number, before, after)
                for number, before, after in _differing_lines(
                    change.before, change.after, seat_names, describe
                )
            ],
        )
        for change in changes
    ]


def _differing_lines(
    first: Sequence[dict[str, Any]],
    second: Sequence[dict[str, Any]],
    seat_names: Sequence[str],
    describe: Callable[[dict[str, Any], Sequence[str]], str],
) -> list[tuple[int, str | None, str | None]]:
    """The lines (1-based) where two sheets differ, each side in words (None: no such line)."""
    lines = []
    for i in range(max(len(first), len(second))):
        one = first[i] if i < len(first) else None
        other = second[i] if i < len(second) else None
        if one != other:
            lines.append(
                (
                    i + 1,
                    describe(one, seat_names) if one is not None else None,
                    describe(other, seat_names) if other is not None else None,
                )
            )
    return lines


@dataclass
class ConflictLine:
    number: int
    mine: str | None
    theirs: str | None


def sheet_conflict(
    saved: Sequence[dict[str, Any]],
    mine: Sequence[dict[str, Any]],
    seat_names: Sequence[str],
    describe: Callable[[dict[str, Any], Sequence[str]], str],
) -> list[ConflictLine]:
    """The lines where the sheet typed differs from the one someone else saved meanwhile, in
    words: what saving again would replace (or remove, where the typed sheet is shorter)."""
    return [
        ConflictLine(number, ours, theirs)
        for number, ours, theirs in _differing_lines(mine, saved, seat_names, describe)
    ]


@dataclass
class TableProgress:
    table: Table
    deals: int
    expected: int
    behind: bool
    short: bool


def clock_payload(round_: Round) -> dict[str, Any]:
    """What a round's clock shows (the hall's screen, the director's pages, their polls): its
    state with the round's number, whether it is closed, and the server's time, from which the
    page counts down."""
    now = timezone.now()
    return {
        **round_.clock_state(now),
        "round": round_.number,
        "closed": round_.status == Round.Status.CLOSED,
        "server_time": now.isoformat(),
    }


def round_progress(
    round_: Round, deals_per_round: int, now: datetime.datetime
) -> list[TableProgress]:
    """Deals entered per table, tables behind the clock's pace, short tables once closed.

    Behind: more than one deal under the pace (deals planned × elapsed / duration). Two queries.
    """
    tables = list(
        round_.tables.annotate(n_deals=Count("deals"))
        .order_by("number")
        .prefetch_related(
            Prefetch(
                "seats", queryset=Seat.objects.select_related("entry__player").order_by("position")
            )
        )
    )
    state = round_.clock_state(now)
    total = state["total"]
    elapsed = round_.clock_elapsed(now)
    expected = (
        deals_per_round if not total else min(deals_per_round, deals_per_round * elapsed // total)
    )
    closed = round_.status == Round.Status.CLOSED
    return [
        TableProgress(
            table=t,
            deals=t.n_deals,
            expected=expected,
            behind=not closed and t.n_deals < expected - 1,
            short=closed and t.n_deals < deals_per_round,
        )
        for t in tables
    ]


def open_sheets(tournament: Tournament) -> int:
    """Sheets still waiting for results: incomplete tables of rounds not closed at the signal."""
    return (
        Table.objects.filter(round__tournament=tournament, bye=False, complete=False)
        .exclude(round__status=Round.Status.CLOSED)
        .count()
    )


def draw_cancellable(round_: Round, tables: Iterable[Table]) -> bool:
    """The last round drawn, with no result entered yet (``tables``: the round's, as read)."""
    if round_.status == Round.Status.CLOSED:
        return False
    if any(table.version and not table.bye for table in tables):
        return False
    return not round_.tournament.round_set.filter(number__gt=round_.number).exists()
