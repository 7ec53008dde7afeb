"""What a season's rankings share: each stored result's total (with the place points its
tournament added to it), the period a ranking covers, and each player's attendance."""

import calendar
import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Case, Count, F, Q, QuerySet, When
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from club.models import Season

from ..models import PLACE_POINTS_DENOMINATOR, Tournament, TournamentResult

#: A result whose tournament added its place points to the total (whist and Double's
#: ``place_points_use`` « added », FreeWhist): the rules a tournament copied when it started.
ADDED = Q(tournament__rules__place_points_use="added")


def total_60ths() -> Case:
    """A ``TournamentResult``'s total in sixtieths of a point: its points, plus its place
    points where its tournament added them to the total (a 72-point first at a 90/60/30/0
    table counts 162). Whole sixtieths: exact in SQL, a Fraction once divided."""
    points = F("points") * PLACE_POINTS_DENOMINATOR
    return Case(
        When(ADDED, then=points + F("place_points_60ths")),
        default=points,
    )


def counted_tournaments(season: Season) -> QuerySet[Tournament]:
    """The tournaments a season's rankings count: published, under way or finished (the
    archived evenings included), of every game."""
    return Tournament.objects.filter(season_id=season.pk, published=True).exclude(
        status=Tournament.Status.REGISTRATION
    )


@dataclass(frozen=True)
class Period:
    """The evenings a period ranking counts: those dated from ``start`` to ``end``, both
    included; ``month``: a whole calendar month (its link's « mois=2026-03 »)."""

    start: datetime.date
    end: datetime.date
    month: bool = False

    @classmethod
    def of_month(cls, year: int, month: int) -> "Period":
        last = calendar.monthrange(year, month)[1]
        return cls(datetime.date(year, month, 1), datetime.date(year, month, last), True)

    @property
    def label(self) -> str:
        if self.month:
            return date_format(self.start, "F Y")
        return _("from %(start)s to %(end)s") % {
            "start": date_format(self.start, "SHORT_DATE_FORMAT"),
            "end": date_format(self.end, "SHORT_DATE_FORMAT"),
        }

    @property
    def query(self) -> dict[str, str]:
        """The page's query parameters that ask for this period."""
        if self.month:
            return {"mois": self.start.strftime("%Y-%m")}
        return {"du": self.start.isoformat(), "au": self.end.isoformat()}

    @property
    def key(self) -> tuple[str, str]:
        return (self.start.isoformat(), self.end.isoformat())

    def of(self, tournaments: QuerySet[Any]) -> QuerySet[Any]:
        """``tournaments`` dated within the period."""
        return tournaments.filter(date__gte=self.start, date__lte=self.end)


def attendance(season: Season, player_ids: list[int] | None = None) -> dict[int, int]:
    """Per player (all, or ``player_ids``): the evenings of the season he played, the
    distinct dates of its counted tournaments (every game, archived evenings included) where
    he has a stored result, as the rankings count him. One query."""
    results = TournamentResult.objects.filter(
        tournament__in=counted_tournaments(season).values("pk")
    )
    if player_ids is not None:
        results = results.filter(player_id__in=player_ids)
    return dict(
        results.values_list("player_id")
        .annotate(evenings=Count("tournament__date", distinct=True))
        .order_by()
    )


def attendance_versions(season: Season) -> list[tuple[int, int]]:
    """The version of every counted tournament's results (a cached table showing attendance
    is stale when one of them changes). One query."""
    return list(counted_tournaments(season).order_by("pk").values_list("pk", "results_version"))
