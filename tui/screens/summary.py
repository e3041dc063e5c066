"""Between hands and at the end: what happened and why, and what next.

``HandSummaryScreen(game_name, hand_end_record, view)`` explains a finished hand
from the hand's record lines, by the figures of :mod:`core.summaries` (nothing is
reckoned here): 42, per team the tricks, each count tile won, the points (tricks +
count) against the bid and the marks or points awarded; Moon, the tricks per
player, the bid made or set and by how much, each player's score change; Mexican
Train, who went out (or that the round was blocked), the tiles and pips each
player is left with, the double-blank as the setting counts it, the totals.
The lines are those of the game in play under it (or ``lines=``). Enter or Space
dismisses with ``"next"`` (after the last hand it says "see the result"); ``q``
with ``"quit"``; ``v`` reviews the hand; ``=`` opens the score sheet; ``c`` opens the
coach on the hand (:mod:`tui.screens.coach`; only with the game's lines at hand).

``GameOverScreen(game_name, game_end_record, seats)`` shows the final scores, the
winner(s) and the score sheet, and dismisses with ``"new"`` (``n``: set up a new
game), ``"rematch"`` (``r``) or ``"title"`` (``t`` or ``q``: back to the title,
not out of the app); the buttons do the same with Enter or a click; ``=`` opens
the score sheet on its own screen.

Names are data: every text that may hold one is ``rich.text.Text``, every table
cell goes through :func:`tui.plain_text.row`.
"""

from __future__ import annotations

from typing import Any, ClassVar, Sequence

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from core import wording
from core.moon.view import MOON
from core.moon.view import describe_bid as describe_moon_bid
from core.registry import game_info
from core.score_sheet import hand_lines, score_sheet
from core.summaries import TeamTake, Texas42Hand, moon_hand, texas42_hand, train_round
from core.tricks.play import TrumpMode
from tui.plain_text import row as plain_row
from tui.screens.choice_dialog import ascii_style, seat_names
from tui.screens.coach import COACH_KEY
from tui.screens.score_sheet import (
    SHEET_KEY,
    SHEET_KEY_DISPLAY,
    ScoreSheetScreen,
    fit_scroll,
    open_score_sheet,
    sheet_caption,
    sheet_legend,
    sheet_table,
)
from tui.widgets.keys_footer import KeysFooter

TEAMS = game_info("texas42").teams


def team_name(names: Sequence[str], team: int) -> str:
    a, b = TEAMS[team]
    return f"{names[a]} & {names[b]}"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _verb(who: str, singular: str, plural: str) -> str:
    """ "West scores" but "You score" (core.wording decides who "You" is)."""
    return wording.verb(who, singular, plural)


def _plural(n: int, word: str) -> str:
    return wording.plural(n, word)


def _table(ascii_only: bool) -> Table:
    from rich import box
    return Table(box=box.ASCII if ascii_only else box.SIMPLE_HEAD, show_edge=False,
                 pad_edge=False, expand=False)


# -- where the hand's lines come from ------------------------------------------------------
def game_session(app: Any, session: Any = None) -> Any:
    """The session of the game the summary is about: ``session`` when the game screen
    gave it, else the game in play, if any."""
    if session is not None:
        return session
    from tui.screens.score_sheet import game_in_play
    return game_in_play(app)


def lines_of_hand(app: Any, record: dict[str, Any],
                  session: Any = None) -> list[dict[str, Any]]:
    """The record lines of the hand that ``record`` (its hand_end / round_end) ends, from
    ``session``'s game (else the game in play); just ``[record]`` when there is none (the
    figures that need the tricks or tiles are then left out)."""
    session = game_session(app, session)
    history = getattr(getattr(session, "game", None), "history", None)
    if history:
        lines = hand_lines(history, record)
        if lines is not None and any(line == record for line in lines):
            return lines
    return [record]


def _count_text(team: TeamTake) -> str:
    if team.count is None:
        return "-"
    return "\n".join(f"{tile} {value}" for tile, value in team.count) or "none"


