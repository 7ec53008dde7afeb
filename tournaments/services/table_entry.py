"""Table-side entry: a table's private link, deals entered on phones, confirmed by the other side.

A phone's deal waits as a ``TableDeal`` until a player of the other side (or a scorekeeper)
confirms it; it then goes through ``deal_entry.save_deal`` with the version it was entered
against, so a deal also entered on paper meanwhile is a conflict, never counted twice.
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

from ..models import Entry, Round, Table, TableDeal, TableEvent, TableLink, Tournament
from ..selectors.scoresheet import evaluate_sheet, table_records
from . import deal_entry
from .errors import StaleSheet, TournamentError

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
    link = (
        TableLink.objects.select_related("table__round__tournament__club")
        .filter(token_hash=token_digest(token), revoked_at__isnull=True)
        .first()
    )
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


def check_open(table: Table) -> None:
    round_ = table.round
    if (
        round_.status == Round.Status.CLOSED
        or round_.tournament.status == Tournament.Status.FINISHED
    ):
        raise TableClosed(_("This round is closed: the table's link no longer accepts entries."))


@transaction.atomic
def enter_deal(
    table: Table,
    *,
    entry: Entry,
    side: int,
    record: dict[str, Any],
    version: int,
    key: str,
) -> TableDeal:
    """Keep the next deal of ``table`` as entered by ``entry`` (of ``side``), waiting for the
    other side. Checked by ``scoring`` against the sheet (``InvalidDeal``); a ``key`` already
    seen returns the deal it stored (a phone sending again); nothing counts yet."""
    table = _locked_table(table.pk)
    check_open(table)
    key = key[:MAX_KEY_LENGTH]
    sent = TableDeal.objects.filter(table=table, idempotency_key=key).first()
    if sent is not None:
        return sent
    if table.bye:
        raise TournamentError(_("This team has a bye: there is no sheet to enter."))
    if table.version != version:
        raise StaleSheet(
            current_version=table.version,
            changes=list(table.changes.filter(version__gt=version).select_related("user")),
            saved_records=table_records(table),
        )
    if TableDeal.objects.filter(table=table, status=TableDeal.Status.PENDING).exists():
        raise TournamentError(
            _("A deal already waits for confirmation at this table: confirm or reject it first.")
        )
    records = table_records(table)
    result = evaluate_sheet(table, [*records, dict(record)])
    table_deal = TableDeal.objects.create(
        table=table,
        number=len(records) + 1,
        record=dict(record),
        points=result.per_deal[len(records)],
        base_version=table.version,
        idempotency_key=key,
        entered_by=entry,
        entered_side=side,
    )
    _event(table, table_deal, TableEvent.Kind.ENTERED, entry=entry, side=side, user=None)
    _touch(table)
    return table_deal


def _touch(table: Table) -> None:
    """Phones poll the table's ``updated_at`` (with its version): a pending deal changes it."""
    Table.objects.filter(pk=table.pk).update(updated_at=timezone.now())


def _pending(table: Table, pk: int) -> TableDeal:
    table_deal = TableDeal.objects.select_for_update().filter(table=table, pk=pk).first()
    if table_deal is None:
        raise TournamentError(_("This deal does not exist (any more)."))
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
    """Count deal ``pk``: confirmed by a player of the other side (``entry``, ``side``) or by
    a scorekeeper (``user``). The same side is refused (``SameSide``), whatever the phone
    sent. A sheet changed meanwhile (paper entry) turns the deal into a rejected conflict."""
    table = _locked_table(table.pk)
    if user is None:
        check_open(table)
        if entry is None or side is None:
            raise SameSide(_("Choose who you are at this table first."))
    table_deal = _pending(table, pk)
    if table_deal.status == TableDeal.Status.CONFIRMED:
        return table_deal  # sent twice
    if table_deal.status != TableDeal.Status.PENDING:
        raise TournamentError(_("This deal was rejected: it no longer waits for confirmation."))
    if user is None and side == table_deal.entered_side:
        raise SameSide(_("A player of the other side must confirm this deal, not its own side."))
    try:
        deal_entry.save_deal(
            table,
            record=table_deal.record,
            number=None,
            version=table_deal.base_version,
            user=user,
        )
    except (StaleSheet, InvalidDeal):
        reason = _("The sheet changed meanwhile (entered elsewhere): enter it again.")
        _decide(table_deal, TableDeal.Status.REJECTED, reason=reason)
        _event(table, table_deal, TableEvent.Kind.CONFLICT, entry=entry, side=side, user=user)
        _touch(table)
        return table_deal
    _decide(table_deal, TableDeal.Status.CONFIRMED, entry=entry, user=user)
    _event(table, table_deal, TableEvent.Kind.CONFIRMED, entry=entry, side=side, user=user)
    return table_deal


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
    """Send deal ``pk`` back, flagged with ``reason``: it never counts; the table enters it
    again. Any seated player (the one who entered it: a withdrawal) or a scorekeeper."""
    table = _locked_table(table.pk)
    if user is None:
        check_open(table)
        if entry is None:
            raise SameSide(_("Choose who you are at this table first."))
    reason = " ".join(reason.split())[:MAX_REASON_LENGTH]
    if not reason:
        raise TournamentError(_("Say in a word what is wrong with this deal."))
    table_deal = _pending(table, pk)
    if table_deal.status != TableDeal.Status.PENDING:
        raise TournamentError(_("This deal no longer waits for confirmation."))
    _decide(table_deal, TableDeal.Status.REJECTED, reason=reason, entry=entry, user=user)
    _event(
        table, table_deal, TableEvent.Kind.REJECTED, entry=entry, side=side, user=user, note=reason
    )
    _touch(table)
    return table_deal
