import datetime
import random

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.utils import translation

from club.models import Club, Player, Season, SiteEpoch
from club.roles import BUREAU, SAISIE, grant_role
from tournaments.games import plugin_for
from tournaments.models import Tournament
from tournaments.sample_sheets import double_king_round
from tournaments.services import deal_entry, drawing, pairing, registration, rulesets


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


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The database's cache epoch read once, as a worker does at its first page: a test that
    counts a page's queries counts the same ones whichever test runs first."""
    with django_db_blocker.unblock():
        SiteEpoch.current()


@pytest.fixture(autouse=True)
def _site_language():
    """Each test starts in the site's language: a request to a Flemish club's page leaves
    Dutch active in the thread (as Django's own LocaleMiddleware does), which a following
    test's command or form would speak."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _empty_cache():
    """Login throttling counts failures in the cache: each test starts with none."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


#: Per game: the default name, players and rounds of a test tournament.
_TOURNAMENT_DEFAULTS = {
    "double_king": ("Tournoi test", 8, 2),
    "whist": ("Whist test", 4, 3),
    "double": ("Double test", 7, 2),
    "quarante": ("Équipes test", 8, 3),
    "plonk": ("Équipes test", 8, 3),
}
#: Players' first names start with the name's last word, except in these games.
_PLAYER_PREFIXES = {"double": "Dbl", "quarante": "Qua", "plonk": "Plo"}


@pytest.fixture
def make_tournament(club, season, make_players):
    """A tournament of ``game`` with ``players`` present (registered in order); ``rules``
    become the club's ruleset for the game first; team games pair the players at random
    (seeded) unless ``paired`` is False."""

    def make(
        game: str = "double_king",
        *,
        players: int | None = None,
        rounds: int | None = None,
        published: bool = True,
        name: str | None = None,
        date: datetime.date = datetime.date(2026, 3, 14),
        rules: dict | None = None,
        prefix: str | None = None,
        paired: bool = True,
    ) -> Tournament:
        default_name, default_players, default_rounds = _TOURNAMENT_DEFAULTS.get(
            game, (f"Tournoi {game}", 8, 2)
        )
        name = name or default_name
        if rules is not None:
            rulesets.save_club_rules(club, game=game, rules=rules)
        tournament = Tournament.objects.create(
            club=club,
            season=season,
            game=game,
            name=name,
            date=date,
            rounds=rounds or default_rounds,
            published=published,
        )
        count = default_players if players is None else players
        prefix = prefix or _PLAYER_PREFIXES.get(game) or name.split()[-1]
        for player in make_players(count, prefix=prefix):
            registration.register_player(tournament, player=player)
        if paired and plugin_for(game).lineup.forms_teams:
            pairing.draw_teams(tournament, seed=1)
        return tournament

    return make


@pytest.fixture
def fill_round():
    """Save a complete random sheet for every table of a round."""

    def fill(round_, user=None, seed: int = 1):
        rng = random.Random(seed)
        for table in round_.tables.all():
            first = table.seats.get(first_dealer=True).position
            deal_entry.save_sheet(
                table, records=double_king_round(first, rng), version=table.version, user=user
            )

    return fill


@pytest.fixture
def played_tournament(make_tournament, fill_round):
    """8 players, 2 rounds, every sheet complete (finished)."""
    tournament = make_tournament(players=8, rounds=2)
    for number in range(2):
        round_ = drawing.draw_round(tournament, seed=number)
        drawing.start_round(round_)
        fill_round(round_, seed=number)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def whist_table(make_tournament):
    """A drawn whist table of 4 (pool 1 of a 1-pool tournament)."""
    tournament = make_tournament("whist", players=4, rounds=1)
    return drawing.draw_round(tournament, seed=3).tables.get()


