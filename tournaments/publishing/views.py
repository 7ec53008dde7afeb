"""Public pages: only published tournaments, no login."""

import hashlib
import re
from collections.abc import Callable, Collection
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.db.models import Count, QuerySet, Window
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import quote_etag, urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import condition
from django.views.generic import ListView, TemplateView
from django_tables2 import RequestConfig

from club.formatting import best_n_label, ordinal_writer
from club.models import Season
from club.names import hidden_players
from club.privacy import public_page, shows_player_page
from club.roles import COMMITTEE, has_role
from tournaments.forms_season import AttendanceThresholdForm, PeriodForm
from tournaments.games import game_choices, plugin_for
from tournaments.games.base import GamePlugin
from tournaments.models import Entry, Table, Tournament
from tournaments.publishing import page_cache, public_rounds
from tournaments.publishing.ranking_table import ranking_table_html
from tournaments.publishing.tables import (
    ANNUAL_KEYS,
    ANNUAL_SORTS,
    SEARCH_FIELD,
    SEASON_SORTS,
    SORT_FIELD,
    STANDINGS_SORTS,
    AnnualRankingTable,
    Column,
    CountedPaginator,
    EntryUrl,
    PlayerUrl,
    annual_rows,
    excluded_season_columns,
    phone_columns,
    search_rows,
    search_text,
    searchable,
    searched,
    season_game_rows,
    season_standings_table,
    standings_table,
    table_columns,
    with_details,
)
from tournaments.selectors import (
    annual_rankings,
    classification,
    club_classification,
    listing,
    round_reads,
    rulebook,
    season_page,
    season_rankings,
    season_totals,
)
from tournaments.selectors.annual_rankings import AnnualRanking
from tournaments.selectors.season_rankings import SignatureRow
from tournaments.selectors.season_totals import Period

# The standings' and the annual ranking's one template.
STANDINGS_WAITING = "publishing/_standings_waiting.html"


class TournamentListView(ListView[Tournament]):
    template_name = "publishing/tournament_list.html"
    context_object_name = "tournaments"
    paginate_by = 30

    def get_queryset(self) -> QuerySet[Tournament]:
        return listing.published()


class PublishedTournamentMixin:
    # A view's (``View.setup``): this mixin comes before one.
    request: HttpRequest
    kwargs: dict[str, Any]

    def get_tournament(self) -> Tournament:
        tournament = listing.published_tournament(self.kwargs["pk"])
        if tournament is None:
            raise Http404
        public_page(self.request, tournament.club)
        return tournament


