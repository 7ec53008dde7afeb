"""Seating the rounds: draw, redraw, swap, start."""

import random
from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.contrib.admin.models import CHANGE, LogEntry
from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import seating

from ..games import plugin_for
from ..models import (
    Entry,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
)
from ..selectors.classification import tournament_standings
from ..selectors.counts import count_by
from ..selectors.lineup import (
    current_repeats,
    playing_entries,
    playing_teams,
    seating_gap,
    seating_history,
)
from ..selectors.rulebook import table_sizes
from ..selectors.sit_outs import deals_sat_out
from ..signals import round_drawn, round_redrawing
from .errors import TournamentError
from .holds import ensure_writable
from .result_store import (
    refresh_tournament_status,
    results_changed,
    standings_changed,
    store_bye,
)
from .rulesets import start_tournament


def _audit(user: Any | None, tournament: Tournament, message: str) -> None:
    """Who drew or cancelled which round, when: the tournament's history in the admin."""
    if user is None or not getattr(user, "pk", None):
        return
    LogEntry.objects.log_actions(
        user_id=user.pk, queryset=[tournament], action_flag=CHANGE, change_message=message
    )


@transaction.atomic
def draw_round(
    tournament: Tournament,
    *,
    seed: int | None = None,
    user: Any | None = None,
    by_standings: bool = False,
    base_url: str = "",
) -> Round:
    """Seat the next round against every round already played (late arrivals, withdrawals).

    ``by_standings`` (games seated by players, from the second round): the standings as they
    stand seat the round, the best at table 1 (« les 4 meilleurs à la première table »),
    instead of the mixing draw. ``base_url``: the site's address the sheets' links carry (the
    request's site), else ``ATOUT_BASE_URL``; ``round_drawn`` says so to the apps."""
    ensure_writable(tournament)
    if tournament.archived:
        raise TournamentError(
            _("An archived evening has no round to draw: its results were recorded as they were.")
        )
    tournament = start_tournament(tournament)
    last = tournament.round_set.aggregate(n=Max("number"))["n"] or 0
    if last >= tournament.rounds:
        raise TournamentError(_("All the rounds of this tournament are already drawn."))
    if last and tournament.round_set.get(number=last).status == Round.Status.DRAWN:
        raise TournamentError(
            _("Start round %(number)d before drawing the next one.") % {"number": last}
        )
    if by_standings and (plugin_for(tournament.game).lineup.unit != "entry" or not last):
        raise TournamentError(
            _("Only a later round of a game seated by players can follow the standings.")
        )
    round_ = Round.objects.create(
        tournament=tournament,
        number=last + 1,
        clock_minutes=plugin_for(tournament.game).round_minutes(tournament.rules),
    )
    seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    if by_standings:
        standings_changed(tournament)
        seat_by_standings(round_, seed)
        _audit(user, tournament, f"Round {round_.number} seated by the standings.")
    else:
        _seat(round_, seed)
        _audit(user, tournament, f"Round {round_.number} drawn (seed {round_.seed}).")
    _drawn(round_, base_url, redrawn=False)
    return round_


def _drawn(round_: Round, base_url: str, *, redrawn: bool) -> None:
    """Tell the apps (the printing lays the sheets out): the services alone send the domain's
    signals (docs/architecture.md#how-the-core-talks-to-the-apps-signals)."""
    address = base_url or str(getattr(settings, "ATOUT_BASE_URL", "") or "")
    round_drawn.send(Round, round_=round_, base_url=address, redrawn=redrawn)


@transaction.atomic
def cancel_draw(round_: Round, *, user: Any | None = None) -> int:
    """Undo the draw of the last round while none of its results is entered (a draw made too
    early, on the wrong players); returns the round's number. Its seats disappear from the
    public pages, and a bye's points from the standings."""
    ensure_writable(round_.tournament_id)  # the tournament's row locked first
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    tournament = round_.tournament
    number = round_.number
    last = tournament.round_set.aggregate(n=Max("number"))["n"]
    name = plugin_for(tournament.game).round_name
    if number != last:
        raise TournamentError(
            _("Only the last draw can be cancelled (%(session)s %(number)d).")
            % {"session": name, "number": last}
        )
    played = round_.tables.filter(bye=False).filter(Q(version__gt=0) | Q(deals__isnull=False))
    if round_.status == Round.Status.CLOSED or played.exists():
        raise TournamentError(
            _("Results are entered in %(session)s %(number)d: its draw can no longer be cancelled.")
            % {"session": name, "number": number}
        )
    round_.delete()
    results_changed(tournament)
    refresh_tournament_status(tournament)
    _audit(user, tournament, f"Draw of round {number} cancelled.")
    return number


