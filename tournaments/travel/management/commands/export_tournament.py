"""``manage.py export_tournament <id-or-uid> [-o FILE]``: a tournament's signed bundle."""

import sys
import uuid
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Tournament

from ...services.document import BundleError, seal
from ...services.export import tournament_payload
from ...services.signing import signing_key


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
            help="not available yet: the holds are built separately (docs/bundle.md)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["hold"]:
            raise CommandError("--hold is not available on this site yet.")
        tournament = find_tournament(options["tournament"])
        try:
            data = seal(
                tournament_payload(tournament), signing_key(), compress=not options["plain"]
            )
        except BundleError as error:
            raise CommandError(str(error)) from error
        if options["output"]:
            Path(options["output"]).write_bytes(data)
            self.stderr.write(f"{tournament.name}: {len(data)} bytes in {options['output']}.")
        else:
            sys.stdout.buffer.write(data)
