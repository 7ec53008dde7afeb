"""Table-side entry: a table's private link, the deals its phones enter, their history.

A deal entered on a phone is a ``TableDeal``: it waits there, outside the sheet, until a
player of the other side confirms it; only then does it go through ``deal_entry.save_deal``
(the scorekeeper's path: same checks, same version, same history) and count.

Several deals may wait at once (deal 4 is entered while deal 3 waits for the other side).
They go on the sheet in order: a confirmed deal whose predecessors are not all on the sheet
stays confirmed but « en attente » (``applied_version`` empty) until they are.
"""

import base64
import hashlib
from collections.abc import Iterator

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

from club.models import Travelling

#: The HMAC's purpose: a table link's token is good for nothing else signed with SECRET_KEY.
LINK_KEY_SALT = "atout.tableside.link"


class TableLink(models.Model):
    """The private link of one table of one round (the table is per round).

    The token is never stored: it is ``HMAC-SHA256(SECRET_KEY, table id, salt)`` (256 bits,
    URL-safe base64), with ``salt`` 16 random bytes drawn when the link is issued. So the
    server can print the QR code again (sheets, wall plan, round page) whenever it is asked,
    while the database alone gives nothing: a copy of it has no token (``token_hash`` is a
    SHA-256 of one, to find the row), and a row written into it answers no token without the
    key. A request's token is looked up by its digest, then compared in constant time with
    the one recomputed (``table_entry.find_link``). A revoked link answers nothing; a new one
    (new salt) replaces it.

    A link is signed with the SECRET_KEY of the day it was issued: after the key changes, it
    keeps its token while that key is kept in ``SECRET_KEY_FALLBACKS``
    (``DJANGO_SECRET_KEY_FALLBACKS``), and a sheet printed again shows the same code. A link
    whose key is known no more answers 404: the check ``tableside.W001`` reports it.
    """

    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="links")
    salt = models.CharField(max_length=32)
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    club_lookup = "table__round__tournament__club"

    class Meta:
        db_table = "tournaments_tablelink"  # the table it had in ``tournaments``
        constraints = [
            models.UniqueConstraint(
                fields=["table"], condition=Q(revoked_at__isnull=True), name="tablelink_one_live"
            )
        ]

    def __str__(self) -> str:
        return f"{self.table_id} link {self.pk}"

    def token_under(self, secret: str | bytes) -> str:
        """The token this link has under the key ``secret`` (the table is per round: its id
        names the round too)."""
        value = f"{self.table_id}:{self.salt}"
        digest = salted_hmac(LINK_KEY_SALT, value, secret=secret, algorithm="sha256").digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()

    def signed_tokens(self) -> Iterator[str]:
        """Its token under each known key: SECRET_KEY first, then its fallbacks."""
        for secret in (settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS):
            yield self.token_under(secret)

    @property
    def known_token(self) -> str | None:
        """The token it was issued with (its digest is the one kept), if its key is known."""
        for token in self.signed_tokens():
            if hashlib.sha256(token.encode()).hexdigest() == self.token_hash:
                return token
        return None

    @property
    def token(self) -> str:
        """The link's token: the one it was issued with while its key is known (SECRET_KEY or
        a fallback); under SECRET_KEY for a link being issued (no digest kept yet)."""
        return self.known_token or self.token_under(settings.SECRET_KEY)


