"""The Double King sheet's letters, for its printed version (the screen's form has its own)."""

from django import template

from ..games.double_king import LETTERS

register = template.Library()


@register.filter
def dk_letter(code: str) -> str:
    """« C » for « queens »: what the players write in the « Jeu » column."""
    return LETTERS.get(code, "")
