"""django-axes' failed-login counts (address, browser, user name) older than ``--days``: long
cooled off, they only keep who tried from where. axes' own commands prune its logs by age,
not its attempts."""

import datetime
from typing import Any

from axes.models import AccessAttempt
from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone


class Command(BaseCommand):
    help = "Delete django-axes' failed-login records older than --days."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=90)

    def handle(self, *args: object, **options: Any) -> None:
        before = timezone.now() - datetime.timedelta(days=options["days"])
        deleted, _ = AccessAttempt.objects.filter(attempt_time__lt=before).delete()
        self.stdout.write(f"{deleted} login attempts deleted")
