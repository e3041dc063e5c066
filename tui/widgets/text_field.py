"""A text field whose editing keys act in the order they were typed.

Textual's :class:`~textual.widgets.Input` inserts a printable key the moment it arrives,
but runs its editing keys (Backspace, Delete, the arrows, Enter) as bindings, which Textual
looks up only once the key has travelled up to the app. Typed in one burst (a slow SSH link
bunches keys up), Backspace then 7 inserted the 7 first and then deleted it: "123" stayed
"123", and "0", Backspace, 9, 9 became "09". :class:`TextField` runs the field's own
editing bindings as their key arrives, so every key acts in turn.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.widgets import Input


def _editing_keys() -> dict[str, str]:
    """Each key of Input's own bindings (not the scrolling ones it inherits) -> action."""
    keys: dict[str, str] = {}
    for binding in Input.BINDINGS:
        if isinstance(binding, Binding):
            for key in binding.key.split(","):
                keys.setdefault(key.strip(), binding.action)
    return keys


EDITING_KEYS = _editing_keys()


class TextField(Input):
    """An :class:`~textual.widgets.Input` whose editing keys act in the order typed."""

    async def _on_key(self, event: events.Key) -> None:
        action = None if event.is_printable else EDITING_KEYS.get(event.key)
        if action is None:
            await super()._on_key(event)
            return
        event.stop()
        event.prevent_default()
        self._restart_blink()
        await self.run_action(action)
