"""The federation's pages: created by the site's administrator, its committee's desk (roles,
member clubs), a club's page of its federations, and the federation's public page."""

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.mixins import UserPassesTestMixin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from club.import_flow import ImportFlowView
from club.models import Club
from club.roles import CommitteeRequiredMixin
from tournaments.models import game_choices

from . import selectors, services
from .access import FederationCommitteeMixin
from .forms import (
    FederationCreateForm,
    GrantForm,
    JoinForm,
    LicenceConfirmForm,
    LicenceImportForm,
)
from .holders import matched_holders
from .licences import LicenceRow, check_rows, read_licences, rows_from_dicts
from .models import Federation, FederationMembership, Licence


def _game_names(federation: Federation) -> list[str]:
    """The games it ranks, named as the pages name them, in the active language."""
    names = dict(game_choices())
    return [names.get(game, game) for game in federation.games]


class FederationCreateView(UserPassesTestMixin, View):
    """The site's administrator (a superuser): a new federation."""

    template_name = "federation/federation_create.html"

    def test_func(self) -> bool:
        return self.request.user.is_superuser

    def get(self, request: HttpRequest) -> HttpResponse:
        return render(request, self.template_name, {"form": FederationCreateForm()})

    def post(self, request: HttpRequest) -> HttpResponse:
        form = FederationCreateForm(request.POST)
        if form.is_valid():
            try:
                federation = services.create_federation(**form.cleaned_data)
            except services.FederationError as error:
                form.add_error(error.field if error.field in form.fields else None, error.message)
            else:
                messages.success(request, _("The federation is created."))
                return redirect("federation_desk", slug=federation.slug)
        return render(request, self.template_name, {"form": form}, status=400)


class FederationDeskView(FederationCommitteeMixin, View):
    """The federation's committee: who is on it (grant, revoke), its clubs (accept)."""

    template_name = "federation/desk.html"

    def page(
        self,
        request: HttpRequest,
        federation: Federation,
        grant_form: GrantForm | None = None,
        status: int = 200,
    ) -> HttpResponse:
        context = {
            "federation": federation,
            "games": _game_names(federation),
            "committee": selectors.committee(federation),
            "memberships": selectors.memberships(federation),
            "licences": Licence.objects.filter(federation=federation).count(),
            "form": grant_form or GrantForm(),
        }
        return render(request, self.template_name, context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self.page(request, self.get_federation(slug))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        federation = self.get_federation(slug)
        action = request.POST.get("action")
        if action == "grant":
            form = GrantForm(request.POST)
            if not form.is_valid():
                return self.page(request, federation, form, status=400)
            services.grant_committee(federation=federation, user=form.cleaned_data["username"])
            messages.success(request, _("The role is granted."))
        elif action == "revoke":
            role = get_object_or_404(
                selectors.committee(federation), pk=_int(request.POST.get("role"))
            )
            try:
                services.revoke_committee(federation=federation, user=role.user)
            except services.FederationError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, _("The role is revoked."))
        elif action == "accept":
            membership = get_object_or_404(
                FederationMembership.objects.filter(federation=federation),
                pk=_int(request.POST.get("membership")),
            )
            services.accept_club(membership=membership)
            messages.success(request, _("The club is a member of the federation."))
        else:
            return self.page(request, federation, status=400)
        return redirect("federation_desk", slug=federation.slug)


def _int(value: str | None) -> int:
    return int(value) if value and value.isdigit() else 0


class ClubFederationsView(CommitteeRequiredMixin, View):
    """A club's committee: the federations the club belongs to, and a request to join one."""

    template_name = "federation/club_federations.html"

    def page(
        self, request: HttpRequest, club: Club, form: JoinForm | None = None, status: int = 200
    ) -> HttpResponse:
        context = {
            "club": club,
            "memberships": selectors.club_memberships(club),
            "form": form or JoinForm(federations=selectors.joinable(club)),
        }
        return render(request, self.template_name, context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        return self.page(request, club)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        form = JoinForm(request.POST, federations=selectors.joinable(club))
        if not form.is_valid():
            return self.page(request, club, form, status=400)
        try:
            services.ask_to_join(federation=form.cleaned_data["federation"], club=club)
        except services.FederationError as error:
            form.add_error("federation", error.message)
            return self.page(request, club, form, status=400)
        messages.success(request, _("The request is sent: the federation's committee accepts it."))
        return redirect("club_federations", slug=club.slug)


class LicenceImportView(FederationCommitteeMixin, ImportFlowView[LicenceRow, Federation]):
    """The federation's licence list: upload, every row and its problems, then confirm;
    nothing is saved before, nor while one row is in error."""

    session_key = "licence_import"
    url_name = "federation_licence_import"
    template_name = "federation/licence_import.html"
    preview_template_name = "federation/licence_preview.html"
    confirm_form_class = LicenceConfirmForm

    def get_club(self) -> Federation:
        return self.get_federation(self.kwargs["slug"])

    def page(
        self, request: HttpRequest, club: Federation, form: forms.Form, status: int = 200
    ) -> HttpResponse:
        # ``federation``, never ``club``: the base layout reads a club's pages from ``club``.
        context = {"federation": club, "form": form}
        return render(request, self.template_name, context, status=status)

    def upload_form(
        self, club: Federation, data: Any = None, files: Any = None
    ) -> LicenceImportForm:
        return LicenceImportForm(data, files)

    def read(self, club: Federation, form: forms.Form) -> tuple[list[LicenceRow], dict[str, Any]]:
        upload = form.cleaned_data["file"]
        return read_licences(club, upload.name, upload), {}

    def preview_context(
        self, club: Federation, stored: dict[str, Any], rows: list[LicenceRow]
    ) -> dict[str, Any]:
        # ``federation``, never ``club``: the base layout reads a club's pages from ``club``.
        valid = [row for row in rows if row.is_valid]
        holders = matched_holders(club, ((row.number, row.club_id or 0) for row in valid))
        return {
            "club": None,
            "federation": club,
            "matched": len(holders),
            "valid": len(valid),
            # The same rows as the session keeps them: plain dicts, the template's quickest
            # lookups over thousands of rows.
            "row_values": stored["rows"],
        }

    def recheck(self, club: Federation, stored: dict[str, Any]) -> list[LicenceRow]:
        return check_rows(club, rows_from_dicts(stored["rows"]))

    def refuse(
        self,
        club: Federation,
        form: forms.Form,
        before: list[dict[str, Any]],
        rows: list[LicenceRow],
    ) -> bool:
        return self.refuse_rows_in_error(form, rows)

    def save(
        self,
        request: HttpRequest,
        club: Federation,
        stored: dict[str, Any],
        rows: list[LicenceRow],
    ) -> HttpResponse:
        try:
            created, updated = services.import_licences(federation=club, rows=rows)
        except services.FederationError as error:
            messages.error(request, error.message)
            return redirect(reverse(self.url_name, args=[club.slug]))
        messages.success(
            request,
            _("Licences imported: %(created)d new, %(updated)d updated.")
            % {"created": created, "updated": updated},
        )
        return redirect("federation_desk", slug=club.slug)
