"""``manage.py recompute``: every stored result recomputed from the deal records."""

from argparse import ArgumentParser

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.services import recompute
from tournaments.services.recompute import Difference, Unreadable


def describe(found: Difference | Unreadable) -> str:
    """One line of the report, e.g. « Whist de mars, manche 2, table 3, Dupont Jean : score
    10 → 12 »."""
    where = {"tournament": found.tournament, "round": found.round, "table": found.table}
    if isinstance(found, Unreadable):
        line = _("%(tournament)s, round %(round)d, table %(table)d: records refused (%(error)s)")
        return line % {**where, "error": found.error}
    change = {"who": found.who, "field": found.field, "before": found.before, "after": found.after}
    if found.round is None:
        line = _("%(tournament)s, result of %(who)s: %(field)s %(before)s → %(after)s")
    else:
        line = _(
            "%(tournament)s, round %(round)d, table %(table)d, %(who)s: "
            "%(field)s %(before)s → %(after)s"
        )
    return line % {**where, **change}


class Command(BaseCommand):
    help = (
        "Recompute every table's stored results and every tournament's stored results from the "
        "deal records with the tournament's rules; print each difference and a summary."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--tournament", type=int, help="only this tournament (its id)")
        parser.add_argument(
            "--dry-run", action="store_true", help="report the differences, write nothing"
        )

    def handle(self, *args: object, **options: object) -> None:
        tournament_id = options["tournament"]
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
        if dry_run:
            summary += " " + _("Dry run: nothing was written.")
        elif report.differences:
            summary += " " + _("The stored results are corrected.")
        self.stdout.write(summary)
