"""Players registering for a tournament, arriving, leaving."""

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from club.models import Club, Player, RepresentedClub
from club.selectors import club_player_named

from .. import signals
from ..models import (
    Entry,
    Tournament,
)
from .errors import TournamentError
from .holds import ensure_writable
from .result_store import results_changed, standings_changed


@transaction.atomic
def register_player(
    tournament: Tournament,
    *,
    player: Player,
    substitute: bool = False,
    table_filler: bool = False,
) -> Entry:
    """``table_filler``: a host who sits down to complete a table, left out of the rating for
    this tournament (``tournaments.ratings``)."""
    ensure_writable(tournament)
    signals.players_registering.send(Tournament, tournament=tournament, players=[player])
    entry, created = Entry.objects.get_or_create(
        tournament=tournament,
        player=player,
        defaults={"substitute": substitute, "table_filler": table_filler, "present": True},
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
    tournament: Tournament,
    *,
    first_name: str,
    last_name: str,
    substitute: bool = False,
    licence_number: str = "",
    table_filler: bool = False,
) -> WalkIn:
    """A player who is not yet known: create him, make him a player of the club, register him.
    With a licence number, its holder (the same person, wherever he plays) is registered and
    becomes a player of the club: the site's own numbers first, then those the apps know
    (``signals.walk_in_licence``: a federation's); a number nobody holds is refused.

    The club's row is locked first, so two identical walk-ins sent at once (a double tap)
    queue: the second finds the player the first created and registers nobody twice.
    """
    ensure_writable(tournament)
    club = Club.objects.select_for_update().get(pk=tournament.club_id)
    first_name, last_name = first_name.strip(), last_name.strip()
    found = (
        licence_holder(
            tournament, licence_number.strip(), first_name=first_name, last_name=last_name
        )
        if licence_number.strip()
        else club_player_named(club, first_name, last_name)
    )
    new_player = found is None
    player = found or Player.objects.create(first_name=first_name, last_name=last_name)
    player.clubs.add(club)
    registered = tournament.entries.filter(player=player, withdrawn=False).exists()
    entry = register_player(
        tournament, player=player, substitute=substitute, table_filler=table_filler
    )
    return WalkIn(entry, new_player=new_player, new_entry=not registered)


def licence_holder(
    tournament: Tournament, number: str, *, first_name: str = "", last_name: str = ""
) -> Player:
    """The person holding the licence ``number``; refused when nobody here holds it (or no
    app answers for him: a hall's laptop registers a number it cannot check, with the names
    typed, as a licence to check at the return)."""
    holder = Player.objects.filter(licence_number=number, erased_at__isnull=True).first()
    if holder is not None:
        return holder
    answers = signals.walk_in_licence.send(
        Tournament,
        tournament=tournament,
        number=number,
        first_name=first_name,
        last_name=last_name,
    )
    for _receiver, found in answers:
        if isinstance(found, Player):
            return found
    raise TournamentError(
        _(
            "Licence number: nobody holds the licence “%(number)s” here. Check the number, "
            "or leave it empty and type the player's names."
        )
        % {"number": number}
    )


@dataclass(frozen=True)
class Registered:
    """A player registered from the desk; ``added`` False: he already was (a walk-in sent
    twice)."""

    entry: Entry
    added: bool


def register(
    tournament: Tournament,
    *,
    player: Player | None = None,
    first_name: str = "",
    last_name: str = "",
    substitute: bool = False,
    licence_number: str = "",
    table_filler: bool = False,
) -> Registered:
    """A member of the club (``player``) or a walk-in (his licence number, matched to its
    holder, or his names: a player of the club is created unless the club has one of that
    name) registered; a walk-in already registered is not added twice."""
    if player is not None:
        entry = register_player(
            tournament, player=player, substitute=substitute, table_filler=table_filler
        )
        return Registered(entry, added=True)
    walk_in = add_walk_in(
        tournament,
        first_name=first_name,
        last_name=last_name,
        substitute=substitute,
        licence_number=licence_number,
        table_filler=table_filler,
    )
    return Registered(walk_in.entry, added=walk_in.new_entry)


# What the desk ticks on an entry, one at a time (``update_entry``).
ENTRY_FLAGS = frozenset({"present", "paid", "substitute", "table_filler", "withdrawn"})


def update_entry(entry: Entry, **flags: bool) -> Entry:
    for name, value in flags.items():
        if name not in ENTRY_FLAGS:
            raise ValueError(name)
        setattr(entry, name, value)
    with transaction.atomic():
        ensure_writable(entry.tournament_id)
        entry.save(update_fields=list(flags))
        # A substitute is left out of the classification and of the season's rankings; a
        # substitute or a host filling a table, of the rating lists.
        results_changed(entry.tournament)
    return entry


@transaction.atomic
def set_represented_club(entry: Entry, represented: RepresentedClub | None) -> Entry:
    """The club ``entry`` plays for in the club classification (one of the organiser's list;
    ``None``: none)."""
    ensure_writable(entry.tournament_id)
    if represented is not None and represented.club_id != entry.tournament.club_id:
        raise TournamentError(_("Choose a club from the organiser’s list."))
    entry.represented_club = represented
    entry.save(update_fields=["represented_club"])
    standings_changed(entry.tournament)
    return entry


@transaction.atomic
def unregister(entry: Entry) -> None:
    ensure_writable(entry.tournament_id)
    if entry.seats.exists():
        raise TournamentError(
            _("%(player)s has already played: mark him as withdrawn instead.")
            % {"player": entry.player}
        )
    entry.delete()
    standings_changed(entry.tournament)


@transaction.atomic
def register_players(tournament: Tournament, players: Iterable[Player]) -> int:
    """The members ticked present, registered at once (one version bump); a player already
    registered is left as he is (one who had withdrawn comes back). How many were added."""
    ensure_writable(tournament)
    players = list(players)
    signals.players_registering.send(Tournament, tournament=tournament, players=players)
    known = dict(
        tournament.entries.filter(player__in=players).values_list("player_id", "withdrawn")
    )
    Entry.objects.bulk_create(
        Entry(tournament=tournament, player=player, present=True)
        for player in players
        if player.pk not in known
    )
    back = [pid for pid, withdrawn in known.items() if withdrawn]
    if back:
        tournament.entries.filter(player_id__in=back).update(withdrawn=False)
    standings_changed(tournament)
    return sum(1 for player in players if player.pk not in known)


def previous_tournament(tournament: Tournament) -> Tournament | None:
    """The club's tournament before this one (by date, then creation), whoever played it."""
    earlier = Tournament.objects.filter(club_id=tournament.club_id).exclude(pk=tournament.pk)
    same_day = earlier.filter(date=tournament.date, pk__lt=tournament.pk)
    return (same_day | earlier.filter(date__lt=tournament.date)).order_by("-date", "-pk").first()


@transaction.atomic
def register_same_as_last(tournament: Tournament) -> tuple[Tournament | None, int]:
    """« Les mêmes que la dernière fois »: the players present at the previous tournament
    (not withdrawn, not substitutes), registered here; the previous one and how many."""
    ensure_writable(tournament)
    previous = previous_tournament(tournament)
    if previous is None:
        return None, 0
    players = Player.objects.filter(
        entries__tournament=previous,
        entries__present=True,
        entries__withdrawn=False,
        entries__substitute=False,
        clubs=tournament.club_id,
    ).distinct()
    return previous, register_players(tournament, players)
