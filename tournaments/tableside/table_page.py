"""A table's page on its phones, as a view model: what the page shows, worked out once from the
table's link, the phone (its device) and what it typed; ``views.TablePageView`` renders it.

What every phone of the table shows alike (the deals so far, the next row's blank form and who
deals the next few deals) is worked out once per table stamp for all of them
(``shared_parts``); what is the phone's own (its player, the rows it may confirm, its form) is
added for each page (``table_page``). No game is named here: the plug-in gives the deal form
(``GamePlugin.table_entry``).
"""

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from club import cache_faults
from club.names import active_name_order
from tournaments.games import GamePlugin, plugin_for
from tournaments.games.base import DealForm
from tournaments.games.deal_words import DealWords
from tournaments.models import Round, Table, Tournament
from tournaments.selectors import scoresheet
from tournaments.tableside import table_entry, table_state
from tournaments.tableside.models import TableLink
from tournaments.tableside.table_state import (
    Holder,
    Outcome,
    Person,
    SeatView,
    TableBasics,
    TableSnapshot,
    WaitingItem,
)

#: Deals ahead whose dealer (and, whist at 5 or 6, who sits out) the page gives, for a phone
#: that keeps deals while offline: a whist pool, so that a phone offline for the whole evening
#: still shows them (issue 34). Worked out once per table change for all its phones: 14 ms
#: for 12 deals at a whist table of 6, 6 ms for 4 (2026-11-29, a shared 2-core machine).
OFFLINE_DEALS = 12
#: A table's shared parts are keyed by its stamp: never stale for its deals. The bound only
#: limits how long a player's name corrected meanwhile keeps its old spelling on the phones.
SHARED_SECONDS = 120


def entry_unit(table: Table) -> tuple[type[DealForm], str] | None:
    """The form the table's phones enter one unit with (a deal, a row) and its template; None:
    the scorekeeper enters the sheet (``GamePlugin.table_entry``)."""
    return plugin_for(table.round.tournament.game).table_entry()


def last_number(table: Table) -> int | None:
    """The table's last row (deal, manche, game) in its round; None: played to a target. A
    phone keeping rows offline shows no form past it."""
    tournament = table.round.tournament
    return plugin_for(tournament.game).deals_per_round(tournament.rules or None)


def deal_by_deal(table: Table) -> bool:
    """The table's phones enter its sheet one unit at a time (a deal, a row)."""
    return entry_unit(table) is not None


@dataclass(frozen=True)
class BlankForm:
    """The next unit's form as every phone of the table shows it before typing: rendered
    once (``html``), with who deals the next few deals (``dealers``, JSON) and who sits them
    out (``sitting_out``, JSON: for each deal its words and seats; whist at 5 or 6)."""

    number: int
    html: str
    dealers: str
    sitting_out: str = "[]"
    errors: dict[str, list[str]] = field(default_factory=dict)
    label: str = ""  # the row as players name it (``form_row_label``)

    def non_field_errors(self) -> list[str]:
        return []


@dataclass(frozen=True)
class SharedParts:
    """What every phone of the table shows alike at one stamp: the table as its phones read it,
    its deals rendered, the next unit's blank form (None: nothing to enter)."""

    snapshot: TableSnapshot
    deals_html: str
    blank: BlankForm | None


def shared_key(table: Table) -> str:
    # « v7 »: the shape of what is kept (SharedParts, TableSnapshot, BlankForm); bumped when it
    # changes.
    stamp = table_state.stamp(table)
    return f"atout:table-page:v7:{table.pk}:{stamp}:{get_language()}:{active_name_order()}"


def shared_parts(table: Table) -> SharedParts:
    """``SharedParts``, worked out once per table stamp for all of its phones: the cache is one
    every worker shares. A drawn round's seats may still be swapped, which changes no stamp:
    worked out afresh until it starts. A cache that fails, or an entry garbled, is a miss
    (``cache_faults``)."""
    cacheable = table.round.status != Round.Status.DRAWN
    key = shared_key(table)
    parts: SharedParts | None = cache_faults.get(key, SharedParts) if cacheable else None
    if parts is None:
        parts = build_shared(table)
        if cacheable:
            cache_faults.put(key, parts, SHARED_SECONDS)
    return parts


