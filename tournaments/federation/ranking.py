"""The federation's rankings as its pages read them (issue 35 §4): the players' ranking per
game and season, the clubs' ranking, a player's results across clubs, the counted tournaments.

The rule is ``scoring.federation``'s; the season's rankings are aggregated by the database in
its exact terms (``ranking_sql``: one query for the players', one for the clubs'), whatever the
number of tournaments, and a player's page applies ``scoring.federation`` to his own results.
Each player is named as docs/privacy.md says for a page listing several clubs: his own choice,
else the strictest of his clubs' defaults (``resolved_name`` with that club).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from functools import cache

from django.db import connection
from django.db.models import Count, Max, QuerySet, Subquery, Sum

from club.models import Club, Player, PublicName
from club.privacy import public_mode, resolved_name, shows_player_page
from club.rows import LARGEST_KEY
from scoring.errors import InvalidDeal
from scoring.federation import (
    CLUB_RANKINGS,
    FederationRule,
    club_win_ranking,
    rank_clubs,
    tournament_points,
)
from tournaments.games import plugin_for
from tournaments.models import Tournament, TournamentResult

from . import ranking_sql
from .models import RULE_FIELDS, CountedTournament, Federation, FederationSeason, Licence

#: From the strictest public name to the most open (docs/privacy.md): a player without a
#: choice of his own follows the strictest default among his clubs.
STRICTNESS = (PublicName.HIDDEN, PublicName.PSEUDONYM, PublicName.INITIALS, PublicName.FULL)


def _key(value: Hashable) -> int:
    """A player's or a club's id, as the rule hands it back."""
    assert isinstance(value, int)
    return value


def rule_of(federation: Federation) -> FederationRule:
    """The federation's settings as the rule reads them (the decay exact: percent → fraction)."""
    return FederationRule(
        step=federation.step,
        best_n=federation.best_n,
        min_tournaments=federation.min_tournaments,
        decay=Fraction(federation.decay_percent) / 100,
        best_m=federation.best_m,
        club_ranking=federation.club_ranking,
    )


def counted_statuses(federation: Federation) -> list[str]:
    """The statuses that count: approved; asked too where no approval is required."""
    statuses = [CountedTournament.Status.APPROVED.value]
    if not federation.requires_approval:
        statuses.append(CountedTournament.Status.ASKED.value)
    return statuses


def plays_matches(game: str) -> bool:
    """A team game played as matches (its clubs may be ranked by their win percentage)."""
    return plugin_for(game).lineup.forms_teams


def club_ranking_kind(federation: Federation, game: str) -> str:
    """How the clubs are ranked for ``game``: the win percentage only for a game of matches."""
    if federation.club_ranking == CLUB_RANKINGS[1] and plays_matches(game):
        return CLUB_RANKINGS[1]
    return CLUB_RANKINGS[0]


def seasons_counted(season: FederationSeason, decay: Fraction) -> dict[int, int]:
    """The seasons whose tournaments enter ``season``'s ranking, each with its age: only its
    own without decay; with one, every earlier season too (age: seasons begun since)."""
    if not decay:
        return {season.pk: 0}
    earlier = FederationSeason.objects.filter(
        federation_id=season.federation_id, starts_on__lte=season.starts_on
    ).order_by("-starts_on")
    return {pk: age for age, pk in enumerate(earlier.values_list("pk", flat=True))}


@dataclass(slots=True)
class Row:
    """One stored result of a counted tournament, as the ranking reads it (tens of thousands
    in a season: a plain slotted record)."""

    tournament_id: int
    player_id: int
    unit: int
    rank: int
    rounds: int
    won: int
    drawn: int
    on: date
    host: int
    season_id: int
    unlicensed_count: bool


@dataclass
class Licences:
    """The federation's licences of some players (one query): the club and validity of
    each on a date."""

    by_player: dict[int, list[tuple[date, date, int, bool]]] = field(default_factory=dict)

    @classmethod
    def read(cls, federation: Federation, player_ids: Iterable[int]) -> Licences:
        found: dict[int, list[tuple[date, date, int, bool]]] = defaultdict(list)
        rows = Licence.objects.filter(
            federation=federation, player_id__in=list(set(player_ids))
        ).values_list("player_id", "valid_from", "valid_until", "club_id", "status")
        for player_id, start, end, club_id, status in rows:
            found[player_id].append((start, end, club_id, status == Licence.Status.VALID))
        return cls(dict(found))

    def on(self, player_id: int, day: date) -> tuple[int, bool] | None:
        """(club, valid) of the player's licence on ``day``; None: none that day."""
        for start, end, club_id, valid in self.by_player.get(player_id, ()):
            if start <= day <= end:
                return club_id, valid
        return None

    def club(self, row: Row) -> int:
        """The club a result counts for: his licence's on the day, else the host club."""
        licence = self.on(row.player_id, row.on)
        return licence[0] if licence else row.host

    def counts(self, row: Row) -> bool:
        """A result counts when his licence was valid that day, or the tournament lets the
        results of players without one count."""
        licence = self.on(row.player_id, row.on)
        return row.unlicensed_count or (licence is not None and licence[1])


