"""Entering the deals of a table: the whole sheet (a deal added or changed is the sheet with
that deal, ``games.base.DealForm.entry_records``), deleting a deal; the results stored."""

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from ..models import (
    Deal,
    ResultChange,
    Round,
    Table,
)
from ..selectors.scoresheet import evaluate_sheet, table_records
from .errors import StaleSheet, TournamentError
from .holds import ensure_writable
from .result_store import refresh_tournament_status, results_changed, store_table_result


def check_enterable(table: Table, version: int) -> None:
    """A sheet can be entered at ``table`` (a team's bye has none) as it was at ``version``."""
    check_no_bye(table)
    check_version(table, version)


def check_no_bye(table: Table) -> None:
    if table.bye:
        raise TournamentError(_("This team has a bye: there is no sheet to enter."))


def check_version(table: Table, version: int) -> None:
    """Nobody saved the sheet since ``version``; else ``StaleSheet`` with what changed."""
    if table.version != version:
        raise StaleSheet(
            current_version=table.version,
            changes=list(table.changes.filter(version__gt=version).select_related("user")),
            saved_records=table_records(table),
        )


@transaction.atomic
def save_sheet(
    table: Table, *, records: Sequence[dict[str, Any]], version: int, user: User | None
) -> Table:
    """Replace a table's sheet by ``records`` (in sheet order), if nobody saved it meanwhile.

    The whole sheet is checked by the game's ``table_result`` first: an invalid record raises
    ``InvalidDeal`` and nothing is written. The change is kept in the table's history.
    """
    ensure_writable(table.round.tournament_id)  # the tournament's row locked first
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    check_enterable(table, version)
    deals = list(table.deals.order_by("number"))  # read once: the history's « before » too
    before = [deal.record for deal in deals]
    records = [dict(r) for r in records]
    if records == before:
        return table
    seats = list(table.seats.all())
    result = evaluate_sheet(table, records, seats)
    existing = {deal.number: deal for deal in deals}
    written, replaced = [], []
    for number, (record, points) in enumerate(zip(records, result.per_deal, strict=True), start=1):
        deal = existing.pop(number, None)
        if deal is not None and deal.record == record and deal.points == points:
            continue
        if deal is not None:
            replaced.append(deal.pk)
        written.append(
            Deal(table=table, number=number, record=record, points=points, updated_by=user)
        )
    # A changed line is written again (nothing refers to a deal's row): two queries, where
    # bulk_update's CASE per field and line cost more than the rest of the save.
    Deal.objects.filter(pk__in=replaced + [d.pk for d in existing.values()]).delete()
    Deal.objects.bulk_create(written)
    table.version += 1
    ResultChange.objects.create(
        table=table, user=user, version=table.version, before=before, after=records
    )
    store_table_result(table, result, seats)
    results_changed(table.round.tournament, sheet=True)  # the table's version is bumped
    round_ = table.round
    if round_.status == Round.Status.DRAWN:
        round_.status = Round.Status.STARTED
        round_.save(update_fields=["status"])
    refresh_tournament_status(round_.tournament)
    return table


def _pool_records(table: Table, version: int) -> list[dict[str, Any]]:
    ensure_writable(table.round.tournament_id)  # the tournament's row locked first
    table = Table.objects.select_for_update().select_related("round").get(pk=table.pk)
    check_version(table, version)
    return table_records(table)


@transaction.atomic
def save_deal(
    table: Table,
    *,
    record: dict[str, Any],
    number: int | None,
    version: int,
    user: User | None,
) -> Table:
    """Add a deal (``number`` None or the next one) or replace deal ``number`` (a deal
    confirmed at the table). The whole sheet goes through ``save_sheet``: same validation,
    version check and history."""
    records = _pool_records(table, version)
    if number is None or number > len(records):
        records.append(dict(record))
    else:
        records[number - 1] = dict(record)
    return save_sheet(table, records=records, version=version, user=user)


@transaction.atomic
def delete_deal(table: Table, *, number: int, version: int, user: User | None) -> Table:
    """Remove deal ``number``; the deals after it must still match the dealers' rotation."""
    records = _pool_records(table, version)
    if not 1 <= number <= len(records):
        raise TournamentError(_("This deal does not exist (any more)."))
    del records[number - 1]
    return save_sheet(table, records=records, version=version, user=user)
