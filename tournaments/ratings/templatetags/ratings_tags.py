"""The rating's history on a player's season page (``publishing``'s template loads these
tags; its Python imports nothing of this app)."""

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from club.models import Club, Player
from tournaments.ratings import selectors
from tournaments.ratings.chart import history_context

register = template.Library()


@register.inclusion_tag("ratings/_history.html")
def rating_history(club: Club, player: Player, game: str) -> dict[str, object]:
    """His club's rating in ``game`` after each tournament he played: a chart, the number
    now and whether it is still provisional (nothing if he is not listed)."""
    points = selectors.player_history(club, game, player)
    url = reverse("rating_list", args=[club.slug, game])
    return history_context(points, game, url, _("The club’s rating list"))
