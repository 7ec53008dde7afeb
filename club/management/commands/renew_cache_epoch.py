"""Gives the database a new cache epoch: run it after restoring a backup, before the workers
start again, so that no page cached since the backup was taken is ever served."""

from django.core.management.base import BaseCommand

from club.models import SiteEpoch


class Command(BaseCommand):
    help = "Renew the cache epoch (after restoring the database from a backup)."

    def handle(self, *args: object, **options: object) -> None:
        SiteEpoch.renew()
        self.stdout.write("New cache epoch: every page will be rendered afresh.")
