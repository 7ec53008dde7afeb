"""Printed documents kept in the database: each table's sheet laid out once per version, and
the long documents the task queue builds off the request.

The tables keep their names from when these models lived in ``tournaments`` (no data moved).
"""

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Round, Table, Tournament


class SheetPdf(models.Model):
    """One table's sheet as PDF, kept so that printing it again lays nothing out.

    One row per table, blank or filled, and language: a new version of the table replaces it
    (bounded), deleting the table deletes it (cleaned). ``digest`` is that of the sheet's HTML,
    so a change the table's version does not count (a player renamed, a seat swapped) still
    shows at once.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    filled = models.BooleanField()
    language = models.CharField(max_length=8)
    template = models.CharField(max_length=100)
    version = models.PositiveIntegerField()
    digest = models.CharField(max_length=64)
    content = models.BinaryField()
    rendered_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_sheetpdf"  # the table it had in ``tournaments``
        constraints = [
            models.UniqueConstraint(
                fields=["table", "filled", "language"], name="sheetpdf_unique_kind"
            )
        ]

    def __str__(self) -> str:
        return f"{self.table_id} v{self.version} {'filled' if self.filled else 'blank'}"


class PdfExport(models.Model):
    """A long PDF built by the task queue, off the request; its page offers the download."""

    class Kind(models.TextChoices):
        ROUND_SHEETS = "round_sheets", _("round score sheets")
        FILLED_SHEETS = "filled_sheets", _("filled score sheets")

    class Status(models.TextChoices):
        PENDING = "pending", _("in preparation")
        READY = "ready", _("ready")
        FAILED = "failed", _("failed")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    #: the round printed (round sheets, or one round's filled sheets); None: every round
    round = models.ForeignKey(Round, on_delete=models.CASCADE, null=True, related_name="+")
    language = models.CharField(max_length=8)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    filename = models.CharField(max_length=200, blank=True)
    content = models.BinaryField(null=True)
    #: the site's address the request came to: the tables' QR codes link to it
    base_url = models.CharField(max_length=200, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True)
    #: the layout tasks queued and not yet ended: the one that ends the last queues the merge
    #: (0 for a document queued by a release that did not count them)
    shares_left = models.PositiveIntegerField(default=0)

    club_lookup = "tournament__club"

    class Meta:
        db_table = "tournaments_pdfexport"  # the table it had in ``tournaments``

    def __str__(self) -> str:
        return f"{self.kind} {self.tournament_id} ({self.status})"


class PdfTask(models.Model):
    """One task of a queued document as a worker ran it: when it began and, once it ended
    (done or failed), when. A task begun and never ended — its worker killed mid-layout — is
    given up past its bound (``exports.settle``): its document is failed, not « in
    preparation » for ever."""

    export = models.ForeignKey(PdfExport, on_delete=models.CASCADE, related_name="tasks")
    #: the sheets it lays out or merges: its expected time (``exports.task_bound``)
    sheets = models.PositiveIntegerField()
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True)

    def __str__(self) -> str:
        return f"{self.export_id} ({self.sheets} sheets from {self.started_at})"
