from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from tournaments.selectors import listing

from . import selectors, services
from .forms import LoginForm, PlayerImportConfirmForm, PlayerImportForm
from .import_flow import ImportFlowView
from .language import activate_club_language
from .login_throttle import lock_end
from .models import Club
from .player_import import ImportRow, read_players, rows_from_dicts, validate_rows
from .privacy import keep_out_of_search_engines
from .roles import CommitteeRequiredMixin


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    template_name = "registration/login.html"


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: Mapping[str, Any] | None = None,
) -> HttpResponse:
    """django-axes' lockout page (``AXES_LOCKOUT_CALLABLE``): it says when the lock ends."""
    context = {"ends": lock_end(request, credentials)}
    return render(request, "registration/locked.html", context, status=429)


class HomeView(TemplateView):
    """The site's home: the first club's page, or an invitation to create one."""

    template_name = "club/home.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        club = selectors.default_club()
        if club is not None and selectors.clubs().count() == 1:
            return redirect(club)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "clubs": selectors.clubs()}


class ClubHomeView(TemplateView):
    template_name = "club/club_home.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        club = get_object_or_404(Club, slug=self.kwargs["slug"])
        activate_club_language(self.request, club.language)
        keep_out_of_search_engines(self.request, club)
        season = selectors.current_season(club)
        return {
            **super().get_context_data(**kwargs),
            "club": club,
            "season": season,
            **listing.club_home(club, season),
        }


class PrivacyNoticeView(TemplateView):
    """The club's privacy notice, as its committee wrote it (plain text, never markup)."""

    template_name = "club/privacy_notice.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        club = get_object_or_404(Club, slug=self.kwargs["slug"])
        activate_club_language(self.request, club.language)
        keep_out_of_search_engines(self.request, club)
        return {**super().get_context_data(**kwargs), "club": club}


class SitePrivacyView(TemplateView):
    """The site's privacy page: each club is the controller of its players' data."""

    template_name = "club/site_privacy.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "clubs": selectors.clubs()}


class PlayerImportView(CommitteeRequiredMixin, ImportFlowView[ImportRow, Club]):
    """Upload a file, see every row and its errors, then confirm; nothing is saved before."""

    session_key = "player_import"
    url_name = "player_import"
    template_name = "club/player_import.html"
    preview_template_name = "club/player_import_preview.html"
    confirm_form_class = PlayerImportConfirmForm

    def get_club(self) -> Club:
        club: Club = self.get_scoped(Club, slug=self.kwargs["slug"])
        return club

    def upload_form(self, club: Club, data: Any = None, files: Any = None) -> PlayerImportForm:
        return PlayerImportForm(data, files)

    def read(self, club: Club, form: forms.Form) -> tuple[list[ImportRow], dict[str, Any]]:
        upload = form.cleaned_data["file"]
        return read_players(club, upload.name, upload), {}

    def recheck(self, club: Club, stored: dict[str, Any]) -> list[ImportRow]:
        return validate_rows(club, rows_from_dicts(stored["rows"]))

    def refuse(
        self, club: Club, form: forms.Form, before: list[dict[str, Any]], rows: list[ImportRow]
    ) -> bool:
        if [not row.is_valid for row in rows] != [bool(row["errors"]) for row in before]:
            form.add_error(None, _("The players changed since the preview: check the rows again."))
            return True
        if any(not row.is_valid for row in rows) and not form.cleaned_data["skip_invalid"]:
            form.add_error(
                "skip_invalid",
                _(
                    "Some rows have errors: correct the file, or tick this box "
                    "to import only the valid rows."
                ),
            )
            return True
        return False

    def save(
        self, request: HttpRequest, club: Club, stored: dict[str, Any], rows: list[ImportRow]
    ) -> HttpResponse:
        count = services.import_players(club, rows)
        messages.success(request, _("%(count)d players imported.") % {"count": count})
        return redirect(club)
