"""Fees: memberships due and paid, money collected."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q

from club.models import Membership, Player, Season

from ..models import (
    Entry,
    Tournament,
)
from .counts import count_by


@dataclass
class MembershipStatus:
    participations: int
    due: bool
    paid: bool
    paid_on: datetime.date | None = None


def membership_status(tournament: Tournament) -> dict[int, MembershipStatus]:
    """Per registered player: participations in the season up to this tournament's date (this
    one included, entries not withdrawn), whether the yearly membership is due (from the club's
    ``free_participations`` + 1-th) and whether it is paid. Two queries."""
    club = tournament.club
    player_ids = list(tournament.entries.values_list("player_id", flat=True))
    counts = count_by(
        Entry.objects.filter(
            tournament__season_id=tournament.season_id,
            tournament__club_id=tournament.club_id,
            tournament__date__lte=tournament.date,
            player_id__in=player_ids,
            withdrawn=False,
        ),
        "player_id",
    )
    paid = dict(
        Membership.objects.filter(
            season_id=tournament.season_id, player_id__in=player_ids, paid_on__isnull=False
        ).values_list("player_id", "paid_on")
    )
    return {
        pid: MembershipStatus(
            participations=counts.get(pid, 0),
            due=counts.get(pid, 0) > club.free_participations,
            paid=pid in paid,
            paid_on=paid.get(pid),
        )
        for pid in player_ids
    }


@dataclass(frozen=True)
class RegistrationLine:
    """A registered player on the registration page, with his season's membership."""

    entry: Entry
    membership: MembershipStatus | None

    @property
    def membership_unpaid(self) -> bool:
        """Due, not paid, and the player still plays: the page asks for it."""
        m = self.membership
        return m is not None and m.due and not m.paid and not self.entry.withdrawn


def registration_lines(tournament: Tournament) -> list[RegistrationLine]:
    """The tournament's entries by name with their memberships (three queries): in the
    accent-free order the rest of the site uses (« Étienne » among the E's)."""
    status = membership_status(tournament)
    entries = tournament.entries.select_related("player", "represented_club").order_by(
        "player__sort_key", "player__last_name", "player__first_name"
    )
    return [RegistrationLine(entry, status.get(entry.player_id)) for entry in entries]


@dataclass
class MoneyLine:
    tournament: Tournament
    entries: int
    paid: int
    collected: Decimal


@dataclass
class MoneyReport:
    season: Season
    lines: list[MoneyLine]
    entry_fees: Decimal
    memberships_due: int
    memberships_paid: int
    membership_amount: Decimal
    unpaid: list[tuple[int, str, int]]


def money_report(season: Season) -> MoneyReport:
    """Entry fees collected per tournament; memberships due and paid (four queries)."""
    club = season.club
    tournaments = list(
        Tournament.objects.filter(season=season)
        .annotate(
            n_entries=Count("entries", filter=Q(entries__withdrawn=False)),
            n_paid=Count("entries", filter=Q(entries__withdrawn=False, entries__paid=True)),
        )
        .order_by("date", "pk")
    )
    lines = [MoneyLine(t, t.n_entries, t.n_paid, t.entry_fee * t.n_paid) for t in tournaments]
    counts = count_by(Entry.objects.filter(tournament__season=season, withdrawn=False), "player_id")
    due = {pid for pid, n in counts.items() if n > club.free_participations}
    memberships = list(Membership.objects.filter(season=season, paid_on__isnull=False))
    paid_ids = {m.player_id for m in memberships}
    unpaid_ids = sorted(due - paid_ids)
    names = {
        p.pk: p.full_name
        for p in Player.objects.filter(pk__in=unpaid_ids).only("first_name", "last_name")
    }
    unpaid = sorted(
        ((pid, names.get(pid, "?"), counts[pid]) for pid in unpaid_ids), key=lambda x: x[1]
    )
    return MoneyReport(
        season=season,
        lines=lines,
        entry_fees=sum((line.collected for line in lines), Decimal("0")),
        memberships_due=len(due),
        memberships_paid=len(paid_ids),
        membership_amount=sum((m.amount for m in memberships), Decimal("0")),
        unpaid=unpaid,
    )
