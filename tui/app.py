"""The Textual application: title, setup, the game screens, settings, help.

``run_app(mode, record_path, mouse)`` is what the ``dominoes`` command calls:

* ``play``: the title screen (Enter starts the highlighted game at once);
* ``resume``: go on with a saved game (``record_path``, or the latest save);
* ``replay``: watch a recorded game move by move.

Every new game is saved as it goes (``tui.play.saves``); settings and the last
choices live in ``tui.play.preferences``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, Callable

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.geometry import Size

import styles
from core.text import plain
from tui.host import GameRegister
from tui.keys import key_display
from tui.play.preferences import BOT_SPEEDS, EXPERT_TIMES, TRICK_PAUSES, Preferences, Settings
from tui.textual_fixes import install as install_textual_fixes

if TYPE_CHECKING:      # the screens, the sessions and the games load when first used
    from textual.screen import Screen

    from tui.host import GameHost
    from tui.play.session import GameSession, Seat

install_textual_fixes()

MIN_WIDTH, MIN_HEIGHT = 80, 24

_STYLE_FILES = ("app.tcss", "trick_table.tcss", "dialogs.tcss", "train_hub.tcss",
                "saves.tcss", "replay.tcss")
_UNSET: Any = object()


def style_paths() -> list[str | PurePath]:
    """The app's stylesheets that are installed (the dialogs' may land later)."""
    folder = Path(styles.__file__).parent
    return [folder / name for name in _STYLE_FILES if (folder / name).exists()]


def new_seed() -> int:
    """A deal number for a game the player did not number (never the global RNG)."""
    return random.SystemRandom().randrange(1, 1_000_000)


def keep_svg_spaces(svg: str) -> str:
    """Mark an SVG screenshot ``xml:space="preserve"``.

    Rich writes each run of one style as its own ``<text>``, spaces as ``&#160;``. Browsers
    keep them, but librsvg (``rsvg-convert``, GNOME's viewers) strips the spaces that begin
    or end a ``<text>``, so a word set after spaces of another style ran into the one
    before ("Trick 3North", "⏎Play") and whole rows shifted left. With ``preserve`` every
    renderer keeps them and the picture matches the terminal cell for cell.
    """
    if 'xml:space="preserve"' in svg:
        return svg
    return svg.replace("<svg ", '<svg xml:space="preserve" ', 1)


class AppLook:
    """How the game's apps name keys and save screenshots; mixed into :class:`DominoesApp`
    (and the bare apps tests open single screens in) before ``App``. Needs ``tile_style``."""

    tile_style: str

    def get_key_display(self, binding: Binding) -> str:
        """How footers name a key: Textual's name, capitalised ("Esc"), and in plain ASCII
        in the ASCII tile style ("Enter", "<-"), for terminals without Unicode."""
        return key_display(super().get_key_display(binding),  # type: ignore[misc]
                           self.tile_style == "ascii")

    def export_screenshot(self, *, title: str | None = None, simplify: bool = False) -> str:
        """Textual's SVG screenshot (what ``save_screenshot``, the screenshots script and
        the snapshot tests write), readable by every SVG renderer: see :func:`keep_svg_spaces`."""
        return keep_svg_spaces(super().export_screenshot(  # type: ignore[misc]
            title=title, simplify=simplify))


class DominoesApp(AppLook, GameRegister, App):
    """Three-Player Moon, Texas 42 and Mexican Train against bots.

    The game screens' host (:class:`tui.host.GameHost`): their settings, what comes after
    a game, and the game in play (``game_screen``, which a game screen sets as it is
    mounted and clears as it is removed)."""

    TITLE = "Dominoes"
    CSS_PATH = style_paths()
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+q,ctrl+c", "quit_app", "Quit", show=False, priority=True,
                id="app.quit"),
        Binding("f1", "help", "Help", show=False, priority=True, id="app.help_f1"),
        Binding("question_mark", "help", "Help", key_display="?", id="app.help"),
    ]

    coach_budget: Any = None
    """The coach's work per hand (a ``core.coach.CoachBudget``); None: the coach's default
    (about 8 s). Tests set a small fixed one."""

    hint_bot_options: dict[str, Any] | None = None
    """The hint's expert's options; None: the Expert thinks setting (tests set a small one)."""

    def __init__(self, *, mode: str = "play", record_path: str | Path | None = None,
                 preferences: Preferences | None = None, bot_delay: float | None = None,
                 trick_pause: float | None = _UNSET, save_dir: Path | None = None,
                 save_games: bool = True, seed_source: Callable[[], int] | None = None,
                 offer_walkthroughs: bool | None = None, join_table: str | None = None) -> None:
        super().__init__()
        self.mode = mode
        self.join_table = join_table
        self.record_path = Path(record_path) if record_path else None
        self.preferences = preferences if preferences is not None else Preferences.load()
        self._bot_delay = bot_delay
        self._trick_pause = trick_pause
        self.save_dir = save_dir
        self.save_games = save_games
        self.save_scan: Any = None
        self.save_messages: list[str] = []
        """Everything said about saving (broken saves moved aside, a disk that fails)."""
        self.seed_source = seed_source or new_seed
        # The first-game walkthrough is offered (once per game) to a player using their own
        # preferences file; apps given preferences (tests, scripts) opt in explicitly.
        self.offer_walkthroughs = (preferences is None if offer_walkthroughs is None
                                   else offer_walkthroughs)
        self._applied: dict[str, Any] = {}
        """The settings as last taken into use (what a change is told against)."""

    # -- settings the screens read ---------------------------------------------
    @property
    def settings(self) -> Settings:
        return self.preferences.settings

    @property
    def bot_delay(self) -> float:
        """Seconds a bot's move takes to appear (tests inject 0)."""
        if self._bot_delay is not None:
            return self._bot_delay
        return BOT_SPEEDS.get(self.settings.bot_speed, 0.8)

    @property
    def trick_pause(self) -> float | None:
        """Seconds a finished trick stays on the table; None waits for a key."""
        if self._trick_pause is not _UNSET:
            return self._trick_pause
        return TRICK_PAUSES.get(self.settings.trick_pause, 1.0)

    @property
    def expert_budget(self) -> float:
        """Seconds an expert bot searches a play (bids and trumps: three times it)."""
        return EXPERT_TIMES.get(self.settings.expert_time, 0.5)

    @property
    def tile_style(self) -> str:  # type: ignore[override]  # AppLook's: read here, set in settings
        return self.settings.tile_style

    def apply_settings(self) -> None:
        """Take changed settings into use and save them; every screen is told each change
        (:class:`~tui.messages.PreferencesChanged`: the title and the game tables redraw)."""
        from tui.messages import PreferencesChanged
        before = self._applied
        self._use_settings()
        self.preferences.save()
        changed = [(name, value) for name, value in self._applied.items()
                   if before.get(name, _UNSET) != value]
        for screen in self.screen_stack:
            for name, value in changed:
                screen.post_message(PreferencesChanged(name, value))
            screen.refresh_bindings()       # footers name the keys in the new tile style

    # -- start-up -----------------------------------------------------------------
    def _use_settings(self) -> None:
        from dataclasses import asdict

        from tui.widgets import ascii_widgets
        self._applied = asdict(self.settings)
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        ascii_widgets.install()     # scroll bars, drop-downs and the spinner follow the style
        ascii_style = self.settings.tile_style == "ascii"
        if self.has_class("-ascii") != ascii_style:
            self.set_class(ascii_style, "-ascii")       # borders: styles/*.tcss
            for screen in self.screen_stack:            # the screens under the top one too
                self.update_styles(screen)
        ascii_widgets.restyle(self)

    async def on_event(self, event: events.Event) -> None:
        """Keys and clicks arriving once the app is closing (typed right after quitting,
        in the same burst over SSH) are dropped: no screen is left to take them. A key
        arriving while the new screen is still being built (a dialog the bots just
        opened) waits until it is built: its actions would find no widgets yet."""
        if isinstance(event, (events.Key, events.MouseEvent)) and (
                self._exit or not self._screen_stack):
            return
        if isinstance(event, events.Key) and not self.screen.is_mounted:
            again = events.Key(event.key, event.character)
            self.set_timer(0.01, lambda: self.post_message(again))
            return
        await super().on_event(event)

    def on_mount(self) -> None:
        self._use_settings()
        self.refresh_saves(announce=True)
        from tui.screens.title import TitleScreen
        self.push_screen(TitleScreen())
        if self.mode == "resume":
            self.resume_game(self.record_path)
        elif self.mode == "replay" and self.record_path is not None:
            self.replay_game(self.record_path)
        elif self.mode == "join":
            self.open_tables(join=self.join_table)
        self.call_after_refresh(self.check_size)

    def action_help(self) -> None:
        """Help for the game in play (from any screen, dialogs included)."""
        from tui.screens.help import HelpScreen
        from tui.screens.too_small import TooSmallScreen
        if isinstance(self.screen, (HelpScreen, TooSmallScreen)):
            return
        game = self.game_screen
        self.push_screen(HelpScreen(game.session.game.name if game is not None else None))

    # -- the too-small notice ----------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)

    def check_size(self, size: Size | None = None) -> None:
        """Show the too-small notice below 80×24; take it away when there is room again."""
        from tui.screens.too_small import TooSmallScreen
        width, height = size or self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        screen = self.screen
        on_top = isinstance(screen, TooSmallScreen)
        if small and not on_top:
            self.push_screen(TooSmallScreen((width, height)))
        elif small and isinstance(screen, TooSmallScreen):
            screen.show_size((width, height))
        elif not small and on_top:
            self.pop_screen()

    # -- games ------------------------------------------------------------------
    def start_game(self, game_name: str, options: dict[str, Any] | None = None,
                   levels: list[str] | None = None, seed: int | None = None,
                   *, ask: bool = True) -> GameSession | None:
        """Start a new game; ``levels[i]`` is "human" or a bot level for seat i.

        With a game unfinished, asks first (resume it / abandon it / keep it /
        cancel) and returns ``None``; the answer starts the game or not.
        """
        from core.registry import game_class
        cls = game_class(game_name)
        game = cls(options=options or {}, seed=seed if seed is not None else 0)  # settings checked
        unfinished = self.unfinished_save() if ask and self.save_games else None
        if unfinished is not None:
            from tui.screens.resume import UnfinishedGameDialog

            def answer(choice: str | None) -> None:
                if choice == "resume":
                    self.resume_game(unfinished.path)
                elif choice in ("abandon", "keep"):
                    if choice == "abandon":
                        self.abandon_save(unfinished.path)
                    self.start_game(game_name, options, levels, seed, ask=False)

            self.push_screen(UnfinishedGameDialog(unfinished, cls.title), answer)
            return None
        from tui.play.autosave import new_session
        seed = self.seed_source() if seed is None else seed
        game = cls(options=options or {}, seed=seed)
        seats = seats_from_levels(game.num_players, levels)
        session = new_session(game, seats, self.save_dir, self.tell_save_failure,
                              save=self.save_games)
        self.push_screen(screen_for(session))
        return session

    # -- saves ---------------------------------------------------------------------
    def refresh_saves(self, announce: bool = False) -> Any:
        """Look at the saves folder again (``tui.play.saves.scan_saves``); with ``announce``,
        tell about every broken save moved aside."""
        from tui.play.saves import SaveScan, scan_saves
        self.save_scan = scan_saves(self.save_dir) if self.save_games else SaveScan()
        if announce:
            for broken in self.save_scan.broken:
                self.tell_save_problem(broken.message())
        return self.save_scan

    def unfinished_save(self) -> Any:
        """The latest unfinished game (still in the saves folder), or ``None``."""
        scan = getattr(self, "save_scan", None) or self.refresh_saves()
        for info in scan.resumable:
            if info.path.exists():
                return info
        return None

    def abandon_save(self, path: Path) -> None:
        """Give up an unfinished game: its record moves to the history, marked abandoned."""
        from tui.play.saves import SaveInUse, archive
        try:
            if archive(Path(path), self.save_dir, abandoned=True) is None:
                self.tell_save_problem(f"{path} could not be moved to the history.")
        except SaveInUse:
            self.refresh_saves()
            self.tell_save_problem(f"{path} is open in another window: it was not abandoned.",
                                   "warning")
            return
        self.refresh_saves()

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Textual's notification, always as plain text: a message may quote a file name,
        a record or a field, so it is never parsed as markup (``markup`` is ignored) and
        its control characters are shown as stand-ins."""
        super().notify(plain(message, 500, keep_newlines=True), title=plain(title, 80),
                       severity=severity, timeout=timeout, markup=False)

    def action_quit_app(self) -> None:
        """Ctrl+C and Ctrl+Q quit as ``q`` does: a game in play closes its save first (and
        asks before losing moves that could not be saved); elsewhere the app ends."""
        game = self.game_screen
        if game is not None:
            game.action_quit_game()
            return
        self.exit()

    # -- actions that reach files or the terminal: only on the app's own terms -------------
    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Textual's screenshot action, with the file name and folder always the app's own:
        an SVG under ``screenshots/`` in the data directory (never a path that came from
        anywhere else, whatever the arguments say)."""
        import time

        from tui.play.saves import data_dir
        folder = (self.save_dir if self.save_dir is not None else data_dir()) / "screenshots"
        name = f"dominoes-{time.strftime('%Y%m%d-%H%M%S')}.svg"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / name
            if target.is_symlink():
                raise OSError("the screenshot's name is taken by a link")
            target.write_text(self.export_screenshot(), encoding="utf-8")
        except OSError as exc:
            reason = exc.strerror or str(exc)
            self.notify(f"The screenshot could not be saved: {reason}", markup=False,
                        severity="error")
            return
        self.notify(f"Screenshot saved as {target}", markup=False)

    async def action_simulate_key(self, key: str) -> None:
        """Off: a key is something a person presses, never something text can ask for."""

    def action_suspend_process(self) -> None:
        """Off: a hosted game must not hand its terminal back to a shell."""

    def tell_save_failure(self, message: str) -> None:
        """The autosave cannot write (disk full, no permission): say so; play goes on."""
        self.tell_save_problem(message, severity="warning")

    def tell_save_problem(self, message: str, severity: str = "error") -> None:
        message = plain(message, 300)   # it may quote a file name from saves/
        self.save_messages.append(message)
        self.log.warning(message)
        self.notify(message, severity=severity, timeout=15)
        for screen in self.screen_stack:
            saves_changed = getattr(screen, "saves_changed", None)
            if callable(saves_changed):
                saves_changed()

    def after_game(self, session: GameSession, how: str) -> None:
        """A game screen is done: back to the title ("new", "title"), to the setup of a new
        game of the same kind ("setup") or the same setup again ("rematch")."""
        title = self.return_to_title()
        self.refresh_saves()
        if title is not None:
            title.saves_changed()
        if getattr(session, "is_shared", False):
            self._keep_shared_record(session)
            if how in ("setup", "rematch"):
                self.open_tables()
            return
        if how == "rematch":
            game = session.game
            levels = ["human" if s.kind == "human" else (s.level or "standard")
                      for s in session.seats]
            self.start_game(game.name, dict(game.options), levels)
        elif how == "setup" and title is not None:
            self.open_setup(session.game.name)

    # -- shared tables (tui.screens.tables, tui.screens.shared_game) ---------------
    @property
    def table_link(self) -> Any:
        """The line to the table server (made on first use; connected when asked)."""
        link = getattr(self, "_table_link", None)
        if link is None:
            from tui.tables_link import TableLink
            link = self._table_link = TableLink(self, name=os.environ.get("DOMINOES_NAME"))
        return link

    def open_tables(self, join: str | None = None) -> None:
        """The list of shared tables (``join``: that table's name, taken at once)."""
        from tui.screens.tables import TablesScreen
        self.push_screen(TablesScreen(join=join))

    def open_table(self, game_name: str | None = None) -> None:
        """A new shared table of ``game_name`` (``g`` changes it): the game and its seats."""
        from tui.screens.tables import OpenTableScreen
        self.push_screen(OpenTableScreen(game_name or self.preferences.last_game))

    def play_at_table(self, joined: dict[str, Any], seat: int | None,
                      first: dict[str, Any]) -> None:
        """The game of a shared table has begun (or was joined in play): its screen."""
        from tui.screens.shared_game import shared_screen, shared_session
        try:
            session = shared_session(self.table_link, joined, seat, first)
        except (ValueError, TypeError, KeyError) as exc:
            from core.text import plain
            said = plain(f"The table's game cannot be shown: {exc}", 300)
            self.notify(said, severity="error", markup=False)
            return
        screen = shared_screen(session)
        self.table_link.listen(screen)     # from now on, before any screen closes
        self.return_to_title()
        self.push_screen(screen)

    def _keep_shared_record(self, session: Any) -> None:
        """A shared game's record (sent by the server as it ended) goes into this player's
        history, so it counts in their statistics."""
        remote = getattr(session, "remote", None)
        record = getattr(remote, "record", None)
        if remote is None or not record or not self.save_games:
            return
        from core.errors import DominoError
        from tui.play.tables.history import keep_finished_record
        try:
            keep_finished_record(record, self.save_dir, remote.seat, remote.table)
        except (OSError, ValueError, DominoError) as exc:
            from core.text import plain
            said = plain(f"The shared game could not be kept in your history: {exc}", 300)
            self.notify(said, severity="warning", markup=False)

    # -- navigation (screens ask the app; they do not import each other) ----------
    def title_screen(self) -> Any:
        """The title screen if it is the screen on top, else ``None``."""
        from tui.screens.title import TitleScreen
        return self.screen if isinstance(self.screen, TitleScreen) else None

    def return_to_title(self) -> Any:
        """Close every screen above the title (a game, a dialog, the saved-games list);
        returns the title screen, or ``None`` if it is not on the stack."""
        from tui.screens.title import TitleScreen
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        return self.title_screen()

    def open_setup(self, game_name: str) -> None:
        """The setup screen of ``game_name``, over the current screen."""
        from tui.screens.setup import SetupScreen
        self.push_screen(SetupScreen(game_name))

    def quick_play(self, game_name: str) -> None:
        """Back to the title and play ``game_name`` as its Enter does (the last setup)."""
        title = self.return_to_title()
        if title is not None:
            title.play(game_name)

    def resume_game(self, path: Path | None) -> GameSession | None:
        """Go on with the save at ``path`` (the latest one without): same hands, turn,
        bots, settings and scores. A save that cannot be read back is moved aside
        (``broken/``) and the fault told with its file and line."""
        from core.errors import RecordError
        from tui.play.autosave import resume_session
        from tui.play.saves import SaveInUse, move_aside, saves_dir
        if path is None:
            latest = self.unfinished_save()
            if latest is None:
                self.tell_save_problem("There is no unfinished game to resume.", "warning")
                return None
            path = latest.path
        path = Path(path)
        try:
            session = resume_session(path, self.save_dir, self.tell_save_failure,
                                     save=self.save_games)
        except RecordError as exc:
            if path.parent == saves_dir(self.save_dir):
                moved = move_aside(path, str(exc), self.save_dir)
                where = f" It was moved to {moved}." if moved else ""
            else:
                where = ""
            self.tell_save_problem(f"Cannot resume: {exc}.{where}")
            self.refresh_saves()
            return None
        except (SaveInUse, ValueError, OSError) as exc:
            self.tell_save_problem(f"Cannot resume: {exc}.", "warning")
            return None
        self.return_to_title()         # from the saved-games list or a dialog: back to the title
        self.push_screen(screen_for(session))
        self.refresh_saves()
        return session

    def replay_game(self, path: Path) -> None:
        """Open the replay viewer on the record at ``path`` (a fault is told, not raised)."""
        from tui.screens.replay import open_replay
        open_replay(self, path)


