"""Table-side entry: a table's private link, deals entered on phones, confirmed by the other side.

A phone's deal waits as a ``TableDeal`` until a player of the other side (or a scorekeeper)
confirms it; it then goes through ``deal_entry.save_deal``, in order after the deals before
it, if the sheet did not change elsewhere since it was entered (the version check), so a deal
also entered on paper meanwhile is a conflict, never counted twice.

A "deal" here is the game's entry unit (a whist deal, a Double manche, a Double King row):
the service only appends records to the sheet and lets ``scoring`` judge them.
"""

import hashlib
import hmac
import secrets
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import InvalidDeal
from tournaments.games import plugin_for
from tournaments.games.deal_words import DEALS, DealWords
from tournaments.models import Entry, Round, Table, Tournament
from tournaments.selectors.scoresheet import evaluate_sheet
from tournaments.services import deal_entry
from tournaments.services.errors import StaleSheet, TournamentError
from tournaments.tableside.models import TableDeal, TableEvent, TableLink
from tournaments.tableside.table_state import queue_full, table_queue

#: The random part of a link (``TableLink.salt``, 128 bits): the token is its HMAC-SHA256
#: under SECRET_KEY, 32 bytes in 43 characters, far past the 128 bits a guess would need.
SALT_BYTES = 16
MAX_TOKEN_LENGTH = 64
MAX_KEY_LENGTH = 64
MAX_REASON_LENGTH = 200


class TableClosed(TournamentError):
    """The round is closed (or the tournament finished): the table's link only reads."""


class SameSide(TournamentError):
    """A confirmation from the side that entered the deal."""


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def find_link(token: str) -> TableLink | None:
    """The live link of ``token``, or ``None``. Looked up by its digest, then compared in
    constant time (the lookup's timing says nothing of the token itself)."""
    if not token or len(token) > MAX_TOKEN_LENGTH or not token.isascii():
        return None
    # Every phone request starts here (a poll every 3 seconds): the table, its round and
    # tournament in the same query, and no ordering to compile (the digest is unique).
    found = (
        TableLink.objects.select_related("table__round__tournament")
        .filter(token_hash=token_digest(token), revoked_at__isnull=True)
        .order_by()[:1]
    )
    link = next(iter(found), None)
    if link is None or not hmac.compare_digest(link.token, token):
        return None
    return link


@transaction.atomic
def issue_link(table: Table, *, user: User | None) -> TableLink:
    """A new link for ``table``; the previous one stops answering (and with it the phones'
    « who am I », which is kept per link)."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    now = timezone.now()
    if TableLink.objects.filter(table=table, revoked_at__isnull=True).update(revoked_at=now):
        TableEvent.objects.create(table=table, kind=TableEvent.Kind.REVOKED, user=user)
    return _new_link(table, user)


def _new_link(table: Table, user: User | None) -> TableLink:
    # The token is derived from the salt (``TableLink.token``): only its digest is stored.
    link = TableLink(table=table, salt=secrets.token_urlsafe(SALT_BYTES))
    link.token_hash = token_digest(link.token)
    link.save()
    TableEvent.objects.create(table=table, kind=TableEvent.Kind.LINK, user=user)
    return link


def issue_round_links(round_: Round, *, user: User | None) -> int:
    """Links for the round's tables that have none (teams with a bye have no sheet). A
    table given its link meanwhile (two requests at once) keeps it: a sheet may be printed."""
    live = TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)
    tables = round_.tables.filter(bye=False).exclude(pk__in=live.values("table_id"))
    count = 0
    for table in tables:
        with transaction.atomic():
            Table.objects.select_for_update().filter(pk=table.pk).first()
            if not TableLink.objects.filter(table=table, revoked_at__isnull=True).exists():
                _new_link(table, user)
                count += 1
    return count


def live_links(round_: Round) -> dict[int, TableLink]:
    """The round's live links by table id; issued first for the tables without one when the
    tournament has phones at the tables and the round is still open."""
    tournament = round_.tournament
    if tournament.table_phones and round_.status != Round.Status.CLOSED:
        issue_round_links(round_, user=None)
    return {
        link.table_id: link
        for link in TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)
    }


def link_path(link: TableLink) -> str:
    return reverse("table_page", args=[link.token])


@transaction.atomic
def revoke_link(table: Table, *, user: User | None) -> None:
    now = timezone.now()
    if TableLink.objects.filter(table=table, revoked_at__isnull=True).update(revoked_at=now):
        TableEvent.objects.create(table=table, kind=TableEvent.Kind.REVOKED, user=user)


def _locked_table(table_pk: int) -> Table:
    return Table.objects.select_for_update().select_related("round__tournament").get(pk=table_pk)


def table_words(table: Table) -> DealWords:
    """What the table's game calls a deal, in whole sentences (Double: « manches »)."""
    unit = plugin_for(table.round.tournament.game).table_entry()
    return unit[0].words if unit is not None else DEALS


