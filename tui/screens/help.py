"""Help (F1 or ?): the keys, and a short summary of the current game's rules."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from core.registry import GAME_INFO
from core.registry import GAME_TITLES as TITLES
from tui.keys import as_shown, ascii_keys, key_hint, wants_ascii

KEYS_GENERAL = [
    ("? or F1", "this help"),
    ("s", "settings: bot speed, pause after tricks, tile style, colours, mouse"),
    ("q", "quit (the game is saved as it goes: `dominoes resume` continues it)"),
]
KEYS_TITLE = [
    ("↑ ↓ or 1-3", "pick a game"),
    ("Enter", "play now with your last setup (bots in the other seats)"),
    ("e", "set up first: seats, bot levels, rules settings, deal #"),
    ("w", "a guided first hand of the highlighted game (explains each decision)"),
    ("t", "statistics of your finished games (1-4 or ← → change page)"),
    ("r", "resume your unfinished game (shown above the games; `dominoes resume` too)"),
    ("o / j", "open a shared table for people on this computer / join one"),
    ("g", "saved games: Enter resumes an unfinished one or replays a finished one, "
          "v replays, a abandons after asking (y or Enter abandon, n keeps; kept in the history)"),
]
KEYS_REPLAY = [
    ("→ / ←", "next / previous step: the deal, a play, the end of a hand (also l / h)"),
    ("↓ / ↑", "next / previous trick; Mexican Train: turn (also j / k)"),
    ("n / p", "next / previous hand or round (also PgDn / PgUp)"),
    ("g / G", "the start / the end (also Home / End)"),
    ("Space", "play the record back, or pause"),
    ("+ / -", "faster / slower (¼× to 16×)"),
    ("c", "the coach on the hand shown (or the last one finished before it)"),
    ("q", "close the replay"),
]
KEYS_GUIDE = [
    ("a", "in a guided hand: make the suggested move"),
    ("e / x", "in a guided hand: show the scores or the guide / leave the guided hand"),
]
KEYS_TABLE = [
    ("← → or 1-9", "choose a tile (a tile you may play has a heavy outline and [n])"),
    ("Enter", "play the chosen tile (a click chooses; a second click plays)"),
    ("b", "bid / discard / name trumps again if you closed the dialog"),
    ("l", "show the last trick"),
    ("t", "Texas 42: open both teams' trick stacks"),
    ("Space", "continue after a trick (when the pause waits for a key)"),
]
KEYS_AIDS = [
    ("u / r", "undo your last move and the bots' replies (to the hand's start) / redo"),
    ("h", "hint: the expert's choice for your decision, and why (in dialogs too)"),
    ("g", "play-by-play log of the hand (← → earlier hands; v reviews a finished one)"),
    ("v", "on the hand summary: review the hand, every player's tiles shown"),
    ("c", "on the hand summary: the coach looks at the hand again (the par, your bids and "
          "trumps against the expert's, both sides' costliest plays; Mexican Train: your turns)"),
    ("=", "the score sheet: every hand or round so far, as kept on paper (also at the end)"),
]
KEYS_TRAIN = [
    ("← → or 1-9", "choose a tile; Tab / shift+Tab choose a train"),
    ("Enter", "play the chosen tile on the chosen train"),
    ("d / p", "draw from the boneyard / pass, when those are your moves"),
]

RULES = {
    "moon": [
        "Three players, each alone; 22 tiles (double-six without 0-1 … 0-6); 7 each, 1 widow.",
        "Bidding: one turn each, bid 4-7 tricks or 21 (shoot the moon: all 7), higher than "
        "before, or pass. If all pass, the last bidder must bid 4 (a setting).",
        "The bidder takes the widow, discards one tile, names trumps (a suit, doubles, or "
        "none) and leads.",
        "Follow the led suit (a non-trump lead is its higher end); trump leads call trumps; "
        "otherwise play anything. Highest trump wins, else highest of the led suit.",
        "Made: bidder +bid, else -bid; the others +1 per trick. A made 21 wins at once. "
        "First to 21 (a setting) wins; a tie for the top plays on.",
    ],
    "texas42": [
        "Four players; partners sit across (you and North against West and East).",
        "Each hand is worth 42: 1 per trick + the count: 5-0, 4-1, 3-2 are 5 each; "
        "5-5 and 6-4 are 10 each.",
        "Bidding: one turn each from the shaker's left: 30-41 points, or 1-2 marks (then one "
        "mark more at a time). If all pass, the shaker bids 30.",
        "The bid winner names trumps (a suit, doubles, or follow-me) and leads. Follow suit; "
        "highest trump, else highest of the led suit, wins.",
        "Make the bid: your team wins the marks; fail: the other team does. First to 7 marks "
        "(a setting). Variants (settings): Nel-O, Sevens, Plunge.",
    ],
    "mexican_train": [
        "Each round starts from an engine double in the hub; play one tile a turn on your "
        "train, the Mexican train, or a train with a marker.",
        "No play: draw one; still none: put your marker on your train. A double must be "
        "satisfied before other trains are played.",
        "The round ends when someone plays their last tile or nobody can play. Pips left "
        "count against you (double-blank 50); lowest total wins.",
    ],
}



def _table(game_name: str) -> str:
    """The game's kind of table ("tricks", "hub"; "tricks" for a name not known)."""
    info = GAME_INFO.get(game_name)
    return info.table if info is not None else "tricks"


