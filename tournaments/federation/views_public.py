"""The federation's public pages (issue 35 §4): its players' ranking per game and season, its
clubs' ranking, a player's results across clubs and games, the counted tournaments, each with
its workbook. Kept whole in the cache and answered 304 while current (``page_cache``); names
as docs/privacy.md says for a page of several clubs; licence numbers never shown."""

from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from club.models import Player
from tournaments.formatting import format_points
from tournaments.models import game_choices
from tournaments.ratings.chart import history_context
from tournaments.spreadsheets import XLSX_CONTENT_TYPE, xlsx_filename

from . import export, ranking, rating
from .models import Federation, FederationSeason
from .page_cache import CachedPage
from .selectors import member_clubs

#: Players per page of the ranking (a phone scrolls one page; the workbook has them all).
PER_PAGE = 100


def game_names() -> dict[str, str]:
    return dict(game_choices())


def percent(value: Any) -> str:
    return f"{number_format(float(value * 100), decimal_pos=1)} %"


class FederationView(CachedPage):
    """A page of one federation (``slug``), maybe of one of its seasons and games."""

    federation: Federation
    season: FederationSeason
    game: str

    def read(self, slug: str, game: str | None = None) -> None:
        self.federation = get_object_or_404(Federation, slug=slug)
        if game is not None:
            if game not in self.federation.games:
                raise Http404
            self.game = game

    def federation_depends(self) -> tuple[object, ...]:
        federation = self.federation
        return (
            federation.pk,
            federation.name,
            federation.ranking_version,
            ranking.rule_of(federation),
            federation.requires_approval,
        )

    def render(self, request: HttpRequest, template: str, context: dict[str, Any]) -> bytes:
        context = {"federation": self.federation, "games": game_names(), **context}
        return render_to_string(template, context, request=request).encode()


class SeasonView(FederationView):
    """A page of one of a federation's seasons, maybe of one of its games: what it depends on
    read in one query of plain SQL at every hit (``ranking.season_key``), the season and its
    federation only when the page is built (a game the federation does not rank: 404)."""

    def read_season(self, slug: str, season: int, game: str | None = None) -> tuple[object, ...]:
        found = ranking.season_key(slug, season)
        if found is None:
            raise Http404
        self.slug, self.season_pk, self.wanted_game = slug, season, game
        if game is not None:
            self.game = game
        return found

    def load(self) -> None:
        found = (
            FederationSeason.objects.select_related("federation")
            .filter(federation__slug=self.slug, pk=self.season_pk)
            .first()
        )
        wanted = self.wanted_game
        if found is None or (wanted is not None and wanted not in found.federation.games):
            raise Http404
        self.season, self.federation = found, found.federation


class WorkbookMixin:
    """The page's workbook: served as an attachment."""

    content_type = XLSX_CONTENT_TYPE
    name = ""

    def finish(self, response: HttpResponse) -> HttpResponse:
        if response.status_code == 200:
            response["Content-Disposition"] = f'attachment; filename="{self.name}"'
        return response


class HomeView(FederationView):
    """The federation's home: its seasons, the games it ranks, its member clubs, links."""

    def depends(self, request: HttpRequest, **kwargs: Any) -> tuple[object, ...]:
        self.read(kwargs["slug"])
        self.seasons = list(
            FederationSeason.objects.filter(federation=self.federation).order_by("-starts_on")
        )
        self.clubs = list(ranking_clubs(self.federation))
        return (
            *self.federation_depends(),
            tuple(self.federation.games),
            [(s.pk, s.name, s.starts_on, s.ends_on) for s in self.seasons],
            self.clubs,
        )

    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        names = game_names()
        context = {
            "seasons": self.seasons,
            "clubs": self.clubs,
            "ranked_games": [(game, names.get(game, game)) for game in self.federation.games],
        }
        return self.render(request, "federation/federation_page.html", context)


def ranking_clubs(federation: Federation) -> list[tuple[str, str]]:
    return [(club.slug, club.name) for club in member_clubs(federation)]


