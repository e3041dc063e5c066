"""Setting up a game: players, seats and bot levels, every rules setting, the deal number.

Every control starts at the last choice (or the rules' default). The values
are checked by the core's option table when the game starts; a refused value
is shown with the core's reason and nothing starts.

:class:`TableSettingsScreen` (``SetupScreen(game, for_table=True)``) is the same form
for a shared table's rules: no seats and no deal number (the table's screen and the
server choose those); F5 keeps the settings (remembered like a solo game's) and the
screen dismisses with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from core.errors import OptionError
from core.options import OptionSpec, value_in_words
from core.presenters import set_choices
from core.profiles import CUSTOM, profile_names, profile_of, profile_options
from core.registry import game_class, game_info
from core.text import plain
from tui.play.preferences import LEVELS
from tui.play.session import SEAT_NAMES
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.text_field import TextField

if TYPE_CHECKING:
    from tui.app import DominoesApp

MAX_SEATS = 12
SEAT0_CHOICES = [("You (human)", "human")] + [(f"{lv} bot", lv) for lv in LEVELS]
BOT_CHOICES = [(f"{lv} bot", lv) for lv in LEVELS]


def seat_label(num_players: int, seat: int) -> str:
    names = SEAT_NAMES.get(num_players)
    if names and seat < len(names):
        return f"Seat {seat + 1} ({names[seat]})" if seat else "Seat 1 (bottom)"
    return f"Seat {seat + 1}"


def _is_bool(spec: OptionSpec) -> bool:
    return bool(spec.choices) and all(isinstance(c, bool) for c in spec.choices)


def _uses_select(spec: OptionSpec) -> bool:
    """Few fixed values → a list; open values (targets, counts) → typed in."""
    if not spec.choices:
        return False
    if _is_bool(spec) or spec.parse is None:
        return True
    return not all(isinstance(c, str) for c in spec.choices)


class SetupScreen(Screen):
    """The setup of one game. Enter in a text field or the Start button starts it."""

    @property
    def host(self) -> DominoesApp:
        """The app, as the game's app (it opens this screen; never imported at run time)."""
        return cast("DominoesApp", self.app)

    BINDINGS = [
        Binding("ctrl+s,f5", "start", "Start", key_display="F5", id="setup.start"),
        Binding("escape", "back", "Back", id="setup.back"),
    ]

    def __init__(self, game_name: str, *, for_table: bool = False) -> None:
        super().__init__()
        self.for_table = for_table
        self.game_name = game_name
        self.game_cls = game_class(game_name)
        self.specs = list(self.game_cls.option_table.specs)
        self.info = game_info(game_name)
        if not self.info.fixed_players:   # players first: it decides the sets on offer
            self.specs.sort(key=lambda s: s.name != "players")

    # -- layout -----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        choices = self.host.preferences.choices(self.game_name)
        saved = dict(choices.options)
        title = (f"Settings of a shared {self.game_cls.title} table" if self.for_table
                 else f"Set up {self.game_cls.title}")
        yield Static(Text(title), id="setup-title")
        with VerticalScroll(id="setup-form"):
            with Horizontal(classes="setup-row"):
                yield Label("profile", classes="setup-label")
                yield Select([(name, name) for name in profile_names(self.game_name)],
                             value=profile_of(self.game_name, saved), allow_blank=False,
                             compact=True, id="profile")
            yield Static("The settings in one step: house defaults, "
                         + ("tournament, " if "tournament" in profile_names(self.game_name)
                            else "") + "everything on; custom: as you set them below.",
                         classes="setup-help")
            for spec in self.specs:
                value = saved.get(spec.name, spec.default)
                try:
                    value = spec.coerce(value) if value is not None else value
                except OptionError:
                    value = spec.default
                yield from self._option_row(spec, value)
            levels = list(choices.levels)
            for seat in range(MAX_SEATS):
                level = levels[seat] if seat < len(levels) else ("human" if seat == 0
                                                                 else "standard")
                options = SEAT0_CHOICES if seat == 0 else BOT_CHOICES
                if level not in [v for _, v in options]:
                    level = options[0][1] if seat == 0 else "standard"
                with Horizontal(classes="setup-row seat-row", id=f"seat-row-{seat}") as row:
                    row.display = not self.for_table
                    yield Label(seat_label(self.num_players_guess(), seat),
                                classes="setup-label", id=f"seat-label-{seat}")
                    yield Select(options, value=level, allow_blank=False, compact=True,
                                 id=f"seat-{seat}")
            if not self.for_table:
                with Horizontal(classes="setup-row"):
                    yield Label("Deal #", classes="setup-label")
                    yield TextField(placeholder="random", type="integer", compact=True, id="seed")
                yield Static("The same deal # and settings give the same deal again.",
                             classes="setup-help")
        yield Static("", id="setup-error")
        with Horizontal(id="setup-buttons"):
            yield Button("Use these settings" if self.for_table else "Start game", id="start",
                         variant="primary", compact=True)
            yield Button("Back", id="back", compact=True)
        yield KeysFooter(tight_first=False)

    def _option_row(self, spec: OptionSpec, value: Any) -> ComposeResult:
        with Horizontal(classes="setup-row"):
            yield Label(spec.title, classes="setup-label")
            if spec.name == "players" and not self.info.fixed_players:
                yield Select([(str(n), n) for n in self.info.players],
                             value=value, allow_blank=False, compact=True, id=f"opt-{spec.name}")
            elif _uses_select(spec):
                choices = list(spec.choices)
                if value not in choices:
                    value = spec.default
                yield Select([(value_in_words(c), c) for c in choices], value=value,
                             allow_blank=False, compact=True, id=f"opt-{spec.name}")
            else:
                yield TextField("" if value is None else str(value), compact=True,
                            placeholder=value_in_words(spec.default) if spec.default is not None
                            else "default", id=f"opt-{spec.name}")
        yield Static(spec.help, classes="setup-help")

    def on_mount(self) -> None:
        self._sync_seats()
        first = self.query("#setup-form Select, #setup-form Input").first()
        first.focus()

    # -- players and sets (Mexican Train) -------------------------------------------
    def num_players_guess(self) -> int:
        if self.info.fixed_players:
            return self.info.default_players
        try:
            value: Any = self.query_one("#opt-players", Select).value
            return int(value)
        except Exception:
            return int(self.host.preferences.choices(self.game_name).options.get("players", 4))

    def _sync_seats(self) -> None:
        players = self.num_players_guess()
        for seat in range(MAX_SEATS):
            self.query_one(f"#seat-row-{seat}").display = seat < players and not self.for_table
            self.query_one(f"#seat-label-{seat}", Label).update(seat_label(players, seat))
        allowed = set_choices(self.game_name, players)
        if allowed is not None:
            sets = self.query_one("#opt-set", Select)
            current = sets.value
            sets.set_options([(str(s), s) for s in allowed])
            sets.value = current if current in allowed else (12 if 12 in allowed else allowed[0])

    @on(Select.Changed, "#opt-players")
    def _players_changed(self) -> None:
        self._sync_seats()

    # -- profiles ---------------------------------------------------------------------
    @on(Select.Changed, "#profile")
    def _profile_chosen(self, event: Select.Changed) -> None:
        """A named profile sets every setting it decides; ``custom`` changes nothing."""
        if event.value == CUSTOM or event.value == self._current_profile():
            return
        for name, value in profile_options(self.game_name, str(event.value)).items():
            control = self.query_one(f"#opt-{name}")
            if isinstance(control, Select):
                control.value = value
            else:
                cast(Input, control).value = str(value)

    @on(Select.Changed, "#setup-form Select")
    @on(Input.Changed, "#setup-form Input")
    def _setting_changed(self, event: Select.Changed | Input.Changed) -> None:
        """The profile shown follows the settings (``custom`` when they match none)."""
        if event.control.id == "profile":
            return
        profile = self.query_one("#profile", Select)
        current = self._current_profile()
        if profile.value != current and not (profile.value == CUSTOM and current == CUSTOM):
            profile.value = current

    def _current_profile(self) -> str:
        values: dict[str, Any] = {}
        for spec in self.specs:
            control = self.query_one(f"#opt-{spec.name}")
            if isinstance(control, Select):
                values[spec.name] = control.value
            else:
                try:
                    text = cast(Input, control).value.strip()
                    values[spec.name] = spec.coerce(text) if text else spec.default
                except (OptionError, ValueError):
                    return CUSTOM
        return profile_of(self.game_name, values)

    # -- starting -----------------------------------------------------------------
    def collect(self) -> tuple[dict[str, Any], list[str], int | None]:
        """The chosen options (checked by the core), seat levels and deal number."""
        options: dict[str, Any] = {}
        for spec in self.specs:
            control = self.query_one(f"#opt-{spec.name}")
            if isinstance(control, Select):
                options[spec.name] = control.value
            else:
                text = cast(Input, control).value.strip()
                if text == "" and spec.default is None:
                    continue
                options[spec.name] = spec.coerce(text if text else spec.default)
        self.game_cls.option_table.resolve(options)
        self.game_cls(options=options, seed=0)  # checks such as the draw table live in the core
        players = self.num_players_guess()
        levels = [self.query_one(f"#seat-{i}", Select).value for i in range(players)]
        seed_text = "" if self.for_table else self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else None
        return options, [str(v) for v in levels], seed

    def action_start(self) -> None:
        try:
            options, levels, seed = self.collect()
        except (OptionError, ValueError) as exc:
            self.query_one("#setup-error", Static).update(Text(f"Not allowed: {plain(exc)}"))
            return
        prefs = self.host.preferences
        choices = prefs.choices(self.game_name)
        choices.options = {k: v for k, v in options.items() if v is not None}
        if self.for_table:                  # the table's seats are chosen on its own screen
            prefs.save()
            self.dismiss(choices.options)
            return
        choices.levels = levels
        prefs.last_game = self.game_name
        prefs.save()
        self.app.pop_screen()
        self.host.start_game(self.game_name, options, levels, seed)

    def action_back(self) -> None:
        if self.for_table:
            self.dismiss(None)
            return
        self.app.pop_screen()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()


class TableSettingsScreen(SetupScreen):
    """A shared table's rules settings (no seats, no deal number); dismisses with the
    chosen options, or ``None`` for Back."""

    BINDINGS = [
        Binding("ctrl+s,f5", "start", "Use them", key_display="F5", id="table_settings.use"),
        Binding("escape", "back", "Back", id="table_settings.back"),
    ]

    def __init__(self, game_name: str) -> None:
        super().__init__(game_name, for_table=True)
