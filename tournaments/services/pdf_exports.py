"""Long PDFs built off the request by the task queue."""

import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from ..models import (
    PdfExport,
    Round,
    Tournament,
)

#: Finished PDF exports are kept this long for their download link, then deleted.
PDF_EXPORT_KEEP = datetime.timedelta(days=1)


def queue_pdf_export(
    tournament: Tournament,
    *,
    kind: str,
    round_: Round | None,
    user: User | None,
    base_url: str = "",
) -> PdfExport:
    """The document to build off the request, in the current language: the one already in
    preparation for the same sheets if any (a second click waits for the same file), else a
    new one handed to the task queue."""
    from django.utils.translation import get_language

    from ..tasks import build_pdf_export

    language = get_language()
    with transaction.atomic():
        PdfExport.objects.filter(created_at__lt=timezone.now() - PDF_EXPORT_KEEP).delete()
        pending = PdfExport.objects.filter(
            kind=kind,
            tournament=tournament,
            round=round_,
            language=language,
            status=PdfExport.Status.PENDING,
        ).first()
        if pending is not None:
            return pending
        export = PdfExport.objects.create(
            kind=kind,
            tournament=tournament,
            round=round_,
            language=language,
            requested_by=user,
            base_url=base_url,
        )
        # In the same transaction: the queue's row is written with the export's, or neither.
        build_pdf_export.enqueue(str(export.pk))
    return export


def build_pdf_export(export_id: str) -> PdfExport | None:
    """Build a queued document (the task queue's worker calls this): the missing sheets are
    laid out and kept, the pages merged, the file stored for its download link."""
    from django.utils import translation

    from .. import sheet_pdfs

    export = (
        PdfExport.objects.select_related("tournament__club", "tournament__season", "round")
        .filter(pk=export_id, status=PdfExport.Status.PENDING)
        .first()
    )
    if export is None:  # deleted, or already built
        return None
    try:
        with translation.override(export.language):
            if export.kind == PdfExport.Kind.ROUND_SHEETS and export.round is not None:
                export.round.tournament = export.tournament
                document = sheet_pdfs.round_document(export.round, export.base_url or None)
            else:
                document = sheet_pdfs.filled_document(export.tournament, export.round)
            export.content = sheet_pdfs.build(document)
        export.filename = document.filename
        export.status = PdfExport.Status.READY
    except Exception:
        export.status = PdfExport.Status.FAILED
        raise
    finally:
        export.finished_at = timezone.now()
        export.save(update_fields=["content", "filename", "status", "finished_at"])
    return export