class RankingView(SeasonView):
    """The players' ranking of a game in a season, a page of ``PER_PAGE`` at a time."""

    template = "federation/ranking.html"

    def depends(self, request: HttpRequest, **kwargs: Any) -> tuple[object, ...]:
        found = self.read_season(kwargs["slug"], kwargs["season"], kwargs["game"])
        page = request.GET.get("page", "1")
        self.page_number = int(page) if page.isdigit() and 0 < int(page) < 10_000 else 1
        return (*found, self.game, self.page_number)

    def players(self) -> list[ranking.RankingLine]:
        return ranking.player_lines(self.federation, self.season, self.game)

    def clubs(self) -> tuple[list[ranking.ClubRankingLine], str]:
        return ranking.club_lines(self.federation, self.season, self.game)

    def heading(self) -> str:
        return _("%(federation)s — %(game)s — %(season)s") % {
            "federation": self.federation.name,
            "game": game_names().get(self.game, self.game),
            "season": self.season.name,
        }

    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        lines = self.players()
        paginator = Paginator(lines, PER_PAGE)
        page = paginator.get_page(self.page_number)
        rows = [
            {
                "place": line.place,
                "name": line.player.name,
                "uid": line.player.uid if line.player.linked else None,
                "total": format_points(line.total),
                "played": line.played,
                "counted": line.counted,
            }
            for line in page.object_list
        ]
        context = {
            "season": self.season,
            "game": self.game,
            "heading": self.heading(),
            "rows": rows,
            "page": page,
            "rule": self.federation,
        }
        return self.render(request, self.template, context)


class RankingWorkbookView(WorkbookMixin, RankingView):
    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        self.name = xlsx_filename(self.federation.slug, self.game, self.season.name)
        return export.ranking_workbook(self.heading(), self.players())


class ClubRankingView(RankingView):
    """The clubs' ranking of a game in a season: best players' points or win percentage."""

    template = "federation/club_ranking.html"

    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        clubs, kind = self.clubs()
        wins = kind == "win_percentage"
        rows = [
            {
                "place": line.place,
                "club": line.club,
                "value": percent(line.value) if wins else format_points(line.value),
                "detail": (
                    f"{format_points(line.won)} / {line.played}" if wins else str(line.players)
                ),
            }
            for line in clubs
        ]
        context = {
            "season": self.season,
            "game": self.game,
            "heading": self.heading(),
            "rows": rows,
            "wins": wins,
            "rule": self.federation,
        }
        return self.render(request, self.template, context)


class ClubRankingWorkbookView(WorkbookMixin, RankingView):
    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        clubs, kind = self.clubs()
        self.name = xlsx_filename(self.federation.slug, _("clubs"), self.game, self.season.name)
        return export.club_ranking_workbook(self.heading(), clubs, kind == "win_percentage")


class CountedView(SeasonView):
    """The season's counted tournaments: date, club, game, players, a link to the club's
    public page of the tournament when it is published."""

    def depends(self, request: HttpRequest, **kwargs: Any) -> tuple[object, ...]:
        return self.read_season(kwargs["slug"], kwargs["season"])

    def heading(self) -> str:
        return _("%(federation)s — counted tournaments — %(season)s") % {
            "federation": self.federation.name,
            "season": self.season.name,
        }

    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        context = {
            "season": self.season,
            "heading": self.heading(),
            "lines": ranking.counted_list(self.federation, self.season),
        }
        return self.render(request, "federation/counted.html", context)


class CountedWorkbookView(WorkbookMixin, CountedView):
    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        self.name = xlsx_filename(self.federation.slug, _("tournaments"), self.season.name)
        lines = ranking.counted_list(self.federation, self.season)
        return export.counted_workbook(self.heading(), lines, game_names())


class PlayerView(FederationView):
    """A player's counted tournaments across his clubs and games (by his ``uid``: a licence
    number is never in an address). A player whose name is hidden has no page."""

    def depends(self, request: HttpRequest, **kwargs: Any) -> tuple[object, ...]:
        self.read(kwargs["slug"])
        player = get_object_or_404(Player, uid=kwargs["uid"])
        named = ranking.named_players([player.pk]).get(player.pk)
        if named is None or not named.linked:
            raise Http404
        signature = ranking.player_signature(self.federation, player)
        if not signature[0]:
            raise Http404
        self.player, self.named = player, named
        lists = rating.versions(self.federation)
        return (*self.federation_depends(), player.pk, named.name, signature, lists)

    def heading(self) -> str:
        return f"{self.named.name} — {self.federation.name}"

    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        lines = ranking.player_results(self.federation, self.player)
        context = {
            "heading": self.heading(),
            "named": self.named,
            "lines": lines,
            "histories": self.histories(),
        }
        return self.render(request, "federation/player.html", context)

    def histories(self) -> list[dict[str, object]]:
        """His rating after each tournament, per game of the federation's lists."""
        out = []
        for game in self.federation.games:
            points = rating.player_history(self.federation, game, self.player.pk)
            if points:
                url = reverse("federation_rating", args=[self.federation.slug, game])
                out.append(history_context(points, game, url, _("The federation’s rating list")))
        return out


class PlayerWorkbookView(WorkbookMixin, PlayerView):
    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        self.name = xlsx_filename(self.federation.slug, self.named.name)
        lines = ranking.player_results(self.federation, self.player)
        return export.player_workbook(self.heading(), lines, game_names())
