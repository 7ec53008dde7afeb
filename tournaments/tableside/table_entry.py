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
import json
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
from tournaments.selectors.scoresheet import evaluate_sheet, table_seats
from tournaments.services import deal_entry
from tournaments.services.errors import StaleSheet, TournamentError
from tournaments.services.holds import current_hold, ensure_writable
from tournaments.tableside.models import PhoneSeat, TableDeal, TableEvent, TableLink
from tournaments.tableside.table_state import person, queue_full, table_people, table_queue

#: The random part of a link (``TableLink.salt``, 128 bits): the token is its HMAC-SHA256
#: under SECRET_KEY, 32 bytes in 43 characters, far past the 128 bits a guess would need.
SALT_BYTES = 16
MAX_TOKEN_LENGTH = 64
MAX_KEY_LENGTH = 64
MAX_REASON_LENGTH = 200


class TableClosed(TournamentError):
    """The round is closed (or the tournament finished): the table's link only reads."""


class SameSide(TournamentError):
    """A confirmation from the side that entered the deal (or from the phone that did)."""


class NotSeated(TournamentError):
    """A seat chosen that is not one of the table's players."""


class PhoneHasSeat(TournamentError):
    """A phone choosing a second seat: one seat a phone, changed only by the scorekeeper."""


class SeatTaken(TournamentError):
    """A seat held by another phone."""


class BadKey(TournamentError):
    """A deal's sending key no database may keep (a NUL byte, a control character)."""


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def fingerprint(text: str) -> str:
    """``TableDeal.fingerprint``: the digest of the fields a phone sent."""
    return hashlib.sha256(text.encode()).hexdigest()


def device_digest(device_id: str) -> str:
    """What is kept of the random id a phone holds in its cookie (``PhoneSeat.device``): a
    copy of the database gives no cookie to pass for that phone."""
    return hashlib.sha256(device_id.encode()).hexdigest()


def find_link(token: str) -> TableLink | None:
    """The live link of ``token``, or ``None``. Looked up by its digest, then compared in
    constant time (the lookup's timing says nothing of the token itself)."""
    if not token or len(token) > MAX_TOKEN_LENGTH or not token.isascii():
        return None
    # Every phone request starts here (a poll every 3 seconds): the table, its round and
    # tournament in the same query, and no ordering to compile (the digest is unique).
    found = (
        TableLink.objects.select_related("table__round__tournament__club")
        .filter(token_hash=token_digest(token), revoked_at__isnull=True)
        .order_by()[:1]
    )
    link = next(iter(found), None)
    if link is None or not hmac.compare_digest(link.token, token):
        return None
    return link


def find_replaced_link(token: str) -> TableLink | None:
    """The revoked link of ``token`` (replaced by « New link », or its round redrawn), or
    ``None``: a phone left on it is told so, and how to rejoin, instead of a bare 404."""
    if not token or len(token) > MAX_TOKEN_LENGTH or not token.isascii():
        return None
    link = next(
        iter(
            TableLink.objects.select_related("table__round__tournament")
            .filter(token_hash=token_digest(token), revoked_at__isnull=False)
            .order_by()[:1]
        ),
        None,
    )
    if link is None or not hmac.compare_digest(link.token, token):
        return None
    return link


@transaction.atomic
def issue_link(table: Table, *, user: User | None) -> TableLink:
    """A new link for ``table``; the previous one stops answering (and with it the phones'
    « who am I », which is kept per link)."""
    ensure_writable(table.round.tournament_id)  # the tournament's row locked first
    table = Table.objects.select_for_update().select_related("round").get(pk=table.pk)
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


@transaction.atomic
def issue_round_links(round_: Round, *, user: User | None) -> int:
    """Links for the round's tables that have none (teams with a bye have no sheet). A
    table given its link meanwhile (two requests at once) keeps it: a sheet may be printed."""
    ensure_writable(round_.tournament_id)
    live = TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)
    tables = round_.tables.filter(bye=False).exclude(pk__in=live.values("table_id"))
    count = 0
    for table in tables:
        Table.objects.select_for_update().filter(pk=table.pk).first()
        if not TableLink.objects.filter(table=table, revoked_at__isnull=True).exists():
            _new_link(table, user)
            count += 1
    return count


def live_links(round_: Round) -> dict[int, TableLink]:
    """The round's live links by table id; issued first for the tables without one when the
    tournament has phones at the tables and the round is still open (not while a laptop holds
    the tournament: its phones enter there)."""
    tournament = round_.tournament
    open_round = tournament.table_phones and round_.status != Round.Status.CLOSED
    if open_round and current_hold(tournament) is None:
        issue_round_links(round_, user=None)
    return {
        link.table_id: link
        for link in TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)
    }