def check_open(table: Table) -> None:
    round_ = table.round
    if (
        round_.status == Round.Status.CLOSED
        or round_.tournament.status == Tournament.Status.FINISHED
    ):
        raise TableClosed(_("This round is closed: the table's link no longer accepts entries."))


class DealConflict(TournamentError):
    """The table's deals changed since the phone last saw them: the deal it sends would not
    be the deal it meant (another phone entered that deal, or it was sent back meanwhile)."""


def changed_elsewhere(table: Table, version: int) -> bool:
    """Whether the sheet changed since ``version`` other than by the table's own confirmed
    deals going on it (a scorekeeper's paper entry, a correction): the version check of
    paper entry, which the phones' deals in order do not trip."""
    if table.version == version:
        return False
    own = TableDeal.objects.filter(table=table, applied_version__isnull=False)
    return (
        version > table.version
        or table.changes.filter(version__gt=version)
        .exclude(version__in=own.values("applied_version"))
        .exists()
    )


@transaction.atomic
def enter_deal(
    table: Table,
    *,
    entry: Entry,
    side: int,
    record: dict[str, Any],
    version: int,
    key: str,
    number: int | None = None,
    keep_conflict: bool = False,
) -> TableDeal:
    """Keep the next deal of ``table`` as entered by ``entry`` (of ``side``), waiting for the
    other side; other deals may still wait before it. Checked by ``scoring`` against the sheet
    and the deals waiting before it (``InvalidDeal``); nothing counts yet.

    ``key`` already seen returns the deal it stored (a phone sending again). ``version`` is
    the table's version the phone saw and ``number`` the deal it meant: a sheet changed
    elsewhere since (``StaleSheet``) or another deal in that place (``DealConflict``) is a
    conflict; with ``keep_conflict`` (a phone's queued deal) it is kept, sent back with the
    reason, for every phone of the table to see, instead of raised."""
    table = _locked_table(table.pk)
    check_open(table)
    key = key[:MAX_KEY_LENGTH]
    sent = TableDeal.objects.filter(table=table, idempotency_key=key).first()
    if sent is not None:
        return sent
    deal_entry.check_no_bye(table)
    queue = table_queue(table)
    next_number = queue.next_number
    conflict: TournamentError | StaleSheet | None = None
    if changed_elsewhere(table, version):
        conflict = StaleSheet(
            current_version=table.version,
            changes=list(table.changes.filter(version__gt=version).select_related("user")),
            saved_records=queue.sheet,
        )
    elif number is not None and number != next_number:
        conflict = DealConflict(
            str(table_words(table).entry_moved) % {"next": next_number, "sent": number}
        )
    if conflict is not None:
        if not keep_conflict:
            raise conflict
        return _kept_conflict(table, conflict, entry, side, record, version, key, number)
    seats = list(table.seats.all())  # judged twice below: read once
    if queue_full(table, queue, seats=seats):
        raise TournamentError(str(table_words(table).entry_all_entered))
    before = queue.records_before(next_number)
    result = evaluate_sheet(table, [*before, dict(record)], seats)
    table_deal = TableDeal.objects.create(
        table=table,
        number=next_number,
        record=dict(record),
        points=result.per_deal[len(before)],
        base_version=table.version,
        idempotency_key=key,
        entered_by=entry,
        entered_side=side,
    )
    _event(table, table_deal, TableEvent.Kind.ENTERED, entry=entry, side=side, user=None)
    if any(d.number > next_number for d in queue.waiting):
        _refresh_points(table)  # it filled a place left free: the deals after it may change
    _touch(table)
    return table_deal


