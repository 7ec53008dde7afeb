"""The federation tests' shared fixtures: « Fédération wallonne » (``ffw``) with the test club
and Whist Hélécine (``hel``) its members, a logged-in member of its committee (``committee``),
and the factories behind them for the other federations and committees a test makes.

A test module that needs another ``ffw`` (no member, other games, a season) defines its own:
the fixtures here that use ``ffw`` (``committee``) then take that one."""

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from club.models import Club
from tournaments.federation import services
from tournaments.federation.models import Federation

MakeFederation = Callable[..., Federation]
MakeCommittee = Callable[..., Client]


@pytest.fixture
def make_federation(db) -> MakeFederation:
    """``make(name, slug, *clubs, games=("whist",), language="fr")``: a federation created as
    the site's administrator does, each of ``clubs`` having asked to join and been accepted."""

    def make(
        name: str,
        slug: str,
        *clubs: Club,
        games: tuple[str, ...] = ("whist",),
        language: str = "fr",
    ) -> Federation:
        federation = services.create_federation(
            name=name, slug=slug, games=list(games), language=language
        )
        for club in clubs:
            services.accept_club(membership=services.ask_to_join(federation=federation, club=club))
        return federation

    return make


@pytest.fixture
def make_committee(db) -> MakeCommittee:
    """``make(federation, username, enforce_csrf_checks=False)``: a browser logged in as a new
    user ``username`` granted ``federation``'s committee."""

    def make(federation: Federation, username: str, enforce_csrf_checks: bool = False) -> Client:
        user = User.objects.create_user(username, password="secret-pass-123")
        services.grant_committee(federation=federation, user=user)
        client = Client(enforce_csrf_checks=enforce_csrf_checks)
        client.force_login(user)
        return client

    return make


@pytest.fixture
def hel(db) -> Club:
    return Club.objects.create(name="Whist Hélécine", slug="helecine")


@pytest.fixture
def ffw(make_federation: MakeFederation, club: Club, hel: Club) -> Federation:
    """« Fédération wallonne » ranking whist, in French; the test club and Hélécine members."""
    return make_federation("Fédération wallonne", "ffw", club, hel)


@pytest.fixture
def committee(make_committee: MakeCommittee, ffw: Federation) -> Client:
    """The user « federation » of ``ffw``'s committee, logged in."""
    return make_committee(ffw, "federation")
