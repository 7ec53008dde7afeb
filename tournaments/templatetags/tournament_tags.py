from django import template
from django.utils.text import capfirst

from tournaments.formatting import format_points

from ..games import plugin_for
from ..selectors import round_reads, scoresheet

register = template.Library()


@register.simple_tag
def session(tournament, number=None) -> str:
    """What the game calls a round, with its number: « Ronde 2 », « Poule 2 »."""
    name = capfirst(str(plugin_for(tournament.game).round_name))
    return f"{name} {number}" if number is not None else name


@register.simple_tag
def stale_lines(stale, form, table) -> list[round_reads.ConflictLine]:
    """After a version conflict: each line where the typed sheet and the one saved meanwhile
    differ, both in words (the 409 page shows them side by side)."""
    if stale is None:
        return []
    mine = getattr(form, "records", None) or []
    plugin = plugin_for(table.round.tournament.game)
    names = scoresheet.dealing_names(scoresheet.table_seats(table))
    return round_reads.sheet_conflict(stale.saved_records, mine, names, plugin.describe)


@register.filter
def points(value) -> str:
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
def deal_word(text, **values) -> str:
    """One of a deal form's ``words`` (« Enregistrer la manche 3 »), its numbers filled in."""
    return str(text % values) if values else str(text)
