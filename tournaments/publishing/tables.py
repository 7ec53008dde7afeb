"""The ranking tables: a tournament's standings and a season's standings as rows for one
template loop (``publishing/ranking_table.html``), their columns the game's standings
metrics; the annual ranking as a django-tables2 table (sortable, paginated)."""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

import django_tables2 as tables
from django.conf import settings
from django.core.paginator import Page, Paginator
from django.utils.formats import localize
from django.utils.functional import Promise
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.formatting import format_points
from tournaments.games import plugin_for
from tournaments.selectors import season_rankings
from tournaments.selectors.season_rankings import SeasonRow, StandingsPage

if TYPE_CHECKING:
    from django.http import QueryDict

    from club.models import Season
    from tournaments.games.base import GamePlugin
    from tournaments.selectors.classification import StandingRow
    from tournaments.selectors.season_totals import Period

_T = TypeVar("_T")

#: A player's public page by entry and player id, or by player id (None: his name is hidden).
EntryUrl = Callable[[int, int], str | None]
PlayerUrl = Callable[[int], str | None]


def attendance_text(evenings: int, threshold: int) -> SafeString:
    """« 15/15 ✓ »: the evenings a player played against the club's threshold, the mark
    said in words to a screen reader (« seuil atteint »), not only shown as a glyph."""
    if evenings >= threshold:
        return format_html(
            '{}/{} <span class="reached" aria-hidden="true">✓</span>'
            '<span class="visually-hidden">{}</span>',
            evenings,
            threshold,
            gettext("threshold reached"),
        )
    return format_html(
        '{}/{}<span class="visually-hidden"> {}</span>',
        evenings,
        threshold,
        gettext("threshold not reached"),
    )


class AnnualRankingTable(tables.Table):
    """The season's ranking by the club's rule: totals, then each tournament (points, place)."""

    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=_("Player"), order_by=("sort_key",))
    tournaments = tables.Column(
        verbose_name=_("Tournaments"), accessor="n_tournaments", attrs={"td": {"class": "num"}}
    )
    points = tables.Column(
        verbose_name=_("Points"),
        accessor="total_points",
        order_by="total_60ths",
        attrs={"td": {"class": "num"}},
    )
    place_points = tables.Column(
        verbose_name=_("Place points"),
        order_by="place_points_60ths",
        attrs={"td": {"class": "num"}},
    )
    best_n_points = tables.Column(
        verbose_name=_("Best N tournaments"),
        order_by="best_n_60ths",
        attrs={"td": {"class": "num"}},
    )

    class Meta:
        orderable = True
        attrs = {"class": "data standings annual"}


# --------------------------------------------------------------------------- ranking tables
#
# A tournament's standings and the season's annual ranking are one template loop
# (``publishing/ranking_table.html``, drawn by ``ranking_table``) over rows whose cells are
# written once here: a 120-player table has over a thousand cells, which django-tables2's
# per-cell rendering makes the most of a page's time. django-tables2 still sorts and
# paginates the annual ranking.


@dataclass(frozen=True)
class Metric:
    """A standings column, as Tabbycat's standings metrics: the ``StandingRow`` attribute it
    shows and its heading; ``points``: written as place points (two decimals when shared)."""

    name: str
    heading: str | Promise
    points: bool = False


#: Every standings metric, in the columns' order; a game's are those its plug-in keeps.
STANDINGS_METRICS = (
    Metric("place_points", _("Place points"), points=True),
    Metric("wins", _("Matches won"), points=True),
    Metric("score", _("Total score")),
    Metric("total", _("Total with place points"), points=True),
    Metric("difference", _("Difference")),
    Metric("best_round", _("Best round")),
    Metric("rounds_played", _("Rounds")),
)


def standings_excluded(
    plugin: "GamePlugin", rules: dict[str, Any] | None = None
) -> tuple[str, ...]:
    """Columns a game's standings leave out: its lineup's (matches are for teams), place
    points where the game has none, the total with them where its ``rules`` do not add them."""
    excluded = plugin.lineup.standings_excluded
    added = plugin.adds_place_points(rules)
    if not added:
        excluded = ("total", *excluded)
    return excluded if plugin.place_points or added else ("place_points", *excluded)


