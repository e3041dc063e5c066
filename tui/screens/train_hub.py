"""The Mexican Train table: the hub, every train, the boneyard, and the player's hand.

Everything shown comes from the core's :class:`~core.mexican_train.view.TrainView` and
its events; every move offered is one of the core's ``legal`` commands, and a
move the core refuses shows the core's reason.

On screen, top to bottom: a header (round, engine, boneyard, whose turn), a
legend, one line per train (:mod:`tui.widgets.train_line`: owner, tiles held,
score so far, marker, TURN / LAST flags, the newest tiles laid with "…+N" for
older ones, the open end, open doubles), a banner for open doubles that must be
satisfied, the latest moves (whole ones only: as many as fit, wrapped when the
newest alone is longer than a line), and the hand (:mod:`tui.widgets.hub_hand`)
under its title with the hand's pip total.

The trains: your own and the Mexican train are pinned under the column titles,
so they are on screen at every table size; the other players' trains follow in
turn order below them and scroll when they do not all fit (``]`` / ``[`` or
PgDn / PgUp, shown in the footer whenever there is more to see).

Keys: ←/→ or the key under a tile (1-9, 0, then letters) choose a tile; Tab / ↓
and Shift+Tab / ↑ choose a train (the trains the chosen tile may go on first),
``m`` the Mexican train, ``y`` your own; Enter plays the chosen tile on the
chosen train; ``d`` draws and ``p`` passes when those are the legal moves. A
click chooses a tile or a train; a second click plays. Help, settings, quit and
continue come from the base.
"""

from __future__ import annotations

from collections import deque
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.scrollbar import ScrollBarRender
from textual.widgets import Static

from core.commands import Draw, Pass, Play
from core.game import Phase
from core.mexican_train.trains import MEXICAN
from core.tiles import Tile, pip_total
from core.wording import possessive, says, verb, words
from tui.screens.game_base import GameScreen
from tui.widgets.hub_hand import HubHand
from tui.widgets.train_line import TrainLine, TrainRow, column_titles
from tui.widgets.train_tile import HubGlyphs, compact_tile, glyphs_for

NEWS_KEPT = 6
NEWS_LOOKBACK = 60
"""Events read back from the history for the news of a game opened under way."""
NEWS_LABEL = "Latest: "
OWN_LINE = "train-own"
MEXICAN_LINE = "train-mexican"


class AsciiScrollBarRender(ScrollBarRender):
    """A scroll bar of whole reversed blank cells: no block glyphs in the ASCII style."""

    VERTICAL_BARS = [" "] * 8


