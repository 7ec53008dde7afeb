"""django-tables2 tables for the standings pages (sortable, French headers)."""

from fractions import Fraction

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _


def format_points(value: Fraction | int | None) -> str:
    """Place points: a whole number, or a French decimal with two places when shared oddly."""
    if value is None:
        return "—"
    value = Fraction(value)
    if value.denominator == 1:
        return number_format(int(value))
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
    name = tables.Column(verbose_name=_("Player"))
    tournaments = tables.Column(verbose_name=_("Tournaments"), attrs={"td": {"class": "num"}})
    place_points = PointsColumn(verbose_name=_("Place points"), attrs={"td": {"class": "num"}})
    wins = PointsColumn(verbose_name=_("Matches won"), attrs={"td": {"class": "num"}})
    score = tables.Column(verbose_name=_("Total score"), attrs={"td": {"class": "num"}})
    difference = tables.Column(verbose_name=_("Difference"), attrs={"td": {"class": "num"}})
    best_round = tables.Column(verbose_name=_("Best round"), attrs={"td": {"class": "num"}})

    class Meta:
        orderable = True
        attrs = {"class": "data standings"}


class AnnualRankingTable(tables.Table):
    """The season's ranking by the club's rule: totals, then each tournament (points, place)."""

    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=_("Player"))
    tournaments = tables.Column(verbose_name=_("Tournaments"), attrs={"td": {"class": "num"}})
    points = tables.Column(verbose_name=_("Points"), attrs={"td": {"class": "num"}})
    place_points = PointsColumn(verbose_name=_("Place points"), attrs={"td": {"class": "num"}})
    best_n_points = tables.Column(
        verbose_name=_("Best N tournaments"), attrs={"td": {"class": "num"}}
    )

    class Meta:
        orderable = True
        attrs = {"class": "data standings annual"}