def standings_metrics(plugin: "GamePlugin", rules: dict[str, Any] | None = None) -> list[Metric]:
    """The game's standings metrics, in the game's own words (« Meilleure poule » at whist)."""
    excluded = standings_excluded(plugin, rules)
    metrics = [m for m in STANDINGS_METRICS if m.name not in excluded]
    if not plugin.lineup.forms_teams:
        heading = gettext("Best %(round)s") % {"round": plugin.round_name}
        metrics = [Metric(m.name, heading) if m.name == "best_round" else m for m in metrics]
    return metrics


#: The query parameter sorting a tournament's standings, and the columns it may name (or a
#: round's, ``r1``…).
SORT_FIELD = "sort"
STANDINGS_SORTS = frozenset({"rank", "name", *(metric.name for metric in STANDINGS_METRICS)})


@dataclass(frozen=True)
class Column:
    """A column's header: ``sort`` is the query string its link sorts by (None: not
    sortable); ``css`` its class; ``title`` a tooltip."""

    heading: str | Promise
    css: str = ""
    sort: str | None = None
    title: str = ""


#: A row's prepared markup before ``with_details`` writes it.
NO_MARKUP = SafeString("")


@dataclass(slots=True)
class RankingRow:
    """One line of a ranking table: the rank (a substitute has none), the name with its link
    (or a team's players), then each column's cell, written."""

    rank: str
    name: str
    url: str | None = None
    players: str = ""
    #: the row's class (a substitute); ``tagged``: a ranked substitute, tagged in place of
    #: his rank
    substitute: bool = False
    tagged: bool = False
    #: figures only (numbers, « — », « 12 (3e) »): marked safe, the template has nothing
    #: to escape in them
    cells: Sequence[SafeString] = ()
    #: every column a phone folds away, as the row's detail lists it (``<dt>`` heading,
    #: ``<dd>`` cell; ``with_details``): empty when none
    details: SafeString = NO_MARKUP
    #: the index of the cell a phone keeps (its total; None: every cell stays)
    key: int | None = None
    #: the player a search found (``SEARCH_FIELD``); ``gap``: places left out before this row
    found: bool = False
    gap: bool = False
    #: written once by ``with_details`` for the template: the row's classes, and its cells
    #: (``<td>`` each, with its class: those a phone folds away « more »)
    css: str = ""
    shown: SafeString = NO_MARKUP


# --------------------------------------------------------------------------- a phone's view
#
# On a phone a ranking shows the rank, the name and the column that ranks (its total); the
# other columns fold into each row's « détail » (a ``<details>`` in the name's cell), shown
# only on a narrow screen (``static/css/atout.css``): nothing scrolls sideways.

#: The columns that rank, in order of preference: a ranking's « total » on a phone.
KEY_METRICS = ("total", "wins", "place_points", "score")


def key_index(names: Sequence[str]) -> int | None:
    """The index among a table's cells' ``names`` of the column a phone keeps (its total)."""
    for name in KEY_METRICS:
        if name in names:
            return names.index(name)
    return None


#: A cell's opening: a figure (its class), past the columns' headings.
CELL_OPENING = '<td class="num">'


def with_details(
    columns: Sequence[Column], rows: Iterable[RankingRow], key: int | None
) -> list[RankingRow]:
    """The rows (fresh from their table's builder: written in place) with what a phone shows
    in each row's detail (``details``): every column after the rank and the name but the
    ``key`` one (its total), heading and cell; and what the template writes of each row,
    prepared once (``css``, ``shown``): its classes (a substitute, a player found, even or
    odd) and its cells, each with its class. The markup is joined here, not looped over in
    the template: a season's page writes 50 rows of a dozen cells at each rebuild; the
    headings are escaped once, the cells are figures (``cells``: safe). The row around them
    (its rank, the player's name and link) is the template's."""
    # The headings translated and escaped once for every row (lazy texts would be at each
    # cell).
    headings = [conditional_escape(str(column.heading)) for column in columns[2:]]
    terms = [f"<dt>{heading}</dt><dd>" for heading in headings]
    opening = [
        '<td class="num">' if key is None or index == key else '<td class="num more">'
        for index in range(len(headings))
    ]
    out = []
    for position, row in enumerate(rows):
        css = "".join(
            (
                "sub " if row.substitute else "",
                "found " if row.found else "",
                "odd" if position % 2 else "even",
            )
        )
        # Joined as a list of pieces: a safe cell formatted into a string would be converted
        # by a call of its own (``SafeString.__str__``), 600 calls a page.
        details: list[str] = []
        shown: list[str] = []
        for index, cell in enumerate(row.cells):
            if index < len(terms) and index != key:
                details += (terms[index], cell, "</dd>")
            shown += (opening[index] if index < len(opening) else CELL_OPENING, cell, "</td>")
        row.key = key
        row.details = SafeString("".join(details))
        row.css = SafeString(css)  # literals only
        row.shown = SafeString("".join(shown))
        out.append(row)
    return out


