"""The core's signals the bundles listen to."""

from typing import Any

from django.dispatch import receiver

from club.models import Player

from ..models import Tournament
from ..signals import hold_released, player_erased
from .services.leases import forget_player, record_release


@receiver(hold_released, dispatch_uid="travel_hold_released")
def lease_released(sender: Any, *, tournament: Tournament, by_hand: bool, **kwargs: Any) -> None:
    record_release(tournament, by_hand=by_hand)


@receiver(player_erased, dispatch_uid="travel_player_erased")
def lease_forgets(sender: Any, *, player: Player, **kwargs: Any) -> None:
    forget_player(player)