def seats_from_levels(num_players: int, levels: list[str] | None) -> list[Seat]:
    """Seats from per-seat choices ("human" or a bot level); missing seats are standard bots."""
    from tui.play.session import default_seats
    levels = list(levels or [])
    human = not levels or levels[0] == "human"
    bot_levels: list[str | None] = [None if lv == "human" else lv for lv in levels]
    return default_seats(num_players, human=human, levels=bot_levels)


def seats_from_header(header: dict[str, Any], num_players: int) -> list[Seat]:
    from tui.play.autosave import seats_from_header as from_header
    return from_header(header, num_players)


def replay_session(record: Any) -> GameSession:
    """A session that plays a record's decisions back: every seat follows the record."""
    from core.registry import game_class
    from tui.play.session import GameSession, Seat
    cls = game_class(record.game)
    commands = []
    for line in record.lines:
        command = cls.command_from_record(line)
        if command is not None:
            commands.append(command)
    game = cls(options=record.header.get("options") or {}, seed=int(record.header.get("seed", 0)),
               deals=cls.deals_from_record(record.lines))
    seats = seats_from_header(record.header, game.num_players)
    humans = [i for i, s in enumerate(seats) if s.kind == "human"]
    watched = [Seat(s.name, "bot", s.level or "record") for s in seats]
    return GameSession(game, watched, script=commands, viewer_seat=humans[0] if humans else 0)


