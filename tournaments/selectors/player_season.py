"""One player's season: his stored tournament results, per game, and whom he met most.

Three queries whatever the length of the season: the results (with each tournament's number
of ranked players), the seats of the tables he sat at, and the players of the teams there.
"""

import datetime
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db.models import Count, OuterRef, Q, Subquery

from club.models import Player, Season
from club.names import person_name
from scoring import GAMES

from ..models import Entry, Seat, Tournament, TournamentResult
from .classification import sixtieths_fraction
from .season_totals import total_60ths


@dataclass(frozen=True)
class SeasonLine:
    """One tournament of the player: where he finished among how many, and with what."""

    tournament_id: int
    name: str
    date: datetime.date
    game: str
    rank: int
    ranked: int
    points: int
    place_points: Fraction
    rounds: int
    matches_won: int
    #: the points with the place points, where the tournament added them to the total
    total: int | Fraction = 0
    added: bool = False


@dataclass
class GameSeason:
    """The player's tournaments of one game, in date order, with his best and worst."""

    game: str
    lines: list[SeasonLine]

    @property
    def added(self) -> bool:
        """Whether one of the tournaments added its place points to the total."""
        return any(line.added for line in self.lines)

    @property
    def best(self) -> SeasonLine:
        return min(self.lines, key=lambda line: (line.rank, -line.points, line.date))

    @property
    def worst(self) -> SeasonLine:
        return max(self.lines, key=lambda line: (line.rank, -line.points, line.date))


@dataclass
class Opponent:
    player_id: int
    name: str
    meetings: int = 0
    wins: int = 0


@dataclass
class PlayerSeason:
    player: Player
    season: Season
    games: list[GameSeason] = field(default_factory=list)
    opponents: list[Opponent] = field(default_factory=list)


def season_tournaments(season: Season) -> Any:
    """The tournaments whose results count: published, started, of this season."""
    return Tournament.objects.filter(season=season, published=True).exclude(
        status=Tournament.Status.REGISTRATION
    )


def played_in_season(season: Season, player: Player) -> bool:
    """Whether the player entered one of the season's public tournaments (one query)."""
    return Entry.objects.filter(
        player=player, tournament__in=season_tournaments(season).values("pk")
    ).exists()


def season_lines(season: Season, player: Player) -> list[SeasonLine]:
    """The player's stored results in the season, in date order (one query)."""
    ranked = (
        TournamentResult.objects.filter(tournament=OuterRef("tournament"))
        .order_by()
        .values("tournament")
        .annotate(n=Count("id"))
        .values("n")
    )
    rows = (
        TournamentResult.objects.filter(
            player=player, tournament__in=season_tournaments(season).values("pk")
        )
        .annotate(ranked=Subquery(ranked), total=total_60ths())
        .order_by("tournament__date", "tournament__name")
        .values_list(
            "tournament_id",
            "tournament__name",
            "tournament__date",
            "tournament__game",
            "rank",
            "ranked",
            "points",
            "place_points_60ths",
            "rounds",
            "matches_won",
            "total",
            "tournament__rules__place_points_use",
        )
    )
    return [
        SeasonLine(
            tournament_id=pk,
            name=name,
            date=date,
            game=game,
            rank=rank,
            ranked=count or 0,
            points=points,
            place_points=sixtieths_fraction(sixtieths),
            rounds=rounds,
            matches_won=won,
            total=sixtieths_fraction(total),
            added=use == "added",
        )
        for pk, name, date, game, rank, count, points, sixtieths, rounds, won, total, use in rows
    ]


def head_to_head(tournament_ids: list[int], player: Player, limit: int = 5) -> list[Opponent]:
    """Whom the player met most at complete tables of these tournaments: meetings, and the
    meetings he won (finished ahead at the table: more place points, then a higher score;
    in team games, his team won the match). A partner is not an opponent. Two queries."""
    own_tables = Seat.objects.filter(
        Q(entry__player=player) | Q(team__entries__player=player),
        round__tournament_id__in=tournament_ids,
        table__complete=True,
    ).values("table_id")
    seats = list(
        Seat.objects.filter(table_id__in=own_tables).values_list(
            "table_id",
            "entry__player_id",
            "entry__player__last_name",
            "entry__player__first_name",
            "team_id",
            "score",
            "place_points_60ths",
            "won",
        )
    )
    team_ids = {seat[4] for seat in seats if seat[4] is not None}
    team_players: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for team_id, player_id, last, first in Entry.objects.filter(
        team_id__in=team_ids, substitute=False
    ).values_list("team_id", "player_id", "player__last_name", "player__first_name"):
        team_players[team_id].append((player_id, person_name(first, last)))

    tables: dict[int, list[tuple[list[tuple[int, str]], tuple[int, int], bool | None]]] = (
        defaultdict(list)
    )
    for table_id, player_id, last, first, team_id, score, sixtieths, won in seats:
        alone = [(player_id, person_name(first, last))]
        people = team_players[team_id] if team_id is not None else alone
        tables[table_id].append((people, (sixtieths, score), won))

    met: dict[int, Opponent] = {}
    for units in tables.values():
        own = next((u for u in units if any(pid == player.pk for pid, _ in u[0])), None)
        if own is None:
            continue
        for unit in units:
            if unit is own:
                continue
            team_match = own[2] is not None or unit[2] is not None
            won = bool(own[2]) if team_match else own[1] > unit[1]
            for player_id, name in unit[0]:
                opponent = met.setdefault(player_id, Opponent(player_id, name))
                opponent.meetings += 1
                opponent.wins += int(won)
    ordered = sorted(met.values(), key=lambda o: (-o.meetings, -o.wins, o.name))
    return ordered[:limit]


def player_season(season: Season, player: Player) -> PlayerSeason:
    """The player's season: his tournaments per game (``GAMES`` order) and his most met
    opponents. Empty ``games`` when he has no counted result in the season."""
    lines = season_lines(season, player)
    by_game: dict[str, list[SeasonLine]] = defaultdict(list)
    for line in lines:
        by_game[line.game].append(line)
    result = PlayerSeason(player=player, season=season)
    result.games = [GameSeason(game, by_game[game]) for game in GAMES if game in by_game]
    if lines:
        result.opponents = head_to_head([line.tournament_id for line in lines], player)
    return result
