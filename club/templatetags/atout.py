"""Template values are whatever the view put in the context: the filters take them as Any."""

from decimal import Decimal
from typing import Any

from django import template
from django.template import Context
from django.urls import reverse

from club import formatting
from club.roles import COMMITTEE, SCOREKEEPERS, has_role

register = template.Library()


@register.filter
def get(mapping: Any, key: Any) -> Any:
    """``{{ mapping|get:key }}`` for dicts and lists (None when missing)."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.filter
def committee_in(user: Any, club: Any) -> bool:
    """``{% if user|committee_in:club %}``: show a committee link only for the user's clubs."""
    return has_role(user, COMMITTEE, club)


@register.filter
def scorekeeper_in(user: Any, club: Any) -> bool:
    return has_role(user, SCOREKEEPERS, club)


@register.filter
def money(amount: Decimal | int | float | None) -> str:
    """``{{ fee|money }}``: « 7,00 € »."""
    return formatting.money(amount)


@register.filter
def ordinal(place: Any) -> Any:
    """``{{ rank|ordinal }}``: « 1er », « 2e »."""
    try:
        return formatting.ordinal(int(place))
    except (TypeError, ValueError):
        return place


@register.simple_tag(takes_context=True)
def privacy_url(context: Context) -> str:
    """The footer's privacy link: the page's club's notice (its ``club``, or the club of its
    ``tournament`` or ``season``), else the site's page listing every club's."""
    club = context.get("club")
    for name in ("tournament", "season"):
        if getattr(club, "slug", None):
            break
        club = getattr(context.get(name), "club", None)
    slug = getattr(club, "slug", None)
    return reverse("club_privacy", args=[slug]) if slug else reverse("site_privacy")