# -- Moon ----------------------------------------------------------------------
def moon_summary(record: dict[str, Any], names: Sequence[str], ascii_only: bool = False,
                 lines: Sequence[dict[str, Any]] | None = None) -> tuple[list[Text], Table]:
    hand = moon_hand(list(lines) if lines else [record])
    bidder, bid = hand.bidder, hand.bid
    took, need = hand.tricks[bidder], hand.need
    who = names[bidder]
    label = describe_moon_bid(bid)
    if hand.made:
        spare = f" ({_plural(hand.margin, 'trick')} over)" if hand.margin > 0 else ""
        head = Text.assemble((f"{who} bid {label} and MADE it", "bold"),
                             f": {_plural(took, 'trick')} taken, {need} needed{spare}.")
        if bid == MOON:
            head.append(" A successful moon wins the game at once.", style="bold")
        elif hand.margin > 0:
            head.append(" No bonus for extra tricks.")
    else:
        head = Text.assemble((f"{who} bid {label} and {_verb(who, 'was', 'were')} SET "
                              f"by {_plural(hand.short, 'trick')}", "bold"),
                             f": {_plural(took, 'trick')} taken, {need} needed.")
    lines_out = [head, Text(f"{who} {_verb(who, 'scores', 'score')} "
                            f"{_signed(hand.delta[bidder])}; each other player scores 1 per "
                            "trick won.")]
    table = _table(ascii_only)
    table.add_column("Player")
    table.add_column("Tricks", justify="right")
    table.add_column("This hand", justify="right")
    table.add_column("Total", justify="right")
    for p, name in enumerate(names):
        role = " (bidder)" if p == bidder else ""
        table.add_row(*plain_row(f"{name}{role}", str(hand.tricks[p]), _signed(hand.delta[p]),
                                 str(hand.scores[p])))
    return lines_out, table


# -- Texas 42 ------------------------------------------------------------------
def _contract_text(hand: Texas42Hand, options: dict[str, Any]) -> str:
    if hand.trump == "nello":
        return "Nel-O"
    if hand.trump == "sevens":
        return "Sevens"
    if hand.trump is None:
        return ""
    doubles = options.get("follow_me_doubles", "high") if hand.trump == "none" else "high"
    return f"trumps: {TrumpMode(hand.trump, doubles=doubles).describe()}"


def texas42_summary(record: dict[str, Any], names: Sequence[str], view: Any = None,
                    ascii_only: bool = False,
                    lines: Sequence[dict[str, Any]] | None = None) -> tuple[list[Text], Table]:
    target = getattr(view, "target", None)
    unit = getattr(target, "kind", "marks")
    hand = texas42_hand(list(lines) if lines else [record], unit)
    options = getattr(view, "options", {}) or {}
    bidder, bid_team = hand.bidder, hand.bid_team
    contract = _contract_text(hand, options)
    took = hand.bidders.points
    verdict = "MADE it" if hand.made else f"{_verb(names[bidder], 'was', 'were')} SET"
    head = Text.assemble((f"{names[bidder]} bid {hand.bid_label}", "bold"),
                         f" ({contract})" if contract else "", (f" and {verdict}", "bold"))
    team = team_name(names, bid_team)
    if hand.contract == "nello":
        head.append(": the bidder " + ("took no trick." if hand.made else "took a trick."))
    elif hand.contract in ("marks", "sevens"):
        head.append(": the bidders took all 7 tricks." if hand.made
                    else ": the defenders took a trick (all 7 were needed).")
    elif hand.made:
        over = f" ({hand.margin} over)" if hand.margin else ""
        head.append(f": {team} took {_plural(took, 'point')} against the bid of {hand.needed}{over}.")
    else:
        head.append(f": {team} took {_plural(took, 'point')} against the bid of {hand.needed} "
                    f"({-(hand.margin or 0)} short).")
    out = [head, Text("Points: 1 for each trick plus the count won "
                      "(5-5 and 6-4 count 10; 5-0, 4-1 and 3-2 count 5).")]
    if hand.ended_early:
        out.append(Text("The hand stopped early: its result was already certain."))
    table = _table(ascii_only)
    table.add_column("Team")
    table.add_column("Tricks", justify="right")
    table.add_column("Count won", min_width=6)          # one tile a line: "5-5 10"
    table.add_column("Points", justify="right")
    table.add_column("Bid", justify="right")
    table.add_column(unit.capitalize(), justify="right")
    table.add_column("Total", justify="right")
    for side in hand.teams:
        role = " (bidders)" if side.team == bid_team else ""
        tricks = "-" if side.tricks is None else str(side.tricks)
        points = str(side.points)
        if side.tricks is not None and side.count_points:
            points = f"{side.tricks}+{side.count_points}={side.points}"
        table.add_row(*plain_row(f"{team_name(names, side.team)}{role}", tricks,
                                 _count_text(side), points,
                                 hand.bid_label if side.team == bid_team else "",
                                 _signed(side.awarded), str(side.total)))
    remaining = record.get("remaining") or []
    left = [(p, tiles) for p, tiles in enumerate(remaining) if tiles]
    if left:
        out.append(Text("Unplayed (count for nobody): " + "; ".join(
            f"{names[p]} {' '.join(str(t) for t in tiles)}" for p, tiles in left)))
    return out, table


