"""The demo club's data. Deterministic: the same players, season and users every time."""

import datetime
import random
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth.models import User
from django.utils import timezone

from .models import Club, Membership, Player, Season
from .privacy import DEMO_NOTICE, starting_notice
from .roles import BUREAU, SAISIE, grant_role

FIRST_NAMES = [
    "Marie",
    "Jean",
    "Sophie",
    "Luc",
    "Nathalie",
    "Philippe",
    "Isabelle",
    "Marc",
    "Chantal",
    "Didier",
    "Françoise",
    "Thierry",
    "Martine",
    "Patrick",
    "Véronique",
    "Alain",
    "Brigitte",
    "Christophe",
    "Anne",
    "Michel",
    "Sylvie",
    "Pierre",
    "Catherine",
    "Benoît",
    "Monique",
    "Jacques",
    "Nicole",
    "Olivier",
    "Dominique",
    "Pascal",
    "Béatrice",
    "Vincent",
    "Josiane",
    "Frédéric",
    "Geneviève",
    "Laurent",
    "Colette",
    "Yves",
    "Christine",
    "Guy",
    "Ginette",
    "André",
    "Claudine",
    "Serge",
    "Hélène",
    "Bernard",
    "Mathieu",
    "Élise",
    "Joseph",
    "Agnès",
    "René",
    "Lucie",
    "Stéphane",
    "Régine",
]
LAST_NAMES = [
    "Dubois",
    "Lambert",
    "Peeters",
    "Janssens",
    "Maes",
    "Dupont",
    "Leclercq",
    "Lemaire",
    "Martin",
    "Willems",
    "Claes",
    "Goossens",
    "Wouters",
    "Mertens",
    "Dumont",
    "Lejeune",
    "Renard",
    "Simon",
    "Laurent",
    "Collard",
    "Jacobs",
    "Hermans",
    "Michel",
    "Lefèbvre",
    "Charlier",
    "Fontaine",
    "Denis",
    "Leroy",
    "Bertrand",
    "Gérard",
    "Thiry",
    "Masson",
    "Pirard",
    "Delvaux",
    "Lambotte",
    "Henrard",
    "Noël",
    "Marchal",
    "Hubert",
    "Gillet",
    "Dethier",
    "Lecomte",
    "Bodart",
    "Evrard",
    "Mathieu",
    "Poncelet",
    "Piron",
    "Gilson",
    "Delhaye",
    "Vandenberghe",
    "Van Damme",
    "De Smet",
]
PLAYER_COUNT = 56
DEMO_USERS = [("bureau", "atout-bureau", BUREAU), ("saisie", "atout-saisie", SAISIE)]


@dataclass
class DemoClub:
    club: Club
    season: Season
    players: list[Player]
    #: what ``manage.py demo`` prints
    lines: list[str]
    #: members of another demo club too (the same ``Player``): the Flemish club's
    shared: list[Player] = field(default_factory=list)


def demo_players() -> list[tuple[str, str]]:
    rng = random.Random(2026)
    names: list[tuple[str, str]] = []
    while len(names) < PLAYER_COUNT:
        pair = (rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES))
        if pair not in names:
            names.append(pair)
    return names


def build_demo_club() -> DemoClub:
    """The club, its season, players, memberships and staff (the tournaments are built on it
    by ``tournaments.demo``)."""
    club, _ = Club.objects.get_or_create(
        slug="la-chevalerie",
        defaults={
            "name": "RC Whist « La Chevalerie »",
            "entry_fee": Decimal("3.00"),
            "membership_fee": Decimal("7.00"),
            "free_participations": 2,
        },
    )
    _demo_notice(club)
    season = _this_year(club)
    players = _members(
        club,
        demo_players(),
        lambda index: {
            "phone": f"0470 {index // 10:02d} {index % 100:02d} {index:02d}",
            "licence_number": f"CHV-{1000 + index}",
        },
    )
    # Two thirds of the members have paid their yearly membership; a few owe it.
    for index, player in enumerate(players[:40]):
        Membership.objects.get_or_create(
            player=player,
            season=season,
            defaults={
                "amount": club.membership_fee,
                "paid_on": season.start + datetime.timedelta(days=index * 3) if index % 3 else None,
            },
        )
    lines = [f"Demo club: {club.name} — {len(players)} players, season {season.name}."]
    for username, password, role in DEMO_USERS:
        user, created = User.objects.get_or_create(username=username)
        if created:
            user.set_password(password)
            user.first_name = role
            user.is_staff = role == BUREAU  # the committee also works in the admin
            user.save()
        grant_role(user, club, role)
        lines.append(f"  login {username} / {password} ({role})")
    return DemoClub(club=club, season=season, players=players, lines=lines)


