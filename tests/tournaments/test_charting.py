"""One chart geometry for the season page and the rating's history (``tournaments.charting``):
both draw what they drew before it was shared (the coordinates below are those of the two
copies it replaces), and a long rating history is drawn too."""

from itertools import pairwise

from tournaments.publishing.charts import line_chart
from tournaments.ratings.chart import history_chart


def _days(count: int) -> list[str]:
    return [f"{day:02d}/03" for day in range(1, count + 1)]


def _gridlines(chart) -> str:
    """Each gridline's value and height as the templates write it (unpacked as (y, value),
    as the rating's template does)."""
    return " ".join(f"{value}@{y:.1f}" for y, value in chart.gridlines)


def test_the_season_charts_draw_as_before():
    points = line_chart([12, 30, 7, 22], _days(4))
    assert points.polyline == "40.0,104.0 137.3,14.0 234.7,129.0 332.0,54.0"
    assert _gridlines(points) == "0@164.0 10@114.0 20@64.0 30@14.0"
    ranks = line_chart([1, 5, 3, 8], _days(4), inverted=True)
    assert ranks.polyline == "40.0,14.0 137.3,99.7 234.7,56.9 332.0,164.0"
    assert _gridlines(ranks) == "1@14.0 2@35.4 4@78.3 6@121.1 8@164.0"
    assert ranks.gridlines[0].value == 1 and ranks.gridlines[0].y == 14.0
    assert not line_chart([3, 4], _days(2)).drawn and line_chart([3, 4, 5], _days(3)).drawn


def test_the_rating_history_draws_as_before():
    chart = history_chart([1500, 1523, 1488, 1540, 1561], _days(5))
    assert chart.polyline == "44.0,114.0 116.0,91.0 188.0,126.0 260.0,74.0 332.0,53.0"
    assert _gridlines(chart) == "1450@164.0 1500@114.0 1550@64.0 1600@14.0"
    assert (chart.left, chart.right, chart.bottom) == (44, 332, 164)
    assert not history_chart([1500], _days(1)).drawn and history_chart([1500, 1510], _days(2)).drawn
    both = [
        history_chart(list(range(1500, 1530)), _days(30)),
        line_chart(list(range(30)), _days(30)),
    ]
    for drawn in both:
        assert [i for i, p in enumerate(drawn.points) if p.labelled] == [4, 9, 14, 19, 24, 29]


def test_a_long_rating_history_is_drawn_its_dates_apart():
    """300 tournaments (years of weekly evenings): every point drawn, the dates that are
    written do not overlap (the copy before divided by zero past 289 points)."""
    values = [1500 + (i % 40) for i in range(300)]
    chart = history_chart(values, [str(i) for i in range(300)])
    assert len(chart.points) == 300 and chart.points[-1].labelled
    shown = [p for p in chart.points if p.labelled]
    assert min(b.x - a.x for a, b in pairwise(shown)) >= 44
