"""Public pages: only published tournaments, no login."""

import hashlib
from dataclasses import asdict
from functools import partial

from django.contrib import messages
from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import Count, Window
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.http import quote_etag
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.generic import ListView, TemplateView
from django_tables2 import RequestConfig

from club.formatting import best_n_label, ordinal_writer

from . import public_rounds
from .games import game_choices, plugin_for
from .models import Entry
from .page_cache import shared_page
from .selectors import annual_rankings, classification, listing, round_reads, season_rankings
from .tables import (
    AnnualRankingTable,
    Column,
    SeasonStandingsTable,
    annual_rows,
    standings_excluded,
    standings_table,
    table_columns,
)

# Keyed by the results version, a cached table is never stale; this only bounds the memory.
STANDINGS_CACHE_SECONDS = 3600
# The standings' and the annual ranking's one template.
RANKING_TABLE = "tournaments/_ranking_table.html"


class TournamentListView(ListView):
    template_name = "tournaments/tournament_list.html"
    context_object_name = "tournaments"
    paginate_by = 30

    def get_queryset(self):
        return listing.published()


class PublishedTournamentMixin:
    def get_tournament(self):
        tournament = listing.published_tournament(self.kwargs["pk"])
        if tournament is None:
            raise Http404
        return tournament


def page_key(request, tournament, *parts, version: int | None = None) -> tuple | None:
    """What a public page shows, but the CSRF secret of its forms: the tournament's results
    version (bumped by every write the pages show; ``version`` if given instead), the
    tournament, the language, the query, who is logged in, and ``parts``. None while messages
    wait to be shown: that page is not the same twice."""
    if len(messages.get_messages(request)):
        return None
    return (
        tournament.pk,
        tournament.results_version if version is None else version,
        tournament.name,
        tournament.status,
        tournament.rounds,
        tournament.date,
        tournament.club.name,
        get_language(),
        request.GET.urlencode(),
        request.user.pk,
        *parts,
    )


def key_etag(request, key: tuple) -> str:
    """The validator of a page of ``key`` (``page_key``), with the CSRF secret of its forms:
    the cookie sent, or the one this response sets."""
    whole = (*key, request.META.get("CSRF_COOKIE", ""))
    return quote_etag(hashlib.sha256(repr(whole).encode()).hexdigest()[:32])


def page_etag(request, tournament, *parts, version: int | None = None) -> str | None:
    """A public page's validator (see ``page_key``); None while messages wait."""
    key = page_key(request, tournament, *parts, version=version)
    return None if key is None else key_etag(request, key)


class ConditionalPageMixin:
    """A public tournament page that answers 304 (Not Modified) to a browser whose copy is
    still current: ``get_page_tournament`` loads the tournament (one query) and nothing else
    runs then. With ``shared_for_anonymous``, an anonymous visitor's page is rendered once per
    validator (``page_key``) for every visitor: only the CSRF token of its forms differs."""

    shared_for_anonymous = False

    def get_page_tournament(self):
        raise NotImplementedError

    def etag_parts(self) -> tuple:
        return ()

    def etag_version(self) -> int | None:
        """The version the page's validator is keyed by (None: the results version)."""
        return None

    def get(self, request, *args, **kwargs):
        self.tournament = self.get_page_tournament()
        key = page_key(request, self.tournament, *self.etag_parts(), version=self.etag_version())
        if key is not None:
            not_modified = get_conditional_response(request, etag=key_etag(request, key))
            if not_modified is not None:
                return not_modified
        if key is not None and self.shared_for_anonymous and not request.user.is_authenticated:
            # The same for every anonymous visitor (his pk is None in ``key``) but the token.
            page = shared_page(
                (type(self).__name__, request.get_full_path(), key),
                lambda placeholder: self.render_shared(placeholder, request, *args, **kwargs),
                lambda: get_token(request),
            )
            response = HttpResponse(page)
        else:
            response = super().get(request, *args, **kwargs).render()
        if key is not None:
            # The CSRF secret is known now.
            response["ETag"] = key_etag(request, key)
        response["Cache-Control"] = "private, no-cache"
        return response

    def render_shared(self, placeholder: bytes, request, *args, **kwargs) -> bytes:
        """The page with ``placeholder`` for its forms' CSRF token (the template's
        ``{% csrf_token %}`` reads ``csrf_token`` from the context: the view's wins)."""
        response = super().get(request, *args, **kwargs)
        response.context_data["csrf_token"] = placeholder.decode()
        return response.render().content


def player_url(tournament):
    """A player's page in this tournament, by entry id (one ``reverse`` for the whole table)."""
    prefix = reverse("tournament_player", args=[tournament.pk, 0])[: -len("0/")]
    return lambda entry_id: f"{prefix}{entry_id}/"


