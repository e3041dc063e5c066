"""A finished hand (or round) in review: every player's tiles as dealt, then what happened.

Moon and Texas 42: the hands as dealt (Moon: the widow, and what the bidder
took and laid aside), the bidding and the contract, every trick in order (who
led ``▶``, each player's tile, who won it, the points in 42), the result, and
the whole play-by-play. Mexican Train: the hands as dealt, each train as it
stood at the end, the tiles left in each hand, the result and the play-by-play.

The hand is over, so everything is shown. Opened with ``v`` from the hand
summary (:func:`open_hand_review`) or from the log for any finished hand.
``v``, ``q`` or Esc close; ↑/↓, PgUp/PgDn scroll.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any, ClassVar, Sequence, cast

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

import styles
from core.narration import (
    HAND_ENDS,
    last_finished_hand,
    narrate,
    tiles_text,
    train_text,
    trump_text,
)
from core.presenters import recorded_bid_label
from core.registry import game_info
from core.tiles import Tile, parse_tile, sort_hand
from core.wording import plural
from tui.keys import as_shown, key_hint
from tui.plain_text import row as plain_row

AIDS_CSS = Path(styles.__file__).parent / "aids.tcss"


def _tile(value: Any) -> Tile:
    return value if isinstance(value, Tile) else parse_tile(str(value))


def _first(lines: Sequence[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    return next((line for line in lines if line.get("event") == kind), None)


def _heading(text: Text, title: str) -> None:
    if text.plain:
        text.append("\n\n")
    text.append(title, style="bold underline")
    text.append("\n")


def _name_width(names: Sequence[str]) -> int:
    return max(len(n) for n in names) + 2


def title_of(game_name: str, lines: Sequence[dict[str, Any]]) -> str:
    start = _first(lines, "round_start")
    if start is not None:
        return f"Round {start['round']} in review · engine {start['engine']}"
    start = _first(lines, "hand_start")
    return f"Hand {start['hand']} in review" if start else "Hand in review"


# -- Moon and Texas 42 ------------------------------------------------------------------

def dealt_text(game_name: str, lines: Sequence[dict[str, Any]], names: Sequence[str]) -> Text:
    text = Text()
    deal = _first(lines, "deal")
    if deal is None:
        return text
    width = _name_width([*names, "Widow"])
    _heading(text, "As dealt")
    for p, hand in enumerate(deal["hands"]):
        tiles = sort_hand(_tile(t) for t in hand)
        text.append(f"  {names[p]:<{width}}", style="bold")
        text.append(tiles_text(tiles) + "\n")
    if deal.get("widow"):
        text.append(f"  {'Widow':<{width}}", style="bold")
        text.append(str(_tile(deal["widow"])) + "\n")
    text.rstrip()
    return text


def contract_text(game_name: str, lines: Sequence[dict[str, Any]],
                  names: Sequence[str]) -> Text:
    text = Text()
    bids = [line for line in lines if line.get("event") == "bid"]
    if not bids:
        return text
    _heading(text, "Bidding")
    said = []
    for line in bids:
        label = recorded_bid_label(game_name, line)
        said.append(f"{names[line['player']]} {label}")
    text.append("  " + " · ".join(said))
    widow = _first(lines, "widow")
    if widow is not None and widow.get("took") is None:      # widow = optional: left
        text.append(f"\n  {names[widow['player']]} left the widow face down.")
    elif widow is not None:
        text.append(f"\n  {names[widow['player']]} took the widow {_tile(widow['took'])} "
                    f"and laid {_tile(widow['discarded'])} aside.")
    trump = _first(lines, "trump")
    if trump is not None:
        what = trump_text(trump["trump"])
        if trump["trump"] in ("nello", "sevens"):
            text.append(f"\n  {names[trump['player']]} declared {what}.")
        elif trump["trump"] == "none":
            text.append(f"\n  {names[trump['player']]} named no trumps.")
        else:
            text.append(f"\n  {names[trump['player']]} named {what} trumps.")
    return text


def tricks_table(game_name: str, lines: Sequence[dict[str, Any]], names: Sequence[str],
                 ascii_only: bool = False) -> Table | None:
    tricks = [line for line in lines if line.get("event") == "trick"]
    if not tricks:
        return None
    n = len(names)
    table = Table(box=box.ASCII if ascii_only else box.SIMPLE_HEAD, show_edge=False,
                  pad_edge=False, expand=False, title="Tricks (▶ led)" if not ascii_only
                  else "Tricks (> led)", title_justify="left", title_style="bold underline")
    table.add_column("#", justify="right")
    for name in names:
        table.add_column(name, justify="center")
    table.add_column("Won by")
    has_points = any("points" in t for t in tricks)
    if has_points:
        table.add_column("Pts", justify="right")
    lead_mark = ">" if ascii_only else "▶"
    for trick in tricks:
        cells = ["—"] * n
        leader = trick["leader"]
        seats = _seats_in_order(leader, len(trick["tiles"]), n, lines)
        for seat, t in zip(seats, trick["tiles"]):
            mark = lead_mark if seat == leader else " "
            cells[seat] = f"{mark}{_tile(t)}"
        row = [str(trick["number"]), *cells, names[trick["winner"]]]
        if has_points:
            row.append(str(trick.get("points", "")))
        table.add_row(*plain_row(*row))
    return table


def _seats_in_order(leader: int, count: int, n: int, lines: Sequence[dict[str, Any]]) -> list[int]:
    """The seats that played to a trick, in order from ``leader`` (Nel-O's partner sits out)."""
    out_seat = None
    trump = _first(lines, "trump")
    if trump is not None and trump.get("trump") == "nello" and n == 4:
        out_seat = (trump["player"] + 2) % 4
    seats = [(leader + i) % n for i in range(n)]
    seats = [s for s in seats if s != out_seat]
    return seats[:count]


# -- Mexican Train ---------------------------------------------------------------------

def oriented(engine: int, tiles: Sequence[Tile]) -> list[str]:
    """A train's tiles as laid from the hub, each end matching the one before: "12-5 5-3"."""
    out, end = [], engine
    for t in tiles:
        if t.has(end):
            a, end = end, t.other(end)
            out.append(f"{a}-{end}")
        else:                       # not a chain (a malformed record): show it as it is
            out.append(str(t))
            end = t.low
    return out


def trains_text(lines: Sequence[dict[str, Any]], names: Sequence[str]) -> Text:
    text = Text()
    trains: dict[Any, list[Tile]] = {}
    for line in lines:
        if line.get("event") == "play":
            trains.setdefault(line["train"], []).append(_tile(line["tile"]))
    start = _first(lines, "round_start")
    engine = _tile(start["engine"]).high if start else 0
    _heading(text, "Trains at the end")
    keys = ["mexican"] + list(range(len(names)))
    width = max(len(train_text(k, names)) for k in keys) + 2
    for key in keys:
        label = train_text(key, names)
        label = label[0].upper() + label[1:]
        tiles = trains.get(key, [])
        text.append(f"  {label:<{width}}", style="bold")
        text.append((" ".join(oriented(engine, tiles)) if tiles else "not started") + "\n")
    text.rstrip()
    return text


def left_in_hand(lines: Sequence[dict[str, Any]], players: int) -> list[list[Tile]]:
    """Each player's tiles at the end of the round: dealt + drawn - played."""
    deal = _first(lines, "deal")
    hands = [[_tile(t) for t in h] for h in (deal["hands"] if deal else [[]] * players)]
    for line in lines:
        kind = line.get("event")
        if kind == "draw" and line.get("tile"):
            hands[line["player"]].append(_tile(line["tile"]))
        elif kind == "play":
            t = _tile(line["tile"])
            if t in hands[line["player"]]:
                hands[line["player"]].remove(t)
    return [sort_hand(h) for h in hands]


def train_hands_text(lines: Sequence[dict[str, Any]], names: Sequence[str]) -> Text:
    text = Text()
    deal = _first(lines, "deal")
    if deal is None:
        return text
    width = _name_width(names)
    _heading(text, f"As dealt ({len(deal['hands'][0])} each; "
                   f"{len(deal.get('boneyard') or [])} in the boneyard)")
    for p, hand in enumerate(deal["hands"]):
        text.append(f"  {names[p]:<{width}}", style="bold")
        text.append(tiles_text(sort_hand(_tile(t) for t in hand)) + "\n")
    draws = [line for line in lines if line.get("event") == "draw"]
    if draws:
        _heading(text, "Drawn from the boneyard")
        for p in range(len(names)):
            mine = [_tile(d["tile"]) for d in draws if d["player"] == p and d.get("tile")]
            if mine:
                text.append(f"  {names[p]:<{width}}", style="bold")
                text.append(tiles_text(mine) + "\n")
    text.append("\n")
    text.append_text(trains_text(lines, names))
    end = _first(lines, "round_end")
    _heading(text, "Left in hand")
    for p, hand in enumerate(left_in_hand(lines, len(names))):
        points = end["points"][p] if end else sum(t.pips for t in hand)
        text.append(f"  {names[p]:<{width}}", style="bold")
        text.append((f"{tiles_text(hand)} ({plural(points, 'point')})" if hand
                     else "none (went out)")
                    + "\n")
    text.rstrip()
    return text


# -- the whole review ------------------------------------------------------------------

def review_renderables(game_name: str, lines: Sequence[dict[str, Any]], names: Sequence[str],
                       options: dict[str, Any] | None = None,
                       ascii_only: bool = False) -> list[Any]:
    """The review as Rich renderables, top to bottom."""
    names = list(names)
    parts: list[Any] = []
    if game_info(game_name).table == "hub":
        parts.append(train_hands_text(lines, names))
    else:
        parts.append(dealt_text(game_name, lines, names))
        contract = contract_text(game_name, lines, names)
        if contract.plain:
            parts.append(contract)
        table = tricks_table(game_name, lines, names, ascii_only)
        if table is not None:
            parts.append(Text(""))
            parts.append(table)
    end = [line for line in lines if line.get("event") in HAND_ENDS]
    if end:
        result = Text()
        _heading(result, "Result")
        result.append("\n".join("  " + s for s in narrate(game_name, end, names,
                                                          viewer=None, options=options)))
        parts.append(result)
    story = Text()
    _heading(story, "Play by play (all hands shown)")
    story.append("\n".join("  " + s for s in narrate(game_name, lines, names, viewer=None,
                                                     options=options)))
    parts.append(story)
    return parts


def review_plain(game_name: str, lines: Sequence[dict[str, Any]], names: Sequence[str],
                 options: dict[str, Any] | None = None) -> str:
    """The review as plain text (for tests and for copying)."""
    from rich.console import Console
    console = Console(width=78, record=True, color_system=None, file=cast(IO[str], _Null()))
    for part in review_renderables(game_name, lines, names, options):
        console.print(part)
    return console.export_text()


class _Null:
    def write(self, _text: str) -> int:
        return 0

    def flush(self) -> None:
        pass


class HandReviewScreen(ModalScreen[None]):
    """One finished hand/round, everything shown."""

    CSS_PATH = AIDS_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,v", "close", "Close", key_display="v", id="review.close"),
        Binding("up,k", "scroll(-1)", "Up", show=False, id="review.up"),
        Binding("down,j", "scroll(1)", "Down", show=False, id="review.down"),
        Binding("pageup", "scroll(-10)", "Page up", show=False, id="review.page_up"),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False,
                id="review.page_down"),
    ]

    def __init__(self, game_name: str, lines: Sequence[dict[str, Any]], names: Sequence[str],
                 options: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.game_name = game_name
        self.lines = [dict(line) for line in lines]
        self.names = list(names)
        self.options = dict(options or {})

    def compose(self) -> ComposeResult:
        ascii_only = getattr(self.app, "tile_style", "") == "ascii"
        with Vertical(id="review-box", classes="aids-box"):
            yield Static(as_shown(self.app, title_of(self.game_name, self.lines)),
                         id="review-title",
                         classes="aids-title")
            with VerticalScroll(id="review-body", classes="aids-body"):
                yield Static(as_shown(self.app, Group(*review_renderables(
                    self.game_name, self.lines, self.names, self.options, ascii_only))),
                             id="review-text")
            yield Static(key_hint(self.app, "↑↓ PgUp PgDn scroll · v / q close"),
                         id="review-hint", classes="aids-hint")

    def plain_text(self) -> str:
        """What the review shows, as plain text."""
        return review_plain(self.game_name, self.lines, self.names, self.options)

    def action_scroll(self, step: int) -> None:
        self.query_one("#review-body", VerticalScroll).scroll_relative(y=step, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


def open_hand_review(app: Any, session: Any) -> bool:
    """Push the review of the last finished hand of ``session``'s game (the game in play,
    given by the screen that asks); False if there is none."""
    game = getattr(session, "game", None)
    if game is None:
        return False
    lines = last_finished_hand(game.history)
    if lines is None:
        return False
    app.push_screen(HandReviewScreen(game.name, lines, [s.name for s in session.seats],
                                     game.options))
    return True
