"""Score sheets as PDF, table by table: each table's sheet is laid out once per version, kept
in the database (``SheetPdf``), and a document is those pages merged with pypdf.

Laying out a whole tournament as one WeasyPrint document took 44 s and close to 900 MB. One
sheet at a time keeps the memory bounded and the kept pages make a reprint free. A request lays
out the few sheets it may itself; a document with more goes to the task queue, a task for every
few sheets (``chunks``), so that the queue's workers, one per core, share them; the merge is a
task of its own, queued when every page is kept (``pdf_exports``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from io import BytesIO

from django.conf import settings
from django.db.models import Exists, OuterRef, QuerySet
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


def round_document(
    round_: Round, base_url: str | None = None, only: Collection[int] | None = None
) -> SheetDocument:
    """The blank score sheets of a round, one page per table (of ``only``, table ids, if given:
    one task's share); with ``base_url`` (the site's address), each table's private link as a
    QR code when it has one.

    The QR code is in the sheet's HTML, whose digest is the cached page's key (``prepare``):
    a new link or a revoked one lays the sheet out again, never prints a dead code.
    """
    tournament = round_.tournament
    # The names on the sheets as the club writes them (a task: the worker's next document
    # activates its own club's order).
    tournament.club.activate_name_order()
    plugin = plugin_for(tournament.game)
    tables = round_reads.round_tables(round_)
    if only is not None:
        tables = [table for table in tables if table.pk in only]
    sheets = pdf.round_sheets(round_, tables, plugin)
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


def filled_document(
    tournament: Tournament, only: Round | None = None, tables: Collection[int] | None = None
) -> SheetDocument:
    """Every table of every round (or of round ``only``; of ``tables``, ids, if given: one
    task's share) with what was entered."""
    tournament.club.activate_name_order()
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
        sheets=pdf.filled_sheets(tournament, rounds, plugin, tables),
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


def assemble(document: SheetDocument, pages: Sequence[SheetPage]) -> bytes:
    """The document: the missing sheets laid out in this process (and kept), every page merged."""
    if not pages:  # nothing to print: WeasyPrint's own empty document
        return pdf.html_to_pdf(render_html(document, []))
    keep(document, lay_out(pages))
    return merge([page.content for page in pages if page.content is not None])


def build(document: SheetDocument) -> bytes:
    """The document, whatever it takes: what is kept merged, the rest laid out here."""
    return assemble(document, prepare(document))


def lay_out(pages: Sequence[SheetPage]) -> list[SheetPage]:
    """The pages that had no PDF, laid out (not kept yet: ``keep``)."""
    todo = [page for page in pages if page.content is None]
    for page in todo:
        page.content = pdf.html_to_pdf(page.html)
    return todo


def chunks(tables: Sequence[int]) -> list[list[int]]:
    """``tables`` in groups of ``PDF_TASK_SHEETS``: one task each."""
    size = max(1, settings.PDF_TASK_SHEETS)
    return [list(tables[i : i + size]) for i in range(0, len(tables), size)]


def unkept(tables: QuerySet[Table], *, filled: bool, language: str) -> int:
    """How many of ``tables`` have no page kept for their current version (one query). The
    HTML's digest is left to ``prepare``: a sheet changed meanwhile is laid out by the merge."""
    kept = SheetPdf.objects.filter(
        table=OuterRef("pk"), filled=filled, language=language, version=OuterRef("version")
    )
    return tables.exclude(Exists(kept)).count()


def keep(document: SheetDocument, pages: Sequence[SheetPage]) -> None:
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
