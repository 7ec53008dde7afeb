"""Demo tournaments for ``manage.py demo``: played through the same services as a real evening."""

import datetime
import random
from collections.abc import Callable, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from club.demo_data import SHARED, build_demo_club, build_flemish_club
from club.models import Club, Player, Season
from scoring import GAMES

from . import signals
from .models import Round, Tournament
from .sample_sheets import double_game, double_king_round, plonk_match, quarante_match, whist_pool
from .services import deal_entry, drawing, pairing, registration, round_clock
from .services.rulesets import save_club_rules

#: The evening in progress: tables played from phones, how many games (deals) each had
#: entered at the desk before, and how many its phones enter (the last of all waits for its
#: confirmation: ``signals.demo_evening``).
PHONE_TABLES = 2
DESK_DEALS = 5
PHONE_DEALS = 3


def _play_round(
    tournament: Tournament,
    seed: int,
    user: User | None,
    tables_to_fill: int | None = None,
) -> dict[int, list[dict[str, Any]]]:
    """A round drawn and started, its tables' sheets saved (the first ``tables_to_fill``, the
    last of them half-way); with ``tables_to_fill``, the next ``PHONE_TABLES`` tables have a
    few games saved and the records their phones enter next (returned by table id)."""
    round_ = drawing.draw_round(tournament, seed=seed)
    drawing.start_round(round_)
    rng = random.Random(seed)
    phone_deals: dict[int, list[dict[str, Any]]] = {}
    for index, table in enumerate(round_.tables.all()):
        first = table.seats.get(first_dealer=True).position
        if tables_to_fill is not None and index >= tables_to_fill:
            if index >= tables_to_fill + PHONE_TABLES:
                break
            records = double_king_round(first, rng, DESK_DEALS + PHONE_DEALS)
            deal_entry.save_sheet(
                table, records=records[:DESK_DEALS], version=table.version, user=user
            )
            phone_deals[table.pk] = records[DESK_DEALS:]
            continue
        games = 20 if tables_to_fill is None or index < tables_to_fill - 1 else 11
        deal_entry.save_sheet(
            table, records=double_king_round(first, rng, games), version=table.version, user=user
        )
    return phone_deals


def _double_king(
    club: Club,
    season: Season,
    players: Sequence[Player],
    name: str,
    date: datetime.date,
    *,
    rounds_played: int,
    partial: bool = False,
) -> Tournament | None:
    tournament = _new(
        club, season, "double_king", name, date, 5, players, unpaid=(7, 3), phones=partial
    )
    if tournament is None:
        return None
    user = _scorekeeper()
    for number in range(rounds_played):
        _play_round(tournament, seed=1000 * date.toordinal() + number, user=user)
    if partial:
        phone_deals = _play_round(tournament, seed=7, user=user, tables_to_fill=3)
        signals.demo_evening.send(
            Tournament, tournament=tournament, phone_deals=phone_deals, user=user
        )
    return tournament


def _whist(
    club: Club,
    season: Season,
    players: Sequence[Player],
    name: str,
    date: datetime.date,
    *,
    pools_played: int,
    running: bool = False,
    phone_tables: int = PHONE_TABLES,
    pools: int = 3,
) -> Tournament | None:
    """A whist evening of ``pools`` pools: pools drawn, played deal by deal's worth of
    records, closed at the signal; ``running``: the next pool is under way with its clock
    started, its first ``phone_tables`` tables playing from phones."""
    tournament = _new(
        club, season, "whist", name, date, pools, players, unpaid=(9, 4), phones=running
    )
    if tournament is None:
        return None
    user = _scorekeeper()
    rng = random.Random(date.toordinal())
    phone_deals: dict[int, list[dict[str, Any]]] = {}
    for number in range(pools_played + (1 if running else 0)):
        round_ = drawing.draw_round(tournament, seed=date.toordinal() * 10 + number)
        last = running and number == pools_played
        # The pool under way starts as the demo is built: its clock runs from then.
        round_clock.clock_start(
            round_, now=timezone.now() - datetime.timedelta(minutes=0 if last else 90)
        )
        for index, table in enumerate(round_.tables.all()):
            first = table.seats.get(first_dealer=True).position
            deals = 12 if not last else 4 + index % 3
            if not last and index % 5 == 4:
                deals = 11  # the signal came before the last deal
            phones = PHONE_DEALS if last and index < phone_tables else 0
            records = whist_pool(first, rng, deals + phones, table.seats.count())
            deal_entry.save_sheet(table, records=records[:deals], version=table.version, user=user)
            if phones:
                phone_deals[table.pk] = records[deals:]
        if not last:
            round_clock.close_round(round_)
    if running:
        signals.demo_evening.send(
            Tournament, tournament=tournament, phone_deals=phone_deals, user=user
        )
    return tournament