def build_shared(table: Table) -> SharedParts:
    snapshot = table_state.table_snapshot(table)
    deals_html = render_to_string(
        "tableside/_deals.html",
        {
            "words": table_entry.table_words(table),
            "seat_columns": zip(
                snapshot.basics.column_names, snapshot.basics.seat_names, strict=True
            ),
            "lines": snapshot.lines,
            "totals": snapshot.totals,
        },
    )
    unit = entry_unit(table)
    if unit is None or table.bye or snapshot.full:
        return SharedParts(snapshot, deals_html, None)
    form = deal_form(table, snapshot.basics)
    dealers, sitting_out = next_dealers(table, snapshot.basics, form)
    blank = BlankForm(
        form.number,
        render_to_string(unit[1], {"form": form}),
        json.dumps(dealers),
        json.dumps(sitting_out),
        label=form_row_label(table, form),
    )
    return SharedParts(snapshot, deals_html, blank)


def cached_basics(table: Table) -> TableBasics | None:
    """The table's names, players and queue if a phone read the page at this stamp."""
    if table.round.status == Round.Status.DRAWN:
        return None
    parts: SharedParts | None = cache_faults.get(shared_key(table), SharedParts)
    return parts.snapshot.basics if parts is not None else None


def basics(table: Table) -> TableBasics:
    """What a post checks a deal against: cached, else read (nothing judged nor rendered: the
    post changes the table, the next page is another stamp)."""
    return cached_basics(table) or table_state.table_basics(table)


def people(table: Table) -> list[Person]:
    """The table's players: cached, else read."""
    found = cached_basics(table)
    if found is not None:
        return found.people
    return table_state.table_people(scoresheet.table_seats(table))


def holder(
    link: TableLink, device: str, people: Sequence[Person], holders: Sequence[Holder] | None = None
) -> Person | None:
    """The player whose seat phone ``device`` holds through ``link`` (empty: a phone that has
    not chosen): looked up among ``holders`` (the page's), else read now (for a write)."""
    if not device:
        return None
    if holders is None:
        held = table_state.held_by(link, device)
    else:
        held = next((h for h in holders if h.link_id == link.pk and h.device == device), None)
    return table_state.person(people, held.entry_id) if held is not None else None


def deal_form(
    table: Table, basics: TableBasics, data: Any = None, *, number: int | None = None
) -> DealForm:
    """The form of the next unit (a deal, a row; bound to ``data`` when posted): after the sheet
    and the deals waiting before it. Only for a table entered deal by deal (``deal_by_deal``)."""
    unit = entry_unit(table)
    if unit is None:
        raise ValueError(f"{table.round.tournament.game}: its phones enter no deal")
    queue = basics.queue
    return unit[0](
        data,
        seat_names=basics.seat_names,
        player_names=basics.dealing_names,
        first_dealer=basics.first_dealer,
        sit_out_order=basics.sit_out_order,
        rules=table.round.tournament.rules,
        records=queue.records_before(queue.next_number),
        number=number or queue.next_number,
    )


def next_dealers(
    table: Table, basics: TableBasics, blank: DealForm | None = None
) -> tuple[list[str], list[list[Any]]]:
    """Who deals the next few deals, and who sits them out (whist at a table of 5 or 6: in
    words and as seats, else nobody): the phone shows it while it keeps deals offline
    (``blank``: the next deal's form, built already)."""
    limit = last_number(table)
    first = basics.queue.next_number
    last = first + OFFLINE_DEALS
    if limit:
        last = min(last, limit + 1)
    names: list[str] = []
    sitting_out: list[list[Any]] = []
    for number in range(first, last):
        if number == first and blank is not None:
            form = blank
        else:
            form = deal_form(table, basics, number=number)
        if form.number != number:  # a form that only knows the next unit (a DK row)
            break
        names.append(str(getattr(form, "dealer_name", "")))
        seats = [int(s) for s in getattr(form, "sitting_out", ())]
        sitting_out.append([str(getattr(form, "sitting_out_names", "")), seats])
    return names, sitting_out


