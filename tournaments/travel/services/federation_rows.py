"""The federation's door on the hall's laptop (issues 34 and 35 §3, docs/bundle.md): what a
lease's bundle of a counted tournament carries so that the laptop's registration page says
each player's licence state as the site does, without the internet.

Out, at « Emporter la soirée »: the federation (uid, name, slug, language, games), the
tournament's counting row (its season, status, the door's two rules) and the federation's
licences held by the players and members that travel — nothing else of the federation. In,
on the laptop only (the bundle that carries the lease): rows matched by ``uid``. The site's
import of a laptop's bundle never takes them: the site's own licences are the truth; a number
typed at the laptop's door comes back as ``licences_to_check`` instead."""

import datetime
from collections.abc import Callable, Iterable
from typing import Any

from django.utils.dateparse import parse_date
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.models import Club, Player

from ...federation import door
from ...federation.models import (
    CountedTournament,
    Federation,
    FederationMembership,
    FederationSeason,
    Licence,
)
from ...models import Tournament
from .document import BundleError


def door_rows(tournament: Tournament, player_uids: Iterable[str]) -> dict[str, Any]:
    """The bundle's keys for the laptop's door: none if the tournament counts for no
    federation. Two queries, whatever the number of players."""
    counted = (
        CountedTournament.objects.filter(tournament=tournament)
        .select_related("federation", "season")
        .first()
    )
    if counted is None:
        return {}
    federation, season = counted.federation, counted.season
    licences = (
        Licence.objects.filter(
            federation=federation, player__uid__in=list(player_uids), to_check=False
        )
        .select_related("club", "player")
        .order_by("number")
    )
    return {
        "federation": {
            "uid": str(federation.uid),
            "name": federation.name,
            "slug": federation.slug,
            "language": federation.language,
            "games": list(federation.games),
        },
        "counted_tournament": {
            "uid": str(counted.uid),
            "season": {
                "uid": str(season.uid),
                "name": season.name,
                "starts_on": season.starts_on.isoformat(),
                "ends_on": season.ends_on.isoformat(),
            },
            "status": counted.status,
            "unlicensed_may_play": counted.unlicensed_may_play,
            "unlicensed_results_count": counted.unlicensed_results_count,
        },
        "licences": [
            {
                "uid": str(licence.uid),
                "number": licence.number,
                "club": str(licence.club.uid),
                "player": str(licence.player.uid),
                "valid_from": licence.valid_from.isoformat(),
                "valid_until": licence.valid_until.isoformat(),
                "status": licence.status,
            }
            for licence in licences
            if licence.player is not None
        ],
    }


def licences_to_check(tournament: Tournament) -> list[str]:
    """The laptop's bundle's ``licences_to_check``: its registered players whose licence
    number was typed at its door without its list knowing it."""
    return [str(player.uid) for player in door.players_to_check(tournament)]


def _day(text: str) -> datetime.date:
    try:
        day = parse_date(text)
    except ValueError:  # well formed, not a day of the calendar (2026-02-30)
        day = None
    if day is None:
        raise BundleError(
            _("The bundle's federation rows have a date that is not one: « %(text)s ».")
            % {"text": text}
        )
    return day


def _dates(
    row: dict[str, Any], first: str, last: str, *, strict: bool = False
) -> tuple[datetime.date, datetime.date]:
    """A row's first and last day; a season ends after it starts (``strict``), a licence may
    last one day."""
    start, end = _day(row[first]), _day(row[last])
    if end < start or (strict and end == start):
        raise BundleError(
            _("The bundle's federation rows end before they start: « %(start)s » to « %(end)s ».")
            % {"start": row[first], "end": row[last]}
        )
    return start, end


def take_door_rows(
    payload: dict[str, Any], tournament: Tournament, say: Callable[[str], None]
) -> None:
    """On the laptop, the lease's bundle's federation rows (by ``uid``; a row already here is
    left as it is): the counted tournament's door works as online. The club is the
    federation's accepted member here too (its walk-ins' licences are matched at the door)."""
    row = payload.get("federation")
    counted_row = payload.get("counted_tournament")
    if row is None or counted_row is None:
        return
    federation = Federation.objects.filter(uid=row["uid"]).first()
    if federation is None:
        federation = Federation.objects.create(
            uid=row["uid"],
            name=row["name"],
            slug=row["slug"],
            language=row["language"],
            games=row["games"],
        )
        say(_("Federation « %(name)s » added, for the door.") % {"name": federation.name})
    FederationMembership.objects.get_or_create(
        federation=federation,
        club_id=tournament.club_id,
        defaults={"status": FederationMembership.Status.ACCEPTED},
    )
    season_row = counted_row["season"]
    season = FederationSeason.objects.filter(uid=season_row["uid"]).first()
    if season is None:
        starts_on, ends_on = _dates(season_row, "starts_on", "ends_on", strict=True)
        season = FederationSeason.objects.create(
            uid=season_row["uid"],
            federation=federation,
            name=season_row["name"],
            starts_on=starts_on,
            ends_on=ends_on,
        )
    if not CountedTournament.objects.filter(tournament=tournament).exists():
        CountedTournament.objects.create(
            uid=counted_row["uid"],
            tournament=tournament,
            federation=federation,
            season=season,
            status=counted_row["status"],
            unlicensed_may_play=counted_row["unlicensed_may_play"],
            unlicensed_results_count=counted_row["unlicensed_results_count"],
        )
    _take_licences(federation, tournament.club, payload.get("licences", []), say)


def _take_licences(
    federation: Federation, club: Club, rows: list[dict[str, Any]], say: Callable[[str], None]
) -> None:
    known = {
        str(uid)
        for uid in Licence.objects.filter(uid__in=[row["uid"] for row in rows]).values_list(
            "uid", flat=True
        )
    }
    holders = {
        str(player.uid): player
        for player in Player.objects.filter(uid__in=[row["player"] for row in rows])
    }
    # A licence of another club than the organiser: that club is not on the laptop; the door
    # reads only the dates and the status, so the licence is kept under the organiser.
    clubs = {str(c.uid): c for c in Club.objects.filter(uid__in={row["club"] for row in rows})}
    added = 0
    for row in rows:
        holder = holders.get(row["player"])
        if row["uid"] in known or holder is None:
            continue
        valid_from, valid_until = _dates(row, "valid_from", "valid_until")
        Licence.objects.create(
            uid=row["uid"],
            federation=federation,
            number=row["number"],
            first_name=holder.first_name,
            last_name=holder.last_name,
            club=clubs.get(row["club"], club),
            player=holder,
            valid_from=valid_from,
            valid_until=valid_until,
            status=row["status"],
        )
        added += 1
    if added:
        say(
            ngettext(
                "%(count)d licence of the federation added, for the door.",
                "%(count)d licences of the federation added, for the door.",
                added,
            )
            % {"count": added}
        )
