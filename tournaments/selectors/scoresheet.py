"""A table's sheet: its seats, names, dealers, records, and the game's verdict on it."""

from collections.abc import Mapping, Sequence
from typing import Any

from scoring import GAMES
from scoring.common import TableResult

from ..models import Entry, Seat, Table, Team, Tournament
from .round_reads import seats_with_occupants


def table_records(table: Table) -> list[dict[str, Any]]:
    return [deal.record for deal in table.deals.order_by("number")]


def table_seats(table: Table) -> list[Seat]:
    """A table's seats in order with their player or team (and the team's players)."""
    return list(seats_with_occupants().filter(table=table))


def seat_names(seats: Sequence[Seat]) -> list[str]:
    """What a sheet's columns are headed with: players, or teams in team games."""
    return [s.name for s in seats]


def team_players(team: Team) -> list[Entry]:
    return sorted(team.entries.all(), key=lambda e: e.pk)


def dealing_names(seats: Sequence[Seat]) -> list[str]:
    """The players in dealing order. At a table of two teams, team ``t`` is seats ``t`` and
    ``t + 2`` (its first player at ``t``, its second at ``t + 2``)."""
    if not seats or seats[0].team_id is None:
        return seat_names(seats)
    teams = [[e.player.full_name for e in team_players(s.team)] for s in seats if s.team]
    names = [""] * (2 * len(teams))
    for t, players in enumerate(teams):
        for k, name in enumerate(players[:2]):
            names[t + k * len(teams)] = name
    return names


def first_dealer(seats: Sequence[Seat]) -> int:
    return next((s.position for s in seats if s.first_dealer), 0)


def players_at(tournament: Tournament, seats: Sequence[Seat]) -> int:
    """Players at a table: its seats, or every player of its teams in team games."""
    return GAMES[tournament.game].players_at(len(seats))


def evaluate_sheet(table: Table, records: Sequence[Mapping[str, Any]]) -> TableResult:
    """The game's verdict on a sheet (``TableResult``), or ``InvalidDeal``; writes nothing."""
    seats = list(table.seats.all())
    tournament = table.round.tournament
    return GAMES[tournament.game].table_result(
        records,
        tournament.rules or None,
        first_dealer=first_dealer(seats),
        n_seats=players_at(tournament, seats),
    )