class TrainHubScreen(GameScreen):
    """Mexican Train at the hub."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "play", "Play", show=False, id="hub.play"),
        Binding("tab,down", "next_train", "Train", key_display="Tab/m/y", id="hub.next_train"),
        Binding("shift+tab,up", "previous_train", "Previous train", show=False,
                id="hub.previous_train"),
        Binding("m", "pick_train('mexican')", "Mexican train", show=False, id="hub.mexican"),
        Binding("y", "own_train", "Your train", show=False, id="hub.own_train"),
        Binding("d", "draw", "Draw", id="hub.draw"),
        Binding("p", "pass_turn", "Pass", id="hub.pass"),
        Binding("right_square_bracket,pagedown", "scroll_trains(1)", "Trains",
                key_display="[/]", id="hub.trains_down"),
        Binding("left_square_bracket,pageup", "scroll_trains(-1)", "Trains up", show=False,
                id="hub.trains_up"),
    ]

    def __init__(self, session: Any, **kwargs: Any) -> None:
        super().__init__(session, **kwargs)
        self.selected_train: int | str | None = None
        self._news: deque[str] = deque(maxlen=NEWS_KEPT)
        self._last_tile_seen: set[int] = set()
        self._binding_state: tuple[bool, ...] = ()
        self._shown: dict[str, Text] = {}
        self._line_keys: dict[str, int | str] = {}
        """Which train each line shows now (line id -> train key): the lines are slots."""

    # -- layout --------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        yield Static("", id="hub-header")
        yield Static("", id="hub-legend")
        with Vertical(id="hub-trains"):
            yield Static("", id="hub-columns")
            yield TrainLine(id=OWN_LINE, classes="hub-train -pinned")
            yield TrainLine(id=MEXICAN_LINE, classes="hub-train -pinned")
            with VerticalScroll(id="hub-others") as others:
                others.can_focus = False
                for slot in range(1, self.session.game.num_players):
                    yield TrainLine(id=f"train-other-{slot}", classes="hub-train")
        yield Static("", id="hub-doubles")
        yield Static("", id="hub-news")
        yield Static("", id="hub-hand-title")
        yield HubHand(id="hub-hand")

    @property
    def train_keys(self) -> list[int | str]:
        return [*range(self.session.game.num_players), MEXICAN]

    def line_order(self, viewer: int | None = None) -> list[int | str]:
        """The trains line by line: the viewer's, the Mexican train, then the other
        players' in turn order from the viewer."""
        viewer = self.session.viewer() if viewer is None else viewer
        n = self.session.game.num_players
        return [viewer, MEXICAN, *((viewer + step) % n for step in range(1, n))]

    def line_for(self, key: int | str) -> TrainLine:
        """The line showing train ``key`` now."""
        line_ids = [OWN_LINE, MEXICAN_LINE, *(f"train-other-{slot}" for slot in
                                              range(1, self.session.game.num_players))]
        order = self.line_order()
        return self.query_one(f"#{line_ids[order.index(key)]}", TrainLine)

    @property
    def others(self) -> VerticalScroll:
        """The scrolling list of the other players' trains."""
        return self.query_one("#hub-others", VerticalScroll)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.session.seats]

    @property
    def glyphs(self) -> HubGlyphs:
        return glyphs_for(getattr(self.app, "tile_style", None))

    def on_mount(self) -> None:
        # GameScreen.on_mount (called after this one) starts the game loop.
        self.query_one(HubHand).focus()
        # The footer offers the scroll keys only while some train is out of sight.
        self.watch(self.others, "show_vertical_scrollbar", self._scrolling_changed, init=False)
        history = self.session.game.history
        if history:                 # a game already under way: its latest moves as news
            self._follow_events(self.current_view(), list(history[-NEWS_LOOKBACK:]))

    def _scrolling_changed(self, _old: bool, _new: bool) -> None:
        self.refresh_bindings()

    def rewound(self) -> None:
        """After an undo: news starts afresh from the rebuilt game."""
        self._news.clear()
        self._news.append("moves taken back (undo)")
        self._last_tile_seen = set(self.current_view().last_tile)
        self.selected_train = None

    def on_resize(self) -> None:
        self.call_after_refresh(self._redraw_for_size)

    def _redraw_for_size(self) -> None:
        if self.is_attached and self.session.game.history:
            self.refresh_view(self.shown_view(), [])

    # -- what the core allows ------------------------------------------------
    def _legal(self) -> tuple[Any, ...]:
        view = self.shown_view()
        return tuple(view.legal) if self._human_to_act(view) else ()

    def _plays(self, legal: tuple[Any, ...]) -> list[Play]:
        return [c for c in legal if isinstance(c, Play)]

    def targets(self, tile: Tile | None, legal: tuple[Any, ...] | None = None) -> list[int | str]:
        """The trains the core lets ``tile`` go on now, in the core's order."""
        legal = self._legal() if legal is None else legal
        return [c.train for c in self._plays(legal) if c.tile == tile and c.train is not None]

    def _choose_train_for(self, tile: Tile | None, legal: tuple[Any, ...]) -> None:
        targets = self.targets(tile, legal)
        if not targets or self.selected_train in targets:
            return
        player = self.session.viewer()
        self.selected_train = player if player in targets else targets[0]

    # -- drawing -------------------------------------------------------------
    def refresh_view(self, view: Any, events: list[Any]) -> None:
        self._follow_events(view, events)
        glyphs = self.glyphs
        ascii_style = getattr(self.app, "tile_style", None) == "ascii"
        self.set_class(ascii_style, "-ascii")
        bar = self.others.vertical_scrollbar
        renderer = AsciiScrollBarRender if ascii_style else ScrollBarRender
        if bar.renderer is not renderer:
            bar.renderer = renderer  # type: ignore[misc]  # this bar's own, not the class's
            bar.refresh()
        legal = tuple(view.legal) if self._human_to_act(view) else ()
        hand = self.query_one(HubHand)
        plays = self._plays(legal)
        playable = [c.tile for c in plays] if plays else None
        hand.show(view.hand, playable, max_pip=int(view.options.get("set", 12)), glyphs=glyphs)
        if plays:
            self._choose_train_for(hand.selected_tile, legal)
        self._put("#hub-header", self._header(view))
        self._put("#hub-legend", self._legend(glyphs))
        self._put("#hub-columns", Text(column_titles(glyphs), style="underline"))
        fits = set(self.targets(hand.selected_tile, legal)) if plays else set()
        for row in self._rows(view, fits, bool(plays)):
            line = self.line_for(row.key)
            line.glyphs = glyphs
            line.row = row
        banner = self._doubles_banner(view, glyphs)
        self._put("#hub-doubles", banner, layout=True)
        doubles = self.query_one("#hub-doubles", Static)
        if doubles.display != bool(banner.plain):
            doubles.display = bool(banner.plain)
        self._put("#hub-news", self._news_text(), layout=True)
        self._put("#hub-hand-title", self._hand_title(view, bool(plays)))
        self._refresh_prompt(view, legal)
        keys = (bool(plays), any(isinstance(c, Draw) for c in legal),
                any(isinstance(c, Pass) for c in legal))
        if keys != self._binding_state:     # the footer redraws only when its keys change
            self._binding_state = keys
            self.refresh_bindings()

    def _put(self, selector: str, text: Text, layout: bool = False) -> None:
        """Update a one-line Static only when its text changed (no layout pass unless asked)."""
        if self._shown.get(selector) == text:
            return
        self._shown[selector] = text
        self.query_one(selector, Static).update(text, layout=layout)

    def _header(self, view: Any) -> Text:
        game = self.session.game
        dot = f" {self.glyphs.dot} "
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("Mexican Train", style="bold")
        text.append(f"{dot}round {view.round_number}/{view.rounds}")
        text.append(f"{dot}engine ")
        text.append(compact_tile(view.engine, self.glyphs), style="bold")
        text.append(f"{dot}boneyard {view.boneyard_count}")
        if view.to_act is not None and view.phase != Phase.GAME_OVER:
            who = self.names[view.to_act]
            text.append(dot)
            text.append("YOUR TURN" if view.to_act == view.player and self._human_to_act(view)
                        else f"{possessive(who, start=True)} turn", style="bold reverse")
        if getattr(self.session, "is_replay", False):
            text.append(f"{dot}REPLAY", style="bold")
        deal = f"{dot}deal #{game.seed}"
        if text.cell_len + len(deal) <= self._room("#hub-header"):   # the deal # if it fits
            text.append(deal)
        return text

    def _room(self, selector: str) -> int:
        """Cells across a one-line Static (the screen's width before the first layout)."""
        return self.query_one(selector, Static).content_size.width or self.app.size.width - 2

    def _legend(self, g: HubGlyphs) -> Text:
        """What the marks in the train lines mean; shorter where the screen is narrow."""
        marker = (f"{g.marker} marker (open to all)", f"{g.marker} open to all")
        room = self._room("#hub-legend")
        for marker_words in marker:
            line = (f"{g.pointer} chosen train  {g.fits} tile fits  {marker_words}  "
                    f"{g.open_double} double  LAST = one tile left")
            if len(line) <= room:
                break
        return Text(line, style="italic", no_wrap=True, overflow="ellipsis")

    def _rows(self, view: Any, fits: set[Any], choosing: bool) -> list[TrainRow]:
        pending = {k for k, _ in view.doubles_pending_this_turn}
        dead = {k for k, _ in view.dead_doubles}
        open_keys = {k for k, _ in view.open_doubles}
        rows = []
        for state in view.trains:
            key = state.owner
            is_mexican = key == MEXICAN
            double = ""
            if key in open_keys:
                double = "pending" if key in pending else "dead" if key in dead else "open"
            rows.append(TrainRow(
                key=key,
                name="Mexican" if is_mexican else self.names[key],
                count=None if is_mexican else view.hand_counts[key],
                marker=bool(state.marker),
                started=bool(state.started),
                pairs=tuple(state.pairs) if state.pairs else tuple(
                    (t.high, t.low) for t in state.tiles),
                open_end=state.open_end,
                turn=not is_mexican and view.to_act == key and view.phase != Phase.GAME_OVER,
                last_tile=not is_mexican and key in view.last_tile,
                double=double,
                selected=choosing and key == self.selected_train,
                fits=key in fits,
                score=None if is_mexican else view.scores[key],
            ))
        return rows

    def _train_name(self, key: Any, viewer: int) -> str:
        if key == MEXICAN:
            return "the Mexican train"
        if key == viewer:
            return "your train"
        return f"{self.names[key]}'s train"

    def _doubles_banner(self, view: Any, g: HubGlyphs) -> Text:
        text = Text()
        blocking = list(view.blocking_doubles)
        pending = list(view.doubles_pending_this_turn)
        for key, tile in blocking:
            if text.plain:
                text.append("\n")
            text.append(f"{g.open_double} OPEN DOUBLE {tile} on {self._train_name(key, view.player)}",
                        style="bold reverse")
            text.append(f": satisfy it (a tile with {tile.high}) before any other train.",
                        style="bold")
        for key, tile in pending:
            if text.plain:
                text.append("\n")
            you = view.to_act == view.player and self._human_to_act(view)
            who = "You" if you else self.names[view.to_act] if view.to_act is not None else ""
            text.append(words(g.open_double, who, f"laid the double {tile} on "
                              f"{self._train_name(key, view.player)}"), style="bold")
            text.append(f" and {verb(who, 'plays')} again.")
        return text

    def _hand_title(self, view: Any, choosing: bool) -> Text:
        """"Your hand: N tiles", what the marks mean while choosing (as much as fits) and
        the tile just drawn."""
        g = self.glyphs
        count = len(view.hand)
        pips = pip_total(view.hand)
        points = getattr(view, "hand_points", pips)
        title = (f"Your hand: {count} tile{'' if count == 1 else 's'}, "
                 f"{pips} pip{'' if pips == 1 else 's'}")
        if points != pips:          # the double-blank counts more than its pips
            title += f" (counts {points})"
        dot = f" {g.dot} "
        drawn = f"{dot}you drew {view.drawn_tile}" if view.drawn_tile is not None else ""
        hints = [""]
        if choosing:
            hints = [f"{dot}[ ] may be played, {g.raised} chosen; Enter plays it on the "
                     f"{g.pointer} train",
                     f"{dot}[ ] playable, {g.raised} chosen; Enter plays it on the "
                     f"{g.pointer} train",
                     f"{dot}[ ] playable; Enter plays it on the {g.pointer} train",
                     f"{dot}[ ] playable, {g.raised} chosen", ""]
        room = self._room("#hub-hand-title")
        hint = next((h for h in hints if len(title) + len(h) + len(drawn) <= room), hints[-1])
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(title, style="bold")
        text.append(hint)
        text.append(drawn, style="bold")
        return text

    def _news_text(self) -> Text:
        """The newest moves, whole, as many as fit on one line; the newest alone wraps
        onto a second line rather than being cut."""
        text = Text()
        if not self._news:
            return text
        items = list(reversed(self._news))
        joint = f" {self.glyphs.dot} "
        room = self._room("#hub-news")
        shown = [items[0]]
        used = cell_len(NEWS_LABEL) + cell_len(items[0])
        for item in items[1:]:
            used += cell_len(joint) + cell_len(item)
            if used > room:
                break
            shown.append(item)
        text.append(NEWS_LABEL, style="bold")
        text.append(joint.join(shown))
        return text

    def _follow_events(self, view: Any, events: list[Any]) -> None:
        """Turn the core's events into short news lines (newest shown first)."""
        names = self.names
        viewer = view.player
        for event in events:
            kind = getattr(event, "kind", "")
            player = getattr(event, "player", None)
            who = names[player] if player is not None and player < len(names) else ""
            if kind == "round_start":
                self._news.clear()
                self._last_tile_seen.clear()
                self._news.append(f"round {event.round}: engine {event.engine}, "
                                  f"{says(names[event.first_player], 'starts')}")
            elif kind == "play":
                self._news.append(words(who, f"played {event.tile} on "
                                        f"{self._train_name(event.train, viewer)}"))
            elif kind == "draw":
                self._news.append(words(who, "drew", event.tile if player == viewer else ""))
            elif kind == "marker":
                self._news.append(words(possessive(who, start=True) if who else "", "marker",
                                        "on" if event.on else "off"))
            elif kind == "pass":
                self._news.append(words(who, "passed"))
            elif kind == "round_end":
                self._news.append("round blocked" if event.out is None
                                  else f"{names[event.out]} went out")
        for p in view.last_tile:
            if p not in self._last_tile_seen:
                self._news.append(f"{names[p]}: LAST TILE!")
        self._last_tile_seen = set(view.last_tile)

    def _refresh_prompt(self, view: Any, legal: tuple[Any, ...]) -> None:
        if self.waiting_for_key:
            return
        if self.session.game.is_over:
            self.show_prompt("The game is over.")
        elif not legal:
            self.show_prompt("")
        elif any(isinstance(c, Draw) for c in legal):
            self.show_prompt("Your turn: no tile of yours fits. Press d to draw.")
        elif any(isinstance(c, Pass) for c in legal):
            self.show_prompt("Your turn: no tile fits and the boneyard is empty. Press p to pass.")
        elif view.drawn_tile is not None:
            self.show_prompt(f"You drew {view.drawn_tile}: it fits. Choose its train, "
                             "Enter plays it.")
        else:
            self.show_prompt("Your turn: choose a tile (←→ or its key), a train "
                             "(Tab, m, y); Enter plays.")

    # -- the human's move ------------------------------------------------------
    def prompt_human(self, view: Any) -> None:
        legal = tuple(view.legal)
        hand = self.query_one(HubHand)
        self.selected_train = None
        self._choose_train_for(hand.selected_tile, legal)
        hand.focus()
        self.refresh_view(view, [])

    def _redraw_selection(self) -> None:
        view = self.shown_view()
        legal = tuple(view.legal) if self._human_to_act(view) else ()
        plays = self._plays(legal)
        fits = set(self.targets(self.query_one(HubHand).selected_tile, legal))
        for row in self._rows(view, fits, bool(plays)):
            self.line_for(row.key).row = row
        if self.selected_train is not None:
            line = self.line_for(self.selected_train)
            if line.parent is self.others:      # the pinned lines are always in sight
                self.others.scroll_to_widget(line, animate=False)

    @on(HubHand.Selected)
    def _tile_chosen(self, event: HubHand.Selected) -> None:
        event.stop()
        legal = self._legal()
        self._choose_train_for(event.tile, legal)
        self._redraw_selection()

    @on(HubHand.Played)
    def _tile_played(self, event: HubHand.Played) -> None:
        """Enter in the hand, or a second click: the tile chosen when it was pressed (keys
        typed after it in the same burst may have moved the hand's choice on already)."""
        event.stop()
        self._play(event.tile)

    @on(TrainLine.Clicked)
    def _train_clicked(self, event: TrainLine.Clicked) -> None:
        event.stop()
        if not self._plays(self._legal()):
            return
        if event.key == self.selected_train:
            self.action_play()
        else:
            self.selected_train = event.key
            self._redraw_selection()

    def action_play(self) -> None:
        self._play(self.query_one(HubHand).selected_tile)

    def _play(self, tile: Tile | None) -> None:
        legal = self._legal()
        if not self._plays(legal) or tile is None:
            return
        self._choose_train_for(tile, legal)
        if self.selected_train is None:
            self.show_error("Choose a train first (Tab, m or y).")
            return
        self.submit_human(Play(self.session.viewer(), tile, self.selected_train))

    def _cycle_train(self, step: int) -> None:
        legal = self._legal()
        if not self._plays(legal):
            return
        tile = self.query_one(HubHand).selected_tile
        order = self.targets(tile, legal) or self.train_keys
        if self.selected_train in order:
            index = (order.index(self.selected_train) + step) % len(order)
        else:
            index = 0 if step > 0 else len(order) - 1
        self.selected_train = order[index]
        self._redraw_selection()

    def action_next_train(self) -> None:
        self._cycle_train(1)

    def action_previous_train(self) -> None:
        self._cycle_train(-1)

    def action_pick_train(self, key: str) -> None:
        if self._plays(self._legal()):
            self.selected_train = key
            self._redraw_selection()

    def action_own_train(self) -> None:
        if self._plays(self._legal()):
            self.selected_train = self.session.viewer()
            self._redraw_selection()

    def action_scroll_trains(self, step: int) -> None:
        """``]`` / ``[``: the other players' trains a page (less one line) down / up."""
        others = self.others
        page = max(1, others.scrollable_content_region.height - 1)
        others.scroll_to(y=others.scroll_y + step * page, animate=False)

    def action_draw(self) -> None:
        for command in self._legal():
            if isinstance(command, Draw):
                self.submit_human(command)
                return

    def action_pass_turn(self) -> None:
        for command in self._legal():
            if isinstance(command, Pass):
                self.submit_human(command)
                return

    def on_key(self, event: events.Key) -> None:
        """``d`` or ``p`` on the human's turn when the rules do not allow it says why (the
        footer does not offer them then)."""
        if event.key not in ("d", "p") or self.is_typed_ahead(event.time):
            return
        legal = self._legal()
        if not self._plays(legal) or any(isinstance(c, (Draw, Pass)) for c in legal):
            return
        drawn = self.shown_view().drawn_tile
        self.show_error(f"The tile you drew, {drawn}, fits: it must be played." if drawn
                        else "A tile of yours fits: you must play (draw only when none does).")
        event.stop()
        event.prevent_default()      # (the table's own key handling would clear the reason)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("play", "next_train", "previous_train", "pick_train", "own_train"):
            return bool(self._plays(self._legal()))
        if action == "draw":
            return any(isinstance(c, Draw) for c in self._legal())
        if action == "pass_turn":
            return any(isinstance(c, Pass) for c in self._legal())
        if action == "scroll_trains":
            others = self.query("#hub-others")
            return bool(others) and others.first().max_scroll_y > 0
        return super().check_action(action, parameters)
