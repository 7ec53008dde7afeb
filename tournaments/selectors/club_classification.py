"""The club classification of an open tournament (docs/rules/ranking.md#club-classification):
each entry plays for a club of the organiser's list; a club counts its best N players'
results, ranked by ``scoring.ranking.club_ranking``."""

from dataclasses import dataclass, field
from fractions import Fraction

from scoring import GAMES
from scoring.ranking import RoundLine, club_ranking

from ..games import plugin_for
from ..models import Entry, Tournament
from .classification import StandingRow, tournament_standings


@dataclass
class ClubPlayer:
    name: str
    result: int | Fraction
    counted: bool


@dataclass
class ClubLine:
    place: int
    name: str
    total: int | Fraction
    complete: bool
    players: list[ClubPlayer] = field(default_factory=list)

    @property
    def counted(self) -> list[ClubPlayer]:
        return [p for p in self.players if p.counted]


def has_club_classification(tournament: Tournament) -> bool:
    """Whether the tournament ranks clubs: set on, players ranked one by one, not archived."""
    return (
        tournament.club_ranking_best is not None
        and not tournament.archived
        and plugin_for(tournament.game).lineup.unit == "entry"
    )


def club_classification(
    tournament: Tournament, standings: list[StandingRow] | None = None
) -> list[ClubLine]:
    """The clubs ranked by the sum of their best N players' results: a player's result is
    the figure his tournament ranks players by first (whist: his points, with the place
    points where they are added; Double King: his place points). Substitutes and players
    without a club are left out. Empty when the tournament has no club classification."""
    if not has_club_classification(tournament):
        return []
    best = tournament.club_ranking_best
    assert best is not None
    if standings is None:  # as the standings table counts them (whist: live)
        standings = tournament_standings(
            tournament, live=plugin_for(tournament.game).live_standings
        )
    represented = dict(
        Entry.objects.filter(tournament=tournament, represented_club__isnull=False).values_list(
            "pk", "represented_club__name"
        )
    )
    key_of = GAMES[tournament.game].classifier(tournament.rules or None)
    by_club: dict[str, list[ClubPlayer]] = {}
    for row in standings:
        club = represented.get(row.entry_id)
        if club is None or row.substitute or row.rank is None:
            continue
        lines = [RoundLine(c.score, c.place_points) for c in row.rounds.values()]
        result = key_of(lines)[0]
        by_club.setdefault(club, []).append(ClubPlayer(row.name, result, counted=False))
    ranking = club_ranking({club: [p.result for p in ps] for club, ps in by_club.items()}, best)
    lines_out = []
    for standing in ranking:
        players = sorted(by_club[str(standing.club)], key=lambda p: (-p.result, p.name))
        for player in players[:best]:
            player.counted = True
        lines_out.append(
            ClubLine(
                place=standing.place,
                name=str(standing.club),
                total=standing.total,
                complete=standing.complete,
                players=players,
            )
        )
    return lines_out
