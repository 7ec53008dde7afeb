"""What the hall's screen shows: the round being played and the next round's seating."""

from dataclasses import dataclass, field

from club.models import Player
from tournaments.models import Round, Seat, Table, Tournament
from tournaments.selectors.round_reads import round_tables


@dataclass(frozen=True)
class SeatingLine:
    """« qui joue où »: a player (or team) and his table in the next round."""

    name: str
    table: int


@dataclass
class HallRounds:
    current: Round | None = None
    current_tables: list[Table] = field(default_factory=list)
    next: Round | None = None
    seating: list[SeatingLine] = field(default_factory=list)


def tournament_round_list(tournament: Tournament) -> list[Round]:
    """The tournament's rounds in order (one query)."""
    return list(tournament.round_set.order_by("number"))


def seat_players(seat: Seat) -> list[Player]:
    """Whom a player looks for on the seating list: himself, also in a team game."""
    if seat.team is not None:
        return [e.player for e in seat.team.entries.all() if not e.withdrawn]
    return [seat.entry.player] if seat.entry is not None else []


def hall_rounds(rounds: list[Round]) -> HallRounds:
    """The round being played (the last one started or closed) with its tables, and the next
    round (the last one, when drawn but not started) as a seating list in alphabetical order
    (last name, first name), the names written as the club writes them. Up to six queries."""
    hall = HallRounds()
    played = [r for r in rounds if r.status != Round.Status.DRAWN]
    if played:
        hall.current = played[-1]
        hall.current_tables = round_tables(hall.current)
    if rounds and rounds[-1].status == Round.Status.DRAWN:
        hall.next = rounds[-1]
        seated = sorted(
            (
                (player.sort_key, table.number, player)
                for table in round_tables(hall.next)
                for seat in table.seats.all()
                for player in seat_players(seat)
            ),
            key=lambda line: line[:2],
        )
        hall.seating = [SeatingLine(name=p.full_name, table=number) for _k, number, p in seated]
    return hall
