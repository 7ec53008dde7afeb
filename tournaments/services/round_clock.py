"""The hall clock of timed rounds, and the signal that closes a round."""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..games import plugin_for
from ..models import (
    Round,
)
from ..selectors.scoresheet import evaluate_sheet, table_records
from .errors import TournamentError
from .holds import ensure_writable
from .result_store import refresh_tournament_status, results_changed, store_table_result


def _writable_round(round_: Round) -> Round:
    """The round locked, once the guard let its tournament's writes through (``holds``: it
    locks the tournament's row first)."""
    ensure_writable(round_.tournament_id)
    return Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)


@transaction.atomic
def clock_start(round_: Round, *, now: datetime.datetime | None = None) -> Round:
    """Start the round's clock for every table at once (and the round itself)."""
    now = now or timezone.now()
    round_ = _writable_round(round_)
    if round_.clock_started_at is None:
        if not round_.clock_minutes:
            plugin = plugin_for(round_.tournament.game)
            round_.clock_minutes = plugin.round_minutes(round_.tournament.rules) or 60
        round_.clock_started_at = now
        round_.clock_paused_at = None
        round_.clock_paused_seconds = 0
        if round_.status == Round.Status.DRAWN:
            round_.status = Round.Status.STARTED
        round_.save()
    return round_


@transaction.atomic
def clock_pause(round_: Round, *, now: datetime.datetime | None = None) -> Round:
    now = now or timezone.now()
    round_ = _writable_round(round_)
    if round_.clock_started_at is not None and round_.clock_paused_at is None:
        round_.clock_paused_at = now
        round_.save(update_fields=["clock_paused_at"])
    return round_


@transaction.atomic
def clock_resume(round_: Round, *, now: datetime.datetime | None = None) -> Round:
    now = now or timezone.now()
    round_ = _writable_round(round_)
    if round_.clock_paused_at is not None:
        paused = int((now - round_.clock_paused_at).total_seconds())
        round_.clock_paused_seconds += max(0, paused)
        round_.clock_paused_at = None
        round_.save(update_fields=["clock_paused_at", "clock_paused_seconds"])
    return round_


@transaction.atomic
def clock_set_minutes(round_: Round, *, minutes: int) -> Round:
    round_ = _writable_round(round_)
    round_.clock_minutes = max(1, min(int(minutes), 600))
    round_.save(update_fields=["clock_minutes"])
    return round_


@transaction.atomic
def close_round(round_: Round, *, now: datetime.datetime | None = None) -> Round:
    """The signal: the round is over; every table counts with the deals it played.

    Only games played against a clock have a partial result to keep: closing a round of
    another game would count unfinished tables as played, with no place points.
    """
    round_ = _writable_round(round_)
    if not plugin_for(round_.tournament.game).clock:
        raise TournamentError(_("Only rounds played against a clock can be closed at the signal."))
    if round_.status == Round.Status.CLOSED:
        return round_
    round_.status = Round.Status.CLOSED
    round_.closed_at = now or timezone.now()
    if round_.clock_paused_at is not None:
        round_.clock_paused_at = None
    round_.save(update_fields=["status", "closed_at", "clock_paused_at"])
    for table in round_.tables.select_for_update():
        table.round = round_
        if table.bye:
            continue
        store_table_result(table, evaluate_sheet(table, table_records(table)))
    results_changed(round_.tournament)
    refresh_tournament_status(round_.tournament)
    return round_
