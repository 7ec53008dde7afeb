"""The core's signals the bundles listen to."""

from typing import Any

from django.dispatch import receiver

from club.models import Player

from ..federation import door
from ..models import Tournament
from ..signals import hold_released, player_erased, walk_in_licence
from .services.hall import holds_lease
from .services.leases import forget_player, record_release


@receiver(hold_released, dispatch_uid="travel_hold_released")
def lease_released(sender: Any, *, tournament: Tournament, by_hand: bool, **kwargs: Any) -> None:
    record_release(tournament, by_hand=by_hand)


@receiver(player_erased, dispatch_uid="travel_player_erased")
def lease_forgets(sender: Any, *, player: Player, **kwargs: Any) -> None:
    forget_player(player)


@receiver(walk_in_licence, dispatch_uid="travel_walk_in_licence")
def licence_to_check(
    sender: Any, *, tournament: Tournament, number: str, **kwargs: Any
) -> Player | None:
    """On the hall's laptop, a licence number its list does not hold: « à vérifier au
    retour » (the site checks it at the import); online such a number stays refused."""
    if not holds_lease(tournament):
        return None
    return door.licence_to_check(
        tournament,
        number,
        first_name=kwargs.get("first_name", ""),
        last_name=kwargs.get("last_name", ""),
    )
