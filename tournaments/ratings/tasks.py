"""The rating lists' work for the queue: a projection, at the default priority (0), which
every worker claims before any document's (``printing.tasks``: −20 and −10)."""

from django_tasks import TaskContext, task

from tournaments.ratings import services

#: Before the documents, like every projection a page reads.
RATING_PRIORITY = 0


@task(priority=RATING_PRIORITY, takes_context=True)
def rebuild_club_rating(
    context: TaskContext, club_id: int, game: str, tournament_id: int | None = None
) -> None:
    """The club's list of ``game`` replayed from the earliest tournament changed since this
    task was queued (``queueing``), or from ``tournament_id`` on."""
    services.rebuild_club_game(club_id, game, tournament_id, task_id=context.task_result.id)
