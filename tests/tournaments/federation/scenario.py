"""A federation's season built row by row, as the stored results the pages read: clubs,
players, licences, finished tournaments with their final places, counted for the federation.
The places are written as the core stores them (``TournamentResult``: one row per player, a
team's place on both partners' rows)."""

import datetime
import itertools

from club.models import Club, Player, Season
from tournaments.federation import services
from tournaments.federation.models import CountedTournament, Federation, FederationSeason, Licence
from tournaments.models import Entry, Team, Tournament, TournamentResult

SEASON_START = datetime.date(2025, 9, 1)
SEASON_END = datetime.date(2026, 6, 30)
_names = itertools.count(1)


def federation(
    slug: str = "ffw", games: tuple[str, ...] = ("whist", "quarante"), **rule: object
) -> Federation:
    made = services.create_federation(
        name=f"Fédération {slug}", slug=slug, games=list(games), language="fr"
    )
    if rule:
        Federation.objects.filter(pk=made.pk).update(**rule)
        made.refresh_from_db()
    return made


def fed_season(
    fed: Federation,
    name: str = "2025-2026",
    start: datetime.date = SEASON_START,
    end: datetime.date = SEASON_END,
) -> FederationSeason:
    return FederationSeason.objects.create(federation=fed, name=name, starts_on=start, ends_on=end)


def club(name: str, slug: str, default: str = "full") -> Club:
    made = Club.objects.create(name=name, slug=slug, default_public_name=default)
    Season.objects.create(
        club=made, name="2025", start=datetime.date(2024, 1, 1), end=datetime.date(2027, 12, 31)
    )
    return made


def player(
    first: str, last: str, *clubs: Club, public_name: str = "", pseudonym: str = ""
) -> Player:
    made = Player.objects.create(
        first_name=first, last_name=last, public_name=public_name, pseudonym=pseudonym
    )
    made.clubs.add(*clubs)
    return made


def licence(
    fed: Federation,
    holder: Player,
    at: Club,
    start: datetime.date = SEASON_START,
    end: datetime.date = SEASON_END,
    status: str = "valid",
) -> Licence:
    return Licence.objects.create(
        federation=fed,
        number=f"L{next(_names):05d}",
        last_name=holder.last_name,
        first_name=holder.first_name,
        club=at,
        player=holder,
        valid_from=start,
        valid_until=end,
        status=status,
    )


def tournament(
    host: Club,
    on: datetime.date,
    places: list[tuple[tuple[Player, ...], int]],
    *,
    fed: Federation,
    season: FederationSeason,
    game: str = "whist",
    status: str = "approved",
    unlicensed_count: bool = False,
    matches: list[tuple[int, int]] | None = None,
    published: bool = True,
) -> Tournament:
    """A finished tournament of ``host`` with these final places (one entry per player, or
    per team of partners), counted for ``fed``'s ``season``. ``matches``: per entry, (won,
    played) — a team game's matches."""
    made = Tournament.objects.create(
        club=host,
        season=host.seasons.get(),
        game=game,
        name=f"Tournoi {next(_names)}",
        date=on,
        status=Tournament.Status.FINISHED,
        published=published,
    )
    rows = []
    for index, (players, place) in enumerate(places):
        team = Team.objects.create(tournament=made) if len(players) > 1 else None
        won, played = matches[index] if matches else (0, 3)
        for one in players:
            entry = Entry.objects.create(tournament=made, player=one, team=team)
            rows.append(
                TournamentResult(
                    tournament=made,
                    player=one,
                    entry=entry,
                    team=team,
                    rank=place,
                    rounds=played,
                    points=0,
                    best_round=0,
                    matches_won=won,
                )
            )
    TournamentResult.objects.bulk_create(rows)
    CountedTournament.objects.create(
        tournament=made,
        federation=fed,
        season=season,
        status=status,
        unlicensed_results_count=unlicensed_count,
    )
    return made