#: The Flemish club: its pages, sheets and exports in Dutch (``Club.language``), its members.
FLEMISH_SLUG = "de-kaartvrienden"
FLEMISH_PLAYERS = [
    ("Jan", "Peeters"),
    ("Griet", "Janssens"),
    ("Koen", "Maes"),
    ("Els", "Jacobs"),
    ("Dirk", "Mertens"),
    ("Marleen", "Willems"),
    ("Geert", "Claes"),
    ("Hilde", "Goossens"),
    ("Stijn", "Wouters"),
    ("Lieve", "De Clercq"),
    ("Frans", "Verhoeven"),
    ("Rita", "Hermans"),
    ("Wim", "Van den Broeck"),
    ("Mieke", "Vermeulen"),
    ("Bart", "Pauwels"),
    ("Annemie", "Smets"),
]
#: The Walloon club's members who also play in the Flemish club (its whist evenings): one
#: person in both clubs, one line in the federation's ranking.
SHARED = slice(12, 16)


def build_flemish_club(shared: Sequence[Player] = ()) -> DemoClub:
    """A Flemish club beside the first: in Dutch for every visitor who chose no language; the
    demo's logins are its staff too. ``shared``: members of the first club who join it too,
    their membership paid in its season."""
    club, _ = Club.objects.get_or_create(
        slug=FLEMISH_SLUG,
        defaults={
            "name": "WC De Kaartvrienden",
            "language": "nl",
            "entry_fee": Decimal("2.50"),
            "membership_fee": Decimal("10.00"),
            "free_participations": 0,
        },
    )
    _demo_notice(club)
    season = _this_year(club)
    players = _members(club, FLEMISH_PLAYERS, lambda index: {"licence_number": f"KV-{200 + index}"})
    for player in shared:
        player.clubs.add(club)
        Membership.objects.get_or_create(
            player=player,
            season=season,
            defaults={"amount": club.membership_fee, "paid_on": season.start},
        )
    for username, _password, role in DEMO_USERS:
        user = User.objects.filter(username=username).first()
        if user is not None:
            grant_role(user, club, role)
    lines = [
        f"Flemish demo club: {club.name} (Dutch) — {len(players)} players, "
        f"and {len(shared)} members of the first club."
    ]
    return DemoClub(club=club, season=season, players=players, lines=lines, shared=list(shared))


def _demo_notice(club: Club) -> None:
    """The demo's own privacy notice (its people are invented), in its language, unless the
    demo's committee wrote another."""
    if not club.privacy_notice:
        club.privacy_notice = starting_notice(club.name, club.language, template=DEMO_NOTICE)
        club.save(update_fields=["privacy_notice"])


def _this_year(club: Club) -> Season:
    today = timezone.localdate()
    season, _ = Season.objects.get_or_create(
        club=club,
        name=str(today.year),
        defaults={
            "start": datetime.date(today.year, 1, 1),
            "end": datetime.date(today.year, 12, 31),
        },
    )
    return season


def _members(
    club: Club, names: list[tuple[str, str]], details: Callable[[int], dict[str, str]]
) -> list[Player]:
    """The club's members of these names (created the first time, with an address and the
    ``details`` of their place in the list)."""
    players = []
    for index, (first, last) in enumerate(names):
        player, _ = Player.objects.get_or_create(
            first_name=first,
            last_name=last,
            defaults={"email": f"{_ascii(first)}.{_ascii(last)}@example.be", **details(index)},
        )
        player.clubs.add(club)
        players.append(player)
    return players


def _ascii(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return plain.lower().replace(" ", "")