def _kept_conflict(
    table: Table,
    conflict: TournamentError | StaleSheet,
    entry: Entry,
    side: int,
    record: dict[str, Any],
    version: int,
    key: str,
    number: int | None,
) -> TableDeal:
    """A queued deal that arrived in conflict: kept, sent back with the reason (never
    written over what the table has), so that every phone shows it."""
    if isinstance(conflict, StaleSheet):
        reason = str(table_words(table).entry_conflict)
    else:
        reason = str(conflict)
    table_deal = TableDeal.objects.create(
        table=table,
        number=number or table_queue(table).next_number,
        record=dict(record),
        points=[],
        base_version=version,
        idempotency_key=key,
        entered_by=entry,
        entered_side=side,
        status=TableDeal.Status.REJECTED,
        reason=reason[:MAX_REASON_LENGTH],
        decided_at=timezone.now(),
    )
    _event(table, table_deal, TableEvent.Kind.CONFLICT, entry=entry, side=side, user=None)
    _touch(table)
    return table_deal


def _refresh_points(table: Table) -> None:
    """The waiting deals' points as the sheet now reads them (a deal sent back and entered
    again before them may change them); left as they were while a place is still empty."""
    queue = table_queue(table)
    chain = queue.contiguous()
    if not chain:
        return
    try:
        result = evaluate_sheet(table, [*queue.sheet, *(d.record for d in chain)])
    except InvalidDeal:
        return  # the deal that no longer fits is sent back when its turn comes
    for table_deal, points in zip(chain, result.per_deal[len(queue.sheet) :], strict=False):
        if table_deal.points != points:
            table_deal.points = points
            table_deal.save(update_fields=["points"])


def _touch(table: Table) -> None:
    """Phones poll the table's ``updated_at`` (with its version): a pending deal changes it."""
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now())


def _pending(table: Table, pk: int) -> TableDeal:
    table_deal = TableDeal.objects.select_for_update().filter(table=table, pk=pk).first()
    if table_deal is None:
        raise TournamentError(str(table_words(table).entry_gone))
    return table_deal


@transaction.atomic
def confirm_deal(
    table: Table,
    pk: int,
    *,
    entry: Entry | None = None,
    side: int | None = None,
    user: User | None = None,
) -> TableDeal:
    """Confirm deal ``pk``: by a player of the other side (``entry``, ``side``) or by a
    scorekeeper (``user``). The same side is refused (``SameSide``), whatever the phone sent.

    A confirmed deal goes on the sheet once every deal before it is there (it waits
    otherwise, and goes on when they do): only then does it count. A sheet changed elsewhere
    meanwhile (paper entry) turns it into a conflict, sent back, never counted twice."""
    table = _locked_table(table.pk)
    if user is None:
        check_open(table)
        if entry is None or side is None:
            raise SameSide(_("Choose who you are at this table first."))
    table_deal = _pending(table, pk)
    if table_deal.status == TableDeal.Status.CONFIRMED:
        return table_deal  # sent twice
    if table_deal.status != TableDeal.Status.PENDING:
        raise TournamentError(str(table_words(table).entry_was_rejected))
    if user is None and side == table_deal.entered_side:
        raise SameSide(str(table_words(table).entry_same_side))
    _decide(table_deal, TableDeal.Status.CONFIRMED, entry=entry, user=user)
    _event(table, table_deal, TableEvent.Kind.CONFIRMED, entry=entry, side=side, user=user)
    if not _apply_ready(table, table_deal, entry=entry, side=side, user=user):
        _touch(table)  # nothing went on the sheet (which bumps the version): still a change
    return table_deal