def phone_columns(columns: Sequence[Column], key: int | None) -> list[Column]:
    """The headers, those a phone folds away marked ``more`` (hidden on a narrow screen)."""
    return [
        column
        if index < 2 or index - 2 == key
        else replace(column, css=" ".join(c for c in (column.css, "more") if c))
        for index, column in enumerate(columns)
    ]


# --------------------------------------------------------------------------- a search
#
# A long ranking (a season's, a month's) finds a player by a part of his name: it shows the
# top and each found player's neighbourhood, the places between left out (a « … » row).

#: The query parameter of the search, its longest text, the top shown and the places shown
#: around each player found (up to ``SEARCH_MATCHES`` players).
SEARCH_FIELD = "joueur"
SEARCH_LENGTH = 40
SEARCH_TOP = 10
SEARCH_AROUND = 3
SEARCH_MATCHES = 5


def search_text(query: "QueryDict") -> str:
    """The search ``query`` asks for, its spaces tidied (empty: none)."""
    return " ".join(query.get(SEARCH_FIELD, "").split())[:SEARCH_LENGTH]


def searchable(value: str) -> bool:
    """A search the page keeps: some text, not too long."""
    return 0 < len(value.strip()) <= SEARCH_LENGTH


def search_rows(names: Sequence[str], text: str) -> tuple[list[int], set[int]]:
    """The rows a search for ``text`` shows among the ranked ``names``: the top and each
    found row's neighbourhood (indexes, in order), and the found ones."""
    wanted = text.casefold()
    found = [index for index, name in enumerate(names) if wanted in name.casefold()]
    found = found[:SEARCH_MATCHES]
    shown = set(range(min(SEARCH_TOP, len(names))))
    for index in found:
        shown.update(
            range(max(0, index - SEARCH_AROUND), min(len(names), index + SEARCH_AROUND + 1))
        )
    return sorted(shown), set(found)


def searched(rows: Sequence[RankingRow], shown: Sequence[int], found: set[int]) -> list[RankingRow]:
    """``rows`` (one per index of ``shown``) marked: found, or after places left out."""
    out = []
    previous = -1
    for index, row in zip(shown, rows, strict=True):
        out.append(replace(row, found=index in found, gap=index > previous + 1))
        previous = index
    return out


def number_writer() -> Callable[[int | None], str]:
    """An integer cell as ``{{ value }}`` writes it (the separator setting read once)."""
    if settings.USE_THOUSAND_SEPARATOR:
        return lambda value: "—" if value is None else str(localize(value))
    return lambda value: "—" if value is None else str(value)


def points_text(value: Fraction | int | None) -> str:
    """``format_points`` without rebuilding a Fraction already built (most place points)."""
    if type(value) is Fraction and value.denominator == 1:
        return str(value.numerator)
    return format_points(value)


def cell_writer(metric: Metric) -> Callable[["StandingRow"], str]:
    number = number_writer()
    if metric.points:
        return lambda row: points_text(getattr(row, metric.name))
    return lambda row: number(getattr(row, metric.name))


def sorting(query: "QueryDict", field: str, names: Sequence[str]) -> tuple[str | None, bool]:
    """The column ``query`` sorts by (``field=name`` or ``-name``; None: the ranked order,
    also for a name not among ``names``), and whether descending."""
    asked = query.get(field, "")
    name = asked.removeprefix("-")
    return (name, asked.startswith("-")) if name in names else (None, False)


def sorted_rows(rows: list[_T], key: Callable[[_T], Any], descending: bool) -> list[_T]:
    """The rows by ``key``: a missing value (None) first, last when descending, as
    django-tables2 sorted them; stable, so ties keep the ranked order. ``key``'s values are
    any column's (numbers, names): Any."""
    missing = [row for row in rows if key(row) is None]
    present = sorted((row for row in rows if key(row) is not None), key=key, reverse=descending)
    return present + missing if descending else missing + present


