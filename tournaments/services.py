"""Writes for tournaments. Each public function is one transaction and validates through
``scoring``; nothing here re-implements a rule of a game.
"""

import datetime
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Club, Membership, Player, Season
from scoring import GAMES, InvalidDeal, seating

from .games import plugin_for
from .models import (
    PLACE_POINTS_DENOMINATOR,
    Deal,
    Entry,
    GameRules,
    ResultChange,
    Round,
    Seat,
    Table,
    Tournament,
)


class TournamentError(Exception):
    """A request the tournament's state does not allow; the message is for the user."""


# --------------------------------------------------------------------------- rules


def club_rules(club: Club, game: str) -> dict:
    """The club's ruleset for a game: its own if edited, else the game's defaults."""
    stored = GameRules.objects.filter(club=club, game=game).first()
    return dict(stored.rules) if stored is not None else GAMES[game].default_rules()


@transaction.atomic
def save_club_rules(club: Club, game: str, rules: dict) -> GameRules:
    """Store the club's ruleset for a game (validated by the game); started tournaments keep
    their own copy."""
    full = GAMES[game].validate_rules(rules)
    stored, _created = GameRules.objects.select_for_update().get_or_create(
        club=club, game=game, defaults={"rules": full}
    )
    if stored.rules != full:
        stored.rules = full
        stored.save(update_fields=["rules"])
    return stored


@transaction.atomic
def start_tournament(tournament: Tournament) -> Tournament:
    """Copy the club's rules into the tournament: later edits of the club's rules never reach it."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.is_started:
        return tournament
    tournament.rules = club_rules(tournament.club, tournament.game)
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["rules", "status"])
    return tournament


# --------------------------------------------------------------------------- registration


def register_player(tournament: Tournament, player: Player, *, substitute: bool = False) -> Entry:
    entry, created = Entry.objects.get_or_create(
        tournament=tournament, player=player, defaults={"substitute": substitute, "present": True}
    )
    if not created and entry.withdrawn:
        entry.withdrawn = False
        entry.save(update_fields=["withdrawn"])
    return entry


@transaction.atomic
def add_walk_in(
    tournament: Tournament, first_name: str, last_name: str, *, substitute: bool = False
) -> Entry:
    """A player who is not yet known: create him, make him a player of the club, register him."""
    player = Player.objects.create(first_name=first_name.strip(), last_name=last_name.strip())
    player.clubs.add(tournament.club)
    return register_player(tournament, player, substitute=substitute)


def update_entry(entry: Entry, **flags: bool) -> Entry:
    allowed = {"present", "paid", "substitute", "withdrawn"}
    for name, value in flags.items():
        if name not in allowed:
            raise ValueError(name)
        setattr(entry, name, value)
    entry.save(update_fields=list(flags))
    return entry


def unregister(entry: Entry) -> None:
    if entry.seats.exists():
        raise TournamentError(
            _("%(player)s has already played: mark him as withdrawn instead.")
            % {"player": entry.player}
        )
    entry.delete()


def table_sizes(tournament: Tournament) -> tuple[int, ...]:
    """The table sizes this tournament seats: its rules once started, else the club's."""
    rules = (
        tournament.rules if tournament.is_started else club_rules(tournament.club, tournament.game)
    )
    return plugin_for(tournament.game).table_sizes(rules)


def playing_entries(tournament: Tournament) -> list[Entry]:
    return list(
        tournament.entries.filter(present=True, withdrawn=False)
        .select_related("player")
        .order_by("player__last_name", "player__first_name", "pk")
    )


def seating_gap(count: int, sizes: Sequence[int]) -> tuple[int, int] | None:
    """None if ``count`` players fill tables of these sizes, else (players to add, to remove)."""

    def fits(n: int) -> bool:
        reachable = [True] + [False] * n
        for total in range(1, n + 1):
            reachable[total] = any(total >= s and reachable[total - s] for s in sizes)
        return n > 0 and reachable[n]

    if fits(count):
        return None
    add = next(k for k in range(1, max(sizes) * 2 + 1) if fits(count + k))
    remove = next((k for k in range(1, count) if fits(count - k)), count)
    return add, remove


