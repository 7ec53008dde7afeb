"""The Double King sheet's letters, for its printed version (the screen's form has its own)."""

from django import template

from ..games.double_king import LETTERS, legend

register = template.Library()


@register.filter
def dk_letter(code: str) -> str:
    """« C » for « queens »: what the players write in the « Jeu » column."""
    return LETTERS.get(code, "")


@register.simple_tag
def dk_legend() -> list[tuple[str, str]]:
    """[(letter, game name)] in the current language, for the sheet's legend."""
    return legend()
