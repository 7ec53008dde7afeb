"""The door on the core's registration page (issue 35 §3): the core's template loads these
tags; its Python imports nothing of this app."""

from django import template
from django.utils.html import format_html

from tournaments.models import Tournament

from .. import door

register = template.Library()


@register.simple_tag
def federation_door(tournament: Tournament) -> door.Door | None:
    """The tournament's door if it counts for a federation: its rules and each registered
    player's licence state (two queries for the whole page), else None."""
    return door.door_for(tournament)


@register.simple_tag
def licence_state(found: door.Door, player_id: int) -> str:
    """A player's licence state in a mark and words (never colour alone)."""
    state = found.state(player_id)
    mark, words = door.STATES[state]
    return format_html(
        '<span class="tag licence licence-{}"><span aria-hidden="true">{}</span> {}</span>',
        state,
        mark,
        words,
    )