def sort_columns(
    query: "QueryDict", field: str, headings: Sequence[tuple[str, str | Promise, str]]
) -> list[Column]:
    """The sortable columns' headers: (name, heading, class) each, its link sorting by it
    (descending when it is the ascending sort already), the sorted one marked."""
    current, descending = sorting(query, field, [name for name, _h, _c in headings])
    columns = []
    for name, heading, css in headings:
        link = query.copy()
        link[field] = f"-{name}" if name == current and not descending else name
        state = ("desc" if descending else "asc") if name == current else ""
        classes = " ".join(c for c in (state, css, "orderable") if c)
        columns.append(Column(heading, classes, link.urlencode()))
    return columns


def standings_table(
    query: "QueryDict",
    plugin: "GamePlugin",
    rows: list["StandingRow"],
    rounds: int,
    player_url: EntryUrl | None = None,
    rules: dict[str, Any] | None = None,
) -> tuple[list[Column], list[RankingRow]]:
    """A tournament's standings as ``publishing/ranking_table.html`` shows them: the game's metrics,
    then each round's score; sorted by the column ``query`` asks for (``sort``), else
    ranked. ``player_url(entry_id)``: the names' links (None: no link); ``rules``: the
    tournament's (whether its place points are added to the total)."""
    metrics = standings_metrics(plugin, rules)
    label = plugin.round_abbreviation
    round_names = [f"r{n}" for n in range(1, rounds + 1)]
    headings = [
        ("rank", _("Rank"), ""),
        ("name", _("Team") if plugin.lineup.forms_teams else _("Player"), ""),
        *((m.name, m.heading, "num") for m in metrics),
        *((name, f"{label}{name[1:]}", "") for name in round_names),
    ]
    columns = sort_columns(query, SORT_FIELD, headings)
    current, descending = sorting(query, SORT_FIELD, [name for name, _h, _c in headings])
    if current is not None:
        rows = sorted_rows(rows, standings_value(current), descending)
    metric_cells = [cell_writer(m) for m in metrics]
    number = number_writer()
    out = []
    for row in rows:
        cells = [SafeString(cell(row)) for cell in metric_cells]
        for n in range(1, rounds + 1):
            cell = row.rounds.get(n)
            cells.append(SafeString("—" if cell is None else number(cell.score)))
        team = bool(row.team_id)
        out.append(
            RankingRow(
                rank="—" if row.rank is None else number(row.rank),
                name=row.name,
                url=player_url(row.entry_id, row.player_id) if player_url and not team else None,
                players=str(row.players) if team else "",
                substitute=row.substitute,
                tagged=row.substitute and row.rank is not None,
                cells=cells,
            )
        )
    key = key_index([m.name for m in metrics])
    return phone_columns(columns, key), with_details(columns, out, key)


def standings_value(name: str) -> Callable[["StandingRow"], Any]:
    """What a standings column sorts by, from a ``StandingRow``."""
    if name.startswith("r") and name[1:].isdigit():
        number = int(name[1:])

        def round_score(row: "StandingRow") -> int | None:
            cell = row.rounds.get(number)
            return None if cell is None else cell.score

        return round_score
    return lambda row: getattr(row, name)


def table_columns(table: tables.Table, query: "QueryDict") -> list[Column]:
    """A django-tables2 table's headers (it sorts the rows): each sortable one links to
    its next sort."""
    columns = []
    for column in table.columns:
        sort = None
        if column.orderable:
            link = query.copy()
            link[table.prefixed_order_by_field] = column.order_by_alias.next
            sort = link.urlencode()
        columns.append(Column(column.header, column.attrs["th"].get("class", ""), sort))
    return columns


def annual_rows(
    records: Iterable[Mapping[str, Any]],
    cells: Mapping[int, Sequence[tuple[Fraction, int] | None]],
    tournaments: int,
    place: Callable[[int], str],
    player_url: PlayerUrl,
    evenings: Mapping[int, int] | None = None,
    threshold: int | None = None,
) -> list[RankingRow]:
    """The annual ranking's shown rows: the totals (``named_total`` records), then each
    tournament's « points (place) » from ``cells`` (per player, in the columns' order:
    (total, place), or None where he did not play); ``place``: the ordinal writer; with a
    ``threshold``, the evenings each played (``evenings``, per player) against it last."""
    number = number_writer()
    none: list[tuple[Fraction, int] | None] = [None] * tournaments
    return [
        RankingRow(
            rank=number(record["rank"]),
            name=record["name"],
            url=player_url(record["player_id"]),
            cells=[
                SafeString(number(record["n_tournaments"])),
                SafeString(points_text(record["total_points"])),
                SafeString(points_text(record["place_points"])),
                SafeString(points_text(record["best_n_points"])),
                *(
                    SafeString(
                        "—" if cell is None else f"{points_text(cell[0])} ({place(cell[1])})"
                    )
                    for cell in cells.get(record["player_id"], none)
                ),
                *(
                    [attendance_text((evenings or {}).get(record["player_id"], 0), threshold)]
                    if threshold
                    else []
                ),
            ],
        )
        for record in records
    ]


