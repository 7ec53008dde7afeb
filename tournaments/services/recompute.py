"""Rebuild every projection from the source facts (``manage.py recompute``), with each
tournament's own rules: what a club runs after a fix in the rules' code, or to check that the
stored rows are what the facts give.

The source facts: the tournament's settings and rules, its entries, the draws (rounds, tables,
seats), each sheet's deal records and its versions. What is built from them, and so rebuilt
here, kind by kind (``KINDS``): each deal's points, each seat's score and place points, each
table's completeness, each player's ``TournamentResult``, the tournament's status; the pages'
caches and ETags are keyed by the versions bumped here (``result_store.standings_changed``),
the kept PDF sheets by the HTML they were laid out from: neither can outlive a change.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import transaction

from scoring import InvalidDeal

from ..models import Deal, Table, Tournament, TournamentResult
from ..selectors.scoresheet import evaluate_sheet, table_records
from .errors import TournamentHeld, TournamentImported
from .holds import ensure_writable
from .result_store import (
    refresh_tournament_status,
    results_changed,
    store_bye,
    store_table_result,
)

#: The projections rebuilt, in the report's order: a deal's points, a seat's stored result, a
#: table's completeness, a player's tournament result, a tournament's status.
DEAL, SEAT, TABLE, RESULT, TOURNAMENT = "deal", "seat", "table", "result", "tournament"
KINDS = (DEAL, SEAT, TABLE, RESULT, TOURNAMENT)

#: What a seat stores from its table's result, and what a tournament result stores.
SEAT_FIELDS = ("score", "place_points_60ths", "won", "against")
RESULT_FIELDS = (
    "rank",
    "rounds",
    "points",
    "best_round",
    "place_points_60ths",
    "annual_place_points_60ths",
    "matches_won",
    "matches_drawn",
    "against",
)


@dataclass(frozen=True)
class Difference:
    """One stored value that the records no longer give. ``round``/``table`` are None for a
    tournament result or status; ``who`` is the seat's player or team, the ranked player, the
    deal (« 3 ») or empty (a table's or tournament's own value); ``kind``: one of ``KINDS``."""

    tournament: str
    round: int | None
    table: int | None
    who: str
    field: str
    before: object
    after: object
    kind: str = SEAT


@dataclass(frozen=True)
class Unreadable:
    """A table whose records the tournament's rules now refuse: left as it was."""

    tournament: str
    round: int
    table: int
    error: str


@dataclass
class Recomputed:
    tournaments: int = 0
    tables: int = 0
    differences: list[Difference | Unreadable] = field(default_factory=list)
    #: The tournaments left as they were because a laptop holds them: each refusal's message.
    held: list[str] = field(default_factory=list)

    def by_kind(self) -> dict[str, int]:
        """How many stored values of each kind were not what the facts give."""
        counts = dict.fromkeys(KINDS, 0)
        for found in self.differences:
            if isinstance(found, Difference):
                counts[found.kind] += 1
        return counts


def _seat_values(table: Table) -> dict[int, tuple[str, dict[str, object]]]:
    seats = table.seats.select_related("entry__player", "team").order_by("position")
    return {s.pk: (s.name, {f: getattr(s, f) for f in SEAT_FIELDS}) for s in seats}


def _result_values(tournament: Tournament) -> dict[int, tuple[str, dict[str, object]]]:
    rows = TournamentResult.objects.filter(tournament=tournament).select_related("player")
    return {
        r.entry_id: (r.player.full_name, {f: getattr(r, f) for f in RESULT_FIELDS}) for r in rows
    }


def _compare(
    before: dict[int, tuple[str, dict[str, object]]],
    after: dict[int, tuple[str, dict[str, object]]],
    where: tuple[str, int | None, int | None],
    kind: str,
) -> list[Difference]:
    empty: dict[str, object] = {}
    found = []
    for key in sorted(before.keys() | after.keys()):
        who = (after.get(key) or before[key])[0]
        old, new = before.get(key, ("", empty))[1], after.get(key, ("", empty))[1]
        for name in old.keys() | new.keys():
            if old.get(name) != new.get(name):
                found.append(Difference(*where, who, name, old.get(name), new.get(name), kind=kind))
    return sorted(found, key=lambda d: (d.who, d.field))


def _deal_points(
    table: Table, per_deal: Sequence[Sequence[int]], where: tuple[str, int | None, int | None]
) -> list[Difference]:
    """Each deal's stored points set to what its record gives (one UPDATE a deal changed)."""
    found = []
    for deal, points in zip(table.deals.order_by("number"), per_deal, strict=True):
        if deal.points != list(points):
            found.append(
                Difference(*where, str(deal.number), "points", deal.points, list(points), kind=DEAL)
            )
            Deal.objects.filter(pk=deal.pk).update(points=list(points))
    return found


def _recompute_table(table: Table, name: str) -> list[Difference | Unreadable]:
    where = (name, table.round.number, table.number)
    before, complete = _seat_values(table), table.complete
    found: list[Difference | Unreadable] = []
    if table.bye:
        store_bye(table, table.seats.get())
    else:
        try:
            result = evaluate_sheet(table, table_records(table))
        except InvalidDeal as error:
            return [Unreadable(name, table.round.number, table.number, str(error))]
        found += _deal_points(table, result.per_deal, where)
        store_table_result(table, result)
    found += _compare(before, _seat_values(table), where, SEAT)
    if table.complete != complete:
        found.append(Difference(*where, "", "complete", complete, table.complete, TABLE))
    return found


def recompute_tournament(tournament: Tournament) -> list[Difference | Unreadable]:
    """Rebuild every projection of ``tournament`` from its facts; what changed.
    ``TournamentHeld`` while a laptop holds it (``holds``)."""
    ensure_writable(tournament)
    name = str(tournament)
    found: list[Difference | Unreadable] = []
    tables = (
        Table.objects.filter(round__tournament=tournament)
        .select_related("round__tournament")
        .order_by("round__number", "number")
        .select_for_update(of=("self",))
    )
    for table in tables:
        found += _recompute_table(table, name)
    before = _result_values(tournament)
    results_changed(tournament)  # the pages' versions bumped: their caches are renewed
    found += _compare(before, _result_values(tournament), (name, None, None), RESULT)
    status = tournament.status
    refresh_tournament_status(tournament)
    if tournament.status != status:
        found.append(
            Difference(name, None, None, "", "status", status, tournament.status, TOURNAMENT)
        )
    return found


def recompute(*, tournament_id: int | None = None, dry_run: bool = False) -> Recomputed:
    """Recompute every tournament that has tables (or one); ``dry_run``: report, write nothing.

    Archived evenings (``services.archive``) have no deal to recompute from: left out. A
    tournament a laptop holds, or one imported from the site hosting its club, is left as it
    was, and said (``Recomputed.held``).

    One transaction: a run stopped half-way leaves every result as it was.
    """
    tournaments = (
        Tournament.objects.filter(round_set__isnull=False, archived=False)
        .distinct()
        .order_by("date", "pk")
    )
    if tournament_id is not None:
        tournaments = tournaments.filter(pk=tournament_id)
    report = Recomputed()
    with transaction.atomic():
        for tournament in tournaments:
            try:
                report.differences += recompute_tournament(tournament)
            except (TournamentHeld, TournamentImported) as held:
                report.held.append(str(held))
                continue
            report.tournaments += 1
            report.tables += Table.objects.filter(round__tournament=tournament).count()
        if dry_run:
            transaction.set_rollback(True)
    return report
