"""Who holds a licence (issue 35 §2): one person across clubs.

Two issuers, two kinds of numbers: the site issues ``Player.licence_number`` (unique among the
site's own numbers), a federation issues its ``Licence.number`` (unique within it). A licence
is matched to its holder by the link it already has, else by the player of the licence's club
whose site number equals it (clubs typed the federation's number there before the federation
came); never by name alone. A person may hold licences of several federations."""

from collections.abc import Iterable

from django.db.models import QuerySet

from club.models import Player

from .models import Federation, Licence
from .selectors import member_clubs


def matched_holders(federation: Federation, licences: Iterable[tuple[str, int]]) -> dict[str, int]:
    """For (number, club id) pairs of ``federation``'s licences: the holder's player id of
    each number that has one (its stored link, else the player of that club holding the same
    number of the site). Two queries, whatever the list's size."""
    wanted = dict(licences)
    linked = dict(
        Licence.objects.filter(
            federation=federation, number__in=wanted, player__isnull=False
        ).values_list("number", "player_id")
    )
    same_number = Player.objects.filter(licence_number__in=set(wanted) - set(linked))
    for number, player_id, club_id in same_number.values_list("licence_number", "pk", "clubs"):
        if wanted.get(number) == club_id:
            linked[number] = player_id
    return linked


def federation_players(federation: Federation) -> QuerySet[Player]:
    """The players of its member clubs: the only ones its committee may merge."""
    clubs = member_clubs(federation).values("pk")
    return Player.objects.filter(clubs__in=clubs, erased_at__isnull=True).distinct()