@dataclass(frozen=True)
class NamedPlayer:
    pk: int
    uid: str
    name: str
    linked: bool
    #: Shown on a list of names (the rating list): not hidden, not erased.
    listed: bool = True


def named_players(player_ids: Iterable[int]) -> dict[int, NamedPlayer]:
    """Each player named as docs/privacy.md says for a page of several clubs (three queries:
    the players, their clubs' links, those clubs)."""
    ids = list(set(player_ids))
    players = Player.objects.filter(pk__in=ids).only(
        "pk", "uid", "first_name", "last_name", "public_name", "pseudonym", "erased_at"
    )
    links = Player.clubs.through.objects.filter(player_id__in=ids).values_list(
        "player_id", "club_id"
    )
    clubs_of: dict[int, list[int]] = defaultdict(list)
    for player_id, club_id in links:
        clubs_of[player_id].append(club_id)
    clubs = {
        club.pk: club
        for club in Club.objects.filter(
            pk__in={c for found in clubs_of.values() for c in found}
        ).only("pk", "name", "name_order", "default_public_name")
    }
    strictness = {mode.value: index for index, mode in enumerate(STRICTNESS)}
    nobody = Club(default_public_name=PublicName.HIDDEN)  # a player of no club: hidden
    named = {}
    for player in players:
        strictest = min(
            (clubs[c] for c in clubs_of[player.pk]),
            key=lambda club: (strictness[club.default_public_name], club.pk),
            default=nobody,
        )
        named[player.pk] = NamedPlayer(
            player.pk,
            str(player.uid),
            resolved_name(player, strictest),
            shows_player_page(player, strictest),
            player.erased_at is None and public_mode(player, strictest) != PublicName.HIDDEN,
        )
    return named


@dataclass(frozen=True)
class RankingLine:
    place: int
    player: NamedPlayer
    total: Fraction
    played: int
    counted: int


@dataclass(frozen=True)
class ClubRankingLine:
    place: int
    club: str
    value: Fraction
    #: Players counted (best players), or (won, played) matches (win percentage).
    players: int = 0
    won: Fraction = Fraction(0)
    played: int = 0


@dataclass(frozen=True)
class Rankings:
    """A season's rankings for one game: the players', the clubs' and how it ranks clubs."""

    players: list[RankingLine]
    clubs: list[ClubRankingLine]
    club_kind: str


def _common(
    federation: Federation, season: FederationSeason
) -> tuple[dict[int, tuple[int, int]], int]:
    """Each counted season's (factor, age) and the common denominator of every result's
    points (``ranking_sql``): 2 × v^oldest, v the denominator of 1 − the decay."""
    rule = rule_of(federation)
    ages = seasons_counted(season, rule.decay)
    kept = 1 - rule.decay
    u, v, oldest = kept.numerator, kept.denominator, max(ages.values())
    factors = {pk: (u**age * v ** (oldest - age), age) for pk, age in ages.items()}
    return factors, 2 * v**oldest


def player_lines(federation: Federation, season: FederationSeason, game: str) -> list[RankingLine]:
    """The players' ranking of ``game`` in ``season``, aggregated by the database (three
    queries and the names'): equal totals share a place, listed by name among them."""
    factors, denominator = _common(federation, season)
    found = ranking_sql.player_totals(
        federation.pk,
        factors,
        counted_statuses(federation),
        game,
        federation.step,
        federation.best_n,
        federation.min_tournaments,
    )
    names = named_players(row[0] for row in found)
    players = [
        RankingLine(
            place, names[pk], Fraction(ranking_sql.exact(total), denominator), played, counted
        )
        for pk, total, played, counted, place in found
    ]
    players.sort(key=lambda line: (line.place, line.player.name.casefold(), str(line.player.pk)))
    return players


