"""The core's signals, as the rating lists hear them: a result changed, a tournament's
settings saved (its date moves it in the list's order). The work is the queue's, once the
write is committed: nothing is computed inside a phone's confirmation or a scorekeeper's save.
"""

from functools import partial

from django.db import transaction
from django.dispatch import receiver

from tournaments import signals
from tournaments.models import Tournament

from . import queueing, services


def queue_rebuild(tournament: Tournament) -> None:
    """After commit: the list is rebuilt by the queue if the tournament counts now or
    counted before (a running tournament's confirmations queue nothing); a rebuild already
    queued for the list absorbs the request (``queueing``)."""
    if services.concerns_list(tournament):
        queueing.request_rebuild(tournament.club_id, tournament.game, tournament)


@receiver(signals.results_changed, dispatch_uid="ratings.results_changed")
def results_changed(sender: object, *, tournament: Tournament, **kwargs: object) -> None:
    transaction.on_commit(partial(queue_rebuild, tournament))


@receiver(signals.tournament_edited, dispatch_uid="ratings.tournament_edited")
def tournament_edited(sender: object, *, tournament: Tournament, **kwargs: object) -> None:
    transaction.on_commit(partial(queue_rebuild, tournament))


@receiver(signals.demo_evening, dispatch_uid="ratings.demo_evening")
def demo_lists(sender: object, *, tournament: Tournament, **kwargs: object) -> None:
    """The demo (built in one transaction, no queue worker behind it in the tests): its
    club's lists at once, with the demo's gates."""
    services.build_demo_lists(tournament.club)
