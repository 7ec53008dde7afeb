"""Demo tournaments for ``manage.py demo``: played through the same services as a real evening."""

import datetime
import random

from django.contrib.auth.models import User
from django.utils import timezone

from club.demo_data import build_demo_club

from .models import Tournament
from .sample_sheets import double_game, double_king_round, plonk_match, quarante_match, whist_pool
from .services import deal_entry, drawing, pairing, registration, round_clock


def _play_round(
    tournament: Tournament, seed: int, user: User | None, tables_to_fill: int | None = None
) -> None:
    round_ = drawing.draw_round(tournament, seed=seed)
    drawing.start_round(round_)
    rng = random.Random(seed)
    for index, table in enumerate(round_.tables.all()):
        if tables_to_fill is not None and index >= tables_to_fill:
            break
        first = table.seats.get(first_dealer=True).position
        games = 20 if tables_to_fill is None or index < tables_to_fill - 1 else 11
        deal_entry.save_sheet(
            table, records=double_king_round(first, rng, games), version=table.version, user=user
        )


def _double_king(club, season, players, name, date, *, rounds_played, partial=False):
    tournament = _new(club, season, "double_king", name, date, 5, players, unpaid=(7, 3))
    if tournament is None:
        return None
    user = _scorekeeper()
    for number in range(rounds_played):
        _play_round(tournament, seed=1000 * date.toordinal() + number, user=user)
    if partial:
        _play_round(tournament, seed=7, user=user, tables_to_fill=3)
    return tournament


def _whist(club, season, players, name, date, *, pools_played, running=False):
    """A whist evening: pools drawn, played deal by deal's worth of records, closed at the
    signal; ``running``: the next pool is under way with its clock started."""
    tournament = _new(club, season, "whist", name, date, 3, players, unpaid=(9, 4))
    if tournament is None:
        return None
    user = _scorekeeper()
    rng = random.Random(date.toordinal())
    for number in range(pools_played + (1 if running else 0)):
        round_ = drawing.draw_round(tournament, seed=date.toordinal() * 10 + number)
        last = running and number == pools_played
        round_clock.clock_start(
            round_,
            now=timezone.now() - datetime.timedelta(minutes=35 if last else 90),
        )
        for index, table in enumerate(round_.tables.all()):
            first = table.seats.get(first_dealer=True).position
            deals = 12 if not last else 4 + index % 3
            if not last and index % 5 == 4:
                deals = 11  # the signal came before the last deal
            deal_entry.save_sheet(
                table,
                records=whist_pool(first, rng, deals, table.seats.count()),
                version=table.version,
                user=user,
            )
        if not last:
            round_clock.close_round(round_)
    return tournament


def _scorekeeper():
    return User.objects.filter(username="saisie").first()


def _new(club, season, game, name, date, rounds, players, *, unpaid=None):
    """A new published tournament with ``players`` registered, all paid but every ``n``-th
    from the ``k``-th (``unpaid``: ``(n, k)``); None when it already exists."""
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
        },
    )
    if not created:
        return None
    for index, player in enumerate(players):
        entry = registration.register_player(tournament, player=player)
        registration.update_entry(entry, paid=unpaid is None or index % unpaid[0] != unpaid[1])
    return tournament


def _double(club, season, players, name, date, *, rounds):
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


def _team_game(club, season, players, game, name, date, *, rounds):
    """A finished team tournament: pairs drawn, team against team, an odd team's bye."""
    tournament = _new(club, season, game, name, date, rounds, players)
    if tournament is None:
        return None
    pairing.draw_teams(tournament, seed=date.toordinal())
    user = _scorekeeper()
    rng = random.Random(date.toordinal())
    play = quarante_match if game == "quarante" else plonk_match
    for number in range(rounds):
        round_ = drawing.draw_round(tournament, seed=date.toordinal() * 10 + number)
        for table in round_.tables.filter(bye=False):
            deal_entry.save_sheet(table, records=play(0, rng), version=table.version, user=user)
    return tournament


def build_demo_tournaments(club, season, players) -> list[str]:
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
        lines.append(f"  {running.name}: 36 players, round 3 in progress.")
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
        lines.append(f"  {live.name}: 20 players, pool 2 under way (clock running).")
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
    for game, name, group, day, rounds, said in team_games:
        when = min(start + _days(day), season.end)
        if made := _team_game(club, season, group, game, name, when, rounds=rounds):
            lines.append(f"  {made.name}: {said}, finished.")
    return lines


def _days(n: int) -> datetime.timedelta:
    return datetime.timedelta(days=n)


def build_demo() -> list[str]:
    """The whole demo: the club (``club.demo_data``), then its tournaments; what it printed."""
    demo = build_demo_club()
    return demo.lines + build_demo_tournaments(demo.club, demo.season, demo.players)