# --------------------------------------------------------------------------- seating


def _history(
    tournament: Tournament, index: Mapping[int, int], before: int
) -> list[list[list[int]]]:
    """Earlier rounds as lists of tables of player indices (players who left are dropped)."""
    rounds: dict[int, dict[int, list[int]]] = {}
    seats = (
        Seat.objects.filter(round__tournament=tournament, round__number__lt=before)
        .order_by("round__number", "table__number", "position")
        .values_list("round__number", "table__number", "entry_id")
    )
    for round_number, table_number, entry_id in seats:
        if entry_id in index:
            rounds.setdefault(round_number, {}).setdefault(table_number, []).append(index[entry_id])
    return [[t for t in tables.values() if len(t) > 1] for tables in rounds.values()]


@transaction.atomic
def draw_round(tournament: Tournament, *, seed: int | None = None) -> Round:
    """Seat the next round against every round already played (late arrivals, withdrawals)."""
    tournament = start_tournament(tournament)
    last = tournament.round_set.aggregate(n=Max("number"))["n"] or 0
    if last >= tournament.rounds:
        raise TournamentError(_("All the rounds of this tournament are already drawn."))
    if last and tournament.round_set.get(number=last).status == Round.Status.DRAWN:
        raise TournamentError(
            _("Start round %(number)d before drawing the next one.") % {"number": last}
        )
    round_ = Round.objects.create(
        tournament=tournament,
        number=last + 1,
        clock_minutes=plugin_for(tournament.game).round_minutes(tournament.rules),
    )
    _seat(round_, seed if seed is not None else random.SystemRandom().randrange(2**31))
    return round_