def form_row_label(table: Table, form: DealForm | BlankForm) -> str:
    """The row the form is for, as players name it: its number in the game's noun (a Double
    King game's letter is not chosen yet: « Jeu 4 », its form's ``label``)."""
    label = getattr(form, "label", "")
    if label:
        return str(label)
    return str(table_entry.table_words(table).label) % {"n": form.number}


@dataclass(frozen=True)
class PhoneForm:
    """The form a phone shows, with the row it is for (``label``), who deals the next few deals
    and who sits them out (JSON), and the row sent back that it holds again, as it was typed.
    ``NO_FORM``: the phone enters nothing now."""

    form: DealForm | BlankForm | None
    label: str = ""
    dealers: str = "[]"
    sitting_out: str = "[]"
    sent_back: WaitingItem | None = None

    @property
    def html(self) -> str:
        """The blank form, rendered once for the table's phones (else rendered with the page)."""
        return mark_safe(self.form.html) if isinstance(self.form, BlankForm) else ""


NO_FORM = PhoneForm(None)


def may_enter(table: Table, snapshot: TableSnapshot, me: Person | None, closed: bool) -> bool:
    """A phone enters the next row: it holds a seat, the round is open, the table plays (no
    bye), its game is entered deal by deal and the table's rows are not all entered."""
    return me is not None and not (closed or table.bye or snapshot.full) and deal_by_deal(table)


def phone_form(table: Table, parts: SharedParts, form: DealForm | None) -> PhoneForm:
    """The form a phone that may enter shows: ``form`` as posted (with its errors, or its
    preview); else the blank form every phone shares, or the row sent back in its place,
    filled as it was typed (the players correct it rather than type it again)."""
    basics = parts.snapshot.basics
    if form is None and parts.blank is not None:
        blank = parts.blank
        sent_back = next(
            (i for i in reversed(parts.snapshot.flagged) if i.deal.number == blank.number), None
        )
        if sent_back is None:
            return PhoneForm(blank, form_row_label(table, blank), blank.dealers, blank.sitting_out)
        form = deal_form(table, basics)
        form.initial.update(form.initial_from(sent_back.deal.record))
        return phone_dealt(table, basics, form, sent_back)
    return phone_dealt(table, basics, form) if form is not None else NO_FORM


def phone_dealt(
    table: Table, basics: TableBasics, form: DealForm, sent_back: WaitingItem | None = None
) -> PhoneForm:
    """``form`` with who deals the next few deals."""
    names, out = next_dealers(table, basics)
    return PhoneForm(
        form, form_row_label(table, form), json.dumps(names), json.dumps(out), sent_back
    )


def is_closed(table: Table) -> bool:
    """The table's link only reads: its round is closed (or the tournament finished)."""
    try:
        table_entry.check_open(table)
    except table_entry.TableClosed:
        return True
    return False


def phone_rows(
    snapshot: TableSnapshot, me: Person | None, closed: bool
) -> tuple[list[WaitingItem], list[WaitingItem]]:
    """The rows waiting (as ``me``'s phone may act on them) and those sent back; none once the
    scorekeeper completed the sheet at the desk (one sentence says so)."""
    if snapshot.completed_elsewhere:
        return [], []
    return [table_state.for_phone(i, me, closed) for i in snapshot.waiting], snapshot.flagged


def outcome(table: Table, snapshot: TableSnapshot, me: Person | None) -> Outcome | None:
    """A complete table's result, once nothing waits on its phones (or the scorekeeper completed
    it at the desk): its seats, the player's place in the tournament, his next seat."""
    done = snapshot.completed_elsewhere or not snapshot.basics.queue.waiting
    if not (snapshot.full and done):
        return None
    return table_state.table_outcome(table, scoresheet.table_seats(table), me)


