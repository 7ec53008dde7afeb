"""``manage.py import_tournament FILE [--dry-run]``: a tournament's bundle into this database."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ...services.document import BundleError, read_limited
from ...services.importing import MergeRefused, import_bundle


class Command(BaseCommand):
    help = "Take a tournament's signed bundle into this database (idempotent; docs/bundle.md)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument(
            "--dry-run", action="store_true", help="print what would change, write nothing"
        )
        parser.add_argument(
            "--settle",
            action="append",
            default=[],
            metavar="PLAYER_UID=drop_licence|licence_holder",
            help="a lease's bundle: how a licence conflict is settled (docs/bundle.md)",
        )
        parser.add_argument(
            "--separate",
            action="store_true",
            help="a lease's bundle whose tournament was released by hand and changed since: "
            "take the laptop's evening as a separate tournament",
        )
        parser.add_argument(
            "--trust-key",
            default="",
            metavar="PUBLIC_KEY",
            help="the signing site's public key, as its bundle_key printed it: trusted from now "
            "on for the bundle's club (a laptop's first bundle)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with Path(options["file"]).open("rb") as stream:
                data = read_limited(stream)
            settlements = dict(item.partition("=")[::2] for item in options["settle"])
            report = import_bundle(
                data,
                dry_run=options["dry_run"],
                settlements=settlements,
                separate=options["separate"],
            )
        except OSError as error:
            raise CommandError(str(error)) from error
        except MergeRefused as error:
            raise CommandError(
                str(error) + " " + _("Run it again with --separate, or discard the file.")
            ) from error
        except BundleError as error:
            raise CommandError(str(error)) from error
        if report.brings():
            self.stdout.write(_("The bundle brings:") + " " + " · ".join(report.brings()))
        for line in report.conflicts:
            self.stdout.write(f"  ≠ {line}")
        for line in report.lines:
            self.stdout.write(f"  {line}")
        for note in report.notes:
            self.stdout.write(f"  ! {note}")
        if report.changes == 0:
            self.stdout.write(
                _("« %(name)s »: already here, nothing changed.") % {"name": report.tournament_name}
            )
            return
        said = (
            ngettext(
                "« %(name)s »: %(count)d change would be made (dry run: nothing written).",
                "« %(name)s »: %(count)d changes would be made (dry run: nothing written).",
                report.changes,
            )
            if report.dry_run
            else ngettext(
                "« %(name)s »: %(count)d change made.",
                "« %(name)s »: %(count)d changes made.",
                report.changes,
            )
        )
        self.stdout.write(said % {"name": report.tournament_name, "count": report.changes})
