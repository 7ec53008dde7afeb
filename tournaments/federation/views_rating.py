"""The federation's rating lists (issue 36), as anyone reads them: a game's list, how it is
computed, its workbook. Kept whole in the cache and answered 304 while current, as the
federation's other pages (``page_cache``); names as on its ranking."""

from typing import Any

from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from tournaments.ratings.models import RatingList
from tournaments.ratings.selectors import method_figures
from tournaments.spreadsheets import xlsx_filename

from . import export, rating
from .views_public import FederationView, WorkbookMixin, game_names


class RatingView(FederationView):
    """A game's list, phone-first: rank, name, rating; the provisional players apart."""

    template = "federation/rating.html"

    def depends(self, request: HttpRequest, **kwargs: Any) -> tuple[object, ...]:
        self.read(kwargs["slug"], game=kwargs["game"])
        self.rating_list = rating.rating_list(self.federation, self.game)
        return (
            *self.federation_depends(),
            self.game,
            rating.list_depends(self.federation, self.game, self.rating_list),
        )

    def heading(self) -> str:
        return _("%(federation)s — rating — %(game)s") % {
            "federation": self.federation.name,
            "game": game_names().get(self.game, self.game),
        }

    def context(self) -> dict[str, Any]:
        found = self.rating_list
        gates = found.gates if found is not None else RatingList().gates
        return {
            "game": self.game,
            "game_name": game_names().get(self.game, self.game),
            "heading": self.heading(),
            "rating_list": found,
            "gates": gates,
        }

    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        found = self.rating_list
        rated, provisional = rating.list_rows(found) if found is not None else ([], [])
        context = {**self.context(), "rated": rated, "provisional": provisional}
        return self.render(request, self.template, context)


class RatingMethodView(RatingView):
    """How the federation's list is computed, in plain words, with its own settings."""

    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        context = self.context()
        context.update(method_figures(context["gates"]))
        return self.render(request, "federation/rating_method.html", context)


class RatingWorkbookView(WorkbookMixin, RatingView):
    """The list as a workbook, names as on the page."""

    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        found = self.rating_list
        if found is None:
            raise Http404
        rated, provisional = rating.list_rows(found)
        self.name = xlsx_filename(self.federation.slug, _("Rating"), self.game)
        model = f"{found.model_name} {found.model_version}"
        return export.rating_workbook(self.heading(), rated, provisional, model)
