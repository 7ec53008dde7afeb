"""The core's signals the bundles listen to."""

from typing import Any

from django.dispatch import receiver

from ..models import Tournament
from ..signals import hold_released
from .services.leases import record_release


@receiver(hold_released, dispatch_uid="travel_hold_released")
def lease_released(sender: Any, *, tournament: Tournament, by_hand: bool, **kwargs: Any) -> None:
    record_release(tournament, by_hand=by_hand)
