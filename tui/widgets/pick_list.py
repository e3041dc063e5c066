"""A list to pick from whose Enter belongs to the screen, so fast keys keep their order.

Textual runs a *priority* binding the moment its key arrives, while every other
key first travels through the focused widget before its binding runs. A screen
whose Enter was a priority binding (so that the footer shows "⏎ Play now" over
``OptionList``'s own hidden Enter) therefore acted on the old choice when keys came
in one burst, as they do over SSH: ``3`` then Enter on the title screen started the
game highlighted before the ``3``, and ↓ then Enter in the saved games resumed the
save above the one chosen.

:class:`PickList` is an ``OptionList`` without an Enter binding (and without the
sideways scrolling a one-column list never needs, so ←/→ reach the screen too). The
screen binds Enter as an ordinary binding: it shows in the footer, and it runs after
every key typed before it. A click still chooses an option (``OptionSelected``).
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import OptionList

_LIST_KEYS = ("up", "down", "home", "end", "pageup", "pagedown")


class PickList(OptionList, inherit_bindings=False):
    """``OptionList`` moving with ↑/↓, Home/End and PgUp/PgDn; Enter and ←/→ go to the screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        binding for binding in OptionList.BINDINGS
        if isinstance(binding, Binding) and binding.key in _LIST_KEYS
    ]
