import datetime
import random

import pytest

from tournaments import services
from tournaments.models import Tournament
from tournaments.sample_sheets import double_king_round


@pytest.fixture
def make_tournament(club, season, make_players):
    """A Double King tournament with ``players`` present (the first ``substitutes`` flagged)."""

    def make(players: int = 8, rounds: int = 2, published: bool = True, name: str = "Tournoi test"):
        tournament = Tournament.objects.create(
            club=club,
            season=season,
            game="double_king",
            name=name,
            date=datetime.date(2026, 3, 14),
            rounds=rounds,
            published=published,
        )
        for player in make_players(players, prefix=name.split()[-1]):
            services.register_player(tournament, player)
        return tournament

    return make


@pytest.fixture
def fill_round():
    """Save a complete random sheet for every table of a round."""

    def fill(round_, user=None, seed: int = 1):
        rng = random.Random(seed)
        for table in round_.tables.all():
            first = table.seats.get(first_dealer=True).position
            services.save_sheet(table, double_king_round(first, rng), version=table.version, user=user)

    return fill


@pytest.fixture
def played_tournament(make_tournament, fill_round):
    """8 players, 2 rounds, every sheet complete (finished)."""
    tournament = make_tournament(players=8, rounds=2)
    for number in range(2):
        round_ = services.draw_round(tournament, seed=number)
        services.start_round(round_)
        fill_round(round_, seed=number)
    tournament.refresh_from_db()
    return tournament