class TableDeal(Travelling):
    """A deal entered at the table: pending until the other side confirms or rejects it.

    ``number`` is its place on the sheet. A confirmed deal counts once it is on the sheet
    (``applied_version``: the table's version it made); until every deal before it is there,
    it waits. A rejected deal leaves its number free: the next deal entered takes it.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        REJECTED = "rejected", _("rejected")

    table = models.ForeignKey(
        "tournaments.Table", on_delete=models.CASCADE, related_name="table_deals"
    )
    number = models.PositiveSmallIntegerField()
    record = models.JSONField()
    points = models.JSONField(default=list)
    #: the table's version the deal was entered against (the same check as paper entry)
    base_version = models.PositiveIntegerField()
    #: sent by the phone with each deal: a deal sent twice is stored once
    idempotency_key = models.CharField(max_length=64)
    #: a digest of the fields the phone sent: the same key with other fields is another deal
    fingerprint = models.CharField(max_length=64, blank=True, default="")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    entered_by = models.ForeignKey("tournaments.Entry", on_delete=models.PROTECT, related_name="+")
    entered_side = models.PositiveSmallIntegerField()
    entered_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        "tournaments.Entry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decided_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=200, blank=True)
    #: the table's version once this deal went on the sheet (empty: not counted yet)
    applied_version = models.PositiveIntegerField(null=True, blank=True)
    #: the phones that entered and confirmed it (``PhoneSeat.device``; empty: not a phone)
    entered_device = models.CharField(max_length=64, blank=True, default="")
    decided_device = models.CharField(max_length=64, blank=True, default="")

    club_lookup = "table__round__tournament__club"

    class Meta:
        db_table = "tournaments_tabledeal"  # the table it had in ``tournaments``
        ordering = ["table", "pk"]
        constraints = [
            # A phone never confirms its own deal, whichever seat it holds by then (it may
            # send it back: a withdrawal).
            models.CheckConstraint(
                condition=~Q(status="confirmed")
                | Q(decided_device="")
                | ~Q(decided_device=models.F("entered_device")),
                name="tabledeal_not_confirmed_by_its_phone",
            ),
            # A phone sending the same deal again (offline, a lost answer) stores it once.
            models.UniqueConstraint(
                fields=["table", "idempotency_key"], name="tabledeal_unique_key"
            ),
            # One waiting deal per place on the sheet (a rejected one leaves its place free;
            # once on the sheet, the sheet's own deal number is what counts).
            models.UniqueConstraint(
                fields=["table", "number"],
                condition=~Q(status="rejected") & Q(applied_version__isnull=True),
                name="tabledeal_one_live_per_number",
            ),
            models.CheckConstraint(
                condition=Q(applied_version__isnull=True) | Q(status="confirmed"),
                name="tabledeal_applied_only_confirmed",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table_id} #{self.number} {self.status}"


class TableEvent(Travelling):
    """The table's history of phone entry: who did what, from which seat, when."""

    class Kind(models.TextChoices):
        ENTERED = "entered", _("entered")
        CONFIRMED = "confirmed", _("confirmed")
        REJECTED = "rejected", _("rejected")
        CONFLICT = "conflict", _("conflict")
        LINK = "link", _("new link")
        REVOKED = "revoked", _("link revoked")
        CLAIMED = "claimed", _("seat taken")
        FREED = "freed", _("seat freed")
        REOPENED = "reopened", _("back to waiting")

    table = models.ForeignKey(
        "tournaments.Table", on_delete=models.CASCADE, related_name="table_events"
    )
    table_deal = models.ForeignKey(
        TableDeal, on_delete=models.CASCADE, null=True, blank=True, related_name="events"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    entry = models.ForeignKey(
        "tournaments.Entry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    side = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    note = models.CharField(max_length=200, blank=True)
    #: the phone that did it (``PhoneSeat.device``; empty: the scorekeeper, or no phone)
    device = models.CharField(max_length=64, blank=True, default="")

    club_lookup = "table__round__tournament__club"

    class Meta:
        db_table = "tournaments_tableevent"  # the table it had in ``tournaments``
        ordering = ["table", "pk"]

    def __str__(self) -> str:
        return f"{self.table_id} {self.kind}"

    @property
    def device_label(self) -> str:
        return device_label(self.device) if self.device else ""


#: Four hex digits: two phones of a table (four or so) almost never read alike.
DEVICE_LABEL_LENGTH = 4


def device_label(device: str) -> str:
    """What the players and the scorekeeper call a phone (« Téléphone A3F0 »): the start of
    its id's digest, nothing about its owner."""
    return str(_("Phone %(code)s") % {"code": device[:DEVICE_LABEL_LENGTH].upper()})


class PhoneSeat(models.Model):
    """A seat of a table held by one phone, through the table's live link: a player (an entry;
    in team games each player of the team holds his own) is held by one phone at a time, and a
    phone holds one of them. The scorekeeper frees it (``released_at``) for another phone.

    ``device`` is the SHA-256 of the random id the phone keeps in its cookie (per link): it
    names the phone in the history (``device_label``) and tells a deal's entering phone from
    its confirming one; it says nothing of the person holding it.
    """

    link = models.ForeignKey(TableLink, on_delete=models.CASCADE, related_name="seats")
    # A player withdrawn from the tournament holds no seat any more.
    entry = models.ForeignKey("tournaments.Entry", on_delete=models.CASCADE, related_name="+")
    device = models.CharField(max_length=64)
    claimed_at = models.DateTimeField(auto_now_add=True)
    released_at = models.DateTimeField(null=True, blank=True)
    released_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    club_lookup = "link__table__round__tournament__club"

    class Meta:
        ordering = ["link", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["link", "entry"],
                condition=Q(released_at__isnull=True),
                name="phoneseat_one_phone_per_seat",
            ),
            models.UniqueConstraint(
                fields=["link", "device"],
                condition=Q(released_at__isnull=True),
                name="phoneseat_one_seat_per_phone",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.link_id} {self.entry_id} {self.label}"

    @property
    def label(self) -> str:
        return device_label(self.device)


class LinkMiss(models.Model):
    """Unknown table tokens sent from one address in one window: the guessing limit.

    Rows in the database, not Django's cache: the cache is per process (LocMemCache), so each
    gunicorn worker would count on its own and allow as many more guesses as there are
    workers. A row is counted up with one ``UPDATE … SET count = count + 1`` (exact under any
    number of workers, where a cache's get-then-set loses counts), needs no cache table to
    create on deployment (a migration makes it), and old windows are deleted as new ones start.
    """

    address = models.CharField(max_length=45)
    window = models.PositiveBigIntegerField()
    count = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "tournaments_linkmiss"  # the table it had in ``tournaments``
        constraints = [
            models.UniqueConstraint(fields=["address", "window"], name="linkmiss_one_per_window")
        ]

    def __str__(self) -> str:
        return f"{self.address} {self.window}: {self.count}"
