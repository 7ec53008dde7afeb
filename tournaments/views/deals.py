"""The round clock and the director's dashboard of games played against a clock (e.g. whist).
No game is named here: the plug-in gives the clock setting and the deals per round. (Entering
the deals is ``views_entry``.)
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import View

from club.params import parse_int
from tournaments.access import ClockRoundMixin
from tournaments.games import plugin_for
from tournaments.models import Round, Tournament
from tournaments.selectors import round_reads
from tournaments.selectors.round_reads import clock_payload
from tournaments.services import errors, round_clock


def _deals_per_round(tournament: Tournament) -> int | None:
    """Deals of a complete session; None for games played to a target."""
    return plugin_for(tournament.game).deals_per_round(tournament.rules or None)


# --------------------------------------------------------------------------- clock


class ClockView(ClockRoundMixin, View):
    """The hall clock: big, full-screen, driven by the server's time."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        round_ = self.get_round(pk)
        return render(
            request,
            "tournaments/staff/clock.html",
            {"round": round_, "tournament": round_.tournament, "clock": clock_payload(round_)},
        )

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        round_ = self.get_round(pk)
        try:
            self.act(request, round_, request.POST.get("action", ""))
        except errors.TournamentError as error:  # a laptop holds the tournament
            if request.headers.get("Accept", "").startswith("application/json"):
                return JsonResponse({**clock_payload(round_), "message": str(error)}, status=409)
            messages.error(request, str(error))
        if request.headers.get("Accept", "").startswith("application/json"):
            return JsonResponse(clock_payload(Round.objects.get(pk=round_.pk)))
        return HttpResponseRedirect(self.next_url(request, round_))

    def act(self, request: HttpRequest, round_: Round, action: str) -> None:
        if action == "start":
            round_clock.clock_start(round_)
        elif action == "pause":
            round_clock.clock_pause(round_)
        elif action == "resume":
            round_clock.clock_resume(round_)
        elif action == "close":
            round_clock.close_round(round_)
            messages.success(request, _("The round is closed: every table counts as played."))
        elif action == "minutes":
            minutes = parse_int(request.POST.get("minutes"), minimum=1, maximum=24 * 60)
            round_clock.clock_set_minutes(round_, minutes=minutes)

    @staticmethod
    def next_url(request: HttpRequest, round_: Round) -> str:
        """Back where the button was (the dashboard or the clock), never to another site."""
        url = request.POST.get("next", "")
        safe = (
            url.startswith("/")
            and url.isprintable()
            and len(url) <= 2000
            and url_has_allowed_host_and_scheme(
                url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
            )
        )
        return url if safe else reverse("staff_clock", args=[round_.pk])


class ClockStateView(ClockRoundMixin, View):
    def get(self, request: HttpRequest, pk: int) -> JsonResponse:
        return JsonResponse(clock_payload(self.get_round(pk)))


class RoundProgressView(ClockRoundMixin, View):
    """The director's dashboard: deals entered per table, tables behind, short tables."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        round_ = self.get_round(pk)
        tournament = round_.tournament
        deals_per_round = _deals_per_round(tournament) or 0
        progress = round_reads.round_progress(round_, deals_per_round, timezone.now())
        return render(
            request,
            "tournaments/staff/progress.html",
            {
                "round": round_,
                "tournament": tournament,
                "plugin": plugin_for(tournament.game),
                "progress": progress,
                "deals_per_round": deals_per_round,
                "clock": clock_payload(round_),
                "behind": sum(1 for p in progress if p.behind),
                "short": sum(1 for p in progress if p.short),
            },
        )
