"""The federation's rating lists' requests to the queue, once the write that changed what
they count is committed: a counted tournament's results, its settings (its date, its game),
its status (approved, refused). One rebuild queued per list at a time: a rebuild queued and
not started absorbs the next request (``ratings.queueing``)."""

from functools import partial

from django.db import transaction

from tournaments.models import Tournament
from tournaments.ratings import queueing
from tournaments.ratings.models import CountedTournament as ListedTournament

from . import rating_services, tasks
from .models import CountedTournament, Federation


def request(federation_id: int, game: str, since: Tournament | None) -> bool:
    """The federation's list of ``game`` to be replayed from ``since`` on (None: from the
    start). True if a task was queued."""
    found = rating_services.federation_list(federation_id, game)
    since_id = since.pk if since is not None else None
    return queueing.request_list_rebuild(
        found, since, tasks.rebuild_federation_rating, federation_id, game, since_id
    )


def tournament_changed(tournament_id: int) -> None:
    """After commit: each federation the tournament is marked for replays its list of the
    tournament's game from it on (whether it counts now or counted before: the replay knows
    where it stood). A running tournament that no list counted queues nothing."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return
    finished = tournament.status == Tournament.Status.FINISHED
    listed = ListedTournament.objects.filter(
        tournament=tournament, rating_list__kind="federation"
    ).exists()
    if not (finished or listed):
        return
    for federation_id in CountedTournament.objects.filter(tournament=tournament).values_list(
        "federation_id", flat=True
    ):
        if tournament.game in Federation.objects.get(pk=federation_id).games:
            request(federation_id, tournament.game, tournament)


def after_commit(tournament_id: int) -> None:
    transaction.on_commit(partial(tournament_changed, tournament_id))


def rule_changed(federation_id: int) -> None:
    """After commit: what counts may have changed for every game (approval now required, or
    no longer): each list replayed from the start."""

    def replay_all() -> None:
        games = Federation.objects.filter(pk=federation_id).values_list("games", flat=True)
        for game in games.first() or []:
            request(federation_id, game, None)

    transaction.on_commit(replay_all)