#: The season standings' columns after the rank and the name: (name, heading, written as
#: place points); a game leaves out those its standings do not show.
SEASON_COLUMNS = (
    ("tournaments", _("Tournaments"), False),
    ("place_points", _("Place points"), True),
    ("wins", _("Matches won"), True),
    ("score", _("Total score"), False),
    ("total", _("Total with place points"), True),
    ("difference", _("Difference"), False),
    ("best_round", _("Best round"), False),
    ("evenings", _("Evenings"), False),
)
#: The columns a season standings table may be sorted by (``<game>-sort``).
SEASON_SORTS = frozenset({"rank", "name", *(name for name, _h, _p in SEASON_COLUMNS)})
#: The annual ranking's (``AnnualRankingTable``'s columns).
ANNUAL_SORTS = frozenset({"rank", "name", "tournaments", "points", "place_points", "best_n_points"})
#: The annual ranking's cell a phone keeps (after the tournaments' count: the points, the
#: place points, the best N's), by the club's rule.
ANNUAL_KEYS = {"sum_points": 1, "sum_place_points": 2, "best_n": 3}
#: A season ranking's rows per page: a season has hundreds of players, 50 keep it light on
#: a phone.
SEASON_PER_PAGE = 50


def _cell(name: str, write: Callable[[Any], str], row: "SeasonRow") -> SafeString:
    """A season row's cell ``name`` as ``write`` writes it (its own text: numbers only)."""
    return SafeString(write(getattr(row, name)))


