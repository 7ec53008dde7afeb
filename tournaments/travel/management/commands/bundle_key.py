"""``manage.py bundle_key``: this site's key pair for the tournaments' bundles (docs/bundle.md)."""

from typing import Any

from django.core.management.base import BaseCommand

from ...services.document import public_hex
from ...services.signing import key_path, make_site_key


class Command(BaseCommand):
    help = "Make this site's Ed25519 key pair for the bundles (once), and print its public key."

    def handle(self, *args: Any, **options: Any) -> None:
        key, made = make_site_key()
        if made:
            self.stdout.write(f"Key pair made in {key_path()}: keep it with the backups.")
        else:
            self.stdout.write(f"Key pair already in {key_path()}.")
        self.stdout.write(f"Public key: {public_hex(key)}")
