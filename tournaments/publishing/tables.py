"""django-tables2 tables for the standings pages (sortable, French headers)."""

import html
from fractions import Fraction

import django_tables2 as tables
from django.conf import settings
from django.utils.formats import localize
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from tournaments.formatting import format_points


class PointsColumn(tables.Column):
    def render(self, value):
        return format_points(value)


def render_rank(value, record):
    if record.get("substitute"):
        return format_html('<span class="tag sub">{}</span>', _("substitute"))
    return value


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=_("Player"), linkify=False)
    place_points = PointsColumn(
        verbose_name=_("Place points"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    wins = PointsColumn(
        verbose_name=_("Matches won"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    score = tables.Column(
        verbose_name=_("Total score"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    difference = tables.Column(
        verbose_name=_("Difference"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    best_round = tables.Column(
        verbose_name=_("Best round"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    rounds_played = tables.Column(
        verbose_name=_("Rounds"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )

    # The query parameter sorting the table (django-tables2's, the table having no prefix).
    sort_field = "sort"

    class Meta:
        orderable = True
        attrs = {"class": "data standings"}
        row_attrs = {"class": lambda record: "sub" if record.get("substitute") else ""}

    def __init__(self, data, *, player_url, **kwargs):
        self.player_url = player_url
        super().__init__(data, **kwargs)

    def render_rank(self, value, record):
        return render_rank(value, record)

    def render_name(self, value, record):
        if record.get("team_id"):
            return format_html(
                '{} <small class="muted">{}</small>', value, record.get("players", "")
            )
        if self.player_url is None:  # no public page to link to (an unpublished tournament)
            return value
        return format_html('<a href="{}">{}</a>', self.player_url(record["entry_id"]), value)


class SeasonStandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=_("Player"), attrs={"td": {"class": "name"}})
    tournaments = tables.Column(verbose_name=_("Tournaments"), attrs={"td": {"class": "num"}})
    place_points = PointsColumn(verbose_name=_("Place points"), attrs={"td": {"class": "num"}})
    wins = PointsColumn(verbose_name=_("Matches won"), attrs={"td": {"class": "num"}})
    score = tables.Column(verbose_name=_("Total score"), attrs={"td": {"class": "num"}})
    difference = tables.Column(verbose_name=_("Difference"), attrs={"td": {"class": "num"}})
    best_round = tables.Column(verbose_name=_("Best round"), attrs={"td": {"class": "num"}})

    class Meta:
        orderable = True
        attrs = {"class": "data standings"}

    def __init__(self, data, *, player_url, **kwargs):
        self.player_url = player_url
        super().__init__(data, **kwargs)

    def render_name(self, value, record):
        return format_html('<a href="{}">{}</a>', self.player_url(record["player_id"]), value)


class AnnualRankingTable(tables.Table):
    """The season's ranking by the club's rule: totals, then each tournament (points, place)."""

    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=_("Player"), order_by=("sort_key",))
    tournaments = tables.Column(
        verbose_name=_("Tournaments"), accessor="n_tournaments", attrs={"td": {"class": "num"}}
    )
    points = tables.Column(
        verbose_name=_("Points"), accessor="total_points", attrs={"td": {"class": "num"}}
    )
    place_points = PointsColumn(
        verbose_name=_("Place points"),
        order_by="place_points_60ths",
        attrs={"td": {"class": "num"}},
    )
    best_n_points = tables.Column(
        verbose_name=_("Best N tournaments"), attrs={"td": {"class": "num"}}
    )

    class Meta:
        orderable = True
        attrs = {"class": "data standings annual"}


# --------------------------------------------------------------------------- fast bodies
#
# django-tables2 renders a cell through ``BoundRow`` (an ``inspect.signature`` call per cell):
# most of a standings page's time. Its tables still give the headers, sorting and pagination;
# the rows are written here in one pass, each column by a formatter chosen once per table
# (a page of the annual ranking has thousands of cells: no lookups per cell).


def cell_text(value, default: str = "—") -> str:
    """A plain cell: escaped and localised like ``{{ value }}`` in a template."""
    if value is None or value == "":
        return default
    kind = type(value)
    if kind is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)  # what ``localize`` gives, without its per-call format lookups
    if kind is str:
        return html.escape(value)  # what ``conditional_escape`` gives a plain string
    return conditional_escape(value if isinstance(value, str) else localize(value))


def plain_cells(name: str):
    """The formatter of a plain column: ``cell_text`` of the record's value, ints written
    straight when the thousand separator is off (read once, not per cell)."""
    if settings.USE_THOUSAND_SEPARATOR:
        return lambda record: cell_text(record.get(name))

    def cell(record: dict) -> str:
        value = record.get(name)
        if type(value) is int:
            return str(value)
        return cell_text(value)

    return cell


def write_table(
    table: tables.Table, request, records, formatter, tail=None, row_class=None
) -> None:
    """Write the table's header and rows (``table.head``, ``table.body``) for
    ``tournaments/_fast_table.html``: the markup django-tables2's template gives, in one pass.
    ``formatter(name)`` gives the function writing a column's cell (escaped HTML) from a
    record. ``tail``: columns after the table's own, not sortable, as (headers, cells) —
    their ``<th>`` elements, and a function writing a record's ``<td>`` cells for them (a
    season's tournaments: a hundred django-tables2 columns cost more than the whole page).
    ``row_class(record)``: a row's own class (else the table's ``row_attrs``)."""
    cells = write_head(table, request, tail[0] if tail is not None else None)
    if row_class is None:
        row_class = table.row_attrs.get("class") if table.row_attrs else None
    columns = [(td, formatter(name)) for td, name in cells]
    table.body = body_html(row_class, columns, records, tail[1] if tail is not None else None)


def write_head(table: tables.Table, request, tail_heads=None) -> list[tuple[str, str]]:
    """Write the table's header (``table.head``, ``table.column_count``; ``tail_heads``:
    the ``<th>`` elements of columns after the table's own); gives each column's opening
    ``<td>`` and name."""
    heads, cells = [], []
    query = request.GET.copy()
    for column in table.columns:
        attrs = column.attrs  # computed on each access: once a column
        header = conditional_escape(column.header)
        if column.orderable:
            query[table.prefixed_order_by_field] = column.order_by_alias.next
            header = format_html('<a href="?{}">{}</a>', query.urlencode(), header)
        heads.append(f"<th {attrs['th'].as_html()}>{header}</th>")
        cells.append((f"<td {attrs['td'].as_html()}>", column.name))
    count = len(cells)
    if tail_heads is not None:
        heads.append(tail_heads)
        count += tail_heads.count("<th ")
    table.column_count = count
    table.head = mark_safe("".join(heads))
    return cells


def body_html(row_class, columns, records, tail_cells=None) -> str:
    """The ``<tr>`` rows of ``records``: ``columns`` are (opening ``<td>``, formatter) pairs;
    ``row_class``: a class, or a function giving a record's. Rows carry django-tables2's
    even/odd classes."""
    lines = []
    for index, record in enumerate(records):
        css = "even" if index % 2 == 0 else "odd"
        extra = row_class(record) if callable(row_class) else row_class
        css = f"{extra} {css}" if extra else css
        cells = "".join([f"{td}{cell(record)}</td>" for td, cell in columns])
        if tail_cells is not None:
            cells += tail_cells(record)
        lines.append(f'<tr class="{css}">{cells}</tr>')
    return mark_safe("\n".join(lines))


def points_text(value) -> str:
    """``format_points`` without rebuilding a Fraction already built (most place points)."""
    if type(value) is Fraction and value.denominator == 1:
        return str(value.numerator)
    return format_points(value)


def substitute_class(row) -> str:
    """A standings row's class (``StandingsTable``'s ``row_attrs``, for a ``StandingRow``)."""
    return "sub" if row.substitute else ""


def standings_formatter(player_url):
    """The cells of a tournament's standings, written from its ``StandingRow``s (what
    ``StandingsTable``'s renderers give its records; ``player_url(entry_id)``, or None: the
    names link to nothing); django-tables2 shows the default, without the renderer, for a
    missing value."""

    number_text = str if not settings.USE_THOUSAND_SEPARATOR else cell_text

    def formatter(name: str):
        if name == "rank":

            def rank(row) -> str:
                value = row.rank
                if value is None:
                    return cell_text(value)
                if type(value) is int and not row.substitute:
                    return str(value)  # what ``render_rank`` gives a ranked player
                return conditional_escape(render_rank(value, {"substitute": row.substitute}))

            return rank
        if name == "name":

            def player(row) -> str:
                value = row.name
                if value is None:
                    return cell_text(value)
                if row.team_id:
                    players = html.escape(str(row.players))
                    return f'{html.escape(value)} <small class="muted">{players}</small>'
                if player_url is None:  # an unpublished tournament: no public page
                    return html.escape(value)
                url = html.escape(player_url(row.entry_id))
                return f'<a href="{url}">{html.escape(value)}</a>'

            return player
        if name in ("place_points", "wins"):

            def points(row) -> str:
                value = getattr(row, name)
                return cell_text(value) if value is None else points_text(value)

            return points
        if name.startswith("r") and name[1:].isdigit():
            number = int(name[1:])

            def round_score(row) -> str:
                cell = row.rounds.get(number)
                return "—" if cell is None else number_text(cell.score)

            return round_score
        if name in ("score", "difference", "best_round", "rounds_played"):  # ints, or None

            def number(row) -> str:
                value = getattr(row, name)
                return "—" if value is None else number_text(value)

            return number
        return lambda row: cell_text(getattr(row, name))

    return formatter


def annual_formatter(name: str, player_url=None):
    """The cells of the annual ranking's totals (the tournaments' cells are its tail); the
    name links to the player's season when ``player_url(player_id)`` is given."""
    if name == "name" and player_url is not None:
        return lambda record: (
            f'<a href="{html.escape(player_url(record["player_id"]))}">'
            f"{html.escape(record['name'])}</a>"
        )
    if name == "place_points":
        return lambda record: points_text(record["place_points"])
    if name == "points":
        return plain_cells("total_points")
    if name == "tournaments":
        return plain_cells("n_tournaments")
    return plain_cells(name)