class CountedPaginator(Paginator[Any]):
    """A paginator told how many items there are (the ranking query is not counted), and
    ``rows``: one page's items already read (``number``: which)."""

    def __init__(
        self,
        object_list: Any,
        per_page: int,
        *,
        count: int,
        number: int | None = None,
        rows: list[Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(object_list, per_page, **kwargs)
        self.known_count = count
        self.known_page = (number, rows) if number is not None and rows is not None else None

    @property
    def count(self) -> int:
        return self.known_count

    def page(self, number: int | str) -> Page[Any]:
        if self.known_page is not None and number == self.known_page[0]:
            known, rows = self.known_page
            return Page(rows, known, self)  # as ``Paginator._get_page`` makes one
        return super().page(number)


def season_columns(
    excluded: Iterable[str], added: bool, threshold: int | None
) -> list[tuple[str, Any, bool]]:
    """The ``SEASON_COLUMNS`` a game's season standings show: not its ``excluded`` ones, the
    total with the place points where a tournament ``added`` them, the evenings against the
    season's attendance ``threshold`` where it has one."""
    left_out = set(excluded)
    if not added:
        left_out.add("total")
    if threshold is None:
        left_out.add("evenings")
    return [column for column in SEASON_COLUMNS if column[0] not in left_out]


def season_sorting(
    query: "QueryDict", prefix: str, shown: Sequence[tuple[str, Any, bool]]
) -> tuple[str | None, bool]:
    """The column of ``shown`` (or the rank, the name) ``query`` sorts a game's season
    standings by (``<prefix>sort``; None: the ranked order), and whether descending."""
    return sorting(query, f"{prefix}sort", ["rank", "name", *(name for name, _h, _p in shown)])


def season_page_number(query: "QueryDict", prefix: str) -> int | None:
    """The page of a game's season standings ``query`` asks for (``<prefix>page``), as
    ``Paginator.get_page`` reads it: none or not a number, the first; None for a number
    below 1 (the last page: the whole ranking's size decides)."""
    try:
        number = int(query.get(f"{prefix}page", 1))
    except (TypeError, ValueError):
        return 1
    return number if number >= 1 else None


def excluded_season_columns(game: str) -> list[str]:
    """The season standings' columns ``game`` leaves out; the total with the place points
    shows where a tournament added them (the table's)."""
    return [name for name in standings_excluded(plugin_for(game)) if name != "total"]


def season_game_rows(
    query: "QueryDict",
    season: "Season",
    games: Sequence[str],
    *,
    period: "Period | None",
    signature: Sequence[season_rankings.SignatureRow],
    rules: dict[str, tuple[int, dict[str, Any]]],
    threshold: int | None,
) -> dict[str, "list[SeasonRow] | StandingsPage"]:
    """Each of ``games``' season standings (over ``period`` if given) as its table needs
    them: the page ``query`` asks for, sorted in the database, where it can be; else the
    whole ranking (a search shows the top and the players found; a name or the evenings
    are sorted in Python; a page number past the end shows the last). A game without a
    ranked player is left out."""
    shown: dict[str, list[SeasonRow] | StandingsPage] = {}
    whole: list[str] = []
    for game in games:
        prefix = f"{game}-p-" if period else f"{game}-"
        number = season_page_number(query, prefix)
        if number is None or search_text(query):
            whole.append(game)
            continue
        columns = season_columns(
            excluded_season_columns(game),
            season_rankings.adds_place_points(signature, game, period),
            threshold,
        )
        sort = season_sorting(query, prefix, columns)
        if sort[0] is not None and sort[0] not in season_rankings.SQL_SORTS:
            whole.append(game)
            continue
        page = season_rankings.standings_page(
            season,
            game,
            period=period,
            signature=signature,
            rules=rules,
            sort=sort,
            number=number,
            per_page=SEASON_PER_PAGE,
        )
        if page is not None:
            shown[game] = page
        elif number != 1:
            whole.append(game)  # past the end: the last page, from the whole ranking
    if whole:
        standings = season_rankings.season_standings(
            season, whole, period=period, signature=signature, rules=rules
        )
        shown.update((game, standings[game]) for game in whole if game in standings)
    return shown


def season_standings_table(
    query: "QueryDict",
    prefix: str,
    rows: "list[SeasonRow] | StandingsPage",
    excluded: Iterable[str],
    player_url: PlayerUrl,
    threshold: int | None = None,
) -> dict[str, Any]:
    """A game's season standings (``SeasonRow``s, ranked) as ``publishing/ranking_table.html`` shows
    them: sorted by the column ``query`` asks for (``<prefix>sort``, as django-tables2 sorted
    them), 50 a page (``<prefix>page``; a page past the end is the last), only the shown
    page's cells written. ``rows``: the whole ranking, or the page asked, sorted as asked
    (``season_rankings.standings_page``; no search then). ``excluded``: the game's columns
    left out; the total with the place points shows where one of the rows' tournaments added
    them, the evenings against the season's attendance ``threshold`` where it has one."""
    whole = isinstance(rows, list)
    added = any(row.added for row in rows) if isinstance(rows, list) else rows.added
    shown = season_columns(excluded, added, threshold)
    field = f"{prefix}sort"
    headings = [
        ("rank", _("Rank"), ""),
        ("name", _("Player"), ""),
        *((name, heading, "") for name, heading, _p in shown),
    ]
    page_field = f"{prefix}page"
    text = search_text(query) if whole else ""
    found: set[int] = set()
    shown_rows: list[int] = []
    page: Page[Any] | None
    if isinstance(rows, list):
        current, descending = season_sorting(query, prefix, shown)
        if current is not None:
            column = current
            rows = sorted_rows(rows, lambda row: getattr(row, column), descending)
        if text:
            shown_rows, found = search_rows([row.name for row in rows], text)
            listed, page = [rows[index] for index in shown_rows], None
        else:
            page = Paginator(rows, SEASON_PER_PAGE).get_page(query.get(page_field))
            listed = list(page.object_list)
    else:
        paginator = CountedPaginator(
            rows.rows, SEASON_PER_PAGE, count=rows.count, number=rows.number, rows=rows.rows
        )
        page, listed = paginator.page(rows.number), rows.rows
    number = number_writer()
    writers: list[Callable[[SeasonRow], SafeString]] = []
    for name, _heading, points in shown:
        if name == "evenings":
            writers.append(lambda row: attendance_text(row.evenings or 0, threshold or 0))
        elif points:
            writers.append(partial(_cell, name, points_text))
        else:
            writers.append(partial(_cell, name, number))
    columns = sort_columns(query, field, headings)
    key = key_index([name for name, _h, _p in shown])
    out = [
        RankingRow(
            rank=number(row.rank),
            name=row.name,
            url=player_url(row.player_id),
            cells=[write(row) for write in writers],
        )
        for row in listed
    ]
    if text:
        out = searched(out, shown_rows, found)
    return {
        "css": "data standings",
        "columns": phone_columns(columns, key),
        "rows": with_details(columns, out, key),
        "page": page,
        "page_field": page_field,
        "search": text,
        "found": len(found),
    }
