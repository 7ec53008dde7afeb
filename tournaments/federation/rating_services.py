"""The federation's rating lists' writes: a list made for a game, and replayed by the queue's
worker (``tasks``) with what the federation counts (``rating``); the replay is ``ratings``'s."""

from django.db import transaction

from tournaments.models import Tournament
from tournaments.ratings import services as rating_services
from tournaments.ratings.models import RatingList

from . import rating
from .models import Federation, FederationRatingList


@transaction.atomic
def federation_list(federation_id: int, game: str) -> RatingList:
    """The federation's list of ``game`` (made with the default settings the first time)."""
    found = (
        FederationRatingList.objects.select_for_update()
        .filter(federation_id=federation_id, game=game)
        .select_related("rating_list")
        .first()
    )
    if found is not None:
        return found.rating_list
    made = RatingList.objects.create(kind=RatingList.Kind.FEDERATION, game=game)
    FederationRatingList.objects.create(federation_id=federation_id, game=game, rating_list=made)
    return made


def rebuild(federation: Federation, game: str, since: Tournament | None = None) -> int:
    """The federation's list of ``game`` replayed from ``since`` on, at once (the queue's
    work, and the tests'). Returns the tournaments replayed."""
    found = federation_list(federation.pk, game)
    counted = rating.counted_tournaments(federation, game)
    return rating_services.rebuild(found, since=since, counted=counted)


def build_demo_lists(federation: Federation) -> None:
    """The demo federation's lists, with the demo's gates (its season is a few weeks old),
    built at once: the demo is built in one transaction, with no queue worker behind it."""
    for game in federation.games:
        found = federation_list(federation.pk, game)
        RatingList.objects.filter(pk=found.pk).update(**rating_services.DEMO_GATES)
        rebuild(federation, game)


def rebuild_federation_game(
    federation_id: int, game: str, tournament_id: int | None = None, *, task_id: str = ""
) -> int:
    """The queue's work (``tasks.rebuild_federation_rating``): the list replayed from the
    earliest tournament changed since the task was queued (its queued row); a task without
    one, from ``tournament_id`` (if it still exists; else from the start)."""
    federation = Federation.objects.filter(pk=federation_id).first()
    if federation is None:
        return 0
    found = federation_list(federation_id, game)
    counted = rating.counted_tournaments(federation, game)
    start = rating_services.take_queued(found, task_id)
    if start is not None:
        return rating_services.rebuild_from(found, start, counted=counted)
    since = Tournament.objects.filter(pk=tournament_id).first() if tournament_id else None
    return rating_services.rebuild(found, since=since, counted=counted)
