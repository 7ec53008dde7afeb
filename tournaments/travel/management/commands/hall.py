"""``manage.py hall BUNDLE [--fresh]`` (`make hall BUNDLE=soiree.atout`): the evening taken away
with « Emporter la soirée », run on the hall's laptop with no internet (README « Une soirée
sans internet »).

Under ``club.settings.hall`` only (its own SQLite database and cache in ``var/hall``): the
database migrated, the bundle imported the first time (resumed afterwards: the bundle is
never replayed over the evening's work; ``--fresh`` starts over from it), the evening's
scorekeeper login made, the address and the login printed, then the task queue's workers and
the server started as `make run` starts them. Nothing here reaches the network.
"""

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections
from django.utils.translation import gettext as _

from ...services.document import BundleError, read_limited
from ...services.hall import evening_login, open_evening


def hall_dir() -> Path:
    """The laptop's folder; refused under any settings but the hall's (the command would
    import into the club's own database)."""
    if not settings.ATOUT_HALL:
        raise CommandError(
            _(
                "Run it under the hall's settings: DJANGO_SETTINGS_MODULE=club.settings.hall "
                "(make hall does)."
            )
        )
    return Path(settings.ATOUT_HALL_DIR)


class Command(BaseCommand):
    help = (
        "Run the evening of a bundle taken away (« Emporter la soirée ») on this laptop, "
        "with no internet: import it the first time, resume afterwards, serve the phones."
    )
    # Nothing is read before --fresh has removed the old database.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("bundle", help="the file « Emporter la soirée » downloaded")
        parser.add_argument(
            "--fresh",
            action="store_true",
            help="start over from the bundle (the laptop's evening so far is lost)",
        )
        parser.add_argument(
            "--addrport", default="0.0.0.0:8000", help="where to serve (default 0.0.0.0:8000)"
        )
        parser.add_argument(
            "--workers",
            type=int,
            default=os.cpu_count() or 1,
            help="the task queue's workers (long PDFs); default one per core",
        )
        parser.add_argument(
            "--site-key",
            default="",
            metavar="PUBLIC_KEY",
            help="the site's public key (bundle_key prints it): the bundle must be signed by it",
        )
        parser.add_argument(
            "--no-serve", action="store_true", help="prepare the evening, serve nothing"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        folder = hall_dir()
        bundle = Path(options["bundle"])
        try:
            with bundle.open("rb") as stream:
                data = read_limited(stream)
        except OSError as error:
            raise CommandError(
                _("The bundle %(file)s cannot be read: %(error)s")
                % {"file": bundle, "error": error.strerror or error}
            ) from error
        except BundleError as error:
            raise CommandError(str(error)) from error
        if options["fresh"]:
            self.start_over(folder)
        call_command("migrate", interactive=False, verbosity=0)
        try:
            evening = open_evening(data, site_key=options["site_key"])
        except BundleError as error:
            raise CommandError(str(error)) from error
        tournament = evening.tournament
        if evening.report is None:
            self.stdout.write(
                _("« %(name)s » resumed as this laptop left it.") % {"name": tournament.name}
            )
        else:
            self.stdout.write(
                _("« %(name)s » imported: %(count)d changes.")
                % {"name": tournament.name, "count": evening.report.changes}
            )
        username, password = evening_login(tournament, folder / "login")
        address = self.address(options["addrport"])
        self.stdout.write("")
        self.stdout.write(_("Atout runs on %(address)s") % {"address": address})
        self.stdout.write(
            _("The tournament's desk: %(address)s/saisie/tournois/%(pk)d/")
            % {"address": address, "pk": tournament.pk}
        )
        self.stdout.write(
            _("Scorekeeper's login: %(user)s / %(password)s")
            % {"user": username, "password": password}
        )
        self.stdout.write(
            _(
                "The sheets printed on the site carry the site's address: print them again "
                "here. Back online: « Rapporter la soirée » on the tournament's page "
                "(or make hall-return)."
            )
        )
        self.stdout.write("", ending="\n")
        self.stdout.flush()
        if not options["no_serve"]:
            self.serve(options["addrport"], options["workers"])

    def start_over(self, folder: Path) -> None:
        connections.close_all()
        for name in ("hall.sqlite3", "hall.sqlite3-wal", "hall.sqlite3-shm", "login"):
            (folder / name).unlink(missing_ok=True)
        shutil.rmtree(folder / "cache", ignore_errors=True)
        self.stdout.write(_("Starting over from the bundle."))

    def address(self, addrport: str) -> str:
        """The address the phones and the sheets' QR codes use: ``ATOUT_BASE_URL`` (`make
        hall` sets this laptop's on the network, as `make run` does), else the one served."""
        if settings.ATOUT_BASE_URL:
            return str(settings.ATOUT_BASE_URL)
        host, _sep, port = addrport.rpartition(":")
        if host in ("", "0.0.0.0", "::", "[::]"):
            host = "127.0.0.1"
        return f"http://{host}:{port}"

    def serve(self, addrport: str, workers: int) -> None:
        """The queue's workers at a lower priority (nice), then the server, as `make run`;
        the workers stop with it."""
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": str(settings.SETTINGS_MODULE)}
        manage = Path(settings.BASE_DIR) / "manage.py"
        started = [
            subprocess.Popen(
                [sys.executable, str(manage), "db_worker", "--no-reload"],
                env=env,
                preexec_fn=lambda: os.nice(10),
            )
            for _worker in range(max(workers, 0))
        ]
        # Stopped by a signal (a service manager, a test) as by Ctrl+C: the workers with it.
        signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(0))
        try:
            call_command("runserver", addrport, use_reloader=False)
        finally:
            for process in started:
                process.terminate()
            for process in started:
                process.wait(timeout=10)
