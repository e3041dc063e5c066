"""The trick table for Three-Player Moon (3 seats) and Texas 42 (4 seats, partner across).

What is on screen, all from the core's view and events:

* a header line: game, hand, deal number, target;
* the table (:class:`TrickArea`): each seat's place with the tile it played,
  who leads (``▶``), who won the trick (``★``), who is thinking (``…``), the
  sitting-out partner in Nel-O; a finished trick stays until the next play;
* the scoreboard: scores or marks, bids, the contract and trumps, tricks and
  (42) points per side and the count still out;
* the player's hand: tiles the core allows are drawn heavy and numbered ``[n]``.

Keys (besides help/settings/quit): ←/→ or 1-9 choose, Enter plays; ``b`` reopens
the bid / discard / trumps dialog; ``l`` shows the last trick; ``t`` (42) the
team stacks; Space continues after a trick when the pause waits for a key.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widgets import Static

from core.commands import Play
from core.game import Phase
from core.registry import game_info
from core.tiles import Tile
from core.tricks.play import TRUMP_NAMES, is_trump
from core.wording import says
from tui.keys import as_shown
from tui.screens.bidding import BiddingDialog
from tui.screens.game_base import GameScreen
from tui.screens.trump import TrumpDialog
from tui.screens.widow import WidowChoiceDialog, WidowDialog
from tui.widgets.hand import HandView
from tui.widgets.scoreboard import Scoreboard
from tui.widgets.tile import glyph
from tui.widgets.trick_area import SeatPlace, TrickArea, TrickScene

DIALOGS = {
    Phase.BID: (BiddingDialog, "bid"),
    Phase.WIDOW: (WidowDialog, "discard"),
    Phase.TRUMP: (TrumpDialog, "name trumps"),
}


class FinishedTrick:
    """A trick just completed, kept on the table until the next play (UI memory only)."""

    def __init__(self, number: int, plays: list[tuple[int, Tile]], winner: int,
                 points: int | None) -> None:
        self.number = number
        self.plays = plays
        self.winner = winner
        self.points = points


class TrickTableScreen(GameScreen):
    """Moon and Texas 42 at the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "decide", "Decide", id="table.decide"),
        Binding("l", "last_trick", "Last trick", id="table.last_trick"),
        Binding("t", "stacks", "Stacks", id="table.stacks"),
        Binding("p", "pause_replay", "Pause", id="table.pause"),
    ]

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    show_last: reactive[bool] = reactive(False, bindings=True)
    replay_paused: reactive[bool] = reactive(False, bindings=True)

    def __init__(self, session: Any, **kwargs: Any) -> None:
        super().__init__(session, **kwargs)
        self._finished: FinishedTrick | None = None
        self._table: list[tuple[int, Tile]] = []
        self._dialog_open = False
        self._footer_signature: tuple = ()

    # -- layout -----------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        yield Static("", id="table-header")
        with Horizontal(id="table-middle"):
            yield TrickArea(id="trick-area")
            yield Scoreboard(id="scoreboard")
        yield HandView(id="hand")

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.session.seats]

    @property
    def style_name(self) -> str:
        return getattr(self.app, "tile_style", "numerals")

    def on_mount(self) -> None:
        # GameScreen.on_mount runs after this one (Textual calls both) and starts the loop.
        self._table = list(self.current_view().current_trick)
        self.query_one(HandView).focus()

    def rewound(self) -> None:
        """After an undo: the table shows the rebuilt game's trick in progress."""
        self._table = list(self.current_view().current_trick)
        self._finished = None
        self.show_last = False

    # -- drawing ------------------------------------------------------------------
    def refresh_view(self, view: Any, events: list[Any]) -> None:
        self._follow_events(events)
        self.query_one("#table-header", Static).update(as_shown(self.app, self._header(view)))
        self.query_one(Scoreboard).show(self.session.game.name, view, self.names)
        area = self.query_one(TrickArea)
        area.tile_style = self.style_name
        area.scene = self._scene(view)
        self._refresh_hand(view)
        self._refresh_prompt(view)
        self._refresh_footer(view)

    def _refresh_footer(self, view: Any) -> None:
        """Redraw the footer's keys only when the keys that work have changed (it is costly)."""
        signature = (view.phase, self._human_to_act(view), self._dialog_open,
                     self.query_one(HandView).choosing, self._last_trick(view) is not None)
        if signature != self._footer_signature:
            self._footer_signature = signature
            self.refresh_bindings()

    def _follow_events(self, events: list[Any]) -> None:
        """Keep the last finished trick from the core's events (for showing it a while)."""
        for event in events:
            kind = getattr(event, "kind", "")
            if kind == "play":
                if self._finished is not None:
                    self._finished = None
                    self.show_last = False
                self._table.append((event.player, event.tile))
            elif kind == "trick":
                self._finished = FinishedTrick(event.number, list(self._table), event.winner,
                                               getattr(event, "points", None))
                self._table = []
            elif kind == "bid" and self._finished is not None:
                self._finished = None
            elif kind in ("redeal", "reshake"):       # all passed: the hand is thrown in
                from core.narration import narrate
                for line in narrate(self.session.game.name, [event], self.names):
                    self.app.notify(line, timeout=6, markup=False)

    def _header(self, view: Any) -> str:
        game = self.session.game
        target = view.target
        goal = (f"first to {target.value} {target.kind}" if hasattr(target, "kind")
                else f"first to {target} points")
        parts = [game.title, f"hand {view.hand_number}", f"deal #{game.seed}", goal]
        if self.session.is_replay:
            parts.append("REPLAY" + (" (paused)" if self.replay_paused else ""))
        return " · ".join(parts)

    def _bid_label(self, view: Any, player: int) -> str:
        """What ``player`` bid this hand, short: "pass", "5", "21", "30", "2 marks"."""
        for entry in view.bid_entries:
            if entry.player == player:
                return str(entry.short)
        return ""

    def _scene(self, view: Any) -> TrickScene:
        n = len(self.session.seats)
        bidding = view.phase == Phase.BID
        sitting_out = getattr(view, "sitting_out", None)
        shown: dict[int, Tile] = {}
        title = ""
        caption: list[str] = []
        winner: int | None = None
        dim = False
        last = self._last_trick(view)
        if self.show_last and last is not None:
            shown = dict(last.plays)
            winner = last.winner
            title = f"Last trick ({last.number})"
            caption = [f"{self.names[winner]} won it"]
            dim = True
        elif view.current_trick:
            shown = dict(view.current_trick)
            title = f"Trick {len(view.tricks) + 1}"
        elif self._finished is not None:
            shown = dict(self._finished.plays)
            winner = self._finished.winner
            title = f"Trick {self._finished.number}"
            who = "You" if winner == view.player else self.names[winner]
            caption = [f"{who} won it" + (f" (+{self._finished.points})"
                                          if self._finished.points is not None else "")]
        if view.trump is not None and view.phase == Phase.PLAY:
            caption.append(f"Trumps: {TRUMP_NAMES.get(view.trump, view.trump)}")
        elif bidding:
            caption.append("Bidding")
        elif view.phase == Phase.WIDOW and view.bidder is not None:
            caption.append(f"{says(self.names[view.bidder], 'takes')} the widow")
        elif view.phase == Phase.TRUMP:
            caller = getattr(view, "trump_caller", None)
            caller = caller if caller is not None else view.bidder
            if caller is not None:
                caption.append(f"{says(self.names[caller], 'names')} trumps")
        mark = {name: glyph(self.style_name, name) for name in ("lead", "won", "bidder",
                                                                  "thinking")}
        places = []
        for p in range(n):
            detail = ""
            if bidding:
                detail = self._bid_label(view, p)
            elif p == view.bidder and view.bid is not None:
                detail = f"{mark['bidder']} {self._bid_label(view, p)}".rstrip()
            flag = ""
            strong = False
            if p == sitting_out:
                flag = "sits out (Nel-O)"
            elif p == self.thinking:
                flag = f"{mark['thinking']} thinking"
            elif winner is not None and p == winner:
                flag, strong = f"{mark['won']} won", True
            elif view.to_act == p and p == view.player and not self.session.is_replay:
                flag, strong = f"{mark['lead']} your turn", True
            elif (view.phase == Phase.PLAY and not view.current_trick and p == view.leader
                  and self._finished is None):
                flag = f"{mark['lead']} leads"
            elif view.current_trick and p == view.current_trick[0][0]:
                flag = f"{mark['lead']} led"
            elif view.to_act == p:
                flag = f"{mark['lead']} " + ("to play" if view.phase == Phase.PLAY else "to act")
            places.append(SeatPlace(self.names[p], detail, shown.get(p), flag, strong))
        return TrickScene(tuple(places), tuple(caption), title, dim)

    def _last_trick(self, view: Any) -> FinishedTrick | None:
        if view.tricks:
            t = view.tricks[-1]
            return FinishedTrick(t.number, list(t.plays), t.winner, getattr(t, "points", None))
        return self._finished

    def _hand_marks(self, view: Any) -> dict[Tile, str]:
        marks: dict[Tile, str] = {}
        # the points a tile counts (42's count); a game without a count has none
        count_of: Callable[[Tile], int] | None = getattr(view, "count_of", None)
        for t in view.hand:
            words = []
            if view.mode is not None and is_trump(t, view.mode):
                words.append("trump")
            if count_of is not None and count_of(t):
                words.append(f"+{count_of(t)}")
            if getattr(view, "widow_taken", None) == t and view.phase == Phase.WIDOW:
                words.append("widow")
            if words:
                marks[t] = " ".join(words)
        return marks

    def _refresh_hand(self, view: Any) -> None:
        hand = self.query_one(HandView)
        playable = None
        if self._human_to_act(view) and self._plays(view):
            playable = self._plays(view)
        hand.show(view.hand, playable, self._hand_marks(view), self.style_name)
        hand.border_title = ("Your hand: heavy outline and \\[n] = may be played"
                             if playable is not None else "Your hand")

    def _refresh_prompt(self, view: Any) -> None:
        if self.waiting_for_key:
            return
        if self.session.game.is_over:
            self.show_prompt("The game is over.")
        elif self.session.is_replay:
            self.show_prompt("Replay: p pauses, l shows the last trick."
                             if not self.session.script_done else "End of the record.")
        elif self._human_to_act(view):
            if view.phase == Phase.PLAY:
                self.show_prompt("Your turn: choose a tile (← → or 1-9), Enter plays it.")
            elif view.phase in DIALOGS and not self._dialog_open:
                what = DIALOGS[view.phase][1]
                if getattr(view, "choosing_widow", False):
                    what = "take or leave the widow"
                extra = " or lead a tile" if self._plays(view) else ""
                self.show_prompt(f"Your turn to {what}: press b{extra}.")
        else:
            self.show_prompt("")

    @staticmethod
    def _plays(view: Any) -> frozenset[Tile]:
        return frozenset(c.tile for c in view.legal if isinstance(c, Play))

    def watch_thinking(self, player: int | None) -> None:
        super().watch_thinking(player)
        if self.is_mounted:
            self.query_one(TrickArea).scene = self._scene(self.shown_view())

    # -- the human's decisions -------------------------------------------------------
    def prompt_human(self, view: Any) -> None:
        if view.phase in DIALOGS:
            self._open_dialog(view)
        else:
            self.query_one(HandView).focus()

    def _open_dialog(self, view: Any) -> None:
        dialog_cls: Any = DIALOGS[view.phase][0]
        if getattr(view, "choosing_widow", False):      # widow = optional: take it or leave it
            dialog_cls = WidowChoiceDialog
        self._dialog_open = True
        self.app.push_screen(dialog_cls(view, list(view.legal), table=self),
                             self._dialog_closed)

    def _dialog_closed(self, command: Any) -> None:
        self._dialog_open = False
        if command is None:
            view = self.shown_view()
            self._refresh_prompt(view)
            self.refresh_bindings()
            self.query_one(HandView).focus()
            return
        self.submit_human(command)

    @on(HandView.Played)
    def _tile_played(self, event: HandView.Played) -> None:
        event.stop()
        player = self.session.viewer()
        self.submit_human(Play(player, event.tile))

    # -- keys -------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "decide":
            view = self.shown_view()
            return (self._human_to_act(view) and view.phase in DIALOGS
                    and not self._dialog_open)
        # The footer shows the keys that do something now: no trick yet, nothing to show.
        if action == "stacks":
            return bool(game_info(self.session.game.name).teams) and self._trick_taken()
        if action == "pause_replay":
            return self.session.is_replay
        if action == "last_trick":
            return self._trick_taken()
        return super().check_action(action, parameters)

    def _trick_taken(self) -> bool:
        return self._last_trick(self.shown_view()) is not None

    def action_decide(self) -> None:
        view = self.shown_view()
        if self._human_to_act(view) and view.phase in DIALOGS and not self._dialog_open:
            self._open_dialog(view)

    def action_last_trick(self) -> None:
        view = self.shown_view()
        if self._last_trick(view) is None:
            self.show_prompt("No trick has been played yet this hand.")
            return
        self.show_last = not self.show_last
        self.query_one(TrickArea).scene = self._scene(view)

    def action_stacks(self) -> None:
        from tui.screens.stacks import StacksScreen
        self.app.push_screen(StacksScreen(self.shown_view(), self.names))

    def action_pause_replay(self) -> None:
        self.replay_paused = not self.replay_paused
        self.query_one("#table-header", Static).update(self._header(self.shown_view()))
        if not self.replay_paused:
            self._advance()

    def _advance(self) -> None:
        if self.replay_paused and self.session.is_replay:
            return
        super()._advance()
