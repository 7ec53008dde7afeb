"""django-tables2 tables for the standings pages (sortable, French headers)."""

from fractions import Fraction

import django_tables2 as tables
from django.conf import settings
from django.utils.formats import localize, number_format
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _


def format_points(value: Fraction | int | None) -> str:
    """Place points: a whole number, or a French decimal with two places when shared oddly."""
    if value is None:
        return "—"
    value = Fraction(value)
    if value.denominator == 1:
        return cell_text(int(value))
    return number_format(float(value), decimal_pos=2)


class PointsColumn(tables.Column):
    def render(self, value):
        return format_points(value)


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

    class Meta:
        orderable = True
        attrs = {"class": "data standings"}
        row_attrs = {"class": lambda record: "sub" if record.get("substitute") else ""}

    def __init__(self, data, *, player_url, **kwargs):
        self.player_url = player_url
        super().__init__(data, **kwargs)

    def render_rank(self, value, record):
        if record.get("substitute"):
            return format_html('<span class="tag sub">{}</span>', _("substitute"))
        return value

    def render_name(self, value, record):
        if record.get("team_id"):
            return format_html(
                '{} <small class="muted">{}</small>', value, record.get("players", "")
            )
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
    name = tables.Column(verbose_name=_("Player"), order_by=("last_name", "first_name"))
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
# the rows are written here in one pass from values already formatted for display.


def cell_text(value, default: str = "—") -> str:
    """A plain cell: escaped and localised like ``{{ value }}`` in a template."""
    if value is None or value == "":
        return default
    if type(value) is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)  # what ``localize`` gives, without its per-call format lookups
    return conditional_escape(value if isinstance(value, str) else localize(value))


def write_table(table: tables.Table, request, records, cell, extra=()) -> None:
    """Write the table's header and rows (``table.head``, ``table.body``) for
    ``tournaments/_fast_table.html``: the markup django-tables2's template gives, in one pass.
    ``cell(name, record)`` gives each cell's HTML, escaped. ``extra``: columns after the
    table's own, not sortable, as (name, header, title) — plain numbers (a season's
    tournaments: a hundred django-tables2 columns cost more than the whole page)."""
    heads, columns = [], []
    query = request.GET.copy()
    for column in table.columns:
        attrs = column.attrs  # computed on each access: once a column
        header = conditional_escape(column.header)
        if column.orderable:
            query[table.prefixed_order_by_field] = column.order_by_alias.next
            header = format_html('<a href="?{}">{}</a>', query.urlencode(), header)
        heads.append(f"<th {attrs['th'].as_html()}>{header}</th>")
        columns.append((column.name, attrs["td"].as_html()))
    for name, header, title in extra:
        heads.append(format_html('<th class="num" title="{}">{}</th>', title, header))
        columns.append((name, 'class="num"'))
    table.column_count = len(columns)
    table.head = mark_safe("".join(heads))
    table.body = body_html(table, columns, records, cell)


def body_html(table: tables.Table, columns, records, cell) -> str:
    """The ``<tr>`` rows of ``records``: ``columns`` are (name, td attributes) pairs. Rows
    carry django-tables2's even/odd classes."""
    row_class = table.row_attrs.get("class") if table.row_attrs else None
    lines = []
    for index, record in enumerate(records):
        css = "even" if index % 2 == 0 else "odd"
        extra = row_class(record) if callable(row_class) else row_class
        css = f"{extra} {css}" if extra else css
        cells = "".join(f"<td {attrs}>{cell(name, record)}</td>" for name, attrs in columns)
        lines.append(f'<tr class="{css}">{cells}</tr>')
    return mark_safe("\n".join(lines))


def standings_cell(table: StandingsTable, name: str, record: dict) -> str:
    """A cell of a tournament's standings (what ``StandingsTable``'s renderers give)."""
    value = record.get(name)
    if value is None:
        return cell_text(value)  # django-tables2 shows the default without the renderer
    if name == "rank":
        return conditional_escape(table.render_rank(value, record))
    if name == "name":
        return table.render_name(value, record)
    if name in ("place_points", "wins"):
        return format_points(value)
    return cell_text(value)


def annual_cell(name: str, record: dict, player_url=None) -> str:
    """A cell of the annual ranking: totals, then each tournament's "points (place)";
    the name links to the player's season when ``player_url(player_id)`` is given."""
    if name == "name" and player_url is not None:
        return format_html('<a href="{}">{}</a>', player_url(record["player_id"]), record["name"])
    if name == "place_points":
        return format_points(record["place_points"])
    if name == "points":
        return cell_text(record["total_points"])
    if name == "tournaments":
        return cell_text(record["n_tournaments"])
    return cell_text(record.get(name))
