"""What a table's phones and the scorekeeper's dashboard read of table-side entry."""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from typing import Any

from django.db.models import Count, Max, Q
from django.utils.translation import pgettext_lazy

from club import cache_faults
from club.models import SiteEpoch
from scoring import InvalidDeal
from scoring.common import TableResult
from tournaments.games import plugin_for
from tournaments.models import PLACE_POINTS_DENOMINATOR, Deal, Round, Seat, Table, Tournament
from tournaments.selectors.classification import tournament_standings
from tournaments.selectors.scoresheet import (
    column_names,
    dealing_names,
    evaluate_sheet,
    first_dealer,
    seat_names,
    table_records,
    table_seats,
    team_players,
)
from tournaments.tableside.models import PhoneSeat, TableDeal, TableEvent, TableLink, device_label


@dataclass(frozen=True)
class Person:
    """A player seated at the table; ``side`` is his seat (team games: his team's seat)."""

    entry_id: int
    name: str
    side: int


def header_names(seats: Sequence[Seat]) -> list[str]:
    """The phone's column headers, short enough for six columns at 390 px: a player's
    initials (« GL »), else his first name when two share them, else his narrow column name;
    a team's name (two columns have room; the header truncates a long word, never breaks it).
    The whole names stay for screen readers (``seat_names``)."""
    players = [s.entry.player for s in seats if s.entry is not None]
    if len(players) != len(seats):
        return seat_names(seats)
    for short in (
        [f"{p.first_name[:1]}{p.last_name[:1]}".upper() for p in players],
        [p.first_name for p in players],
    ):
        if all(short) and len(set(short)) == len(short):
            return short
    return column_names(seats)


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
class Holder:
    """A seat held by a phone through a link (``PhoneSeat``), as plain values: every phone of
    the table shows which seats are held, and by which phone (``label``)."""

    pk: int
    link_id: int
    entry_id: int
    device: str

    @property
    def label(self) -> str:
        return device_label(self.device)


def _live_holders(**lookup: Any) -> list[Holder]:
    return [
        Holder(*row)
        for row in PhoneSeat.objects.filter(
            released_at__isnull=True, link__revoked_at__isnull=True, **lookup
        )
        .order_by("pk")
        .values_list("pk", "link_id", "entry_id", "device")
    ]


def table_holders(table: Table) -> list[Holder]:
    """The seats of ``table`` its phones hold now (through its live link): one query."""
    return _live_holders(link__table=table)


def held_by(link: TableLink, device: str) -> Holder | None:
    """The seat phone ``device`` holds through ``link`` now (freed: none): one query."""
    found = _live_holders(link=link, device=device)
    return found[0] if found else None


@dataclass(frozen=True)
class SeatView:
    """A player of the table on a phone's page: free, held by this phone, or by another."""

    person: Person
    label: str  # the phone holding it, empty when free
    mine: bool


def seat_views(
    people: Sequence[Person], holders: Sequence[Holder], link_id: int, me: Person | None
) -> list[SeatView]:
    held = {h.entry_id: h.label for h in holders if h.link_id == link_id}
    return [
        SeatView(p, held.get(p.entry_id, ""), me is not None and me.entry_id == p.entry_id)
        for p in people
    ]


@dataclass(frozen=True)
class Line:
    number: int
    text: str
    points: list[int]
    label: str = ""  # the row as players name it (``GamePlugin.row_labels``)


def table_lines(
    table: Table, seats: Sequence[Seat], queue: Queue
) -> tuple[list[Line], list[int], TableResult | None]:
    """The deals on the sheet in words with their points, the table's totals (the game's own:
    e.g. Double's tokens) and the game's verdict on the sheet, judged once for the page."""
    plugin = plugin_for(table.round.tournament.game)
    # In the phone's narrow list, a player is named as his column is (« Josiane P. »).
    individual = bool(seats) and seats[0].team_id is None
    names = column_names(seats) if individual else dealing_names(seats)
    try:
        result: TableResult | None = evaluate_sheet(table, queue.sheet, seats)
    except InvalidDeal:  # pragma: no cover - stored sheets are valid
        result = None
    points = result.per_deal if result is not None else [[0] * len(seats)] * len(queue.sheet)
    rules = table.round.tournament.rules or None
    labels = plugin.row_labels(queue.sheet, rules)
    lines = [
        Line(number, plugin.table_line(record, names, rules), list(deal_points), label)
        for number, (record, deal_points, label) in enumerate(
            zip(queue.sheet, points, labels, strict=True), start=1
        )
    ]
    totals = list(result.scores) if result is not None else [0] * len(seats)
    return lines, totals, result


