"""Writes for tournaments. Each public function is one transaction and validates through
``scoring``; nothing here re-implements a rule of a game.
"""

import datetime
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.db import transaction
from django.db.models import Count, F, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Club, Membership, Player, Season
from club.selectors import club_player_named
from scoring import GAMES, InvalidDeal, match, seating

from .games import plugin_for
from .models import (
    PLACE_POINTS_DENOMINATOR,
    Deal,
    Entry,
    GameRules,
    PdfExport,
    ResultChange,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
    TournamentResult,
)


class TournamentError(Exception):
    """A request the tournament's state does not allow; the message is for the user."""


# --------------------------------------------------------------------------- stored results


def standings_changed(tournament: Tournament) -> None:
    """What the public pages show changed (results, seats, players' flags, teams): bump the
    version their ETags and cached tables are keyed by.

    The update also locks the tournament's row until the transaction ends, so two sheets
    saved at once store the tournament's results one after the other.
    """
    Tournament.objects.filter(pk=tournament.pk).update(results_version=F("results_version") + 1)


def results_changed(tournament: Tournament) -> None:
    """A table's result was stored: store every player's tournament result again (ranked by
    the tournament's rules), in the same transaction, and bump the standings' version."""
    from .results import result_rows

    standings_changed(tournament)
    TournamentResult.objects.filter(tournament=tournament).delete()
    TournamentResult.objects.bulk_create(
        TournamentResult(**row) for row in result_rows(tournament, Seat, Entry)
    )


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
    # Settings chosen for this tournament before it started (the target...) win.
    overrides = tournament_settings(tournament)
    tournament.rules = GAMES[tournament.game].validate_rules(
        {**club_rules(tournament.club, tournament.game), **overrides}
    )
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["rules", "status"])
    return tournament


def tournament_settings(tournament: Tournament) -> dict:
    """The settings chosen for this tournament before it starts (the plug-in's
    ``tournament_settings``, e.g. the target), kept in its rules until the snapshot is taken."""
    if tournament.is_started:
        return {}
    keys = plugin_for(tournament.game).tournament_settings
    return {k: v for k, v in (tournament.rules or {}).items() if k in keys}


def effective_rules(tournament: Tournament) -> dict:
    """The rules the tournament plays (or will play) with."""
    if tournament.is_started:
        return GAMES[tournament.game].validate_rules(tournament.rules or None)
    return GAMES[tournament.game].validate_rules(
        {**club_rules(tournament.club, tournament.game), **tournament_settings(tournament)}
    )


