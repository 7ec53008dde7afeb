"""Downloads: printed score sheets and wall plans (PDF, staff) and Excel standings (public).

The sheet's layout is the game's: its plug-in names the template (``pdf_sheet_template``);
these views only gather the data (``selectors``) and hand it to ``pdf`` or ``excel``.
"""

from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views import View

from club.models import Season
from club.params import optional_int
from club.roles import SCOREKEEPERS, CommitteeRequiredMixin, ScorekeeperRequiredMixin, for_clubs

from . import excel, pdf, selectors
from .games import plugin_for
from .models import Round, Tournament


def file_response(
    content: bytes, content_type: str, filename: str, *, attachment: bool
) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(attachment, filename)
    response["Content-Length"] = str(len(content))
    # Standings change as results come in; staff sheets are not for shared caches.
    response["Cache-Control"] = "private, no-cache"
    return response


def pdf_response(content: bytes, filename: str) -> HttpResponse:
    # Inline: the browser shows it and prints it; the name is kept if it is saved.
    return file_response(content, "application/pdf", filename, attachment=False)


def _round_words(round_: Round) -> str:
    return _("Round %(number)d") % {"number": round_.number}


class RoundMixin(ScorekeeperRequiredMixin):
    def get_round(self, pk: int) -> Round:
        return self.get_scoped(
            Round.objects.select_related("tournament__club", "tournament__season"), pk=pk
        )


class RoundSheetsPDFView(RoundMixin, View):
    """The blank score sheets of a round, one A4 page per table, for the players to fill."""

    def get(self, request, pk):
        round_ = self.get_round(pk)
        tournament = round_.tournament
        plugin = plugin_for(tournament.game)
        sheets = pdf.round_sheets(round_, selectors.round_tables(round_), plugin)
        content = pdf.render_pdf(
            plugin.pdf_sheet_template,
            {"tournament": tournament, "round": round_, "sheets": sheets, "filled": False},
            request,
        )
        filename = pdf.pdf_filename(tournament.name, _round_words(round_), _("sheets"))
        return pdf_response(content, filename)


class RoundPlanPDFView(RoundMixin, View):
    """The wall plan: every player of the round, alphabetically, with table and seat."""

    def get(self, request, pk):
        round_ = self.get_round(pk)
        tournament = round_.tournament
        lines = pdf.plan_lines(selectors.round_tables(round_))
        content = pdf.render_pdf(
            "tournaments/pdf/plan.html",
            {
                "tournament": tournament,
                "round": round_,
                "pages": pdf.plan_pages(lines),
                "count": len(lines),
            },
            request,
        )
        filename = pdf.pdf_filename(tournament.name, _round_words(round_), _("plan"))
        return pdf_response(content, filename)


class FilledSheetsPDFView(ScorekeeperRequiredMixin, View):
    """Every table of every round with what was entered, for the club's archives.

    ``?ronde=N`` prints one round only: a whole tournament of 30 tables a round takes some
    seconds a round to lay out.
    """

    def get(self, request, pk):
        tournament = self.get_scoped(Tournament.objects.select_related("club", "season"), pk=pk)
        plugin = plugin_for(tournament.game)
        rounds = selectors.tournament_rounds(tournament)
        only = optional_int(request.GET.get("ronde"), minimum=1, maximum=tournament.rounds)
        if only is not None:
            rounds = [r for r in rounds if r.number == only]
            if not rounds:
                raise Http404
        for round_ in rounds:
            round_.tournament = tournament  # the sheets print its name without a query each
        sheets = pdf.filled_sheets(tournament, rounds, plugin)
        content = pdf.render_pdf(
            plugin.pdf_sheet_template,
            {"tournament": tournament, "round": None, "sheets": sheets, "filled": True},
            request,
        )
        words = [tournament.name, _round_words(rounds[0])] if only else [tournament.name]
        return pdf_response(content, pdf.pdf_filename(*words, _("filled sheets")))


class TournamentXlsxView(View):
    """A published tournament's classification and rounds; staff also get unpublished ones."""

    def get(self, request, pk):
        staff = for_clubs(Tournament.objects.all(), request.user, SCOREKEEPERS)
        tournament = get_object_or_404(
            Tournament.objects.select_related("club", "season").filter(
                Q(published=True) | Q(pk__in=staff.values("pk"))
            ),
            pk=pk,
        )
        content = excel.workbook_bytes(excel.tournament_workbook(tournament))
        filename = excel.xlsx_filename(tournament.name, tournament.date.isoformat())
        return file_response(content, excel.XLSX_CONTENT_TYPE, filename, attachment=True)


class SeasonXlsxView(View):
    """A season's standings per game, over its published tournaments."""

    def get(self, request, pk):
        season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
        content = excel.workbook_bytes(excel.season_workbook(season))
        filename = excel.xlsx_filename(season.club.name, season.name, _("Standings"))
        return file_response(content, excel.XLSX_CONTENT_TYPE, filename, attachment=True)


class MoneyXlsxView(CommitteeRequiredMixin, View):
    """The season's money report as a workbook."""

    def get(self, request, pk):
        season = self.get_scoped(Season.objects.select_related("club"), pk=pk)
        report = selectors.money_report(season)
        content = excel.workbook_bytes(excel.money_workbook(report))
        filename = excel.xlsx_filename(season.club.name, season.name, _("money"))
        return file_response(content, excel.XLSX_CONTENT_TYPE, filename, attachment=True)
