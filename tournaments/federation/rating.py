"""The federation's rating lists (issue 36), as its pages and its queue read them: what a
list counts — the federation's counted tournaments (approved; asked too where it requires no
approval), those imported from other sites included, finished, with tables, in the order they
were played — and its players named as on its ranking (``ranking.named_players``: a hidden or
erased player is not listed; his tables still count for the others). The model, the gates and
the replay are ``ratings``'s: this app sits above it and tells it what the list counts.
"""

from typing import Any

from django.db.models import Count, QuerySet, Sum

from tournaments.models import Tournament
from tournaments.ratings import selectors as rating_selectors
from tournaments.ratings.models import RatingList
from tournaments.ratings.selectors import ListRow

from .models import Federation, FederationRatingList
from .ranking import counted_statuses, named_players


def counted_tournaments(federation: Federation, game: str) -> QuerySet[Tournament]:
    """What the federation's list of ``game`` counts, in play order. A person is one player
    across clubs: his tables in every member club count in the one list."""
    return rating_selectors.with_tables(
        Tournament.objects.filter(
            counted_for__federation=federation,
            counted_for__status__in=counted_statuses(federation),
            game=game,
            status=Tournament.Status.FINISHED,
            archived=False,
        )
    )


def rating_list(federation: Federation, game: str) -> RatingList | None:
    found = (
        FederationRatingList.objects.filter(federation=federation, game=game)
        .select_related("rating_list")
        .first()
    )
    return found.rating_list if found is not None else None


def list_rows(found: RatingList) -> tuple[list[ListRow], list[ListRow]]:
    """The rated players ranked, the provisional apart, each named across his clubs."""
    named = named_players(rating_selectors.player_ids(found))
    names = {pk: one.name for pk, one in named.items() if one.listed}
    return rating_selectors.list_rows(found, names)


def player_history(federation: Federation, game: str, player_id: int) -> list[dict[str, Any]]:
    """The player's points in the federation's list of ``game`` (none if he is not listed)."""
    found = rating_list(federation, game)
    named = named_players([player_id]).get(player_id)
    if found is None or named is None or not named.listed:
        return []
    return rating_selectors.history_of(found, player_id)


def list_depends(federation: Federation, game: str, found: RatingList | None) -> tuple[object, ...]:
    """What a page of the list depends on beyond the federation's own version: the list's
    rebuilds, and its tournaments' results versions (a player's new name bumps them)."""
    results = Tournament.objects.filter(counted_for__federation=federation, game=game).aggregate(
        count=Count("pk"), results=Sum("results_version")
    )
    if found is None:
        return (None, *results.values())
    return (found.pk, found.version, found.model_name, found.model_version, *results.values())


def versions(federation: Federation) -> list[tuple[str, int]]:
    """Each of its lists' game and version: a player's page shows his history in them."""
    return list(
        FederationRatingList.objects.filter(federation=federation)
        .order_by("game")
        .values_list("game", "rating_list__version")
    )
