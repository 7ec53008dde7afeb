"""The hall screen: the tournament's clock opened without a login through a secret link, and
the scorekeeper's page that shows that link as a QR code (and replaces or revokes it)."""

from typing import TypeVar

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from club.language import activate_club_language
from club.roles import ScorekeeperRequiredMixin
from tournaments.games import plugin_for
from tournaments.models import Round, Tournament
from tournaments.selectors.round_reads import clock_payload
from tournaments.services import errors
from tournaments.tableside import hall_screen

# The token is the only key: it must never leak through a Referer or land in a search engine.
PRIVATE_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
}


_R = TypeVar("_R", bound=HttpResponseBase)


def _private(response: _R, referrer: str = "no-referrer") -> _R:
    for header, value in PRIVATE_HEADERS.items():
        response[header] = value
    # The staff page posts forms: « no-referrer » would send « Origin: null » and fail CSRF.
    response["Referrer-Policy"] = referrer
    return response


def _hall_tournament(token: str) -> Tournament:
    """The tournament whose hall link is ``token``; a revoked or unknown token is a 404."""
    if not token:
        raise Http404
    tournament = get_object_or_404(Tournament.objects.select_related("club"), hall_token=token)
    if not plugin_for(tournament.game).clock:
        raise Http404
    return tournament


def _current_round(tournament: Tournament) -> Round | None:
    """The round the hall is playing: the last one drawn."""
    return tournament.round_set.order_by("-number").first()


class HallLinkView(ScorekeeperRequiredMixin, View):
    """The scorekeeper's side: the link and its QR code, to open the clock on the hall's screen."""

    def get_tournament(self, pk: int) -> Tournament:
        tournament: Tournament = self.get_scoped(Tournament.objects.select_related("club"), pk=pk)
        if not plugin_for(tournament.game).clock:
            raise Http404
        return tournament

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament = self.get_tournament(pk)
        link = qr = None
        if tournament.hall_token:
            link = request.build_absolute_uri(reverse("hall_clock", args=[tournament.hall_token]))
            qr = segno.make(link, error="m").svg_data_uri(scale=6, border=4)
        return _private(
            render(
                request,
                "tableside/hall_link.html",
                {
                    "tournament": tournament,
                    "link": link,
                    "qr": qr,
                    "round": _current_round(tournament),
                },
            ),
            referrer="same-origin",
        )

    def post(self, request: HttpRequest, pk: int) -> HttpResponseRedirect:
        tournament = self.get_tournament(pk)
        try:
            self.act(request, tournament)
        except errors.TournamentError as error:  # a laptop holds the tournament
            messages.error(request, str(error))
        return HttpResponseRedirect(reverse("staff_hall_link", args=[tournament.pk]))

    def act(self, request: HttpRequest, tournament: Tournament) -> None:
        if request.POST.get("action") == "revoke":
            hall_screen.hall_link_revoke(tournament)
            messages.success(request, _("The hall clock's link is revoked: it no longer opens."))
        else:
            replaced = bool(tournament.hall_token)
            hall_screen.hall_link_renew(tournament)
            messages.success(
                request,
                _("New link: the previous one no longer opens.")
                if replaced
                else _("The hall clock's link is ready."),
            )


class HallClockView(View):
    """The hall's side: the clock of the current round, read-only, no login."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        tournament = _hall_tournament(token)
        activate_club_language(request, tournament.club.language)  # hung in the club's hall
        round_ = _current_round(tournament)
        context = {
            "tournament": tournament,
            "round": round_,
            "clock": clock_payload(round_) if round_ else None,
            "hall": True,
            "state_url": reverse("hall_clock_state", args=[token]),
        }
        return _private(render(request, "tournaments/staff/clock.html", context))


class HallClockStateView(View):
    """What the hall's screen polls (every 5 s): the clock, from one query once a round is
    drawn (the last round with its tournament, found by the hall's token)."""

    def get(self, request: HttpRequest, token: str) -> JsonResponse:
        round_ = None
        if token:
            round_ = (
                Round.objects.filter(tournament__hall_token=token)
                .select_related("tournament")
                .order_by("-number")
                .first()
            )
        if round_ is None:  # no round yet, or no such link (a 404)
            round_ = _current_round(_hall_tournament(token))
        elif not plugin_for(round_.tournament.game).clock:
            raise Http404
        payload = clock_payload(round_) if round_ else {"state": "none", "round": None}
        return _private(JsonResponse(payload))
