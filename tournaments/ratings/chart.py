"""A player's rating history as an SVG line chart drawn on the server (no script, no chart
library): the coordinates the template ``ratings/_history.html`` draws, from the geometry the
season page's charts share (``tournaments.charting``)."""

import datetime
from collections.abc import Sequence
from typing import Any

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


def history_context(
    points: Sequence[dict[str, Any]], game: str, list_url: str, list_label: str
) -> dict[str, object]:
    """What ``ratings/_history.html`` draws from a player's points in a list (a club's or a
    federation's): the chart, the number now, whether it is still provisional, and a link to
    the list."""
    days = [datetime.date.fromisoformat(p["d"]) for p in points]
    # Day and month within one year; month and year across years (a label fits its room).
    shape = "%d/%m" if len({d.year for d in days}) <= 1 else "%m/%y"
    labels = [d.strftime(shape) for d in days]
    return {
        "game": game,
        "points": points,
        "last": points[-1] if points else None,
        "chart": history_chart([p["v"] for p in points], labels),
        "list_url": list_url,
        "list_label": list_label,
    }
