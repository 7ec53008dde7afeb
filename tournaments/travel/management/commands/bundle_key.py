"""``manage.py bundle_key``: this site's key pair for the tournaments' bundles, and the keys of
other hosts a club's committee trusts (docs/bundle.md#signatures)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from club.models import Club

from ...services.document import BundleError, public_hex
from ...services.signing import key_path, make_site_key, register_club_key


class Command(BaseCommand):
    help = (
        "Make this site's Ed25519 key pair for the bundles (once) and print its public key; "
        "with --register KEY --club SLUG, trust another host's key for that club's bundles."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--register", metavar="PUBLIC_KEY", help="64 hexadecimal digits")
        parser.add_argument("--club", metavar="SLUG", help="the club whose bundles it signs")
        parser.add_argument("--label", default="", help="whose key it is (another host...)")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["register"]:
            self.register(options)
            return
        try:
            key, made = make_site_key()
        except BundleError as error:
            raise CommandError(str(error)) from error
        if made:
            self.stdout.write(f"Key pair made in {key_path()}: keep it with the backups.")
        else:
            self.stdout.write(f"Key pair already in {key_path()}.")
        self.stdout.write(f"Public key: {public_hex(key)}")

    def register(self, options: dict[str, Any]) -> None:
        public = str(options["register"]).strip().lower()
        if len(public) != 64 or any(c not in "0123456789abcdef" for c in public):
            raise CommandError("A public key is 64 hexadecimal digits (bundle_key prints it).")
        club = Club.objects.filter(slug=options["club"] or "").first()
        if club is None:
            raise CommandError("--club: the slug of the club whose bundles this key signs.")
        trusted = register_club_key(public_key=public, club=club, label=options["label"])
        if trusted.kind != "registered" or trusted.club_id != club.pk:
            raise CommandError("This key is already trusted otherwise; nothing changed.")
        self.stdout.write(f"Bundles of {club.name} signed by {public[:16]}… are accepted.")
