from django import template

from club import formatting
from club.roles import COMMITTEE, SCOREKEEPERS, has_role

register = template.Library()


@register.filter
def get(mapping, key):
    """``{{ mapping|get:key }}`` for dicts and lists (None when missing)."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.filter
def committee_in(user, club):
    """``{% if user|committee_in:club %}``: show a committee link only for the user's clubs."""
    return has_role(user, COMMITTEE, club)


@register.filter
def scorekeeper_in(user, club):
    return has_role(user, SCOREKEEPERS, club)


@register.filter
def money(amount):
    """``{{ fee|money }}``: « 7,00 € »."""
    return formatting.money(amount)


@register.filter
def ordinal(place):
    """``{{ rank|ordinal }}``: « 1er », « 2e »."""
    try:
        return formatting.ordinal(int(place))
    except (TypeError, ValueError):
        return place
