"""The rating lists' reads: the tables a list counts, as ``scoring.rating``'s records, and
what the pages show (names as each player chose to appear)."""

import datetime
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet

from club.models import Club, Player, PublicName
from club.privacy import public_mode, resolved_name
from scoring.rating import (
    CONFIDENCE,
    MODEL_NAME,
    MODEL_VERSION,
    SCALE_ORIGIN,
    SCALE_UNIT,
    Gates,
    RatedTable,
    RatedTournament,
)
from tournaments.models import Entry, Seat, Table, Tournament

from .models import CountedTournament, PlayerRating, RatingList

#: A tournament's place in a list's order: its date, then its id.
Key = tuple[str, int]
#: Before every tournament: a replay from there recomputes the whole list.
START: Key = ("", 0)


def key_of(date: datetime.date, tournament_id: int) -> Key:
    return (date.isoformat(), tournament_id)


def replay_start(rating_list: RatingList, since: Tournament | None) -> Key:
    """Where a change to ``since`` replays the list from: where it stood at the last build or
    stands now, whichever is earlier (it may have moved, or no longer count); None: from the
    start."""
    if since is None:
        return START
    keys = [key_of(since.date, since.pk)]
    kept = CountedTournament.objects.filter(rating_list=rating_list, tournament=since).first()
    if kept is not None:
        keys.append(key_of(kept.date, since.pk))
    return min(keys)


def counted_tournaments(rating_list: RatingList) -> QuerySet[Tournament]:
    """What a club's list counts: its finished and published tournaments of the game that
    have tables (archived evenings have none), in the order they were played. An unpublished
    tournament's results are the committee's alone: a public list never moves with them."""
    assert rating_list.kind == RatingList.Kind.CLUB, "a federation tells what its list counts"
    return with_tables(
        Tournament.objects.filter(
            club=rating_list.club_id,
            game=rating_list.game,
            status=Tournament.Status.FINISHED,
            archived=False,
            published=True,
        )
    )


