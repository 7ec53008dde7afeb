"""A tournament held elsewhere (« Emporter la soirée »): a laptop takes the evening to a hall
without the internet, and the site refuses every write to the tournament until it comes back.

- ``hold_tournament`` marks the tournament as held by the named laptop, with the time (the
  staff desk's « Emporter la soirée », an export's ``--hold NAME``);
- ``ensure_writable`` is the guard: every service that writes a tournament's rows calls it
  first (``tests/tournaments/test_holds.py`` finds none that does not), and it raises
  ``errors.TournamentHeld``, a ``TournamentError`` whose message names the laptop and since
  when (the staff desk and the phones show a ``TournamentError`` as they are); the public pages
  only read, and stay served;
- ``ensure_none_held``: the same for several tournaments at once (a player's erasure touches
  every tournament he played in); ``held_refusal``: the refusal read without a lock, for a
  page that says it before anything is written (the admin's);
- ``release_hold``: the committee releases it by hand (``BY_HAND``: the laptop's work will then
  conflict with what the site accepts meanwhile), or the import of the laptop's bundle does
  when it is the evening's last one (``BY_IMPORT``);
- ``replaying``: the import replays a bundle's facts through the services while the laptop
  still holds the tournament (a safety copy imported during the evening releases nothing):
  inside it, the guard lets that tournament's writes through, in that context only;
- a tournament imported from the site that hosts its club (``Tournament.imported_from``: a
  federation taking a club's results) is read-only here for good: the same guard refuses
  every write to it (``errors.TournamentImported``, naming that site), except the import of
  that club's newer bundle, inside ``replaying``.

The guard reads the hold from the database, not from the row the caller holds (a page loaded
before the hold must not write after it), and locks the tournament's row (``SELECT … FOR
UPDATE``) until the caller's transaction ends: a hold taken meanwhile (``hold_tournament`` locks
the same row) waits for the write, and a write that comes after the hold sees it. So every
caller runs in a transaction, and locks the tournament before its rounds and tables (always in
that order: two writers never wait on each other in a circle). Each hold and release is kept in
the tournament's history (Django's ``LogEntry``, the admin's, as the draws are) when a user made
it, and logged.
"""

import contextvars
import enum
import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.admin.models import CHANGE, LogEntry
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import HOLDER_MAX_LENGTH, Tournament
from ..signals import hold_released
from .errors import TournamentError, TournamentHeld, TournamentImported

logger = logging.getLogger("atout.holds")

#: The tournaments whose writes are let through in this context (a bundle being replayed).
_replayed: contextvars.ContextVar[frozenset[int]] = contextvars.ContextVar(
    "atout_replayed_tournaments", default=frozenset()
)


class ReleaseReason(enum.Enum):
    #: The committee released it by hand: the laptop's work will conflict.
    BY_HAND = "by hand"
    #: The laptop's bundle came back, the evening's last one.
    BY_IMPORT = "by import"


@dataclass(frozen=True)
class Hold:
    """Who holds a tournament (the laptop's name) and since when."""

    holder: str
    since: datetime


def _hold_row(tournament: Tournament | int) -> tuple[str, str, datetime | None] | None:
    pk = tournament if isinstance(tournament, int) else tournament.pk
    return Tournament.objects.filter(pk=pk).values_list("name", "held_by", "held_since").first()


def current_hold(tournament: Tournament | int) -> Hold | None:
    """The tournament's hold as the database has it now (None: the site holds it)."""
    row = _hold_row(tournament)
    if row is None or not row[1] or row[2] is None:
        return None
    return Hold(holder=row[1], since=row[2])


def _refusal(name: str, hold: Hold) -> TournamentHeld:
    return TournamentHeld(tournament=name, holder=hold.holder, since=hold.since)


def held_refusal(tournament: Tournament | int) -> TournamentHeld | None:
    """The refusal a write to the tournament would meet now (None: it takes writes), read
    without a lock: for a page that says it before anything is written (the admin's); the
    write itself still passes ``ensure_writable``."""
    row = _hold_row(tournament)
    if row is None or not row[1] or row[2] is None:
        return None
    return _refusal(row[0], Hold(holder=row[1], since=row[2]))


def ensure_writable(tournament: Tournament | int) -> None:
    """The guard every write to a tournament's rows passes first (``tournament``: it, or its
    id): ``TournamentHeld`` (its message names the laptop and since when) while a laptop holds
    it; ``TournamentImported`` (naming the site) when it was imported from the site that
    hosts its club; nothing otherwise, nor while its bundle is being replayed
    (``replaying``). One query, which locks the tournament's row until the caller's
    transaction ends."""
    pk = tournament if isinstance(tournament, int) else tournament.pk
    if pk in _replayed.get():
        return
    row = (
        Tournament.objects.select_for_update()
        .filter(pk=pk)
        .values_list("name", "held_by", "held_since", "imported_from")
        .first()
    )
    if row is not None and row[3]:
        raise TournamentImported(tournament=row[0], site=row[3])
    if row is not None and row[1] and row[2] is not None:
        raise _refusal(row[0], Hold(holder=row[1], since=row[2]))


