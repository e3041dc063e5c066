"""A small horizontal bar chart: one labelled bar per row, its value written as text too.

The bars are drawn with characters -- ``█`` for the filled part and ``░`` for
the rest (``#`` and ``-`` when the app uses the ASCII tile style) -- so they read
the same in 16 colours, 256 colours or with ``NO_COLOR``; colour only adds to
them (component classes ``bar-chart--label``, ``bar-chart--bar``,
``bar-chart--rest``, ``bar-chart--value``).

    chart = BarChart(id="win-rates")
    chart.bars = (Bar("Moon", 0.4, "40%  2 of 5"), Bar("Texas 42", None, "no games"))
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.keys import as_shown

MIN_BAR = 6


class Bar(NamedTuple):
    """One row: ``fraction`` of the bar filled (0-1, or None for no bar), ``value`` as text."""

    label: str
    fraction: float | None
    value: str


class BarChart(Widget):
    """Rows of ``label  ██████░░░░  value``; the bars take the width left over."""

    COMPONENT_CLASSES = {"bar-chart--label", "bar-chart--bar", "bar-chart--rest",
                         "bar-chart--value"}

    DEFAULT_CSS = """
    BarChart {
        height: auto;
        width: 1fr;
    }
    BarChart > .bar-chart--label {
        text-style: bold;
    }
    BarChart > .bar-chart--bar {
        color: $accent;
    }
    BarChart > .bar-chart--rest {
        color: $text-muted;
    }
    """

    bars: reactive[tuple[Bar, ...]] = reactive((), layout=True)
    ascii: reactive[bool] = reactive(False)

    def __init__(self, bars: tuple[Bar, ...] | list[Bar] = (), *, max_bar: int = 30,
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.max_bar = max_bar
        self.set_reactive(BarChart.bars, tuple(bars))

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.bars))

    def on_mount(self) -> None:
        self.ascii = self.app.has_class("-ascii") or getattr(self.app, "tile_style", "") == "ascii"

    def bar_text(self, fraction: float | None, width: int) -> tuple[str, str]:
        """The filled and empty parts of one bar ``width`` cells wide."""
        if fraction is None:
            return "", " " * width
        fraction = min(max(fraction, 0.0), 1.0)
        filled = round(fraction * width)
        if fraction > 0 and filled == 0:
            filled = 1                  # a non-zero value never looks like zero
        full, rest = ("#", "-") if self.ascii else ("█", "░")
        return full * filled, rest * (width - filled)

    def render(self) -> Text:
        if not self.bars:
            return Text("")
        label_width = max(len(b.label) for b in self.bars)
        value_width = max(len(b.value) for b in self.bars)
        width = self.size.width or 60
        bar_width = max(MIN_BAR, min(self.max_bar, width - label_width - value_width - 4))
        styles = {name: self.get_component_rich_style(name, partial=True)
                  for name in self.COMPONENT_CLASSES}
        lines = []
        for bar in self.bars:
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(f"{bar.label:<{label_width}}  ", style=styles["bar-chart--label"])
            filled, rest = self.bar_text(bar.fraction, bar_width)
            line.append(filled, style=styles["bar-chart--bar"])
            line.append(rest, style=styles["bar-chart--rest"])
            line.append(f"  {bar.value}", style=styles["bar-chart--value"])
            lines.append(line)
        return as_shown(self.app, Text("\n").join(lines))
