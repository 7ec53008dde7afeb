"""The desk's page of a tournament asks whether this database is the laptop holding it (its
lease's key is here): then it offers « Rapporter la soirée », and warns once the evening's last
version was made (what is changed here after it no longer reaches the site)."""

from django import template

from ...models import Tournament
from ..models import LeaseKey
from ..services.hall import hall_lease, holds_lease, laptop_lease

register = template.Library()


@register.filter
def lease_here(tournament: Tournament) -> bool:
    return holds_lease(tournament)


@register.simple_tag
def lease_of(tournament: Tournament) -> LeaseKey | None:
    """The lease this database keeps for ``tournament`` (None: not the laptop holding it)."""
    return laptop_lease(tournament)


@register.simple_tag
def hall_lease_of(tournament: Tournament) -> LeaseKey | None:
    """The same on the hall's laptop only (no query on the site's pages)."""
    return hall_lease(tournament)
