import datetime
import random

import pytest
from django.contrib.auth.models import User

from club.models import Club, Player, Season
from club.roles import BUREAU, SAISIE, grant_role
from tournaments import services
from tournaments.models import Tournament
from tournaments.sample_sheets import double_king_round


@pytest.fixture
def club(db):
    return Club.objects.create(name="Cercle de Test", slug="cercle-de-test")


@pytest.fixture
def season(club):
    return Season.objects.create(
        club=club, name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
    )


def _user(username: str, role: str | None, club: Club | None = None) -> User:
    """A user with ``role`` in ``club`` (roles are per club)."""
    user = User.objects.create_user(username=username, password="secret-pass-123")
    if role and club:
        grant_role(user, club, role)
    return user


@pytest.fixture
def committee_user(club):
    return _user("bureau", BUREAU, club)


@pytest.fixture
def scorekeeper_user(club):
    return _user("saisie", SAISIE, club)


@pytest.fixture
def plain_user(db):
    return _user("joueur", None)


@pytest.fixture
def committee_client(client, committee_user):
    client.force_login(committee_user)
    return client


@pytest.fixture
def scorekeeper_client(client, scorekeeper_user):
    client.force_login(scorekeeper_user)
    return client


@pytest.fixture
def make_players(club):
    def make(count: int, prefix: str = "Joueur") -> list[Player]:
        players = [
            Player.objects.create(first_name=f"{prefix}{i:02d}", last_name=f"Nom{i:02d}")
            for i in range(count)
        ]
        club.players.add(*players)
        return players

    return make


@pytest.fixture(autouse=True)
def _empty_cache():
    """Login throttling counts failures in the cache: each test starts with none."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


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
            services.save_sheet(
                table, double_king_round(first, rng), version=table.version, user=user
            )

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


@pytest.fixture
def make_whist(club, season, make_players):
    """A whist tournament with ``players`` present; ``rules`` override the club's defaults."""

    def make(
        players: int = 4,
        pools: int | None = 3,
        published: bool = True,
        name: str = "Whist test",
        date: datetime.date = datetime.date(2026, 3, 14),
        rules: dict | None = None,
        prefix: str | None = None,
    ):
        if rules is not None:
            services.save_club_rules(club, "whist", rules)
        tournament = Tournament.objects.create(
            club=club,
            season=season,
            game="whist",
            name=name,
            date=date,
            rounds=pools or 3,
            published=published,
        )
        for player in make_players(players, prefix=prefix or name.split()[-1]):
            services.register_player(tournament, player)
        return tournament

    return make


@pytest.fixture
def whist_table(make_whist):
    """A drawn whist table of 4 (pool 1 of a 1-pool tournament)."""
    tournament = make_whist(players=4, pools=1)
    return services.draw_round(tournament, seed=3).tables.get()
