"""Demo tournaments for ``manage.py demo``: played through the same services as a real evening."""

import datetime
import random

from django.contrib.auth.models import User

from . import services
from .models import Tournament
from .sample_sheets import double_king_round


def _play_round(
    tournament: Tournament, seed: int, user: User | None, tables_to_fill: int | None = None
) -> None:
    round_ = services.draw_round(tournament, seed=seed)
    services.start_round(round_)
    rng = random.Random(seed)
    for index, table in enumerate(round_.tables.all()):
        if tables_to_fill is not None and index >= tables_to_fill:
            break
        first = table.seats.get(first_dealer=True).position
        games = 20 if tables_to_fill is None or index < tables_to_fill - 1 else 11
        services.save_sheet(
            table, double_king_round(first, rng, games), version=table.version, user=user
        )


def _double_king(club, season, players, name, date, *, rounds_played, partial=False):
    tournament, created = Tournament.objects.get_or_create(
        club=club,
        season=season,
        name=name,
        defaults={
            "game": "double_king",
            "date": date,
            "rounds": 5,
            "published": True,
            "entry_fee": club.entry_fee,
        },
    )
    if not created:
        return None
    for index, player in enumerate(players):
        entry = services.register_player(tournament, player)
        services.update_entry(entry, paid=index % 7 != 3)
    user = User.objects.filter(username="saisie").first()
    for number in range(rounds_played):
        _play_round(tournament, seed=1000 * date.toordinal() + number, user=user)
    if partial:
        _play_round(tournament, seed=7, user=user, tables_to_fill=3)
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
    return lines