def club_lines(
    federation: Federation, season: FederationSeason, game: str
) -> tuple[list[ClubRankingLine], str]:
    """The clubs' ranking of ``game`` in ``season`` and how it ranks them (the database
    aggregating, the clubs' few lines ranked here)."""
    factors, denominator = _common(federation, season)
    kind = club_ranking_kind(federation, game)
    statuses = counted_statuses(federation)
    lines: list[tuple[int, ClubRankingLine]]
    if kind == CLUB_RANKINGS[1]:
        matches = {
            club: (Fraction(ranking_sql.exact(halves), 2), int(played))
            for club, halves, played in ranking_sql.club_matches(
                federation.pk, factors, statuses, game, federation.step
            )
        }
        lines = [
            (club, ClubRankingLine(line.place, "", line.value, 0, *matches[club]))
            for line in club_win_ranking(matches)
            for club in [_key(line.club)]
        ]
    else:
        found = ranking_sql.club_points(
            federation.pk,
            factors,
            statuses,
            game,
            federation.step,
            federation.best_n,
            federation.best_m,
        )
        players = {club: int(count) for club, _value, count in found}
        lines = [
            (club, ClubRankingLine(line.place, "", line.value, players[club]))
            for line in rank_clubs(
                {club: Fraction(ranking_sql.exact(value), denominator) for club, value, _n in found}
            )
            for club in [_key(line.club)]
        ]
    names = dict(
        Club.objects.filter(pk__in=[club for club, _line in lines]).values_list("pk", "name")
    )
    return [replace(line, club=names.get(club, "")) for club, line in lines], kind


def rankings(federation: Federation, season: FederationSeason, game: str) -> Rankings:
    """The players' and the clubs' rankings of ``game`` in ``season``."""
    clubs, kind = club_lines(federation, season, game)
    return Rankings(player_lines(federation, season, game), clubs, kind)


# --------------------------------------------------------------------------- a player's page


@dataclass(frozen=True)
class PlayerTournament:
    """One counted tournament of a player: where, which game, his place among how many."""

    tournament_id: int
    on: date
    name: str
    club: str
    game: str
    season: str
    place: int
    entries: int
    points: Fraction
    counts: bool


def _counted_results(federation: Federation, player: Player) -> QuerySet[TournamentResult]:
    """A player's results in the finished tournaments that count for ``federation``."""
    return TournamentResult.objects.filter(
        player=player,
        tournament__counted_for__federation=federation,
        tournament__counted_for__status__in=counted_statuses(federation),
        tournament__status=Tournament.Status.FINISHED,
    )


def player_results(federation: Federation, player: Player) -> list[PlayerTournament]:
    """A player's counted tournaments in the federation, every season and game, newest first
    (two queries: his results, then the sizes of their fields)."""
    mine = list(
        _counted_results(federation, player)
        .values_list(
            "tournament_id",
            "tournament__date",
            "tournament__name",
            "tournament__club__name",
            "tournament__club_id",
            "tournament__game",
            "tournament__counted_for__season__name",
            "tournament__counted_for__unlicensed_results_count",
            "rank",
        )
        .order_by("-tournament__date", "-tournament_id")
    )
    ids = [row[0] for row in mine]
    fields = _fields(ids)
    licences = Licences.read(federation, [player.pk])
    results = []
    for tid, on, name, club, host, game, season, free, rank in mine:
        entries, ranks = fields.get(tid, (0, {}))
        try:
            points = tournament_points(
                [((unit,), place) for unit, place in ranks.items()], federation.step
            )
        except InvalidDeal:
            continue
        unit_points = next(
            (points[unit] for unit, place in ranks.items() if place == rank), Fraction(0)
        )
        row = Row(tid, player.pk, 0, rank, 0, 0, 0, on, host, 0, free)
        results.append(
            PlayerTournament(
                tid, on, name, club, game, season, rank, entries, unit_points, licences.counts(row)
            )
        )
    return results


def _fields(tournament_ids: list[int]) -> dict[int, tuple[int, dict[int, int]]]:
    """Each tournament's ranked entries (teams in a team game) and their places (one query)."""
    units: dict[int, dict[int, int]] = defaultdict(dict)
    rows = TournamentResult.objects.filter(tournament_id__in=tournament_ids).values_list(
        "tournament_id", "entry_id", "team_id", "rank"
    )
    for tid, entry, team, rank in rows:
        units[tid][team or entry] = rank
    return {tid: (len(ranks), ranks) for tid, ranks in units.items()}


# --------------------------------------------------------------------------- the counted list