# -- Mexican Train -------------------------------------------------------------
def train_summary(record: dict[str, Any], names: Sequence[str], view: Any = None,
                  ascii_only: bool = False,
                  lines: Sequence[dict[str, Any]] | None = None) -> tuple[list[Text], Table]:
    options = getattr(view, "options", {}) or {}
    value = int(options.get("double_blank", 50))
    result = train_round(list(lines) if lines else [record], value)
    out: list[Text] = []
    if result.out is None:
        out.append(Text("The round was BLOCKED: the boneyard is empty and no one could play.",
                        style="bold"))
    else:
        who = names[result.out]
        out.append(Text(f"{who} went out (domino) and {_verb(who, 'scores', 'score')} 0.",
                        style="bold"))
    out.append(Text(f"Everyone else scores the pips left in hand; the double-blank (0-0) "
                    f"counts {value}."))
    low = min(p.total for p in result.players) if result.players else 0
    table = _table(ascii_only)
    table.add_column("Player")
    table.add_column("Left in hand")
    table.add_column("Pips", justify="right")
    table.add_column("Scores", justify="right")
    table.add_column("Total", justify="right")
    table.add_column("")
    for left in result.players:
        note = []
        if left.player == result.out:
            note.append("OUT")
        if left.double_blank:
            note.append(f"0-0 counts {value}")
        if left.total == low:
            note.append("lowest total")
        tiles = "-" if left.tiles is None else (" ".join(left.tiles) or "none")
        pips = "-" if left.pips is None else str(left.pips)
        table.add_row(*plain_row(names[left.player], tiles, pips, str(left.points),
                                 str(left.total), ", ".join(note)))
    return out, table


def _moon_summary(record: dict[str, Any], names: Sequence[str], view: Any = None,
                  ascii_only: bool = False,
                  lines: Sequence[dict[str, Any]] | None = None) -> tuple[list[Text], Table]:
    return moon_summary(record, names, ascii_only, lines)


SUMMARIES = {"moon": _moon_summary, "texas42": texas42_summary, "mexican_train": train_summary}
"""Each game's account of a finished hand (round)."""


