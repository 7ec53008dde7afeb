"""Long PDFs built off the request by the task queue."""

import datetime

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from tournaments.models import Round, Tournament
from tournaments.printing.models import PdfExport

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

    from tournaments.printing.tasks import build_pdf_export

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

    from tournaments.printing import sheet_pdfs

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


def prepare_round_sheets(round_: Round, *, base_url: str) -> bool:
    """A round just drawn: when its blank sheets are more than a request may lay out, the
    queue's worker lays them out now and keeps them (``lay_out_round_sheets``), so that the
    scorekeeper's print merges kept pages instead of waiting on the queue. Whether it was
    queued.

    Nothing stale can be printed: a kept page counts only for the same HTML, so a sheet
    changed meanwhile (a redraw, a swap, a renamed player) is laid out again when printed.
    """
    from django.utils.translation import get_language

    from tournaments.printing.tasks import lay_out_round_sheets

    if round_.tables.filter(bye=False).count() <= settings.PDF_INLINE_MAX_RENDERS:
        return False  # a print lays them out itself within its budget
    lay_out_round_sheets.enqueue(round_.pk, get_language(), base_url)
    return True


def lay_out_round_sheets(round_id: int, language: str, base_url: str) -> int:
    """The blank sheets of a round laid out and kept, in the language and for the address of
    the request that drew it (the task queue's worker calls this). How many sheets it has."""
    from django.utils import translation

    from tournaments.printing import sheet_pdfs

    round_ = (
        Round.objects.select_related("tournament__club", "tournament__season")
        .filter(pk=round_id)
        .first()
    )
    if round_ is None:  # the draw was cancelled meanwhile
        return 0
    with translation.override(language):
        return len(sheet_pdfs.lay_out_missing(sheet_pdfs.round_document(round_, base_url or None)))
