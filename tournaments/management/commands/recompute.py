"""``manage.py recompute``: every projection rebuilt from the source facts (the deal records,
the draws, the rules), and what changed, kind by kind."""

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.services import recompute
from tournaments.services.recompute import DEAL, RESULT, TABLE, TOURNAMENT, Difference, Unreadable


def describe(found: Difference | Unreadable) -> str:
    """One line of the report, e.g. « Whist de mars, manche 2, table 3, Dupont Jean : score
    10 → 12 »."""
    where = {"tournament": found.tournament, "round": found.round, "table": found.table}
    if isinstance(found, Unreadable):
        line = _("%(tournament)s, round %(round)d, table %(table)d: records refused (%(error)s)")
        return line % {**where, "error": found.error}
    change = {"who": found.who, "field": found.field, "before": found.before, "after": found.after}
    if found.kind == TOURNAMENT:
        line = _("%(tournament)s: %(field)s %(before)s → %(after)s")
    elif found.kind == TABLE:
        line = _(
            "%(tournament)s, round %(round)d, table %(table)d: %(field)s %(before)s → %(after)s"
        )
    elif found.kind == DEAL:
        line = _(
            "%(tournament)s, round %(round)d, table %(table)d, deal %(who)s: "
            "%(field)s %(before)s → %(after)s"
        )
    elif found.kind == RESULT:
        line = _("%(tournament)s, result of %(who)s: %(field)s %(before)s → %(after)s")
    else:
        line = _(
            "%(tournament)s, round %(round)d, table %(table)d, %(who)s: "
            "%(field)s %(before)s → %(after)s"
        )
    return line % {**where, **change}


class Command(BaseCommand):
    help = (
        "Rebuild every projection (deals' points, seats' results, tables' completeness, "
        "players' tournament results, tournaments' status) from the source facts with each "
        "tournament's rules; print each difference and a summary per kind."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--tournament", type=int, help="only this tournament (its id)")
        parser.add_argument(
            "--dry-run", action="store_true", help="report the differences, write nothing"
        )

    def handle(self, *args: object, **options: Any) -> None:
        tournament_id: int | None = options["tournament"]
        if tournament_id is not None and not Tournament.objects.filter(pk=tournament_id).exists():
            raise CommandError(_("No tournament has the id %(id)s.") % {"id": tournament_id})
        dry_run = bool(options["dry_run"])
        report = recompute.recompute(
            tournament_id=tournament_id if isinstance(tournament_id, int) else None,
            dry_run=dry_run,
        )
        for found in report.differences:
            self.stdout.write(describe(found))
        for held in report.held:
            self.stdout.write(_("Left as it was: %(reason)s") % {"reason": held})
        summary = _(
            "%(tournaments)d tournaments, %(tables)d tables recomputed: "
            "%(differences)d differences."
        ) % {
            "tournaments": report.tournaments,
            "tables": report.tables,
            "differences": len(report.differences),
        }
        self.stdout.write(
            _(
                "Per kind: deals' points %(deal)d, seats %(seat)d, tables %(table)d, "
                "players' results %(result)d, tournaments' status %(tournament)d."
            )
            % report.by_kind()
        )
        if dry_run:
            summary += " " + _("Dry run: nothing was written.")
        elif report.differences:
            summary += " " + _("The stored results are corrected.")
        self.stdout.write(summary)
