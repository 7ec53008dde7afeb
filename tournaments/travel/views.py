"""The desk's two pages of the bundles (committee only): « Export the tournament » (a
download) and « Import a tournament » (an upload, the preview of what will change, a
confirmation). The desk imports its own club's bundles only."""

import base64
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View

from club import import_flow
from club.models import Club
from club.roles import CommitteeRequiredMixin, ScorekeeperRequiredMixin, logged_in_user

from ..forms import HoldForm
from ..models import Tournament
from ..services.errors import TournamentError
from .forms import BundleConfirmForm, BundleUploadForm, ReturnForm
from .services.document import BundleError, open_bundle
from .services.export import bundle_name, export_bundle
from .services.hall import holds_lease, return_bundle
from .services.importing import (
    DROP_LICENCE,
    LICENCE_HOLDER,
    ImportConflicts,
    MergeRefused,
    import_bundle,
)

SESSION_KEY = "travel_bundle_import"
#: The committee's choice for a laptop's evening that cannot merge (``MergeRefused``).
SEPARATE = "separate"


def bundle_download(tournament: Tournament, data: bytes) -> HttpResponse:
    response = HttpResponse(data, content_type="application/gzip")
    response["Content-Disposition"] = f'attachment; filename="{bundle_name(tournament)}"'
    return response


class TakeAwayView(CommitteeRequiredMixin, View):
    """« Emporter la soirée »: GET, the form (the laptop's name); POST, the tournament held by
    that laptop and its bundle downloaded at once, with the lease's key the laptop signs its
    evening with (``export_bundle(hold=...)``). Nothing is held when the form is refused."""

    template_name = "tournaments/staff/hold.html"

    def get(
        self, request: HttpRequest, pk: int, form: HoldForm | None = None, status: int = 200
    ) -> HttpResponse:
        tournament = self.get_scoped(Tournament.objects.select_related("club"), pk=pk)
        context = {"tournament": tournament, "form": form or HoldForm()}
        return render(request, self.template_name, context, status=status)

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament = self.get_scoped(Tournament.objects.select_related("club", "season"), pk=pk)
        form = HoldForm(request.POST)
        if not form.is_valid():
            return self.get(request, pk, form=form, status=400)
        try:
            data = export_bundle(
                tournament, hold=form.cleaned_data["holder"], by=logged_in_user(request)
            )
        except TournamentError as error:
            form.add_error("holder" if not tournament.is_held else None, str(error))
            return self.get(request, pk, form=form, status=409)
        except BundleError as error:
            messages.error(request, str(error))
            return redirect("staff_tournament", tournament.pk)
        return bundle_download(tournament, data)


