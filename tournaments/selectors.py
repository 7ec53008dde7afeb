"""Reads for the tournament pages. Each function runs a fixed number of queries, whatever the
number of players, rounds or tournaments: standings come from the per-seat results that
``services`` store, aggregated in one query and ranked by the game's rules in ``scoring``.
"""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import Count, Exists, Max, OuterRef, Prefetch, Q, QuerySet, Sum, Window
from django.db.models.functions import Rank
from django.utils import timezone

from club.models import Club, Player, Season
from scoring import GAMES
from scoring.ranking import RoundLine, shared_places

from .models import (
    PLACE_POINTS_DENOMINATOR,
    Entry,
    Round,
    Seat,
    Table,
    Tournament,
    TournamentResult,
)


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


def tournament_standings(tournament: Tournament, *, live: bool = False) -> list[StandingRow]:
    """The classification from complete tables; substitutes are listed last, unranked.

    ``live``: tables still being played count too (games with additive scores, e.g. whist).
    One query: the entries (those who played, or did not withdraw), each with its counted
    seats. Team games rank teams.
    """
    if GAMES[tournament.game].team_game:
        return team_standings(tournament)
    rows: dict[int, StandingRow] = {}
    sixtieths_of: dict[int, int] = defaultdict(int)
    for (
        pk,
        player_id,
        last,
        first,
        substitute,
        withdrawn,
        number,
        table,
        score,
        sixtieths,
    ) in _entries_with_seats(tournament, live):
        row = rows.get(pk)
        if row is None:
            row = rows[pk] = StandingRow(
                entry_id=pk,
                player_id=player_id,
                name=f"{last} {first}",  # Player.sort_name
                substitute=bool(substitute),
                withdrawn=bool(withdrawn),
            )
        if number is not None:
            row.rounds[number] = RoundCell(number, table, score, sixtieths_fraction(sixtieths))
            sixtieths_of[pk] += sixtieths
    for pk, row in rows.items():
        scores = [c.score for c in row.rounds.values()]
        row.place_points = sixtieths_fraction(sixtieths_of[pk])
        row.score = sum(scores)
        row.best_round = max(scores, default=None)
    key_of = GAMES[tournament.game].classifier(tournament.rules or None)
    ranked = [row for row in rows.values() if not row.substitute]
    keys = [
        key_of([RoundLine(c.score, c.place_points) for c in row.rounds.values()]) for row in ranked
    ]
    for row, rank in zip(ranked, shared_places(keys), strict=True):
        row.rank = rank
    ranked.sort(key=lambda r: (r.rank, r.name))
    substitutes = sorted((r for r in rows.values() if r.substitute), key=lambda r: r.name)
    return ranked + substitutes


def _entries_with_seats(tournament: Tournament, live: bool) -> list[tuple]:
    """The standings' one query: each entry that played or did not withdraw, with its player's
    name, once per counted seat (``None`` seat columns if it has none). SQL, because the ORM
    cannot left-join seats on a condition over their tables."""
    counted = "tb.complete OR tb.version > 0" if live else "tb.complete"
    sql = f"""
        SELECT e.id, e.player_id, p.last_name, p.first_name, e.substitute, e.withdrawn,
               r.number, tb.number, s.score, s.place_points_60ths
        FROM {Entry._meta.db_table} e
        JOIN {Player._meta.db_table} p ON p.id = e.player_id
        LEFT JOIN ({Seat._meta.db_table} s
                   JOIN {Table._meta.db_table} tb ON tb.id = s.table_id AND ({counted})
                   JOIN {Round._meta.db_table} r ON r.id = s.round_id)
               ON s.entry_id = e.id
        WHERE e.tournament_id = %s
          AND (NOT e.withdrawn
               OR EXISTS (SELECT 1 FROM {Seat._meta.db_table} s2 WHERE s2.entry_id = e.id))"""
    with connections[Entry.objects.db].cursor() as cursor:
        cursor.execute(sql, [tournament.pk])
        return cursor.fetchall()


