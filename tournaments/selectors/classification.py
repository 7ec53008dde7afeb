"""A tournament's standings, from the per-seat results that services store: a fixed
number of queries whatever the number of players or rounds."""

from collections import defaultdict
from collections import defaultdict as _dd
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from django.db import connections
from django.db.models import Q

from club.models import Player
from club.names import person_name
from scoring import GAMES
from scoring.ranking import RoundLine, match_wins, shared_places

from ..games import plugin_for
from ..models import (
    PLACE_POINTS_DENOMINATOR,
    Entry,
    Round,
    Seat,
    Table,
    Tournament,
    TournamentResult,
    label_teams,
)


@lru_cache(maxsize=4096)
def sixtieths_fraction(sixtieths: int) -> Fraction:
    """Stored place points as a Fraction; a few values recur in every table (and a Fraction
    is immutable), so each is built once."""
    return Fraction(sixtieths, PLACE_POINTS_DENOMINATOR)


@dataclass
class RoundCell:
    round: int
    table: int
    score: int
    place_points: Fraction


@dataclass
class StandingRow:
    entry_id: int
    player_id: int
    name: str
    substitute: bool
    withdrawn: bool
    rank: int | None = None
    place_points: Fraction = Fraction(0)
    score: int = 0
    best_round: int | None = None
    rounds: dict[int, RoundCell] = field(default_factory=dict)
    #: team games: the team, its players, matches won (a draw counts a half), points against
    team_id: int | None = None
    players: str = ""
    wins: Fraction = Fraction(0)
    against: int = 0

    @property
    def rounds_played(self) -> int:
        return len(self.rounds)

    @property
    def difference(self) -> int:
        return self.score - self.against

    @property
    def total(self) -> Fraction:
        """The points with the place points (where the game adds them: FreeWhist)."""
        return self.score + self.place_points


def tournament_standings(tournament: Tournament, *, live: bool = False) -> list[StandingRow]:
    """The classification from complete tables; substitutes are listed last, unranked.

    ``live``: tables still being played count too (games with additive scores, e.g. whist).
    One query: the entries (those who played, or did not withdraw), each with its counted
    seats and its stored rank, used when every ranked player has one. Team games rank teams.
    """
    if tournament.archived:
        return archived_standings(tournament)
    if plugin_for(tournament.game).lineup.unit == "team":
        return team_standings(tournament)
    return player_standings(tournament, live=live)


def before_first_result(tournament: Tournament, rows: list[StandingRow]) -> bool:
    """Whether ``rows`` (the tournament's standings) rank nobody yet: no table has counted
    (every player would stand first with 0). An archived evening holds its results."""
    return not tournament.archived and not any(row.rounds for row in rows)


def archived_standings(tournament: Tournament) -> list[StandingRow]:
    """An archived evening's players as their results were recorded (no round, no seat)."""
    results = (
        TournamentResult.objects.filter(tournament_id=tournament.pk)
        .select_related("player")
        .order_by("rank", "player__sort_key")
    )
    return [
        StandingRow(
            entry_id=r.entry_id,
            player_id=r.player_id,
            name=r.player.full_name,
            substitute=False,
            withdrawn=False,
            rank=r.rank,
            place_points=sixtieths_fraction(r.place_points_60ths),
            score=r.points,
        )
        for r in results
    ]


def player_standings(tournament: Tournament, *, live: bool = False) -> list[StandingRow]:
    """The players ranked (individual games); see ``tournament_standings``."""
    rows: dict[int, StandingRow] = {}
    #: ties in alphabetical order (last name, first name), whichever way the names are written
    alphabetical: dict[int, str] = {}
    sixtieths_of: dict[int, int] = defaultdict(int)
    stored_rank: dict[int, int] = {}
    for (
        pk,
        player_id,
        last,
        first,
        sort_key,
        substitute,
        withdrawn,
        number,
        table,
        score,
        sixtieths,
        rank,
    ) in _entries_with_seats(tournament, live):
        if rank is not None:
            stored_rank[pk] = rank
        row = rows.get(pk)
        if row is None:
            row = rows[pk] = StandingRow(
                entry_id=pk,
                player_id=player_id,
                name=person_name(first, last),  # Player.full_name
                substitute=bool(substitute),
                withdrawn=bool(withdrawn),
            )
            alphabetical[pk] = sort_key
        if number is not None:
            row.rounds[number] = RoundCell(number, table, score, sixtieths_fraction(sixtieths))
            sixtieths_of[pk] += sixtieths
    for pk, row in rows.items():
        scores = [c.score for c in row.rounds.values()]
        row.place_points = sixtieths_fraction(sixtieths_of[pk])
        row.score = sum(scores)
        row.best_round = max(scores, default=None)
    ranked = [row for row in rows.values() if not row.substitute]
    if not live and all(row.entry_id in stored_rank for row in ranked):
        # Every ranked player has a stored result (``result_store``, written with the seats):
        # its rank is this ranking's, by the same keys over the same complete tables.
        for row in ranked:
            row.rank = stored_rank[row.entry_id]
    else:
        key_of = GAMES[tournament.game].classifier(tournament.rules or None)
        keys = [
            key_of([RoundLine(c.score, c.place_points) for c in row.rounds.values()])
            for row in ranked
        ]
        for row, rank in zip(ranked, shared_places(whole_keys(keys)), strict=True):
            row.rank = rank
    ranked.sort(key=lambda r: (r.rank, alphabetical[r.entry_id]))
    substitutes = sorted(
        (r for r in rows.values() if r.substitute), key=lambda r: alphabetical[r.entry_id]
    )
    return ranked + substitutes


