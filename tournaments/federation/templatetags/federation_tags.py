"""The door on the core's registration page (issue 35 §3), the federations on the site's home
and on a member club's page: the core's templates load these tags; its Python imports nothing
of this app."""

from typing import Any

from django import template
from django.utils.html import format_html

from club.models import Club
from tournaments.models import Tournament

from .. import door
from ..models import Federation
from ..selectors import accepted_federations, federation_ids

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


@register.simple_tag
def site_federations(user: Any) -> list[tuple[Federation, bool]]:
    """The site's federations (one query), each with whether ``user`` sits on its committee
    (its desk is linked beside its public page)."""
    mine = federation_ids(user)
    return [
        (federation, mine is None or federation.pk in mine)
        for federation in Federation.objects.order_by("name").only("name", "slug")
    ]


@register.simple_tag
def club_federations(club: Club) -> list[Federation]:
    """The federations that accepted ``club`` as a member."""
    return list(accepted_federations(club))
