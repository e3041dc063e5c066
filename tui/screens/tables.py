"""Shared tables: the list to join (``j``), a new table to open (``o``), the table
waiting for its players.

* :class:`TablesScreen`: the open tables of the table server (game, name, who sits
  where, free seats, waiting or in play). Enter takes a free seat (or watches a table
  without one), ``w`` watches, ``r`` reads the list again, ``o`` opens a new table.
* :class:`OpenTableScreen`: the game, its settings (``e``: the setup screen's rules
  form, starting from the last settings chosen for that game), hints on or off for
  everyone (``h``), and for each seat: you, a person (open), or a bot of a level.
  Enter opens the table.
* :class:`WaitingRoomScreen`: the table's name to pass on ("tell Bob: join
  ``oak-42``"), who has sat down, what happened; the host starts it with ``s`` (bots
  take the seats still open). When the game begins, the app opens the game screen.

Everything shown of a table comes from the server, and is shown as plain text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.options import value_in_words
from core.registry import GAME_INFO, GAME_NAMES
from core.text import plain, player_name
from tui.keys import as_shown
from tui.tables_link import TableLinkError, TableMessage
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.pick_list import PickList

if TYPE_CHECKING:
    from tui.app import DominoesApp

NOTICES_KEPT = 6
SEAT_CHOICES = ("me", "open", "easy", "standard", "expert")
SEAT_WORDS = {"me": "you", "open": "a person (open)", "easy": "bot, easy",
              "standard": "bot, standard", "expert": "bot, expert"}

SCREEN_CSS = """
#tables-box { width: 100%; max-width: 100; height: 1fr; padding: 0 1; }
#tables-title { height: 1; text-style: bold; background: $panel; padding: 0 1; }
#tables-list { height: 1fr; border: round $primary; }
#tables-list > .option-list--option-highlighted { text-style: bold reverse; }
#tables-note { height: auto; max-height: 8; padding: 0 1; color: $text-muted; }
"""


def seat_words(seat: dict[str, Any], index: int, mine: int | None = None) -> str:
    """One seat of a table summary in words (plain text)."""
    kind = seat.get("kind")
    if index == mine:
        return "you"
    if kind == "human":
        who = player_name(seat.get("name") or "?")
        if not seat.get("connected"):
            who += " (bot playing)" if seat.get("bot_playing") else " (away)"
        return who
    if kind == "bot":
        return f"bot ({plain(seat.get('level') or 'standard', 12)})"
    return "open"


def table_label(table: dict[str, Any]) -> Text:
    """A table of the list: its name, game and state, then its seats."""
    text = Text()
    name = plain(table.get("table", "?"), 32)
    title = GAME_INFO[table["game"]].title if table.get("game") in GAME_INFO else "?"
    state = {"waiting": "waiting for players", "playing": "in play", "over": "over"}.get(
        str(table.get("state")), "?")
    free = table.get("free") or []
    text.append(f"{name:<16}", style="bold")
    text.append(f"{title} · {state}")
    if free and table.get("state") == "waiting":
        text.append(f" · {len(free)} free seat{'s' if len(free) != 1 else ''}", style="bold")
    seats = table.get("seats") or []
    text.append("\n  " + " · ".join(f"{i + 1}: {seat_words(s, i)}" for i, s in enumerate(seats)
                                    if isinstance(s, dict)), style="dim")
    return text


class _LinkScreen(Screen):
    """A screen that talks to the table server through the app's link."""

    @property
    def host(self) -> DominoesApp:
        return cast("DominoesApp", self.app)

    joined: dict[str, Any] | None = None     # a table just joined, its game in play

    def on_screen_resume(self) -> None:
        if self.app.screen is self:        # not a screen being closed on the way past
            self.host.table_link.listen(self)

    def took_seat(self, joined: dict[str, Any]) -> None:
        """The server seated us (or we watch): a waiting table's room now; a table in play
        opens when its update (the whole game so far, right behind) arrives."""
        if joined.get("state") == "waiting":
            room = WaitingRoomScreen(joined)
            self.host.table_link.listen(room)      # from now on: the start may be right behind
            self.app.push_screen(room)
        else:
            self.joined = joined

    def on_table_message(self, message: TableMessage) -> None:
        payload = message.payload
        joined = self.joined
        if message.kind == "update" and joined is not None \
                and payload.get("table") == joined.get("table"):
            self.joined = None
            self.host.play_at_table(joined, joined.get("seat"), payload)
        elif message.kind == "closed":
            self.say("The table server hung up. r tries again.")

    def say(self, text: str) -> None:
        self.query_one("#tables-note", Static).update(as_shown(self.app, Text(text)))


