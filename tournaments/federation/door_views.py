"""A club's tournament counting for a federation (issue 35 §3): the club's committee chooses
the federation and the door's rules; the service finds the season and the status."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views import View

from club.roles import CommitteeRequiredMixin
from tournaments.models import Tournament
from tournaments.services.errors import TournamentError

from .door import set_counted
from .door_forms import CountedForm
from .models import CountedTournament
from .services import FederationError


class CountedView(CommitteeRequiredMixin, View):
    template_name = "federation/tournament_counted.html"

    def page(
        self, request: HttpRequest, tournament: Tournament, form: CountedForm, status: int = 200
    ) -> HttpResponse:
        counted = CountedTournament.objects.filter(tournament=tournament).first()
        context = {"tournament": tournament, "form": form, "counted": counted}
        return render(request, self.template_name, context, status=status)

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament: Tournament = self.get_scoped(Tournament, pk=pk)
        counted = CountedTournament.objects.filter(tournament=tournament).first()
        initial = {}
        if counted is not None:
            initial = {
                "federation": counted.federation_id,
                "unlicensed_may_play": counted.unlicensed_may_play,
                "unlicensed_results_count": counted.unlicensed_results_count,
            }
        return self.page(request, tournament, CountedForm(initial=initial, tournament=tournament))

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament: Tournament = self.get_scoped(Tournament, pk=pk)
        form = CountedForm(request.POST, tournament=tournament)
        if not form.is_valid():
            return self.page(request, tournament, form, status=400)
        try:
            counted = set_counted(tournament, **form.cleaned_data)
        except FederationError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
            return self.page(request, tournament, form, status=400)
        except TournamentError as error:  # a laptop holds the tournament
            form.add_error(None, str(error))
            return self.page(request, tournament, form, status=409)
        if counted is None:
            messages.success(request, _("The tournament counts for no federation."))
        elif counted.status == CountedTournament.Status.ASKED:
            messages.success(
                request, _("The tournament is sent to the federation, which approves it.")
            )
        else:
            messages.success(request, _("The tournament counts for the federation."))
        return redirect("tournament_federation", pk=tournament.pk)
