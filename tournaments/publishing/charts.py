"""The season page's charts: a player's rank and points after each tournament of a game, drawn
by the template ``publishing/_line_chart.html`` from the geometry of ``tournaments.charting``.
"""

from collections.abc import Sequence

from tournaments.charting import LineChart, round_ticks
from tournaments.charting import line_chart as _line_chart

#: Room for the ticks' numbers (ranks, points), in the drawing's units.
LEFT = 40
#: Below this many values a chart says little (one lonely dot): the page says it in words.
MIN_POINTS = 3


def line_chart(
    values: Sequence[int], labels: Sequence[str], *, inverted: bool = False
) -> LineChart:
    """Coordinates for ``values`` left to right. ``inverted``: small values on top (ranks,
    where 1 is the best)."""
    if inverted:  # ranks: from the first place down
        ticks = [1] + [t for t in round_ticks(0, max(values, default=1)) if t > 1]
    else:
        ticks = round_ticks(min(values), max(values)) if values else [0]
    return _line_chart(
        values, labels, ticks=ticks, left=LEFT, inverted=inverted, min_points=MIN_POINTS
    )