class HandSummaryScreen(ModalScreen[str]):
    """The result of one hand (Moon, 42) or round (Mexican Train)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "next", "Continue", key_display="⏎/space", priority=True,
                id="summary.next"),
        Binding("enter,space", "result", "See the result", key_display="⏎/space",
                priority=True, id="summary.result"),
        Binding("q", "quit", "Quit (saved)", id="summary.quit"),
        Binding("q", "quit_unsaved", "Quit", id="summary.quit_unsaved"),
        Binding("v", "review", "Review hand", id="summary.review"),
        Binding("v", "review_round", "Review round", id="summary.review_round"),
        Binding(SHEET_KEY, "score_sheet", "Score sheet", key_display=SHEET_KEY_DISPLAY,
                id="summary.score_sheet"),
        Binding(COACH_KEY, "coach", "Coach", id="summary.coach"),
    ]

    def __init__(self, game_name: str, hand_end_record: dict[str, Any], view: Any, *,
                 names: Sequence[str] | None = None,
                 lines: Sequence[dict[str, Any]] | None = None, final: bool | None = None,
                 session: Any = None, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.game_name = game_name
        self.record = dict(hand_end_record)
        self.view = view
        self.session = session
        """The game's session, given by the game screen that opened the summary."""
        self._given_names = names
        self._given_lines = list(lines) if lines is not None else None
        self.final = (getattr(view, "phase", "") == "game_over") if final is None else final
        """The game ended with this hand: Enter goes on to the result, not a next hand."""

    @property
    def names(self) -> list[str]:
        return seat_names(self.app, self.view, self._given_names, self.session)

    @property
    def lines(self) -> list[dict[str, Any]]:
        """The record lines of this hand (the figures come from them)."""
        if self._given_lines is None:
            self._given_lines = lines_of_hand(self.app, self.record, self.session)
        return self._given_lines

    def title_text(self) -> str:
        last = " (the last)" if self.final else ""
        info = game_info(self.game_name)
        word = info.hand_word.capitalize()
        number = next((line.get(info.hand_word) for line in self.lines
                       if line.get("event") == info.hand_start), None)
        if hasattr(self.view, "rounds"):      # a set number of rounds: "Round 3 of 13 over"
            if not isinstance(number, int):
                number = len(getattr(self.view, "round_points", ()) or ())
            rounds = self.view.rounds
            return (f"{word} {number} of {rounds} over{last}" if number and rounds
                    else f"{word} over{last}")
        return f"{word} {number} over{last}" if isinstance(number, int) else f"{word} over{last}"

    def body(self) -> tuple[list[Text], Table]:
        names, ascii_only, lines = self.names, ascii_style(self.app), self.lines
        summary = SUMMARIES.get(self.game_name, train_summary)
        return summary(self.record, names, self.view, ascii_only, lines)

    def next_words(self) -> str:
        if self.final:
            return "see the result"
        return f"next {game_info(self.game_name).hand_word}"

    def hint_text(self) -> Text:
        saved = ("q quits (the game is saved)." if self.game_saved else
                 "q quits (this game is NOT being saved: you are asked first).")
        what = game_info(self.game_name).hand_word
        coach = f"{COACH_KEY} the coach; " if self.coach_available else ""
        return Text(f"Enter or Space: {self.next_words()}; v reviews the {what}; "
                    f"{SHEET_KEY_DISPLAY} the score sheet; {coach}{saved}")

    def compose(self) -> ComposeResult:
        lines, table = self.body()
        with Vertical(id="dialog", classes="dialog summary"):
            yield Static(self.title_text(), id="dialog-title", classes="dialog-title",
                         markup=False)
            with VerticalScroll(classes="summary-body"):
                yield Static(Text("\n").join(lines), id="summary-why")
                yield Static(table, id="summary-table", classes="summary-table")
            yield Static(self.hint_text(), id="dialog-hint", classes="dialog-hint")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.set_class(ascii_style(self.app), "-ascii")
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        fit_scroll(self, self.query_one("#dialog"), self.query_one(".summary-body"))

    def action_next(self) -> None:
        self.dismiss("next")

    def action_result(self) -> None:
        """After the last hand: on to the game-over screen."""
        self.dismiss("next")

    game_saved = True
    """Whether the game under it is being saved (its game screen says): what q promises."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("quit", "quit_unsaved"):
            return (action == "quit") == self.game_saved
        if action in ("next", "result"):
            return (action == "result") == self.final
        if action == "coach":
            return self.coach_available
        if action in ("review", "review_round"):
            return (action == "review_round") == (self.game_name == "mexican_train")
        return True

    @property
    def coach_available(self) -> bool:
        """Whether the game's lines from its start are at hand (the coach needs them)."""
        game = getattr(game_session(self.app, self.session), "game", None)
        return (getattr(game, "name", None) == self.game_name
                and bool(getattr(game, "history", None)))

    def action_quit(self) -> None:
        self.dismiss("quit")

    def action_quit_unsaved(self) -> None:
        self.dismiss("quit")

    def action_review(self) -> None:
        """Every player's tiles as dealt and the tricks in order (tui.screens.hand_review)."""
        from tui.screens.hand_review import open_hand_review
        open_hand_review(self.app, game_session(self.app, self.session))

    def action_review_round(self) -> None:
        """Mexican Train's ``v``: the round, as :meth:`action_review` shows a hand."""
        self.action_review()

    def action_score_sheet(self) -> None:
        open_score_sheet(self.app, self.session)

    def action_coach(self) -> None:
        """The coach on this hand: the par, the seat's choices against the expert's, the
        costliest plays (tui.screens.coach)."""
        from tui.screens.coach import open_coach_for_summary
        open_coach_for_summary(self.app, game_session(self.app, self.session), self.record)


def winners_of(record: dict[str, Any]) -> list[int]:
    winner = record.get("winner")
    if isinstance(winner, (list, tuple)):
        return [int(w) for w in winner]
    return [] if winner is None else [int(winner)]


