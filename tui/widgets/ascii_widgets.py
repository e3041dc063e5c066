"""Textual's own widgets in the ASCII tile style: scroll bars, drop-downs, the spinner.

Textual draws a scroll bar's thumb with eighth-block glyphs at its ends ("▂", "▆",
"▌"), a drop-down (``Select``) with "▼" / "▲" and the loading spinner with "●". In
the ASCII tile style (for terminals without Unicode) the app draws instead:

* scroll bars with :class:`AsciiScrollBarRender`: the thumb in whole cells, shown in
  reverse, no glyph at all. Every scroll bar asks its renderer through Textual's
  ``ScrollBar.renderer`` (documented as settable on the class or on one bar);
  :func:`install` makes that attribute follow the app's tile style, bar by bar, so
  bars made later and bars of other screens follow too. A renderer set on one bar
  (``bar.renderer = ...``) still wins for that bar.
* drop-down arrows "v" / "^", and the choices of an open drop-down in ASCII
  (:func:`tui.keys.as_shown`: "numerals  |6|4|");
* the spinner (the hint's "the expert is thinking") with "o" dots.

:func:`restyle` redraws what is already on screen after the style changed.
Borders are the stylesheets' (the ``-ascii`` class on the app). Checked against
Textual 8.2.8 (``textual.scrollbar``, ``textual.widgets._select``,
``textual.widgets._loading_indicator``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.scrollbar import ScrollBar, ScrollBarRender

from tui.keys import ascii_renderable, ascii_rich, wants_ascii

ARROWS = {"down-arrow": ("▼", "v"), "up-arrow": ("▲", "^")}
"""A drop-down's arrows: (default style, ASCII style), by the arrow's class."""


class AsciiScrollBarRender(ScrollBarRender):
    """A scroll bar of whole cells: the thumb is blank cells in reverse, no block glyphs."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8


def renderer_for(app: Any) -> type[ScrollBarRender]:
    """The scroll bar renderer of ``app``'s tile style."""
    return AsciiScrollBarRender if wants_ascii(app) else ScrollBarRender


class _StyleRenderer:
    """``ScrollBar.renderer``: the one set on the bar, else the app's style's."""

    def __get__(self, bar: Any, owner: type | None = None) -> type[ScrollBarRender]:
        if bar is None:
            return ScrollBarRender
        chosen = bar.__dict__.get("_chosen_renderer")
        if chosen is not None:
            return chosen
        try:
            app = bar.app
        except Exception:          # not mounted in an app: Textual's own
            return ScrollBarRender
        return renderer_for(app)

    def __set__(self, bar: Any, renderer: type[ScrollBarRender] | None) -> None:
        bar.__dict__["_chosen_renderer"] = renderer


def install() -> None:
    """Make scroll bars, drop-downs and the spinner follow the tile style (idempotent)."""
    if not isinstance(ScrollBar.__dict__.get("renderer"), _StyleRenderer):
        ScrollBar.renderer = _StyleRenderer()  # type: ignore[assignment]
    _ascii_select_arrows()
    _ascii_select_choices()
    _ascii_spinner()


def _ascii_spinner() -> None:
    from rich.text import Text
    from textual.widgets import LoadingIndicator

    original = LoadingIndicator.render
    if getattr(original, "_dominoes_ascii", False):
        return

    def render(self: Any) -> Any:
        shown = original(self)
        if isinstance(shown, Text) and wants_ascii(self.app):
            return ascii_rich(shown)
        return shown

    render._dominoes_ascii = True  # type: ignore[attr-defined]
    LoadingIndicator.render = render  # type: ignore[method-assign]


def _ascii_select_arrows() -> None:
    from textual.widgets._select import SelectCurrent

    original = SelectCurrent.compose
    if getattr(original, "_dominoes_ascii", False):
        return

    def compose(self: Any) -> Any:
        for widget in original(self):
            if widget.has_class("arrow"):
                _set_arrow(widget, wants_ascii(self.app))
            yield widget

    compose._dominoes_ascii = True  # type: ignore[attr-defined]
    SelectCurrent.compose = compose  # type: ignore[method-assign]


def _ascii_select_choices() -> None:
    from textual.widgets import Select
    from textual.widgets._select import SelectOverlay

    original = Select._setup_options_renderables
    if getattr(original, "_dominoes_ascii", False):
        return

    def setup(self: Any) -> None:
        original(self)                  # the choices as given (the value keeps its own)
        overlay = self.query_one(SelectOverlay)
        if wants_ascii(self.app):
            for index, option in enumerate(overlay.options):
                overlay.replace_option_prompt_at_index(index, ascii_renderable(option.prompt))
        values = [value for _, value in self._options]
        if self.value in values:
            overlay.highlighted = values.index(self.value)

    setup._dominoes_ascii = True  # type: ignore[attr-defined]
    Select._setup_options_renderables = setup  # type: ignore[method-assign]


def _set_arrow(widget: Any, ascii_only: bool) -> None:
    for name, (glyph, plain) in ARROWS.items():
        if widget.has_class(name):
            widget.update(plain if ascii_only else glyph)


def restyle(app: Any) -> None:
    """Redraw every scroll bar, drop-down and spinner of ``app``'s screens in its style."""
    from textual.widgets import LoadingIndicator, Select
    from textual.widgets._select import SelectCurrent

    ascii_only = wants_ascii(app)
    for screen in list(getattr(app, "screen_stack", [])):
        for widget in screen.walk_children(with_self=True):
            for bar in (widget._vertical_scrollbar, widget._horizontal_scrollbar):
                if bar is not None:
                    bar.refresh()
            if isinstance(widget, SelectCurrent):
                for arrow in widget.query(".arrow"):
                    _set_arrow(arrow, ascii_only)
            if isinstance(widget, LoadingIndicator):
                widget.refresh()
            if isinstance(widget, Select) and widget.is_mounted:
                widget._setup_options_renderables()
