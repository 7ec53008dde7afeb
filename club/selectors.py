"""Reads for the club pages."""

import datetime

from django.db.models import QuerySet
from django.utils import timezone

from .models import Club, Player, Season
from .names import person_key


def current_season(club: Club, today: datetime.date | None = None) -> Season | None:
    today = today or timezone.localdate()
    seasons = club.seasons.all()
    return seasons.filter(start__lte=today, end__gte=today).first() or seasons.first()


def default_club() -> Club | None:
    return Club.objects.order_by("pk").first()


def clubs() -> QuerySet[Club]:
    return Club.objects.all()


def club_player_named(club: Club, first_name: str, last_name: str) -> Player | None:
    """The club's player with this name, ignoring case, accents and apostrophe style."""
    wanted = person_key(first_name, last_name)
    players = Player.objects.filter(clubs=club).only("first_name", "last_name").order_by("pk")
    return next((p for p in players if person_key(p.first_name, p.last_name) == wanted), None)