def cached_html(name: str, key: tuple, build) -> str:
    """HTML kept in the cache under ``key`` (a results version in it: never stale), built by
    ``build()`` when missing."""
    cache_key = f"{name}:{hashlib.sha256(repr(key).encode()).hexdigest()}"
    html = cache.get(cache_key)
    if html is None:
        html = build()
        cache.set(cache_key, html, STANDINGS_CACHE_SECONDS)
    return mark_safe(html)


def standings_table_html(request, tournament, plugin, *, linked: bool = True) -> str:
    """The rendered standings table, cached per results version, language and query (the
    sort); ``linked``: the names link to the players' public pages."""
    query = request.GET.urlencode()

    def render() -> str:
        rows = classification.tournament_standings(tournament, live=plugin.live_standings)
        url = player_url(tournament) if linked else None
        columns, shown = standings_table(request.GET, plugin, rows, tournament.rounds, url)
        context = {"css": "data standings", "columns": columns, "rows": shown}
        return render_to_string(RANKING_TABLE, context)

    key = (tournament.pk, tournament.results_version, tournament.rounds, tournament.game)
    name = "standings" if linked else "standings-unlinked"
    return cached_html(name, (*key, get_language(), query), render)


class StandingsView(ConditionalPageMixin, PublishedTournamentMixin, TemplateView):
    """The classification; rendered once per results version, 304 while nothing changed."""

    shared_for_anonymous = True
    template_name = "tournaments/standings.html"

    def get_page_tournament(self):
        return self.get_tournament()

    def get_context_data(self, **kwargs):
        tournament = self.tournament
        plugin = plugin_for(tournament.game)
        return {
            **super().get_context_data(**kwargs),
            "tournament": tournament,
            "plugin": plugin,
            "table_html": standings_table_html(self.request, tournament, plugin),
        }


class RoundsView(ConditionalPageMixin, PublishedTournamentMixin, TemplateView):
    """Every round's tables; the rounds are read only when the template's cached fragment
    (per results version) is missing."""

    shared_for_anonymous = True
    template_name = "tournaments/rounds.html"

    def get_page_tournament(self):
        return self.get_tournament()

    def get_context_data(self, **kwargs):
        tournament = self.tournament
        return {
            **super().get_context_data(**kwargs),
            "tournament": tournament,
            "plugin": plugin_for(tournament.game),
            "rounds": partial(
                public_rounds.rounds_with_tables, tournament, plugin_for(tournament.game)
            ),
        }


class TableView(ConditionalPageMixin, TemplateView):
    shared_for_anonymous = True
    template_name = "tournaments/table.html"

    def get_page_tournament(self):
        self.table = get_object_or_404_table(self.kwargs["pk"])
        return self.table.round.tournament

    def etag_parts(self) -> tuple:
        return (self.table.pk, self.table.version)

    def etag_version(self) -> int:
        # What the page shows of the tournament beyond this table: a sheet saved at another
        # table leaves it unchanged (304).
        return self.tournament.layout_version

    def get_context_data(self, **kwargs):
        return {
            **super().get_context_data(**kwargs),
            "table": self.table,
            # Seats and deals, read only when the template's cached fragment is missing.
            "sheet": partial(round_reads.table_sheet, self.table),
            "tournament": self.tournament,
            "plugin": plugin_for(self.tournament.game),
        }


def get_object_or_404_table(pk):
    from .models import Table

    try:
        return round_reads.table_with_tournament(pk, published_only=True)
    except Table.DoesNotExist as error:
        raise Http404 from error


class PlayerView(ConditionalPageMixin, PublishedTournamentMixin, TemplateView):
    template_name = "tournaments/player.html"

    def get_page_tournament(self):
        return self.get_tournament()

    def etag_parts(self) -> tuple:
        return (self.kwargs["entry"],)

    def get_context_data(self, **kwargs):
        tournament = self.tournament
        entry = get_object_or_404(
            Entry.objects.select_related("player"), tournament=tournament, pk=self.kwargs["entry"]
        )
        standing = next(
            (r for r in classification.tournament_standings(tournament) if r.entry_id == entry.pk),
            None,
        )
        return {
            **super().get_context_data(**kwargs),
            "tournament": tournament,
            "entry": entry,
            "plugin": plugin_for(tournament.game),
            "standing": standing,
            "rounds": classification.player_rounds(tournament, entry),
        }


def season_player_url(season):
    """A player's season page, by player id (one ``reverse`` for the whole table)."""
    prefix = reverse("season_player", args=[season.pk, 0])[: -len("0/")]
    return lambda player_id: f"{prefix}{player_id}/"


