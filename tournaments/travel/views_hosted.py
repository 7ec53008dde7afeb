"""The federation's pages of its clubs hosted on other Atout sites (issue 35 §5): the list
and the form that enters one, and « Importer les résultats d'un club » (an upload, the preview
of the tournament, its players matched by licence and what changes, a confirmation). Its
committee only; another federation's answer 404."""

import base64
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View

from club import import_flow

from ..federation.access import FederationCommitteeMixin
from ..federation.models import Federation, HostedClub
from .forms import BundleConfirmForm, BundleUploadForm
from .hosted import HostedError, add_hosted_club, take_results
from .hosted_forms import HostedClubForm
from .services.document import BundleError

SESSION_KEY = "hosted_results_import"


def _hosted(federation: Federation) -> Any:
    return HostedClub.objects.filter(federation=federation).select_related("club")


class HostedClubsView(FederationCommitteeMixin, View):
    """The clubs hosted elsewhere: each with its site and its import; the form adding one."""

    template_name = "travel/hosted_clubs.html"

    def page(
        self,
        request: HttpRequest,
        federation: Federation,
        form: HostedClubForm | None = None,
        status: int = 200,
    ) -> HttpResponse:
        context = {
            "federation": federation,
            "hosted_clubs": _hosted(federation),
            "form": form or HostedClubForm(),
        }
        return render(request, self.template_name, context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self.page(request, self.get_federation(slug))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        federation = self.get_federation(slug)
        form = HostedClubForm(request.POST)
        if not form.is_valid():
            return self.page(request, federation, form, status=400)
        try:
            hosted = add_hosted_club(federation=federation, **form.cleaned_data)
        except HostedError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
            return self.page(request, federation, form, status=400)
        messages.success(
            request,
            _("« %(name)s » is a member club hosted elsewhere: its site's bundles are accepted.")
            % {"name": hosted.club.name},
        )
        return redirect("hosted_clubs", slug=federation.slug)


class HostedImportView(FederationCommitteeMixin, View):
    """« Importer les résultats d'un club »: the bundle of that club's site, previewed, then
    taken (``hosted.take_results``)."""

    template_name = "travel/hosted_import.html"

    def get_hosted(self, slug: str, pk: int) -> HostedClub:
        federation = self.get_federation(slug)
        hosted: HostedClub = get_object_or_404(_hosted(federation), pk=pk)
        return hosted

    def page(
        self,
        request: HttpRequest,
        hosted: HostedClub,
        form: BundleUploadForm | None = None,
        status: int = 200,
        **context: Any,
    ) -> HttpResponse:
        context = {
            "federation": hosted.federation,
            "hosted": hosted,
            "form": form or BundleUploadForm(),
            **context,
        }
        return render(request, self.template_name, context, status=status)

    def get(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        return self.page(request, self.get_hosted(slug, pk))

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        hosted = self.get_hosted(slug, pk)
        if "token" in request.POST:
            return self.confirm(request, hosted)
        form = BundleUploadForm(request.POST, request.FILES)
        if not form.is_valid():
            return self.page(request, hosted, form, status=form.refused_status())
        data = form.cleaned_data["file"]
        try:
            preview = take_results(data, hosted=hosted, dry_run=True)
        except (BundleError, HostedError) as error:
            form.add_error("file", str(error))
            return self.page(request, hosted, form, status=400)
        stored = import_flow.stash(
            request, SESSION_KEY, hosted, bundle=base64.b64encode(data).decode("ascii")
        )
        return self.page(request, hosted, form, preview=preview, token=stored["token"])

    def confirm(self, request: HttpRequest, hosted: HostedClub) -> HttpResponse:
        stored = import_flow.claim(request, SESSION_KEY, hosted, BundleConfirmForm(request.POST))
        if stored is None:
            return redirect("hosted_import", hosted.federation.slug, hosted.pk)
        request.session.pop(SESSION_KEY, None)
        try:
            preview = take_results(base64.b64decode(stored["bundle"]), hosted=hosted)
        except HostedError as error:
            messages.error(request, error.message)
            return redirect("hosted_import", hosted.federation.slug, hosted.pk)
        if preview.changes == 0:
            messages.info(
                request,
                _("« %(name)s »: 0 changes, it is already here as the bundle has it.")
                % {"name": preview.tournament_name},
            )
            return redirect("hosted_clubs", slug=hosted.federation.slug)
        messages.success(
            request,
            ngettext(
                "« %(name)s » taken: %(count)d change.",
                "« %(name)s » taken: %(count)d changes.",
                preview.changes,
            )
            % {"name": preview.tournament_name, "count": preview.changes},
        )
        return redirect("hosted_clubs", slug=hosted.federation.slug)
