"""The desk's page of a tournament asks whether this database is the laptop holding it (its
lease's key is here): then it offers « Rapporter la soirée »."""

from django import template

from ...models import Tournament
from ..services.hall import holds_lease

register = template.Library()


@register.filter
def lease_here(tournament: Tournament) -> bool:
    return holds_lease(tournament)
