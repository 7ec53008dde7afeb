"""This site's key pair, and the keys whose bundles it accepts (docs/bundle.md#signatures).

The site signs its bundles with its own Ed25519 key (``ATOUT_BUNDLE_KEY_FILE``, made once by
``manage.py bundle_key``, kept with the backups). It accepts a bundle signed by itself, by a
lease it issued (that tournament only) or by a key its committee registered for the bundle's
club (``TrustedKey``).
"""

import hashlib
import os
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    load_pem_private_key,
)
from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from club.models import Club

from ..models import LeaseKey, TrustedKey
from .document import BundleError, canonical, public_hex


def key_path() -> Path:
    return Path(settings.ATOUT_BUNDLE_KEY_FILE)


def load_site_key() -> Ed25519PrivateKey:
    """The site's private key; a ``BundleError`` when it was never made."""
    path = key_path()
    try:
        key = load_pem_private_key(path.read_bytes(), password=None)
    except FileNotFoundError as error:
        raise BundleError(
            _("This site has no bundle key yet: run « manage.py bundle_key » first.")
        ) from error
    if not isinstance(key, Ed25519PrivateKey):
        raise BundleError(_("The bundle key file does not hold an Ed25519 key."))
    return key


@transaction.atomic
def make_site_key() -> tuple[Ed25519PrivateKey, bool]:
    """The site's key, made (file mode 600) when there is none; whether it was made. Its
    public half is registered as the site's own ``TrustedKey``."""
    path = key_path()
    made = False
    if path.exists():
        key = load_site_key()
    else:
        key = Ed25519PrivateKey.generate()
        path.parent.mkdir(parents=True, exist_ok=True)
        pem = key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(pem)
        made = True
    TrustedKey.objects.get_or_create(
        public_key=public_hex(key), defaults={"kind": TrustedKey.Kind.SITE, "label": "site"}
    )
    return key, made


def signing_key() -> Ed25519PrivateKey:
    """The key this site signs its bundles with: made the first time it is needed (a site
    that never ran ``bundle_key`` still exports; the file is to be kept with the backups)."""
    if key_path().exists():
        return load_site_key()
    return make_site_key()[0]


def site_public_key() -> str:
    """The site's public key (hexadecimal), or "" without a key file."""
    try:
        return public_hex(load_site_key())
    except BundleError:
        return ""


def register_lease_key(*, public_key: str, tournament_uid: uuid.UUID, label: str) -> TrustedKey:
    """The public half of a lease's key pair, kept for good: it signs that tournament only."""
    key, _created = TrustedKey.objects.get_or_create(
        public_key=public_key,
        defaults={
            "kind": TrustedKey.Kind.LEASE,
            "tournament_uid": tournament_uid,
            "label": label,
        },
    )
    return key


def register_club_key(*, public_key: str, club: Club, label: str) -> TrustedKey:
    """A key the committee trusts for its club's bundles (another host of the club)."""
    key, _created = TrustedKey.objects.get_or_create(
        public_key=public_key,
        defaults={"kind": TrustedKey.Kind.REGISTERED, "club": club, "label": label},
    )
    return key


def check_trusted(key: str, *, club_uid: str, tournament_uid: str) -> str:
    """The kind of trust ``key`` has for a bundle of this club and tournament (``site``,
    ``lease`` or ``registered``); else a ``BundleError``."""
    if key == site_public_key():
        return TrustedKey.Kind.SITE
    trusted = TrustedKey.objects.filter(public_key=key).select_related("club").first()
    if trusted is not None:
        if trusted.kind == TrustedKey.Kind.SITE:
            return trusted.kind
        if trusted.kind == TrustedKey.Kind.LEASE:
            if str(trusted.tournament_uid) == tournament_uid:
                return trusted.kind
            raise BundleError(
                _("The bundle is signed by a lease issued for another tournament: it is refused.")
            )
        if trusted.club is not None and str(trusted.club.uid) == club_uid:
            return trusted.kind
        raise BundleError(
            _("The bundle is signed by a key registered for another club: it is refused.")
        )
    raise BundleError(
        _("The bundle is signed by a key this site does not know (%(key)s…): it is refused.")
        % {"key": key[:16]}
    )


#: The player's details a lease's returning bundle is compared on.
DETAILS = ("licence_number", "first_name", "last_name", "public_name", "pseudonym")


def details(row: dict[str, Any]) -> list[str]:
    return [row[name] for name in DETAILS]


def fingerprint(lease_key: str, row: dict[str, Any]) -> str:
    """A player row's details, hashed with the lease's public key: what left is recognised
    when it comes back, and no name is kept here in clear (an erasure has nothing to find)."""
    return hashlib.sha256(lease_key.encode() + canonical(details(row))).hexdigest()[:32]


def issue_lease(
    *, tournament_uid: uuid.UUID, holder: str, players: Sequence[dict[str, Any]] = ()
) -> Ed25519PrivateKey:
    """A new key pair for the laptop taking the tournament away: its public half is kept here
    for good (valid for that tournament only), with a fingerprint of each of the ``players``
    rows leaving with it; its private half goes in the outgoing bundle."""
    key = Ed25519PrivateKey.generate()
    lease = register_lease_key(
        public_key=public_hex(key), tournament_uid=tournament_uid, label=holder
    )
    lease.players_sent = {row["uid"]: fingerprint(lease.public_key, row) for row in players}
    lease.save(update_fields=["players_sent"])
    return key


def private_hex(key: Ed25519PrivateKey) -> str:
    return key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()).hex()


def keep_lease_key(*, tournament_uid: str, private_key: str, holder: str) -> bool:
    """On the laptop: the lease's private key of an incoming bundle, kept to sign that
    tournament's bundles; whether it was new. Nothing kept where the lease was issued."""
    key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(private_key))
    if TrustedKey.objects.filter(public_key=public_hex(key)).exists():
        return False
    _kept, created = LeaseKey.objects.get_or_create(
        tournament_uid=tournament_uid, defaults={"private_key": private_key, "holder": holder}
    )
    return created


def signing_key_for(tournament_uid: uuid.UUID) -> Ed25519PrivateKey:
    """The key a tournament's bundle is signed with here: its lease's on the laptop that holds
    it, else the site's own."""
    lease = LeaseKey.objects.filter(tournament_uid=tournament_uid).first()
    if lease is not None:
        return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(lease.private_key))
    return signing_key()
