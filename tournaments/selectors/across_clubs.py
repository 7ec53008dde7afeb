"""Reads that list players of several clubs on one page (a federation's ranking, a player's
results across clubs): no club's ambient context (``club.privacy.public_page``: its order of
names, its players' public names) can speak for every row, so each row carries its name
already written as the row's own club writes it (``club.privacy.resolved_name``). Pages of
one club keep the ambient context."""

from collections.abc import Iterable
from dataclasses import dataclass

from club.privacy import resolved_name, shows_player_page

from ..models import TournamentResult


@dataclass(frozen=True)
class ResultAcrossClubs:
    """A player's result in a tournament, named as the tournament's club names him."""

    player_id: int
    #: Written as his row's club writes it: its order of names, his public name there.
    name: str
    #: Whether that club gives him a public page (a hidden name has none).
    linked: bool
    club: str
    tournament: str
    rank: int
    points: int


def results_across_clubs(tournament_ids: Iterable[int]) -> list[ResultAcrossClubs]:
    """The stored results of these tournaments, whichever clubs run them, by tournament then
    rank: one query, whatever the number of rows and clubs."""
    rows = (
        TournamentResult.objects.filter(tournament_id__in=list(tournament_ids))
        .select_related("player", "tournament__club")
        .only(
            "rank",
            "points",
            "player__first_name",
            "player__last_name",
            "player__public_name",
            "player__pseudonym",
            "tournament__name",
            "tournament__date",
            "tournament__club__name",
            "tournament__club__name_order",
            "tournament__club__default_public_name",
        )
        .order_by("tournament__date", "tournament_id", "rank", "player__sort_key")
    )
    return [
        ResultAcrossClubs(
            player_id=row.player_id,
            name=resolved_name(row.player, row.tournament.club),
            linked=shows_player_page(row.player, row.tournament.club),
            club=row.tournament.club.name,
            tournament=row.tournament.name,
            rank=row.rank,
            points=row.points,
        )
        for row in rows
    ]
