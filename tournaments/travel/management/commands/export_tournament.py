"""``manage.py export_tournament <id-or-uid> [-o FILE]``: a tournament's signed bundle."""

import sys
import uuid
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Tournament
from tournaments.services.errors import TournamentError

from ...services.document import BundleError
from ...services.export import export_bundle


def find_tournament(key: str) -> Tournament:
    try:
        if key.isdigit():
            return Tournament.objects.select_related("club", "season").get(pk=int(key))
        return Tournament.objects.select_related("club", "season").get(uid=uuid.UUID(key))
    except (ValueError, Tournament.DoesNotExist) as error:
        raise CommandError(f"No tournament {key!r} (its id or its uid).") from error


class Command(BaseCommand):
    help = "Write a tournament's source facts as one signed JSON bundle (docs/bundle.md)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", help="the tournament's id or uid")
        parser.add_argument("-o", "--output", help="the file (default: standard output)")
        parser.add_argument(
            "--plain", action="store_true", help="plain JSON instead of gzip (to read it)"
        )
        parser.add_argument(
            "--hold",
            metavar="NAME",
            default="",
            help="« Emporter la soirée »: the laptop NAME holds the tournament from now on; "
            "the bundle carries its lease key",
        )
        parser.add_argument(
            "--final",
            action="store_true",
            help="the laptop's bundle that ends the evening (its import releases the hold)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = find_tournament(options["tournament"])
        try:
            data = export_bundle(
                tournament,
                hold=options["hold"],
                final=options["final"],
                compress=not options["plain"],
            )
        except (BundleError, TournamentError) as error:
            raise CommandError(str(error)) from error
        if options["output"]:
            Path(options["output"]).write_bytes(data)
            self.stderr.write(f"{tournament.name}: {len(data)} bytes in {options['output']}.")
        else:
            sys.stdout.buffer.write(data)
