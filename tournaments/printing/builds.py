"""What the task queue's workers run for the long PDFs (``tasks``): a few sheets laid out and
kept, a document merged, a drawn round's sheets kept for its print. A failed sheet fails its
document: its page says so, and the tasks still waiting skip it.
"""

from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager

from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone, translation

from tournaments.models import Round, Table
from tournaments.printing import sheet_pdfs
from tournaments.printing.models import PdfExport, PdfTask


def _pending(export_id: str) -> PdfExport | None:
    return (
        PdfExport.objects.select_related("tournament__club", "tournament__season", "round")
        .filter(pk=export_id, status=PdfExport.Status.PENDING)
        .first()
    )


def _document(export: PdfExport, tables: Collection[int] | None = None) -> sheet_pdfs.SheetDocument:
    """The export's document (its sheets of ``tables``, ids, if given), in the current
    language."""
    if export.kind == PdfExport.Kind.ROUND_SHEETS and export.round is not None:
        export.round.tournament = export.tournament
        return sheet_pdfs.round_document(export.round, export.base_url or None, tables)
    return sheet_pdfs.filled_document(export.tournament, export.round, tables)


def _tables(export: PdfExport) -> QuerySet[Table]:
    """The tables the export prints (a bye has no sheet)."""
    if export.kind == PdfExport.Kind.ROUND_SHEETS:
        return Table.objects.filter(round=export.round, bye=False)
    tables = Table.objects.filter(round__tournament=export.tournament, bye=False)
    return tables if export.round is None else tables.filter(round=export.round)


def _fail(export: PdfExport) -> None:
    """The export's page says the file could not be prepared; its other tasks skip it."""
    PdfExport.objects.filter(pk=export.pk, status=PdfExport.Status.PENDING).update(
        status=PdfExport.Status.FAILED, finished_at=timezone.now()
    )


@contextmanager
def _running(export: PdfExport, sheets: int) -> Iterator[None]:
    """The task's start, written at once (outside any transaction), and its end, whatever it
    is; a worker killed meanwhile leaves the end unwritten, and its page gives the document up
    past the task's bound (``exports.settle``)."""
    task = PdfTask.objects.create(export=export, sheets=sheets, started_at=timezone.now())
    try:
        yield
    finally:
        PdfTask.objects.filter(pk=task.pk).update(finished_at=timezone.now())


def lay_out_export_sheets(export_id: str, tables: Sequence[int]) -> bool:
    """A queued document's sheets of ``tables`` (ids) laid out and kept (one task's share).
    Whether every page of the document is now kept: the caller then queues the merge. A
    sheet that cannot be laid out fails the document, and the error goes up to the queue."""
    export = _pending(export_id)
    if export is None:  # deleted, failed, or already built
        return False
    with translation.override(export.language), _running(export, len(tables)):
        try:
            document = _document(export, set(tables))
            pages = sheet_pdfs.lay_out(sheet_pdfs.prepare(document))
        except Exception:
            _fail(export)
            raise
        with transaction.atomic():
            sheet_pdfs.keep(document, pages)
            return _last_share(export, document)


def _last_share(export: PdfExport, document: sheet_pdfs.SheetDocument) -> bool:
    """Whether this task is the export's last layout task to end (it then queues the merge).

    The tasks are counted, not the pages: a deal entered during the layout bumps its table's
    version, its kept page is then older than the table, and no task would ever have said
    "all kept" (the merge lays out such a sheet again). The count is taken down under the
    export's row lock: of two tasks ending together, exactly one sees it reach zero."""
    counted = PdfExport.objects.filter(pk=export.pk, shares_left__gt=0).update(
        shares_left=F("shares_left") - 1
    )
    if counted:
        return PdfExport.objects.filter(pk=export.pk, shares_left=0).exists()
    # Queued by a release that did not count its tasks: every page kept for its table's
    # current version (locked first, so one of two tasks ending together sees the other's).
    PdfExport.objects.select_for_update().filter(pk=export.pk).exists()
    return sheet_pdfs.unkept(_tables(export), filled=document.filled, language=export.language) == 0


def build_pdf_export(export_id: str) -> PdfExport | None:
    """Build a queued document (the task queue's worker calls this once its pages are kept):
    a sheet still missing (changed meanwhile) is laid out here, the pages are merged, the file
    stored for its download link."""
    export = _pending(export_id)
    if export is None:  # deleted, failed, or already built
        return None
    try:
        with translation.override(export.language), _running(export, _tables(export).count()):
            document = _document(export)
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


def lay_out_round_sheets(
    round_id: int, language: str, base_url: str, tables: Sequence[int] | None = None
) -> int:
    """The blank sheets of a round (of ``tables``, ids, if given) laid out and kept, in the
    language and for the address of the request that drew it (the task queue's worker calls
    this). How many sheets were laid out."""
    round_ = (
        Round.objects.select_related("tournament__club", "tournament__season")
        .filter(pk=round_id)
        .first()
    )
    if round_ is None:  # the draw was cancelled meanwhile
        return 0
    with translation.override(language):
        only = None if tables is None else set(tables)
        document = sheet_pdfs.round_document(round_, base_url or None, only)
        pages = sheet_pdfs.lay_out(sheet_pdfs.prepare(document))
        sheet_pdfs.keep(document, pages)
    return len(pages)
