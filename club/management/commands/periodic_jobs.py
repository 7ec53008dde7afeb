"""The housekeeping a cron line or a systemd timer runs once a day (docs/deploy.md):

- ``clearsessions``: the expired sessions;
- ``prune_db_task_results``: the queue's finished tasks older than ``--tasks-days``;
- ``prune_documents``: the built PDF documents (and their tasks' rows) older than ``--tasks-days``;
- ``axes_reset_logs``: django-axes' record of logins (address, browser) older than
  ``--logins-days`` (the lockouts in force are not touched: they are its attempts, kept until
  they cool off);
- ``prune_login_attempts``: the failed logins' records older than ``--logins-days``.

The defaults are the site's retention settings (``ATOUT_TASK_RETENTION_DAYS``, 14, and
``ATOUT_LOGIN_RETENTION_DAYS``, 90: docs/privacy.md).

Each step says what it did; a step that fails is reported and the others still run, then the
command exits non-zero so that cron mails it or the timer's unit shows it failed.
"""

from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser


class Command(BaseCommand):
    help = "Periodic housekeeping: expired sessions, old task results, old login records."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tasks-days", type=int, default=settings.ATOUT_TASK_RETENTION_DAYS)
        parser.add_argument("--logins-days", type=int, default=settings.ATOUT_LOGIN_RETENTION_DAYS)

    def handle(self, *args: object, **options: Any) -> None:
        steps = [
            ("clearsessions", []),
            ("prune_db_task_results", ["--min-age-days", str(options["tasks_days"])]),
            ("prune_documents", ["--days", str(options["tasks_days"])]),
            ("axes_reset_logs", ["--age", str(options["logins_days"])]),
            ("prune_login_attempts", ["--days", str(options["logins_days"])]),
        ]
        failed = []
        for name, arguments in steps:
            self.stdout.write(f"== {name} {' '.join(arguments)}".rstrip())
            try:
                call_command(name, *arguments, stdout=self.stdout, stderr=self.stderr)
            except Exception as error:  # report it, run the other steps, then fail
                self.stderr.write(f"{name} failed: {error}")
                failed.append(name)
        if failed:
            raise CommandError(f"periodic jobs failed: {', '.join(failed)}")
        self.stdout.write("periodic jobs done")
