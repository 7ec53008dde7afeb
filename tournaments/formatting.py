"""Tournament figures as every page, sheet and export writes them."""

from fractions import Fraction

from django.utils.formats import localize, number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def format_points(value: Fraction | int | None) -> str:
    """Place points: a whole number, or a French decimal with two places when shared oddly."""
    if value is None:
        return "—"
    value = Fraction(value)
    if value.denominator == 1:
        return str(localize(int(value)))
    return number_format(float(value), decimal_pos=2)


def seating_fix(add: int, remove: int) -> str:
    """What fills the tables, counted: « ajoutez 1 remplaçant ou retirez 3 joueurs »."""
    substitutes = ngettext("%(n)d substitute", "%(n)d substitutes", add) % {"n": add}
    players = ngettext("%(n)d player", "%(n)d players", remove) % {"n": remove}
    return _("add %(substitutes)s or remove %(players)s") % {
        "substitutes": substitutes,
        "players": players,
    }
