"""The core's signals, as the printing app hears them."""

from django.dispatch import receiver

from tournaments import signals
from tournaments.models import Round

from . import exports


@receiver(signals.round_drawn, dispatch_uid="printing.round_drawn")
def lay_out_drawn_round(sender: object, *, round_: Round, base_url: str, **kwargs: object) -> None:
    """A drawn round's sheets are laid out at once (off the request when they are many), so
    that the scorekeeper's print finds them kept."""
    exports.prepare_round_sheets(round_, base_url=base_url)


@receiver(signals.player_erased, dispatch_uid="printing.player_erased")
def drop_erased_players_documents(
    sender: object, *, tournament_ids: list[int], **kwargs: object
) -> None:
    """The kept sheets and exports of his tournaments carry his old name: dropped, laid out
    again (with the anonymous label) when next printed."""
    exports.drop_documents(tournament_ids)
