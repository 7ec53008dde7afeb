"""Players registering for a tournament, arriving, leaving."""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from club.models import Club, Player
from club.selectors import club_player_named

from ..models import (
    Entry,
    Tournament,
)
from .errors import TournamentError
from .result_store import results_changed, standings_changed


def register_player(tournament: Tournament, *, player: Player, substitute: bool = False) -> Entry:
    entry, created = Entry.objects.get_or_create(
        tournament=tournament, player=player, defaults={"substitute": substitute, "present": True}
    )
    if not created and entry.withdrawn:
        entry.withdrawn = False
        entry.save(update_fields=["withdrawn"])
    standings_changed(tournament)
    return entry


@dataclass(frozen=True)
class WalkIn:
    entry: Entry
    new_player: bool  # False: the club already had a player of that name (a double submit)
    new_entry: bool  # False: he was already registered


@transaction.atomic
def add_walk_in(
    tournament: Tournament, *, first_name: str, last_name: str, substitute: bool = False
) -> WalkIn:
    """A player who is not yet known: create him, make him a player of the club, register him.

    The club's row is locked first, so two identical walk-ins sent at once (a double tap)
    queue: the second finds the player the first created and registers nobody twice.
    """
    club = Club.objects.select_for_update().get(pk=tournament.club_id)
    first_name, last_name = first_name.strip(), last_name.strip()
    player = club_player_named(club, first_name, last_name)
    new_player = player is None
    if player is None:
        player = Player.objects.create(first_name=first_name, last_name=last_name)
        player.clubs.add(club)
    registered = tournament.entries.filter(player=player, withdrawn=False).exists()
    entry = register_player(tournament, player=player, substitute=substitute)
    return WalkIn(entry, new_player=new_player, new_entry=not registered)


def update_entry(entry: Entry, **flags: bool) -> Entry:
    allowed = {"present", "paid", "substitute", "withdrawn"}
    for name, value in flags.items():
        if name not in allowed:
            raise ValueError(name)
        setattr(entry, name, value)
    with transaction.atomic():
        entry.save(update_fields=list(flags))
        # A substitute is left out of the classification and of the season's rankings.
        results_changed(entry.tournament)
    return entry


def unregister(entry: Entry) -> None:
    if entry.seats.exists():
        raise TournamentError(
            _("%(player)s has already played: mark him as withdrawn instead.")
            % {"player": entry.player}
        )
    entry.delete()
    standings_changed(entry.tournament)
