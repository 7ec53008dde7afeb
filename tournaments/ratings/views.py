"""The club's rating lists: the list of a game, its method, its workbook (public), and the
committee's « recompute now » (staff)."""

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import content_disposition_header
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from club.language import document_language
from club.models import Club
from club.privacy import public_page
from club.roles import CommitteeRequiredMixin
from tournaments.games import game_choices
from tournaments.spreadsheets import XLSX_CONTENT_TYPE, xlsx_filename

from . import export, queueing, selectors
from .models import RatingList


def _game_name(game: str) -> str:
    names = dict(game_choices())
    if game not in names:
        raise Http404
    return str(names[game])


class RatingIndexView(TemplateView):
    """The club's lists, one per game it has one for."""

    template_name = "ratings/index.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        club = get_object_or_404(Club, slug=self.kwargs["slug"])
        public_page(self.request, club)
        lists = [(r, _game_name(r.game)) for r in selectors.club_lists(club)]
        return {**super().get_context_data(**kwargs), "club": club, "lists": lists}


class _ListMixin:
    def rating_list(self, slug: str, game: str) -> tuple[Club, RatingList | None, str]:
        club = get_object_or_404(Club, slug=slug)
        public_page(self.request, club)  # type: ignore[attr-defined]
        return club, selectors.club_list(club, game), _game_name(game)


class RatingListView(_ListMixin, TemplateView):
    """A game's list, phone-first: rank, name, rating; the provisional players apart."""

    template_name = "ratings/list.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        club, rating_list, game_name = self.rating_list(self.kwargs["slug"], self.kwargs["game"])
        rated, provisional = selectors.list_rows(rating_list) if rating_list else ([], [])
        return {
            **super().get_context_data(**kwargs),
            "club": club,
            "game": self.kwargs["game"],
            "game_name": game_name,
            "rating_list": rating_list,
            "rated": rated,
            "provisional": provisional,
        }


class RatingMethodView(_ListMixin, TemplateView):
    """How the list is computed, in plain words, with the list's own settings."""

    template_name = "ratings/method.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        club, rating_list, game_name = self.rating_list(self.kwargs["slug"], self.kwargs["game"])
        gates = rating_list.gates if rating_list else RatingList().gates
        return {
            **super().get_context_data(**kwargs),
            "club": club,
            "game": self.kwargs["game"],
            "game_name": game_name,
            "rating_list": rating_list,
            **selectors.method_figures(gates),
        }


class RatingXlsxView(_ListMixin, View):
    """The list as a workbook, in the club's language, names as on the page."""

    def get(self, request: HttpRequest, slug: str, game: str) -> HttpResponse:
        club, rating_list, game_name = self.rating_list(slug, game)
        if rating_list is None:
            raise Http404
        rated, provisional = selectors.list_rows(rating_list)
        with document_language(club.language):
            title = _("%(club)s — rating — %(game)s") % {"club": club.name, "game": game_name}
            model = f"{rating_list.model_name} {rating_list.model_version}"
            content = export.list_workbook(title, rated, provisional, model)
            name = xlsx_filename(club.name, game_name, _("Rating"))
            response = HttpResponse(content, content_type=XLSX_CONTENT_TYPE)
            response["Content-Language"] = get_language() or settings.LANGUAGE_CODE
        disposition = content_disposition_header(True, name)
        if disposition is not None:  # None only for an inline file without a name
            response["Content-Disposition"] = disposition
        response["Cache-Control"] = "private, no-cache"
        return response


class RatingRebuildView(CommitteeRequiredMixin, View):
    """The committee asks for its list to be computed again from the start (by the queue)."""

    def post(self, request: HttpRequest, slug: str, game: str) -> HttpResponse:
        club = self.get_scoped(Club, slug=slug)
        _game_name(game)
        queueing.request_rebuild(club.pk, game, None)
        messages.success(request, _("The rating will be computed again in a moment."))
        return redirect("rating_list", club.slug, game)