def has_live_link(table_id: int) -> bool:
    """Whether the table has a live link now (its old one was replaced, not withdrawn)."""
    return TableLink.objects.filter(table_id=table_id, revoked_at__isnull=True).exists()


def link_path(link: TableLink) -> str:
    return reverse("table_page", args=[link.token])


@transaction.atomic
def revoke_link(table: Table, *, user: User | None) -> None:
    ensure_writable(table.round.tournament_id)
    now = timezone.now()
    if TableLink.objects.filter(table=table, revoked_at__isnull=True).update(revoked_at=now):
        TableEvent.objects.create(table=table, kind=TableEvent.Kind.REVOKED, user=user)


def _locked_table(table_pk: int) -> Table:
    """The table locked, once the guard let its tournament's writes through (``holds``: it
    locks the tournament's row first)."""
    tournament_id = Table.objects.values_list("round__tournament_id", flat=True).get(pk=table_pk)
    ensure_writable(tournament_id)
    return Table.objects.select_for_update().select_related("round__tournament").get(pk=table_pk)


def table_words(table: Table) -> DealWords:
    """What the table's game calls a deal, in whole sentences (Double: « manches »)."""
    unit = plugin_for(table.round.tournament.game).table_entry()
    return unit[0].words if unit is not None else DEALS


@transaction.atomic
def claim_seat(link: TableLink, *, entry_id: int, device: str) -> PhoneSeat:
    """The seat of player ``entry_id`` held by phone ``device`` through ``link``: a seat is
    held by one phone at a time (``SeatTaken``: the scorekeeper frees it), a phone holds one
    seat (``PhoneHasSeat``); every phone of the table sees it (the table's stamp changes)."""
    table = _locked_table(link.table_id)
    chosen = person(table_people(table_seats(table)), entry_id)
    if chosen is None:
        raise NotSeated(_("Choose one of the players of this table."))
    held = list(PhoneSeat.objects.filter(link=link, released_at__isnull=True))
    mine = next((h for h in held if h.device == device), None)
    if mine is not None:
        if mine.entry_id == entry_id:
            return mine  # the same choice sent twice
        raise PhoneHasSeat(
            _("This phone already has its player: ask the scorekeeper to change it.")
        )
    if any(h.entry_id == entry_id for h in held):
        raise SeatTaken(
            _("This seat is already held by another phone: ask the scorekeeper to free it.")
        )
    seat = PhoneSeat.objects.create(link=link, entry_id=entry_id, device=device)
    TableEvent.objects.create(
        table=table,
        kind=TableEvent.Kind.CLAIMED,
        entry_id=entry_id,
        side=chosen.side,
        device=device,
    )
    _touch(table)
    return seat


@transaction.atomic
def free_seat(table: Table, holder_pk: int, *, user: User | None) -> list[TableDeal]:
    """Free a seat held by a phone (the scorekeeper's: a player finds his seat taken), so that
    another phone may take it. The deals that phone confirmed and that are not on the sheet
    yet wait again for the other side's confirmation; the history says so. Returns them."""
    table = _locked_table(table.pk)
    holder = (
        PhoneSeat.objects.select_for_update()
        .filter(pk=holder_pk, link__table=table, released_at__isnull=True)
        .first()
    )
    if holder is None:
        raise TournamentError(_("No phone holds this seat any more."))
    holder.released_at, holder.released_by = timezone.now(), user
    holder.save(update_fields=["released_at", "released_by"])
    seated = person(table_people(table_seats(table)), holder.entry_id)
    side = seated.side if seated is not None else None
    TableEvent.objects.create(
        table=table,
        kind=TableEvent.Kind.FREED,
        entry_id=holder.entry_id,
        side=side,
        user=user,
        device=holder.device,
    )
    reopened = list(
        TableDeal.objects.select_for_update()
        .filter(
            table=table,
            status=TableDeal.Status.CONFIRMED,
            applied_version__isnull=True,
            decided_device=holder.device,
        )
        .order_by("number")
    )
    for table_deal in reopened:
        table_deal.status = TableDeal.Status.PENDING
        table_deal.decided_by = table_deal.decided_by_user = None
        table_deal.decided_at, table_deal.decided_device = None, ""
        table_deal.save(
            update_fields=[
                "status",
                "decided_by",
                "decided_by_user",
                "decided_at",
                "decided_device",
            ]
        )
        TableEvent.objects.create(
            table=table,
            table_deal=table_deal,
            kind=TableEvent.Kind.REOPENED,
            entry_id=holder.entry_id,
            side=side,
            user=user,
            device=holder.device,
        )
    _touch(table)
    return reopened


