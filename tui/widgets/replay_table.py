"""The replay viewer's table as text: every hand, the trick or the trains, bids, scores.

:func:`table_text` draws a :class:`~core.replay.OpenTable` (the referee's view,
as the engine holds it: all hands open). The tile the last step moved is marked
(bold, reversed, with ``*`` after it), so the change is visible without colour.
:class:`ReplayTable` is the widget showing it.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.widgets import Static

from core.presenters import DEALER_ROLES, open_bid_words
from core.registry import GAME_INFO
from core.replay import OpenTable, TrainLine
from core.wording import plural, says, verb
from tui.keys import as_shown

MARK = "bold reverse"
TRUMP_WORDS = {"0": "blanks", "1": "aces", "2": "deuces", "3": "treys", "4": "fours",
               "5": "fives", "6": "sixes", "doubles": "doubles", "none": "no trumps (follow-me)",
               "nello": "Nel-O", "sevens": "Sevens"}


def tile_label(tile: Any) -> str:
    """``"6-4"`` → ``[6|4]``; an (a, b) pair keeps its order."""
    if isinstance(tile, (tuple, list)):
        a, b = tile
    else:
        a, _, b = str(tile).partition("-")
    return f"[{a}|{b}]"


def _tiles(text: Text, tiles: Sequence[Any], marked: str | None = None) -> None:
    for i, tile in enumerate(tiles):
        if i:
            text.append(" ")
        label = tile_label(tile)
        if marked is not None and _same_tile(tile, marked):
            text.append(label + "*", style=MARK)
        else:
            text.append(label)


def _same_tile(tile: Any, marked: str) -> bool:
    if isinstance(tile, (tuple, list)):
        a, b = tile
        return f"{max(a, b)}-{min(a, b)}" == marked
    return str(tile) == marked


def bid_words(game: str, bid: Any) -> str:
    return open_bid_words(game, bid)


def _name_width(names: Sequence[str]) -> int:
    return min(14, max((len(n) for n in names), default=6)) + 1


def _name(names: Sequence[str], p: int, width: int) -> str:
    name = _plain_name(names, p)
    return (name[:width - 1] if len(name) >= width else name).ljust(width)


def _plain_name(names: Sequence[str], p: int) -> str:
    return names[p] if 0 <= p < len(names) else f"Player {p + 1}"


def _teams(table: OpenTable) -> tuple[tuple[int, ...], ...]:
    """The seats of each team of the table's game (``()``: everyone plays alone)."""
    info = GAME_INFO.get(table.game)
    return info.teams if info is not None else ()


def scores_text(table: OpenTable, names: Sequence[str]) -> Text:
    text = Text()
    text.append("Scores: ", style="bold")
    seats = _teams(table)
    if seats:
        teams = ([" & ".join(names[p] for p in team) for team in seats]
                 if len(names) >= sum(len(team) for team in seats)
                 else [f"Team {t + 1}" for t in range(len(seats))])
        text.append(" · ".join(f"{teams[t]} {table.scores[t]}"
                               for t in range(min(len(seats), len(table.scores)))))
    else:
        text.append(" · ".join(f"{names[p] if p < len(names) else p} {s}"
                               for p, s in enumerate(table.scores)))
    return text


def trick_game_text(table: OpenTable, names: Sequence[str]) -> Text:
    """Moon and Texas 42: hands, bids, widow, the trick on the table, the last trick."""
    text = scores_text(table, names)
    text.append("\n")
    if table.hand_number:
        text.append(f"Hand {table.hand_number}", style="bold")
        if table.dealer is not None:
            dealer = _plain_name(names, table.dealer)
            verb, rest = DEALER_ROLES.get(table.game, ("shakes", ""))
            role = says(dealer, verb) + rest
            text.append(f" · {role}")
        if table.bidder is not None and table.bid is not None:
            text.append(f" · bid: {names[table.bidder]} {bid_words(table.game, table.bid)}")
        if table.trump is not None:
            text.append(f" · trumps: {TRUMP_WORDS.get(table.trump, table.trump)}")
        text.append("\n")
    marked = table.marked
    width = _name_width(names)
    for p, hand in enumerate(table.hands):
        text.append("▶ " if table.to_act == p else "  ")
        text.append(_name(names, p, width), style="bold")
        _tiles(text, hand, marked)
        extra = []
        if p in table.bids:
            bid = table.bids[p]
            extra.append("passed" if bid is None else "bid " + bid_words(table.game, bid))
        if table.trump is not None or table.tricks_won[p]:
            extra.append(f"tricks {table.tricks_won[p]}")
        if extra:
            text.append(" (" + ", ".join(extra) + ")", style="italic")
        text.append("\n")
    if table.widow is not None:
        text.append("Widow: ", style="bold")
        if table.widow_taken is None:
            text.append(tile_label(table.widow) + " (face down)")
        else:
            text.append(f"{tile_label(table.widow_taken)} taken; laid aside: ")
            text.append(tile_label(table.discarded))
        text.append("\n")
    if _teams(table) and (table.trump is not None or any(table.points)):
        text.append("Points this hand: ", style="bold")
        text.append(f"{table.points[0]} to {table.points[1]}\n")
    text.append("Trick: ", style="bold")
    if table.trick:
        for i, (p, tile) in enumerate(table.trick):
            if i:
                text.append(", ")
            text.append(f"{_plain_name(names, p)} ")
            text.append(tile_label(tile), style=MARK if i == len(table.trick) - 1
                        and table.last_event == "play" else "")
    elif table.last_trick is not None:
        trick = table.last_trick
        winner = trick.get("winner")
        text.append(f"#{trick.get('number')} ")
        _tiles(text, trick.get("tiles", []), table.marked)
        if isinstance(winner, int) and 0 <= winner < len(names):
            text.append(f", won by {names[winner]}", style="bold")
        if "points" in trick:
            text.append(f" ({plural(trick['points'], 'point')})")
    else:
        text.append("(none yet)")
    text.append("\n")
    return text