@dataclass(frozen=True)
class Queue:
    """A table's sheet (its records) and the phones' deals not on it yet, by number."""

    sheet: list[dict[str, Any]]
    waiting: list[TableDeal]

    @property
    def next_number(self) -> int:
        """The place of the next deal entered: the first one free after the sheet (a deal
        sent back leaves its place free while the deals after it wait)."""
        taken = {d.number for d in self.waiting}
        number = len(self.sheet) + 1
        while number in taken:
            number += 1
        return number

    def contiguous(self) -> list[TableDeal]:
        """The waiting deals that follow the sheet without a gap."""
        by_number = {d.number: d for d in self.waiting}
        chain = []
        number = len(self.sheet) + 1
        while number in by_number:
            chain.append(by_number[number])
            number += 1
        return chain

    def records_before(self, number: int) -> list[dict[str, Any]]:
        """The sheet as the deal in place ``number`` follows it (the waiting deals before)."""
        if number <= len(self.sheet):
            return self.sheet[: number - 1]
        return [*self.sheet, *(d.record for d in self.contiguous() if d.number < number)]

    def label(self, table: Table, table_deal: TableDeal) -> str:
        """``table_deal`` as players name it (« Donne 4 », « Jeu 4 (C) »): its game's
        ``row_label`` after the rows before it."""
        tournament = table.round.tournament
        return plugin_for(tournament.game).row_label(
            self.records_before(table_deal.number), table_deal.record, tournament.rules or None
        )


def waiting_deals(table: Table) -> list[TableDeal]:
    return list(
        TableDeal.objects.filter(table=table, applied_version__isnull=True)
        .exclude(status=TableDeal.Status.REJECTED)
        .select_related("entered_by__player", "decided_by__player")
        .order_by("number", "pk")
    )


def table_queue(table: Table) -> Queue:
    return Queue(table_records(table), waiting_deals(table))


def queue_full(
    table: Table,
    queue: Queue,
    sheet_result: TableResult | None = None,
    seats: Sequence[Seat] | None = None,
) -> bool:
    """The game's own verdict: the sheet with the deals waiting after it ends the session (a
    whist pool's deals, a match's target, Double King's 20 games — a penalty line is not one).
    ``sheet_result``: the verdict on the sheet alone, when the page has it already."""
    records = queue.records_before(queue.next_number)
    if not records:
        return False
    if sheet_result is not None and len(records) == len(queue.sheet):
        return sheet_result.complete
    try:
        return evaluate_sheet(table, records, seats).complete
    except InvalidDeal:
        return False


def flagged_among(deals: Sequence[TableDeal]) -> list[TableDeal]:
    """Of a table's deals, those sent back (by a player, the scorekeeper, or as a conflict)
    that the table has not entered again yet: no deal entered since, in its place or later."""
    return [
        d
        for d in deals
        if d.status == TableDeal.Status.REJECTED
        and not any(
            o.pk != d.pk
            and o.number >= d.number
            and d.decided_at is not None
            and o.entered_at > d.decided_at
            for o in deals
        )
    ]


def flagged_deals(table: Table) -> list[TableDeal]:
    return flagged_among(
        list(TableDeal.objects.filter(table=table).select_related("entered_by__player"))
    )


def is_waiting(table_deal: TableDeal) -> bool:
    return table_deal.status != TableDeal.Status.REJECTED and table_deal.applied_version is None


def open_deal(table: Table) -> TableDeal | None:
    """The first deal waiting (for confirmation, or for a deal before it), else the last one
    sent back (flagged)."""
    waiting = waiting_deals(table)
    if waiting:
        return waiting[0]
    flagged = flagged_deals(table)
    return flagged[-1] if flagged else None