@transaction.atomic
def set_tournament_settings(tournament: Tournament, values: Mapping[str, object]) -> Tournament:
    """Store settings for a tournament that has not started (validated by the game)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.is_started:
        raise TournamentError(_("The tournament has started: its rules are fixed."))
    keys = plugin_for(tournament.game).tournament_settings
    chosen = {k: v for k, v in values.items() if k in keys and v is not None}
    GAMES[tournament.game].validate_rules(
        {**club_rules(tournament.club, tournament.game), **chosen}
    )
    tournament.rules = chosen
    tournament.save(update_fields=["rules"])
    return tournament


# --------------------------------------------------------------------------- registration


def register_player(tournament: Tournament, player: Player, *, substitute: bool = False) -> Entry:
    entry, created = Entry.objects.get_or_create(
        tournament=tournament, player=player, defaults={"substitute": substitute, "present": True}
    )
    if not created and entry.withdrawn:
        entry.withdrawn = False
        entry.save(update_fields=["withdrawn"])
    standings_changed(tournament)
    return entry


@dataclass(frozen=True)
class WalkIn:
    entry: Entry
    new_player: bool  # False: the club already had a player of that name (a double submit)
    new_entry: bool  # False: he was already registered


@transaction.atomic
def add_walk_in(
    tournament: Tournament, first_name: str, last_name: str, *, substitute: bool = False
) -> WalkIn:
    """A player who is not yet known: create him, make him a player of the club, register him.

    The club's row is locked first, so two identical walk-ins sent at once (a double tap)
    queue: the second finds the player the first created and registers nobody twice.
    """
    club = Club.objects.select_for_update().get(pk=tournament.club_id)
    first_name, last_name = first_name.strip(), last_name.strip()
    player = club_player_named(club, first_name, last_name)
    new_player = player is None
    if player is None:
        player = Player.objects.create(first_name=first_name, last_name=last_name)
        player.clubs.add(club)
    registered = tournament.entries.filter(player=player, withdrawn=False).exists()
    entry = register_player(tournament, player, substitute=substitute)
    return WalkIn(entry, new_player=new_player, new_entry=not registered)


def update_entry(entry: Entry, **flags: bool) -> Entry:
    allowed = {"present", "paid", "substitute", "withdrawn"}
    for name, value in flags.items():
        if name not in allowed:
            raise ValueError(name)
        setattr(entry, name, value)
    with transaction.atomic():
        entry.save(update_fields=list(flags))
        # A substitute is left out of the classification and of the season's rankings.
        results_changed(entry.tournament)
    return entry


def unregister(entry: Entry) -> None:
    if entry.seats.exists():
        raise TournamentError(
            _("%(player)s has already played: mark him as withdrawn instead.")
            % {"player": entry.player}
        )
    entry.delete()
    standings_changed(entry.tournament)


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


# --------------------------------------------------------------------------- teams


def unpaired_entries(tournament: Tournament) -> list[Entry]:
    """Players present without a team (team games)."""
    return [e for e in playing_entries(tournament) if e.team_id is None]


def _team_name(first: Entry, second: Entry) -> str:
    return f"{first.player.last_name} – {second.player.last_name}"


@transaction.atomic
def form_team(tournament: Tournament, first: Entry, second: Entry, name: str = "") -> Team:
    """Pair two registered players into a team."""
    if first.pk == second.pk:
        raise TournamentError(_("Choose two different players."))
    entries = list(
        Entry.objects.select_for_update()
        .select_related("player")
        .filter(tournament=tournament, pk__in=[first.pk, second.pk])
        .order_by("pk")
    )
    if len(entries) != 2:
        raise TournamentError(_("Both players must be registered for this tournament."))
    for entry in entries:
        if entry.team_id is not None:
            raise TournamentError(_("%(player)s already has a partner.") % {"player": entry.player})
    by_pk = {e.pk: e for e in entries}
    first, second = by_pk[first.pk], by_pk[second.pk]
    name = (name or "").strip() or _team_name(first, second)
    base, n = name, 2
    while Team.objects.filter(tournament=tournament, name=name).exists():
        name = f"{base} ({n})"
        n += 1
    team = Team.objects.create(tournament=tournament, name=name)
    # The first player chosen sits first (seat t), his partner opposite (seat t + 2).
    Entry.objects.filter(pk=first.pk).update(team=team)
    Entry.objects.filter(pk=second.pk).update(team=team)
    standings_changed(tournament)
    return team


@transaction.atomic
def draw_teams(tournament: Tournament, *, seed: int | None = None) -> list[Team]:
    """Pair the players present without a partner at random (seeded); one may be left over."""
    entries = unpaired_entries(tournament)
    rng = random.Random(seed if seed is not None else random.SystemRandom().randrange(2**31))
    rng.shuffle(entries)
    if len(entries) < 2:
        raise TournamentError(_("There are not two players without a partner to pair."))
    return [
        form_team(tournament, entries[i], entries[i + 1]) for i in range(0, len(entries) - 1, 2)
    ]


@transaction.atomic
def dissolve_team(team: Team) -> None:
    if team.seats.exists():
        raise TournamentError(
            _("%(team)s has already played: it cannot be split.") % {"team": team.name}
        )
    team.entries.update(team=None)
    team.delete()
    standings_changed(team.tournament)


def playing_teams(tournament: Tournament) -> list[Team]:
    """Teams whose two players are present and not withdrawn."""
    teams = tournament.teams.prefetch_related("entries__player").order_by("name", "pk")
    return [
        t for t in teams if len([e for e in t.entries.all() if e.present and not e.withdrawn]) == 2
    ]


def seating_gap_for(tournament: Tournament) -> tuple[int, int] | None:
    """What stops the players present from being seated (None: nothing); team games seat
    teams (an odd team gets a bye)."""
    if plugin_for(tournament.game).team_game:
        return None
    return seating_gap(len(playing_entries(tournament)), table_sizes(tournament))


# --------------------------------------------------------------------------- seating


def _history(
    tournament: Tournament, index: Mapping[int, int], before: int, unit: str = "entry_id"
) -> list[list[list[int]]]:
    """Earlier rounds as lists of tables of unit indices (players, or teams: ``unit``);
    units who left are dropped."""
    rounds: dict[int, dict[int, list[int]]] = {}
    seats = (
        Seat.objects.filter(round__tournament=tournament, round__number__lt=before)
        .order_by("round__number", "table__number", "position")
        .values_list("round__number", "table__number", unit)
    )
    for round_number, table_number, unit_id in seats:
        if unit_id in index:
            rounds.setdefault(round_number, {}).setdefault(table_number, []).append(index[unit_id])
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
    standings_changed(round_.tournament)  # the public rounds page shows the seats
    if plugin_for(round_.tournament.game).team_game:
        _seat_teams(round_, seed)
        return
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
    _seat_units(round_, entries, sizes, history, seed, occupant="entry")


def _seat_units(round_: Round, units: list, sizes, history, seed: int, *, occupant: str) -> list:
    """Seat ``units`` (entries, or teams in team games) with the seating engine; returns the
    drawn tables as lists of unit indices.

    Every round still to play is planned, not just this one: drawing one round at a time
    leaves repeated meetings that a whole schedule avoids. Only this round is kept; the next
    draw plans again, against what was really played (late arrivals, withdrawals).
    """
    remaining = max(1, round_.tournament.rounds - round_.number + 1)
    plan = seating.schedule(len(units), remaining, sizes, seed=seed, history=history or None)
    drawn = plan.rounds[0]
    round_.seed = seed
    round_.repeats = seating.repeats([drawn], history=history or None)
    round_.lower_bound = seating.lower_bound(len(units), 1, sizes, history=history or None)
    round_.save(update_fields=["seed", "repeats", "lower_bound"])
    for number, members in enumerate(drawn, start=1):
        table = Table.objects.create(round=round_, number=number)
        Seat.objects.bulk_create(
            Seat(
                table=table,
                round=round_,
                position=position,
                first_dealer=position == 0,
                **{occupant: units[member]},
            )
            for position, member in enumerate(members)
        )
    return drawn


def _seat_teams(round_: Round, seed: int) -> None:
    """Team against team at tables of two teams, no rematch where possible (the seating engine
    over teams); an odd team count gives a bye to a team that has had the fewest."""
    tournament = round_.tournament
    teams = playing_teams(tournament)
    if len(teams) < 2:
        raise TournamentError(_("At least two complete teams are needed: form the pairs first."))
    bye_team = None
    if len(teams) % 2:
        byes = dict(
            Seat.objects.filter(round__tournament=tournament, table__bye=True)
            .values("team_id")
            .annotate(n=Count("id"))
            .values_list("team_id", "n")
            .order_by()
        )
        rng = random.Random(seed)
        fewest = min(byes.get(t.pk, 0) for t in teams)
        candidates = [t for t in teams if byes.get(t.pk, 0) == fewest]
        bye_team = candidates[rng.randrange(len(candidates))]
        teams = [t for t in teams if t.pk != bye_team.pk]
    index = {team.pk: i for i, team in enumerate(teams)}
    history = _history(tournament, index, round_.number, unit="team_id")
    drawn = _seat_units(round_, teams, (2,), history, seed, occupant="team")
    if bye_team is not None:
        table = Table.objects.create(round=round_, number=len(drawn) + 1, bye=True)
        seat = Seat.objects.create(table=table, round=round_, position=0, team=bye_team)
        _store_bye(table, seat)


def _store_bye(table: Table, seat: Seat) -> None:
    line = GAMES[table.round.tournament.game].bye_line(table.round.tournament.rules or None)
    if line is not None:
        seat.score, seat.won, seat.against = line.score, line.won, line.against or 0
        seat.save(update_fields=["score", "won", "against"])
    table.complete = True
    table.save(update_fields=["complete"])
    results_changed(table.round.tournament)


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
    standings_changed(round_.tournament)
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
    if table.bye:
        raise TournamentError(_("This team has a bye: there is no sheet to enter."))
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
    results_changed(table.round.tournament)
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
    closed = table.round.status == Round.Status.CLOSED
    # Matches (team games): won when complete, else decided on the totals at the signal.
    winner = result.winner
    if not result.complete and closed and len(result.scores) == 2:
        winner = match.decide_at_signal(result.scores)
    decided = result.complete or closed
    for seat in seats:
        seat.score = result.scores[seat.position]
        sixtieths = place_points[seat.position] * PLACE_POINTS_DENOMINATOR
        if sixtieths.denominator != 1:  # pragma: no cover - ties share among at most 6 seats
            raise ValueError("place points are not whole sixtieths")
        seat.place_points_60ths = int(sixtieths)
        if seat.team_id is not None and len(result.scores) == 2:
            seat.against = result.scores[1 - seat.position]
            seat.won = (winner == seat.position) if decided and winner is not None else None
    Seat.objects.bulk_update(seats, ["score", "place_points_60ths", "won", "against"])
    # A round closed at the signal counts as played, even with fewer deals than planned.
    table.complete = result.complete or closed
    table.save(update_fields=["version", "complete", "updated_at"])


@transaction.atomic
def recompute_table(table: Table) -> Table:
    """Recompute a table's results from its stored deals (after a rules fix, for instance)."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    if table.bye:
        _store_bye(table, table.seats.get())
        return table
    result = evaluate_sheet(table, table_records(table))
    _store_result(table, result)
    results_changed(table.round.tournament)
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
    """The signal: the round is over; every table counts with the deals it played.

    Only games played against a clock have a partial result to keep: closing a round of
    another game would count unfinished tables as played, with no place points.
    """
    round_ = _locked_round(round_)
    if not plugin_for(round_.tournament.game).clock:
        raise TournamentError(_("Only rounds played against a clock can be closed at the signal."))
    if round_.status == Round.Status.CLOSED:
        return round_
    round_.status = Round.Status.CLOSED
    round_.closed_at = now or timezone.now()
    if round_.clock_paused_at is not None:
        round_.clock_paused_at = None
    round_.save(update_fields=["status", "closed_at", "clock_paused_at"])
    for table in round_.tables.select_for_update():
        table.round = round_
        if table.bye:
            continue
        _store_result(table, evaluate_sheet(table, table_records(table)))
    results_changed(round_.tournament)
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
    "WalkIn",
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


