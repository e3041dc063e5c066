"""A game at a shared table: the solo game's screens, fed by the table server.

:func:`shared_screen` gives the trick table or the train hub of a
:class:`~tui.play.tables.remote.RemoteSession`. What the screen does on top of a
solo game (:class:`SharedTable`):

* every server ``update`` becomes the session's new events, shown as a solo game
  shows its own (the same GameUpdated loop: tricks, hand summaries, the game's end);
* while another seat decides, the status line says who: a person, or a bot (the
  server's);
* a ``notice`` (someone sat down, went, came back, a bot took over) is told in one
  short line; a refused decision shows the server's reason and the turn is asked again;
* ``q`` leaves the table (a bot plays the seat); no undo (the keys are off);
  hints as the table says (its ``aids``: the same for everyone at it), not as the
  player's own setting;

When the game is over, the finished record (sent by the server) goes into this
player's history, so it counts in their statistics.

A *watcher* (no seat) is shown the table as everyone may see it: the server's
public view (no hand; :func:`~tui.play.tables.remote.public_view`), the tricks or
trains as they go, the hands when a hand is over (its summary); the status line
begins "Watching"; nothing is asked of them, and nothing goes into their history.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rich.text import Text

from core.game import Phase
from core.registry import game_info
from core.text import plain
from tui.messages import GameUpdated
from tui.play.tables.remote import RemoteGame, RemoteSession, seats_of
from tui.screens.game_base import GameScreen
from tui.screens.train_hub import TrainHubScreen
from tui.screens.trick_table import TrickTableScreen
from tui.tables_link import TableLinkError, TableMessage

__all__ = ["SharedTable", "SharedTrainHub", "SharedTrickTable", "shared_screen", "shared_session"]


class SharedTable:
    """What a game screen does at a shared table (mixed into the solo screens)."""

    @property
    def shared(self) -> RemoteSession:
        session: RemoteSession = self.session  # type: ignore[attr-defined]
        return session

    def on_mount(self) -> None:
        super().on_mount()  # type: ignore[misc]
        self._link().listen(self)

    def on_screen_resume(self) -> None:
        super().on_screen_resume()  # type: ignore[misc]
        self._link().listen(self)          # (dialogs on top post nothing to the link)

    def _link(self) -> Any:
        return self.app.table_link  # type: ignore[attr-defined]

    @property
    def table(self) -> str:
        return self.shared.remote.table

    def on_table_message(self, message: TableMessage) -> None:
        message.stop()
        payload = message.payload
        screen: Any = self
        if payload.get("table") not in (None, self.table):
            return
        if message.kind == "update":
            try:
                events = self.shared.receive(payload)
            except (ValueError, TypeError, KeyError) as exc:
                screen.show_error(f"The table server sent what this app cannot read ({exc}).")
                return
            screen.forget_view()
            screen._prompted_index = None
            screen.post_message(GameUpdated(events))
            self._say_whose_turn()
        elif message.kind == "notice":
            self.app.notify(plain(payload.get("text", ""), 200), timeout=6)  # type: ignore[attr-defined]
        elif message.kind == "error":
            self.shared.awaiting = False
            screen._prompted_index = None
            screen.show_error(plain(payload.get("message", "refused"), 300))
            screen._advance()
        elif message.kind == "closed":
            screen.show_error("The table server hung up: the game cannot go on from here. "
                              "q leaves; the table resumes when the server runs again.")

    @property
    def watching(self) -> bool:
        """Watching the table (no seat): the public view, no hand, nothing to decide."""
        return self.shared.remote.watching

    def _whose_turn(self) -> str:
        """"Waiting for Bob ..." while another seat decides; "" on our turn or at the end."""
        remote = self.shared.remote
        if remote.is_over or remote.to_act is None or remote.to_act == remote.seat:
            return ""
        if not 0 <= remote.to_act < len(self.shared.seats):
            return ""
        seat = self.shared.seats[remote.to_act]
        who = f"{seat.name} (bot)" if seat.kind == "bot" else seat.name
        return f"Waiting for {who} ..."

    def _say_whose_turn(self) -> None:
        screen: Any = self
        screen.show_prompt(self._whose_turn())

    def show_prompt(self, text: str) -> None:
        """The screen's prompt; with nothing to say, whose turn it is; a watcher's always
        begins with "Watching"."""
        if not text:
            text = self._whose_turn()
        if self.watching:
            name = plain(self.table, 32)
            over = "the game is over" if self.shared.remote.is_over else ""
            text = f"Watching {name} (q leaves): {text or over}".rstrip(": ")
        super().show_prompt(text)  # type: ignore[misc]

    def submit_human(self, command: Any) -> bool:
        try:
            return bool(super().submit_human(command))  # type: ignore[misc]
        except TableLinkError as exc:
            self.shared.awaiting = False
            screen: Any = self
            screen.show_error(str(exc))
            return False

    def action_quit_game(self) -> None:
        """Leave the table: a bot plays the seat from now on."""
        try:
            self._link().send("leave", table=self.table)
        except TableLinkError:
            pass
        self._link().listen(None)
        self.app.return_to_title()  # type: ignore[attr-defined]

    def _leave_now(self, how: str) -> None:
        """From the game's end (or a summary's quit): off the table too, so the server
        sends this app nothing more of it (a watcher is no longer counted)."""
        try:
            self._link().send("leave", table=self.table)
        except TableLinkError:
            pass
        self._link().listen(None)
        super()._leave_now(how)  # type: ignore[misc]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "redo"):
            return False
        return super().check_action(action, parameters)  # type: ignore[misc]

    def _aid_on(self, name: str) -> bool:
        """Hints follow the table's setting (the same for everyone at it), not the
        player's own; undo is never on at a shared table."""
        if name == "hints":
            return self.shared.remote.hints
        if name == "undo":
            return False
        return bool(super()._aid_on(name))  # type: ignore[misc]

    def action_hint(self) -> None:
        if not self.shared.remote.hints:
            screen: Any = self
            screen.show_error("This table is played without hints.")
            return
        super().action_hint()  # type: ignore[misc]


