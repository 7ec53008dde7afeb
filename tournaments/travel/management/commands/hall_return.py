"""``manage.py hall_return [--copy]`` (`make hall-return`): on the hall's laptop, the evening's
bundle signed with its lease, written beside the laptop's database (its path printed), to
import on the site (« Importer un tournoi »). The same file as « Rapporter la soirée »."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone
from django.utils.translation import gettext as _

from ...services.document import BundleError
from ...services.export import bundle_name
from ...services.hall import laptop_evening, return_bundle
from .hall import hall_dir


class Command(BaseCommand):
    help = "Write the laptop's evening as a bundle signed with its lease, for the site."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--copy",
            action="store_true",
            help="a safety copy (the evening goes on); by default the evening's last bundle",
        )
        parser.add_argument("-o", "--output", help="the file (default: var/hall/retour/…)")

    def handle(self, *args: Any, **options: Any) -> None:
        folder = hall_dir()
        if not (folder / "hall.sqlite3").is_file():
            raise CommandError(
                _("This laptop holds no evening to bring back (make hall imports one).")
            )
        try:
            tournament = laptop_evening()
            data = return_bundle(tournament, final=not options["copy"])
        except BundleError as error:
            raise CommandError(str(error)) from error
        if options["output"]:
            path = Path(options["output"])
        else:
            kind = "copie" if options["copy"] else "finale"
            stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
            path = folder / "retour" / f"{stamp}-{kind}-{bundle_name(tournament)}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        said = (
            _("Safety copy of « %(name)s »: %(path)s")
            if options["copy"]
            else _("The evening « %(name)s », its last bundle: %(path)s")
        )
        self.stdout.write(said % {"name": tournament.name, "path": path})
