"""The federation's committee merges two records of one person (issue 35 §2): pick two, see
what moves, confirm. Players outside its member clubs answer 404."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views import View

from tournaments.services.errors import TournamentError

from .access import FederationCommitteeMixin
from .holders import federation_players
from .models import Federation
from .people import merge_plan, merge_players
from .people_forms import MergeForm
from .services import FederationError


class MergeView(FederationCommitteeMixin, View):
    template_name = "federation/merge.html"

    def page(
        self,
        request: HttpRequest,
        federation: Federation,
        form: MergeForm,
        status: int = 200,
        **extra: object,
    ) -> HttpResponse:
        context = {"federation": federation, "form": form, **extra}
        return render(request, self.template_name, context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        federation = self.get_federation(slug)
        form = MergeForm(players=federation_players(federation))
        return self.page(request, federation, form)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        federation = self.get_federation(slug)
        players = federation_players(federation)
        form = MergeForm(request.POST, players=players)
        if not form.is_valid():
            return self.page(request, federation, form, status=400)
        kept = get_object_or_404(players, pk=form.cleaned_data["kept"])
        absorbed = get_object_or_404(players, pk=form.cleaned_data["absorbed"])
        if request.POST.get("action") != "confirm":
            plan = merge_plan(kept, absorbed)
            return self.page(request, federation, form, plan=plan)
        try:
            merge_players(federation=federation, kept=kept, absorbed=absorbed, by=request.user)
        except (FederationError, TournamentError) as error:
            field = getattr(error, "field", None)
            form.add_error(field if field in form.fields else None, str(error))
            return self.page(request, federation, form, status=400)
        messages.success(
            request,
            _("%(absorbed)s is merged into %(kept)s: every result is kept.")
            % {"absorbed": absorbed.full_name, "kept": kept.full_name},
        )
        return redirect("federation_merge", slug=federation.slug)
