"""A tournament's source facts, as the payload of its bundle (docs/bundle.md).

Only the facts: its club, season, rules version, represented clubs, the players it needs
(licence, names, public name mode and pseudonym; no e-mail or phone), registrations, teams,
rounds, tables, seats, each sheet's versions (who by name, when, before and after), the phones'
deals and events. What they rebuild (seat scores, results, standings, PDFs) stays behind:
the importing site computes it with its own engine. Every row is named by its ``uid``.
"""

import datetime
from collections import defaultdict
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Player, RepresentedClub

from ...models import Entry, ResultChange, Round, Seat, Table, Team, Tournament
from ...services import holds
from ...tableside.models import TableDeal, TableEvent
from . import federation_rows, members
from .document import BundleError, seal
from .signing import issue_lease, private_hex, signing_key_for


def _time(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _day(value: datetime.date | None) -> str | None:
    return value.isoformat() if value is not None else None


def _money(value: Decimal) -> str:
    return str(value)


def _uid(value: object) -> str | None:
    return str(value) if value is not None else None


def player_row(player: Player) -> dict[str, Any]:
    """A player as a bundle carries him: nothing the tournament does not need (no e-mail,
    phone, fees or password)."""
    return {
        "uid": str(player.uid),
        "licence_number": player.licence_number,
        "first_name": player.first_name,
        "last_name": player.last_name,
        "public_name": player.public_name,
        "pseudonym": player.pseudonym,
        "erased_at": _time(player.erased_at),
    }


def tournament_payload(tournament: Tournament, *, site: str = "") -> dict[str, Any]:
    """The bundle's content for ``tournament`` (JSON-ready; the schema's ``payload``)."""
    if tournament.archived:
        raise BundleError(
            _("An archived evening does not travel: its results were recorded, not played.")
        )
    club = tournament.club
    season = tournament.season
    usernames = dict(User.objects.values_list("pk", "username"))

    def author(user_id: int | None) -> str | None:
        return usernames.get(user_id) if user_id is not None else None

    entries = list(
        Entry.objects.filter(tournament=tournament)
        .select_related("player", "team", "represented_club")
        .order_by("pk")
    )
    entry_uids = {entry.pk: str(entry.uid) for entry in entries}
    teams = list(Team.objects.filter(tournament=tournament).order_by("pk"))
    team_uids = {team.pk: str(team.uid) for team in teams}
    represented = (
        RepresentedClub.objects.filter(Q(entries__tournament=tournament)).distinct().order_by("pk")
    )
    players = sorted({entry.player for entry in entries}, key=lambda p: p.pk)
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    tables = list(Table.objects.filter(round__tournament=tournament).order_by("round", "number"))
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(round__tournament=tournament).order_by("position"):
        seats[seat.table_id].append(seat)
    sheets: dict[int, list[ResultChange]] = defaultdict(list)
    for change in ResultChange.objects.filter(table__round__tournament=tournament).order_by(
        "version", "pk"
    ):
        sheets[change.table_id].append(change)
    phone_deals: dict[int, list[TableDeal]] = defaultdict(list)
    for phone in TableDeal.objects.filter(table__round__tournament=tournament).order_by("pk"):
        phone_deals[phone.table_id].append(phone)
    phone_uids = {phone.pk: str(phone.uid) for rows in phone_deals.values() for phone in rows}
    events: dict[int, list[TableEvent]] = defaultdict(list)
    for event in TableEvent.objects.filter(table__round__tournament=tournament).order_by("pk"):
        events[event.table_id].append(event)
    tables_by_round: dict[int, list[Table]] = defaultdict(list)
    for table in tables:
        tables_by_round[table.round_id].append(table)

    def table_facts(table: Table) -> dict[str, Any]:
        return {
            "uid": str(table.uid),
            "number": table.number,
            "bye": table.bye,
            "sit_out_order": table.sit_out_order,
            "seats": [
                {
                    "uid": str(seat.uid),
                    "position": seat.position,
                    "entry": entry_uids.get(seat.entry_id) if seat.entry_id else None,
                    "team": team_uids.get(seat.team_id) if seat.team_id else None,
                    "first_dealer": seat.first_dealer,
                }
                for seat in seats[table.pk]
            ],
            "sheets": [
                {
                    "uid": str(change.uid),
                    "version": change.version,
                    "at": _time(change.at),
                    "author": author(change.user_id),
                    "before": change.before,
                    "after": change.after,
                }
                for change in sheets[table.pk]
            ],
            "phone_deals": [
                {
                    "uid": str(phone.uid),
                    "number": phone.number,
                    "record": phone.record,
                    "points": phone.points,
                    "base_version": phone.base_version,
                    "idempotency_key": phone.idempotency_key,
                    "fingerprint": phone.fingerprint,
                    "status": phone.status,
                    "entered_by": entry_uids[phone.entered_by_id],
                    "entered_side": phone.entered_side,
                    "entered_at": _time(phone.entered_at),
                    "entered_device": phone.entered_device,
                    "decided_by": entry_uids.get(phone.decided_by_id)
                    if phone.decided_by_id
                    else None,
                    "decided_by_user": author(phone.decided_by_user_id),
                    "decided_at": _time(phone.decided_at),
                    "decided_device": phone.decided_device,
                    "reason": phone.reason,
                    "applied_version": phone.applied_version,
                }
                for phone in phone_deals[table.pk]
            ],
            "events": [
                {
                    "uid": str(event.uid),
                    "kind": event.kind,
                    "phone_deal": phone_uids.get(event.table_deal_id)
                    if event.table_deal_id
                    else None,
                    "entry": entry_uids.get(event.entry_id) if event.entry_id else None,
                    "side": event.side,
                    "user": author(event.user_id),
                    "at": _time(event.at),
                    "note": event.note,
                    "device": event.device,
                }
                for event in events[table.pk]
            ],
            "updated_at": _time(table.updated_at),
        }

    version = tournament.rules_version
    return {
        "exported_at": timezone.now().isoformat(),
        "site": site,
        "club": {
            "uid": str(club.uid),
            "name": club.name,
            "slug": club.slug,
            "language": club.language,
            "name_order": club.name_order,
            "default_public_name": club.default_public_name,
            "entry_fee": _money(club.entry_fee),
            "membership_fee": _money(club.membership_fee),
            "free_participations": club.free_participations,
        },
        "season": {
            "uid": str(season.uid),
            "name": season.name,
            "start": _day(season.start),
            "end": _day(season.end),
            "attendance_threshold": season.attendance_threshold,
        },
        "rules_version": None
        if version is None
        else {
            "uid": str(version.uid),
            "game": version.game,
            "number": version.number,
            "rules": version.rules,
            "created_at": _time(version.created_at),
            "created_by": author(version.created_by_id),
        },
        "represented_clubs": [{"uid": str(r.uid), "name": r.name} for r in represented],
        "players": [player_row(player) for player in players],
        "tournament": {
            "uid": str(tournament.uid),
            "name": tournament.name,
            "game": tournament.game,
            "date": _day(tournament.date),
            "rounds": tournament.rounds,
            "entry_fee": _money(tournament.entry_fee),
            "rules": tournament.rules,
            "status": tournament.status,
            "published": tournament.published,
            "table_phones": tournament.table_phones,
            "club_ranking_best": tournament.club_ranking_best,
            "created_at": _time(tournament.created_at),
        },
        "teams": [{"uid": str(team.uid), "name": team.name} for team in teams],
        "entries": [
            {
                "uid": str(entry.uid),
                "player": str(entry.player.uid),
                "team": _uid(entry.team.uid) if entry.team else None,
                "present": entry.present,
                "paid": entry.paid,
                "substitute": entry.substitute,
                "table_filler": entry.table_filler,
                "withdrawn": entry.withdrawn,
                "represented_club": _uid(entry.represented_club.uid)
                if entry.represented_club
                else None,
                "registered_at": _time(entry.registered_at),
            }
            for entry in entries
        ],
        "rounds": [
            {
                "uid": str(round_.uid),
                "number": round_.number,
                "status": round_.status,
                "repeats": round_.repeats,
                "lower_bound": round_.lower_bound,
                "seed": round_.seed,
                "clock_minutes": round_.clock_minutes,
                "clock_started_at": _time(round_.clock_started_at),
                "clock_paused_at": _time(round_.clock_paused_at),
                "clock_paused_seconds": round_.clock_paused_seconds,
                "closed_at": _time(round_.closed_at),
                "tables": [table_facts(table) for table in tables_by_round[round_.pk]],
            }
            for round_ in rounds
        ],
    }


def bundle_name(tournament: Tournament) -> str:
    """The file's name a download offers: the club, the date, the tournament's uid."""
    return f"{tournament.club.slug}-{tournament.date.isoformat()}-{tournament.uid}.atout.json.gz"


@transaction.atomic
def export_bundle(
    tournament: Tournament,
    *,
    hold: str = "",
    final: bool = False,
    by: Any | None = None,
    compress: bool = True,
) -> bytes:
    """The tournament's signed bundle: by its lease's key on the laptop that holds it, else by
    the site's. ``hold``: « Emporter la soirée » — the tournament is held by the laptop named
    so (the site refuses its writes), and a lease key pair is made: its public half kept here,
    its private half carried in the bundle for the laptop. ``final``: the laptop's bundle that
    ends the evening (its import releases the hold)."""
    payload = tournament_payload(tournament)
    if hold:
        holder = holds.clean_holder(hold)
        holds.hold_tournament(tournament=tournament, holder=holder, by=by)
        # The laptop registers the season's members who walk in (docs/bundle.md, members).
        travelling = {row["uid"] for row in payload["players"]}
        payload["members"] = [
            player_row(player)
            for player in members.season_members(tournament)
            if str(player.uid) not in travelling
        ]
        # The federation's door, when the tournament counts for one (docs/bundle.md).
        payload.update(
            federation_rows.door_rows(
                tournament, [row["uid"] for row in payload["players"] + payload["members"]]
            )
        )
        lease = issue_lease(
            tournament_uid=tournament.uid,
            holder=holder,
            players=payload["players"] + payload["members"],
        )
        payload["lease"] = {"holder": holder, "private_key": private_hex(lease)}
    elif to_check := federation_rows.licences_to_check(tournament):
        # The laptop's bundle back: the numbers typed at its door, for the site to check.
        payload["licences_to_check"] = to_check
    if final:
        payload["final"] = True
    return seal(payload, signing_key_for(tournament.uid), compress=compress)