def whole_keys(keys: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The classification keys with every component counted in sixtieths: integers, which
    sort several times faster than Fractions, in the same order with the same ties (each
    component is scaled alike). The keys as they are if a component is not a whole number of
    sixtieths."""
    scaled = []
    for key in keys:
        whole = []
        for value in key:
            kind = type(value)
            if kind is int:
                whole.append(value * PLACE_POINTS_DENOMINATOR)
            elif kind is Fraction and PLACE_POINTS_DENOMINATOR % value.denominator == 0:
                whole.append(value.numerator * (PLACE_POINTS_DENOMINATOR // value.denominator))
            else:
                return keys
        scaled.append(tuple(whole))
    return scaled


def _entries_with_seats(tournament: Tournament, live: bool) -> list[tuple[Any, ...]]:
    """The standings' one query: each entry that played or did not withdraw, with its player's
    name and stored rank (``None`` if none), once per counted seat (``None`` seat columns if
    it has none). SQL, because the ORM cannot left-join seats on a condition over their
    tables."""
    counted = "tb.complete OR tb.version > 0" if live else "tb.complete"
    sql = f"""
        SELECT e.id, e.player_id, p.last_name, p.first_name, p.sort_key, e.substitute,
               e.withdrawn,
               s.round_number, s.tb_number, s.score, s.place_points_60ths, tr.rank
        FROM {Entry._meta.db_table} e
        JOIN {Player._meta.db_table} p ON p.id = e.player_id
        LEFT JOIN {TournamentResult._meta.db_table} tr ON tr.entry_id = e.id
        LEFT JOIN (SELECT s.entry_id, s.score, s.place_points_60ths, r.number AS round_number,
                          tb.number AS tb_number
                   FROM {Seat._meta.db_table} s
                   JOIN {Table._meta.db_table} tb ON tb.id = s.table_id AND ({counted})
                   JOIN {Round._meta.db_table} r ON r.id = s.round_id
                   WHERE r.tournament_id = %s) s
               ON s.entry_id = e.id
        WHERE e.tournament_id = %s
          AND (NOT e.withdrawn
               OR EXISTS (SELECT 1 FROM {Seat._meta.db_table} s2 WHERE s2.entry_id = e.id))"""
    # The seats are this tournament's before the join: SQLite would otherwise gather every
    # tournament's seats, the page's cost growing with the database.
    with connections[Entry.objects.db].cursor() as cursor:
        cursor.execute(sql, [tournament.pk, tournament.pk])
        rows: list[tuple[Any, ...]] = cursor.fetchall()
    return rows


def team_standings(tournament: Tournament) -> list[StandingRow]:
    """Teams ranked by the game's key over their decided matches (and byes): matches won,
    then the tie-breaks of the ruleset. Three queries: teams, their players, counted seats."""
    teams = list(tournament.teams.prefetch_related("entries__player").order_by("pk"))
    label_teams(teams, whole=True)
    rows = {
        team.pk: StandingRow(
            entry_id=0,
            player_id=0,
            name=team.label,
            substitute=False,
            withdrawn=all(e.withdrawn for e in team.entries.all()),
            team_id=team.pk,
            players=" & ".join(
                e.player.full_name for e in sorted(team.entries.all(), key=lambda e: e.pk)
            ),
        )
        for team in teams
    }
    lines: dict[int, list[RoundLine]] = _dd(list)
    seats = Seat.objects.filter(
        round__tournament=tournament, team__isnull=False, table__complete=True
    ).values_list("team_id", "round__number", "table__number", "score", "won", "against")
    for team_id, round_number, table_number, score, won, against in seats:
        row = rows.get(team_id)
        if row is None:
            continue
        row.rounds[round_number] = RoundCell(round_number, table_number, score, Fraction(0))
        lines[team_id].append(RoundLine(score, won=won, against=against))
        row.wins += match_wins(won)
        row.score += score
        row.against += against
    spec = GAMES[tournament.game]
    key_of = spec.classifier(tournament.rules or None)
    ranked_ids = [pk for pk, r in rows.items() if r.rounds or not r.withdrawn]
    ranked = [rows[pk] for pk in ranked_ids]
    keys = [key_of(lines[pk]) for pk in ranked_ids]
    for row, rank in zip(ranked, shared_places(keys), strict=True):
        row.rank = rank
        row.best_round = max((c.score for c in row.rounds.values()), default=None)
    ranked.sort(key=lambda r: (r.rank, r.name))
    return ranked


@dataclass
class PlayerRound:
    """One round of a player: his table, his seat (his team's in team games), his table mates."""

    round: Round
    table: Table
    seats: list[Seat] = field(default_factory=list)
    own: Seat | None = None


def player_rounds(tournament: Tournament, entry: Entry) -> list[PlayerRound]:
    """Each round of one player: table, seat, table mates, score and place points.

    In team games the player's seat is his team's.
    """
    if entry.team_id is not None:
        at_table, own_unit = Q(table__seats__team_id=entry.team_id), ("team_id", entry.team_id)
    else:
        at_table, own_unit = Q(table__seats__entry=entry), ("entry_id", entry.pk)
    seats = list(
        Seat.objects.filter(at_table, round__tournament=tournament)
        .select_related("entry__player", "team", "table", "round")
        .order_by("round__number", "position")
    )
    label_teams(s.team for s in seats if s.team is not None)
    by_round: dict[int, PlayerRound] = {}
    for seat in seats:
        line = by_round.setdefault(seat.round.number, PlayerRound(seat.round, seat.table))
        if getattr(seat, own_unit[0]) == own_unit[1]:
            line.own = seat
        else:
            line.seats.append(seat)
    return list(by_round.values())