@dataclass(frozen=True)
class TablePage:
    """What a table's phone shows (``tableside/page.html`` reads each field by its name): who
    holds the phone, the deals so far, the rows waiting for a side or sent back, the form of
    the next row, and the table's result once it is complete."""

    link: TableLink
    table: Table
    round: Round
    tournament: Tournament
    plugin: GamePlugin
    words: DealWords
    people: list[Person]
    me: Person | None
    seats: list[SeatView]
    #: the phone holding this page, as the players name it (« Téléphone A3F0 »)
    this_phone: str
    #: rendered by our templates (escaped there), kept as text in the cache
    deals_html: SafeString
    #: completed at the desk: what waited on the phones is not needed (one sentence says so)
    desk_done: bool
    waiting: list[WaitingItem]
    flagged: list[WaitingItem]
    closed: bool
    full: bool
    deal_by_deal: bool
    deal_template: str
    form: DealForm | BlankForm | None
    form_html: str
    row_label: str
    dealers_json: str
    sitting_out_json: str
    last_number: int | None
    sent_back: WaitingItem | None
    #: the table's version the form is typed on, and the key its deal is sent with
    version: int
    key: str
    preview: list[tuple[str, int]] | None
    stamp: str
    #: where the page's script reloads it after sending a deal (``answer_url``)
    answer_url: str
    outcome: Outcome | None

    def context(self) -> dict[str, object]:
        """The template's context: each field by its name."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


#: The query that marks a table's page asked as the answer to what its phone just posted (a
#: deal, a confirmation, a sending back, a player chosen): the phone's service worker waits for
#: the network then, however long, and never shows its copy of the page before instead, where
#: the post's outcome is missing and its deal still waits, as if nothing had been sent.
ANSWER_QUERY = "reponse"


def answer_url(link: TableLink) -> str:
    """The address of ``link``'s page as the answer to a post."""
    return f"{reverse('table_page', args=[link.token])}?{ANSWER_QUERY}"


def table_page(
    link: TableLink,
    *,
    device: str,
    form: DealForm | None = None,
    preview: list[tuple[str, int]] | None = None,
    version: int | None = None,
) -> TablePage:
    """The page of ``link``'s table on phone ``device`` (its digest; empty: a phone that has not
    chosen its player): ``form`` as posted (with its errors), ``preview`` the points it gives,
    ``version`` the table's version it was typed on. The link's lookup brought the table, its
    round and tournament along."""
    table = link.table
    parts = shared_parts(table)
    snapshot = parts.snapshot
    me = holder(link, device, snapshot.basics.people, snapshot.holders)
    seats = table_state.seat_views(snapshot.basics.people, snapshot.holders, link.pk, me)
    closed = is_closed(table)
    shown = phone_form(table, parts, form) if may_enter(table, snapshot, me, closed) else NO_FORM
    waiting, flagged = phone_rows(snapshot, me, closed)
    unit = entry_unit(table)
    return TablePage(
        link=link,
        table=table,
        round=table.round,
        tournament=table.round.tournament,
        plugin=plugin_for(table.round.tournament.game),
        words=table_entry.table_words(table),
        people=snapshot.basics.people,
        me=me,
        seats=seats,
        this_phone=next((s.label for s in seats if s.mine), ""),
        deals_html=mark_safe(parts.deals_html),
        desk_done=snapshot.completed_elsewhere,
        waiting=waiting,
        flagged=flagged,
        closed=closed,
        full=snapshot.full,
        deal_by_deal=unit is not None,
        deal_template=unit[1] if unit else "",
        form=shown.form,
        form_html=shown.html,
        row_label=shown.label,
        dealers_json=shown.dealers,
        sitting_out_json=shown.sitting_out,
        last_number=last_number(table),
        sent_back=shown.sent_back,
        version=table.version if version is None else version,
        key=secrets.token_urlsafe(16),
        preview=preview,
        stamp=table_state.stamp(table),
        answer_url=answer_url(link),
        outcome=outcome(table, snapshot, me),
    )
