from django import template
from django.utils.text import capfirst

from ..games import plugin_for

register = template.Library()


@register.simple_tag
def session(tournament, number=None) -> str:
    """What the game calls a round, with its number: « Ronde 2 », « Poule 2 »."""
    name = capfirst(str(plugin_for(tournament.game).round_name))
    return f"{name} {number}" if number is not None else name
