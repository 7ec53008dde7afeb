"""Reads for the tournament pages. Each function runs a fixed number of queries, whatever the
number of players, rounds or tournaments: standings come from the per-seat results that
``services`` store, aggregated in one query and ranked by the game's rules in ``scoring``.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Count, Max, Prefetch, Q, QuerySet, Sum
from django.utils import timezone

from club.models import Club, Season
from scoring import GAMES
from scoring.ranking import RoundLine, shared_places

from .models import PLACE_POINTS_DENOMINATOR, Entry, Round, Seat, Table, Tournament


def published(club: Club | None = None) -> QuerySet[Tournament]:
    qs = Tournament.objects.filter(published=True).select_related("club", "season")
    return qs.filter(club=club) if club is not None else qs


def club_home(club: Club, season: Season | None) -> dict[str, object]:
    today = timezone.localdate()
    tournaments = published(club)
    return {
        "upcoming": list(
            tournaments.filter(date__gte=today, status=Tournament.Status.REGISTRATION).order_by(
                "date"
            )[:5]
        ),
        "latest": list(
            tournaments.exclude(status=Tournament.Status.REGISTRATION).order_by("-date")[:5]
        ),
    }


# --------------------------------------------------------------------------- tournament standings


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

    @property
    def rounds_played(self) -> int:
        return len(self.rounds)


def tournament_standings(tournament: Tournament) -> list[StandingRow]:
    """The classification from complete tables; substitutes are listed last, unranked.

    Two queries: the entries, and every seat of a complete table.
    """
    rows = {
        entry.pk: StandingRow(
            entry_id=entry.pk,
            player_id=entry.player_id,
            name=entry.player.sort_name,
            substitute=entry.substitute,
            withdrawn=entry.withdrawn,
        )
        for entry in tournament.entries.select_related("player")
        .filter(Q(seats__isnull=False) | Q(withdrawn=False))
        .distinct()
    }
    seats = Seat.objects.filter(
        round__tournament=tournament, table__complete=True, entry__isnull=False
    ).values_list("entry_id", "round__number", "table__number", "score", "place_points_60ths")
    for entry_id, round_number, table_number, score, sixtieths in seats:
        row = rows.get(entry_id)
        if row is None:
            continue
        row.rounds[round_number] = RoundCell(
            round_number, table_number, score, Fraction(sixtieths, PLACE_POINTS_DENOMINATOR)
        )
    spec = GAMES[tournament.game]
    rules = tournament.rules or None
    ranked = [row for row in rows.values() if not row.substitute]
    keys = []
    for row in rows.values():
        lines = [RoundLine(c.score, c.place_points) for c in row.rounds.values()]
        row.place_points = sum((c.place_points for c in row.rounds.values()), Fraction(0))
        row.score = sum(c.score for c in row.rounds.values())
        row.best_round = max((c.score for c in row.rounds.values()), default=None)
        if not row.substitute:
            keys.append(spec.classification_key(lines, rules))
    for row, rank in zip(ranked, shared_places(keys), strict=True):
        row.rank = rank
    ranked.sort(key=lambda r: (r.rank, r.name))
    substitutes = sorted((r for r in rows.values() if r.substitute), key=lambda r: r.name)
    return ranked + substitutes


def tournament_rounds(tournament: Tournament) -> list[Round]:
    """Rounds with their tables, seats and players: three queries."""
    seats = Seat.objects.select_related("entry__player", "team").order_by("position")
    tables = Table.objects.order_by("number").prefetch_related(Prefetch("seats", queryset=seats))
    return list(
        tournament.round_set.order_by("number").prefetch_related(
            Prefetch("tables", queryset=tables)
        )
    )


def table_detail(table_id: int, *, published_only: bool) -> Table:
    qs = Table.objects.select_related("round__tournament__club", "round__tournament__season")
    if published_only:
        qs = qs.filter(round__tournament__published=True)
    table = qs.get(pk=table_id)
    table.seat_list = list(table.seats.select_related("entry__player").order_by("position"))
    table.deal_list = list(table.deals.order_by("number"))
    return table


def player_rounds(tournament: Tournament, entry: Entry) -> list[dict[str, object]]:
    """Each round of one player: table, seat, table mates, score and place points."""
    seats = list(
        Seat.objects.filter(round__tournament=tournament, table__seats__entry=entry)
        .select_related("entry__player", "table", "round")
        .order_by("round__number", "position")
    )
    by_round: dict[int, dict[str, object]] = {}
    for seat in seats:
        line = by_round.setdefault(
            seat.round.number, {"round": seat.round, "table": seat.table, "seats": [], "own": None}
        )
        line["seats"].append(seat)
        if seat.entry_id == entry.pk:
            line["own"] = seat
    return list(by_round.values())


# --------------------------------------------------------------------------- season standings


@dataclass
class SeasonRow:
    player_id: int
    name: str
    tournaments: int
    rounds: int
    place_points: Fraction
    score: int
    best_round: int
    rank: int = 0


def season_standings(season: Season) -> dict[str, list[SeasonRow]]:
    """Per game, the season's players ranked over its published tournaments (two queries).

    The sums are done by the database; the ranking keys come from the game in ``scoring``.
    """
    totals = (
        Seat.objects.filter(
            round__tournament__season=season,
            round__tournament__published=True,
            table__complete=True,
            entry__isnull=False,
            entry__substitute=False,
        )
        .values("round__tournament__game", "entry__player_id")
        .annotate(
            sixtieths=Sum("place_points_60ths"),
            total_score=Sum("score"),
            best_score=Max("score"),
            rounds=Count("id"),
            tournaments=Count("round__tournament", distinct=True),
        )
        .order_by()
    )
    totals = list(totals)
    from club.models import Player

    names = {
        p.pk: p.sort_name
        for p in Player.objects.filter(pk__in={t["entry__player_id"] for t in totals}).only(
            "first_name", "last_name"
        )
    }
    by_game: dict[str, list[SeasonRow]] = defaultdict(list)
    for t in totals:
        by_game[t["round__tournament__game"]].append(
            SeasonRow(
                player_id=t["entry__player_id"],
                name=names.get(t["entry__player_id"], "?"),
                tournaments=t["tournaments"],
                rounds=t["rounds"],
                place_points=Fraction(t["sixtieths"], PLACE_POINTS_DENOMINATOR),
                score=t["total_score"],
                best_round=t["best_score"],
            )
        )
    result: dict[str, list[SeasonRow]] = {}
    for game in GAMES:
        rows = by_game.get(game)
        if not rows:
            continue
        keys = [(r.place_points, r.score, r.best_round) for r in rows]
        for row, rank in zip(rows, shared_places(keys), strict=True):
            row.rank = rank
        rows.sort(key=lambda r: (r.rank, r.name))
        result[game] = rows
    return result


# --------------------------------------------------------------------------- staff pages


def round_tables(round_: Round) -> list[Table]:
    """A round's tables with their seated players (two queries)."""
    seats = Seat.objects.select_related("entry__player", "team").order_by("position")
    return list(
        round_.tables.order_by("number").prefetch_related(Prefetch("seats", queryset=seats))
    )


@dataclass
class ChangeLine:
    number: int
    before: str | None
    after: str | None


def describe_changes(changes, seat_names, describe) -> list[dict[str, object]]:
    """Each change of a sheet with the lines it added, altered or removed, in words."""
    described = []
    for change in changes:
        lines = []
        for i in range(max(len(change.before), len(change.after))):
            old = change.before[i] if i < len(change.before) else None
            new = change.after[i] if i < len(change.after) else None
            if old != new:
                lines.append(
                    ChangeLine(
                        i + 1,
                        describe(old, seat_names) if old is not None else None,
                        describe(new, seat_names) if new is not None else None,
                    )
                )
        described.append({"change": change, "lines": lines})
    return described
