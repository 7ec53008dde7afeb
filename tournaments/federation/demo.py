"""The demo's federation (``manage.py demo``, issue 35 « In the demo »): the demo's clubs are
accepted members of a Belgian league with a season under way, its committee a demo login,
its licence list imported (most players licensed, a few expired, suspended or without one),
the clubs' tournaments of the games it ranks counting, and its rating lists built. Written
through the federation's services, as a committee would; built once (a second run changes
nothing)."""

import datetime
from collections.abc import Sequence

from django.contrib.auth.models import User

from club.models import Club, Player
from tournaments.models import Tournament

from . import rating_services
from .door import set_counted
from .licences import LicenceRow
from .models import Federation
from .services import (
    accept_club,
    ask_to_join,
    create_federation,
    grant_committee,
    import_licences,
    save_rule,
    save_season,
)

SLUG = "ligue"
#: Its name ends in no word the catalogue counts (« 3 cartes »): the Dutch walk
#: (tests/ops/test_dutch_pages.py) reads a title that holds it as French.
NAME = "Ligue belge de whist"
GAMES = ["whist", "double_king"]
#: The committee's login (its password is public: the README's demo table).
LOGIN = ("ligue", "atout-ligue")
#: Two counted evenings before a player is listed: the demo's season is a few weeks old.
MIN_TOURNAMENTS = 2
#: By place in each club's list of players: no licence, an expired one, a suspended one.
UNLICENSED = {0: (2, 30), 1: (5,)}
EXPIRED = {0: (3,), 1: (6,)}
SUSPENDED = {0: (5,), 1: ()}


def build_demo_federation(clubs: Sequence[Club]) -> list[str]:
    """The federation of ``clubs`` (the Walloon club first); what the demo prints."""
    user, created = User.objects.get_or_create(username=LOGIN[0])
    if created:
        user.set_password(LOGIN[1])
        user.first_name = "ligue"
        user.save()
    lines = [f"Federation: {NAME} — /federation/{SLUG}/", f"  login {LOGIN[0]} / {LOGIN[1]}"]
    if Federation.objects.filter(slug=SLUG).exists():
        return lines
    federation = create_federation(name=NAME, slug=SLUG, games=GAMES, language="fr")
    grant_committee(federation=federation, user=user)
    save_rule(federation=federation, settings={"min_tournaments": MIN_TOURNAMENTS})
    for club in clubs:
        accept_club(membership=ask_to_join(federation=federation, club=club))
    today = datetime.date.today()
    season = save_season(
        federation=federation,
        name=f"Saison {today.year}",
        starts_on=datetime.date(today.year, 1, 1),
        ends_on=datetime.date(today.year, 12, 31),
    )
    rows = _licence_rows(clubs, season.starts_on, season.ends_on)
    made, _updated = import_licences(federation=federation, rows=rows)
    counted = 0
    for tournament in Tournament.objects.filter(
        club__in=clubs, game__in=GAMES, date__range=(season.starts_on, season.ends_on)
    ).order_by("date", "pk"):
        set_counted(tournament, federation=federation)
        counted += 1
    rating_services.build_demo_lists(federation)
    lines.append(
        f"  {len(clubs)} member clubs, season {season.name}, {made} licences imported, "
        f"{counted} tournaments counted (no approval required)."
    )
    return lines


def _licence_rows(
    clubs: Sequence[Club], start: datetime.date, end: datetime.date
) -> list[LicenceRow]:
    """The federation's licence list as its secretary would type it: each club's own members
    (by their site's licence number), a few without a licence, expired or suspended."""
    rows: list[LicenceRow] = []
    year_before = (start.replace(year=start.year - 1), end.replace(year=end.year - 1))
    for rank, club in enumerate(clubs):
        # Members of an earlier club too are licensed there (their number is that club's).
        players = (
            Player.objects.filter(clubs=club)
            .exclude(clubs__in=clubs[:rank])
            .order_by("pk")
            .only("first_name", "last_name", "licence_number")
        )
        for index, player in enumerate(players):
            if index in UNLICENSED.get(rank, ()) or not player.licence_number:
                continue
            valid = year_before if index in EXPIRED.get(rank, ()) else (start, end)
            rows.append(
                LicenceRow(
                    line=len(rows) + 2,  # the file's first row names the columns
                    number=player.licence_number,
                    last_name=player.last_name,
                    first_name=player.first_name,
                    club=club.name,
                    valid_from=valid[0].isoformat(),
                    valid_until=valid[1].isoformat(),
                    status="suspendue" if index in SUSPENDED.get(rank, ()) else "valide",
                )
            )
    return rows
