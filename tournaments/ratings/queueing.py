"""The rating lists' requests to the queue: one rebuild queued per list at a time.

A round's confirmations or an import change many results in a row, each change a request. A
rebuild already queued for the list and not started yet absorbs the next request: its « from »
is lowered to the earliest tournament changed (``models.QueuedRebuild``) instead of another
task queued. The task takes its row as it starts; a change after that queues the next rebuild.
A queued rebuild that will never start (its task failed, or is gone) absorbs nothing: the next
request queues a new one, from the earlier of the two places.
"""

from django.db import transaction
from django_tasks import TaskResultStatus
from django_tasks.exceptions import TaskResultDoesNotExist

from tournaments.models import Tournament

from . import selectors, services, tasks
from .models import QueuedRebuild


def _waiting(queued: QueuedRebuild) -> bool:
    """Whether ``queued``'s task is still waiting for a worker (not started, not ended)."""
    try:
        result = tasks.rebuild_club_rating.get_result(queued.task_id)
    except TaskResultDoesNotExist:
        return False
    return result.status == TaskResultStatus.READY


def request_rebuild(club_id: int, game: str, since: Tournament | None) -> bool:
    """The club's list of ``game`` to be replayed from ``since`` on (None: from the start), by
    the rebuild already queued if one waits, else by a new one. True if a task was queued."""
    rating_list = services.list_of(club_id, game)
    start = selectors.replay_start(rating_list, since)
    with transaction.atomic():
        queued = services.mark_queued(rating_list, start)
        if queued is not None and _waiting(queued):
            return False
        result = tasks.rebuild_club_rating.enqueue(
            club_id, game, since.pk if since is not None else None
        )
        services.record_queued(rating_list, result.id, start, queued)
    return True
