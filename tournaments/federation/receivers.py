"""The core's signals, as the federation hears them: a counted tournament's results changed or
its settings were saved (its date, its game, its status): the federations it counts for bump
their rankings' version (``page_cache``), in the same transaction, and ask the queue to
rebuild their rating lists once it is committed (``rating_queue``). Nothing is computed here:
the ranking is read at the next request."""

from collections.abc import Sequence

from django.dispatch import receiver

from club.models import Club, Player
from tournaments import signals
from tournaments.models import Tournament

from . import demo, rating_queue, services
from .models import CountedTournament


def _bump(tournament: Tournament) -> None:
    federation_ids = list(
        CountedTournament.objects.filter(tournament=tournament).values_list(
            "federation_id", flat=True
        )
    )
    for federation_id in federation_ids:
        services.ranking_changed(federation_id)
    if federation_ids:  # its rating lists are the queue's, once the write is committed
        rating_queue.after_commit(tournament.pk)


@receiver(signals.results_changed, dispatch_uid="federation.results_changed")
def results_changed(sender: object, *, tournament: Tournament, **kwargs: object) -> None:
    _bump(tournament)


@receiver(signals.tournament_edited, dispatch_uid="federation.tournament_edited")
def tournament_edited(sender: object, *, tournament: Tournament, **kwargs: object) -> None:
    _bump(tournament)


@receiver(signals.demo_built, dispatch_uid="federation.demo_built")
def demo_built(sender: object, *, clubs: Sequence[Club], **kwargs: object) -> list[str]:
    """The demo's clubs become a federation's members (``demo``)."""
    return demo.build_demo_federation(clubs)


@receiver(signals.player_erased, dispatch_uid="federation.player_erased")
def player_erased(sender: object, *, player: Player, label: str, **kwargs: object) -> None:
    """His licences forget his name and number (``services.forget_holder``)."""
    services.forget_holder(player=player, label=label)
