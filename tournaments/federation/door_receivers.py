"""The core's registration, as the federation hears it at the door (issue 35 §3): a player
without a valid licence refused where the tournament admits only licensed players, and a
walk-in's licence number matched to its holder; and the club's member import, whose member
typed with a federation's licence number is its holder (§2)."""

from typing import Any

from django.dispatch import receiver

from club import player_import
from club.models import Club, Player
from tournaments import signals
from tournaments.models import Tournament

from . import door, holders


@receiver(signals.players_registering, dispatch_uid="federation.players_registering")
def players_registering(
    sender: object, *, tournament: Tournament, players: list[Player], **kwargs: Any
) -> None:
    door.refuse_unlicensed(tournament, players)


@receiver(signals.walk_in_licence, dispatch_uid="federation.walk_in_licence")
def walk_in_licence(
    sender: object, *, tournament: Tournament, number: str, **kwargs: Any
) -> Player | None:
    return door.holder_at_door(tournament, number)


@receiver(player_import.licence_holders, dispatch_uid="federation.licence_holders")
def licence_holders(
    sender: object, *, club: Club, numbers: set[str], **kwargs: Any
) -> dict[str, Player]:
    return holders.club_licence_holders(club, numbers)
