"""The club's members of the season in a lease's bundle (« Emporter la soirée »): the laptop
registers those who walk in, with no internet to look them up (docs/bundle.md, ``members``).

The site writes them as it writes the tournament's players (``export.player_row``: no e-mail,
phone, fees or password), only in the bundle that leaves with the lease and only those not
already among its players. The laptop takes them as players of the club with the season's
membership, matched by licence then by ``uid`` (as the players are), so that its registration
page offers them. Its bundles back carry those who played among the tournament's players;
the others stay on the laptop.
"""

from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import ngettext

from club.models import Club, Membership, Player, Season

from ...models import Tournament


def season_members(tournament: Tournament) -> QuerySet[Player]:
    """The club's active members of the tournament's season (a membership that season)."""
    return (
        Player.objects.filter(
            clubs=tournament.club_id,
            memberships__season_id=tournament.season_id,
            active=True,
            erased_at__isnull=True,
        )
        .distinct()
        .order_by("pk")
    )


def take_members(
    *, club: Club, season: Season, rows: Iterable[dict[str, Any]], say: Callable[[str], None]
) -> None:
    """The bundle's members as players of ``club`` with a membership of ``season`` (no fee
    travels: the amount is 0 and unpaid; the laptop does not collect the yearly fees). A member
    already here (his licence, else his ``uid``) keeps what this database holds."""
    added = joined = 0
    for row in rows:
        if row["erased_at"]:  # the site sends none; a name is never given back
            continue
        player = _matched(row)
        if player is None:
            player = new_player(row)
            added += 1
        if not player.clubs.filter(pk=club.pk).exists():
            player.clubs.add(club)
        _membership, made = Membership.objects.get_or_create(
            player=player, season=season, defaults={"amount": Decimal("0")}
        )
        joined += made
        # Their licence states travel beside them when the tournament counts for a
        # federation (``federation_rows``: the federation's licences of these rows).
    if added:
        say(
            ngettext(
                "%(count)d member of the season added, for the walk-ins' registration.",
                "%(count)d members of the season added, for the walk-ins' registration.",
                added,
            )
            % {"count": added}
        )
    if joined > added:
        say(
            ngettext(
                "%(count)d player already here given the season's membership.",
                "%(count)d players already here given the season's membership.",
                joined - added,
            )
            % {"count": joined - added}
        )


def new_player(row: dict[str, Any]) -> Player:
    """A player of a bundle's player row (``export.player_row``), made here with its ``uid``:
    a tournament's player or a member of the season. Its erasure is the caller's."""
    return Player.objects.create(
        uid=row["uid"],
        first_name=row["first_name"],
        last_name=row["last_name"],
        licence_number=row["licence_number"],
        public_name=row["public_name"],
        pseudonym=row["pseudonym"],
    )


def _matched(row: dict[str, Any]) -> Player | None:
    """The member here: by licence, then by ``uid``; never by name alone. An erased player
    never gets a name back (the rows of erased members are skipped)."""
    if row["licence_number"]:
        by_licence = Player.objects.filter(licence_number=row["licence_number"]).first()
        if by_licence is not None:
            return by_licence
    return Player.objects.filter(uid=row["uid"]).first()
