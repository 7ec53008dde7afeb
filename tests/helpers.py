"""Helpers the tests share (the test folders are on ``sys.path``, as for ``form_data``)."""

import datetime
import random

from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import Club, Player, Season
from tournaments.federation import services as federation_services
from tournaments.federation.models import Federation, FederationSeason, Licence
from tournaments.models import Tournament
from tournaments.sample_sheets import plonk_match, quarante_match
from tournaments.services import deal_entry


def fr(message: str, **params: object) -> str:
    """The French text of an English source message, with its ``%(name)s`` filled."""
    with translation.override("fr"):
        text = translation.gettext(message)
    return text % params if params else text


def nl(message: str, **params: object) -> str:
    """The Dutch text of an English source message, as the Dutch catalogue has it now (being
    filled: while a message is untranslated, Django falls back to the site's French)."""
    with translation.override("nl"):
        text = translation.gettext(message)
    return text % params if params else text


def post_deals(client: Client, table, data: dict[str, str]):
    """Send the deal-by-deal entry form of a table (save, or delete with ``action``)."""
    return client.post(reverse("staff_deals", args=[table.pk]), data)


def table_phone(link, entry_id: int) -> Client:
    """A phone at a table (its private link) that said who holds it."""
    client = Client()
    response = client.post(
        reverse("table_page", args=[link.token]), {"action": "who", "entry": str(entry_id)}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return client


def counted_calls(monkeypatch, owner, name: str) -> list[tuple]:
    """The calls made from now on to ``owner.name`` (a module's function: still made), each
    as its positional arguments."""
    calls = []
    real = getattr(owner, name)

    def counting(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls


def play_round(round_, game, seed=1, target=None):
    """Every match of a team game's round played to the end (Quarante or Plonk)."""
    rng = random.Random(seed)
    make = quarante_match if game == "quarante" else plonk_match
    for table in round_.tables.filter(bye=False):
        records = make(0, rng, target) if target else make(0, rng)
        deal_entry.save_sheet(table, records=records, version=table.version, user=None)


def tournament_pages(tournament, entry, table) -> dict[str, str]:
    """The public pages of a tournament that show its players, by kind."""
    season = tournament.season
    return {
        "standings": reverse("tournament_standings", args=[tournament.pk]),
        "rounds": reverse("tournament_rounds", args=[tournament.pk]),
        "player": reverse("tournament_player", args=[tournament.pk, entry.pk]),
        "hall screen": reverse("tournament_display", args=[tournament.pk]),
        "table": reverse("table_detail", args=[table.pk]),
        "season standings": reverse("season_standings", args=[season.pk]),
        "player's season": reverse("season_player", args=[season.pk, entry.player_id]),
    }


def migrate(targets) -> MigrationExecutor:
    """The test database migrated to ``targets`` (back or forth); a fresh executor, whose
    loader knows the state reached."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)


def latest() -> list[tuple[str, str]]:
    """Every app's last migration."""
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


# -- A federation's door (issue 35 §3): its tests, on the laptop and in Chromium ---------------

#: « Fédération wallonne »'s season 2025-2026, and the day of its door's tournament in it
DOOR_SEASON = (datetime.date(2025, 9, 1), datetime.date(2026, 8, 31))
DOOR_DAY = datetime.date(2026, 3, 14)


def wallonne(*games: str, member: Club | None = None) -> Federation:
    """« Fédération wallonne » (``ffw``) ranking ``games``, with its season 2025-2026;
    ``member``: a club it accepted."""
    federation = federation_services.create_federation(
        name="Fédération wallonne", slug="ffw", games=list(games), language="fr"
    )
    if member is not None:
        federation_services.accept_club(
            membership=federation_services.ask_to_join(federation=federation, club=member)
        )
    FederationSeason.objects.create(
        federation=federation, name="2025-2026", starts_on=DOOR_SEASON[0], ends_on=DOOR_SEASON[1]
    )
    return federation


def door_tournament(club: Club, season: Season) -> Tournament:
    """The club's « Whist de mars » (two rounds, on ``DOOR_DAY``)."""
    return Tournament.objects.create(
        club=club, season=season, game="whist", name="Whist de mars", date=DOOR_DAY, rounds=2
    )


def door_licence(
    federation: Federation, player: Player | None, number: str, **values: object
) -> Licence:
    """A licence valid all the season, in the player's name and first club (``values``: what
    differs, a holder-less licence's names and club)."""
    row: dict[str, object] = {
        "last_name": player.last_name if player else "Inconnu",
        "first_name": player.first_name if player else "Joueur",
        "club": values.pop("club", None) or (player.clubs.first() if player else None),
        "valid_from": DOOR_SEASON[0],
        "valid_until": DOOR_SEASON[1],
        **values,
    }
    return Licence.objects.create(federation=federation, number=number, player=player, **row)


def door_of_24(federation: Federation, players: list[Player]) -> None:
    """The door's 24 players: the first 20 with a valid licence (W-000…), the next 2 with one
    that ended on 28 February, the last 2 with none."""
    for index, player in enumerate(players[:22]):
        ended = datetime.date(2026, 2, 28) if index >= 20 else DOOR_SEASON[1]
        door_licence(federation, player, f"W-{index:03d}", valid_until=ended)