class TablesScreen(_LinkScreen):
    """The open tables: join one, watch one, or open a new one."""

    DEFAULT_CSS = "TablesScreen { align: center top; }" + SCREEN_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", "Join", id="tables.join"),
        Binding("w", "watch", "Watch", id="tables.watch"),
        Binding("r", "reload", "Refresh", id="tables.refresh"),
        Binding("o", "open_table", "Open a table", id="tables.open"),
        Binding("q,escape", "back", "Back", key_display="q", id="tables.back"),
        Binding("question_mark,f1", "app.help", "Help", key_display="?", id="tables.help"),
    ]

    def __init__(self, join: str | None = None) -> None:
        super().__init__()
        self.tables: list[dict[str, Any]] = []
        self.join_name = join          # ``dominoes join NAME``: join it once listed

    def compose(self) -> ComposeResult:
        with Vertical(id="tables-box"):
            yield Static("Shared tables", id="tables-title")
            yield PickList(id="tables-list")
            yield Static("Connecting to the table server ...", id="tables-note")
        yield KeysFooter(tight_first=False)

    def on_mount(self) -> None:
        self.query_one("#tables-list", OptionList).focus()
        self.action_reload()

    def on_screen_resume(self) -> None:
        """Back on the list (from a waiting room, a table that closed): list afresh."""
        if self.app.screen is self and self.is_mounted:
            self.action_reload()

    @work(exclusive=True, group="tables-list")
    async def action_reload(self) -> None:
        link = self.host.table_link
        try:
            await link.connect()
            link.listen(self)
            reply = await link.request("list", "tables")
        except TableLinkError as exc:
            self.say(str(exc))
            return
        self.tables = [t for t in reply.get("tables", []) if isinstance(t, dict)
                       and t.get("state") != "over"]
        listing = self.query_one("#tables-list", OptionList)
        listing.clear_options()
        for table in self.tables:
            listing.add_option(Option(as_shown(self.app, table_label(table))))
        if self.tables:
            listing.highlighted = 0
        who = player_name(link.identity or "?")
        self.say((f"{len(self.tables)} open table{'s' if len(self.tables) != 1 else ''}"
                  if self.tables else "No open tables: o opens one.")
                 + f" · you are {who} here")
        if self.join_name is not None:
            name, self.join_name = self.join_name, None
            if any(t.get("table") == name for t in self.tables):
                self._join(name, watch=False)
            else:
                self.say(f"No open table is called {plain(name, 32)}.")
        self.refresh_bindings()

    def _current(self) -> dict[str, Any] | None:
        index = self.query_one("#tables-list", OptionList).highlighted
        if index is None or not 0 <= index < len(self.tables):
            return None
        return self.tables[index]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("join", "watch") and self.is_mounted:
            return self._current() is not None
        return True

    @on(OptionList.OptionHighlighted)
    def _highlighted(self) -> None:
        self.refresh_bindings()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_join()

    def action_join(self) -> None:
        table = self._current()
        if table is not None:
            self._join(str(table.get("table")), watch=False)

    def action_watch(self) -> None:
        table = self._current()
        if table is not None:
            self._join(str(table.get("table")), watch=True)

    @work(exclusive=True, group="tables-join")
    async def _join(self, name: str, watch: bool) -> None:
        link = self.host.table_link
        try:
            joined = await link.request("join", "joined", table=name, watch=watch)
        except TableLinkError as exc:
            self.say(f"Cannot join {plain(name, 32)}: {exc}")
            return
        self.took_seat(joined)

    def action_open_table(self) -> None:
        self.app.push_screen(OpenTableScreen())

    def action_back(self) -> None:
        if self.app.screen is self:
            self.app.pop_screen()



