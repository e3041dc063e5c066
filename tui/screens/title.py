"""The title screen: pick a game; Enter plays it at once with the last (or default) setup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.errors import OptionError
from core.registry import GAME_NAMES, GAME_TITLES, game_class
from tui.keys import as_shown
from tui.messages import PreferencesChanged
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.pick_list import PickList
from tui.widgets.tile import join_horizontally, tile_text

if TYPE_CHECKING:
    from tui.app import DominoesApp

_UNSEEN: Any = object()
OFFER_CHECK_SECONDS = 2.0
"""How often the title looks whether the game it offers to resume is still free."""
TITLE_HINT = ("[b]Enter[/b] play now (your last setup) · [b]e[/b] set up first · "
              "[b]1-3[/b] pick a game")
GAME_BLURBS = {
    "moon": "3 players, each alone: bid tricks, take the widow, shoot the moon.",
    "texas42": "4 players, partners across: bid points or marks, take the count.",
    "mexican_train": "2-12 players: build trains off the engine; fewest pips wins.",
}


def quick_setup(app: Any, game_name: str) -> tuple[dict[str, Any], list[str]]:
    """The remembered options and seat levels for ``game_name`` (defaults if unusable)."""
    choices = app.preferences.choices(game_name)
    options = dict(choices.options)
    try:
        game_class(game_name).option_table.resolve(options)
    except OptionError:
        options = {}
    return options, list(choices.levels)


class TitleScreen(Screen):
    """Game selection. Enter: play now · e: set up first."""

    @property
    def host(self) -> DominoesApp:
        """The app, as the game's app (it opens this screen; never imported at run time)."""
        return cast("DominoesApp", self.app)

    BINDINGS = [
        Binding("enter", "play", "Play now", id="title.play"),
        Binding("e", "setup", "Setup", id="title.setup"),
        Binding("s", "settings", "Settings", id="title.settings"),
        Binding("t", "statistics", "Stats", id="title.statistics"),
        Binding("w", "walkthrough", "Guided hand", id="title.walkthrough"),
        Binding("r", "resume", "Resume", id="title.resume"),
        Binding("g", "saved_games", "Saves", id="title.saved_games"),
        Binding("o", "open_table", "Open table", id="title.open_table"),
        Binding("j", "join_table", "Join", id="title.join_table"),
        Binding("question_mark,f1", "help", "Help", key_display="?", id="title.help"),
        Binding("q", "app.quit", "Quit", id="title.quit"),
        Binding("1", "pick(0)", "Moon", show=False, id="title.pick_1"),
        Binding("2", "pick(1)", "42", show=False, id="title.pick_2"),
        Binding("3", "pick(2)", "Train", show=False, id="title.pick_3"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(self._banner(), id="title-banner")
            yield Static("", id="title-resume")
            yield PickList(*self._options(), id="games")
            yield Static(as_shown(self.app, TITLE_HINT), id="title-hint")
            yield Static("", id="title-notice")
        yield KeysFooter(tight_first=False)

    def _banner(self) -> Text:
        style = getattr(self.app, "tile_style", "numerals")
        tiles = join_horizontally([tile_text((6, 6), style), tile_text((4, 2), style),
                                   tile_text((1, 0), style)], gap=2)
        text = Text("D O M I N O E S\n", style="bold", justify="center")
        for line in tiles:
            line.justify = "center"
            text.append_text(line)
            text.append("\n")
        text.append(as_shown(self.app, "Three-Player Moon · Texas 42 · Mexican Train"),
                    style="italic")
        return text

    def _options(self) -> list[Option]:
        options = []
        for i, name in enumerate(GAME_NAMES):
            prompt = Text()
            prompt.append(f"{i + 1}  {GAME_TITLES[name]}", style="bold")
            prompt.append(f"\n   {GAME_BLURBS[name]}")
            options.append(Option(prompt, id=name))
        return options

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        last = self.host.preferences.last_game
        games.highlighted = GAME_NAMES.index(last) if last in GAME_NAMES else 0
        games.focus()
        self.saves_changed()
        self.set_interval(OFFER_CHECK_SECONDS, self._check_offer)

    # -- saved games: the Resume offer, what was moved aside --------------------------
    def saves_changed(self) -> None:
        """Show the unfinished game to resume (if any) and what was said about saves."""
        if not self.is_mounted and not self.children:
            return
        unfinished = getattr(self.app, "unfinished_save", None)
        info = unfinished() if callable(unfinished) else None
        offered = getattr(info, "path", None)
        offer_changed = offered != getattr(self, "_offered", _UNSEEN)
        self._offered = offered
        resume = self.query_one("#title-resume", Static)
        if info is not None:
            text = Text()
            text.append(" r ", style="bold reverse")
            text.append(" Resume ", style="bold")
            text.append(info.headline())
            text.append("\n    " + info.score_text(), style="italic")
            resume.update(as_shown(self.app, text))
        else:
            resume.update("")
        resume.display = info is not None
        said = list(getattr(self.app, "save_messages", []))
        notice = self.query_one("#title-notice", Static)
        more = f" (and {len(said) - 1} more)" if len(said) > 1 else ""
        notice.update(as_shown(self.app, Text(said[-1] + more if said else "")))
        notice.display = bool(said)
        if offer_changed:               # the Resume key comes or goes (the footer is redrawn)
            self.refresh_bindings()

    def _check_offer(self) -> None:
        """Take the offer away as soon as its game is played in another window (or its
        save is gone), and offer the next one: the app looks at the locks each time."""
        if not self.is_current:
            return
        unfinished = getattr(self.app, "unfinished_save", None)
        info = unfinished() if callable(unfinished) else None
        if getattr(info, "path", None) != getattr(self, "_offered", None):
            self.saves_changed()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            unfinished = getattr(self.app, "unfinished_save", None)
            return callable(unfinished) and unfinished() is not None
        return True

    def action_resume(self) -> None:
        resume_game = getattr(self.app, "resume_game", None)
        if callable(resume_game):
            resume_game(None)

    def action_open_table(self) -> None:
        """A shared table (docs/protocol.md): the game and who sits where."""
        self.host.open_table(self.highlighted_game)

    def action_join_table(self) -> None:
        """The shared tables to join or watch."""
        self.host.open_tables()

    def action_saved_games(self) -> None:
        from tui.screens.resume import SavedGamesScreen
        self.app.push_screen(SavedGamesScreen())

    def on_screen_resume(self) -> None:
        self.saves_changed()

    @property
    def highlighted_game(self) -> str:
        games = self.query_one("#games", OptionList)
        index = games.highlighted if games.highlighted is not None else 0
        return GAME_NAMES[index]

    @on(OptionList.OptionSelected, "#games")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.play(event.option.id or self.highlighted_game)

    def action_play(self) -> None:
        self.play(self.highlighted_game)

    def action_pick(self, index: int) -> None:
        self.query_one("#games", OptionList).highlighted = index

    def play(self, game_name: str) -> None:
        """Quick game: the remembered setup, bots in every other seat.

        The first time a game is chosen, a guided first hand is offered instead.
        """
        from tui.screens.walkthrough import WalkthroughOffer, offer_walkthrough
        if offer_walkthrough(self.app, game_name):
            self.app.push_screen(WalkthroughOffer(GAME_TITLES[game_name]),
                                 lambda answer: self._offer_answered(game_name, answer))
            return
        options, levels = quick_setup(self.app, game_name)
        self.host.preferences.last_game = game_name
        self.host.preferences.save()
        try:
            self.host.start_game(game_name, options, levels)
        except (OptionError, ImportError) as exc:
            said = f"{GAME_TITLES[game_name]} cannot start: {exc}"
            self.notify(said, severity="error", markup=False)

    def _offer_answered(self, game_name: str, answer: str | None) -> None:
        if answer == "guide":
            self.start_walkthrough(game_name)
        elif answer == "play":
            self.play(game_name)

    def start_walkthrough(self, game_name: str) -> None:
        from tui.screens.walkthrough import start_walkthrough
        try:
            start_walkthrough(self.app, game_name)
        except (OptionError, ImportError, KeyError) as exc:
            said = f"The guided hand cannot start: {exc}"
            self.notify(said, severity="error", markup=False)

    def action_walkthrough(self) -> None:
        self.start_walkthrough(self.highlighted_game)

    def action_statistics(self) -> None:
        from tui.screens.statistics import StatisticsScreen
        self.app.push_screen(StatisticsScreen())

    def action_setup(self) -> None:
        self.host.open_setup(self.highlighted_game)

    def action_settings(self) -> None:
        from tui.screens.settings import SettingsScreen
        self.app.push_screen(SettingsScreen())

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen
        self.app.push_screen(HelpScreen(None))

    @on(PreferencesChanged)
    def _preferences_changed(self, message: PreferencesChanged) -> None:
        """A setting changed (the app posts it to every screen): redraw with it."""
        self.settings_changed()

    def settings_changed(self) -> None:
        """Draw the banner, the hint and the Resume offer again (the tile style)."""
        self.query_one("#title-banner", Static).update(self._banner())
        self.query_one("#title-hint", Static).update(as_shown(self.app, TITLE_HINT))
        self.saves_changed()
