"""A player's rating history as an SVG line chart drawn on the server (no script, no chart
library): the coordinates the template ``ratings/_history_chart.html`` draws, sized like the
season page's charts (``publishing.charts``, which this app's layer may not import)."""

from collections.abc import Sequence
from dataclasses import dataclass

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 44, 28, 14, 36
#: Below this many points a chart says little: the page says it in words.
MIN_POINTS = 2
#: The room a date label takes on the axis, in the drawing's units.
LABEL_WIDTH = 44


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    value: int
    label: str
    labelled: bool


@dataclass(frozen=True)
class HistoryChart:
    width: int
    height: int
    points: list[Point]
    gridlines: list[tuple[float, int]]
    left: int
    right: int
    bottom: int

    @property
    def drawn(self) -> bool:
        return len(self.points) >= MIN_POINTS

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def _ticks(low: int, high: int) -> list[int]:
    step = 10
    while (high - low) / step > 4:
        step *= 5 if str(step).startswith("1") else 2
    first = (low // step) * step
    return list(range(first, high + step, step))


def history_chart(values: Sequence[int], labels: Sequence[str]) -> HistoryChart:
    """Coordinates for the published numbers ``values``, left to right."""
    ticks = _ticks(min(values), max(values)) if values else [0]
    low, span = ticks[0], (ticks[-1] - ticks[0]) or 1
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y_of(value: int) -> float:
        return TOP + (1 - (value - low) / span) * inner_h

    step = inner_w / max(1, len(values) - 1)
    every = max(1, -(-LABEL_WIDTH // int(step or 1))) if len(values) > 1 else 1
    last = len(values) - 1
    points = [
        Point(
            x=LEFT + (i * step if len(values) > 1 else inner_w / 2),
            y=y_of(value),
            value=value,
            label=label,
            labelled=(last - i) % every == 0,
        )
        for i, (value, label) in enumerate(zip(values, labels, strict=True))
    ]
    return HistoryChart(
        WIDTH, HEIGHT, points, [(y_of(t), t) for t in ticks], LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM
    )
