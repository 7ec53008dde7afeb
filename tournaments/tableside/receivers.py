"""The core's signals, as the phones at the tables hear them."""

from collections.abc import Callable

from django.dispatch import receiver

from tournaments import signals
from tournaments.models import Round

from . import table_entry
from .models import TableDeal, TableEvent, TableLink


@receiver(signals.round_redrawing, dispatch_uid="tableside.round_redrawing")
def relink_redrawn_round(sender, *, round_: Round, **kwargs) -> Callable[[], object] | None:
    """The old tables' links go with them: the new tables get theirs as soon as they are
    seated, if the old ones had some (their sheets are printed again anyway)."""
    if TableLink.objects.filter(table__round=round_, revoked_at__isnull=True).exists():
        return lambda: table_entry.issue_round_links(round_, user=None)
    return None


@receiver(signals.tournament_edited, dispatch_uid="tableside.tournament_edited")
def link_open_rounds(sender, *, tournament, user, **kwargs) -> None:
    """Phones switched on under way: the open rounds get their links."""
    if tournament.table_phones:
        for round_ in tournament.round_set.exclude(status=Round.Status.CLOSED):
            table_entry.issue_round_links(round_, user=user)


@receiver(signals.player_erased, dispatch_uid="tableside.player_erased")
def scrub_typed_notes(sender, *, tournament_ids, names, label, **kwargs) -> None:
    """A reason typed by a phone (« Dupont a 9 plis ») may name him: the name is replaced."""
    for model, field in ((TableDeal, "reason"), (TableEvent, "note")):
        rows = model.objects.filter(table__round__tournament__in=tournament_ids).exclude(
            **{field: ""}
        )
        for row in rows:
            text = getattr(row, field)
            for name in names:
                text = text.replace(name, label)
            if text != getattr(row, field):
                setattr(row, field, text)
                row.save(update_fields=[field])