def _scorekeeper() -> User | None:
    return User.objects.filter(username="saisie").first()


def _new(
    club: Club,
    season: Season,
    game: str,
    name: str,
    date: datetime.date,
    rounds: int,
    players: Sequence[Player],
    *,
    unpaid: tuple[int, int] | None = None,
    phones: bool = False,
) -> Tournament | None:
    """A new published tournament with ``players`` registered, all paid but every ``n``-th
    from the ``k``-th (``unpaid``: ``(n, k)``); None when it already exists. ``phones``: the
    evening in progress, phones at the tables; built on another day, it is built again, dated
    the day the demo is built (its clock started then)."""
    if phones:
        stale = Tournament.objects.filter(club=club, season=season, name=name).exclude(date=date)
        # Its rounds first: what the phones left on the tables goes with them, then nothing
        # holds the entries any more.
        Round.objects.filter(tournament__in=stale).delete()
        stale.delete()
    tournament, created = Tournament.objects.get_or_create(
        club=club,
        season=season,
        name=name,
        defaults={
            "game": game,
            "date": date,
            "rounds": rounds,
            "published": True,
            "entry_fee": club.entry_fee,
            "table_phones": phones,
        },
    )
    if not created:
        return None
    for index, player in enumerate(players):
        entry = registration.register_player(tournament, player=player)
        registration.update_entry(entry, paid=unpaid is None or index % unpaid[0] != unpaid[1])
    return tournament


def _double(
    club: Club,
    season: Season,
    players: Sequence[Player],
    name: str,
    date: datetime.date,
    *,
    rounds: int,
) -> Tournament | None:
    """A finished Double tournament: tables of 3 to 6, ten manches a round."""
    tournament = _new(club, season, "double", name, date, rounds, players)
    if tournament is None:
        return None
    user = _scorekeeper()
    rng = random.Random(date.toordinal())
    for number in range(rounds):
        round_ = drawing.draw_round(tournament, seed=date.toordinal() * 10 + number)
        for table in round_.tables.all():
            first = table.seats.get(first_dealer=True).position
            records = double_game(table.seats.count(), first, rng)
            deal_entry.save_sheet(table, records=records, version=table.version, user=user)
    return tournament


def _team_game(
    club: Club,
    season: Season,
    players: Sequence[Player],
    game: str,
    name: str,
    date: datetime.date,
    *,
    rounds: int,
) -> Tournament | None:
    """A finished team tournament: pairs drawn, team against team, an odd team's bye."""
    tournament = _new(club, season, game, name, date, rounds, players)
    if tournament is None:
        return None
    pairing.draw_teams(tournament, seed=date.toordinal())
    user = _scorekeeper()
    rng = random.Random(date.toordinal())
    play: Callable[[int, random.Random], list[dict[str, Any]]] = (
        quarante_match if game == "quarante" else plonk_match
    )
    for number in range(rounds):
        round_ = drawing.draw_round(tournament, seed=date.toordinal() * 10 + number)
        for table in round_.tables.filter(bye=False):
            deal_entry.save_sheet(table, records=play(0, rng), version=table.version, user=user)
    return tournament