class ExportView(CommitteeRequiredMixin, View):
    """The tournament's signed bundle, as a download."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament = self.get_scoped(Tournament.objects.select_related("club", "season"), pk=pk)
        try:
            data = export_bundle(tournament)
        except BundleError as error:
            messages.error(request, str(error))
            return redirect("staff_tournament", tournament.pk)
        return bundle_download(tournament, data)


class ImportView(CommitteeRequiredMixin, View):
    template_name = "travel/import.html"

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        club = self.get_scoped(Club, slug=slug)
        return self.page(request, club, BundleUploadForm())

    def page(
        self,
        request: HttpRequest,
        club: Club,
        form: BundleUploadForm,
        status: int = 200,
        **context: Any,
    ) -> HttpResponse:
        return render(
            request, self.template_name, {"club": club, "form": form, **context}, status=status
        )

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        club = self.get_scoped(Club, slug=slug)
        if "token" in request.POST:
            return self.settle(request, club)
        form = BundleUploadForm(request.POST, request.FILES)
        if not form.is_valid():
            return self.page(request, club, form, status=form.refused_status())
        data = form.cleaned_data["file"]
        try:
            open_bundle(data)
        except BundleError as error:
            form.add_error("file", str(error))
            return self.page(request, club, form, status=400)
        stored = import_flow.stash(
            request, SESSION_KEY, club, bundle=base64.b64encode(data).decode("ascii")
        )
        return self.preview(request, club, form, data, stored["token"], {})

    def preview(
        self,
        request: HttpRequest,
        club: Club,
        form: BundleUploadForm,
        data: bytes,
        token: str,
        settlements: dict[str, str],
        separate: bool = False,
    ) -> HttpResponse:
        """What the import will change (nothing written), or the conflicts to settle first,
        or the choice for a laptop's evening that cannot merge."""
        try:
            report = import_bundle(
                data, dry_run=True, club=club, settlements=settlements, separate=separate
            )
        except MergeRefused as refused:
            return self.page(request, club, form, merge_refused=str(refused), token=token)
        except ImportConflicts as conflicts:
            return self.page(
                request,
                club,
                form,
                conflicts=conflicts.conflicts,
                token=token,
                choices=[
                    (DROP_LICENCE, _("Remove the licence")),
                    (LICENCE_HOLDER, _("Take as the licence's holder")),
                ],
            )
        except BundleError as error:
            form.add_error("file", str(error))
            return self.page(request, club, form, status=400)
        return self.page(
            request,
            club,
            form,
            report=report,
            token=token,
            settlements=settlements.items(),
            choice=SEPARATE if separate else "",
        )

    def settle(self, request: HttpRequest, club: Club) -> HttpResponse:
        form = BundleConfirmForm(request.POST)
        stored = import_flow.claim(request, SESSION_KEY, club, form)
        if stored is None:
            return redirect("travel_import", club.slug)
        data = base64.b64decode(stored["bundle"])
        settlements: dict[str, str] = {}
        for key in request.POST:
            value = request.POST.get(key, "")
            if key.startswith("settle-") and value in (DROP_LICENCE, LICENCE_HOLDER):
                settlements[key.removeprefix("settle-")] = value
        action = request.POST.get("action")
        separate = request.POST.get("choice") == SEPARATE or action == SEPARATE
        if action == "discard":
            request.session.pop(SESSION_KEY, None)
            messages.info(request, _("The laptop's evening was discarded: nothing was written."))
            return redirect("travel_import", club.slug)
        if action != "confirm":
            return self.preview(
                request, club, BundleUploadForm(), data, stored["token"], settlements, separate
            )
        request.session.pop(SESSION_KEY, None)
        try:
            report = import_bundle(data, club=club, settlements=settlements, separate=separate)
        except BundleError as error:
            messages.error(request, str(error))
            return redirect("travel_import", club.slug)
        if report.changes == 0:
            messages.info(
                request,
                _("« %(name)s » is already here: nothing changed.")
                % {"name": report.tournament_name},
            )
        else:
            messages.success(
                request,
                ngettext(
                    "« %(name)s » imported: %(count)d change.",
                    "« %(name)s » imported: %(count)d changes.",
                    report.changes,
                )
                % {"name": report.tournament_name, "count": report.changes},
            )
        return redirect("staff_tournament", report.tournament_pk)


class ReturnView(ScorekeeperRequiredMixin, View):
    """« Rapporter la soirée », on the laptop that took the evening away (it keeps the lease's
    key; elsewhere: 404): the evening's bundle signed with the lease, a safety copy or its last
    version, downloaded as often as asked."""

    template_name = "travel/return.html"

    def tournament(self, pk: int) -> Tournament:
        tournament: Tournament = self.get_scoped(
            Tournament.objects.select_related("club", "season"), pk=pk
        )
        if not holds_lease(tournament):
            raise Http404(_("This database holds no lease for this tournament."))
        return tournament

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament = self.tournament(pk)
        return render(request, self.template_name, {"tournament": tournament, "form": ReturnForm()})

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament = self.tournament(pk)
        form = ReturnForm(request.POST)
        if not form.is_valid():
            context = {"tournament": tournament, "form": form}
            return render(request, self.template_name, context, status=400)
        try:
            data = return_bundle(tournament, final=form.cleaned_data["kind"] == ReturnForm.FINAL)
        except BundleError as error:
            messages.error(request, str(error))
            return redirect("staff_tournament", tournament.pk)
        return bundle_download(tournament, data)
