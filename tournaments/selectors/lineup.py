"""Who plays: players and teams present, whether they fill the tables, the rounds played."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db.models import Exists, OuterRef

from scoring import seating

from ..games import plugin_for
from ..models import (
    Entry,
    Round,
    Seat,
    Team,
    Tournament,
    label_teams,
)
from .rulebook import table_sizes
from .scoresheet import team_players


def playing_entries(tournament: Tournament) -> list[Entry]:
    return list(
        tournament.entries.filter(present=True, withdrawn=False)
        .select_related("player")
        .order_by("player__sort_key", "pk")
    )


def playing_count(tournament: Tournament) -> int:
    """How many registered players are present and not withdrawn."""
    return tournament.entries.filter(present=True, withdrawn=False).count()


def seating_gap(count: int, sizes: Sequence[int]) -> tuple[int, int] | None:
    """None if ``count`` players fill tables of these sizes, else (players to add, to remove)."""

    def fits(n: int) -> bool:
        reachable = [True] + [False] * n
        for total in range(1, n + 1):
            reachable[total] = any(total >= s and reachable[total - s] for s in sizes)
        return n > 0 and reachable[n]

    if fits(count):
        return None
    add = next(k for k in range(1, max(sizes) * 2 + 1) if fits(count + k))
    remove = next((k for k in range(1, count) if fits(count - k)), count)
    return add, remove


def unpaired_entries(tournament: Tournament) -> list[Entry]:
    """Players present without a team (team games)."""
    return [e for e in playing_entries(tournament) if e.team_id is None]


def playing_teams(tournament: Tournament) -> list[Team]:
    """Teams whose two players are present and not withdrawn."""
    teams = list(tournament.teams.prefetch_related("entries__player").order_by("pk"))
    label_teams(teams, whole=True)
    return sorted(
        (
            t
            for t in teams
            if len([e for e in t.entries.all() if e.present and not e.withdrawn]) == 2
        ),
        key=lambda t: t.label,
    )


def seating_gap_for(tournament: Tournament) -> tuple[int, int] | None:
    """What stops the units present from being seated (None: nothing); the game's lineup
    says (team games seat teams, and an odd team gets a bye)."""
    if plugin_for(tournament.game).lineup.unit == "team":
        return None  # an odd team count gives a bye
    return players_gap(tournament)


def players_gap(tournament: Tournament) -> tuple[int, int] | None:
    """What stops the players present from being seated at the ruleset's table sizes."""
    return seating_gap(len(playing_entries(tournament)), table_sizes(tournament))


def seating_history(
    tournament: Tournament, index: Mapping[int, int], before: int, unit: str = "entry_id"
) -> list[list[list[int]]]:
    """Earlier rounds as lists of tables of unit indices (players, or teams: ``unit``);
    units who left are dropped."""
    rounds: dict[int, dict[int, list[int]]] = {}
    seats = (
        Seat.objects.filter(round__tournament=tournament, round__number__lt=before)
        .order_by("round__number", "table__number", "position")
        .values_list("round__number", "table__number", unit)
    )
    for round_number, table_number, unit_id in seats:
        if unit_id in index:
            rounds.setdefault(round_number, {}).setdefault(table_number, []).append(index[unit_id])
    return [[t for t in tables.values() if len(t) > 1] for tables in rounds.values()]


def current_repeats(round_: Round) -> int:
    """Repeated meetings over the rounds up to this one, as the seating engine counts them."""
    tournament = round_.tournament
    entries = {
        e
        for e in Seat.objects.filter(round__tournament=tournament).values_list(
            "entry_id", flat=True
        )
    }
    index = {entry_id: i for i, entry_id in enumerate(sorted(e for e in entries if e))}
    rounds = seating_history(tournament, index, round_.number + 1)
    return seating.repeats(rounds)


@dataclass(frozen=True)
class TeamLine:
    """A team on the teams page: its players in seat order, and whether it has played (a
    team that has played cannot be split)."""

    team: Team
    players: list[Entry]
    has_played: bool


def team_lines(tournament: Tournament) -> list[TeamLine]:
    """Every team of the tournament by name (three queries, whatever the number of teams)."""
    teams = list(
        tournament.teams.prefetch_related("entries__player")
        .annotate(has_played=Exists(Seat.objects.filter(team=OuterRef("pk"))))
        .order_by("pk")
    )
    label_teams(teams, whole=True)
    teams.sort(key=lambda team: team.label)
    return [TeamLine(team, team_players(team), team.has_played) for team in teams]


def complete_teams(tournament: Tournament) -> int | None:
    """Teams ready to play (``None``: the game forms no teams)."""
    if not plugin_for(tournament.game).lineup.forms_teams:
        return None
    return len(playing_teams(tournament))
