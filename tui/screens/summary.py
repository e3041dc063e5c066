"""Between hands and at the end: what happened and why, and what next.

``HandSummaryScreen(game_name, hand_end_record, view)`` explains a finished hand
(Moon/42: the bid made or set and by how much, tricks or points per player or
team, marks; Mexican Train: who went out or that the round was blocked, the pips
left per player) from the core's ``hand_end`` / ``round_end`` record line.
Enter or Space dismisses with ``"next"``; ``q`` with ``"quit"``.

``GameOverScreen(game_name, game_end_record, seats)`` shows the final scores and
the winner(s) and dismisses with ``"new"`` (``n``), ``"rematch"`` (``r``) or
``"quit"`` (``q``); the buttons do the same with Enter or a click.
"""

from __future__ import annotations

from typing import Any, ClassVar, Sequence

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from core.moon_view import MOON, describe_bid as describe_moon_bid, tricks_needed
from core.texas42_bidding import decode_bid, describe_bid as describe_42_bid, is_mark_bid
from core.tricks import TrumpMode
from tui.plain_text import row as plain_row
from tui.screens.choice_dialog import ascii_style, seat_names
from tui.widgets.keys_footer import KeysFooter

TEAMS = ((0, 2), (1, 3))


def team_name(names: Sequence[str], team: int) -> str:
    a, b = TEAMS[team]
    return f"{names[a]} & {names[b]}"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _verb(who: str, singular: str, plural: str) -> str:
    """ "West scores" but "You score"."""
    return plural if who == "You" else singular


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _table(ascii_only: bool) -> Table:
    from rich import box
    return Table(box=box.ASCII if ascii_only else box.SIMPLE_HEAD, show_edge=False,
                 pad_edge=False, expand=False)


# -- Moon ----------------------------------------------------------------------
def moon_summary(record: dict[str, Any], names: Sequence[str],
                 ascii_only: bool = False) -> tuple[list[Text], Table]:
    bidder, bid, made = record["bidder"], record["bid"], record["made"]
    tricks, delta, scores = record["tricks"], record["delta"], record["scores"]
    need, took = tricks_needed(bid), tricks[bidder]
    who = names[bidder]
    lines: list[Text] = []
    label = describe_moon_bid(bid)
    if made:
        head = Text.assemble((f"{who} bid {label} and MADE it", "bold"),
                             f": {_plural(took, 'trick')} taken, {need} needed.")
        if bid == MOON:
            head.append(" A successful moon wins the game at once.", style="bold")
        elif took > need:
            head.append(" No bonus for extra tricks.")
    else:
        head = Text.assemble((f"{who} bid {label} and {_verb(who, 'was', 'were')} SET", "bold"),
                             f": {_plural(took, 'trick')} taken, {need} needed "
                             f"({need - took} short).")
    lines.append(head)
    lines.append(Text(f"{who} {_verb(who, 'scores', 'score')} {_signed(delta[bidder])}; "
                      "each other player "
                      "scores 1 per trick won."))
    table = _table(ascii_only)
    table.add_column("Player")
    table.add_column("Tricks", justify="right")
    table.add_column("This hand", justify="right")
    table.add_column("Total", justify="right")
    for p, name in enumerate(names):
        role = " (bidder)" if p == bidder else ""
        table.add_row(*plain_row(f"{name}{role}", str(tricks[p]), _signed(delta[p]), str(scores[p])))
    return lines, table


