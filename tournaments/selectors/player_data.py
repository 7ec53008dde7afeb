"""Everything one club holds about one player, for his right of access (docs/privacy.md).

The club is the controller of its own records: the export holds the player's row and what this
club recorded about him (memberships, entries, results, the deals at his tables, the audit
trail), not another club's. Each section is a list of plain rows (text, numbers, dates), so
that the JSON and the spreadsheet are written from the same thing.
"""

from dataclasses import dataclass
from typing import Any

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db.models import Q

from club.models import Club, Membership, Player

from ..models import Deal, Entry, Seat, TournamentResult, label_teams


@dataclass(frozen=True)
class Section:
    """One part of the export: its key, its columns and its rows (one dict per row)."""

    key: str
    columns: tuple[str, ...]
    rows: list[dict[str, Any]]


def _player_rows(player: Player) -> list[dict[str, Any]]:
    return [
        {
            "id": player.pk,
            "first_name": player.first_name,
            "last_name": player.last_name,
            "email": player.email,
            "phone": player.phone,
            "licence_number": player.licence_number,
            "active": player.active,
            "public_name": player.public_name,
            "pseudonym": player.pseudonym,
            "erased_at": player.erased_at,
        }
    ]


def _membership_rows(player: Player, club: Club) -> list[dict[str, Any]]:
    memberships = Membership.objects.filter(player=player, season__club=club).select_related(
        "season"
    )
    return [
        {
            "season": m.season.name,
            "start": m.season.start,
            "end": m.season.end,
            "amount": m.amount,
            "paid_on": m.paid_on,
        }
        for m in memberships.order_by("season__start")
    ]


def _entry_rows(player: Player, club: Club) -> list[dict[str, Any]]:
    entries = (
        Entry.objects.filter(player=player, tournament__club=club)
        .select_related("tournament", "team")
        .order_by("tournament__date", "tournament__pk")
    )
    label_teams(e.team for e in entries if e.team is not None)
    return [
        {
            "tournament": e.tournament.name,
            "date": e.tournament.date,
            "game": e.tournament.game,
            "team": e.team.label if e.team else "",
            "present": e.present,
            "paid": e.paid,
            "substitute": e.substitute,
            "table_filler": e.table_filler,
            "withdrawn": e.withdrawn,
            "registered_at": e.registered_at,
        }
        for e in entries
    ]


def _result_rows(player: Player, club: Club) -> list[dict[str, Any]]:
    results = (
        TournamentResult.objects.filter(player=player, tournament__club=club)
        .select_related("tournament")
        .order_by("tournament__date", "tournament__pk")
    )
    return [
        {
            "tournament": r.tournament.name,
            "date": r.tournament.date,
            "rank": r.rank,
            "points": r.points,
            "rounds": r.rounds,
            "place_points_60ths": r.place_points_60ths,
            "matches_won": r.matches_won,
        }
        for r in results
    ]


def _deal_rows(player: Player, club: Club) -> list[dict[str, Any]]:
    """Every deal of every table he sat at (alone or with his team), and his seat there."""
    mine = Q(entry__player=player) | Q(team__entries__player=player)
    seats = {
        seat.table_id: seat
        for seat in Seat.objects.filter(mine, round__tournament__club=club)
        .select_related("table__round__tournament")
        .distinct()
    }
    deals = Deal.objects.filter(table__in=list(seats)).order_by(
        "table__round__tournament__date", "table__round__number", "table__number", "number"
    )
    rows = []
    for deal in deals:
        seat = seats[deal.table_id]
        table = seat.table
        rows.append(
            {
                "tournament": table.round.tournament.name,
                "date": table.round.tournament.date,
                "round": table.round.number,
                "table": table.number,
                "seat": seat.position,
                "deal": deal.number,
                "record": deal.record,
                "points": deal.points,
            }
        )
    return rows


def _audit_rows(player: Player) -> list[dict[str, Any]]:
    about = Q(content_type=ContentType.objects.get_for_model(Player), object_id=str(player.pk))
    about |= Q(object_repr__icontains=player.full_name) | Q(
        change_message__icontains=player.full_name
    )
    entries = LogEntry.objects.filter(about).select_related("user").order_by("action_time")
    return [
        {
            "at": e.action_time,
            "by": str(e.user) if e.user_id else "",
            "action": e.get_action_flag_display(),
            "object": e.object_repr,
            "change": e.get_change_message(),
        }
        for e in entries
    ]


def _section(key: str, rows: list[dict[str, Any]], columns: tuple[str, ...] = ()) -> Section:
    return Section(key, tuple(rows[0]) if rows else columns, rows)


def player_data(player: Player, club: Club) -> list[Section]:
    """What ``club`` holds about ``player``, section by section."""
    return [
        _section("player", _player_rows(player)),
        _section("memberships", _membership_rows(player, club), ("season", "amount", "paid_on")),
        _section("entries", _entry_rows(player, club), ("tournament", "date", "game")),
        _section("results", _result_rows(player, club), ("tournament", "date", "rank", "points")),
        _section("deals", _deal_rows(player, club), ("tournament", "round", "table", "deal")),
        _section("audit", _audit_rows(player), ("at", "by", "action", "object", "change")),
    ]