def _check_holder(table: Table, entry: Entry, device: str) -> None:
    """A phone's write: ``device`` holds ``entry``'s seat through the table's live link now
    (freed meanwhile, it holds nothing)."""
    held = PhoneSeat.objects.filter(
        link__table=table,
        link__revoked_at__isnull=True,
        released_at__isnull=True,
        entry=entry,
        device=device,
    )
    if not held.exists():
        raise SameSide(_("Choose who you are at this table first."))


def check_key(key: str) -> str:
    """A deal's sending key as kept (its first ``MAX_KEY_LENGTH`` characters); ``BadKey`` for
    a key no database keeps as text (PostgreSQL refuses a NUL byte)."""
    key = key[:MAX_KEY_LENGTH]
    if not key.isprintable():
        raise BadKey(_("This deal's sending key is not valid: send it again."))
    return key


def _same_deal(
    sent: TableDeal,
    entry: Entry,
    device: str,
    fingerprint: str,
    record: dict[str, Any],
    number: int | None,
) -> bool:
    """Whether a deal sent with a key already stored is the stored one sent again (an answer
    lost), not another deal reusing the key. A phone's deal is compared by the fields it sent
    (``fingerprint``: the record they give depends on the deals stored since, e.g. its
    dealer); a deal given by the code, by its record as stored (JSON) and its number."""
    if sent.entered_by_id != entry.pk or sent.entered_device != device:
        return False
    if fingerprint and sent.fingerprint:
        return fingerprint == sent.fingerprint
    if fingerprint or sent.fingerprint:
        return True  # stored before fingerprints were kept: as before, the stored deal
    return (number is None or number == sent.number) and sent.record == json.loads(
        json.dumps(record)
    )


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


class KeyReused(DealConflict):
    """A sending key already stored with another deal: that deal is not this one."""


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
    device: str = "",
    fingerprint: str = "",
) -> TableDeal:
    """Keep the next deal of ``table`` as entered by ``entry`` (of ``side``), waiting for the
    other side; other deals may still wait before it. Checked by ``scoring`` against the sheet
    and the deals waiting before it (``InvalidDeal``); nothing counts yet.

    ``key`` already seen returns the deal it stored (a phone sending again). ``version`` is
    the table's version the phone saw and ``number`` the deal it meant: a sheet changed
    elsewhere since (``StaleSheet``) or another deal in that place (``DealConflict``) is a
    conflict; with ``keep_conflict`` (a phone's queued deal) it is kept, sent back with the
    reason, for every phone of the table to see, instead of raised.

    ``device``: the phone's (``PhoneSeat.device``), which must hold ``entry``'s seat; the
    views always give it (empty: not a phone), with ``fingerprint``, a digest of the fields
    the phone sent. A key stored with another deal is a ``KeyReused`` conflict; a key no
    database keeps, ``BadKey``."""
    key = check_key(key)
    table = _locked_table(table.pk)
    check_open(table)
    if device:
        _check_holder(table, entry, device)
    sent = TableDeal.objects.filter(table=table, idempotency_key=key).first()
    if sent is not None:
        if not _same_deal(sent, entry, device, fingerprint, record, number):
            raise KeyReused(
                _("This sending key was already used for another deal: enter the deal again.")
            )
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
        sent_as = (key, fingerprint, device)
        return _kept_conflict(table, conflict, entry, side, record, version, number, sent_as)
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
        fingerprint=fingerprint,
        entered_by=entry,
        entered_side=side,
        entered_device=device,
    )
    _event(
        table,
        table_deal,
        TableEvent.Kind.ENTERED,
        entry=entry,
        side=side,
        user=None,
        device=device,
    )
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
    number: int | None,
    sent_as: tuple[str, str, str],
) -> TableDeal:
    """A queued deal that arrived in conflict: kept, sent back with the reason (never
    written over what the table has), so that every phone shows it. ``sent_as``: its key,
    fingerprint and phone."""
    key, fingerprint, device = sent_as
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
        fingerprint=fingerprint,
        entered_by=entry,
        entered_side=side,
        entered_device=device,
        status=TableDeal.Status.REJECTED,
        reason=reason[:MAX_REASON_LENGTH],
        decided_at=timezone.now(),
    )
    _event(
        table,
        table_deal,
        TableEvent.Kind.CONFLICT,
        entry=entry,
        side=side,
        user=None,
        device=device,
    )
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
    changed = []
    for table_deal, points in zip(chain, result.per_deal[len(queue.sheet) :], strict=False):
        if table_deal.points != points:
            table_deal.points = points
            changed.append(table_deal)
    TableDeal.objects.bulk_update(changed, ["points"])


