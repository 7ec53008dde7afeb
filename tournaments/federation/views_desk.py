"""The federation's desk for its ranking (issue 35 §4): its rules page, its seasons, its clubs'
counted tournaments with their approval (« homologation »). The committee only
(``FederationCommitteeMixin``); another federation's objects answer 404."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views import View

from . import ranking, services
from .access import FederationCommitteeMixin
from .forms import RuleForm, SeasonForm
from .models import CountedTournament, Federation, FederationSeason
from .views_public import game_names


class RulesView(FederationCommitteeMixin, View):
    """The ranking rule's settings, bounded: a refused one is said on its field, in the
    page's language, and nothing is saved."""

    template_name = "federation/rules.html"

    def page(
        self, request: HttpRequest, federation: Federation, form: RuleForm, status: int = 200
    ) -> HttpResponse:
        context = {"federation": federation, "form": form}
        return render(request, self.template_name, context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        federation = self.get_federation(slug)
        return self.page(request, federation, RuleForm(instance=federation))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        federation = self.get_federation(slug)
        # The form checks a copy: the federation shown keeps its saved settings.
        form = RuleForm(request.POST, instance=Federation.objects.get(pk=federation.pk))
        if form.is_valid():
            try:
                services.save_rule(federation=federation, settings=form.cleaned_data)
            except services.FederationError as error:
                form.add_error(error.field if error.field in form.fields else None, error.message)
            else:
                messages.success(request, _("The ranking rule is saved."))
                return redirect("federation_rules", slug=federation.slug)
        return self.page(request, federation, form, status=400)


class SeasonsView(FederationCommitteeMixin, View):
    """The federation's seasons, and a new one (or one edited: ``pk``)."""

    template_name = "federation/seasons.html"

    def page(
        self,
        request: HttpRequest,
        federation: Federation,
        form: SeasonForm,
        season: FederationSeason | None,
        status: int = 200,
    ) -> HttpResponse:
        context = {
            "federation": federation,
            "form": form,
            "season": season,
            "seasons": FederationSeason.objects.filter(federation=federation).order_by(
                "-starts_on"
            ),
        }
        return render(request, self.template_name, context, status=status)

    def season(self, federation: Federation, pk: int | None) -> FederationSeason | None:
        if pk is None:
            return None
        return get_object_or_404(FederationSeason.objects.filter(federation=federation), pk=pk)

    def get(self, request: HttpRequest, slug: str, pk: int | None = None) -> HttpResponse:
        federation = self.get_federation(slug)
        season = self.season(federation, pk)
        initial = (
            {"name": season.name, "starts_on": season.starts_on, "ends_on": season.ends_on}
            if season
            else None
        )
        return self.page(request, federation, SeasonForm(initial=initial), season)

    def post(self, request: HttpRequest, slug: str, pk: int | None = None) -> HttpResponse:
        federation = self.get_federation(slug)
        season = self.season(federation, pk)
        form = SeasonForm(request.POST)
        if form.is_valid():
            try:
                services.save_season(federation=federation, season=season, **form.cleaned_data)
            except services.FederationError as error:
                form.add_error(error.field if error.field in form.fields else None, error.message)
            else:
                messages.success(request, _("The season is saved."))
                return redirect("federation_seasons", slug=federation.slug)
        return self.page(request, federation, form, season, status=400)


class CountedDeskView(FederationCommitteeMixin, View):
    """Its clubs' counted tournaments, every status, by club; approve or refuse one."""

    template_name = "federation/counted_desk.html"

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        federation = self.get_federation(slug)
        context = {
            "federation": federation,
            "lines": ranking.counted_list(federation, every_status=True),
            "games": game_names(),
        }
        return render(request, self.template_name, context)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        federation = self.get_federation(slug)
        pk = request.POST.get("counted", "")
        counted = get_object_or_404(
            CountedTournament.objects.filter(federation=federation),
            pk=int(pk) if pk.isdigit() else 0,
        )
        action = request.POST.get("action")
        if action not in ("approve", "refuse"):
            return redirect("federation_counted_desk", slug=federation.slug)
        services.decide_counted(counted=counted, approve=action == "approve")
        if action == "approve":
            messages.success(request, _("The tournament is approved: it counts."))
        else:
            messages.success(request, _("The tournament is refused: it does not count."))
        return redirect("federation_counted_desk", slug=federation.slug)
