"""The player's settings and last choices, kept as JSON in the user's config directory.

No Textual here. A missing, unreadable or broken file gives the defaults (and
the next save rewrites it); unknown keys are dropped and wrong values replaced
by their defaults, so an old or hand-edited file never stops the app.

``DOMINOES_CONFIG_DIR`` overrides the directory (tests, screenshots).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

APP_NAME = "dominoes"

BOT_SPEEDS: dict[str, float] = {"instant": 0.0, "fast": 0.3, "normal": 0.8, "slow": 1.6}
"""Bot speed → seconds each bot move stays visible before the next."""

TRICK_PAUSES: dict[str, float | None] = {"none": 0.0, "short": 1.0, "long": 2.5, "key": None}
"""Pause after each trick → seconds (None: until a key)."""

EXPERT_TIMES: dict[str, float] = {"quick": 0.2, "normal": 0.5, "deep": 1.0}
"""Expert thinking → seconds of search a play (a bid or trump gets three times it, at most 2.5 s)."""

TILE_STYLES = ("numerals", "pips", "ascii")
THEMES = ("textual-dark", "textual-light", "ansi-dark", "ansi-light", "nord", "gruvbox")
LEVELS = ("easy", "standard", "expert")


@dataclass
class Settings:
    bot_speed: str = "normal"
    trick_pause: str = "short"
    expert_time: str = "normal"
    tile_style: str = "numerals"
    theme: str = "textual-dark"
    mouse: bool = True
    undo: bool = True        # off: a "serious" game, no taking moves back
    hints: bool = True       # off: no expert hints

    CHOICES = {
        "bot_speed": tuple(BOT_SPEEDS),
        "trick_pause": tuple(TRICK_PAUSES),
        "expert_time": tuple(EXPERT_TIMES),
        "tile_style": TILE_STYLES,
        "theme": THEMES,
        "mouse": (True, False),
        "undo": (True, False),
        "hints": (True, False),
    }


@dataclass
class GameChoices:
    """The last setup used for one game: rules settings, bot levels, deal number."""

    options: dict[str, Any] = field(default_factory=dict)
    levels: list[str] = field(default_factory=list)   # per seat; seat 0 "human"
    seed: int | None = None


@dataclass
class Preferences:
    settings: Settings = field(default_factory=Settings)
    last_game: str = "moon"
    games: dict[str, GameChoices] = field(default_factory=dict)
    walkthroughs_offered: list[str] = field(default_factory=list)
    """Games whose first-game walkthrough has been offered (it is offered once per game)."""
    path: Path | None = None

    # -- loading and saving ----------------------------------------------------
    @classmethod
    def load(cls, path: Path | None = None) -> Preferences:
        path = path or default_path()
        prefs = cls(path=path)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError):
            return prefs
        if not isinstance(raw, dict):
            return prefs
        prefs.settings = _settings_from(raw.get("settings"))
        if isinstance(raw.get("last_game"), str):
            prefs.last_game = raw["last_game"]
        offered = raw.get("walkthroughs_offered")
        if isinstance(offered, list):
            prefs.walkthroughs_offered = [g for g in offered if isinstance(g, str)]
        games = raw.get("games")
        if isinstance(games, dict):
            for name, value in games.items():
                if isinstance(name, str) and isinstance(value, dict):
                    prefs.games[name] = _choices_from(value)
        return prefs

    def save(self) -> bool:
        """Write the file; False (and nothing raised) if it cannot be written."""
        if self.path is None:
            return False
        data = {"settings": asdict(self.settings), "last_game": self.last_game,
                "games": {k: asdict(v) for k, v in self.games.items()},
                "walkthroughs_offered": list(self.walkthroughs_offered)}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(data, indent=2, sort_keys=True), encoding="utf-8")
            tmp.replace(self.path)
        except OSError:
            return False
        return True

    def choices(self, game_name: str) -> GameChoices:
        return self.games.setdefault(game_name, GameChoices())


def config_dir() -> Path:
    override = os.environ.get("DOMINOES_CONFIG_DIR")
    if override:
        return Path(override)
    from platformdirs import user_config_path
    return user_config_path(APP_NAME)


def default_path() -> Path:
    return config_dir() / "preferences.json"


def _settings_from(raw: Any) -> Settings:
    settings = Settings()
    if not isinstance(raw, dict):
        return settings
    for f in fields(Settings):
        value = raw.get(f.name)
        if value in Settings.CHOICES[f.name] and type(value) is type(getattr(settings, f.name)):
            setattr(settings, f.name, value)
    return settings


def _choices_from(raw: dict[str, Any]) -> GameChoices:
    choices = GameChoices()
    if isinstance(raw.get("options"), dict):
        choices.options = {str(k): v for k, v in raw["options"].items()
                           if isinstance(v, (str, int, bool))}
    if isinstance(raw.get("levels"), list):
        choices.levels = [v for v in raw["levels"] if isinstance(v, str)]
    seed = raw.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool):
        choices.seed = seed
    return choices
