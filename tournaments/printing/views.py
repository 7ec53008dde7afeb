"""Downloads: printed score sheets and wall plans (PDF, staff) and Excel standings (public).

Every document is in its club's language, whoever asks (``club.language``): the sheets are
posted on the club's tables.

The sheet's layout is the game's: its plug-in names the template (``pdf_sheet_template``);
these views only gather the data (``selectors``) and hand it to ``pdf`` or ``excel``.
"""

from django.conf import settings
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import View

from club.language import document_language
from club.models import Club, Season
from club.params import optional_int
from club.privacy import activate_public_names
from club.roles import (
    SCOREKEEPERS,
    CommitteeRequiredMixin,
    ScorekeeperRequiredMixin,
    for_clubs,
    has_role,
    logged_in_user,
)
from tournaments.forms_season import PeriodForm
from tournaments.models import Round, Tournament
from tournaments.printing import excel, pdf, player_export, sheet_pdfs
from tournaments.printing import exports as pdf_exports
from tournaments.printing.models import PdfExport
from tournaments.printing.sheet_pdfs import SheetDocument
from tournaments.selectors import accounts, round_reads
from tournaments.site import site_root
from tournaments.tableside import qr


def file_response(
    content: bytes, content_type: str, filename: str, *, attachment: bool, language: str = ""
) -> HttpResponse:
    """The file, said to be in ``language`` (else the active one: the document's, made under
    ``document_language``)."""
    response = HttpResponse(content, content_type=content_type)
    response["Content-Language"] = language or get_language() or settings.LANGUAGE_CODE
    disposition = content_disposition_header(attachment, filename)
    if disposition is not None:  # None only for an inline file without a name
        response["Content-Disposition"] = disposition
    response["Content-Length"] = str(len(content))
    # Standings change as results come in; staff sheets are not for shared caches.
    response["Cache-Control"] = "private, no-cache"
    return response


def pdf_response(content: bytes, filename: str, language: str = "") -> HttpResponse:
    # Inline: the browser shows it and prints it; the name is kept if it is saved.
    return file_response(content, "application/pdf", filename, attachment=False, language=language)


_round_words = sheet_pdfs.round_words

#: The wall plan's pages of table QR codes: 4 across, 5 down (a code 36 mm wide).
CODES_PER_PAGE = 20

#: The page of a document in preparation reloads itself this often (seconds).
EXPORT_REFRESH_SECONDS = 3


def sheets_response(
    request: HttpRequest, document: SheetDocument, kind: str, round_: Round | None
) -> HttpResponse:
    """The sheets as PDF at once when few must be laid out (a request never stalls its worker
    longer than ``PDF_INLINE_MAX_RENDERS`` allows); else the missing sheets go to the task
    queue and the user waits on the document's page."""
    pages = sheet_pdfs.prepare(document)
    if sheet_pdfs.missing(pages) > settings.PDF_INLINE_MAX_RENDERS:
        export = pdf_exports.queue_pdf_export(
            document.tournament,
            kind=kind,
            round_=round_,
            user=logged_in_user(request),
            base_url=site_root(request),
            tables=[page.table.pk for page in pages if page.content is None],
        )
        return redirect("pdf_export", export.pk)
    return pdf_response(sheet_pdfs.assemble(document, pages), document.filename)


class RoundMixin(ScorekeeperRequiredMixin):
    def get_round(self, pk: int) -> Round:
        round_: Round = self.get_scoped(
            Round.objects.select_related("tournament__club", "tournament__season"), pk=pk
        )
        return round_


class RoundSheetsPDFView(RoundMixin, View):
    """The blank score sheets of a round, one A4 page per table, for the players to fill."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        round_ = self.get_round(pk)
        with document_language(round_.tournament.club.language):
            document = sheet_pdfs.round_document(round_, site_root(request))
            return sheets_response(request, document, PdfExport.Kind.ROUND_SHEETS, round_)


class RoundPlanPDFView(RoundMixin, View):
    """The wall plan: every player of the round, alphabetically, with table and seat."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        round_ = self.get_round(pk)
        tournament = round_.tournament
        # Printed for the hall: the names as the public pages write them, in its language.
        activate_public_names(tournament.club)
        with document_language(tournament.club.language):
            return self.plan(request, round_)

    def plan(self, request: HttpRequest, round_: Round) -> HttpResponse:
        tournament = round_.tournament
        lines = pdf.plan_lines(round_reads.round_tables(round_))
        codes = sorted(qr.round_codes(round_, site_root(request)).values(), key=lambda c: c.table)
        content = pdf.render_pdf(
            "tournaments/pdf/plan.html",
            {
                "tournament": tournament,
                "round": round_,
                "pages": pdf.plan_pages(lines),
                "count": len(lines),
                "code_pages": [
                    codes[i : i + CODES_PER_PAGE] for i in range(0, len(codes), CODES_PER_PAGE)
                ],
            },
            request,
        )
        filename = pdf.pdf_filename(tournament.name, _round_words(round_), _("plan"))
        return pdf_response(content, filename)