def _train_line(text: Text, train: TrainLine, marked: str | None) -> None:
    if not train.pairs:
        text.append("(not started)", style="italic")
    else:
        _tiles(text, train.pairs, marked)
    text.append(f" → {train.open_end}")


def train_game_text(table: OpenTable, names: Sequence[str]) -> Text:
    """Mexican Train: hands and trains of every player, the Mexican train, the boneyard."""
    text = scores_text(table, names)
    text.append("\n")
    if table.hand_number:
        text.append(f"Round {table.hand_number}", style="bold")
        if table.engine is not None:
            text.append(f" · engine {tile_label(table.engine)}")
        if table.dealer is not None:
            text.append(f" · {names[table.dealer]} first")
        text.append(f" · boneyard {table.boneyard_count}")
        if table.boneyard:
            text.append(" (next: " + " ".join(tile_label(t) for t in table.boneyard[:3]) + ")")
        text.append("\n")
    marked = table.marked
    width = max(_name_width(names), len("Mexican") + 1)
    if "mexican" in table.trains:
        text.append("  " + "Mexican".ljust(width), style="bold")
        _train_line(text, table.trains["mexican"], marked)
        text.append("\n")
    for p, hand in enumerate(table.hands):
        text.append("▶ " if table.to_act == p else "  ")
        text.append(_name(names, p, width), style="bold")
        text.append(f"{verb(_plain_name(names, p), 'holds')} {len(hand)}: ")
        _tiles(text, hand, marked)
        text.append("\n")
        train = table.trains.get(p)
        if train is not None:
            text.append("  " + " " * width)
            text.append("train: ")
            _train_line(text, train, marked)
            if p in table.markers:
                text.append(" · ⚑ marker on (open to all)", style="bold")
            text.append("\n")
    return text


def table_text(table: OpenTable, names: Sequence[str]) -> Text:
    if table.position == 0:
        return Text("The game is about to begin. Press → to step through it, "
                    "Space to play it back.")
    info = GAME_INFO.get(table.game)
    body = train_game_text(table, names) if info is not None and info.table == "hub" \
        else trick_game_text(table, names)
    if table.result is not None:
        body.append(_result_text(table, names))
    if table.over:
        winner = table.winner
        if isinstance(winner, list):
            who = " and ".join(names[w] for w in winner if isinstance(w, int) and w < len(names))
        elif isinstance(winner, int) and _teams(table):
            team = _teams(table)[winner] if 0 <= winner < len(_teams(table)) else ()
            who = " & ".join(names[p] for p in team if p < len(names))
        elif isinstance(winner, int) and winner < len(names):
            who = names[winner]
        else:
            who = str(winner)
        body.append(f"GAME OVER: {who} won.\n", style="bold reverse")
    return body


def _result_text(table: OpenTable, names: Sequence[str]) -> Text:
    line = table.result or {}
    text = Text()
    if line.get("event") == "round_end":
        out = line.get("out")
        text.append("Round over: ", style="bold")
        text.append(f"{names[out]} went out. " if isinstance(out, int) and out < len(names)
                    else "blocked. ")
        text.append("Points: " + ", ".join(f"{names[p]} {v}" for p, v in
                                           enumerate(line.get("points", []))))
    else:
        text.append("Hand over: ", style="bold")
        text.append("made" if line.get("made") else "set")
        if "delta" in line:
            text.append(" · this hand: " + ", ".join(f"{names[p]} {v:+d}" for p, v in
                                                    enumerate(line.get("delta", []))))
        if "marks" in line:
            text.append(f" · marks {line['marks'][0]} to {line['marks'][1]}")
    text.append("\n")
    return text


class ReplayTable(Static):
    """The referee's table at the viewer's position."""

    _text: Text | None = None

    def show(self, table: OpenTable, names: Sequence[str]) -> None:
        self._text = table_text(table, names)
        self.update(as_shown(self.app, self._text))

    @property
    def plain(self) -> str:
        """The table as plain text (what is on screen, before wrapping)."""
        return self._text.plain if self._text is not None else ""

    def acting_row(self) -> int | None:
        """The screen row (after wrapping) of the line marked ``▶``, if any."""
        if self._text is None or not self.size.width:
            return None
        row = 0
        for line in self._text.split("\n"):
            if line.plain.startswith("▶"):
                return row
            row += max(1, len(line.wrap(self.app.console, self.size.width)))
        return None
