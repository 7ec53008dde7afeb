"""The rating lists' work for the queue: a projection, at the default priority (0), which
every worker claims before any document's (``printing.tasks``: −20 and −10)."""

from django_tasks import task

from tournaments.ratings import services

#: Before the documents, like every projection a page reads.
RATING_PRIORITY = 0


@task(priority=RATING_PRIORITY)
def rebuild_club_rating(club_id: int, game: str, tournament_id: int | None = None) -> None:
    """The club's list of ``game`` replayed from ``tournament_id`` on."""
    services.rebuild_club_game(club_id, game, tournament_id)