@transaction.atomic
def redraw_round(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.DRAWN:
        raise TournamentError(_("This round has started: it can no longer be redrawn."))
    round_.tables.all().delete()
    _seat(round_, (round_.seed + 1) % 2**31)
    return round_


def _seat(round_: Round, seed: int) -> None:
    tournament = round_.tournament
    sizes = table_sizes(tournament)
    entries = playing_entries(tournament)
    gap = seating_gap(len(entries), sizes)
    if gap is not None:
        raise TournamentError(
            _(
                "%(count)d players present cannot be seated at tables of %(sizes)s: "
                "add %(add)d substitute(s) or remove %(remove)d player(s)."
            )
            % {
                "count": len(entries),
                "sizes": _(" or ").join(str(s) for s in sizes),
                "add": gap[0],
                "remove": gap[1],
            }
        )
    index = {entry.pk: i for i, entry in enumerate(entries)}
    history = _history(tournament, index, round_.number)
    # Plan every round still to play, not just this one: drawing one round at a time leaves
    # repeated meetings that a whole schedule avoids. Only this round is kept; the next draw
    # plans again, against what was really played (late arrivals, withdrawals).
    remaining = max(1, tournament.rounds - round_.number + 1)
    plan = seating.schedule(
        len(entries),
        remaining,
        sizes,
        seed=seed,
        time_limit=1.0,
        history=history or None,
    )
    drawn = plan.rounds[0]
    round_.seed = seed
    round_.repeats = seating.repeats([drawn], history=history or None)
    round_.lower_bound = seating.lower_bound(len(entries), 1, sizes, history=history or None)
    round_.save(update_fields=["seed", "repeats", "lower_bound"])
    for number, players in enumerate(drawn, start=1):
        table = Table.objects.create(round=round_, number=number)
        Seat.objects.bulk_create(
            Seat(
                table=table,
                round=round_,
                position=position,
                entry=entries[player],
                first_dealer=position == 0,
            )
            for position, player in enumerate(players)
        )


@transaction.atomic
def swap_players(round_: Round, first: Entry, second: Entry) -> tuple[int, int]:
    """Exchange two players' seats in a drawn round; returns (repeats before, repeats after)."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.DRAWN:
        raise TournamentError(_("This round has started: seats can no longer be changed."))
    seat_a = round_.seats.get(entry=first)
    seat_b = round_.seats.get(entry=second)
    # Unique (round, entry) forbids moving one entry at a time: replace both seats at once.
    Seat.objects.filter(pk__in=[seat_a.pk, seat_b.pk]).delete()
    Seat.objects.bulk_create(
        Seat(
            table_id=seat.table_id,
            round=round_,
            position=seat.position,
            entry=entry,
            first_dealer=seat.first_dealer,
        )
        for seat, entry in ((seat_a, second), (seat_b, first))
    )
    before = round_.repeats
    round_.repeats = current_repeats(round_)
    round_.save(update_fields=["repeats"])
    return before, round_.repeats


def current_repeats(round_: Round) -> int:
    """Repeated meetings over the rounds up to this one, as the seating engine counts them."""
    tournament = round_.tournament
    entries = {
        e
        for e in Seat.objects.filter(round__tournament=tournament).values_list(
            "entry_id", flat=True
        )
    }
    index = {entry_id: i for i, entry_id in enumerate(sorted(e for e in entries if e))}
    rounds = _history(tournament, index, round_.number + 1)
    return seating.repeats(rounds)


@transaction.atomic
def start_round(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status == Round.Status.DRAWN:
        round_.status = Round.Status.STARTED
        round_.save(update_fields=["status"])
    return round_


# --------------------------------------------------------------------------- results


@dataclass
class StaleSheet(Exception):
    """Someone saved the sheet after the version the user started from."""

    current_version: int
    changes: list[ResultChange]
    saved_records: list[dict]


def table_records(table: Table) -> list[dict]:
    return [deal.record for deal in table.deals.order_by("number")]


@transaction.atomic
def save_sheet(table: Table, records: Sequence[dict], *, version: int, user) -> Table:
    """Replace a table's sheet by ``records`` (in sheet order), if nobody saved it meanwhile.

    The whole sheet is checked by the game's ``table_result`` first: an invalid record raises
    ``InvalidDeal`` and nothing is written. The change is kept in the table's history.
    """
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    if table.version != version:
        raise StaleSheet(
            current_version=table.version,
            changes=list(table.changes.filter(version__gt=version).select_related("user")),
            saved_records=table_records(table),
        )
    before = table_records(table)
    records = [dict(r) for r in records]
    if records == before:
        return table
    result = evaluate_sheet(table, records)
    existing = {deal.number: deal for deal in table.deals.all()}
    for number, (record, points) in enumerate(zip(records, result.per_deal, strict=True), start=1):
        deal = existing.pop(number, None)
        if deal is None:
            Deal.objects.create(
                table=table, number=number, record=record, points=points, updated_by=user
            )
        elif deal.record != record or deal.points != points:
            deal.record, deal.points, deal.updated_by = record, points, user
            deal.save(update_fields=["record", "points", "updated_by", "updated_at"])
    Deal.objects.filter(pk__in=[d.pk for d in existing.values()]).delete()
    table.version += 1
    ResultChange.objects.create(
        table=table, user=user, version=table.version, before=before, after=records
    )
    _store_result(table, result)
    round_ = table.round
    if round_.status == Round.Status.DRAWN:
        round_.status = Round.Status.STARTED
        round_.save(update_fields=["status"])
    refresh_tournament_status(round_.tournament)
    return table


def table_seats(table: Table) -> list[Seat]:
    """A table's seats in order with their player or team (and the team's players)."""
    return list(
        table.seats.select_related("entry__player", "team")
        .prefetch_related("team__entries__player")
        .order_by("position")
    )


def seat_name(seat: Seat) -> str:
    if seat.entry_id is not None:
        return seat.entry.player.full_name
    return seat.team.name if seat.team_id is not None else "?"


def seat_names(seats: Sequence[Seat]) -> list[str]:
    """What a sheet's columns are headed with: players, or teams in team games."""
    return [seat_name(s) for s in seats]


