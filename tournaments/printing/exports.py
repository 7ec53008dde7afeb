"""Long PDFs built off the request by the task queue: what a request asks for (the workers'
side is ``builds``).

A document's missing sheets are laid out a few per task (``sheet_pdfs.chunks``), so that the
queue's workers, one per core, share them; the task that keeps the last page has the document
merged by a task of its own (``build_pdf_export``). A failed sheet fails the document: its page
says so, and the tasks still waiting skip it.
"""

import datetime
import logging
from collections.abc import Sequence

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from club.language import club_language
from tournaments.models import Round, Tournament
from tournaments.printing import sheet_pdfs
from tournaments.printing.models import PdfExport, PdfTask, SheetPdf
from tournaments.printing.tasks import build_pdf_export, lay_out_export_sheets, lay_out_round_sheets

log = logging.getLogger(__name__)

#: Finished PDF exports are kept this long for their download link, then deleted.
PDF_EXPORT_KEEP = datetime.timedelta(days=1)


def task_bound(sheets: int) -> datetime.timedelta:
    """How long a task of ``sheets`` sheets may run from its start before it is given up:
    twice its expected time, ``TASK_DEADLINE_FLOOR_SECONDS`` at least."""
    expected = sheets * settings.PDF_SECONDS_PER_SHEET
    return datetime.timedelta(seconds=max(settings.TASK_DEADLINE_FLOOR_SECONDS, 2 * expected))


def _fail(export: PdfExport, now: datetime.datetime, why: str, *args: object) -> None:
    failed = PdfExport.objects.filter(pk=export.pk, status=PdfExport.Status.PENDING).update(
        status=PdfExport.Status.FAILED, finished_at=now
    )
    if failed:
        log.warning("PDF export %s failed: " + why, export.pk, *args)
    export.refresh_from_db(fields=["status", "finished_at"])


def _queue_rows_ended_unbuilt(export: PdfExport) -> str | None:
    """Why the queue will never build ``export``, if it will not: one of its queue rows (the
    tasks whose first argument is its id) failed — among them a task the worker could not even
    start, such as one a former release queued under a path this release has not, or with
    arguments it refuses —, or all of them ended and none built it. None while one of them
    is still to run or running, or when it has none (yet)."""
    rows = list(
        DBTaskResult.objects.filter(args_kwargs__args__0=str(export.pk)).values_list(
            "status", "task_path", "exception_class_path"
        )
    )
    for status, path, exception in rows:
        if status == TaskResultStatus.FAILED:
            return f"its task {path} failed ({exception})"
    live = {TaskResultStatus.READY, TaskResultStatus.RUNNING}
    if rows and not any(status in live for status, _, _ in rows):
        return "its tasks ended without building it"
    return None


def settle(export: PdfExport, *, now: datetime.datetime | None = None) -> PdfExport:
    """``export``, failed if nothing will ever end it: one of its tasks has run past its
    bound without ending (its worker died mid-task), or its tasks in the queue failed or
    ended without building it (a task of an older release this one cannot run: the worker
    fails it before it begins). A task still queued is not counted: a worker restarted picks
    it up. Two queries while in preparation, none after."""
    if export.status != PdfExport.Status.PENDING:
        return export
    now = now or timezone.now()
    for task in PdfTask.objects.filter(export=export, finished_at=None):
        if now > task.started_at + task_bound(task.sheets):
            _fail(
                export,
                now,
                "a task of %d sheets started at %s never ended",
                task.sheets,
                task.started_at.isoformat(),
            )
            return export
    why = _queue_rows_ended_unbuilt(export)
    if why is not None:
        _fail(export, now, "%s", why)
    return export


def queue_pdf_export(
    tournament: Tournament,
    *,
    kind: str,
    round_: Round | None,
    user: User | None,
    base_url: str = "",
    tables: Sequence[int] = (),
) -> PdfExport:
    """The document to build off the request, in its club's language: the one already in
    preparation for the same sheets if any (a second click waits for the same file; not one
    whose task died: ``settle``), else a
    new one handed to the task queue: ``tables`` (ids), the sheets to lay out, a few per task;
    none: the merge alone."""
    language = club_language(tournament.club.language)
    with transaction.atomic():
        PdfExport.objects.filter(created_at__lt=timezone.now() - PDF_EXPORT_KEEP).delete()
        for stale in PdfExport.objects.filter(
            kind=kind, tournament=tournament, round=round_, status=PdfExport.Status.PENDING
        ):
            settle(stale)  # a dead one is failed, and this asks anew
        pending = PdfExport.objects.filter(
            kind=kind,
            tournament=tournament,
            round=round_,
            language=language,
            status=PdfExport.Status.PENDING,
        ).first()
        if pending is not None:
            return pending
        shares = sheet_pdfs.chunks(tables)
        export = PdfExport.objects.create(
            kind=kind,
            tournament=tournament,
            round=round_,
            language=language,
            requested_by=user,
            base_url=base_url,
            shares_left=len(shares),
        )
        # In the same transaction: the queue's rows are written with the export's, or none.
        for share in shares:
            lay_out_export_sheets.enqueue(str(export.pk), share)
        if not shares:
            build_pdf_export.enqueue(str(export.pk))
    return export


def prepare_round_sheets(round_: Round, *, base_url: str) -> bool:
    """A round just drawn: when its blank sheets are more than a request may lay out, the
    queue's workers lay them out now, a few per task, and keep them (``lay_out_round_sheets``),
    so that the scorekeeper's print merges kept pages instead of waiting on the queue. Whether
    it was queued.

    Nothing stale can be printed: a kept page counts only for the same HTML, so a sheet
    changed meanwhile (a redraw, a swap, a renamed player) is laid out again when printed.
    """
    tables = list(round_.tables.filter(bye=False).order_by("number").values_list("pk", flat=True))
    if len(tables) <= settings.PDF_INLINE_MAX_RENDERS:
        return False  # a print lays them out itself within its budget
    # In the club's language, as its scorekeeper's print will ask them (``club.language``).
    language = club_language(round_.tournament.club.language)
    for share in sheet_pdfs.chunks(tables):
        lay_out_round_sheets.enqueue(round_.pk, language, base_url, share)
    return True


def drop_documents(tournament_ids: Sequence[int]) -> None:
    """Forget every kept sheet and built export of these tournaments (a player's erasure):
    the next print lays them out again from what the database holds now."""
    SheetPdf.objects.filter(table__round__tournament__in=tournament_ids).delete()
    PdfExport.objects.filter(tournament__in=tournament_ids).delete()
