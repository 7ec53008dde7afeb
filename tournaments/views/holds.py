"""« Libérer la soirée »: the committee releases by hand a tournament a laptop holds
(``services.holds``). Taking it away (« Emporter la soirée ») hands the laptop its bundle:
``tournaments.travel.views.TakeAwayView``."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views import View

from club.roles import CommitteeRequiredMixin
from tournaments.models import Tournament
from tournaments.services import holds


class ReleaseView(CommitteeRequiredMixin, View):
    """GET: what releasing by hand means (the laptop's work will conflict); POST with
    ``confirm``: the site holds the tournament again."""

    template_name = "tournaments/staff/release.html"

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament: Tournament = self.get_scoped(Tournament.objects.select_related("club"), pk=pk)
        return render(request, self.template_name, {"tournament": tournament})

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament: Tournament = self.get_scoped(Tournament.objects.select_related("club"), pk=pk)
        if request.POST.get("confirm") != "1":
            return self.get(request, pk)
        released = holds.release_hold(tournament=tournament, by=request.user)
        if released is None:
            messages.info(request, _("No laptop holds this tournament."))
        else:
            messages.success(
                request,
                _(
                    "The site holds the evening again: the laptop “%(holder)s” no longer does, "
                    "and its work will conflict with what is entered here."
                )
                % {"holder": released.holder},
            )
        return redirect("staff_tournament", pk=tournament.pk)