def shared_session(link: Any, joined: dict[str, Any], seat: int | None,
                   first: dict[str, Any]) -> RemoteSession:
    """The session of a table just joined (``first``: the update with the game so far)."""
    game = RemoteGame(joined, seat)
    table = game.table

    def send(line: dict[str, Any]) -> None:
        link.send("command", table=table, line=line)

    session = RemoteSession(game, seats_of(joined, seat), send)
    session.receive(first)
    if game.watching and game.state != "waiting" and game._view is None:
        raise ValueError("this table server sends watchers no view of the table")
    return session


class SharedTrickTable(SharedTable, TrickTableScreen):
    """The trick table at a shared table."""

    def _scene(self, view: Any) -> Any:
        scene = super()._scene(view)
        if not self.watching:
            return scene
        # A watcher is drawn with seat 1's place at the bottom; nobody there is "you".
        places = tuple(dataclasses.replace(place, flag=place.flag.replace(
            "your turn", "to play" if view.phase == Phase.PLAY else "to act"))
            for place in scene.seats)
        you = f"{self.names[view.player]} won it"
        caption = tuple(you + line[len("You won it"):] if line.startswith("You won it")
                        else line for line in scene.caption)
        return dataclasses.replace(scene, seats=places, caption=caption)


class SharedTrainHub(SharedTable, TrainHubScreen):
    """The train hub at a shared table."""

    def _hand_title(self, view: Any, choosing: bool) -> Any:
        if self.watching:
            return Text("Watching: each player's tiles stay hidden until the round is over.",
                        style="dim")
        return super()._hand_title(view, choosing)

    def _train_name(self, key: Any, viewer: int) -> str:
        if self.watching and key == viewer:
            return f"{self.names[key]}'s train"
        return str(super()._train_name(key, viewer))


def shared_screen(session: RemoteSession) -> GameScreen:
    """The trick table or the train hub, at a shared table."""
    if game_info(session.remote.name).table == "hub":
        return SharedTrainHub(session)
    return SharedTrickTable(session)