class ConditionalPage(TemplateView):
    """A public page answered 304 (Not Modified) to a browser whose copy is still current
    (``condition``: ``page_depends`` reads what the page depends on, in a few cheap queries,
    and nothing else runs then). The page carries no form: an anonymous visitor's is built once
    per key (``page_cache``) for every visitor, and public with ``no-cache`` (every request
    revalidates, so a change shows at once). A logged-in user's page has his menu and his
    logout form: his own (``private``), never kept."""

    #: Kept in the cache (``False``: a page that changes with the time, only revalidated).
    cached = True
    #: The query parameters the page reads, each with its check: any other parameter, or a
    #: value that fails its check, is left out (a made-up query never makes a new key).
    query_checks: dict[str, Callable[[Any, str], bool]] = {}

    page_key: str | None = None

    def page_depends(self) -> tuple[object, ...] | None:
        """What the page shows, as plain values (ids, versions, names), read at every request
        (raise ``Http404`` for a page that is not there); its key and ETag hold them, with the
        validated query. None: a page not the same twice (not kept, no ETag)."""
        raise NotImplementedError

    def known_query(self, request: HttpRequest) -> list[tuple[str, str]]:
        """The query's parameters the page reads, each passing its check, in their order."""
        known: list[tuple[str, str]] = []
        if not request.GET:
            return known
        for name, check in self.query_checks.items():
            value = request.GET.get(name)
            if value is not None and check(self, value):
                known.append((name, value))
        return known

    def page_etag(self, request: HttpRequest, *args: Any, **kwargs: Any) -> str | None:
        """The page's key and validator; None while messages wait (that page is not the same
        twice)."""
        depends = self.page_depends()
        if depends is None or len(messages.get_messages(request)):
            return None
        self.page_key = page_cache.key(type(self).__name__, *depends, request.GET.urlencode())
        if request.user.is_authenticated:
            # His menu, and the CSRF cookie his logout form's token is made from (set at his
            # login; a request without it renders a page that sets it).
            csrf = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
            own = (self.page_key, request.user.pk, csrf)
            return quote_etag(hashlib.sha256(repr(own).encode()).hexdigest()[:40])
        return page_cache.etag(self.page_key)

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        # Read by the page (the tables' sorts and links) as by its key.
        request.GET = QueryDict(urlencode(self.known_query(request)))
        response = condition(etag_func=self.page_etag)(self.page)(request, *args, **kwargs)
        shared = self.page_key is not None and not request.user.is_authenticated
        response["Cache-Control"] = "public, no-cache" if shared else "private, no-cache"
        # The language is the visitor's cookie.
        patch_vary_headers(response, ("Cookie",))
        return response

    def page(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if self.page_key is None or request.user.is_authenticated or not self.cached:
            return self.rendered(request, *args, **kwargs)
        page_key = self.page_key
        return HttpResponse(
            page_cache.built_once(page_key, lambda: self.render_page(request, *args, **kwargs))
        )

    def rendered(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().get(request, *args, **kwargs)
        assert isinstance(response, TemplateResponse)  # a TemplateView's
        response.render()
        return response

    def render_page(self, request: HttpRequest, *args: Any, **kwargs: Any) -> bytes:
        content: bytes = self.rendered(request, *args, **kwargs).content
        return content


class ConditionalPageMixin(ConditionalPage):
    """A public tournament page (``ConditionalPage``): ``get_page_tournament`` loads the
    tournament in one query; the page depends on it and its results version (or
    ``etag_version``), with its own ``etag_parts``."""

    tournament: Tournament

    def get_page_tournament(self) -> Tournament:
        raise NotImplementedError

    def etag_parts(self) -> tuple[object, ...]:
        return ()

    def etag_version(self) -> int | None:
        """The version the page's key holds (None: the results version)."""
        return None

    def page_depends(self) -> tuple[object, ...]:
        self.tournament = self.get_page_tournament()
        version = self.etag_version()
        return (
            *page_cache.tournament_depends(self.tournament),
            self.tournament.results_version if version is None else version,
            *self.etag_parts(),
        )


def player_url(tournament: Tournament) -> EntryUrl:
    """A player's page in this tournament, by entry id (one ``reverse`` for the whole table);
    None for a player whose name is hidden (he has no public page)."""
    prefix = reverse("tournament_player", args=[tournament.pk, 0])[: -len("0/")]
    hidden = hidden_players()
    return lambda entry_id, player_id: None if player_id in hidden else f"{prefix}{entry_id}/"


def cached_html(name: str, key: tuple[object, ...], build: Callable[[], str]) -> SafeString:
    """HTML kept in the cache under ``key`` (a results version in it: never stale), built by
    ``build()`` when missing."""
    return mark_safe(page_cache.built_once(page_cache.key(name, *key), build))


def standings_table_html(
    request: HttpRequest, tournament: Tournament, plugin: GamePlugin, *, linked: bool = True
) -> str:
    """The rendered standings table, cached per results version, language and query (the
    sort); ``linked``: the names link to the players' public pages. Before the first result,
    nobody has a rank and a line says when the first standings come (not a column of « 1 »)."""
    query = request.GET.urlencode()

    def render() -> str:
        rows = classification.tournament_standings(tournament, live=plugin.live_standings)
        waiting = classification.before_first_result(tournament, rows)
        if waiting:
            for row in rows:
                row.rank = None  # nobody is ranked yet: no column of « 1 »
        url = player_url(tournament) if linked else None
        columns, shown = standings_table(
            request.GET, plugin, rows, tournament.rounds, url, tournament.rules or None
        )
        context = {"css": "data standings", "columns": columns, "rows": shown}
        table = ranking_table_html(context)
        return render_to_string(STANDINGS_WAITING) + table if waiting else table

    key = (tournament.pk, tournament.results_version, tournament.rounds, tournament.game)
    name = "standings" if linked else "standings-unlinked"
    return cached_html(name, (*key, query), render)  # the key holds the language


def sortable(value: str) -> bool:
    """A sort the standings table has: one of its columns, or a round's (``r1``…), either way."""
    name = value.removeprefix("-")
    return name in STANDINGS_SORTS or re.fullmatch(r"r[1-9][0-9]?", name) is not None


class StandingsView(ConditionalPageMixin, PublishedTournamentMixin):
    """The classification; rendered once per results version, 304 while nothing changed."""

    query_checks = {SORT_FIELD: lambda view, value: sortable(value)}
    template_name = "publishing/standings.html"

    def get_page_tournament(self) -> Tournament:
        return self.get_tournament()

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        tournament = self.tournament
        plugin = plugin_for(tournament.game)
        return {
            **super().get_context_data(**kwargs),
            "tournament": tournament,
            "plugin": plugin,
            "scoring_model": rulebook.scoring_model(tournament),
            "table_html": standings_table_html(self.request, tournament, plugin),
            **club_classification_context(tournament),
        }


def club_classification_context(tournament: Tournament) -> dict[str, object]:
    """The standings' « club classification » section, when the tournament has one."""
    if not club_classification.has_club_classification(tournament):
        return {}
    return {"club_lines": club_classification.club_classification(tournament)}


class RoundsView(ConditionalPageMixin, PublishedTournamentMixin):
    """Every round's tables, each table's part kept per version of what it shows
    (``public_rounds``): a saved sheet renders that table's part again, not the others'."""

    template_name = "publishing/rounds.html"

    def get_page_tournament(self) -> Tournament:
        return self.get_tournament()

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        tournament = self.tournament
        return {
            **super().get_context_data(**kwargs),
            "tournament": tournament,
            "plugin": plugin_for(tournament.game),
            "rounds": partial(
                public_rounds.rounds_with_tables, tournament, plugin_for(tournament.game)
            ),
        }


class TableView(ConditionalPageMixin):
    template_name = "publishing/table.html"

    def get_page_tournament(self) -> Tournament:
        self.table = get_object_or_404_table(self.kwargs["pk"])
        public_page(self.request, self.table.round.tournament.club)
        return self.table.round.tournament

    def etag_parts(self) -> tuple[object, ...]:
        return (self.table.pk, self.table.version)

    def etag_version(self) -> int:
        # What the page shows of the tournament beyond this table: a sheet saved at another
        # table leaves it unchanged (304).
        return self.tournament.layout_version

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {
            **super().get_context_data(**kwargs),
            "table": self.table,
            # Seats and deals, read only when the page is rendered.
            "sheet": partial(round_reads.table_sheet, self.table),
            "tournament": self.tournament,
            "plugin": plugin_for(self.tournament.game),
        }


def get_object_or_404_table(pk: int) -> Table:
    try:
        return round_reads.table_with_tournament(pk, published_only=True)
    except Table.DoesNotExist as error:
        raise Http404 from error


class PlayerView(ConditionalPageMixin, PublishedTournamentMixin):
    template_name = "publishing/player.html"

    def get_page_tournament(self) -> Tournament:
        return self.get_tournament()

    def etag_parts(self) -> tuple[object, ...]:
        return (self.kwargs["entry"],)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        tournament = self.tournament
        entry = get_object_or_404(
            Entry.objects.select_related("player"), tournament=tournament, pk=self.kwargs["entry"]
        )
        if not shows_player_page(entry.player, tournament.club):
            raise Http404  # his name is hidden: no page of his own
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


def season_player_url(season: Season) -> PlayerUrl:
    """A player's season page, by player id (one ``reverse`` for the whole table); None for
    a player whose name is hidden."""
    prefix = reverse("season_player", args=[season.pk, 0])[: -len("0/")]
    hidden = hidden_players()
    return lambda player_id: None if player_id in hidden else f"{prefix}{player_id}/"


#: The season page's query parameters asking for a period ranking.
PERIOD_FIELDS = ("mois", "du", "au")


def season_tables(
    request: HttpRequest,
    season: Season,
    games: list[str],
    period: Period | None = None,
    signature: tuple[SignatureRow, ...] | None = None,
    rules: dict[str, tuple[int, dict[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """Each game's ranking on the season page: the annual ranking (its rule) or the season
    standings, over the whole season, or over ``period`` (its tables' own query prefix; no
    attendance column there: the threshold is the season's). ``signature`` and ``rules``:
    the season's and its club's (``season_rankings``), when read already."""
    annual = [g for g in games if plugin_for(g).annual_ranking]
    names = dict(game_choices())
    threshold = None if period else season.attendance_threshold
    player_url = season_player_url(season)
    if signature is None:
        signature = season_rankings.season_signature(season)
    if rules is None:
        rules = season_rankings.club_rules(season)
    rankings = season_game_rows(
        request.GET,
        season,
        [g for g in games if g not in annual],
        period=period,
        signature=signature,
        rules=rules,
        threshold=threshold,
    )
    tables: list[dict[str, Any]] = []
    for game in games:
        prefix = f"{game}-p-" if period else f"{game}-"
        if game in annual:
            own = (rules.get(game) or (0, {}))[1]
            ranking = annual_rankings.annual_ranking(
                season, game, rules=own, rows=False, period=period
            )
            if not ranking.tournaments:
                continue
            html = annual_table_html(request, season, ranking, prefix)
            tables.append({"game": game, "name": names[game], "html": html, "annual": ranking})
            continue
        rows = rankings.get(game)
        if rows is None:
            continue
        context = season_standings_table(
            request.GET, prefix, rows, excluded_season_columns(game), player_url, threshold
        )
        html = mark_safe(ranking_table_html(context, request))  # its links
        tables.append({"game": game, "name": names[game], "html": html, "table": context})
    return tables


def season_page_context(
    request: HttpRequest,
    season: Season,
    threshold_form: AttendanceThresholdForm | None = None,
    signature: tuple[SignatureRow, ...] | None = None,
    rules: dict[str, tuple[int, dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    """The season page: the month links and the period form, the period's ranking when one
    is asked for, each game's season ranking; the committee's attendance threshold form.
    ``signature`` and ``rules``: the season's and its club's (``season_rankings``), when
    read already."""
    asked = any(request.GET.get(name) for name in PERIOD_FIELDS)
    period_form = PeriodForm(request.GET if asked else None, season=season)
    period = period_form.period()
    games, months = season_rankings.season_calendar(season, signature)
    if threshold_form is None and has_role(request.user, COMMITTEE, season.club):
        threshold_form = AttendanceThresholdForm(instance=season)
    excel = reverse("season_xlsx", args=[season.pk])
    return {
        "season": season,
        "tables": season_tables(request, season, games, None, signature, rules),
        # Each month's link, written once here: its label is a formatted date.
        "months": [
            {"mois": month.query["mois"], "label": month.label, "current": month == period}
            for month in months
        ],
        "period_form": period_form,
        "period": period,
        "period_tables": (
            season_tables(request, season, games, period, signature, rules) if period else []
        ),
        "excel_url": f"{excel}?{urlencode(period.query)}" if period else excel,
        "period_query": urlencode(period.query) if period else "",
        "search": search_text(request.GET),
        "threshold_form": threshold_form,
    }


def kept_period(request: HttpRequest, season: Season) -> bool:
    """Whether the period the query asks for (if any) makes a page kept: valid, inside the
    season, written as the page's own links and form write it (« mois=2026-03 », or ISO
    dates). A period in error, or written otherwise, is rendered at each request, never kept:
    made-up periods never fill the cache."""
    asked = {name: request.GET[name] for name in PERIOD_FIELDS if request.GET.get(name)}
    if not asked:
        return True
    period = PeriodForm(request.GET, season=season).period()
    return (
        period is not None
        and asked == period.query
        and period.start <= season.end
        and period.end >= season.start
    )


def season_query_checks() -> dict[str, Callable[[Any, str], bool]]:
    """The season page's query: the period asked (``PERIOD_FIELDS``), then each game's table's
    sort (one of its columns) and page (a page number), over the season and over the period
    (``<game>-``, ``<game>-p-``); a player's name searched (``SEARCH_FIELD``)."""

    def sort(names: Collection[str]) -> Callable[[Any, str], bool]:
        return lambda view, value: value.removeprefix("-") in names

    def page(view: Any, value: str) -> bool:
        return re.fullmatch(r"[1-9][0-9]{0,3}", value) is not None

    checks: dict[str, Callable[[Any, str], bool]] = {
        name: (lambda view, value: 0 < len(value) <= 10) for name in PERIOD_FIELDS
    }
    checks[SEARCH_FIELD] = lambda view, value: searchable(value)
    for game, _label in game_choices():
        names = ANNUAL_SORTS if plugin_for(game).annual_ranking else SEASON_SORTS
        for prefix in (f"{game}-", f"{game}-p-"):
            checks[f"{prefix}sort"] = sort(names)
            checks[f"{prefix}page"] = page
    return checks


class SeasonStandingsView(ConditionalPage):
    """The season's rankings (and a month's or a period's): rendered once per version of what
    they show, 304 while nothing changed. The committee's page has the attendance threshold
    form: private, as every logged-in user's."""

    template_name = "publishing/season_standings.html"
    query_checks = season_query_checks()

    def page_depends(self) -> tuple[object, ...] | None:
        found = season_page.season_page(self.kwargs["pk"])  # two queries, no more
        if found is None:
            raise Http404
        season = self.season = found.season
        public_page(self.request, season.club)
        self.signature, self.rules = found.signature, found.rules
        if not kept_period(self.request, season):
            return None
        # The committee's page has the threshold form (a logged-in user's page is his own).
        user = self.request.user
        committee = user.is_authenticated and has_role(user, COMMITTEE, season.club)
        return (
            *page_cache.season_depends(season),
            committee,
            sorted((game, version) for game, (version, _rules) in self.rules.items()),
            self.signature,
        )

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = season_page_context(
            self.request, self.season, signature=self.signature, rules=self.rules
        )
        return {**super().get_context_data(**kwargs), **context}


def ranking_page(
    request: HttpRequest, table: AnnualRankingTable, per_page: int
) -> tuple[int, list[dict[str, Any]], int] | None:
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


def annual_table_html(
    request: HttpRequest, season: Season, ranking: AnnualRanking, prefix: str | None = None
) -> str:
    """The annual ranking's table, rendered once per version of its tournaments' results
    (each bumped by every write the ranking shows, names included), rule, period, language
    and query; with an attendance threshold, per version of every counted tournament's
    results too (a player's evenings count every game)."""
    threshold = None if ranking.period else season.attendance_threshold
    key = (
        season.pk,
        ranking.game,
        ranking.rule,
        ranking.best_n,
        ranking.period.key if ranking.period else None,
        [(t.pk, t.results_version, t.name, t.date) for t in ranking.tournaments],
        threshold,
        season_totals.attendance_versions(season) if threshold else None,
    )
    query = request.GET.urlencode()

    def render() -> str:
        context = annual_table(request, ranking, season, prefix, threshold)
        return ranking_table_html(context, request)  # the pages' links

    return cached_html("annual", (*key, query), render)


def annual_table(
    request: HttpRequest,
    ranking: AnnualRanking,
    season: Season,
    prefix: str | None = None,
    threshold: int | None = None,
) -> dict[str, Any]:
    """The annual ranking's table (``ranking_table_html``'s context), sorted and paginated by the
    database (or over the stored rows for a best N) through django-tables2; only the shown
    page's players get their tournament cells (one query) and, with an attendance
    ``threshold``, their evenings (one query)."""
    table = AnnualRankingTable(ranking.totals, prefix=prefix or f"{ranking.game}-")
    table.columns["best_n_points"].column.verbose_name = best_n_label(ranking.best_n)
    if ranking.added:
        table.columns["points"].column.verbose_name = _("Total with place points")
    ids = ranking.tournament_ids
    paginate: dict[str, object] = {"per_page": 50}
    rows: list[dict[str, Any]] | None = None
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
    text = search_text(request.GET)
    shown: list[int] = []
    found: set[int] = set()
    if text:
        # A search: the top and each found player's places, by his name as shown.
        RequestConfig(request, paginate=False).configure(table)
        everyone = [annual_rankings.named_total(row.record) for row in table.rows]
        shown, found = search_rows([record["name"] for record in everyone], text)
        records = [everyone[index] for index in shown]
        page = None
    else:
        RequestConfig(request, paginate=paginate).configure(table)
        if rows is None:
            rows = [row.record for row in table.page.object_list]
        records = [annual_rankings.named_total(record) for record in rows]
        page = table.page
    order = [t.pk for t in ranking.tournaments]
    cells = annual_rankings.annual_page_cells(ids, [r["player_id"] for r in records], order)
    # Each tournament's column: its date, its name on hover.
    heads = [Column(t.date.strftime("%d/%m"), "num", title=t.name) for t in ranking.tournaments]
    place, url = ordinal_writer(), season_player_url(season)
    evenings: dict[int, int] = {}
    if threshold:
        evenings = season_totals.attendance(season, [r["player_id"] for r in records])
        heads.append(Column(_("Evenings"), "num", title=_("Evenings played in the season")))
    columns = [*table_columns(table, request.GET), *heads]
    shown_rows = annual_rows(records, cells, len(order), place, url, evenings, threshold)
    if text:
        shown_rows = searched(shown_rows, shown, found)
    # The total a phone keeps: the column the club's rule ranks by.
    key = ANNUAL_KEYS.get(ranking.rule, 1)
    return {
        "css": "data standings annual",
        "columns": phone_columns(columns, key),
        "rows": with_details(columns, shown_rows, key),
        "page": page,
        "search": text,
        "found": len(found),
        "page_field": table.prefixed_page_field,
    }