def team_standings(tournament: Tournament) -> list[StandingRow]:
    """Teams ranked by the game's key over their decided matches (and byes): matches won,
    then the tie-breaks of the ruleset. Three queries: teams, their players, counted seats."""
    from collections import defaultdict as _dd

    teams = list(tournament.teams.prefetch_related("entries__player").order_by("name"))
    rows = {
        team.pk: StandingRow(
            entry_id=0,
            player_id=0,
            name=team.name,
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
        row.wins += Fraction(1) if won else Fraction(1, 2) if won is None else Fraction(0)
        row.score += score
        row.against += against
    spec = GAMES[tournament.game]
    key_of = spec.classifier(tournament.rules or None)
    ranked = [r for r in rows.values() if r.rounds or not r.withdrawn]
    keys = [key_of(lines[r.team_id]) for r in ranked]
    for row, rank in zip(ranked, shared_places(keys), strict=True):
        row.rank = rank
        row.best_round = max((c.score for c in row.rounds.values()), default=None)
    ranked.sort(key=lambda r: (r.rank, r.name))
    return ranked


def tournament_rounds(tournament: Tournament) -> list[Round]:
    """Rounds with their tables, seats and players (teams and their players): four queries."""
    seats = (
        Seat.objects.select_related("entry__player", "team")
        .prefetch_related("team__entries__player")
        .order_by("position")
    )
    tables = Table.objects.order_by("number").prefetch_related(Prefetch("seats", queryset=seats))
    return list(
        tournament.round_set.order_by("number").prefetch_related(
            Prefetch("tables", queryset=tables)
        )
    )


def table_detail(table_id: int, *, published_only: bool) -> Table:
    return table_sheet(table_with_tournament(table_id, published_only=published_only))


def table_with_tournament(table_id: int, *, published_only: bool) -> Table:
    """A table with its round and tournament (one query)."""
    qs = Table.objects.select_related("round__tournament__club", "round__tournament__season")
    if published_only:
        qs = qs.filter(round__tournament__published=True)
    return qs.get(pk=table_id)


def table_sheet(table: Table) -> Table:
    """The table's seats and deals, as ``seat_list`` and ``deal_list`` (two queries)."""
    table.seat_list = list(table.seats.select_related("entry__player", "team").order_by("position"))
    table.deal_list = list(table.deals.order_by("number"))
    return table


def player_rounds(tournament: Tournament, entry: Entry) -> list[dict[str, object]]:
    """Each round of one player: table, seat, table mates, score and place points.

    In team games the player's seat is his team's.
    """
    if entry.team_id is not None:
        at_table, own = Q(table__seats__team_id=entry.team_id), {"team_id": entry.team_id}
    else:
        at_table, own = Q(table__seats__entry=entry), {"entry_id": entry.pk}
    seats = list(
        Seat.objects.filter(at_table, round__tournament=tournament)
        .select_related("entry__player", "team", "table", "round")
        .order_by("round__number", "position")
    )
    by_round: dict[int, dict[str, object]] = {}
    for seat in seats:
        line = by_round.setdefault(
            seat.round.number, {"round": seat.round, "table": seat.table, "seats": [], "own": None}
        )
        if all(getattr(seat, key) == value for key, value in own.items()):
            line["own"] = seat
        else:
            line["seats"].append(seat)
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
    # Team games: matches won (a draw counts half) and points difference.
    wins: Fraction | None = None
    difference: int | None = None


def fetch_rows(queryset: QuerySet) -> list[tuple]:
    """A ``values_list`` query set's rows without Django's per-value converters: thousands
    of sums of integers come back from the database as integers already."""
    try:
        sql, params = queryset.query.sql_with_params()
    except EmptyResultSet:  # e.g. ``__in=[]``: Django answers without asking the database
        return []
    with connections[queryset.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _counted_results(season: Season) -> QuerySet[TournamentResult]:
    """The stored results of the season's published tournaments."""
    return TournamentResult.objects.filter(
        tournament__season=season, tournament__published=True
    ).exclude(tournament__status=Tournament.Status.REGISTRATION)


def season_games(season: Season) -> list[str]:
    """The games with results in the season's published tournaments, in ``GAMES`` order."""
    played = set(
        Tournament.objects.filter(season=season, published=True)
        .exclude(status=Tournament.Status.REGISTRATION)
        .filter(Exists(TournamentResult.objects.filter(tournament=OuterRef("pk"))))
        .values_list("game", flat=True)
        .distinct()
        .order_by()
    )
    return [game for game in GAMES if game in played]


def season_standings(
    season: Season, games: Sequence[str] | None = None
) -> dict[str, list[SeasonRow]]:
    """Per game (all, or ``games``), the season's players ranked over its published
    tournaments: one aggregate over the stored tournament results.

    A player of a team game is credited with his team's matches. Individual games rank by
    place points, total score, best round; team games by matches won, points scored, points
    difference (the defaults of ``scoring``).
    """
    results = _counted_results(season)
    if games is not None:
        results = results.filter(tournament__game__in=list(games))
    totals = (
        results.values_list(
            "tournament__game", "player_id", "player__last_name", "player__first_name"
        )
        .annotate(
            Sum("place_points_60ths"),
            Sum("points"),
            Max("best_round"),
            Sum("rounds"),
            Count("id"),
            Sum("matches_won"),
            Sum("matches_drawn"),
            Sum("against"),
        )
        .order_by()
    )
    by_game: dict[str, list[SeasonRow]] = defaultdict(list)
    keys: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
    for line in fetch_rows(totals):
        game, player_id, last, first, sixtieths, score, best, rounds, count, won, drawn = line[:11]
        row = SeasonRow(
            player_id=player_id,
            name=f"{last} {first}",
            tournaments=count,
            rounds=rounds,
            place_points=sixtieths_fraction(sixtieths),
            score=score,
            best_round=best,
        )
        # Ranked on integers (sixtieths, half matches): the same order as the Fractions shown.
        if GAMES[game].team_game:
            row.wins = won + Fraction(drawn, 2)
            row.difference = score - line[11]  # points against
            keys[game].append((2 * won + drawn, score, row.difference))
        else:
            keys[game].append((sixtieths, score, best))
        by_game[game].append(row)
    result: dict[str, list[SeasonRow]] = {}
    for game in GAMES:
        rows = by_game.get(game)
        if not rows:
            continue
        for row, rank in zip(rows, shared_places(keys[game]), strict=True):
            row.rank = rank
        rows.sort(key=lambda r: (r.rank, r.name))
        result[game] = rows
    return result


# --------------------------------------------------------------------------- staff pages


def round_tables(round_: Round) -> list[Table]:
    """A round's tables with their seated players, or teams and their players."""
    seats = (
        Seat.objects.select_related("entry__player", "team")
        .prefetch_related("team__entries__player")
        .order_by("position")
    )
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


# --------------------------------------------------------------------------- annual ranking


@dataclass
class AnnualRow:
    player_id: int
    name: str
    rank: int = 0
    points: int = 0
    place_points: Fraction = Fraction(0)
    best_n_points: int = 0
    key_value: int | Fraction = 0
    #: tournament id -> (points, place in that tournament, place points)
    results: dict[int, tuple[int, int, Fraction]] = field(default_factory=dict)
    tournaments: int = 0


@dataclass
class AnnualRanking:
    game: str
    rule: str
    best_n: int | None
    tournaments: list[Tournament]
    #: the ranked players' totals, best first (``annual_totals``): a query set when the
    #: ranking is done in SQL (it is sorted and sliced there), a list for ``best_n``.
    totals: Sequence[dict] | QuerySet
    #: the tournaments' ids, as a query set (a subquery in the queries that use it)
    tournament_ids: QuerySet | None = None
    rows: list[AnnualRow] = field(default_factory=list)


def annual_ranking(
    season: Season, game: str, *, rules: dict | None = None, rows: bool = True
) -> AnnualRanking:
    """The season's ranking of one game by the club's rule (``annual_ranking`` in its ruleset:
    ``sum_points``, ``sum_place_points`` or ``best_n``), over its published tournaments.

    Each tournament was ranked by its own rules (``classification_key``, tie-breaks included)
    when its results were stored (``TournamentResult``): its place points are ``n`` for the
    first of ``n`` ranked players down to 1, ties sharing. ``totals`` ranks the players in SQL
    (``best_n`` in Python over the stored rows, never over seats); ``rows`` (if asked) are
    every player with each tournament's result, for the Excel export.
    """
    from .services import club_rules

    spec = GAMES[game]
    merged = spec.validate_rules(rules if rules is not None else club_rules(season.club, game))
    rule = str(merged.get("annual_ranking", "sum_points"))
    best_n = merged.get("annual_best_n")
    if rule == "best_n" and not best_n:
        best_n = 1
    counted = Tournament.objects.filter(season=season, game=game, published=True).exclude(
        status=Tournament.Status.REGISTRATION
    )
    # The columns' headings only (the rules are large and not needed here).
    tournaments = list(counted.only("id", "name", "date").order_by("date", "pk"))
    ids = counted.values("pk")  # a subquery in each query below
    ranking = AnnualRanking(
        game, rule, best_n, tournaments, annual_totals(ids, rule, best_n), tournament_ids=ids
    )
    if rows:
        totals = [named_total(t) for t in ranking.totals]
        cells = annual_cells(ids, None)
        ranking.rows = [
            AnnualRow(
                player_id=t["player_id"],
                name=t["name"],
                rank=t["rank"],
                points=t["total_points"],
                place_points=t["place_points"],
                best_n_points=t["best_n_points"],
                key_value=t["place_points"] if rule == "sum_place_points" else t["key_value"],
                results=cells.get(t["player_id"], {}),
                tournaments=t["n_tournaments"],
            )
            for t in totals
        ]
    return ranking


def annual_totals(tournament_ids: QuerySet | list[int], rule: str, best_n: int | None):
    """Each player's totals over these tournaments, ranked by ``rule``: dicts with player_id,
    name, n_tournaments, total_points, place_points, best_n_points, key_value and rank.

    Sums and ranks in SQL (a query set, ordered by rank then name); with a best N, the best N
    tournaments of each player are summed in Python over the stored tournament rows.
    """
    results = TournamentResult.objects.filter(tournament_id__in=tournament_ids)
    if best_n is None:
        key = {"sum_points": Sum("points"), "sum_place_points": Sum("annual_place_points_60ths")}
        return (
            results.values("player_id")
            .annotate(
                last_name=Max("player__last_name"),
                first_name=Max("player__first_name"),
                n_tournaments=Count("id"),
                total_points=Sum("points"),
                place_points_60ths=Sum("annual_place_points_60ths"),
                best_n_points=Sum("points"),
                key_value=key[rule],
                rank=Window(Rank(), order_by=key[rule].desc()),
            )
            .order_by("rank", "last_name", "first_name")
        )
    from scoring.ranking import TournamentLine, annual_ranking_key

    lines: dict[int, list[TournamentLine]] = defaultdict(list)
    names: dict[int, tuple[str, str]] = {}
    sixtieths: dict[int, list[int]] = defaultdict(list)
    for player_id, last, first, points, player_60ths in results.values_list(
        "player_id",
        "player__last_name",
        "player__first_name",
        "points",
        "annual_place_points_60ths",
    ).order_by():
        lines[player_id].append(
            TournamentLine(points, Fraction(player_60ths, PLACE_POINTS_DENOMINATOR))
        )
        sixtieths[player_id].append(player_60ths)
        names[player_id] = (last, first)
    totals = []
    for player_id, own in lines.items():
        totals.append(
            {
                "player_id": player_id,
                "last_name": names[player_id][0],
                "first_name": names[player_id][1],
                "n_tournaments": len(own),
                "total_points": sum(t.points for t in own),
                "place_points_60ths": sum(sixtieths[player_id]),
                "best_n_points": annual_ranking_key(own, "best_n", best_n)[0],
                "key_value": annual_ranking_key(own, rule, best_n)[0],
            }
        )
    for row, rank in zip(totals, shared_places([(t["key_value"],) for t in totals]), strict=True):
        row["rank"] = rank
    totals.sort(key=lambda t: (t["rank"], t["last_name"], t["first_name"]))
    return totals


def annual_player_count(tournament_ids: QuerySet | list[int]) -> int:
    """How many players ``annual_totals`` ranks: a count over the stored results' index,
    cheaper than counting the ranking query itself."""
    return (
        TournamentResult.objects.filter(tournament_id__in=tournament_ids)
        .values("player_id")
        .distinct()
        .count()
    )


def named_total(total: dict) -> dict:
    """A totals row as the pages and the export read it (name, place points as a Fraction)."""
    total["name"] = f"{total['last_name']} {total['first_name']}"
    total["place_points"] = Fraction(total["place_points_60ths"], PLACE_POINTS_DENOMINATOR)
    return total


def annual_cells(
    tournament_ids: QuerySet | list[int], player_ids: list[int] | None
) -> dict[int, dict[int, tuple[int, int, Fraction]]]:
    """Per player (all, or ``player_ids``: the shown page), per tournament: (points, place,
    annual place points). One query."""
    results = TournamentResult.objects.filter(tournament_id__in=tournament_ids)
    if player_ids is not None:
        results = results.filter(player_id__in=player_ids)
    cells: dict[int, dict[int, tuple[int, int, Fraction]]] = defaultdict(dict)
    for player_id, tournament_id, points, rank, sixtieths in results.values_list(
        "player_id", "tournament_id", "points", "rank", "annual_place_points_60ths"
    ):
        cells[player_id][tournament_id] = (points, rank, sixtieths_fraction(sixtieths))
    return cells


# --------------------------------------------------------------------------- fees


@dataclass
class MembershipStatus:
    participations: int
    due: bool
    paid: bool
    paid_on: object = None


def membership_status(tournament: Tournament) -> dict[int, MembershipStatus]:
    """Per registered player: participations in the season up to this tournament's date (this
    one included, entries not withdrawn), whether the yearly membership is due (from the club's
    ``free_participations`` + 1-th) and whether it is paid. Two queries."""
    from club.models import Membership

    club = tournament.club
    player_ids = list(tournament.entries.values_list("player_id", flat=True))
    counts = dict(
        Entry.objects.filter(
            tournament__season_id=tournament.season_id,
            tournament__club_id=tournament.club_id,
            tournament__date__lte=tournament.date,
            player_id__in=player_ids,
            withdrawn=False,
        )
        .values("player_id")
        .annotate(n=Count("id"))
        .values_list("player_id", "n")
        .order_by()
    )
    paid = dict(
        Membership.objects.filter(
            season_id=tournament.season_id, player_id__in=player_ids, paid_on__isnull=False
        ).values_list("player_id", "paid_on")
    )
    return {
        pid: MembershipStatus(
            participations=counts.get(pid, 0),
            due=counts.get(pid, 0) > club.free_participations,
            paid=pid in paid,
            paid_on=paid.get(pid),
        )
        for pid in player_ids
    }


@dataclass
class MoneyLine:
    tournament: Tournament
    entries: int
    paid: int
    collected: object


@dataclass
class MoneyReport:
    season: Season
    lines: list[MoneyLine]
    entry_fees: object
    memberships_due: int
    memberships_paid: int
    membership_amount: object
    unpaid: list[tuple[int, str, int]]


def money_report(season: Season) -> MoneyReport:
    """Entry fees collected per tournament; memberships due and paid (four queries)."""
    from decimal import Decimal

    from club.models import Membership, Player

    club = season.club
    tournaments = list(
        Tournament.objects.filter(season=season)
        .annotate(
            n_entries=Count("entries", filter=Q(entries__withdrawn=False)),
            n_paid=Count("entries", filter=Q(entries__withdrawn=False, entries__paid=True)),
        )
        .order_by("date", "pk")
    )
    lines = [MoneyLine(t, t.n_entries, t.n_paid, t.entry_fee * t.n_paid) for t in tournaments]
    counts = dict(
        Entry.objects.filter(tournament__season=season, withdrawn=False)
        .values("player_id")
        .annotate(n=Count("id"))
        .values_list("player_id", "n")
        .order_by()
    )
    due = {pid for pid, n in counts.items() if n > club.free_participations}
    memberships = list(Membership.objects.filter(season=season, paid_on__isnull=False))
    paid_ids = {m.player_id for m in memberships}
    unpaid_ids = sorted(due - paid_ids)
    names = {
        p.pk: p.sort_name
        for p in Player.objects.filter(pk__in=unpaid_ids).only("first_name", "last_name")
    }
    unpaid = sorted(
        ((pid, names.get(pid, "?"), counts[pid]) for pid in unpaid_ids), key=lambda x: x[1]
    )
    return MoneyReport(
        season=season,
        lines=lines,
        entry_fees=sum((line.collected for line in lines), Decimal("0")),
        memberships_due=len(due),
        memberships_paid=len(paid_ids),
        membership_amount=sum((m.amount for m in memberships), Decimal("0")),
        unpaid=unpaid,
    )


# --------------------------------------------------------------------------- pool dashboard


@dataclass
class TableProgress:
    table: Table
    deals: int
    expected: int
    behind: bool
    short: bool


def round_progress(round_: Round, deals_per_round: int, now) -> list[TableProgress]:
    """Deals entered per table, tables behind the clock's pace, short tables once closed.

    Behind: more than one deal under the pace (deals planned × elapsed / duration). Two queries.
    """
    tables = list(
        round_.tables.annotate(n_deals=Count("deals"))
        .order_by("number")
        .prefetch_related(
            Prefetch(
                "seats", queryset=Seat.objects.select_related("entry__player").order_by("position")
            )
        )
    )
    state = round_.clock_state(now)
    total = state["total"]
    elapsed = round_.clock_elapsed(now)
    expected = (
        deals_per_round if not total else min(deals_per_round, deals_per_round * elapsed // total)
    )
    closed = round_.status == Round.Status.CLOSED
    return [
        TableProgress(
            table=t,
            deals=t.n_deals,
            expected=expected,
            behind=not closed and t.n_deals < expected - 1,
            short=closed and t.n_deals < deals_per_round,
        )
        for t in tables
    ]
