"""``manage.py demo``: a believable club to try Atout with. Running it twice changes nothing."""

from django.core.management.base import BaseCommand
from django.db import transaction

from club.demo_data import build_demo_club


class Command(BaseCommand):
    help = "Create (or complete) the demo club: players, a season, memberships, staff users."

    def handle(self, *args: object, **options: object) -> None:
        with transaction.atomic():
            summary = build_demo_club()
        for line in summary:
            self.stdout.write(line)
