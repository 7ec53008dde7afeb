"""Who holds a licence (issue 35 §2): one person across clubs.

Two issuers, two kinds of numbers: the site issues ``Player.licence_number`` (unique among the
site's own numbers), a federation issues its ``Licence.number`` (unique within it). A licence
is matched to its holder by the link it already has, else by the player of the licence's club
whose site number equals it (clubs typed the federation's number there before the federation
came); never by name alone. A person may hold licences of several federations."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Prefetch, Q, QuerySet

from club.models import Club, Player

from .models import Federation, FederationMembership, Licence
from .selectors import member_clubs


def matched_holders(federation: Federation, licences: Iterable[tuple[str, int]]) -> dict[str, int]:
    """For (number, club id) pairs of ``federation``'s licences: the holder's player id of
    each number that has one (its stored link, else the player of that club holding the same
    number of the site). Two queries, whatever the list's size: the federation's linked
    licences, its clubs' players with a number of the site (no list of thousands of numbers
    sent to the database)."""
    wanted = dict(licences)
    linked = {
        number: player_id
        for number, player_id in Licence.objects.filter(
            federation=federation, player__isnull=False
        ).values_list("number", "player_id")
        if number in wanted
    }
    unlinked = set(wanted) - set(linked)
    members = (
        Player.clubs.through.objects.filter(club_id__in=set(wanted.values()))
        .exclude(player__licence_number="")
        .values_list("player__licence_number", "player_id", "club_id")
    )
    for number, player_id, club_id in members:
        if number in unlinked and wanted[number] == club_id:
            linked[number] = player_id
    return linked


def federation_players(federation: Federation) -> QuerySet[Player]:
    """The players of its member clubs: the only ones its committee may merge."""
    clubs = member_clubs(federation).values("pk")
    return Player.objects.filter(clubs__in=clubs, erased_at__isnull=True).distinct()


#: The most players a search of the merge page lists: type more to narrow it.
SEARCH_LIMIT = 20


@dataclass(frozen=True)
class PlayerSearch:
    """The players of a federation's clubs matching a search: at most ``SEARCH_LIMIT``
    (``more``: others match too), their clubs and this federation's licences prefetched."""

    players: Sequence[Player]
    more: bool


def search_federation_players(
    federation: Federation, query: str, *, limit: int = SEARCH_LIMIT
) -> PlayerSearch:
    """The players of ``federation``'s member clubs whose name holds every word of ``query``
    (first or last name, any case), or whose licence number, the site's or this federation's,
    starts with it. Never a player outside those clubs, nor an erased one. Three queries,
    whatever the number of players."""
    query = " ".join(query.split())
    words = Q()
    for word in query.split(" "):
        words &= Q(first_name__icontains=word) | Q(last_name__icontains=word)
    licensed = Licence.objects.filter(federation=federation, number__istartswith=query)
    matched = Player.objects.filter(
        words
        | Q(licence_number__istartswith=query)
        | Q(pk__in=licensed.filter(player__isnull=False).values("player_id"))
    )
    found = list(
        federation_players(federation)
        .filter(pk__in=matched.values("pk"))
        .order_by("sort_key", "pk")
        .prefetch_related(
            "clubs",
            Prefetch(
                "federation_licences",
                queryset=Licence.objects.filter(federation=federation).order_by("number"),
                to_attr="licences_here",
            ),
        )[: limit + 1]
    )
    return PlayerSearch(players=found[:limit], more=len(found) > limit)


def club_licence_holders(club: Club, numbers: set[str]) -> dict[str, Player]:
    """The known holders of ``numbers`` among the licences of the federations ``club`` is an
    accepted member of (his clubs prefetched): a member the club types with one is him."""
    federations = FederationMembership.objects.filter(
        club=club, status=FederationMembership.Status.ACCEPTED
    ).values("federation_id")
    licences = Licence.objects.filter(
        federation_id__in=federations, number__in=numbers, player__isnull=False
    ).select_related("player")
    found = {licence.number: licence.player for licence in licences if licence.player}
    by_pk = {
        p.pk: p
        for p in Player.objects.filter(pk__in=[p.pk for p in found.values()]).prefetch_related(
            "clubs"
        )
    }
    return {number: by_pk[player.pk] for number, player in found.items()}