def stamp(table: Table) -> str:
    """Changes whenever a phone should redraw: a deal counted, entered, confirmed, rejected;
    once the table is complete, also the tournament's results and draws (the phone shows the
    player's rank and his next seat)."""
    results = table.round.tournament.results_version if table.complete else None
    return stamp_of(table.version, table.updated_at, results)


def stamp_of(version: int, updated_at: datetime, results_version: int | None) -> str:
    """``stamp`` from its parts (``results_version``: None while the table is not complete)."""
    own = f"{version}-{int(updated_at.timestamp() * 1000)}"
    return own if results_version is None else f"{own}-{results_version}"


def live_stamp(token: str, digest: str) -> str | None:
    """The ``stamp`` of the table whose live link is ``token`` (``digest``: the digest its
    link is found by), or None: the phones' poll, in one indexed query of a few columns. The
    token is compared in constant time, as ``table_entry.find_link`` does."""
    if not token.isascii():
        return None
    found = next(
        iter(
            TableLink.objects.filter(token_hash=digest, revoked_at__isnull=True)
            .order_by()
            .values_list(
                "table_id",
                "salt",
                "table__version",
                "table__updated_at",
                "table__complete",
                "table__round__tournament__results_version",
            )[:1]
        ),
        None,
    )
    if found is None:
        return None
    table_id, salt, version, updated_at, complete, results_version = found
    if not hmac.compare_digest(TableLink(table_id=table_id, salt=salt).token, token):
        return None
    return stamp_of(version, updated_at, results_version if complete else None)


@dataclass(frozen=True)
class WaitingItem:
    """A deal of the table not on the sheet, as a phone shows it."""

    deal: TableDeal
    text: str
    points: list[tuple[str, int]]
    may_confirm: bool
    may_reject: bool
    #: a confirmed deal waits for this deal (not yet confirmed, or sent back) to count
    waits_for: int | None
    #: the row as players name it, and the row it waits for (``GamePlugin.row_labels``)
    label: str = ""
    waits_for_label: str = ""


def deal_item(
    table_deal: TableDeal,
    queue: Queue,
    names: Sequence[str],
    text: str,
    labels: Sequence[str] = ("", ""),
) -> WaitingItem:
    """A deal not on the sheet as every phone of the table sees it (``for_phone``: who may
    confirm or send it back); ``labels``: its name and that of the row it waits for."""
    confirmed = {d.number for d in queue.waiting if d.status == TableDeal.Status.CONFIRMED}
    waits_for = None
    if table_deal.status == TableDeal.Status.CONFIRMED:
        waits_for = next(
            (n for n in range(len(queue.sheet) + 1, table_deal.number) if n not in confirmed),
            None,
        )
    return WaitingItem(
        table_deal,
        text,
        list(zip(names, table_deal.points, strict=False)),
        may_confirm=False,
        may_reject=False,
        waits_for=waits_for,
        label=labels[0],
        waits_for_label=labels[1],
    )


def for_phone(item: WaitingItem, me: Person | None, closed: bool) -> WaitingItem:
    """``item`` on ``me``'s phone: a pending deal is confirmed by the other side, sent back
    by any seated player, while the round is open."""
    may_act = me is not None and item.deal.status == TableDeal.Status.PENDING and not closed
    return replace(
        item,
        may_confirm=may_act and me is not None and me.side != item.deal.entered_side,
        may_reject=may_act,
    )


@dataclass(frozen=True)
class TableBasics:
    """What a phone's post is checked against: the table's names, first dealer, players
    and its queue (the sheet and the deals waiting)."""

    seat_names: list[str]
    column_names: list[str]  # the phone's column headers (« JP »: ``header_names``)
    dealing_names: list[str]
    first_dealer: int
    people: list[Person]
    queue: Queue
    #: who sits out first at a table of 5 or 6 (``Table.sit_out_order``, whist)
    sit_out_order: tuple[int, ...] = ()


def table_basics(table: Table) -> TableBasics:
    """Three queries: the seats (with their players or teams), the sheet, the deals waiting."""
    return _basics(table, table_seats(table), table_queue(table))