def team_players(team) -> list[Entry]:
    return sorted(team.entries.all(), key=lambda e: e.pk)


def dealing_names(seats: Sequence[Seat]) -> list[str]:
    """The players in dealing order. At a table of two teams, team ``t`` is seats ``t`` and
    ``t + 2`` (its first player at ``t``, its second at ``t + 2``)."""
    if not seats or seats[0].team_id is None:
        return seat_names(seats)
    teams = [[e.player.full_name for e in team_players(s.team)] for s in seats]
    names = [""] * (2 * len(teams))
    for t, players in enumerate(teams):
        for k, name in enumerate(players[:2]):
            names[t + k * len(teams)] = name
    return names


def first_dealer(seats: Sequence[Seat]) -> int:
    return next((s.position for s in seats if s.first_dealer), 0)


def players_at(tournament: Tournament, seats: Sequence[Seat]) -> int:
    """Players at a table: its seats, or every player of its teams in team games."""
    teams = GAMES[tournament.game].teams
    if GAMES[tournament.game].team_game and teams:
        return sum(len(t) for t in teams)
    return len(seats)


def evaluate_sheet(table: Table, records: Sequence[Mapping]):
    """The game's verdict on a sheet (``TableResult``), or ``InvalidDeal``; writes nothing."""
    seats = list(table.seats.all())
    tournament = table.round.tournament
    return GAMES[tournament.game].table_result(
        records,
        tournament.rules or None,
        first_dealer=first_dealer(seats),
        n_seats=players_at(tournament, seats),
    )


def _store_result(table: Table, result) -> None:
    seats = list(table.seats.all())
    place_points = result.place_points or [Fraction(0)] * len(seats)
    for seat in seats:
        seat.score = result.scores[seat.position]
        sixtieths = place_points[seat.position] * PLACE_POINTS_DENOMINATOR
        if sixtieths.denominator != 1:  # pragma: no cover - ties share among at most 6 seats
            raise ValueError("place points are not whole sixtieths")
        seat.place_points_60ths = int(sixtieths)
    Seat.objects.bulk_update(seats, ["score", "place_points_60ths"])
    # A round closed at the signal counts as played, even with fewer deals than planned.
    table.complete = result.complete or table.round.status == Round.Status.CLOSED
    table.save(update_fields=["version", "complete", "updated_at"])


@transaction.atomic
def recompute_table(table: Table) -> Table:
    """Recompute a table's results from its stored deals (after a rules fix, for instance)."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    result = evaluate_sheet(table, table_records(table))
    _store_result(table, result)
    return table


# --------------------------------------------------------------------------- one deal at a time


def _pool_records(table: Table, version: int) -> list[dict]:
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.version != version:
        raise StaleSheet(
            current_version=table.version,
            changes=list(table.changes.filter(version__gt=version).select_related("user")),
            saved_records=table_records(table),
        )
    return table_records(table)


@transaction.atomic
def save_deal(table: Table, record: dict, *, number: int | None, version: int, user) -> Table:
    """Add a deal (``number`` None or the next one) or replace deal ``number``.

    The whole sheet goes through ``save_sheet``: same validation, version check and history.
    """
    records = _pool_records(table, version)
    if number is None or number > len(records):
        records.append(dict(record))
    else:
        records[number - 1] = dict(record)
    return save_sheet(table, records, version=version, user=user)


@transaction.atomic
def delete_deal(table: Table, number: int, *, version: int, user) -> Table:
    """Remove deal ``number``; the deals after it must still match the dealers' rotation."""
    records = _pool_records(table, version)
    if not 1 <= number <= len(records):
        raise TournamentError(_("This deal does not exist (any more)."))
    del records[number - 1]
    return save_sheet(table, records, version=version, user=user)


# --------------------------------------------------------------------------- the clock


def _locked_round(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)