def ensure_none_held(tournament_ids: Iterable[int]) -> None:
    """``ensure_writable`` for several tournaments at once (one query, locking their rows in
    the order of their ids): the first held one refuses. A player's erasure only: a tournament
    imported from the site hosting its club does not refuse it (his name is erased here; no
    import ever gives a name back)."""
    admitted = _replayed.get()
    ids = [pk for pk in tournament_ids if pk not in admitted]
    rows = (
        Tournament.objects.select_for_update()
        .filter(pk__in=ids)
        .order_by("pk")
        .values_list("pk", "name", "held_by", "held_since")
    )
    held = sorted((since, pk, name, holder) for pk, name, holder, since in rows if holder and since)
    if held:
        since, _pk, name, holder = held[0]
        raise _refusal(name, Hold(holder=holder, since=since))


def is_replayed(tournament: Tournament | int) -> bool:
    """Whether ``tournament``'s bundle is being replayed here (its facts were admitted where
    they were made: the apps do not judge them again)."""
    pk = tournament if isinstance(tournament, int) else tournament.pk
    return pk in _replayed.get()


@contextmanager
def replaying(tournament: Tournament) -> Iterator[None]:
    """Inside it, the guard lets ``tournament``'s writes through: the import replaying the
    bundle of the laptop that holds it (in this context only: other requests are still
    refused)."""
    token = _replayed.set(_replayed.get() | {tournament.pk})
    try:
        yield
    finally:
        _replayed.reset(token)


def clean_holder(holder: str) -> str:
    """The laptop's name as stored: printable, spaces collapsed, required, at most 80."""
    name = " ".join("".join(c if c.isprintable() else " " for c in holder or "").split())
    if not name:
        raise TournamentError(_("Name the laptop that takes the evening."))
    if len(name) > HOLDER_MAX_LENGTH:
        raise TournamentError(
            _("The laptop’s name has at most %(max)d characters (%(count)d typed).")
            % {"max": HOLDER_MAX_LENGTH, "count": len(name)}
        )
    return name


def _user(by: Any | None) -> Any | None:
    return by if by is not None and getattr(by, "pk", None) else None


def _audit(by: Any | None, tournament: Tournament, message: str) -> None:
    """Kept in the tournament's history (the admin's), as the draws are; logged in any case."""
    logger.info("Tournament %s: %s", tournament.pk, message)
    user = _user(by)
    if user is None:
        return
    LogEntry.objects.log_actions(
        user_id=user.pk, queryset=[tournament], action_flag=CHANGE, change_message=message
    )


@transaction.atomic
def hold_tournament(*, tournament: Tournament, holder: str, by: Any | None = None) -> None:
    """The tournament is held by the laptop named ``holder`` from now on: the site refuses every
    write to it until the laptop's evening comes back (or the committee releases it).
    ``by``: who at the site put it out (None: a command). Refused while another laptop, or
    this one, already holds it."""
    name = clean_holder(holder)
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.held_by and locked.held_since is not None:
        raise _refusal(locked.name, Hold(holder=locked.held_by, since=locked.held_since))
    now = timezone.now()
    user = _user(by)
    Tournament.objects.filter(pk=tournament.pk).update(
        held_by=name, held_since=now, held_put_out_by=user
    )
    tournament.held_by, tournament.held_since, tournament.held_put_out_by = name, now, user
    _audit(by, tournament, f"Held by the laptop “{name}” from {now.isoformat()}.")


@transaction.atomic
def release_hold(
    *,
    tournament: Tournament,
    by: Any | None = None,
    reason: ReleaseReason = ReleaseReason.BY_HAND,
) -> Hold | None:
    """The site holds the tournament again: writes to it are accepted. ``BY_HAND``: the
    committee's choice (the laptop's work, if it comes back, then conflicts with what the site
    accepted meanwhile); ``BY_IMPORT``: the laptop's last bundle was imported. The hold
    released (None: it was not held)."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not locked.held_by or locked.held_since is None:
        return None
    hold = Hold(holder=locked.held_by, since=locked.held_since)
    Tournament.objects.filter(pk=tournament.pk).update(
        held_by="", held_since=None, held_put_out_by=None
    )
    tournament.held_by, tournament.held_since, tournament.held_put_out_by = "", None, None
    _audit(
        by,
        tournament,
        f"Hold of the laptop “{hold.holder}” (from {hold.since.isoformat()}) released "
        f"{reason.value}.",
    )
    hold_released.send(Tournament, tournament=tournament, by_hand=reason is ReleaseReason.BY_HAND)
    return hold


def mark_imported(tournament: Tournament, *, site: str) -> None:
    """``tournament``'s results were imported from ``site``, the Atout site that hosts its
    club (a federation taking a club's results): read-only here from now on."""
    Tournament.objects.filter(pk=tournament.pk).update(imported_from=site)
    tournament.imported_from = site
    logger.info("Tournament %s: imported from the site %s, read-only here.", tournament.pk, site)