def _basics(table: Table, seats: Sequence[Seat], queue: Queue) -> TableBasics:
    return TableBasics(
        seat_names(seats),
        header_names(seats),
        dealing_names(seats),
        first_dealer(seats),
        table_people(seats),
        queue,
        tuple(table.sit_out_order or ()),
    )


@dataclass(frozen=True)
class TableSnapshot:
    """A table as its phones read it, from one read of its seats, its sheet and its phones'
    deals: plain values, the same for every phone of the table (the page keeps it in the
    cache per ``stamp``)."""

    basics: TableBasics
    lines: list[Line]
    totals: list[int]
    #: the game's verdict: the sheet with the deals waiting after it ends the session
    full: bool
    #: the deals not on the sheet, and those sent back not entered again, as nobody's phone
    #: sees them (``for_phone``)
    waiting: list[WaitingItem]
    flagged: list[WaitingItem]
    #: the seats held by phones (a claim or a release changes the table's stamp)
    holders: list[Holder]
    #: the sheet alone is complete while phone rows still wait or were sent back: the
    #: scorekeeper completed it at the desk, and those rows are not needed any more
    completed_elsewhere: bool = False


def table_snapshot(table: Table) -> TableSnapshot:
    """Four queries: the seats (with their players or teams), the sheet, the phones' deals,
    the seats the phones hold; the sheet judged once (``table`` comes with its round and
    tournament)."""
    seats = table_seats(table)
    deals = list(
        TableDeal.objects.filter(table=table)
        .select_related("entered_by__player", "decided_by__player")
        .order_by("number", "pk")
    )
    queue = Queue(table_records(table), [d for d in deals if is_waiting(d)])
    basics = _basics(table, seats, queue)
    lines, totals, result = table_lines(table, seats, queue)
    plugin = plugin_for(table.round.tournament.game)

    by_number = {d.number: d for d in queue.waiting}

    def item(table_deal: TableDeal) -> WaitingItem:
        text = plugin.table_line(
            table_deal.record, basics.dealing_names, table.round.tournament.rules or None
        )
        labels = (queue.label(table, table_deal), "")
        found = deal_item(table_deal, queue, basics.seat_names, text, labels)
        waited = by_number.get(found.waits_for) if found.waits_for is not None else None
        if found.waits_for is not None:
            # The row waited for: a row waiting (named by its record), else the free place.
            labels = (
                labels[0],
                queue.label(table, waited)
                if waited is not None
                else plugin.row_label(
                    queue.records_before(found.waits_for), {}, table.round.tournament.rules or None
                ),
            )
            found = replace(found, waits_for_label=labels[1])
        return found

    waiting = [item(d) for d in queue.waiting]
    flagged = [item(d) for d in flagged_among(sorted(deals, key=lambda d: d.pk))]
    sheet_complete = result is not None and result.complete
    return TableSnapshot(
        basics=basics,
        lines=lines,
        totals=totals,
        full=sheet_complete or queue_full(table, queue, result, seats),
        waiting=waiting,
        flagged=flagged,
        holders=table_holders(table),
        completed_elsewhere=sheet_complete and bool(waiting or flagged),
    )


@dataclass(frozen=True)
class SeatResult:
    name: str
    score: int
    place_points: Fraction | None
    seat: Seat
    mine: bool


@dataclass(frozen=True)
class NextSeat:
    round_number: int
    table: int
    seat: int
    bye: bool
    token: str | None


@dataclass(frozen=True)
class Outcome:
    """A complete table as its phones show it: each seat's result, the player's rank in the
    tournament (published standings only), and where he sits next once it is drawn."""

    seats: list[SeatResult]
    rank: int | None
    ranked: int
    next_seat: NextSeat | None


#: A tournament's places, kept per results version: never stale, this only bounds how long.
PLACES_SECONDS = 3600


@dataclass(frozen=True)
class Places:
    """A tournament's standings as its phones read them: each ranked player's place (individual
    games) or team's (team games), and how many are ranked."""

    entries: dict[int, int]
    teams: dict[int, int]
    ranked: int

    def of(self, me: Person, team_id: int | None) -> int | None:
        """The place of ``me`` (his team's: ``team_id``, in a team game); None: not ranked."""
        return self.teams.get(team_id) if team_id is not None else self.entries.get(me.entry_id)