@transaction.atomic
def redraw_round(round_: Round, *, base_url: str = "") -> Round:
    """The drawn round seated again (its old tables gone); ``base_url`` as ``draw_round``."""
    ensure_writable(round_.tournament_id)  # the tournament's row locked first
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.DRAWN:
        raise TournamentError(_("This round has started: it can no longer be redrawn."))
    # What hangs on the old tables (the phones' links) is carried over by its app: a receiver
    # answers with what to do once the new tables are seated.
    answers: list[Any] = [
        answer for _receiver, answer in round_redrawing.send(Round, round_=round_)
    ]
    then: list[Callable[[], object]] = [answer for answer in answers if callable(answer)]
    round_.tables.all().delete()
    _seat(round_, (round_.seed + 1) % 2**31)
    for carry_over in then:
        carry_over()
    _drawn(round_, base_url, redrawn=True)
    return round_


def _seat(round_: Round, seed: int) -> None:
    standings_changed(round_.tournament)  # the public rounds page shows the seats
    SEATERS[plugin_for(round_.tournament.game).lineup.unit](round_, seed)


def seat_players(round_: Round, seed: int) -> None:
    """Players one per seat, at the tables the ruleset allows, repeats kept low."""
    tournament = round_.tournament
    sizes = table_sizes(tournament)
    entries = playing_entries(tournament)
    _check_seatable(entries, sizes)
    index = {entry.pk: i for i, entry in enumerate(entries)}
    history = seating_history(tournament, index, round_.number)
    nested = plugin_for(tournament.game).nested_table_sizes
    _seat_units(round_, entries, sizes, history, seed, occupant="entry", nested=nested)


def seat_by_standings(round_: Round, seed: int) -> None:
    """Players seated in the order of the standings as they stand (complete tables; points
    plus place points where the rules add them): the best at table 1; at every table the first
    dealer is the table's best-ranked player (``scoring.seating.by_standings``); substitutes
    and players without a result yet after the ranked players."""
    tournament = round_.tournament
    sizes = table_sizes(tournament)
    entries = playing_entries(tournament)
    _check_seatable(entries, sizes)
    order = {row.entry_id: i for i, row in enumerate(tournament_standings(tournament))}
    ranked = sorted(entries, key=lambda e: order.get(e.pk, len(order)))
    index = {entry.pk: i for i, entry in enumerate(ranked)}
    history = seating_history(tournament, index, round_.number)
    nested = plugin_for(tournament.game).nested_table_sizes
    drawn = seating.by_standings(len(ranked), sizes, nested=nested)
    round_.seed = seed
    round_.repeats = seating.repeats([drawn], history=history or None)
    round_.lower_bound = seating.lower_bound(
        len(ranked), 1, sizes, history=history or None, nested=nested
    )
    round_.save(update_fields=["seed", "repeats", "lower_bound"])
    _create_tables(round_, ranked, drawn, occupant="entry")


def _check_seatable(entries: Sequence[Entry], sizes: Sequence[int]) -> None:
    gap = seating_gap(len(entries), sizes)
    if gap is None:
        return
    count = len(entries)
    add, remove = gap
    named = [str(s) for s in sizes]
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + _(" or ") + named[-1]
    what = ngettext(
        "add %(add)d substitute (%(total)d players)",
        "add %(add)d substitutes (%(total)d players)",
        add,
    ) % {"add": add, "total": count + add}
    if remove < count:
        what += ngettext(
            ", or %(remove)d player sits out this round: untick « Present » for him "
            "(%(total)d players)",
            ", or %(remove)d players sit out this round: untick « Present » for them "
            "(%(total)d players)",
            remove,
        ) % {"remove": remove, "total": count - remove}
    raise TournamentError(
        ngettext(
            "%(count)d player present cannot be seated at tables of %(sizes)s: %(what)s.",
            "%(count)d players present cannot be seated at tables of %(sizes)s: %(what)s.",
            count,
        )
        % {"count": count, "sizes": listed, "what": what}
    )


