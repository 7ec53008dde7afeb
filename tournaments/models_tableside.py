"""Table-side entry: a table's private link, the deals its phones enter, their history.

A deal entered on a phone is a ``TableDeal``: it waits there, outside the sheet, until a
player of the other side confirms it; only then does it go through ``deal_entry.save_deal``
(the scorekeeper's path: same checks, same version, same history) and count.

Several deals may wait at once (deal 4 is entered while deal 3 waits for the other side).
They go on the sheet in order: a confirmed deal whose predecessors are not all on the sheet
stays confirmed but « en attente » (``applied_version`` empty) until they are.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class TableLink(models.Model):
    """The private link of one table of one round (the table is per round): a random token.

    ``token_hash`` (SHA-256) is what a request is looked up by; the token itself is kept to
    print the QR code again. A revoked link answers nothing; a new one replaces it.
    """

    table = models.ForeignKey("Table", on_delete=models.CASCADE, related_name="links")
    token = models.CharField(max_length=64)
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    club_lookup = "table__round__tournament__club"

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table"], condition=Q(revoked_at__isnull=True), name="tablelink_one_live"
            )
        ]

    def __str__(self) -> str:
        return f"{self.table_id} link {self.pk}"


class TableDeal(models.Model):
    """A deal entered at the table: pending until the other side confirms or rejects it.

    ``number`` is its place on the sheet. A confirmed deal counts once it is on the sheet
    (``applied_version``: the table's version it made); until every deal before it is there,
    it waits. A rejected deal leaves its number free: the next deal entered takes it.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        REJECTED = "rejected", _("rejected")

    table = models.ForeignKey("Table", on_delete=models.CASCADE, related_name="table_deals")
    number = models.PositiveSmallIntegerField()
    record = models.JSONField()
    points = models.JSONField(default=list)
    #: the table's version the deal was entered against (the same check as paper entry)
    base_version = models.PositiveIntegerField()
    #: sent by the phone with each deal: a deal sent twice is stored once
    idempotency_key = models.CharField(max_length=64)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    entered_by = models.ForeignKey("Entry", on_delete=models.PROTECT, related_name="+")
    entered_side = models.PositiveSmallIntegerField()
    entered_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        "Entry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decided_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=200, blank=True)
    #: the table's version once this deal went on the sheet (empty: not counted yet)
    applied_version = models.PositiveIntegerField(null=True, blank=True)

    club_lookup = "table__round__tournament__club"

    class Meta:
        ordering = ["table", "pk"]
        constraints = [
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


class TableEvent(models.Model):
    """The table's history of phone entry: who did what, from which seat, when."""

    class Kind(models.TextChoices):
        ENTERED = "entered", _("entered")
        CONFIRMED = "confirmed", _("confirmed")
        REJECTED = "rejected", _("rejected")
        CONFLICT = "conflict", _("conflict")
        LINK = "link", _("new link")
        REVOKED = "revoked", _("link revoked")

    table = models.ForeignKey("Table", on_delete=models.CASCADE, related_name="table_events")
    table_deal = models.ForeignKey(
        TableDeal, on_delete=models.CASCADE, null=True, blank=True, related_name="events"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    entry = models.ForeignKey(
        "Entry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    side = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    note = models.CharField(max_length=200, blank=True)

    club_lookup = "table__round__tournament__club"

    class Meta:
        ordering = ["table", "pk"]

    def __str__(self) -> str:
        return f"{self.table_id} {self.kind}"
