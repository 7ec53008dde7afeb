"""A player's rating history as an SVG line chart drawn on the server (no script, no chart
library): the coordinates the template ``ratings/_history.html`` draws, from the geometry the
season page's charts share (``tournaments.charting``)."""

from collections.abc import Sequence

from tournaments.charting import LineChart, line_chart, round_ticks

#: Room for the ticks' numbers (four-digit ratings), in the drawing's units.
LEFT = 44
#: Below this many points a chart says little: the page says it in words.
MIN_POINTS = 2


def history_chart(values: Sequence[int], labels: Sequence[str]) -> LineChart:
    """Coordinates for the published numbers ``values``, left to right (ticks 10, 50, 100…
    apart: ratings move by tens)."""
    ticks = round_ticks(min(values), max(values), mantissas=(1, 5), smallest=10) if values else [0]
    return line_chart(values, labels, ticks=ticks, left=LEFT, min_points=MIN_POINTS)