def standings_places(tournament: Tournament) -> Places:
    """The places of the tournament's standings, as its standings page ranks them."""
    live = plugin_for(tournament.game).live_standings
    entries: dict[int, int] = {}
    teams: dict[int, int] = {}
    for row in tournament_standings(tournament, live=live):
        if row.rank is None:
            continue  # a substitute
        if row.team_id is None:
            entries[row.entry_id] = row.rank
        else:
            teams[row.team_id] = row.rank
    return Places(entries, teams, len(entries) + len(teams))


def kept_places(tournament: Tournament) -> Places:
    """``standings_places``, worked out once per results version for every phone of every
    complete table (each one reloads at each result: its stamp holds the version) instead of
    once per phone and reload: the cache is one every worker shares, keyed by the tournament's
    results version and the database's epoch (a restored database counts its versions again).
    A cache that fails, or an entry garbled, is a miss (``cache_faults``)."""
    key = (
        f"atout:standing-places:v1:{tournament.pk}:{tournament.results_version}:"
        f"{SiteEpoch.current()}"
    )
    places: Places | None = cache_faults.get(key, Places)
    if places is None:
        places = standings_places(tournament)
        cache_faults.put(key, places, PLACES_SECONDS)
    return places


def seat_results(table: Table, seats: Sequence[Seat], me: Person | None) -> list[SeatResult]:
    """Each seat's result at a complete table (``mine``: the seat of ``me``)."""
    with_place_points = plugin_for(table.round.tournament.game).place_points
    mine = me.side if me is not None else None
    return [
        SeatResult(
            seat.name,
            seat.score,
            Fraction(seat.place_points_60ths, PLACE_POINTS_DENOMINATOR)
            if with_place_points
            else None,
            seat,
            seat.position == mine,
        )
        for seat in seats
    ]


def table_outcome(table: Table, seats: Sequence[Seat], me: Person | None) -> Outcome:
    """A complete table on ``me``'s phone: its seats' results, his place in the tournament's
    published standings (``kept_places``) and where he sits next."""
    tournament = table.round.tournament
    rank, ranked = None, 0
    if me is not None and tournament.published:
        places = kept_places(tournament)
        team_id = seats[me.side].team_id if me.side < len(seats) else None
        rank, ranked = places.of(me, team_id), places.ranked
    return Outcome(seat_results(table, seats, me), rank, ranked, next_seat(table, me))


def next_seat(table: Table, me: Person | None) -> NextSeat | None:
    """Where ``me`` sits in the next round, once it is drawn (and its table's live link)."""
    if me is None:
        return None
    seat = (
        Seat.objects.filter(
            round__tournament_id=table.round.tournament_id,
            round__number=table.round.number + 1,
        )
        .filter(Q(entry_id=me.entry_id) | Q(team__entries__pk=me.entry_id))
        .select_related("table", "round")
        .first()
    )
    if seat is None:
        return None
    link = TableLink.objects.filter(table=seat.table, revoked_at__isnull=True).first()
    return NextSeat(
        seat.round.number,
        seat.table.number,
        seat.position + 1,
        seat.table.bye,
        link.token if link is not None and not seat.table.bye else None,
    )


def round_stamp(round_: Round) -> str:
    """Changes whenever a table of the round does (the scorekeeper's dashboard polls it)."""
    latest = round_.tables.aggregate(at=Max("updated_at"), events=Max("table_events__pk"))
    at = latest["at"]
    return f"{int(at.timestamp() * 1000) if at else 0}-{latest['events'] or 0}"


def recent_events(round_: Round, per_table: int = 6) -> dict[int, list[TableEvent]]:
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
    #: the deals not on the sheet yet, by number (waiting for confirmation, or for a deal
    #: before them), and the last deal sent back that the table has not entered again
    waiting: list[TableDeal]
    flagged: TableDeal | None
    deals: int
    state: str  # not_started, pending, rejected, playing, complete
    events: list[TableEvent]
    #: the seats its phones hold (with their players), which the scorekeeper may free
    holders: list[PhoneSeat]

    @property
    def pending(self) -> list[TableDeal]:
        return [d for d in self.waiting if d.status == TableDeal.Status.PENDING]

    @property
    def pending_numbers(self) -> str:
        return ", ".join(str(d.number) for d in self.pending)

    @property
    def pending_labels(self) -> str:
        """The rows waiting for confirmation, as players name them (« Jeu 4 (C), Jeu 5 (A) »)."""
        return ", ".join(getattr(d, "row_label", str(d.number)) for d in self.pending)


