from django import template
from django.utils.text import capfirst
from django.utils.translation import get_language

from scoring import GAMES

register = template.Library()


@register.simple_tag
def session(tournament, number=None) -> str:
    """What the game calls a round, with its number: « Ronde 2 », « Poule 2 », "Pool 2"."""
    spec = GAMES[tournament.game]
    name = spec.session_fr if (get_language() or "fr").startswith("fr") else spec.session_en
    return f"{capfirst(name)} {number}" if number is not None else capfirst(name)
