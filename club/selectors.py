"""Reads for the club pages."""

import datetime

from django.db.models import QuerySet
from django.utils import timezone

from .models import Club, Season


def current_season(club: Club, today: datetime.date | None = None) -> Season | None:
    today = today or timezone.localdate()
    seasons = club.seasons.all()
    return seasons.filter(start__lte=today, end__gte=today).first() or seasons.first()


def default_club() -> Club | None:
    return Club.objects.order_by("pk").first()


def clubs() -> QuerySet[Club]:
    return Club.objects.all()
