"""« Emporter la soirée »: the committee lets a laptop hold a tournament (the site refuses
every write to it meanwhile), and releases it by hand (``services.holds``)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views import View

from club.roles import CommitteeRequiredMixin
from tournaments.forms import HoldForm
from tournaments.models import Tournament
from tournaments.services import errors, holds


class HoldView(CommitteeRequiredMixin, View):
    """GET: the form (the laptop's name); POST: the tournament is held by that laptop. The
    bundle the laptop imports is downloaded from the tournament's page once it is held."""

    template_name = "tournaments/staff/hold.html"

    def get(self, request, pk, form=None, status=200):
        tournament = self.get_scoped(Tournament.objects.select_related("club"), pk=pk)
        context = {"tournament": tournament, "form": form or HoldForm()}
        return render(request, self.template_name, context, status=status)

    def post(self, request, pk):
        tournament = self.get_scoped(Tournament.objects.select_related("club"), pk=pk)
        form = HoldForm(request.POST)
        if not form.is_valid():
            return self.get(request, pk, form=form, status=400)
        try:
            holds.hold_tournament(
                tournament=tournament, holder=form.cleaned_data["holder"], by=request.user
            )
        except errors.TournamentError as error:
            form.add_error("holder" if not tournament.is_held else None, str(error))
            return self.get(request, pk, form=form, status=409)
        messages.success(
            request,
            _(
                "The laptop “%(holder)s” holds the evening: the site accepts no change to it until "
                "its bundle is imported."
            )
            % {"holder": tournament.held_by},
        )
        # The tournament's page offers the laptop's bundle once it is held (the export of
        # ``tournaments/travel``, beside the banner: see the dashboard's template).
        return redirect("staff_tournament", pk=tournament.pk)


class ReleaseView(CommitteeRequiredMixin, View):
    """GET: what releasing by hand means (the laptop's work will conflict); POST with
    ``confirm``: the site holds the tournament again."""

    template_name = "tournaments/staff/release.html"

    def get(self, request, pk):
        tournament = self.get_scoped(Tournament.objects.select_related("club"), pk=pk)
        return render(request, self.template_name, {"tournament": tournament})

    def post(self, request, pk):
        tournament = self.get_scoped(Tournament.objects.select_related("club"), pk=pk)
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