def with_tables(tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """Those of ``tournaments`` that have tables, in the order they were played."""
    tables = Table.objects.filter(round__tournament=OuterRef("pk"))
    return tournaments.filter(Exists(tables)).order_by("date", "pk")


@dataclass(frozen=True)
class CountedRecord:
    tournament_id: int
    date: datetime.date
    record: RatedTournament


def rated_tournaments(tournaments: list[Tournament]) -> list[CountedRecord]:
    """Each tournament's complete tables, in play order (round, then table), each seat
    ordered by its place points, then the match won, then its score; substitutes (and hosts
    filling a table) left out. Two queries, whatever the number of tournaments."""
    ids = [t.pk for t in tournaments]
    seats = (
        Seat.objects.filter(round__tournament__in=ids, table__complete=True)
        .order_by("round__tournament_id", "round__number", "table__number", "position")
        .values_list(
            "round__tournament_id",
            "table_id",
            "entry__player_id",
            "team_id",
            "place_points_60ths",
            "won",
            "score",
        )
    )
    team_players: dict[int, list[int]] = defaultdict(list)
    left_out: dict[int, set[int]] = defaultdict(set)
    for tournament_id, team_id, player_id, substitute, table_filler in Entry.objects.filter(
        tournament__in=ids
    ).values_list("tournament_id", "team_id", "player_id", "substitute", "table_filler"):
        if team_id is not None:
            team_players[team_id].append(player_id)
        if substitute or table_filler:
            left_out[tournament_id].add(player_id)
    tables: dict[int, dict[int, list[tuple[tuple[int, ...], tuple[int, int, int]]]]] = {
        t: {} for t in ids
    }
    for tournament_id, table_id, player_id, team_id, points, won, score in seats:
        players = (player_id,) if player_id is not None else tuple(team_players[team_id])
        strength = (points, {True: 2, None: 1, False: 0}[won], score)
        tables[tournament_id].setdefault(table_id, []).append((players, strength))
    out = []
    for tournament in tournaments:
        rows = []
        for seated in tables[tournament.pk].values():
            strengths = [s for _, s in seated]
            places = tuple(1 + sum(o > s for o in strengths) for s in strengths)
            rows.append(RatedTable(tuple(p for p, _ in seated), places))
        out.append(
            CountedRecord(
                tournament.pk,
                tournament.date,
                RatedTournament(
                    key=str(tournament.pk),
                    tables=tuple(rows),
                    left_out=frozenset(left_out[tournament.pk]),
                ),
            )
        )
    return out


def method_figures(gates: Gates) -> dict[str, Any]:
    """What a list's method page says in numbers (a club's or a federation's): its gates'
    half, the model and its version, the scale."""
    return {
        "gates": gates,
        "half": (gates.min_opponents + 1) // 2,
        "model_name": MODEL_NAME,
        "model_version": MODEL_VERSION,
        "confidence": int(CONFIDENCE),
        "origin": int(SCALE_ORIGIN),
        "unit": int(SCALE_UNIT),
    }


def club_list(club: Club, game: str) -> RatingList | None:
    return RatingList.objects.filter(kind=RatingList.Kind.CLUB, club=club, game=game).first()


def club_lists(club: Club) -> list[RatingList]:
    return list(RatingList.objects.filter(kind=RatingList.Kind.CLUB, club=club).order_by("game"))


@dataclass(frozen=True)
class ListRow:
    rank: int | None
    name: str
    value: int
    tables: int
    opponents: int
    player_id: int


def _listed(club: Club, player: Player) -> bool:
    """Hidden players are not listed; erased ones are listed nowhere (their tables count)."""
    return player.erased_at is None and public_mode(player, club) != PublicName.HIDDEN


def player_ids(rating_list: RatingList) -> list[int]:
    """Every player the list has a rating for (listed or not)."""
    return list(
        PlayerRating.objects.filter(rating_list=rating_list).values_list("player_id", flat=True)
    )


def list_rows(
    rating_list: RatingList, names: Mapping[int, str] | None = None
) -> tuple[list[ListRow], list[ListRow]]:
    """The rated players ranked by their published number (equal numbers share a rank),
    and the provisional ones apart, by number too. One query. ``names``: the listed players'
    names where the list's owner resolves them (a federation's: across its clubs); a player
    not in it is not listed. None: a club's list, named by its club."""
    club = rating_list.club
    rows = (
        PlayerRating.objects.filter(rating_list=rating_list)
        .select_related("player")
        .only(
            "value",
            "rated",
            "tables",
            "opponents",
            "player__first_name",
            "player__last_name",
            "player__public_name",
            "player__pseudonym",
            "player__erased_at",
        )
        .order_by("-value", "player__sort_key", "pk")
    )
    rated: list[ListRow] = []
    provisional: list[ListRow] = []
    previous: tuple[int, int] | None = None
    for row in rows:
        if names is not None:
            name = names.get(row.player_id)
        elif club is not None and _listed(club, row.player):
            name = resolved_name(row.player, club)
        else:
            name = None
        if name is None:
            continue
        if row.rated:
            rank = len(rated) + 1
            if previous is not None and previous[0] == row.value:
                rank = previous[1]
            previous = (row.value, rank)
        else:
            rank = None
        line = ListRow(
            rank,
            name,
            row.value,
            row.tables,
            row.opponents,
            row.player_id,
        )
        (rated if row.rated else provisional).append(line)
    return rated, provisional


def player_history(club: Club, game: str, player: Player) -> list[dict[str, Any]]:
    """The player's points in his club's list of ``game`` (none if he is not listed)."""
    if not _listed(club, player):
        return []
    row = (
        PlayerRating.objects.filter(
            rating_list__kind=RatingList.Kind.CLUB,
            rating_list__club=club,
            rating_list__game=game,
            player=player,
        )
        .only("history")
        .first()
    )
    return list(row.history) if row is not None else []


def history_of(rating_list: RatingList, player_id: int) -> list[dict[str, Any]]:
    """The player's points in ``rating_list`` (the caller knows he may be listed)."""
    row = (
        PlayerRating.objects.filter(rating_list=rating_list, player_id=player_id)
        .only("history")
        .first()
    )
    return list(row.history) if row is not None else []
