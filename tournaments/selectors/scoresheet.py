"""A table's sheet: its seats, names, dealers, records, and the game's verdict on it."""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring import GAMES, InvalidDeal
from scoring.common import TableResult

from ..models import Entry, Seat, Table, Team, Tournament, label_teams
from .round_reads import seats_with_occupants


def table_records(table: Table) -> list[dict[str, Any]]:
    # Only the records: no Deal instances built for them (a sheet is 20-odd rows).
    return list(table.deals.order_by("number").values_list("record", flat=True))


def table_seats(table: Table) -> list[Seat]:
    """A table's seats in order with their player or team (and the team's players)."""
    seats = list(seats_with_occupants().filter(table=table))
    label_teams(s.team for s in seats if s.team is not None)
    return seats


def seat_names(seats: Sequence[Seat]) -> list[str]:
    """What a sheet's columns are headed with: players, or teams in team games."""
    return [s.name for s in seats]


def column_names(seats: Sequence[Seat]) -> list[str]:
    """A phone's narrow columns: « Josiane P. » for a player (whole names when two would read
    the same), a team's name. The whole names stay for screen readers (``seat_names``)."""
    players = [s.entry.player for s in seats if s.entry is not None]
    if len(players) != len(seats):
        return seat_names(seats)
    short = [f"{p.first_name} {p.last_name[:1]}." for p in players]
    return short if len(set(short)) == len(short) else seat_names(seats)


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


def evaluate_sheet(
    table: Table, records: Sequence[Mapping[str, Any]], seats: Sequence[Seat] | None = None
) -> TableResult:
    """The game's verdict on a sheet (``TableResult``), or ``InvalidDeal``; writes nothing.
    ``seats``: the table's seats when the caller has them (no query then)."""
    if seats is None:
        seats = list(table.seats.all())
    tournament = table.round.tournament
    return GAMES[tournament.game].table_result(
        records,
        tournament.rules or None,
        first_dealer=first_dealer(seats),
        n_seats=players_at(tournament, seats),
        sit_out_order=table.sit_out_order or None,
    )


@dataclass
class DealLine:
    """One entered deal of a deal-by-deal table, with each seat's points and running total."""

    number: int
    dealer: str
    text: str
    points: list[int]
    totals: list[int]

    @property
    def cells(self) -> list[tuple[int, int]]:
        """Each seat's points in this deal and its total after it."""
        return list(zip(self.points, self.totals, strict=False))


def deal_lines(
    table: Table,
    seats: Sequence[Seat],
    describe: Callable[[dict[str, Any], Sequence[str]], str],
) -> tuple[list[DealLine], list[int]]:
    """The deals entered so far and the seats' totals after them. The running totals start
    where the game starts each seat (e.g. Double's tokens start at 15), so the last line's
    totals are the scores ``scoring`` gives the table."""
    names = dealing_names(seats)
    deals = list(table.deals.order_by("number"))
    try:
        scores = evaluate_sheet(table, [d.record for d in deals]).scores
    except InvalidDeal:  # pragma: no cover - stored sheets are valid
        scores = [0] * len(seats)
    sums = [sum(d.points[i] for d in deals if i < len(d.points)) for i in range(len(seats))]
    totals = [score - total for score, total in zip(scores, sums, strict=False)]
    lines = []
    for deal in deals:
        points = list(deal.points or [0] * len(seats))
        totals = [a + b for a, b in zip(totals, points, strict=False)]
        dealer = deal.record.get("dealer")
        lines.append(
            DealLine(
                number=deal.number,
                dealer=names[dealer] if isinstance(dealer, int) and dealer < len(names) else "",
                text=describe(deal.record, names),
                points=points,
                totals=list(totals),
            )
        )
    return lines, totals