@transaction.atomic
def clock_start(round_: Round, *, now: datetime.datetime | None = None) -> Round:
    """Start the round's clock for every table at once (and the round itself)."""
    now = now or timezone.now()
    round_ = _locked_round(round_)
    if round_.clock_started_at is None:
        if not round_.clock_minutes:
            plugin = plugin_for(round_.tournament.game)
            round_.clock_minutes = plugin.round_minutes(round_.tournament.rules) or 60
        round_.clock_started_at = now
        round_.clock_paused_at = None
        round_.clock_paused_seconds = 0
        if round_.status == Round.Status.DRAWN:
            round_.status = Round.Status.STARTED
        round_.save()
    return round_


@transaction.atomic
def clock_pause(round_: Round, *, now: datetime.datetime | None = None) -> Round:
    now = now or timezone.now()
    round_ = _locked_round(round_)
    if round_.clock_started_at is not None and round_.clock_paused_at is None:
        round_.clock_paused_at = now
        round_.save(update_fields=["clock_paused_at"])
    return round_


@transaction.atomic
def clock_resume(round_: Round, *, now: datetime.datetime | None = None) -> Round:
    now = now or timezone.now()
    round_ = _locked_round(round_)
    if round_.clock_paused_at is not None:
        paused = int((now - round_.clock_paused_at).total_seconds())
        round_.clock_paused_seconds += max(0, paused)
        round_.clock_paused_at = None
        round_.save(update_fields=["clock_paused_at", "clock_paused_seconds"])
    return round_


@transaction.atomic
def clock_set_minutes(round_: Round, minutes: int) -> Round:
    round_ = _locked_round(round_)
    round_.clock_minutes = max(1, min(int(minutes), 600))
    round_.save(update_fields=["clock_minutes"])
    return round_


@transaction.atomic
def close_round(round_: Round, *, now: datetime.datetime | None = None) -> Round:
    """The signal: the round is over; every table counts with the deals it played."""
    round_ = _locked_round(round_)
    if round_.status == Round.Status.CLOSED:
        return round_
    round_.status = Round.Status.CLOSED
    round_.closed_at = now or timezone.now()
    if round_.clock_paused_at is not None:
        round_.clock_paused_at = None
    round_.save(update_fields=["status", "closed_at", "clock_paused_at"])
    for table in round_.tables.select_for_update():
        table.round = round_
        _store_result(table, evaluate_sheet(table, table_records(table)))
    refresh_tournament_status(round_.tournament)
    return round_


# --------------------------------------------------------------------------- fees


@transaction.atomic
def record_membership_payment(
    player: Player, season: Season, *, paid_on: datetime.date | None = None
) -> Membership:
    """The player paid the season's membership (the club's fee)."""
    membership, _created = Membership.objects.select_for_update().get_or_create(
        player=player, season=season, defaults={"amount": season.club.membership_fee}
    )
    if membership.paid_on is None:
        membership.paid_on = paid_on or timezone.localdate()
        membership.save(update_fields=["paid_on"])
    return membership


def refresh_tournament_status(tournament: Tournament) -> None:
    """Finished when every round is drawn and every sheet complete; running otherwise."""
    if tournament.status == Tournament.Status.REGISTRATION:
        return
    rounds = tournament.round_set.count()
    incomplete = Table.objects.filter(round__tournament=tournament, complete=False).exists()
    status = (
        Tournament.Status.FINISHED
        if rounds == tournament.rounds and not incomplete
        else Tournament.Status.RUNNING
    )
    if status != tournament.status:
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        tournament.status = status


__all__ = [
    "InvalidDeal",
    "StaleSheet",
    "TournamentError",
    "add_walk_in",
    "clock_pause",
    "clock_resume",
    "clock_start",
    "close_round",
    "delete_deal",
    "draw_round",
    "recompute_table",
    "record_membership_payment",
    "redraw_round",
    "register_player",
    "save_deal",
    "save_sheet",
    "start_round",
    "start_tournament",
    "swap_players",
]
