"""Small line charts drawn on the server as SVG coordinates (no chart library, no script): the
geometry that the season page's charts (``publishing.charts``) and the rating's history
(``ratings.chart``) share, each app keeping its own sizes, ticks and templates.

A chart is one point per value, the line through them and a few labelled gridlines. Values
are whole numbers (ranks, points, ratings). Sized for a phone: the drawing is about as wide
as a phone's column (360 units for some 350 px), so the 15-unit labels (static/css/atout.css)
read at 12 px or more there; a wider screen draws them larger. Dates that would overlap are
left out, every other one or more, the last one always kept.

>>> chart = line_chart([3, 5, 4], ["a", "b", "c"], ticks=round_ticks(3, 5), left=40)
>>> chart.polyline
'40.0,164.0 186.0,14.0 332.0,89.0'
"""

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

WIDTH, HEIGHT = 360, 200
RIGHT, TOP, BOTTOM = 28, 14, 36
#: The room a date label (« 12/03 ») takes on the axis, in the drawing's units.
LABEL_WIDTH = 44


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    value: int
    label: str
    #: the date is written under the axis (not when it would overlap its neighbours)
    labelled: bool = True


class Gridline(NamedTuple):
    """A gridline's height and the value written beside it (a template may unpack it)."""

    y: float
    value: int


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    points: list[ChartPoint]
    gridlines: list[Gridline]
    #: the plot's edges: left and right, and the axis at the bottom
    left: int
    right: int
    bottom: int
    #: below this many points a chart says little: the page says it in words
    min_points: int

    @property
    def drawn(self) -> bool:
        """Enough points for a chart (else the page writes a sentence instead)."""
        return len(self.points) >= self.min_points

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def _steps(mantissas: Sequence[int], smallest: int) -> Iterator[int]:
    """The round steps from ``smallest`` up: each mantissa times 1, 10, 100…"""
    for power in itertools.count():
        for mantissa in mantissas:
            if mantissa * 10**power >= smallest:
                yield mantissa * 10**power


def round_ticks(
    low: int, high: int, *, count: int = 4, mantissas: Sequence[int] = (1, 2, 5), smallest: int = 1
) -> list[int]:
    """Round values covering low..high in at most ``count`` steps: the smallest step, among the
    ``mantissas`` times a power of ten and at least ``smallest``, that does it.

    >>> round_ticks(3, 17)
    [0, 5, 10, 15, 20]
    >>> round_ticks(1480, 1530, mantissas=(1, 5), smallest=10)
    [1450, 1500, 1550]
    """
    step = next(s for s in _steps(mantissas, smallest) if high - low <= count * s)
    first = (low // step) * step
    return list(range(first, high + step, step))


def line_chart(
    values: Sequence[int],
    labels: Sequence[str],
    *,
    ticks: Sequence[int],
    left: int,
    inverted: bool = False,
    min_points: int = 1,
) -> LineChart:
    """Coordinates for ``values`` left to right, between the first and last of ``ticks`` (a
    gridline each); ``left``: the room for the ticks' numbers. ``inverted``: small values on
    top (ranks, where 1 is the best)."""
    low, high = ticks[0], ticks[-1]
    span = (high - low) or 1
    inner_w, inner_h = WIDTH - left - RIGHT, HEIGHT - TOP - BOTTOM

    def y_of(value: int) -> float:
        share = (value - low) / span
        return TOP + (share if inverted else 1 - share) * inner_h

    step = inner_w / max(1, len(values) - 1)
    # Every n-th date, the last one always: as many as fit side by side.
    every = max(1, math.ceil(LABEL_WIDTH / step)) if len(values) > 1 else 1
    last = len(values) - 1
    points = [
        ChartPoint(
            x=left + (index * step if len(values) > 1 else inner_w / 2),
            y=y_of(value),
            value=value,
            label=label,
            labelled=(last - index) % every == 0,
        )
        for index, (value, label) in enumerate(zip(values, labels, strict=True))
    ]
    return LineChart(
        width=WIDTH,
        height=HEIGHT,
        points=points,
        gridlines=[Gridline(y_of(t), t) for t in ticks],
        left=left,
        right=WIDTH - RIGHT,
        bottom=HEIGHT - BOTTOM,
        min_points=min_points,
    )