def screen_for(session: GameSession) -> Screen:
    from core.registry import game_info
    if game_info(session.game.name).table == "hub":
        from tui.screens.train_hub import TrainHubScreen
        return TrainHubScreen(session)
    from tui.screens.trick_table import TrickTableScreen
    return TrickTableScreen(session)


def run_app(mode: str = "play", record_path: str | Path | None = None, mouse: bool = True,
            join_table: str | None = None) -> int:
    """Run the app full-screen; returns the exit code.

    What ``App.run`` does (``asyncio.Runner``, as ``asyncio.run``), with SIGTERM and
    SIGHUP taken on the app's own loop (``tui.signals``): the game in play is closed
    and the app exits in order, the terminal put back (status 128 + the signal).
    """
    import asyncio

    from tui.signals import SignalExit
    app = DominoesApp(mode=mode, record_path=record_path, join_table=join_table)
    with asyncio.Runner() as runner:
        with SignalExit(app, runner.get_loop()):
            result = runner.run(app.run_async(mouse=mouse and app.preferences.settings.mouse))
    return result if isinstance(result, int) else (app.return_code or 0)


if TYPE_CHECKING:
    def _hosts_games(app: DominoesApp) -> GameHost:
        """The app is the game screens' host (checked by mypy, nothing at run time)."""
        return app
