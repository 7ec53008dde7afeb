from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from tournaments.selectors import listing

from . import import_session, selectors, services
from .forms import LoginForm, PlayerImportConfirmForm, PlayerImportForm
from .language import activate_club_language
from .login_throttle import lock_end
from .models import Club
from .player_import import ImportFileError, read_players, rows_from_dicts, validate_rows
from .privacy import keep_out_of_search_engines
from .roles import CommitteeRequiredMixin


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    template_name = "registration/login.html"


def locked_out(request, original_response=None, credentials=None):
    """django-axes' lockout page (``AXES_LOCKOUT_CALLABLE``): it says when the lock ends."""
    context = {"ends": lock_end(request, credentials)}
    return render(request, "registration/locked.html", context, status=429)


class HomeView(TemplateView):
    """The site's home: the first club's page, or an invitation to create one."""

    template_name = "club/home.html"

    def get(self, request, *args, **kwargs):
        club = selectors.default_club()
        if club is not None and selectors.clubs().count() == 1:
            return redirect(club)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "clubs": selectors.clubs()}


class ClubHomeView(TemplateView):
    template_name = "club/club_home.html"

    def get_context_data(self, **kwargs):
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

    def get_context_data(self, **kwargs):
        club = get_object_or_404(Club, slug=self.kwargs["slug"])
        activate_club_language(self.request, club.language)
        keep_out_of_search_engines(self.request, club)
        return {**super().get_context_data(**kwargs), "club": club}


class SitePrivacyView(TemplateView):
    """The site's privacy page: each club is the controller of its players' data."""

    template_name = "club/site_privacy.html"

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "clubs": selectors.clubs()}


IMPORT_SESSION_KEY = "player_import"


class PlayerImportView(CommitteeRequiredMixin, View):
    """Upload a file, see every row and its errors, then confirm; nothing is saved before."""

    template_name = "club/player_import.html"

    def get_club(self) -> Club:
        return self.get_scoped(Club, slug=self.kwargs["slug"])

    def get(self, request, slug):
        return render(
            request, self.template_name, {"club": self.get_club(), "form": PlayerImportForm()}
        )

    def post(self, request, slug):
        club = self.get_club()
        if "token" in request.POST:
            return self.confirm(request, club)
        form = PlayerImportForm(request.POST, request.FILES)
        if not form.is_valid():
            status = 413 if form.has_error("file", "too_large") else 400
            return render(request, self.template_name, {"club": club, "form": form}, status=status)
        upload = form.cleaned_data["file"]
        try:
            rows = read_players(club, upload.name, upload)
        except ImportFileError as error:
            form.add_error("file", str(error))
            context = {"club": club, "form": form}
            return render(request, self.template_name, context, status=error.status)
        stored = import_session.stash(
            request,
            IMPORT_SESSION_KEY,
            club,
            filename=upload.name,
            rows=[row.to_dict() for row in rows],
        )
        confirm = PlayerImportConfirmForm(initial={"token": stored["token"]})
        return self.preview(request, club, rows, upload.name, confirm)

    def preview(self, request, club, rows, filename, confirm_form, status=200):
        context = {
            "club": club,
            "rows": rows,
            "filename": filename,
            "valid_count": sum(row.is_valid for row in rows),
            "error_count": sum(not row.is_valid for row in rows),
            "confirm_form": confirm_form,
        }
        return render(request, "club/player_import_preview.html", context, status=status)

    def confirm(self, request, club):
        form = PlayerImportConfirmForm(request.POST)
        stored = import_session.claim(request, IMPORT_SESSION_KEY, club, form)
        if stored is None:
            return redirect(reverse("player_import", args=[club.slug]))
        previous_errors = [bool(row["errors"]) for row in stored["rows"]]
        rows = validate_rows(club, rows_from_dicts(stored["rows"]))
        changed = [not row.is_valid for row in rows] != previous_errors
        has_errors = any(not row.is_valid for row in rows)
        if changed or (has_errors and not form.cleaned_data["skip_invalid"]):
            if changed:
                form.add_error(
                    None, _("The players changed since the preview: check the rows again.")
                )
            else:
                form.add_error(
                    "skip_invalid",
                    _(
                        "Some rows have errors: correct the file, or tick this box "
                        "to import only the valid rows."
                    ),
                )
            stored["rows"] = [row.to_dict() for row in rows]
            request.session[IMPORT_SESSION_KEY] = stored
            return self.preview(request, club, rows, stored["filename"], form, status=400)
        count = services.import_players(club, rows)
        del request.session[IMPORT_SESSION_KEY]
        messages.success(request, _("%(count)d players imported.") % {"count": count})
        return redirect(club)
