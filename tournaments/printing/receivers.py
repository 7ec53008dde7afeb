"""The core's signals, as the printing app hears them."""

from functools import partial

from django.db import transaction
from django.dispatch import receiver

from tournaments import signals
from tournaments.models import Round

from . import exports


@receiver(signals.round_drawn, dispatch_uid="printing.round_drawn")
def lay_out_drawn_round(sender: object, *, round_: Round, base_url: str, **kwargs: object) -> None:
    """A drawn round's sheets are laid out by the queue once the draw is committed (when they
    are more than a print lays out itself), so that the scorekeeper's print finds them kept:
    the draw's transaction only writes the draw (issue 33: a write's slow consequences run
    after it). A draw rolled back queues nothing; one redrawn before the workers ran is laid
    out anew, the old round's tasks finding no round (``builds.lay_out_round_sheets``)."""
    transaction.on_commit(partial(exports.prepare_round_sheets, round_, base_url=base_url))


@receiver(signals.player_erased, dispatch_uid="printing.player_erased")
def drop_erased_players_documents(
    sender: object, *, tournament_ids: list[int], **kwargs: object
) -> None:
    """The kept sheets and exports of his tournaments carry his old name: dropped, laid out
    again (with the anonymous label) when next printed."""
    exports.drop_documents(tournament_ids)