def help_text(game_name: str | None, replay: bool = False, ascii_only: bool = False) -> Text:
    """The keys and the rules in short; with ``ascii_only`` the keys are named in ASCII
    (the ASCII tile style: "<- ->" for "← →")."""
    text = Text()

    def section(title: str, rows: list[tuple[str, str]]) -> None:
        text.append(f"{title}\n", style="bold underline")
        if ascii_only:
            rows = [(ascii_keys(key), ascii_keys(what)) for key, what in rows]
        for key, what in rows:
            text.append(f"  {key:<12}" if len(key) < 12 else f"  {key}\n{'':14}", style="bold")
            lines = textwrap.wrap(what, 55) or [""]    # beside the keys, a cell from the bar
            text.append(lines[0] + "\n")
            for more in lines[1:]:
                text.append(" " * 14 + more + "\n")
        text.append("\n")

    if replay:
        section("Replay keys", KEYS_REPLAY)
        text.append("A replay shows every hand, as the record holds them (the referee's view). "
                    "`dominoes replay FILE` opens any game record.\n\n")
        for line in RULES.get(game_name or "", []):
            text.append(f"  • {line}\n")
        return text
    if game_name is None:
        section("Keys", KEYS_TITLE + KEYS_GENERAL)
        text.append("Games\n", style="bold underline")
        for name, title in TITLES.items():
            text.append(f"  {title}: ", style="bold")
            text.append(RULES[name][0] + "\n")
        return text
    section("Keys", (KEYS_TRAIN if _table(game_name) == "hub" else KEYS_TABLE) + KEYS_AIDS
            + KEYS_GENERAL + KEYS_GUIDE)
    text.append(f"{TITLES.get(game_name, game_name)} in short\n", style="bold underline")
    for line in RULES.get(game_name, []):
        wrapped = textwrap.wrap(line, 64) or [""]
        text.append(f"  • {wrapped[0]}\n")
        for more in wrapped[1:]:
            text.append(f"    {more}\n")
    return text


class HelpScreen(ModalScreen[None]):
    """Keys and rules. Any of Escape, q, ?, F1, Enter closes it."""

    BINDINGS = [
        Binding("escape,q,question_mark,f1,enter,h", "close", "Close", key_display="q",
                id="help.close"),
        Binding("up,k", "scroll(-1)", "Up", show=False, id="help.up"),
        Binding("down,j", "scroll(1)", "Down", show=False, id="help.down"),
    ]

    def __init__(self, game_name: str | None = None, *, replay: bool = False) -> None:
        super().__init__()
        self.game_name = game_name
        self.replay = replay

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static("Help", id="help-title")
            with VerticalScroll(id="help-body"):
                yield Static(as_shown(self.app, help_text(self.game_name, self.replay,
                                                          wants_ascii(self.app))),
                             id="help-text")
            yield Static(key_hint(self.app, "↑ ↓ PgUp PgDn scroll · q / Esc / ? close"),
                         id="help-hint")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, step: int) -> None:
        body = self.query_one("#help-body", VerticalScroll)
        body.scroll_relative(y=step, animate=False)
