"""The federation's work for the queue: its rating lists rebuilt, at the rating's priority
(a projection a page reads, before any document)."""

from django_tasks import TaskContext, task

from tournaments.federation import rating_services
from tournaments.ratings.tasks import RATING_PRIORITY


@task(priority=RATING_PRIORITY, takes_context=True)
def rebuild_federation_rating(
    context: TaskContext, federation_id: int, game: str, tournament_id: int | None = None
) -> None:
    """The federation's list of ``game`` replayed from the earliest tournament changed since
    this task was queued, or from ``tournament_id`` on."""
    rating_services.rebuild_federation_game(
        federation_id, game, tournament_id, task_id=context.task_result.id
    )
