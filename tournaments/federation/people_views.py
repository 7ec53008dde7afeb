"""The federation's committee merges two records of one person (issue 35 §2): search its
players by name or licence number, pick two among the matches, see what moves, confirm.
Players outside its member clubs never appear, and answer 404."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views import View

from tournaments.services.errors import TournamentError

from .access import FederationCommitteeMixin
from .holders import PlayerSearch, federation_players, search_federation_players
from .models import Federation
from .people import merge_plan, merge_players
from .people_forms import MergeForm, PlayerSearchForm
from .services import FederationError


class MergeView(FederationCommitteeMixin, View):
    template_name = "federation/merge.html"

    def page(
        self,
        request: HttpRequest,
        federation: Federation,
        form: MergeForm,
        data: QueryDict,
        status: int = 200,
        **extra: object,
    ) -> HttpResponse:
        """The page, with the search ``data`` asks (``q``: none asked, none shown)."""
        search = PlayerSearchForm(data) if data.get("q") is not None else PlayerSearchForm()
        found: PlayerSearch | None = None
        if search.is_bound and search.is_valid():
            found = search_federation_players(federation, search.cleaned_data["q"])
        if search.is_bound and not search.is_valid() and status == 200:
            status = 400
        context = {
            "federation": federation,
            "form": form,
            "search": search,
            "found": found,
            **extra,
        }
        return render(request, self.template_name, context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        federation = self.get_federation(slug)
        return self.page(request, federation, MergeForm(), request.GET)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        federation = self.get_federation(slug)
        players = federation_players(federation)
        form = MergeForm(request.POST)
        if not form.is_valid():
            return self.page(request, federation, form, request.POST, status=400)
        kept = get_object_or_404(players, pk=form.cleaned_data["kept"])
        absorbed = get_object_or_404(players, pk=form.cleaned_data["absorbed"])
        if request.POST.get("action") != "confirm":
            plan = merge_plan(kept, absorbed)
            return self.page(request, federation, form, request.POST, plan=plan)
        try:
            merge_players(federation=federation, kept=kept, absorbed=absorbed, by=request.user)
        except (FederationError, TournamentError) as error:
            field = getattr(error, "field", None)
            form.add_error(field if field in form.fields else None, str(error))
            return self.page(request, federation, form, request.POST, status=400)
        messages.success(
            request,
            _("%(absorbed)s is merged into %(kept)s: every result is kept.")
            % {"absorbed": absorbed.full_name, "kept": kept.full_name},
        )
        return redirect("federation_merge", slug=federation.slug)