def build_demo_tournaments(club: Club, season: Season, players: Sequence[Player]) -> list[str]:
    today = datetime.date.today()
    start = max(season.start, today - datetime.timedelta(days=60))
    lines = []
    finished = _double_king(
        club,
        season,
        players[:32],
        "Double King d’automne",
        start + datetime.timedelta(days=7),
        rounds_played=5,
    )
    if finished:
        lines.append(f"  {finished.name}: 32 players, 5 rounds, finished.")
    running = _double_king(
        club,
        season,
        players[8:44],
        "Double King du mois",
        min(today, season.end),
        rounds_played=2,
        partial=True,
    )
    if running:
        lines.append(
            f"  {running.name}: 36 players, round 3 in progress, phones at the tables "
            f"(links issued, {PHONE_TABLES} tables playing from phones, a game waiting)."
        )
    whist_days = [start + datetime.timedelta(days=d) for d in (3, 17, 31, 45)]
    for number, day in enumerate(whist_days, start=1):
        group = players[(number * 4) % 12 : (number * 4) % 12 + 24]
        whist = _whist(
            club,
            season,
            group,
            f"Whist de la Chevalerie n° {number}",
            min(day, season.end),
            pools_played=3,
        )
        if whist:
            lines.append(f"  {whist.name}: {len(group)} players, 3 pools, finished.")
    live = _whist(
        club,
        season,
        players[:20],
        "Whist du soir",
        min(today, season.end),
        pools_played=1,
        running=True,
    )
    if live:
        lines.append(
            f"  {live.name}: 20 players, pool 2 under way (clock started now), phones at the "
            f"tables (links issued, {PHONE_TABLES} tables playing from phones, a deal waiting)."
        )
    double = _double(
        club,
        season,
        players[4:27],
        "Double du printemps",
        min(start + _days(10), season.end),
        rounds=3,
    )
    if double:
        lines.append(f"  {double.name}: 23 players at tables of 3 to 6, 3 rounds, finished.")
    team_games = (
        (
            "quarante",
            "Quarante de roi",
            players[:18],
            12,
            4,
            "9 teams, 4 rounds (a bye each round)",
        ),
        ("plonk", "Plonk en équipes", players[20:36], 20, 3, "8 teams, 3 rounds"),
    )
    for game, name, group, offset, rounds, said in team_games:
        when = min(start + _days(offset), season.end)
        if made := _team_game(club, season, group, game, name, when, rounds=rounds):
            lines.append(f"  {made.name}: {said}, finished.")
    return lines


def _days(n: int) -> datetime.timedelta:
    return datetime.timedelta(days=n)


#: The Flemish club's own name for a contract (its whist ruleset, in Dutch).
FLEMISH_CONTRACT = ("solo_6", "Alleen zes")


def build_flemish_tournaments(
    club: Club, season: Season, players: Sequence[Player], shared: Sequence[Player] = ()
) -> list[str]:
    """The Flemish club's whist ruleset, one contract renamed in Dutch, two small finished
    evenings (its own members and ``shared``, the first club's members who play here too),
    and its evening: two pools played, the third under way with its phones' links issued (no
    deal waiting)."""
    rules: dict[str, Any] = GAMES["whist"].default_rules()  # JSON: read as the ruleset is
    code, name = FLEMISH_CONTRACT
    for row in rules["contracts"]:
        if row["code"] == code:
            row["name_nl"] = name
    save_club_rules(club, game="whist", rules=rules, by=_scorekeeper())
    today = datetime.date.today()
    start = max(season.start, today - _days(60))
    lines = []
    # Small evenings (two tables, two pools: the demo is built by many tests): the federation's
    # whist ranking meets the Flemish members beside the Walloon ones, the shared players once.
    for number, (offset, group) in enumerate(((9, players[:4]), (23, players[2:6])), start=1):
        evening = _whist(
            club,
            season,
            [*group, *shared],
            f"Kaartavond n° {number}",
            min(start + _days(offset), season.end),
            pools_played=2,
            pools=2,
        )
        if evening:
            size = len(group) + len(shared)
            lines.append(f"  {evening.name}: {size} players, 2 pools, finished.")
    whist = _whist(
        club,
        season,
        players,
        "Whistavond De Kaartvrienden",
        min(today, season.end),
        pools_played=2,
        running=True,
        phone_tables=0,
    )
    if whist is None:
        return lines
    return [
        *lines,
        f"  {whist.name}: {len(players)} players, pool 3 under way, phones' links issued; "
        f"« {code} » is « {name} » in the club's ruleset.",
    ]


def build_demo() -> list[str]:
    """The whole demo: the club (``club.demo_data``), then its tournaments, then the Flemish
    club and its evenings, then what the apps add (``signals.demo_built``: the federation);
    what it printed."""
    demo = build_demo_club()
    lines = demo.lines + build_demo_tournaments(demo.club, demo.season, demo.players)
    flemish = build_flemish_club(demo.players[SHARED])
    lines += [
        *flemish.lines,
        *build_flemish_tournaments(flemish.club, flemish.season, flemish.players, flemish.shared),
    ]
    for _receiver, added in signals.demo_built.send(Tournament, clubs=[demo.club, flemish.club]):
        if isinstance(added, list):  # each receiver's lines
            lines += added
    return lines
