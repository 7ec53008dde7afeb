"""Recompute every stored result from the deal records, with each tournament's own rules:
what a club runs after a fix in the rules' code (``manage.py recompute``)."""

from dataclasses import dataclass, field

from django.db import transaction

from scoring import InvalidDeal

from ..models import Table, Tournament, TournamentResult
from ..selectors.scoresheet import evaluate_sheet, table_records
from .errors import TournamentHeld
from .holds import ensure_writable
from .result_store import results_changed, store_bye, store_table_result

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
    tournament result; ``who`` is the seat's player or team, or the ranked player."""

    tournament: str
    round: int | None
    table: int | None
    who: str
    field: str
    before: object
    after: object


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
) -> list[Difference]:
    empty: dict[str, object] = {}
    found = []
    for key in sorted(before.keys() | after.keys()):
        who = (after.get(key) or before[key])[0]
        old, new = before.get(key, ("", empty))[1], after.get(key, ("", empty))[1]
        for name in old.keys() | new.keys():
            if old.get(name) != new.get(name):
                found.append(Difference(*where, who, name, old.get(name), new.get(name)))
    return sorted(found, key=lambda d: (d.who, d.field))


def _recompute_table(table: Table, name: str) -> list[Difference | Unreadable]:
    before = _seat_values(table)
    if table.bye:
        store_bye(table, table.seats.get())
    else:
        try:
            result = evaluate_sheet(table, table_records(table))
        except InvalidDeal as error:
            return [Unreadable(name, table.round.number, table.number, str(error))]
        store_table_result(table, result)
    return list(_compare(before, _seat_values(table), (name, table.round.number, table.number)))


def recompute_tournament(tournament: Tournament) -> list[Difference | Unreadable]:
    """Store again every table's seats and the tournament's results; what changed.
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
    results_changed(tournament)
    found += _compare(before, _result_values(tournament), (name, None, None))
    return found


def recompute(*, tournament_id: int | None = None, dry_run: bool = False) -> Recomputed:
    """Recompute every tournament that has tables (or one); ``dry_run``: report, write nothing.

    Archived evenings (``services.archive``) have no deal to recompute from: left out. A
    tournament a laptop holds is left as it was, and said (``Recomputed.held``).

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
            except TournamentHeld as held:
                report.held.append(str(held))
                continue
            report.tournaments += 1
            report.tables += Table.objects.filter(round__tournament=tournament).count()
        if dry_run:
            transaction.set_rollback(True)
    return report