def _apply_ready(
    table: Table,
    confirmed: TableDeal,
    *,
    entry: Entry | None,
    side: int | None,
    user: User | None,
) -> bool:
    """Put on the sheet, in order, the confirmed deals whose predecessors are all there
    (``confirmed``, just confirmed, is updated in place); whether the sheet changed. The
    table is locked: the queue is read once and followed in memory."""
    queue = table_queue(table)
    waiting = [confirmed if d.pk == confirmed.pk else d for d in queue.waiting]
    sheet = list(queue.sheet)
    changed = False
    while waiting:
        first = waiting[0]
        place = len(sheet) + 1
        if first.number >= place and (
            first.number > place or first.status != TableDeal.Status.CONFIRMED
        ):
            break  # waits: for its own confirmation, or for a deal before it
        waiting.pop(0)
        reason = ""
        if first.number < place or changed_elsewhere(table, first.base_version):
            reason = _("The sheet changed meanwhile (entered elsewhere): enter it again.")
        else:
            try:
                # The sheet as read under the table's lock, with this deal after it.
                saved = deal_entry.save_sheet(
                    table,
                    records=[*sheet, dict(first.record)],
                    version=table.version,
                    user=first.decided_by_user,
                )
            except InvalidDeal:
                reason = str(table_words(table).entry_no_longer_fits)
        if reason:
            first.status, first.reason = TableDeal.Status.REJECTED, reason
            first.decided_at = timezone.now()
            first.save(update_fields=["status", "reason", "decided_at"])
            _event(table, first, TableEvent.Kind.CONFLICT, entry=entry, side=side, user=user)
            continue
        table.version = saved.version
        sheet.append(dict(first.record))
        changed = True
        first.applied_version = table.version
        first.save(update_fields=["applied_version"])
    return changed


def _decide(
    table_deal: TableDeal,
    status: str,
    *,
    reason: str = "",
    entry: Entry | None = None,
    user: User | None = None,
) -> None:
    """A waiting deal confirmed or sent back: by whom (a player or a scorekeeper), when."""
    table_deal.status = status
    table_deal.reason = reason
    table_deal.decided_by, table_deal.decided_by_user = entry, user
    table_deal.decided_at = timezone.now()
    table_deal.save(
        update_fields=["status", "reason", "decided_by", "decided_by_user", "decided_at"]
    )


def _event(
    table: Table,
    table_deal: TableDeal,
    kind: str,
    *,
    entry: Entry | None,
    side: int | None,
    user: User | None,
    note: str = "",
) -> None:
    """A step of the deal in the table's history."""
    TableEvent.objects.create(
        table=table, table_deal=table_deal, kind=kind, entry=entry, side=side, user=user, note=note
    )


@transaction.atomic
def reject_deal(
    table: Table,
    pk: int,
    *,
    reason: str,
    entry: Entry | None = None,
    side: int | None = None,
    user: User | None = None,
) -> TableDeal:
    """Send deal ``pk`` back, flagged with ``reason``: it never counts; the next deal the
    table enters takes its place. Any seated player while it waits for confirmation (the one
    who entered it: a withdrawal), or a scorekeeper while it is not on the sheet."""
    table = _locked_table(table.pk)
    if user is None:
        check_open(table)
        if entry is None:
            raise SameSide(_("Choose who you are at this table first."))
    reason = " ".join(reason.split())[:MAX_REASON_LENGTH]
    if not reason:
        raise TournamentError(str(table_words(table).entry_reason_needed))
    table_deal = _pending(table, pk)
    waiting = table_deal.status == TableDeal.Status.PENDING or (
        user is not None
        and table_deal.status == TableDeal.Status.CONFIRMED
        and table_deal.applied_version is None
    )
    if not waiting:
        raise TournamentError(str(table_words(table).entry_not_waiting))
    _decide(table_deal, TableDeal.Status.REJECTED, reason=reason, entry=entry, user=user)
    _event(
        table, table_deal, TableEvent.Kind.REJECTED, entry=entry, side=side, user=user, note=reason
    )
    _touch(table)
    return table_deal
