"""Score sheets as PDF, table by table: each table's sheet is laid out once per version, kept
in the database (``SheetPdf``), and a document is those pages merged with pypdf.

Laying out a whole tournament as one WeasyPrint document took 44 s and close to 900 MB. One
sheet at a time keeps the memory bounded, the cache makes a reprint free, and off the request
the missing sheets are laid out by a pool of processes, one per core (``build``). A document
with more sheets to lay out than a request can afford is built by the task queue instead
(``pdf_exports.queue_pdf_export``); a request lays out the few it may in its own process.
"""

from __future__ import annotations

import ctypes
import hashlib
import multiprocessing
import os
import signal
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from io import BytesIO

from django.conf import settings
from django.db import connections
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from pypdf import PdfReader, PdfWriter

from tournaments.games import plugin_for
from tournaments.models import Round, Table, Tournament
from tournaments.printing import pdf
from tournaments.printing.models import SheetPdf
from tournaments.selectors import round_reads
from tournaments.tableside import qr


@dataclass
class SheetDocument:
    """The sheets of a printed document and how to draw them."""

    template: str
    tournament: Tournament
    sheets: list[pdf.Sheet]
    filled: bool
    filename: str


@dataclass
class SheetPage:
    """One table's sheet: its HTML, and its PDF when the cache has it."""

    table: Table
    html: str
    digest: str
    content: bytes | None = None


def round_words(round_: Round) -> str:
    return _("Round %(number)d") % {"number": round_.number}


def round_document(round_: Round, base_url: str | None = None) -> SheetDocument:
    """The blank score sheets of a round, one page per table; with ``base_url`` (the site's
    address), each table's private link as a QR code when it has one.

    The QR code is in the sheet's HTML, whose digest is the cached page's key (``prepare``):
    a new link or a revoked one lays the sheet out again, never prints a dead code.
    """
    tournament = round_.tournament
    plugin = plugin_for(tournament.game)
    sheets = pdf.round_sheets(round_, round_reads.round_tables(round_), plugin)
    if base_url is not None:
        codes = qr.round_codes(round_, base_url)
        for sheet in sheets:
            sheet.code = codes.get(sheet.table.pk)
    return SheetDocument(
        template=plugin.pdf_sheet_template,
        tournament=tournament,
        sheets=sheets,
        filled=False,
        filename=pdf.pdf_filename(tournament.name, round_words(round_), _("sheets")),
    )


def filled_document(tournament: Tournament, only: Round | None = None) -> SheetDocument:
    """Every table of every round (or of round ``only``) with what was entered."""
    plugin = plugin_for(tournament.game)
    rounds = round_reads.tournament_rounds(tournament)
    if only is not None:
        rounds = [r for r in rounds if r.pk == only.pk]
    for round_ in rounds:
        round_.tournament = tournament  # the sheets print its name without a query each
    words = [tournament.name, round_words(only)] if only is not None else [tournament.name]
    return SheetDocument(
        template=plugin.pdf_sheet_template,
        tournament=tournament,
        sheets=pdf.filled_sheets(tournament, rounds, plugin),
        filled=True,
        filename=pdf.pdf_filename(*words, _("filled sheets")),
    )


def render_html(document: SheetDocument, sheets: Sequence[pdf.Sheet]) -> str:
    context = {
        "tournament": document.tournament,
        "round": None if document.filled or not sheets else sheets[0].round,
        "sheets": list(sheets),
        "filled": document.filled,
    }
    return render_to_string(document.template, context)


def prepare(document: SheetDocument) -> list[SheetPage]:
    """Each sheet's HTML (cheap), with its PDF from the cache when nothing changed since.

    A cached page counts only for the same table version, template and HTML: whatever
    changes on the sheet, the page is laid out again.
    """
    pages = []
    for sheet in document.sheets:
        html = render_html(document, [sheet])
        pages.append(SheetPage(sheet.table, html, hashlib.sha256(html.encode()).hexdigest()))
    cached = {
        row.table_id: row
        for row in SheetPdf.objects.filter(
            table_id__in=[page.table.pk for page in pages],
            filled=document.filled,
            language=get_language(),
        )
    }
    for page in pages:
        row = cached.get(page.table.pk)
        if (
            row is not None
            and row.version == page.table.version
            and row.template == document.template
            and row.digest == page.digest
        ):
            page.content = bytes(row.content)
    return pages


def missing(pages: Sequence[SheetPage]) -> int:
    """How many sheets must be laid out."""
    return sum(1 for page in pages if page.content is None)