class GameOverScreen(ModalScreen[str]):
    """Final scores, winner(s) and the score sheet; then a new game, a rematch or the title.

    Dismisses with ``"new"`` (n: set up a new game of this kind), ``"rematch"`` (r: the
    same setup again) or ``"title"`` (t or q: back to the title screen)."""

    AUTO_FOCUS = "#new"

    DEFAULT_CSS = """
    GameOverScreen #gameover-body { overflow-x: auto; }
    GameOverScreen #gameover-sheet { width: auto; }
    GameOverScreen #gameover-sheet-caption { width: 1fr; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('new')", "New game", id="gameover.new"),
        Binding("r", "choose('rematch')", "Rematch", id="gameover.rematch"),
        Binding("t,q", "choose('title')", "Title", key_display="t/q", id="gameover.title"),
        Binding(SHEET_KEY, "score_sheet", "Score sheet", key_display=SHEET_KEY_DISPLAY,
                id="gameover.score_sheet"),
        Binding("left,up", "app.focus_previous", "Previous", show=False, id="gameover.prev"),
        Binding("right,down", "app.focus_next", "Next", show=False, id="gameover.next"),
    ]

    def __init__(self, game_name: str, game_end_record: dict[str, Any], seats: Sequence[Any], *,
                 lines: Sequence[Any] | None = None, options: dict[str, Any] | None = None,
                 session: Any = None, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.game_name = game_name
        self.record = dict(game_end_record)
        self.seats = list(seats)
        self.session = session
        """The game's session, given by the game screen that opened this screen."""
        self._lines = list(lines) if lines is not None else None
        self._options = options

    @property
    def names(self) -> list[str]:
        return [getattr(s, "name", None) or f"Player {i + 1}" for i, s in enumerate(self.seats)]

    def game_lines(self) -> tuple[list[Any], dict[str, Any]]:
        """The game's record lines (or events) and its rules settings: those given, else
        the game in play under this screen's."""
        if self._lines is not None:
            return self._lines, dict(self._options or {})
        game = getattr(game_session(self.app, self.session), "game", None)
        if game is None or getattr(game, "name", None) != self.game_name:
            return [], dict(self._options or {})
        return list(game.history), dict(game.options)

    def headline(self) -> Text:
        names = self.names
        winners = winners_of(self.record)
        scores = self.record.get("scores", [])
        info = game_info(self.game_name)
        if info.teams:
            team = winners[0] if winners else 0
            text = Text(f"{team_name(names, team)} win!", style="bold")
            if len(scores) == len(info.teams):
                text.append(f" {scores[team]} to {scores[1 - team]}.")
            return text
        if len(winners) > 1:
            return Text("A tie: " + " and ".join(names[w] for w in winners)
                        + " share the win.", style="bold")
        if winners:
            w = winners[0]
            text = Text(f"{wording.says(names[w], 'wins')}!", style="bold")
            if info.low_score_wins:
                text.append(f" Lowest total: {_plural(scores[w], 'point')}.")
            else:
                text.append(f" {_plural(scores[w], 'point')}.")
            return text
        return Text("The game is over.", style="bold")

    def table(self) -> Table:
        names = self.names
        scores = list(self.record.get("scores", []))
        winners = set(winners_of(self.record))
        table = _table(ascii_style(self.app))
        info = game_info(self.game_name)
        if info.teams:
            table.add_column("Team")
            table.add_column("Score", justify="right")
            table.add_column("")
            for team in range(len(info.teams)):
                table.add_row(*plain_row(team_name(names, team), str(scores[team]) if team < len(scores)
                              else "", "WINNER" if team in winners else ""))
            return table
        low_wins = info.low_score_wins
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

    def sheet(self) -> tuple[Text, Table] | None:
        """The score sheet of the game, hand by hand; ``None`` without its lines."""
        lines, options = self.game_lines()
        if not lines:
            return None
        sheet = score_sheet(self.game_name, lines, options, sides=len(self.names))
        return (sheet_caption(self.game_name, sheet),
                sheet_table(self.game_name, sheet, self.names, ascii_style(self.app)))

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog summary"):
            yield Static("Game over", id="dialog-title", classes="dialog-title")
            with VerticalScroll(classes="summary-body", id="gameover-body"):
                yield Static(self.headline(), id="gameover-headline")
                yield Static(self.table(), id="summary-table", classes="summary-table")
                sheet = self.sheet()
                if sheet is not None:
                    caption, table = sheet
                    legend = sheet_legend(self.game_name, self.names)
                    after: list[str | Text] = ["\n", legend] if legend else []
                    yield Static(Text.assemble(("Score sheet", "bold"), " (", SHEET_KEY_DISPLAY,
                                               " shows it alone): ", caption, *after),
                                 id="gameover-sheet-caption")
                    yield Static(table, id="gameover-sheet")
            with Horizontal(classes="summary-buttons"):
                yield Button("New game (n)", id="new")
                yield Button("Rematch (r)", id="rematch")
                yield Button("Title (q)", id="title")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.set_class(ascii_style(self.app), "-ascii")
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        fit_scroll(self, self.query_one("#dialog"), self.query_one("#gameover-body"))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id in ("new", "rematch", "title"):
            self.dismiss(event.button.id)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_score_sheet(self) -> None:
        lines, options = self.game_lines()
        self.app.push_screen(ScoreSheetScreen(self.game_name, lines, self.names, options))