@pytest.fixture
def two_clubs(db):
    """Club A (every name holds « Zorglub ») with a tournament of each entry path, drawn and
    partly played, plus an unpublished one (« Secretissime »); club B, and staff of each.

    Returns a namespace: ``a``/``b`` (clubs), A's objects, and users ``a_bureau``,
    ``b_bureau``, ``b_saisie`` (committee members are admin staff too).
    """
    from types import SimpleNamespace

    from club.models import Membership
    from tournaments.printing.models import PdfExport
    from tournaments.sample_sheets import whist_pool

    def new_club(name: str, slug: str, season_pk: int | None = None) -> tuple[Club, Season]:
        club = Club.objects.create(name=name, slug=slug)
        season = Season.objects.create(
            pk=season_pk,
            club=club,
            name="2026",
            start=datetime.date(2026, 1, 1),
            end=datetime.date(2026, 12, 31),
        )
        return club, season

    def new_tournament(club, season, game, name, players, *, published=True, prefix=None):
        tournament = Tournament.objects.create(
            club=club,
            season=season,
            game=game,
            name=name,
            date=datetime.date(2026, 3, 14),
            rounds=2,
            published=published,
        )
        for i in range(players):
            player = Player.objects.create(
                first_name=f"{prefix or 'Zorglub'}{i:02d}", last_name=name
            )
            club.players.add(player)
            registration.register_player(tournament, player=player)
        return tournament

    a, a_season = new_club("Cercle Zorglub", "zorglub")
    # B's season id is no id of A's objects: a 200 for it would not tell a leak.
    b, b_season = new_club("Cercle Beta", "beta", season_pk=10_000)
    rng = random.Random(5)
    king = new_tournament(a, a_season, "double_king", "Zorglub Roi", 8)
    king_round = drawing.draw_round(king, seed=1)
    drawing.start_round(king_round)
    king_table = king_round.tables.order_by("number").first()
    first = king_table.seats.get(first_dealer=True).position
    deal_entry.save_sheet(
        king_table, records=double_king_round(first, rng, games=3), version=0, user=None
    )
    whist = new_tournament(a, a_season, "whist", "Zorglub Whist", 4)
    whist_table = drawing.draw_round(whist, seed=1).tables.get()
    first = whist_table.seats.get(first_dealer=True).position
    deal_entry.save_sheet(whist_table, records=whist_pool(first, rng, 1, 4), version=0, user=None)
    team = new_tournament(a, a_season, "quarante", "Zorglub Quarante", 4)
    pairing.draw_teams(team, seed=1)
    team_round = drawing.draw_round(team, seed=1)
    secret = new_tournament(
        a, a_season, "double_king", "Secretissime", 4, published=False, prefix="Secretissime"
    )
    secret_round = drawing.draw_round(secret, seed=1)
    rulesets.save_club_rules(a, game="whist", rules={})
    export = PdfExport.objects.create(
        kind=PdfExport.Kind.ROUND_SHEETS,
        tournament=king,
        round=king_round,
        language="fr",
        status=PdfExport.Status.READY,
        filename="Zorglub.pdf",
        content=b"%PDF-1.7 Zorglub",
    )
    Membership.objects.create(player=king.entries.first().player, season=a_season, amount=7)
    b_player = Player.objects.create(first_name="Bernard", last_name="Beta")
    b.players.add(b_player)
    a_bureau = _user("a-bureau", BUREAU, a)
    b_bureau = _user("b-bureau", BUREAU, b)
    b_saisie = _user("b-saisie", SAISIE, b)
    User.objects.filter(pk__in=[a_bureau.pk, b_bureau.pk]).update(is_staff=True)
    return SimpleNamespace(
        a=a,
        b=b,
        a_season=a_season,
        b_season=b_season,
        king=king,
        king_round=king_round,
        king_table=king_table,
        whist=whist,
        whist_round=whist_table.round,
        whist_table=whist_table,
        team=team,
        team_round=team_round,
        team_table=team_round.tables.first(),
        secret=secret,
        export=export,
        secret_round=secret_round,
        secret_table=secret_round.tables.first(),
        a_bureau=User.objects.get(pk=a_bureau.pk),
        b_bureau=User.objects.get(pk=b_bureau.pk),
        b_saisie=b_saisie,
    )
