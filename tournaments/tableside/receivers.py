"""The core's signals, as the phones at the tables hear them."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.dispatch import receiver
from django.utils import timezone

from tournaments import signals
from tournaments.models import Round, Table, Tournament
from tournaments.services import privacy

from . import demo, table_entry
from .models import TableDeal, TableEvent, TableLink


@receiver(signals.round_redrawing, dispatch_uid="tableside.round_redrawing")
def relink_redrawn_round(
    sender: object, *, round_: Round, **kwargs: object
) -> Callable[[], object] | None:
    """The old tables' links go with them: the new tables get theirs as soon as they are
    seated, if the old ones had some (their sheets are printed again anyway)."""
    if TableLink.objects.filter(table__round=round_, revoked_at__isnull=True).exists():
        return lambda: table_entry.issue_round_links(round_, user=None)
    return None


@receiver(signals.tournament_edited, dispatch_uid="tableside.tournament_edited")
def link_open_rounds(
    sender: object, *, tournament: Tournament, user: User | None, **kwargs: object
) -> None:
    """Phones switched on under way: the open rounds get their links."""
    if tournament.table_phones:
        for round_ in tournament.round_set.exclude(status=Round.Status.CLOSED):
            table_entry.issue_round_links(round_, user=user)


@receiver(signals.player_erased, dispatch_uid="tableside.player_erased")
def scrub_typed_notes(
    sender: object,
    *,
    tournament_ids: Sequence[int],
    parts: Sequence[str],
    label: str,
    **kwargs: object,
) -> None:
    """A reason typed by a phone (« QUACKENBUSH a 9 plis », « helene compte mal ») may name
    him, at any table of his tournaments: each part of his name is replaced. His tables'
    phone pages, kept per table stamp, get a new one (``_touch``'s ``updated_at``)."""
    tables = Table.objects.filter(round__tournament__in=tournament_ids)
    for model, field in ((TableDeal, "reason"), (TableEvent, "note")):
        rows = model.objects.filter(table__in=tables).exclude(**{field: ""}).only("pk", field)
        privacy.replace_in_rows(rows, [field], parts, label)
    tables.update(updated_at=timezone.now())


@receiver(signals.demo_evening, dispatch_uid="tableside.demo_evening")
def demo_phones(
    sender: object,
    *,
    tournament: Tournament,
    phone_deals: Mapping[int, Sequence[dict[str, Any]]],
    user: User | None = None,
    **kwargs: object,
) -> None:
    """The demo's evening in progress: its tables' links, deals entered from phones."""
    demo.play_from_phones(tournament, phone_deals, user)
