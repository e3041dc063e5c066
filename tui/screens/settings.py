"""Settings: bot speed, the pause after a trick, tile style, colour theme, mouse.

A change takes effect at once (the mouse at the next start) and is saved.
"""

from __future__ import annotations

from typing import Protocol, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static

from tui.play.preferences import BOT_SPEEDS, EXPERT_TIMES, THEMES, TRICK_PAUSES, Preferences
from tui.widgets.keys_footer import KeysFooter


class SettingsHost(Protocol):
    """What this screen needs of the app (tui.app.DominoesApp, which imports this screen)."""

    preferences: Preferences

    def apply_settings(self) -> None: ...

ROWS: list[tuple[str, str, list[tuple[str, object]], str]] = [
    ("bot_speed", "Bot speed",
     [(f"{name} ({secs:g} s a move)" if secs else "instant", name)
      for name, secs in BOT_SPEEDS.items()],
     "How long each bot move stays in view before the next."),
    ("trick_pause", "After a trick",
     [("no pause" if p == 0 else "until a key (Space)" if p is None else f"pause {p:g} s", name)
      for name, p in TRICK_PAUSES.items()],
     "How long a finished trick stays on the table before bots lead again."),
    ("expert_time", "Expert thinks",
     [(f"{name} ({secs:g} s a play)", name) for name, secs in EXPERT_TIMES.items()],
     "How long expert bots and hints search a play; bids and trumps get three times it."),
    ("tile_style", "Tile style",
     [("numerals  │6│4│", "numerals"), ("pips  │●●│", "pips"), ("ASCII  |6|4|", "ascii")],
     "Numerals, drawn pips, or plain ASCII for terminals without box drawing."),
    ("theme", "Colours", [(t, t) for t in THEMES],
     "The ansi themes use the terminal's own 16 colours."),
    ("mouse", "Mouse", [("on", True), ("off", False)],
     "Off stops mouse reporting (useful over slow SSH). Takes effect at the next start; "
     "--no-mouse does it once."),
    ("undo", "Undo (u / r)", [("on", True), ("off: serious games", False)],
     "u takes your move back, r redoes it; such games are marked."),
    ("hints", "Hints (h)", [("on", True), ("off", False)],
     "The expert's choice for your decision, and why."),
]


class SettingSelect(Select):
    """A setting's choices; the footer names the key that opens them."""

    BINDINGS = [Binding("enter,space,down,up", "show_overlay", "Change", key_display="Enter",
                        id="settings.change")]


class SettingsScreen(ModalScreen[None]):
    """The settings dialog. Close with Esc, q, s or the Done button."""

    BINDINGS = [
        Binding("escape,q,s", "close", "Close", key_display="Esc/q", id="settings.close"),
        Binding("tab", "app.focus_next", "Next setting", key_display="Tab",
                id="settings.next"),
        Binding("shift+tab", "app.focus_previous", "Previous", show=False,
                id="settings.previous"),
    ]

    @property
    def dominoes(self) -> SettingsHost:
        """The app, with its preferences."""
        return cast(SettingsHost, self.app)

    def compose(self) -> ComposeResult:
        settings = self.dominoes.preferences.settings
        with VerticalScroll(id="settings-box"):
            yield Static("Settings", id="settings-title")
            for key, label, choices, help_text in ROWS:
                with Horizontal(classes="settings-row"):
                    yield Label(label, classes="settings-label")
                    yield SettingSelect(choices, value=getattr(settings, key), allow_blank=False,
                                 compact=True, id=f"set-{key}")
                yield Static(help_text, classes="settings-help")
            yield Button("Done", id="settings-done", compact=True)
        yield KeysFooter(tight_first=False)

    def on_mount(self) -> None:
        self.query_one("#set-bot_speed", Select).focus()

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        key = (event.select.id or "").removeprefix("set-")
        settings = self.dominoes.preferences.settings
        if not hasattr(settings, key) or event.value == getattr(settings, key):
            return
        setattr(settings, key, event.value)
        self.dominoes.apply_settings()

    @on(Button.Pressed, "#settings-done")
    def _done(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