# -- Texas 42 ------------------------------------------------------------------
def texas42_summary(record: dict[str, Any], names: Sequence[str], view: Any = None,
                    ascii_only: bool = False) -> tuple[list[Text], Table]:
    bidder, made = record["bidder"], record["made"]
    bid = decode_bid(record["bid"])
    points, marks, totals = record["points"], record["marks"], record["totals"]
    bid_team = 0 if bidder in TEAMS[0] else 1
    last = getattr(view, "last_hand", None)
    last = last if last is not None and getattr(last, "bidder", None) == bidder else None
    trump = getattr(last, "trump", None)
    plunge = bool(getattr(last, "plunge", False))
    label = describe_42_bid(bid, plunge)
    options = getattr(view, "options", {}) or {}
    contract = ""
    if trump == "nello":
        contract = "Nel-O"
    elif trump == "sevens":
        contract = "Sevens"
    elif trump is not None:
        doubles = options.get("follow_me_doubles", "high") if trump == "none" else "high"
        contract = f"trumps: {TrumpMode(trump, doubles=doubles).describe()}"
    took = points[bid_team]
    verdict = "MADE it" if made else f"{_verb(names[bidder], 'was', 'were')} SET"
    head = Text.assemble((f"{names[bidder]} bid {label}", "bold"),
                         f" ({contract})" if contract else "", (f" and {verdict}", "bold"))
    if trump == "nello":
        why = "took no trick" if made else "took a trick"
        head.append(f": the bidder {why}.")
    elif is_mark_bid(bid) or trump == "sevens":
        head.append(": the bidders took all 7 tricks." if made
                    else ": the defenders took a trick (all 7 were needed).")
    elif made:
        head.append(f": {team_name(names, bid_team)} took {took} points, {bid} needed.")
    else:
        head.append(f": {team_name(names, bid_team)} took {took} points, {bid} needed "
                    f"({bid - took} short).")
    lines = [head]
    if record.get("ended_early"):
        lines.append(Text("The hand stopped early: its result was already certain."))
    target = getattr(view, "target", None)
    unit = getattr(target, "kind", "marks")
    table = _table(ascii_only)
    table.add_column("Team")
    table.add_column("Points taken", justify="right")
    table.add_column(f"{unit.capitalize()} won", justify="right")
    table.add_column(f"Total {unit}", justify="right")
    for team in (0, 1):
        role = " (bidders)" if team == bid_team else ""
        table.add_row(*plain_row(f"{team_name(names, team)}{role}", str(points[team]),
                      _signed(marks[team]), str(totals[team])))
    remaining = record.get("remaining") or []
    left = [(p, tiles) for p, tiles in enumerate(remaining) if tiles]
    if left:
        lines.append(Text("Unplayed: " + "; ".join(
            f"{names[p]} {' '.join(str(t) for t in tiles)}" for p, tiles in left)))
    return lines, table


# -- Mexican Train -------------------------------------------------------------
def train_summary(record: dict[str, Any], names: Sequence[str], view: Any = None,
                  ascii_only: bool = False) -> tuple[list[Text], Table]:
    out, points, scores = record.get("out"), record["points"], record["scores"]
    lines: list[Text] = []
    if out is None:
        lines.append(Text("The round was BLOCKED: the boneyard is empty and no one could play.",
                          style="bold"))
    else:
        who = names[out]
        lines.append(Text(f"{who} went out (domino) and {_verb(who, 'scores', 'score')} 0.",
                          style="bold"))
    lines.append(Text("Everyone else scores the pips left in hand"
                      + (" (the double-blank counts 50)."
                         if (getattr(view, "options", {}) or {}).get("double_blank") == 50
                         else ".")))
    low = min(scores) if scores else 0
    table = _table(ascii_only)
    table.add_column("Player")
    table.add_column("Pips left", justify="right")
    table.add_column("Total", justify="right")
    table.add_column("")
    for p, name in enumerate(names):
        note = []
        if p == out:
            note.append("OUT")
        if scores[p] == low:
            note.append("lowest total")
        table.add_row(*plain_row(name, str(points[p]), str(scores[p]), ", ".join(note)))
    return lines, table


class HandSummaryScreen(ModalScreen[str]):
    """The result of one hand (Moon, 42) or round (Mexican Train)."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("enter,space", "next", "Continue", key_display="⏎/space", priority=True,
                id="summary.next"),
        Binding("q", "quit", "Quit (saved)", id="summary.quit"),
        Binding("q", "quit_unsaved", "Quit", id="summary.quit_unsaved"),
        Binding("v", "review", "Review hand", id="summary.review"),
    ]

    def __init__(self, game_name: str, hand_end_record: dict[str, Any], view: Any, *,
                 names: Sequence[str] | None = None, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.game_name = game_name
        self.record = dict(hand_end_record)
        self.view = view
        self._given_names = names

    @property
    def names(self) -> list[str]:
        return seat_names(self.app, self.view, self._given_names)

    def title_text(self) -> str:
        if self.game_name == "mexican_train":
            done = len(getattr(self.view, "round_points", ()) or ())
            rounds = getattr(self.view, "rounds", None)
            return f"Round {done} of {rounds} over" if done and rounds else "Round over"
        return "Hand over"

    def body(self) -> tuple[list[Text], Table]:
        names, ascii_only = self.names, ascii_style(self.app)
        if self.game_name == "moon":
            return moon_summary(self.record, names, ascii_only)
        if self.game_name == "texas42":
            return texas42_summary(self.record, names, self.view, ascii_only)
        return train_summary(self.record, names, self.view, ascii_only)

    def compose(self) -> ComposeResult:
        lines, table = self.body()
        next_label = "Next round" if self.game_name == "mexican_train" else "Next hand"
        with Vertical(id="dialog", classes="dialog summary"):
            yield Static(self.title_text(), id="dialog-title", classes="dialog-title")
            with VerticalScroll(classes="summary-body"):
                yield Static(Text("\n").join(lines), id="summary-why")
                yield Static(table, id="summary-table", classes="summary-table")
            saved = ("q quits (the game is saved)." if self.game_saved else
                     "q quits (this game is NOT being saved: you are asked first).")
            yield Static(Text(f"Press Enter or Space for the {next_label.lower()}; v reviews "
                              f"the hand; {saved}"), id="dialog-hint", classes="dialog-hint")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.set_class(ascii_style(self.app), "-ascii")

    def action_next(self) -> None:
        self.dismiss("next")

    game_saved = True
    """Whether the game under it is being saved (its game screen says): what q promises."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("quit", "quit_unsaved"):
            return (action == "quit") == self.game_saved
        return True

    def action_quit(self) -> None:
        self.dismiss("quit")

    def action_quit_unsaved(self) -> None:
        self.dismiss("quit")

    def action_review(self) -> None:
        """Every player's tiles as dealt and the tricks in order (tui.screens.hand_review)."""
        from tui.screens.hand_review import open_hand_review
        open_hand_review(self.app)


