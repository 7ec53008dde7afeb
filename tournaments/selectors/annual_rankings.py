"""The annual ranking of a game by the club's rule (whist), over stored tournament results."""

import datetime
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db.models import Count, Max, QuerySet, Sum, Window
from django.db.models.functions import Rank

from club.models import Season
from club.names import person_name
from scoring import GAMES
from scoring.ranking import TournamentLine, annual_ranking_key, shared_places

from ..models import (
    PLACE_POINTS_DENOMINATOR,
    Tournament,
    TournamentResult,
)
from .classification import sixtieths_fraction
from .rulebook import edited_club_rules
from .season_totals import Period, total_60ths


@dataclass
class AnnualRow:
    player_id: int
    name: str
    rank: int = 0
    #: the points, with the place points of the tournaments that added them to the total
    points: int | Fraction = 0
    place_points: Fraction = Fraction(0)
    best_n_points: int | Fraction = 0
    key_value: int | Fraction = 0
    #: tournament id -> (total, place in that tournament, place points)
    results: dict[int, tuple[Fraction, int, Fraction]] = field(default_factory=dict)
    tournaments: int = 0


@dataclass
class AnnualRanking:
    game: str
    rule: str
    best_n: int | None
    tournaments: list["CountedTournament"]
    #: the ranked players' totals, best first (``annual_totals``): a query set when the
    #: ranking is done in SQL (it is sorted and sliced there), a list for ``best_n``.
    totals: Sequence[dict[str, Any]] | QuerySet[Any]
    #: the tournaments' ids, as a query set (a subquery in the queries that use it)
    tournament_ids: QuerySet[Any]
    rows: list[AnnualRow] = field(default_factory=list)
    #: the period the ranking covers (None: the whole season)
    period: Period | None = None
    #: whether one of its tournaments added its place points to the total
    added: bool = False


def counted_tournaments(season_id: int, game: str) -> QuerySet[Tournament]:
    """The tournaments an annual ranking counts: the season's published ones of the game."""
    return Tournament.objects.filter(season_id=season_id, game=game, published=True).exclude(
        status=Tournament.Status.REGISTRATION
    )


@dataclass(frozen=True)
class CountedTournament:
    """A counted tournament as the ranking's columns show it, with the version of its results
    (the cached page's key)."""

    pk: int
    name: str
    date: datetime.date
    results_version: int