class SeasonStandingsView(TemplateView):
    template_name = "tournaments/season_standings.html"

    def get_context_data(self, **kwargs):
        season = listing.season_with_club(self.kwargs["pk"])
        if season is None:
            raise Http404
        games = season_rankings.season_games(season)
        annual = [g for g in games if plugin_for(g).annual_ranking]
        others = [g for g in games if g not in annual]
        standings = season_rankings.season_standings(season, others) if others else {}
        names = dict(game_choices())
        tables = []
        for game in games:
            if game in annual:
                ranking = annual_rankings.annual_ranking(season, game, rows=False)
                html = annual_table_html(self.request, season, ranking)
                tables.append({"game": game, "name": names[game], "html": html, "annual": ranking})
                continue
            plugin = plugin_for(game)
            table = SeasonStandingsTable(
                [asdict(r) for r in standings[game]],
                player_url=season_player_url(season),
                prefix=f"{game}-",
                exclude=standings_excluded(plugin),
            )
            # A season has hundreds of players: 50 a page keeps the page light on a phone.
            RequestConfig(self.request, paginate={"per_page": 50}).configure(table)
            tables.append({"game": game, "name": names[game], "table": table})
        return {**super().get_context_data(**kwargs), "season": season, "tables": tables}


class CountedPaginator(Paginator):
    """A paginator told how many items there are (the ranking query is not counted), and
    ``rows``: one page's items already read (``number``: which)."""

    def __init__(self, object_list, per_page, *, count: int, number=None, rows=None, **kwargs):
        super().__init__(object_list, per_page, **kwargs)
        self.known_count = count
        self.known_page = (number, rows)

    @property
    def count(self) -> int:
        return self.known_count

    def page(self, number):
        known, rows = self.known_page
        if known is not None and number == known:
            return self._get_page(rows, known, self)
        return super().page(number)


def ranking_page(request, table, per_page: int) -> tuple[int, list[dict], int] | None:
    """The asked page of a ranking sorted in SQL (``table``'s query set, sorted by the
    request) with the ranking's size, in one query (``COUNT(*) OVER ()``): (page number,
    its rows, size). None when the page asked is not a page number or is past the end: the
    paginator decides then, as for any table."""
    try:
        number = int(request.GET.get(table.prefixed_page_field, 1))
    except (TypeError, ValueError):
        return None
    if number < 1:
        return None
    start = (number - 1) * per_page
    ranked = table.data.data.annotate(ranked=Window(Count("player_id")))
    rows = list(ranked[start : start + per_page])
    if not rows:
        return None
    return number, rows, rows[0]["ranked"]


def annual_table_html(request, season, ranking) -> str:
    """The annual ranking's table, rendered once per version of its tournaments' results
    (each bumped by every write the ranking shows, names included), rule, language and query."""

    key = (
        season.pk,
        ranking.game,
        ranking.rule,
        ranking.best_n,
        [(t.pk, t.results_version, t.name, t.date) for t in ranking.tournaments],
    )
    query = request.GET.urlencode()

    def render() -> str:
        context = annual_table(request, ranking, season)
        return render_to_string(RANKING_TABLE, context, request)  # the pages' links

    return cached_html("annual", (*key, get_language(), query), render)


def annual_table(request, ranking, season) -> dict:
    """The annual ranking's table (``RANKING_TABLE``'s context), sorted and paginated by the
    database (or over the stored rows for a best N) through django-tables2; only the shown
    page's players get their tournament cells (one query)."""
    table = AnnualRankingTable(ranking.totals, prefix=f"{ranking.game}-")
    table.columns["best_n_points"].column.verbose_name = best_n_label(ranking.best_n)
    ids = ranking.tournament_ids
    paginate: dict[str, object] = {"per_page": 50}
    rows = None
    if not isinstance(ranking.totals, list):
        RequestConfig(request, paginate=False).configure(table)  # sorted in SQL
        page = ranking_page(request, table, 50)
        if page is None:
            count = annual_rankings.annual_player_count(ids)
            paginate["paginator_class"] = partial(CountedPaginator, count=count)
        else:
            number, rows, count = page
            paginate["paginator_class"] = partial(
                CountedPaginator, count=count, number=number, rows=rows
            )
    RequestConfig(request, paginate=paginate).configure(table)
    if rows is None:
        rows = [row.record for row in table.page.object_list]
    records = [annual_rankings.named_total(record) for record in rows]
    order = [t.pk for t in ranking.tournaments]
    cells = annual_rankings.annual_page_cells(ids, [r["player_id"] for r in records], order)
    # Each tournament's column: its date, its name on hover.
    heads = [Column(t.date.strftime("%d/%m"), "num", title=t.name) for t in ranking.tournaments]
    place, url = ordinal_writer(), season_player_url(season)
    return {
        "css": "data standings annual",
        "columns": [*table_columns(table, request.GET), *heads],
        "rows": annual_rows(records, cells, len(order), place, url),
        "page": table.page,
        "page_field": table.prefixed_page_field,
    }
