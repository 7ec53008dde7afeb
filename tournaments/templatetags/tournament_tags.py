import json
from fractions import Fraction
from typing import TYPE_CHECKING

from django import template
from django.utils.text import capfirst

from tournaments.formatting import format_points, seating_fix

from ..games import plugin_for
from ..selectors import round_reads, scoresheet

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from ..models import Table, Tournament
    from ..services.errors import StaleSheet

register = template.Library()


@register.simple_tag
def session(tournament: "Tournament", number: int | None = None) -> str:
    """What the game calls a round, with its number: « Ronde 2 », « Poule 2 »."""
    name = capfirst(str(plugin_for(tournament.game).round_name))
    return f"{name} {number}" if number is not None else name


@register.simple_tag
def stale_lines(
    stale: "StaleSheet | None", form: object, table: "Table"
) -> list[round_reads.ConflictLine]:
    """After a version conflict: each line where the typed sheet and the one saved meanwhile
    differ, both in words (the 409 page shows them side by side)."""
    if stale is None:
        return []
    mine = getattr(form, "records", None) or []
    plugin = plugin_for(table.round.tournament.game)
    names = scoresheet.dealing_names(scoresheet.table_seats(table))
    return round_reads.sheet_conflict(
        stale.saved_records, mine, names, plugin.describer(table.round.tournament.rules or None)
    )


@register.filter(name="seating_fix")
def seating_fix_words(gap: tuple[int, int]) -> str:
    """``(add, remove)``: « ajoutez 1 remplaçant ou retirez 3 joueurs »."""
    return seating_fix(*gap)


@register.filter
def points(value: Fraction | int | None) -> str:
    """Place points as the standings show them (a whole number, or two decimals)."""
    return format_points(value)


@register.filter
def clock_text(seconds: int) -> str:
    """A clock's time left as the hall reads it: « 42:05 », « 1:20:00 »."""
    hours, rest = divmod(max(0, int(seconds)), 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


@register.simple_tag
def deal_word(text: "StrOrPromise", **values: object) -> str:
    """One of a deal form's ``words`` (« Enregistrer la manche 3 »), its numbers filled in."""
    return str(text % values) if values else str(text)


class _Slot(int):
    """A count the page's script fills in: it picks the plural form by its value and prints
    as « __N__ »."""

    def __str__(self) -> str:
        return "__N__"


@register.simple_tag
def deal_word_counts(text: "StrOrPromise") -> str:
    """A counted phrase (``ngettext_lazy`` on ``n``) for a script, as JSON: its forms for 0, 1
    and 2 or more, « __N__ » where the count goes (« 1 donne », « 2 donnes », in the page's
    language: French says « 0 donne »). The script picks ``forms[Math.min(n, 2)]``."""
    return json.dumps([str(text % {"n": _Slot(count)}) for count in (0, 1, 2)], ensure_ascii=False)
