"""The committee's archived evenings: typed on a page, or imported from a spreadsheet with a
preview (every row and its problems), saved only once confirmed and only without error."""

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View

from club.import_flow import ImportFlowView
from club.models import Club, Season
from club.roles import CommitteeRequiredMixin
from tournaments.forms import ArchiveConfirmForm, ArchiveEveningForm, ArchiveImportForm
from tournaments.services import archive

SESSION_KEY = "archive_import"


def _saved_message(request: HttpRequest, saved: archive.SavedEvenings) -> None:
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

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        return self.page(request, club, ArchiveEveningForm(club=club))

    def page(
        self, request: HttpRequest, club: Club, form: ArchiveEveningForm, status: int = 200
    ) -> HttpResponse:
        return render(request, self.template_name, {"club": club, "form": form}, status=status)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        form = ArchiveEveningForm(request.POST, club=club)
        if not form.is_valid():
            return self.page(request, club, form, status=400)
        data = form.cleaned_data
        saved = archive.save_evenings(
            club, data["season"], data["game"], form.rows, rounds=data["rounds"]
        )
        _saved_message(request, saved)
        return redirect(reverse("season_standings", args=[data["season"].pk]))


class ArchiveImportView(CommitteeRequiredMixin, ImportFlowView[archive.ArchiveRow, Club]):
    """Upload a file, see every row and its problems, then confirm; nothing is saved before,
    nor while one row is in error."""

    session_key = "archive_import"
    url_name = "staff_archive_import"
    template_name = "tournaments/staff/archive_import.html"
    preview_template_name = "tournaments/staff/archive_preview.html"
    confirm_form_class = ArchiveConfirmForm

    def get_club(self) -> Club:
        club: Club = self.get_scoped(Club, slug=self.kwargs["slug"])
        return club

    def upload_form(self, club: Club, data: Any = None, files: Any = None) -> ArchiveImportForm:
        return ArchiveImportForm(data, files, club=club)

    def read(self, club: Club, form: forms.Form) -> tuple[list[archive.ArchiveRow], dict[str, Any]]:
        data = form.cleaned_data
        rows = archive.parse_rows(data["file"].name, data["file"])
        archive.check_rows(club, data["season"], data["game"], rows)
        kept = {"season": data["season"].pk, "game": data["game"], "rounds": data["rounds"]}
        return rows, kept

    def preview_context(
        self, club: Club, stored: dict[str, Any], rows: list[archive.ArchiveRow]
    ) -> dict[str, Any]:
        return {
            "season": Season.objects.get(pk=stored["season"]),
            "game": stored["game"],
            "dates": len({row.date for row in rows}),
            "new_players": archive.new_players(rows),
        }

    def recheck(self, club: Club, stored: dict[str, Any]) -> list[archive.ArchiveRow]:
        season: Season = self.get_scoped(Season, pk=stored["season"])
        return archive.check_rows(
            club, season, stored["game"], archive.rows_from_dicts(stored["rows"])
        )

    def refuse(
        self,
        club: Club,
        form: forms.Form,
        before: list[dict[str, Any]],
        rows: list[archive.ArchiveRow],
    ) -> bool:
        if self.refuse_rows_in_error(form, rows):
            return True
        if archive.new_players(rows) and not form.cleaned_data["create_players"]:
            form.add_error(
                "create_players",
                _(
                    "Some players are not members of the club: tick this box to add them, "
                    "or correct their names in the file."
                ),
            )
            return True
        return False

    def save(
        self,
        request: HttpRequest,
        club: Club,
        stored: dict[str, Any],
        rows: list[archive.ArchiveRow],
    ) -> HttpResponse:
        season: Season = self.get_scoped(Season, pk=stored["season"])
        saved = archive.save_evenings(club, season, stored["game"], rows, rounds=stored["rounds"])
        _saved_message(request, saved)
        return redirect(reverse("season_standings", args=[season.pk]))