class OpenTableScreen(_LinkScreen):
    """A new shared table: the game, its settings, hints, and who sits in each seat."""

    DEFAULT_CSS = "OpenTableScreen { align: center top; }" + SCREEN_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Open the table", id="open.open"),
        Binding("g", "game(1)", "Game", id="open.game"),
        Binding("e", "settings", "Settings", id="open.settings"),
        Binding("h", "hints", "Hints", id="open.hints"),
        Binding("space,right", "seat(1)", "Change seat", key_display="space", id="open.seat"),
        Binding("left", "seat(-1)", "Back", show=False, id="open.seat_back"),
        Binding("q,escape", "back", "Back", key_display="q", id="open.back"),
        Binding("question_mark,f1", "app.help", "Help", key_display="?", id="open.help"),
    ]

    GAME_ROW, SETTINGS_ROW, HINTS_ROW, FIRST_SEAT_ROW = 0, 1, 2, 3

    def __init__(self, game: str = "texas42") -> None:
        super().__init__()
        self.game = game if game in GAME_INFO else "texas42"
        self.options: dict[str, Any] = {}
        self.hints = True
        self.seats: list[str] = []

    def _default_seats(self) -> list[str]:
        info = GAME_INFO[self.game]
        count = int(self.options.get("players", info.default_players))
        if info.teams:                         # your partner across the table is a person
            return ["me" if i == 0 else "open" if i == count // 2 else "standard"
                    for i in range(count)]
        return ["me", "open"] + ["standard"] * (count - 2)

    def _use_game(self, game: str) -> None:
        """``game``, with the settings last chosen for it (solo or shared)."""
        self.game = game
        spec_names = {spec.name for spec in GAME_INFO[game].game_class.option_table.specs}
        saved = self.host.preferences.choices(game).options
        self.options = {k: v for k, v in saved.items() if k in spec_names}
        self.seats = self._default_seats()

    def compose(self) -> ComposeResult:
        with Vertical(id="tables-box"):
            yield Static("Open a shared table", id="tables-title")
            yield PickList(id="tables-list")
            yield Static("", id="tables-note")
        yield KeysFooter(tight_first=False)

    def on_mount(self) -> None:
        self._use_game(self.game)
        self.query_one("#tables-list", OptionList).focus()
        self._show(keep=self.FIRST_SEAT_ROW + 1)

    def settings_words(self) -> str:
        """The settings that differ from the game's defaults, in a line."""
        table = GAME_INFO[self.game].game_class.option_table
        changed = [f"{spec.words} {value_in_words(self.options[spec.name])}"
                   for spec in table.specs
                   if spec.name in self.options and self.options[spec.name] != spec.default
                   and spec.name != "players"]
        return ", ".join(changed) if changed else "the game's defaults"

    def _show(self, keep: int | None = None) -> None:
        info = GAME_INFO[self.game]
        listing = self.query_one("#tables-list", OptionList)
        highlighted = listing.highlighted if keep is None else keep
        listing.clear_options()
        listing.add_option(Option(as_shown(self.app, Text.assemble(
            ("Game: ", "bold"), info.title, ("   g changes it", "dim")))))
        listing.add_option(Option(as_shown(self.app, Text.assemble(
            ("Settings: ", "bold"), plain(self.settings_words(), 60),
            ("   e changes them", "dim")))))
        listing.add_option(Option(as_shown(self.app, Text.assemble(
            ("Hints: ", "bold"), "on" if self.hints else "off",
            ("   h turns them " + ("off" if self.hints else "on") + " for everyone", "dim")))))
        names = info.seat_names(len(self.seats))
        for index, choice in enumerate(self.seats):
            where = "" if index == 0 else f" ({names[index]})"
            partner = " · your partner" if info.teams and any(
                index in team and 0 in team for team in info.teams) and index else ""
            listing.add_option(Option(as_shown(self.app, Text(
                f"Seat {index + 1}{where}: {SEAT_WORDS[choice]}{partner}"))))
        last = listing.option_count - 1
        listing.highlighted = min(highlighted, last) if highlighted is not None else 1
        self.say("Space changes the highlighted seat: you, a person (open), or a bot. "
                 "Enter opens the table; you start it when the people have sat down "
                 "(bots take any seat still open). Undo is off at a shared table.")

    def action_game(self, step: int) -> None:
        index = (GAME_NAMES.index(self.game) + step) % len(GAME_NAMES)
        self._use_game(GAME_NAMES[index])
        self._show(keep=self.GAME_ROW)

    def action_settings(self) -> None:
        from tui.screens.setup import TableSettingsScreen

        def chosen(options: dict[str, Any] | None) -> None:
            if options is None:
                return
            self.options = dict(options)
            if len(self.seats) != int(options.get("players", len(self.seats))):
                self.seats = self._default_seats()
            self._show(keep=self.SETTINGS_ROW)
        self.app.push_screen(TableSettingsScreen(self.game), chosen)

    def action_hints(self) -> None:
        self.hints = not self.hints
        self._show(keep=self.HINTS_ROW)

    def action_seat(self, step: int) -> None:
        index = self.query_one("#tables-list", OptionList).highlighted
        if index is None or index == self.GAME_ROW:
            self.action_game(step)
            return
        if index == self.SETTINGS_ROW:
            self.action_settings()
            return
        if index == self.HINTS_ROW:
            self.action_hints()
            return
        seat = index - self.FIRST_SEAT_ROW
        choice = SEAT_CHOICES[(SEAT_CHOICES.index(self.seats[seat]) + step) % len(SEAT_CHOICES)]
        if choice == "me":                      # one seat is yours: it moves here
            self.seats = ["open" if c == "me" else c for c in self.seats]
        self.seats[seat] = choice
        if "me" not in self.seats:
            self.seats[0 if seat else 1] = "me"
        self._show()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_open()

    def seat_specs(self) -> list[dict[str, Any]]:
        return [{"kind": c} if c in ("me", "open") else {"kind": "bot", "level": c}
                for c in self.seats]

    @work(exclusive=True, group="tables-open")
    async def action_open(self) -> None:
        highlighted = self.query_one("#tables-list", OptionList).highlighted
        if highlighted == self.SETTINGS_ROW:       # Enter on a row that is a choice
            self.action_settings()
            return
        if highlighted == self.HINTS_ROW:
            self.action_hints()
            return
        link = self.host.table_link
        try:
            await link.connect()
            link.listen(self)
            joined = await link.request("open", "joined", game=self.game, seats=self.seat_specs(),
                                        options=self.options, aids={"hints": self.hints})
        except TableLinkError as exc:
            self.say(f"The table was not opened: {exc}")
            return
        self.took_seat(joined)

    def action_back(self) -> None:
        if self.app.screen is self:
            self.app.pop_screen()