def winners_of(record: dict[str, Any]) -> list[int]:
    winner = record.get("winner")
    if isinstance(winner, (list, tuple)):
        return [int(w) for w in winner]
    return [] if winner is None else [int(winner)]


class GameOverScreen(ModalScreen[str]):
    """Final scores and winner(s); then a new game, a rematch or quit."""

    AUTO_FOCUS = "#new"

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("n", "choose('new')", "New game", id="gameover.new"),
        Binding("r", "choose('rematch')", "Rematch", id="gameover.rematch"),
        Binding("q", "choose('quit')", "Quit", id="gameover.quit"),
        Binding("left,up", "app.focus_previous", "Previous", show=False, id="gameover.prev"),
        Binding("right,down", "app.focus_next", "Next", show=False, id="gameover.next"),
    ]

    def __init__(self, game_name: str, game_end_record: dict[str, Any], seats: Sequence[Any], *,
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.game_name = game_name
        self.record = dict(game_end_record)
        self.seats = list(seats)

    @property
    def names(self) -> list[str]:
        return [getattr(s, "name", None) or f"Player {i + 1}" for i, s in enumerate(self.seats)]

    def headline(self) -> Text:
        names = self.names
        winners = winners_of(self.record)
        scores = self.record.get("scores", [])
        if self.game_name == "texas42":
            team = winners[0] if winners else 0
            text = Text(f"{team_name(names, team)} win!", style="bold")
            if len(scores) == 2:
                text.append(f"  {scores[team]} to {scores[1 - team]}.")
            return text
        if len(winners) > 1:
            return Text("A tie: " + " and ".join(names[w] for w in winners)
                        + " share the win.", style="bold")
        if winners:
            w = winners[0]
            verb = "win" if names[w] == "You" else "wins"
            text = Text(f"{names[w]} {verb}!", style="bold")
            if self.game_name == "mexican_train":
                text.append(f"  Lowest total: {scores[w]} points.")
            else:
                text.append(f"  {scores[w]} points.")
            return text
        return Text("The game is over.", style="bold")

    def table(self) -> Table:
        names = self.names
        scores = list(self.record.get("scores", []))
        winners = set(winners_of(self.record))
        table = _table(ascii_style(self.app))
        if self.game_name == "texas42":
            table.add_column("Team")
            table.add_column("Score", justify="right")
            table.add_column("")
            for team in (0, 1):
                table.add_row(*plain_row(team_name(names, team), str(scores[team]) if team < len(scores)
                              else "", "WINNER" if team in winners else ""))
            return table
        low_wins = self.game_name == "mexican_train"
        sign = 1 if low_wins else -1
        order = sorted(range(len(scores)), key=lambda p: (p not in winners, sign * scores[p]))
        table.add_column("#", justify="right")
        table.add_column("Player")
        table.add_column("Score", justify="right")
        table.add_column("")
        for rank, p in enumerate(order, 1):
            table.add_row(*plain_row(str(rank), names[p] if p < len(names) else f"Player {p + 1}",
                          str(scores[p]), "WINNER" if p in winners else ""))
        return table

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog summary"):
            yield Static("Game over", id="dialog-title", classes="dialog-title")
            with VerticalScroll(classes="summary-body"):
                yield Static(self.headline(), id="gameover-headline")
                yield Static(self.table(), id="summary-table", classes="summary-table")
            with Horizontal(classes="summary-buttons"):
                yield Button("New game (n)", id="new")
                yield Button("Rematch (r)", id="rematch")
                yield Button("Quit (q)", id="quit")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.set_class(ascii_style(self.app), "-ascii")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id in ("new", "rematch", "quit"):
            self.dismiss(event.button.id)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
