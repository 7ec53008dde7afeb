"""Small line charts drawn on the server as SVG coordinates (no chart library, no script).

The template draws what ``line_chart`` computes: one point per value, the line through
them, a few labelled gridlines. Values are whole numbers (ranks, points).

Sized for a phone: the drawing is about as wide as a phone's column (360 units for some
350 px), so the 15-unit labels (static/css/atout.css) read at 12 px or more there; a wider
screen draws them larger. Dates that would overlap are left out, every other one or more.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 40, 28, 14, 36
#: Below this many values a chart says little (one lonely dot): the page says it in words.
MIN_POINTS = 3
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


@dataclass(frozen=True)
class Gridline:
    y: float
    value: int


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    points: list[ChartPoint]
    gridlines: list[Gridline]
    left: int
    right: int
    bottom: int

    @property
    def drawn(self) -> bool:
        """Enough points for a chart (else the page writes a sentence instead)."""
        return len(self.points) >= MIN_POINTS

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def nice_ticks(low: int, high: int, count: int = 4) -> list[int]:
    """About ``count`` round values covering low..high (1, 2 or 5 times a power of ten)."""
    if high <= low:
        return [low]
    raw = (high - low) / count
    step = 1
    while step * 10 <= raw:
        step *= 10
    for factor in (1, 2, 5, 10):
        if step * factor >= raw:
            step *= factor
            break
    first = (low // step) * step
    ticks = list(range(first, high + step, step))
    return ticks


def line_chart(
    values: Sequence[int], labels: Sequence[str], *, inverted: bool = False
) -> LineChart:
    """Coordinates for ``values`` left to right. ``inverted``: small values on top (ranks,
    where 1 is the best)."""
    if inverted:  # ranks: from the first place down
        ticks = [1] + [t for t in nice_ticks(0, max(values, default=1)) if t > 1]
    else:
        ticks = nice_ticks(min(values), max(values)) if values else [0]
    low, high = ticks[0], ticks[-1]
    span = (high - low) or 1
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y_of(value: int) -> float:
        share = (value - low) / span
        return TOP + (share if inverted else 1 - share) * inner_h

    step = inner_w / max(1, len(values) - 1)
    # Every n-th date, the last one always: as many as fit side by side.
    every = max(1, math.ceil(LABEL_WIDTH / step)) if len(values) > 1 else 1
    last = len(values) - 1
    points = [
        ChartPoint(
            x=LEFT + (index * step if len(values) > 1 else inner_w / 2),
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
        left=LEFT,
        right=WIDTH - RIGHT,
        bottom=HEIGHT - BOTTOM,
    )