def annual_ranking(
    season: Season,
    game: str,
    *,
    rules: dict[str, Any] | None = None,
    rows: bool = True,
    period: Period | None = None,
) -> AnnualRanking:
    """The season's ranking of one game by the club's rule (``annual_ranking`` in its ruleset:
    ``sum_points``, ``sum_place_points`` or ``best_n``), over its published tournaments (those
    of ``period`` only, if given: there a best N is the sum of the points, a month being too
    short for it, docs/rules/ranking.md#a-ranking-over-a-period).

    A tournament's points are its total: with its place points where it added them
    (``place_points_use`` « added »).

    Each tournament was ranked by its own rules (``classification_key``, tie-breaks included)
    when its results were stored (``TournamentResult``): its place points are ``n`` for the
    first of ``n`` ranked players down to 1, ties sharing. ``totals`` ranks the players in SQL
    (``best_n`` in Python over the stored rows, never over seats); ``rows`` (if asked) are
    every player with each tournament's result, for the Excel export.
    """
    spec = GAMES[game]
    merged = spec.validate_rules(
        rules if rules is not None else edited_club_rules(season.club, game)
    )
    rule = str(merged.get("annual_ranking", "sum_points"))
    stored_n = merged.get("annual_best_n")
    best_n = stored_n if isinstance(stored_n, int) else None
    if rule == "best_n" and not best_n:
        best_n = 1
    counted = counted_tournaments(season.pk, game)
    if period is not None:
        counted = period.of(counted)
        if rule == "best_n":
            rule, best_n = "sum_points", None
    tournaments = []
    added = False
    for pk, name, date, version, adds in counted.order_by("date", "pk").values_list(
        "pk", "name", "date", "results_version", "rules__place_points_use"
    ):
        tournaments.append(CountedTournament(pk, name, date, version))
        added = added or adds == "added"
    ids = counted.values("pk")  # a subquery in each query below
    ranking = AnnualRanking(
        game,
        rule,
        best_n,
        tournaments,
        annual_totals(ids, rule, best_n),
        tournament_ids=ids,
        period=period,
        added=added,
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


def annual_totals(
    tournament_ids: QuerySet[Any] | list[int], rule: str, best_n: int | None
) -> QuerySet[Any] | list[dict[str, Any]]:
    """Each player's totals over these tournaments, ranked by ``rule``: dicts with player_id,
    name, n_tournaments, total_points, place_points, best_n_points, key_value and rank.

    The points are each tournament's total (``total_60ths``: with the place points it added),
    summed in sixtieths (``total_60ths``, ``best_n_60ths``, ``key_60ths``: ``named_total``
    makes them points). Sums and ranks in SQL (a query set, ordered by rank then name); with
    a best N, the best N tournaments of each player are summed in Python over the stored
    tournament rows.
    """
    results = TournamentResult.objects.filter(tournament_id__in=tournament_ids)
    if best_n is None:
        key = {
            "sum_points": Sum(total_60ths()),
            "sum_place_points": Sum("annual_place_points_60ths"),
        }
        return (
            results.values("player_id")
            .annotate(
                last_name=Max("player__last_name"),
                first_name=Max("player__first_name"),
                sort_key=Max("player__sort_key"),
                n_tournaments=Count("id"),
                total_60ths=Sum(total_60ths()),
                best_n_60ths=Sum(total_60ths()),
                key_60ths=key[rule],
                rank=Window(Rank(), order_by=key[rule].desc()),
                # Last: it takes the name of the stored place points, read above.
                place_points_60ths=Sum("annual_place_points_60ths"),
            )
            .order_by("rank", "sort_key")
        )
    lines: dict[int, list[TournamentLine]] = defaultdict(list)
    names: dict[int, tuple[str, str, str]] = {}
    sixtieths: dict[int, list[int]] = defaultdict(list)
    for player_id, last, first, sort_key, total, player_60ths in (
        results.annotate(total=total_60ths())
        .values_list(
            "player_id",
            "player__last_name",
            "player__first_name",
            "player__sort_key",
            "total",
            "annual_place_points_60ths",
        )
        .order_by()
    ):
        lines[player_id].append(
            TournamentLine(
                Fraction(total, PLACE_POINTS_DENOMINATOR),
                Fraction(player_60ths, PLACE_POINTS_DENOMINATOR),
            )
        )
        sixtieths[player_id].append(player_60ths)
        names[player_id] = (last, first, sort_key)
    totals = []
    for player_id, own in lines.items():
        key_value = annual_ranking_key(own, rule, best_n)[0]
        totals.append(
            {
                "player_id": player_id,
                "last_name": names[player_id][0],
                "first_name": names[player_id][1],
                "sort_key": names[player_id][2],
                "n_tournaments": len(own),
                "total_60ths": _sixtieths(sum(t.points for t in own)),
                "place_points_60ths": sum(sixtieths[player_id]),
                "best_n_60ths": _sixtieths(annual_ranking_key(own, "best_n", best_n)[0]),
                "key_60ths": _sixtieths(key_value),
                "key": key_value,
            }
        )
    for row, rank in zip(totals, shared_places([(t["key"],) for t in totals]), strict=True):
        row["rank"] = rank
    totals.sort(key=lambda t: (t["rank"], t["sort_key"]))
    return totals


def _sixtieths(value: int | Fraction) -> int:
    """Points as whole sixtieths (every total is one: place points are stored so)."""
    return int(value * PLACE_POINTS_DENOMINATOR)


def annual_player_count(tournament_ids: QuerySet[Any] | list[int]) -> int:
    """How many players ``annual_totals`` ranks: a count over the stored results' index,
    cheaper than counting the ranking query itself."""
    return (
        TournamentResult.objects.filter(tournament_id__in=tournament_ids)
        .values("player_id")
        .distinct()
        .count()
    )


def named_total(total: dict[str, Any]) -> dict[str, Any]:
    """A totals row as the pages and the export read it: the name, and the sixtieths as
    points (Fractions: ``total_points``, ``place_points``, ``best_n_points``, ``key_value``)."""
    total["name"] = person_name(total["first_name"], total["last_name"])
    total["total_points"] = sixtieths_fraction(total["total_60ths"])
    total["place_points"] = sixtieths_fraction(total["place_points_60ths"])
    total["best_n_points"] = sixtieths_fraction(total["best_n_60ths"])
    total["key_value"] = sixtieths_fraction(total["key_60ths"])
    return total


def annual_cells(
    tournament_ids: QuerySet[Any] | list[int], player_ids: list[int] | None
) -> dict[int, dict[int, tuple[Fraction, int, Fraction]]]:
    """Per player (all, or ``player_ids``: the shown page), per tournament: (total with the
    place points it added, place, annual place points). One query."""
    results = TournamentResult.objects.filter(tournament_id__in=tournament_ids)
    if player_ids is not None:
        results = results.filter(player_id__in=player_ids)
    cells: dict[int, dict[int, tuple[Fraction, int, Fraction]]] = defaultdict(dict)
    for player_id, tournament_id, total, rank, sixtieths in results.annotate(
        total=total_60ths()
    ).values_list("player_id", "tournament_id", "total", "rank", "annual_place_points_60ths"):
        cells[player_id][tournament_id] = (
            sixtieths_fraction(total),
            rank,
            sixtieths_fraction(sixtieths),
        )
    return cells


def annual_page_cells(
    tournament_ids: QuerySet[Any], player_ids: list[int], order: list[int]
) -> dict[int, list[tuple[Fraction, int] | None]]:
    """The shown page's cells: per player, his tournaments in ``order`` (tournament ids),
    each (total with the place points it added, place) or None where he did not play. One
    query."""
    results = TournamentResult.objects.filter(
        tournament_id__in=tournament_ids, player_id__in=player_ids
    )
    column = {pk: index for index, pk in enumerate(order)}
    cells: dict[int, list[tuple[Fraction, int] | None]] = {}
    for player_id, tournament_id, total, rank in results.annotate(total=total_60ths()).values_list(
        "player_id", "tournament_id", "total", "rank"
    ):
        own = cells.get(player_id)
        if own is None:
            own = cells[player_id] = [None] * len(order)
        own[column[tournament_id]] = (sixtieths_fraction(total), rank)
    return cells
