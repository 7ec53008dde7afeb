"""``manage.py db_worker`` whose first sheet layout never ends: it says so on the file
descriptor ``argv[1]``, then waits on ``argv[2]``, which nobody writes to, until it is killed
(``test_killed_worker``). Everything else is the real worker, on the database the test names
(``DATABASE_URL``). Run as a script only."""

import os
import sys

import django


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings.test")
    django.setup()
    # Imported once Django is set up (this is a script, not a module of the project).
    from django.core.management import call_command

    from tournaments.printing import pdf

    started, blocked = int(sys.argv[1]), int(sys.argv[2])

    def stuck(html: str) -> bytes:
        os.write(started, b"laying out\n")
        os.read(blocked, 1)  # never written: the worker is killed here
        raise RuntimeError("the blocking pipe was written to")

    pdf.html_to_pdf = stuck
    call_command("db_worker", startup_delay=False, interval=0.05, verbosity=0)


if __name__ == "__main__":
    main()