class FilledSheetsPDFView(ScorekeeperRequiredMixin, View):
    """Every table of every round with what was entered, for the club's archives.

    ``?ronde=N`` prints one round only. A whole tournament is laid out by the task queue
    unless its sheets are cached (``sheets_response``).
    """

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament: Tournament = self.get_scoped(
            Tournament.objects.select_related("club", "season"), pk=pk
        )
        only = optional_int(request.GET.get("ronde"), minimum=1, maximum=tournament.rounds)
        round_ = (
            get_object_or_404(Round, tournament=tournament, number=only)
            if only is not None
            else None
        )
        with document_language(tournament.club.language):
            document = sheet_pdfs.filled_document(tournament, round_)
            return sheets_response(request, document, PdfExport.Kind.FILLED_SHEETS, round_)


def public_export(request: HttpRequest, club: Club) -> None:
    """A public workbook writes names as the public pages do; the club's staff get theirs."""
    if not has_role(request.user, SCOREKEEPERS, club):
        activate_public_names(club)


class TournamentXlsxView(View):
    """A published tournament's classification and rounds; staff also get unpublished ones."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        staff = for_clubs(Tournament.objects.all(), request.user, SCOREKEEPERS)
        tournament = get_object_or_404(
            Tournament.objects.select_related("club", "season").filter(
                Q(published=True) | Q(pk__in=staff.values("pk"))
            ),
            pk=pk,
        )
        public_export(request, tournament.club)
        with document_language(tournament.club.language):
            content = excel.workbook_bytes(excel.tournament_workbook(tournament))
            filename = excel.xlsx_filename(tournament.name, tournament.date.isoformat())
            return file_response(content, excel.XLSX_CONTENT_TYPE, filename, attachment=True)


class SeasonXlsxView(View):
    """A season's standings per game, over its published tournaments; with the season page's
    period (« mois », or « du » and « au »), that period's ranking first (a bad period: the
    season's only, as the page shows it)."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
        asked = any(request.GET.get(name) for name in ("mois", "du", "au"))
        period = PeriodForm(request.GET if asked else None, season=season).period()
        public_export(request, season.club)
        with document_language(season.club.language):
            content = excel.workbook_bytes(excel.season_workbook(season, period))
            filename = excel.xlsx_filename(season.club.name, season.name, _("Standings"))
            return file_response(content, excel.XLSX_CONTENT_TYPE, filename, attachment=True)


class MoneyXlsxView(CommitteeRequiredMixin, View):
    """The season's money report as a workbook."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        season: Season = self.get_scoped(Season.objects.select_related("club"), pk=pk)
        with document_language(season.club.language):
            report = accounts.money_report(season)
            content = excel.workbook_bytes(excel.money_workbook(report))
            filename = excel.xlsx_filename(season.club.name, season.name, _("money"))
            return file_response(content, excel.XLSX_CONTENT_TYPE, filename, attachment=True)


class PlayerDataView(CommitteeRequiredMixin, View):
    """A player's data, as his club holds it (the right of access): JSON or a workbook."""

    def get(self, request: HttpRequest, slug: str, pk: int, extension: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        player = get_object_or_404(club.players.all(), pk=pk)
        with document_language(club.language):
            if extension == "json":
                content = player_export.export_json(player, club)
                content_type = "application/json"
            else:
                workbook = player_export.export_workbook(player, club)
                content, content_type = excel.workbook_bytes(workbook), excel.XLSX_CONTENT_TYPE
            filename = player_export.export_filename(player, extension)
            return file_response(content, content_type, filename, attachment=True)


def retry_url(export: PdfExport) -> str:
    """Where the document is asked for: asked again, it makes a new one if this one failed."""
    if export.kind == PdfExport.Kind.ROUND_SHEETS and export.round_id is not None:
        return reverse("round_sheets_pdf", args=[export.round_id])
    url = reverse("tournament_filled_pdf", args=[export.tournament_id])
    return url if export.round is None else f"{url}?ronde={export.round.number}"


class PdfExportView(ScorekeeperRequiredMixin, View):
    """A queued document's page: it refreshes itself while the file is being prepared, then
    offers the download."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        export: PdfExport = self.get_scoped(
            PdfExport.objects.defer("content").select_related("tournament", "round"), pk=pk
        )
        pdf_exports.settle(export)  # a task whose worker died fails it, past its bound
        return render(
            request,
            "printing/pdf_export.html",
            {
                "export": export,
                "tournament": export.tournament,
                "refresh_seconds": EXPORT_REFRESH_SECONDS,
                "retry_url": retry_url(export),
            },
        )


class PdfExportFileView(ScorekeeperRequiredMixin, View):
    """A queued document's file, once ready (before that: back to its page)."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        export: PdfExport = self.get_scoped(PdfExport, pk=pk)
        if export.status != PdfExport.Status.READY or export.content is None:
            return redirect("pdf_export", export.pk)
        return pdf_response(bytes(export.content), export.filename, export.language)