def _seat_units(
    round_: Round,
    units: Sequence[Entry] | Sequence[Team],
    sizes: Sequence[int],
    history: list[list[list[int]]],
    seed: int,
    *,
    occupant: str,
    nested: bool = False,
) -> list[list[int]]:
    """Seat ``units`` (entries, or teams in team games) with the seating engine; returns the
    drawn tables as lists of unit indices.

    Every round still to play is planned, not just this one: drawing one round at a time
    leaves repeated meetings that a whole schedule avoids. Only this round is kept; the next
    draw plans again, against what was really played (late arrivals, withdrawals).
    """
    remaining = max(1, round_.tournament.rounds - round_.number + 1)
    plan = seating.schedule(
        len(units), remaining, sizes, seed=seed, history=history or None, nested=nested
    )
    drawn = plan.rounds[0]
    round_.seed = seed
    round_.repeats = seating.repeats([drawn], history=history or None)
    round_.lower_bound = seating.lower_bound(
        len(units), 1, sizes, history=history or None, nested=nested
    )
    round_.save(update_fields=["seed", "repeats", "lower_bound"])
    _create_tables(round_, units, drawn, occupant=occupant)
    return drawn


def _create_tables(
    round_: Round,
    units: Sequence[Entry] | Sequence[Team],
    drawn: Sequence[Sequence[int]],
    *,
    occupant: str,
) -> None:
    """The round's tables and seats, ``drawn`` giving each table's units by index."""
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
    set_sit_out_orders(round_)


def set_sit_out_orders(round_: Round) -> None:
    """Each table of the round that rotates its sit-outs (whist « à tour de rôle » at 5 or 6)
    stores who sits out first: its players who have sat out least so far in the tournament
    (``selectors.sit_outs``; RULES.md « Changes of 2026-11-28 »). A fact of the draw: what
    is played later never changes a table already drawn."""
    tournament = round_.tournament
    plugin = plugin_for(tournament.game)
    rules = tournament.rules or None
    tables = list(round_.tables.filter(bye=False).prefetch_related("seats"))
    sizes = {len(table.seats.all()) for table in tables}
    if not any(plugin.sit_out_order(rules, n, 0, [0] * n) for n in sizes):
        return
    sat_out = deals_sat_out(tournament, before=round_.number)
    changed = []
    for table in tables:
        seats = sorted(table.seats.all(), key=lambda s: s.position)
        first = next((s.position for s in seats if s.first_dealer), 0)
        so_far = [sat_out.get(s.entry_id or 0, 0) for s in seats]
        order = plugin.sit_out_order(rules, len(seats), first, so_far)
        if order != table.sit_out_order:
            table.sit_out_order = order
            changed.append(table)
    Table.objects.bulk_update(changed, ["sit_out_order"])


def seat_teams(round_: Round, seed: int) -> None:
    """Team against team at tables of two teams, no rematch where possible (the seating engine
    over teams); an odd team count gives a bye to a team that has had the fewest."""
    tournament = round_.tournament
    teams = playing_teams(tournament)
    if len(teams) < 2:
        raise TournamentError(_("At least two complete teams are needed: form the pairs first."))
    bye_team = None
    if len(teams) % 2:
        byes = count_by(
            Seat.objects.filter(round__tournament=tournament, table__bye=True), "team_id"
        )
        rng = random.Random(seed)
        fewest = min(byes.get(t.pk, 0) for t in teams)
        candidates = [t for t in teams if byes.get(t.pk, 0) == fewest]
        bye_team = candidates[rng.randrange(len(candidates))]
        teams = [t for t in teams if t.pk != bye_team.pk]
    index = {team.pk: i for i, team in enumerate(teams)}
    history = seating_history(tournament, index, round_.number, unit="team_id")
    drawn = _seat_units(round_, teams, (2,), history, seed, occupant="team")
    if bye_team is not None:
        table = Table.objects.create(round=round_, number=len(drawn) + 1, bye=True)
        seat = Seat.objects.create(table=table, round=round_, position=0, team=bye_team)
        store_bye(table, seat)
        results_changed(tournament)


@transaction.atomic
def swap_players(round_: Round, *, first: Entry, second: Entry) -> tuple[int, int]:
    """Exchange two players' seats in a drawn round; returns (repeats before, repeats after)."""
    ensure_writable(round_.tournament_id)  # the tournament's row locked first
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
    set_sit_out_orders(round_)  # who sat out least now sits elsewhere
    standings_changed(round_.tournament)
    before = round_.repeats
    round_.repeats = current_repeats(round_)
    round_.save(update_fields=["repeats"])
    return before, round_.repeats


@transaction.atomic
def start_round(round_: Round) -> Round:
    ensure_writable(round_.tournament_id)  # the tournament's row locked first
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status == Round.Status.DRAWN:
        round_.status = Round.Status.STARTED
        round_.save(update_fields=["status"])
    return round_


#: How each lineup is seated, by its ``unit``: a player per seat, or a team per side.
SEATERS = {"entry": seat_players, "team": seat_teams}
