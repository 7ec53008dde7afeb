"""Published tournaments, a club's home page."""

from django.db.models import QuerySet
from django.utils import timezone

from club.models import Club, Season

from ..models import (
    Tournament,
)


def published(club: Club | None = None) -> QuerySet[Tournament]:
    qs = Tournament.objects.filter(published=True).select_related("club", "season")
    return qs.filter(club=club) if club is not None else qs


def published_tournament(pk: int) -> Tournament | None:
    """A published tournament with its club and season (one query: every public page of a
    tournament starts with it, 304s included)."""
    return published().filter(pk=pk).first()


def club_home(club: Club, season: Season | None) -> dict[str, object]:
    today = timezone.localdate()
    tournaments = published(club)
    return {
        "upcoming": list(
            tournaments.filter(date__gte=today, status=Tournament.Status.REGISTRATION).order_by(
                "date"
            )[:5]
        ),
        "latest": list(
            tournaments.exclude(status=Tournament.Status.REGISTRATION).order_by("-date")[:5]
        ),
    }
