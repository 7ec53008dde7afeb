"""The built documents (queued PDFs) and their tasks' rows older than ``--days``: a document
is downloaded the evening it is built; keeping it longer keeps the names it prints."""

import datetime
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from tournaments.printing.models import PdfExport


class Command(BaseCommand):
    help = "Delete the built PDF documents (and their tasks) older than --days."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=14)

    def handle(self, *args: object, **options: Any) -> None:
        before = timezone.now() - datetime.timedelta(days=options["days"])
        deleted, _ = PdfExport.objects.filter(created_at__lt=before).delete()
        self.stdout.write(f"{deleted} document rows deleted")
