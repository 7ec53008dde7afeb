"""The committee's settings on the season page (the page itself is public)."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View

from club.models import Season
from club.roles import CommitteeRequiredMixin
from tournaments.forms_season import AttendanceThresholdForm
from tournaments.publishing.views import season_page_context
from tournaments.services import season_settings


class SeasonAttendanceView(CommitteeRequiredMixin, View):
    """The season's attendance threshold, from its page's form: saved, or the page again with
    the field's message and what was typed (nothing saved)."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        season = self.get_scoped(Season.objects.select_related("club"), pk=pk)
        form = AttendanceThresholdForm(request.POST, instance=Season.objects.get(pk=season.pk))
        if not form.is_valid():
            context = season_page_context(request, season, threshold_form=form)
            return render(request, "publishing/season_standings.html", context, status=400)
        threshold = form.cleaned_data["attendance_threshold"]
        season_settings.set_attendance_threshold(season, threshold)
        if threshold:
            text = ngettext(
                "Attendance threshold saved: %(count)d evening.",
                "Attendance threshold saved: %(count)d evenings.",
                threshold,
            )
            messages.success(request, text % {"count": threshold})
        else:
            messages.success(request, _("Attendance threshold removed."))
        return redirect(reverse("season_standings", args=[season.pk]) + "#attendance")