@dataclass(frozen=True)
class CountedLine:
    pk: int
    tournament_id: int
    on: date
    name: str
    club: str
    game: str
    season: str
    players: int
    status: str
    status_label: str
    published: bool


def counted_list(
    federation: Federation, season: FederationSeason | None = None, *, every_status: bool = False
) -> list[CountedLine]:
    """The counted tournaments by club then date (one query); the desk sees every status."""
    counted = CountedTournament.objects.filter(federation=federation)
    if season is not None:
        counted = counted.filter(season=season)
    if not every_status:
        counted = counted.filter(
            status__in=counted_statuses(federation),
            tournament__status=Tournament.Status.FINISHED,
        )
    rows = counted.annotate(players=Count("tournament__results")).values_list(
        "pk",
        "tournament_id",
        "tournament__date",
        "tournament__name",
        "tournament__club__name",
        "tournament__game",
        "season__name",
        "players",
        "status",
        "tournament__published",
    )
    labels = dict(CountedTournament.Status.choices)
    lines = [
        CountedLine(
            pk, tid, on, name, club, game, season_name, players, status, str(labels[status]), pub
        )
        for pk, tid, on, name, club, game, season_name, players, status, pub in rows
    ]
    lines.sort(key=lambda line: (line.club.casefold(), line.on, line.tournament_id))
    return lines


# --------------------------------------------------------------------------- the cache's key


#: What a season's pages depend on in the federation's row: its name, version and rule, and
#: the games it ranks.
FEDERATION_KEYS = ("id", "name", "ranking_version", *RULE_FIELDS, "games")
SEASON_KEYS = ("id", "name", "starts_on", "ends_on")


def season_key(slug: str, season_pk: int) -> tuple[object, ...] | None:
    """What the cached pages of a season of the federation ``slug`` depend on, in one query
    (None: no such season of that federation): the season's and the federation's own columns
    (``SEASON_KEYS``, ``FEDERATION_KEYS``, as the database gives them), then the season's
    signature: its counted tournaments' results versions (bumped by every result, and by a
    change of a player's or a club's name), their number, and the licences' last import (a
    licence decides the club a result counts for, and whether it counts).

    Read at every hit of a cached page: plain SQL, no model built, as composing the ORM's
    query costs more CPU than the query takes to run; the page's build reads the objects."""
    if not 0 < season_pk <= LARGEST_KEY:  # as the ORM's lookups: no row has it (no overflow)
        return None
    with connection.cursor() as cursor:
        cursor.execute(_season_key_sql(), [Tournament.Status.FINISHED.value, slug, season_pk])
        row = cursor.fetchone()
    return None if row is None else tuple(row)


@cache
def _season_key_sql() -> str:
    season = FederationSeason._meta.db_table
    federation = Federation._meta.db_table
    counted = CountedTournament._meta.db_table
    tournament = Tournament._meta.db_table
    licence = Licence._meta.db_table
    season_columns = {f.name: f.column for f in FederationSeason._meta.concrete_fields}
    federation_columns = {f.name: f.column for f in Federation._meta.concrete_fields}
    columns = [
        *(f'"{season}"."{season_columns[name]}"' for name in SEASON_KEYS),
        *(f'f."{federation_columns[name]}"' for name in FEDERATION_KEYS),
    ]
    return f"""
    SELECT {", ".join(columns)}, (
      SELECT COUNT(*) || ':' || COALESCE(SUM(t.results_version), 0)
             || ':' || COALESCE(MAX(c.tournament_id), 0)
             || ':' || COALESCE(SUM(CASE WHEN t.status = %s THEN 1 ELSE 0 END), 0)
             || ':' || COALESCE((SELECT CAST(MAX(l.imported_at) AS TEXT) FROM {licence} l
                                 WHERE l.federation_id = "{season}"."federation_id"), '')
      FROM {counted} c JOIN {tournament} t ON t.id = c.tournament_id
      WHERE c.season_id = "{season}"."id"
    )
    FROM "{season}" JOIN {federation} f ON f.id = "{season}"."federation_id"
    WHERE f.slug = %s AND "{season}"."id" = %s
    """


def player_signature(federation: Federation, player: Player) -> tuple[object, ...]:
    """What a player's page depends on: his counted tournaments and their results versions."""
    return tuple(
        _counted_results(federation, player)
        .aggregate(
            count=Count("pk"),
            results=Sum("tournament__results_version"),
            licences=Max(
                Subquery(
                    Licence.objects.filter(federation=federation, player=player)
                    .order_by("-imported_at")
                    .values("imported_at")[:1]
                )
            ),
        )
        .values()
    )
