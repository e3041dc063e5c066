"""What a game screen needs of the app it runs in: :class:`GameHost`.

The game's app (``tui.app.DominoesApp``) is a :class:`GameHost`. It knows the game in
play: a game screen tells it when it is mounted and when it is removed, and
``game_screen`` is that screen (or ``None``), so nothing has to look through the
screen stack for it. Apps that only open single screens (the tests' bare apps) are not
hosts: :func:`game_host` gives them one that takes what they have and uses defaults
for the rest (instant bots, no pause after a trick, the default settings, help and
``after_game`` doing nothing but closing the screen).

Nothing here imports Textual or a screen at run time: the app and every screen can
import this module without a cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable
from weakref import WeakKeyDictionary

from tui.play.preferences import Settings

if TYPE_CHECKING:
    from tui.play.session import GameSession
    from tui.screens.game_base import GameScreen


@runtime_checkable
class GameHost(Protocol):
    """The app as the game screens use it."""

    @property
    def settings(self) -> Settings:
        """The player's settings (undo and hints on or off...)."""
        ...

    @property
    def bot_delay(self) -> float:
        """Seconds a bot's move takes to appear."""
        ...

    @property
    def trick_pause(self) -> float | None:
        """Seconds a finished trick stays on the table; None waits for a key."""
        ...

    @property
    def expert_budget(self) -> float | None:
        """Seconds an expert bot searches a play (None: the bot's own default)."""
        ...

    @property
    def hint_bot_options(self) -> dict[str, Any] | None:
        """The hint's expert's options (None: the Expert thinks setting)."""
        ...

    @property
    def game_screen(self) -> GameScreen | None:
        """The game in play: the game screen mounted last and not removed yet."""
        ...

    def game_screen_mounted(self, screen: GameScreen) -> None:
        """``screen`` is mounted: it is the game in play."""
        ...

    def game_screen_removed(self, screen: GameScreen) -> None:
        """``screen`` is gone: no game is in play (unless another came since)."""
        ...

    def after_game(self, session: GameSession, how: str) -> None:
        """The game screen is done ("new", "title", "setup", "rematch")."""
        ...

    def tell_save_problem(self, message: str, severity: str = "error") -> None:
        """Say something about saving, and let every screen show where it stands."""
        ...

    def action_help(self) -> None:
        """Help for the game in play."""
        ...


class GameRegister:
    """Which game screen is in play: the part of :class:`GameHost` every host shares
    (mixed into the app; the defaults below use it too)."""

    _game_screen: GameScreen | None = None

    @property
    def game_screen(self) -> GameScreen | None:
        return self._game_screen

    def game_screen_mounted(self, screen: GameScreen) -> None:
        self._game_screen = screen

    def game_screen_removed(self, screen: GameScreen) -> None:
        if self._game_screen is screen:
            self._game_screen = None


class HostDefaults(GameRegister):
    """A :class:`GameHost` for an app that is not one: what the app has, else defaults."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def _own(self, name: str, default: Any) -> Any:
        return getattr(self.app, name, default)

    @property
    def settings(self) -> Settings:
        settings = self._own("settings", None)
        return settings if settings is not None else Settings()

    @property
    def bot_delay(self) -> float:
        return float(self._own("bot_delay", 0.0))

    @property
    def trick_pause(self) -> float | None:
        pause = self._own("trick_pause", 0.0)
        return None if pause is None else float(pause)

    @property
    def expert_budget(self) -> float | None:
        budget = self._own("expert_budget", None)
        return None if budget is None else float(budget)

    @property
    def hint_bot_options(self) -> dict[str, Any] | None:
        options = self._own("hint_bot_options", None)
        return dict(options) if options is not None else None

    def after_game(self, session: GameSession, how: str) -> None:
        after = self._own("after_game", None)
        if callable(after):
            after(session, how)
        else:
            self.app.pop_screen()

    def tell_save_problem(self, message: str, severity: str = "error") -> None:
        tell = self._own("tell_save_problem", None)
        if callable(tell):
            tell(message, severity)
        else:
            self.app.notify(message, severity=severity)

    def action_help(self) -> None:
        app_help = self._own("action_help", None)
        if callable(app_help):
            app_help()


_HOST_TYPES: dict[type, bool] = {}
_DEFAULTS: WeakKeyDictionary[Any, HostDefaults] = WeakKeyDictionary()


def game_host(app: Any) -> GameHost:
    """``app`` as a :class:`GameHost`: itself if it is one, else its :class:`HostDefaults`
    (the same one every time, so the game in play is remembered)."""
    kind = type(app)
    is_host = _HOST_TYPES.get(kind)
    if is_host is None:
        is_host = _HOST_TYPES[kind] = isinstance(app, GameHost)
    if is_host:
        return app
    defaults = _DEFAULTS.get(app)
    if defaults is None:
        defaults = _DEFAULTS[app] = HostDefaults(app)
    return defaults


def game_screen_of(app: Any) -> GameScreen | None:
    """The game in play in ``app`` (see :attr:`GameHost.game_screen`), or ``None``."""
    return game_host(app).game_screen