#: What happened to a row in the dashboard's history, as a noun after the row's name
#: (« Jeu 4 (C) : confirmation »): an adjective would have to agree with the game's noun.
EVENT_NOUNS: dict[str, Any] = {
    TableEvent.Kind.ENTERED: pgettext_lazy("a row's history", "entry"),
    TableEvent.Kind.CONFIRMED: pgettext_lazy("a row's history", "confirmation"),
    TableEvent.Kind.REJECTED: pgettext_lazy("a row's history", "sent back"),
    TableEvent.Kind.CONFLICT: pgettext_lazy("a row's history", "conflict"),
    TableEvent.Kind.REOPENED: pgettext_lazy("a row's history", "back to waiting"),
}


def _name_rows(
    table: Table, queue: Queue, deals: Sequence[TableDeal], events: Sequence[TableEvent]
) -> None:
    """Each phone deal of the dashboard's table, and each one its history names, gets its
    ``row_label``: the row as the players name it on their phones."""
    labels = {d.pk: queue.label(table, d) for d in deals}
    for table_deal in deals:
        table_deal.row_label = labels[table_deal.pk]  # type: ignore[attr-defined]
    for event in events:
        what = EVENT_NOUNS.get(str(event.kind)) or event.get_kind_display()
        event.what = what  # type: ignore[attr-defined]
        if event.table_deal is not None:
            event.table_deal.row_label = labels.get(  # type: ignore[attr-defined]
                event.table_deal.pk, queue.label(table, event.table_deal)
            )


def round_rows(round_: Round) -> list[TableRow]:
    """The dashboard: each table of the round, its live link and where its entry stands."""
    tables = list(
        round_.tables.filter(bye=False).annotate(deal_count=Count("deals")).order_by("number")
    )
    links = {
        link.table_id: link
        for link in TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)
    }
    by_table: dict[int, list[TableDeal]] = {}
    for table_deal in TableDeal.objects.filter(table__round=round_).select_related(
        "entered_by__player"
    ):
        by_table.setdefault(table_deal.table_id, []).append(table_deal)
    sheets: dict[int, list[dict[str, Any]]] = {}
    for table_id, record in (
        Deal.objects.filter(table__round=round_)
        .order_by("table_id", "number")
        .values_list("table_id", "record")
    ):
        sheets.setdefault(table_id, []).append(record)
    holders: dict[int, list[PhoneSeat]] = {}
    for holder in (
        PhoneSeat.objects.filter(
            link__table__round=round_, link__revoked_at__isnull=True, released_at__isnull=True
        )
        .select_related("link", "entry__player")
        .order_by("pk")
    ):
        holders.setdefault(holder.link.table_id, []).append(holder)
    events = recent_events(round_)
    rows = []
    for table in tables:
        deals = by_table.get(table.pk, [])
        waiting = sorted((d for d in deals if is_waiting(d)), key=lambda d: d.number)
        table.round = round_  # the labels read the round's tournament (no query more)
        _name_rows(table, Queue(sheets.get(table.pk, []), waiting), deals, events.get(table.pk, []))
        flagged = flagged_among(deals)
        if flagged:
            state = "rejected"
        elif any(d.status == TableDeal.Status.PENDING for d in waiting):
            state = "pending"
        elif table.complete:
            state = "complete"
        elif table.deal_count:
            state = "playing"
        else:
            state = "not_started"
        rows.append(
            TableRow(
                table,
                links.get(table.pk),
                waiting,
                flagged[-1] if flagged else None,
                table.deal_count,
                state,
                events.get(table.pk, []),
                holders.get(table.pk, []),
            )
        )
    return rows


__all__ = ["Person", "round_rows", "table_lines", "table_people", "table_seats"]