def _touch(table: Table) -> None:
    """Phones poll the table's ``updated_at`` (with its version): a pending deal changes it."""
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now())


def _deciding(table: Table, *, entry: Entry | None, user: User | None, device: str) -> Table:
    """``table`` locked for a decision on one of its deals (a confirmation, a sending back),
    once it takes writes (no laptop holds its tournament). A scorekeeper (``user``) decides
    whenever; a phone, while the round is open, for the player (``entry``, None: none chosen)
    whose seat it (``device``) holds."""
    table = _locked_table(table.pk)
    if user is None:
        check_open(table)
        if entry is None:
            raise SameSide(_("Choose who you are at this table first."))
        if device:
            _check_holder(table, entry, device)
    return table


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
    device: str = "",
) -> TableDeal:
    """Confirm deal ``pk``: by a player of the other side (``entry``, ``side``) or by a
    scorekeeper (``user``). The same side is refused (``SameSide``), whatever the phone sent,
    and so is the phone that entered it (``device``), whichever seat it holds by then.

    A confirmed deal goes on the sheet once every deal before it is there (it waits
    otherwise, and goes on when they do): only then does it count. A sheet changed elsewhere
    meanwhile (paper entry) turns it into a conflict, sent back, never counted twice."""
    # A phone confirms for a player of one side: without its side, no player.
    table = _deciding(table, entry=entry if side is not None else None, user=user, device=device)
    table_deal = _pending(table, pk)
    if table_deal.status == TableDeal.Status.CONFIRMED:
        return table_deal  # sent twice
    if table_deal.status != TableDeal.Status.PENDING:
        raise TournamentError(str(table_words(table).entry_was_rejected))
    if user is None and side == table_deal.entered_side:
        raise SameSide(str(table_words(table).entry_same_side))
    if user is None and device and device == table_deal.entered_device:
        raise SameSide(
            _(
                "A phone cannot confirm a deal it entered itself, whichever seat it holds: "
                "a player of the other side confirms it on his own phone."
            )
        )
    _decide(
        table,
        table_deal,
        TableDeal.Status.CONFIRMED,
        entry=entry,
        side=side,
        user=user,
        device=device,
    )
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
    table: Table,
    table_deal: TableDeal,
    status: str,
    *,
    reason: str = "",
    entry: Entry | None,
    side: int | None,
    user: User | None,
    device: str,
) -> None:
    """A waiting deal confirmed or sent back (``status``; ``reason``: why): by whom (a player's
    phone or a scorekeeper), when; the table's history says so."""
    table_deal.status = status
    table_deal.reason = reason
    table_deal.decided_by, table_deal.decided_by_user = entry, user
    table_deal.decided_at, table_deal.decided_device = timezone.now(), device
    table_deal.save(
        update_fields=[
            "status",
            "reason",
            "decided_by",
            "decided_by_user",
            "decided_at",
            "decided_device",
        ]
    )
    kind = (
        TableEvent.Kind.CONFIRMED
        if status == TableDeal.Status.CONFIRMED
        else TableEvent.Kind.REJECTED
    )
    _event(table, table_deal, kind, entry=entry, side=side, user=user, note=reason, device=device)


def _event(
    table: Table,
    table_deal: TableDeal,
    kind: str,
    *,
    entry: Entry | None,
    side: int | None,
    user: User | None,
    note: str = "",
    device: str = "",
) -> None:
    """A step of the deal in the table's history (``device``: the phone that took it)."""
    TableEvent.objects.create(
        table=table,
        table_deal=table_deal,
        kind=kind,
        entry=entry,
        side=side,
        user=user,
        note=note,
        device=device,
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
    device: str = "",
) -> TableDeal:
    """Send deal ``pk`` back, flagged with ``reason``: it never counts; the next deal the
    table enters takes its place. Any seated player while it waits for confirmation (the one
    who entered it: a withdrawal), or a scorekeeper while it is not on the sheet."""
    table = _deciding(table, entry=entry, user=user, device=device)
    # Control characters read as spaces (PostgreSQL keeps no NUL byte in a text column).
    reason = "".join(c if c.isprintable() else " " for c in reason)
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
    _decide(
        table,
        table_deal,
        TableDeal.Status.REJECTED,
        reason=reason,
        entry=entry,
        side=side,
        user=user,
        device=device,
    )
    _touch(table)
    return table_deal
