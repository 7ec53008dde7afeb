"""``manage.py demo``: a believable club to try Atout with. Running it twice changes nothing."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.demo import build_demo


class Command(BaseCommand):
    help = "Create (or complete) the demo club: players, a season, memberships, staff users."

    def handle(self, *args: object, **options: object) -> None:
        # The demo's staff passwords are printed in the README: only the development and test
        # settings allow it (ALLOW_DEMO_DATA); production's never does.
        if not getattr(settings, "ALLOW_DEMO_DATA", False):
            raise CommandError(
                _(
                    "The demo club cannot be created with these settings (%(module)s): its "
                    "passwords are public. Use the development settings (club.settings.dev)."
                )
                % {"module": settings.SETTINGS_MODULE}
            )
        with transaction.atomic():
            summary = build_demo()
        for line in summary:
            self.stdout.write(line)