# --------------------------------------------------------------------------- long PDFs

#: Finished PDF exports are kept this long for their download link, then deleted.
PDF_EXPORT_KEEP = datetime.timedelta(days=1)


def queue_pdf_export(kind: str, tournament: Tournament, round_: Round | None, user) -> PdfExport:
    """The document to build off the request, in the current language: the one already in
    preparation for the same sheets if any (a second click waits for the same file), else a
    new one handed to the task queue."""
    from django.utils.translation import get_language

    from .tasks import build_pdf_export

    language = get_language()
    with transaction.atomic():
        PdfExport.objects.filter(created_at__lt=timezone.now() - PDF_EXPORT_KEEP).delete()
        pending = PdfExport.objects.filter(
            kind=kind,
            tournament=tournament,
            round=round_,
            language=language,
            status=PdfExport.Status.PENDING,
        ).first()
        if pending is not None:
            return pending
        export = PdfExport.objects.create(
            kind=kind, tournament=tournament, round=round_, language=language, requested_by=user
        )
        # In the same transaction: the queue's row is written with the export's, or neither.
        build_pdf_export.enqueue(str(export.pk))
    return export


def build_pdf_export(export_id: str) -> PdfExport | None:
    """Build a queued document (the task queue's worker calls this): the missing sheets are
    laid out and kept, the pages merged, the file stored for its download link."""
    from django.utils import translation

    from . import sheet_pdfs

    export = (
        PdfExport.objects.select_related("tournament__club", "tournament__season", "round")
        .filter(pk=export_id, status=PdfExport.Status.PENDING)
        .first()
    )
    if export is None:  # deleted, or already built
        return None
    try:
        with translation.override(export.language):
            if export.kind == PdfExport.Kind.ROUND_SHEETS and export.round is not None:
                export.round.tournament = export.tournament
                document = sheet_pdfs.round_document(export.round)
            else:
                document = sheet_pdfs.filled_document(export.tournament, export.round)
            export.content = sheet_pdfs.build(document)
        export.filename = document.filename
        export.status = PdfExport.Status.READY
    except Exception:
        export.status = PdfExport.Status.FAILED
        raise
    finally:
        export.finished_at = timezone.now()
        export.save(update_fields=["content", "filename", "status", "finished_at"])
    return export
