"""The footer of every screen: the keys that work now, each as "key label".

Textual's compact ``Footer`` puts a single space both between a key and its label and
between one key and the next, so a row reads as one run of words ("⏎ Play tile 1-9
Choose ? Help"). :class:`KeysFooter` keeps one space inside an entry and two between
entries ("⏎ Play  1-9 Tile  ? Help"). When that is wider than the screen it falls
back, in the order the screen asks for (``tight_first``), to one space between
entries and to a second row, so a key that works is never cut off, even at 80
columns. The key names come from ``App.get_key_display``, Textual's hook (the app
names keys in ASCII in the ASCII tile style). Entries are Textual's own
``FooterKey`` widgets, so a click still presses the key.

Textual's footer starts empty and is built again every time the screen's bindings
may have changed (a screen being mounted, focus moving, ``refresh_bindings``), several
times before a screen's first frame. This one is built with the screen (its keys are
there in the first frame) and, when told the bindings changed, is built again only if
what it would show differs from what it shows (and once for any number of changes
told between two refreshes).
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalGroup
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

GAP = 2
"""Spaces between two entries when they fit."""
TIGHT_GAP = 1


class FooterEntry(NamedTuple):
    binding: Binding
    display: str          # the key as shown ("⏎", "1-9", "Enter")
    enabled: bool
    tooltip: str

    @property
    def width(self) -> int:
        description = self.binding.description
        return cell_len(self.display) + (1 + cell_len(description) if description else 0)


class FooterPlan(NamedTuple):
    gap: int
    rows: tuple[tuple[int, ...], ...]   # entry indexes, row by row


Shown = tuple[tuple[tuple[str, str, str, str, bool, str], ...], FooterPlan]
"""What a footer shows: each entry's key, display, label, action, state and tooltip, and
the plan."""


def plan_rows(widths: list[int], room: int, *, tight_first: bool = True) -> FooterPlan:
    """How entries of ``widths`` cells go into ``room`` columns: one row with two spaces
    between entries if it fits; else one row with one space (``tight_first``) or rows
    of two-space entries filled in order (as many rows as it takes)."""
    every = tuple(range(len(widths)))

    def one_row(gap: int) -> bool:
        return sum(widths) + gap * max(0, len(widths) - 1) <= room

    if one_row(GAP):
        return FooterPlan(GAP, (every,))
    if tight_first and one_row(TIGHT_GAP):
        return FooterPlan(TIGHT_GAP, (every,))
    rows: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(widths):
        need = width + (GAP if rows[-1] else 0)
        if rows[-1] and used + need > room:
            rows.append([])
            used, need = 0, width
        rows[-1].append(index)
        used += need
    return FooterPlan(GAP, tuple(tuple(row) for row in rows))


class KeysFooter(Footer):
    """A compact footer with "key label" entries two spaces apart (see the module)."""

    DEFAULT_CSS = """
    KeysFooter > .footer-row {
        height: 1;
        width: 100%;
    }
    """

    def __init__(self, *, tight_first: bool = True, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(compact=True, show_command_palette=False, id=id, classes=classes)
        self.tight_first = tight_first
        self.plan: FooterPlan = FooterPlan(GAP, ())
        self._shown: Shown | None = None
        self._rebuild_pending = False

    def entries(self) -> list[FooterEntry]:
        """The keys the footer shows now: the first shown binding of each action, in the
        order of the screen's active bindings (as Textual's footer does)."""
        seen: dict[str, FooterEntry] = {}
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in seen:
                seen[binding.action] = FooterEntry(binding, self.app.get_key_display(binding),
                                                   enabled, tooltip)
        return list(seen.values())

    def _room(self) -> int:
        return self.size.width or self.app.size.width

    def _plan(self, entries: list[FooterEntry]) -> FooterPlan:
        return plan_rows([e.width for e in entries], self._room(), tight_first=self.tight_first)

    def _what_to_show(self) -> tuple[list[FooterEntry], Shown]:
        entries = self.entries()
        plan = self._plan(entries)
        keys = tuple((e.binding.key, e.display, e.binding.description, e.binding.action,
                      e.enabled, e.tooltip) for e in entries)
        return entries, (keys, plan)

    def compose(self) -> ComposeResult:
        entries, shown = self._what_to_show()
        self._shown = shown
        self.plan = plan = shown[1]
        self.styles.layout = "vertical"             # rows under each other
        self.styles.height = max(1, len(plan.rows))
        for row in plan.rows:
            with HorizontalGroup(classes="footer-row"):
                for place, index in enumerate(row):
                    entry = entries[index]
                    # "-compact" given at once: the key's own watcher then has nothing
                    # to restyle (Textual's footer binds it, one restyle per key)
                    key = FooterKey(entry.binding.key, entry.display, entry.binding.description,
                                    entry.binding.action, disabled=not entry.enabled,
                                    tooltip=entry.tooltip, classes="-compact")
                    key.styles.margin = (0, plan.gap if place < len(row) - 1 else 0, 0, 0)
                    yield key

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's bindings may have changed: look again after the next refresh
        (once, however often this is called before it)."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._rebuild_pending:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        """Build the footer again if what it would show has changed."""
        self._rebuild_pending = False
        if self.is_attached and self._what_to_show()[1] != self._shown:
            await self.recompose()

    def on_resize(self) -> None:
        """A new width may need another spacing or another row."""
        if self.is_attached and self.screen.is_active:
            if self._plan(self.entries()) != self.plan:
                self.call_after_refresh(self.recompose)
