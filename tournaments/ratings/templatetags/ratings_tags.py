"""The rating's history on a player's season page (``publishing``'s template loads these
tags; its Python imports nothing of this app)."""

import datetime

from django import template

from club.models import Club, Player
from tournaments.ratings import selectors
from tournaments.ratings.chart import history_chart

register = template.Library()


@register.inclusion_tag("ratings/_history.html")
def rating_history(club: Club, player: Player, game: str) -> dict[str, object]:
    """His club's rating in ``game`` after each tournament he played: a chart, the number
    now and whether it is still provisional (nothing if he is not listed)."""
    points = selectors.player_history(club, game, player)
    days = [datetime.date.fromisoformat(p["d"]) for p in points]
    # Day and month within one year; month and year across years (a label fits its room).
    shape = "%d/%m" if len({d.year for d in days}) <= 1 else "%m/%y"
    labels = [d.strftime(shape) for d in days]
    return {
        "club": club,
        "game": game,
        "points": points,
        "last": points[-1] if points else None,
        "chart": history_chart([p["v"] for p in points], labels),
    }
