"""Work-arounds for Textual bugs the monkey test (tests/test_monkey.py) runs into.

Each one is small, checked against the pinned Textual (8.2.8), and installed once
by ``tui.app`` at import. Remove one when Textual fixes the bug.

* ``OptionList`` page up / page down before the list has been laid out (a
  ``Select`` opened and PgUp pressed in the same burst of keys, as keys arrive
  over a slow SSH link) raises ``KeyError`` in ``OptionList._move_page``: its
  line map is still empty. The key now does nothing until the list is drawn.
* ``Screen.dismiss`` on a screen that is no longer the active one (a button press
  or key queued for a dialog that another key already closed) pops whatever
  screen is on top instead -- the title, then "no screens on the stack"
  (Textual issue #2575). A screen that is not active now ignores ``dismiss``.
"""

from __future__ import annotations

from typing import Any


def install() -> None:
    """Install every work-around (idempotent)."""
    _guard_option_list_paging()
    _guard_stale_dismiss()


def _guard_option_list_paging() -> None:
    from textual.widgets import OptionList

    original = OptionList._move_page
    if getattr(original, "_dominoes_guard", False):
        return

    def _move_page(self: Any, direction: Any) -> None:
        if not self._options:
            return
        if not self._lines or (self.highlighted or 0) not in self._index_to_line:
            return                      # not laid out yet: nothing to page through
        original(self, direction)

    _move_page._dominoes_guard = True  # type: ignore[attr-defined]
    OptionList._move_page = _move_page  # type: ignore[method-assign]


def _guard_stale_dismiss() -> None:
    from textual.await_complete import AwaitComplete
    from textual.screen import Screen

    original = Screen.dismiss
    if getattr(original, "_dominoes_guard", False):
        return

    def dismiss(self: Any, result: Any = None) -> Any:
        try:
            active = self.app.screen
        except Exception:       # no app, or no screen at all: nothing to dismiss
            return AwaitComplete.nothing()
        if active is not self:
            return AwaitComplete.nothing()
        return original(self, result)

    dismiss._dominoes_guard = True  # type: ignore[attr-defined]
    Screen.dismiss = dismiss  # type: ignore[method-assign]