class WaitingRoomScreen(_LinkScreen):
    """A table waiting for its players: who sits where, and Start for the host."""

    DEFAULT_CSS = "WaitingRoomScreen { align: center top; }" + SCREEN_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start", "Start", id="waiting.start"),
        Binding("l,q,escape", "leave", "Leave", key_display="l", id="waiting.leave"),
        Binding("question_mark,f1", "app.help", "Help", key_display="?", id="waiting.help"),
    ]

    def __init__(self, joined: dict[str, Any]) -> None:
        super().__init__()
        self.summary = joined
        self.seat: int | None = joined.get("seat")
        self.notices: list[str] = []

    @property
    def table(self) -> str:
        return str(self.summary.get("table", ""))

    def compose(self) -> ComposeResult:
        with Vertical(id="tables-box"):
            yield Static("", id="tables-title")
            yield Static("", id="waiting-seats")
            yield Static("", id="tables-note")
        yield KeysFooter(tight_first=False)

    def on_mount(self) -> None:
        self.host.table_link.listen(self)
        self._show()

    def is_host(self) -> bool:
        return self.summary.get("host") == self.host.table_link.identity

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.is_host()
        return True

    def _show(self) -> None:
        info = GAME_INFO.get(str(self.summary.get("game")))
        name = plain(self.table, 32)
        self.query_one("#tables-title", Static).update(as_shown(self.app, Text(
            f"Table {name} · {info.title if info else '?'} · waiting for players")))
        seats = [s for s in self.summary.get("seats") or [] if isinstance(s, dict)]
        text = Text()
        text.append(f"Tell the others: join {name}  (dominoes join {name}, or j on the "
                    "title screen)\n\n", style="bold")
        for index, seat in enumerate(seats):
            text.append(f"Seat {index + 1}: {seat_words(seat, index, self.seat)}\n")
        text.append("\n" + ("s starts the game: bots take the seats still open."
                            if self.is_host() else "The host starts the game."), style="dim")
        self.query_one("#waiting-seats", Static).update(as_shown(self.app, text))
        self.say("\n".join(self.notices[-NOTICES_KEPT:]))
        self.refresh_bindings()

    def action_start(self) -> None:
        try:
            self.host.table_link.send("start", table=self.table)
        except TableLinkError as exc:
            self.say(str(exc))

    def action_leave(self) -> None:
        try:
            self.host.table_link.send("leave", table=self.table)
        except TableLinkError:
            pass
        if self.app.screen is self:
            self.app.pop_screen()

    def on_table_message(self, message: TableMessage) -> None:
        payload = message.payload
        if message.kind == "notice" and payload.get("table") == self.table:
            self.notices.append(plain(payload.get("text", ""), 200))
            self._show()
        elif message.kind == "update" and payload.get("table") == self.table:
            self.summary = {**self.summary, "seats": payload.get("seats", []),
                            "state": payload.get("state")}
            if payload.get("state") != "waiting":
                self.host.play_at_table(self.summary, self.seat, payload)
            else:
                self._show()
        elif message.kind == "left" and payload.get("table") == self.table:
            # the table closed under us (its host left): back to the list, told why
            said = self.notices[-1] if self.notices else f"Table {self.table} is closed."
            if self.app.screen is self:
                self.app.pop_screen()
                self.app.notify(said)
        elif message.kind == "error":
            self.notices.append("Refused: " + plain(payload.get("message", ""), 200))
            self._show()
        elif message.kind == "closed":
            self.notices.append("The table server hung up.")
            self._show()
