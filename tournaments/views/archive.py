"""The committee's archived evenings: typed on a page, or imported from a spreadsheet with a
preview (every row and its problems), saved only once confirmed and only without error."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View

from club import import_session
from club.models import Club, Season
from club.roles import CommitteeRequiredMixin
from club.spreadsheet_limits import ImportFileError
from tournaments.forms import ArchiveConfirmForm, ArchiveEveningForm, ArchiveImportForm
from tournaments.services import archive

SESSION_KEY = "archive_import"


def _saved_message(request, saved: archive.SavedEvenings) -> None:
    count = len(saved.tournaments)
    text = ngettext(
        "%(count)d archived evening saved.", "%(count)d archived evenings saved.", count
    ) % {"count": count}
    if saved.players_created:
        text += " " + ngettext(
            "%(count)d new player added to the club.",
            "%(count)d new players added to the club.",
            saved.players_created,
        ) % {"count": saved.players_created}
    messages.success(request, text)


class ArchiveEveningView(CommitteeRequiredMixin, View):
    """One archived evening typed on a page: each member's points (blank: absent)."""

    template_name = "tournaments/staff/archive_evening.html"

    def get(self, request, slug):
        club = self.get_scoped(Club, slug=slug)
        return self.page(request, club, ArchiveEveningForm(club=club))

    def page(self, request, club, form, status=200):
        return render(request, self.template_name, {"club": club, "form": form}, status=status)

    def post(self, request, slug):
        club = self.get_scoped(Club, slug=slug)
        form = ArchiveEveningForm(request.POST, club=club)
        if not form.is_valid():
            return self.page(request, club, form, status=400)
        data = form.cleaned_data
        saved = archive.save_evenings(
            club, data["season"], data["game"], form.rows, rounds=data["rounds"]
        )
        _saved_message(request, saved)
        return redirect(reverse("season_standings", args=[data["season"].pk]))


class ArchiveImportView(CommitteeRequiredMixin, View):
    """Upload a file, see every row and its problems, then confirm; nothing is saved before,
    nor while one row is in error."""

    template_name = "tournaments/staff/archive_import.html"

    def get(self, request, slug):
        club = self.get_scoped(Club, slug=slug)
        return self.page(request, club, ArchiveImportForm(club=club))

    def page(self, request, club, form, status=200):
        return render(request, self.template_name, {"club": club, "form": form}, status=status)

    def post(self, request, slug):
        club = self.get_scoped(Club, slug=slug)
        if "token" in request.POST:
            return self.confirm(request, club)
        form = ArchiveImportForm(request.POST, request.FILES, club=club)
        if not form.is_valid():
            status = 413 if form.has_error("file", "too_large") else 400
            return self.page(request, club, form, status=status)
        data = form.cleaned_data
        upload = data["file"]
        try:
            rows = archive.parse_rows(upload.name, upload)
        except ImportFileError as error:
            form.add_error("file", str(error))
            return self.page(request, club, form, status=error.status)
        archive.check_rows(club, data["season"], data["game"], rows)
        stored = import_session.stash(
            request,
            SESSION_KEY,
            club,
            season=data["season"].pk,
            game=data["game"],
            rounds=data["rounds"],
            filename=upload.name,
            rows=[row.to_dict() for row in rows],
        )
        confirm = ArchiveConfirmForm(initial={"token": stored["token"]})
        return self.preview(request, club, stored, rows, confirm)

    def preview(self, request, club, stored, rows, confirm_form, status=200):
        errors = [row for row in rows if not row.is_valid]
        context = {
            "club": club,
            "season": Season.objects.get(pk=stored["season"]),
            "game": stored["game"],
            "filename": stored["filename"],
            "rows": rows,
            "error_count": len(errors),
            "dates": len({row.date for row in rows}),
            "new_players": archive.new_players(rows),
            "confirm_form": confirm_form,
        }
        return render(request, "tournaments/staff/archive_preview.html", context, status=status)

    def confirm(self, request, club):
        form = ArchiveConfirmForm(request.POST)
        stored = import_session.claim(request, SESSION_KEY, club, form)
        if stored is None:
            return redirect(reverse("staff_archive_import", args=[club.slug]))
        season = self.get_scoped(Season, pk=stored["season"])
        rows = archive.check_rows(
            club, season, stored["game"], archive.rows_from_dicts(stored["rows"])
        )
        stored["rows"] = [row.to_dict() for row in rows]
        request.session[SESSION_KEY] = stored
        if any(not row.is_valid for row in rows):
            form.add_error(
                None,
                _("Some rows have errors: nothing was saved. Correct the file and send it again."),
            )
            return self.preview(request, club, stored, rows, form, status=400)
        if archive.new_players(rows) and not form.cleaned_data["create_players"]:
            form.add_error(
                "create_players",
                _(
                    "Some players are not members of the club: tick this box to add them, "
                    "or correct their names in the file."
                ),
            )
            return self.preview(request, club, stored, rows, form, status=400)
        saved = archive.save_evenings(club, season, stored["game"], rows, rounds=stored["rounds"])
        del request.session[SESSION_KEY]
        _saved_message(request, saved)
        return redirect(reverse("season_standings", args=[season.pk]))
