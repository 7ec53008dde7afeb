import datetime

import pytest
from django.contrib.auth.models import Group, User

from club.models import Club, Player, Season
from club.roles import BUREAU, SAISIE


@pytest.fixture
def club(db):
    return Club.objects.create(name="Cercle de Test", slug="cercle-de-test")


@pytest.fixture
def season(club):
    return Season.objects.create(
        club=club, name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
    )


def _user(username: str, role: str | None) -> User:
    user = User.objects.create_user(username=username, password="secret-pass-123")
    if role:
        user.groups.add(Group.objects.get(name=role))
    return user


@pytest.fixture
def committee_user(db):
    return _user("bureau", BUREAU)


@pytest.fixture
def scorekeeper_user(db):
    return _user("saisie", SAISIE)


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
