"""The core's signals, as the federation hears them: a counted tournament's results changed or
its settings were saved (its date, its game, its status): the federations it counts for bump
their rankings' version (``page_cache``), in the same transaction. Nothing is computed here:
the ranking is read at the next request."""

from django.dispatch import receiver

from tournaments import signals
from tournaments.models import Tournament

from . import services
from .models import CountedTournament


def _bump(tournament: Tournament) -> None:
    for federation_id in CountedTournament.objects.filter(tournament=tournament).values_list(
        "federation_id", flat=True
    ):
        services.ranking_changed(federation_id)


@receiver(signals.results_changed, dispatch_uid="federation.results_changed")
def results_changed(sender: object, *, tournament: Tournament, **kwargs: object) -> None:
    _bump(tournament)


@receiver(signals.tournament_edited, dispatch_uid="federation.tournament_edited")
def tournament_edited(sender: object, *, tournament: Tournament, **kwargs: object) -> None:
    _bump(tournament)