def assemble(document: SheetDocument, pages: Sequence[SheetPage], *, processes: int = 1) -> bytes:
    """The document: the missing sheets laid out (and kept), then every page merged.

    ``processes`` > 1 lays the sheets out in a pool of forked processes (``lay_out``): for the
    task queue's worker and the command line, never a request (``render_processes``).
    """
    if not pages:  # nothing to print: WeasyPrint's own empty document
        return pdf.html_to_pdf(render_html(document, []))
    # Merged once the pool has ended: its processes and the merge's pages never take memory at
    # the same time (the archive's 150 pages take tens of megabytes in pypdf).
    _lay_out_and_keep(document, pages, processes)
    return merge([page.content for page in pages if page.content is not None])


def build(document: SheetDocument) -> bytes:
    """The document as the task queue's worker builds it: missing sheets on every core."""
    pages = prepare(document)
    return assemble(document, pages, processes=render_processes(missing(pages)))


def lay_out_missing(document: SheetDocument) -> list[SheetPage]:
    """Every sheet's page, the missing ones laid out on every core and kept (the task
    queue's worker: ``build`` without the merge)."""
    pages = prepare(document)
    _lay_out_and_keep(document, pages, render_processes(missing(pages)))
    return pages


def _lay_out_and_keep(document: SheetDocument, pages: Sequence[SheetPage], processes: int) -> None:
    todo = [page for page in pages if page.content is None]
    for page, content in zip(todo, lay_out([page.html for page in todo], processes), strict=True):
        page.content = content
    _store(document, todo)


def _store(document: SheetDocument, pages: Sequence[SheetPage]) -> None:
    """Keep the new pages, replacing the table's older version (one row per kind)."""
    language = get_language()
    SheetPdf.objects.bulk_create(
        [
            SheetPdf(
                table=page.table,
                filled=document.filled,
                language=language,
                template=document.template,
                version=page.table.version,
                digest=page.digest,
                content=page.content,
            )
            for page in pages
        ],
        update_conflicts=True,
        unique_fields=["table", "filled", "language"],
        update_fields=["template", "version", "digest", "content", "rendered_at"],
        batch_size=50,
    )


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def render_processes(sheets: int) -> int:
    """Processes to lay out ``sheets`` sheets off the request: one per core, at most
    ``PDF_RENDER_PROCESSES``, never more than the sheets.

    Requests lay out in their own process (``assemble``'s default): gunicorn's workers run
    threads, and a fork copies only the calling thread, with every lock the others held at that
    moment (Pango's and fontconfig's while another request lays out its wall plan): the child
    could wait forever. The task queue's worker and the command line run one thread.
    """
    return max(1, min(settings.PDF_RENDER_PROCESSES, cores(), sheets))


def lay_out(htmls: Sequence[str], processes: int = 1) -> list[bytes]:
    """Each HTML document as PDF, in order: in this process, or in a pool of ``processes``
    forked ones. The children only turn HTML into PDF; the HTML is built here, where the
    database is. The pool ends with the call, so the memory WeasyPrint took in the children
    goes back to the system."""
    processes = min(processes, len(htmls))
    if processes <= 1:
        return [pdf.html_to_pdf(html) for html in htmls]
    _close_connections()
    # fork: the children inherit the configured Django, WeasyPrint imported and the loaded
    # fonts (shared with this process until written), and start at once.
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(
        processes, mp_context=context, initializer=_child_ready, initargs=(os.getpid(),)
    ) as pool:
        futures = [pool.submit(_lay_out_one, html) for html in htmls]
        try:
            return [future.result() for future in futures]
        except BaseException:
            # One sheet failed, or a process was killed: the sheets still waiting are dropped
            # (not laid out for nothing) before the error goes up.
            pool.shutdown(wait=True, cancel_futures=True)
            raise


def _lay_out_one(html: str) -> bytes:
    return pdf.html_to_pdf(html)  # looked up in the child: the function the parent has


def _close_connections() -> None:
    """No database socket shared with the children: a child never queries, but a socket two
    processes hold is one protocol stream. Closed here (reopened by the next query), unless a
    transaction holds it; then it stays open, unused by the children, which end with
    ``os._exit`` (no clean-up writes to it)."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


def _child_ready(parent: int) -> None:
    """A layout child: its own locks and fonts (``pdf.reset_in_child``). Stopping is its
    parent's to decide: the queue's worker, told to stop (SIGTERM to every process of the
    service, or Ctrl+C to the terminal's), finishes its task first, with its children; so a
    child ignores both signals, and ends with the pool, or with its parent even when that one
    is killed outright (out of memory): an orphan would wait for work forever."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_IGN)
    _end_with_parent(parent)
    pdf.reset_in_child()


def _end_with_parent(parent: int) -> None:
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it died before the call
        os._exit(1)


#: prctl(2): the signal a process gets when its parent dies.
PR_SET_PDEATHSIG = 1


def merge(contents: Sequence[bytes]) -> bytes:
    """The PDFs one after the other, as one document."""
    if len(contents) == 1:
        return contents[0]
    writer = PdfWriter()
    for content in contents:
        writer.append(PdfReader(BytesIO(content)))
    out = BytesIO()
    writer.write(out)
    return out.getvalue()
