"""Shared tables with real processes: a ``dominoes serve`` process and real apps.

* Two apps, each in a pseudo-terminal of 80x24 with a player identity of its own
  (``DOMINOES_PLAYER``, as the SSH wrapper gives it): Ann opens a Texas 42 table (``o``,
  the defaults: she, a bot, a person across, a bot), Bob joins it by name
  (``dominoes join NAME``), Ann starts it, and both play a whole hand by keys. The
  server's record has the hand's end; neither screen's hand ever showed a tile of the
  other person's hand (every whole frame drawn is read).
* The server SIGKILLed in the middle of a hand and started again: the player comes back
  with the same identity to exactly the same position (view, trick, scores, history)
  and plays the game to its end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

pty = pytest.importorskip("pty")
pytest.importorskip("termios")
pytestmark = pytest.mark.skipif(not hasattr(os, "openpty") or sys.platform == "win32",
                                reason="needs pseudo-terminals")

from core.registry import GAME_NAMES  # noqa: E402
from tests.play.tables.terminal import ROOT, App, env_for  # noqa: E402
from tui.play.tables.client import TableClient  # noqa: E402
from tui.play.tables.runtime import server_answers  # noqa: E402
from tui.play.tables.wire import command_line, decode  # noqa: E402

LIMIT = 90.0          # seconds for a whole hand by keys on a loaded machine (it takes ~10-20)
TILE = re.compile(r"[│┃] (\d) [│┃] (\d) [│┃]")


@contextlib.contextmanager
def server_place() -> Iterator[tuple[Path, Path]]:
    """A short folder for the socket (Unix socket paths are short) and the server's data."""
    folder = Path(tempfile.mkdtemp(prefix="dq-", dir="/tmp"))
    try:
        yield folder / "s.sock", folder / "server"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class Serve:
    """``dominoes serve --bot-delay 0`` as a process of its own."""

    def __init__(self, sock: Path, data: Path, log: Path) -> None:
        self.sock, self.data = sock, data
        self.log = log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "serve", "--bot-delay", "0", "--hold", "120",
             "--idle", "120"],
            cwd=ROOT, env=self.env(), stdin=subprocess.DEVNULL, stdout=self.log,
            stderr=self.log, start_new_session=True)
        end = time.monotonic() + 30
        while not server_answers(sock, 0.2):
            assert self.proc.poll() is None, log.read_text()
            assert time.monotonic() < end, "the server did not come up"
            time.sleep(0.05)

    def env(self, data: Path | None = None, **extra: str) -> dict[str, str]:
        return env_for(data or self.data.parent / "serve-home", DOMINOES_SERVER=str(self.sock),
                       DOMINOES_SERVER_DATA=str(self.data), **extra)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
        self.proc.wait(timeout=30)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


def player_data(root: Path, who: str) -> Path:
    data = root / who
    (data / "config").mkdir(parents=True)
    (data / "config" / "preferences.json").write_text(json.dumps({
        "settings": {"bot_speed": "instant", "trick_pause": "none"},
        "walkthroughs_offered": ["moon", "texas42", "mexican_train"]}))
    return data


def record_lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


# -- reading the game screen -------------------------------------------------------------

def hand_rows(lines: list[str]) -> list[str] | None:
    """The rows of the hand widget (below its "Your hand" rule, above the footer)."""
    for index, line in enumerate(lines):
        if line.startswith("━Your hand"):
            return lines[index + 1:index + 6]
    return None


def hand_number(lines: list[str]) -> int | None:
    match = re.search(r"Texas 42 · hand (\d+) ·", lines[0])
    return int(match.group(1)) if match else None


def tiles_in(rows: list[str]) -> set[str]:
    return {f"{a}-{b}" for row in rows for a, b in TILE.findall(row)}


class HandWatch:
    """Every whole frame an app draws: the tiles its hand row shows, with the hand's number."""

    def __init__(self) -> None:
        self.seen: list[tuple[int | None, frozenset[str]]] = []
        self.lock = threading.Lock()

    def __call__(self, lines: list[str]) -> None:
        rows = hand_rows(lines)
        if rows is None:
            return
        with self.lock:
            self.seen.append((hand_number(lines), frozenset(tiles_in(rows))))


def next_key(lines: list[str]) -> bytes | None:
    """The key that makes this player's decision now, from the screen; None: not ours."""
    footer = " ".join(line for line in lines[-2:] if line.strip())
    if re.match(r"⏎ (Bid|Name|Choose|Discard)\b", footer.strip()):
        return b"\r"                      # a dialog: its highlighted choice
    rows = hand_rows(lines)
    if rows is not None:
        legal = re.search(r"\[(\d)\]", rows[-1]) or re.search(r"\[(\d)\]", " ".join(rows))
        if legal:
            return legal.group(1).encode() + b"\r"     # choose a playable tile, play it
    if re.search(r"(^|\s)b Decide", footer):
        return b"b"
    return None


def play_by_keys(apps: list[App], done: Any, limit: float) -> None:
    """Each app, in turn, gets the key its screen asks for until ``done()``; a key is sent
    again only after the screen has drawn since (or a few seconds passed)."""
    sent: dict[int, tuple[int, float, bytes]] = {}
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, "\n\n".join(app.text() for app in apps)
        for index, app in enumerate(apps):
            assert app.proc.poll() is None, app.text()
            key = next_key(app.lines())
            if key is None:
                continue
            frames, when, last = sent.get(index, (-1, 0.0, b""))
            if app.frames == frames and time.monotonic() - when < 3.0:
                continue                  # the screen has not answered the last key yet
            app.type(key)
            sent[index] = (app.frames, time.monotonic(), key)
        time.sleep(0.05)


# -- two people, two bots, a whole hand ----------------------------------------------------

def shown_game(text: str) -> str | None:
    """The game the open-table screen names ("Game: Texas 42   g changes it"), if shown."""
    found = re.search(r"Game: (.+?)\s{2,}", text)
    return found.group(1) if found else None


def test_two_apps_play_a_whole_42_hand_and_neither_sees_the_other_hand(tmp_path):
    started = time.monotonic()
    with server_place() as (sock, data):
        server = Serve(sock, data, tmp_path / "serve.log")
        ann_seen, bob_seen = HandWatch(), HandWatch()
        apps: list[App] = []
        try:
            ann = App([], server.env(player_data(tmp_path, "ann"), DOMINOES_PLAYER="ann"),
                      on_frame=ann_seen)
            apps.append(ann)
            ann.wait_for(lambda t: "Play now" in t, "the title screen")
            ann.type(b"o")
            ann.wait_for(lambda t: "Open a shared table" in t and "Game: " in t,
                         "the open-table screen")
            for _ in range(len(GAME_NAMES)):        # g: the next game, till Texas 42
                shown = shown_game(ann.text())
                if shown == "Texas 42":
                    break
                ann.type(b"g")                      # one key, then wait for its answer
                ann.wait_for(lambda t, shown=shown: shown_game(t) not in (shown, None),
                             "the next game")
            text = ann.wait_for(lambda t: "Game: Texas 42" in t and "Seat 4" in t,
                                "Texas 42 on the open-table screen")
            assert "Game: Texas 42" in text and "Seat 1: you" in text
            assert "Seat 3 (North): a person (open)" in text
            assert "Seat 2 (West): bot" in text and "Seat 4 (East): bot" in text
            ann.type(b"\r")
            text = ann.wait_for(lambda t: "Tell the others: join" in t, "the waiting room")
            name = re.search(r"join ([a-z0-9-]+)", text).group(1)

            bob = App(["join", name], server.env(player_data(tmp_path, "bob"),
                                                 DOMINOES_PLAYER="bob"), on_frame=bob_seen)
            apps.append(bob)
            ann.wait_for(lambda t: "sat down in seat 3" in t, "Bob sitting down")
            bob.wait_for(lambda t: "The host starts the game" in t, "Bob's waiting room")
            ann.type(b"s")

            record = data / "tables" / f"{name}.jsonl"
            finished = data / "finished"

            def hand_over() -> bool:
                lines = record_lines(record)
                if not lines:
                    lines = [line for path in finished.glob(f"{name}-*.jsonl")
                             for line in record_lines(path)]
                return any(line.get("event") == "hand_end" for line in lines)

            play_by_keys([ann, bob], hand_over, LIMIT)
            lines = record_lines(record) or [line for path in finished.glob(f"{name}-*.jsonl")
                                             for line in record_lines(path)]
        finally:
            for app in apps:
                app.close()
            server.close()
    took = time.monotonic() - started
    print(f"a whole hand by two apps: {took:.1f} s")

    header = lines[0]
    assert header["game"] == "texas42"
    deals = [line["hands"] for line in lines if line.get("event") == "deal"]
    ends = [line for line in lines if line.get("event") == "hand_end"]
    assert ends and deals
    plays = [line for line in lines if line.get("event") == "play"]
    people = {line["player"] for line in plays[:28]}
    assert {0, 2} <= people                    # both people played tiles of the first hand
    for who, seat, seen in (("Ann", 0, ann_seen), ("Bob", 2, bob_seen)):
        other = 2 - seat
        shown_whole = False
        assert seen.seen, f"{who}'s hand was never drawn"
        known = 1
        for hand, tiles in seen.seen:
            # A frame drawn before the header says which hand (the screen's first frame)
            # is of the hand last named, or of the next one when it was just dealt.
            candidates = [hand] if hand is not None else [known, known + 1]
            known = hand or known
            fits = [n for n in candidates if 1 <= n <= len(deals)
                    and tiles <= set(deals[n - 1][seat])
                    and not tiles & set(deals[n - 1][other])]
            assert fits, f"{who}'s hand row showed {sorted(tiles)}, not their hand {candidates}"
            shown_whole = shown_whole or (hand == 1 and tiles == set(deals[0][seat]))
        assert shown_whole, f"{who}'s seven tiles were never read off the hand row"
    assert took < 120


# -- the server killed mid-hand ---------------------------------------------------------

async def until_turn(client: TableClient, table: str, seat: int,
                     last: dict[str, Any] | None = None) -> dict[str, Any]:
    """Updates until it is ``seat``'s turn or the game is over (``last``: one in hand)."""
    message = last
    while message is None or (message["to_act"] != seat and message["state"] != "over"):
        message = await client.expect("update", table=table, timeout=60)
    return message


def test_a_server_killed_mid_hand_resumes_exactly_and_the_game_ends(tmp_path):
    asyncio.run(_killed_mid_hand(tmp_path))


async def _killed_mid_hand(tmp_path: Path) -> None:
    started = time.monotonic()
    rng = random.Random(42)
    with server_place() as (sock, data):
        server = Serve(sock, data, tmp_path / "serve.log")
        try:
            ann = await TableClient.connect(sock, player="ann", name="Ann")
            # every hand plays all seven tricks (the deal is the server's own, unseeded: a
            # hand decided early could otherwise end the game before Ann's fifth play)
            ann.send("open", game="texas42", options={"target": "marks:2", "play_out": True},
                     seats=[{"kind": "me"}] + [{"kind": "bot", "level": "easy"}] * 3)
            joined = await ann.expect("joined")
            name = joined["table"]
            ann.send("start", table=name)
            lines: list[dict[str, Any]] = []
            message = None
            while True:                  # a trick or more into a hand, Ann to play
                message = await ann.expect("update", table=name, timeout=60)
                lines.extend(message["lines"])
                assert message["state"] != "over", "the game ended before the kill"
                if message["to_act"] != 0:
                    continue
                starts = [i for i, line in enumerate(lines) if line.get("event") == "hand_start"]
                plays = sum(1 for line in lines[starts[-1]:] if line.get("event") == "play")
                if plays >= 5:
                    break
                view = decode(message["view"])
                ann.send("command", table=name, line=command_line(rng.choice(view.legal)))
            before = message
            assert before["position"] == len(lines)
            server.kill(signal.SIGKILL)             # mid-hand, Ann to play, bots waiting
            with contextlib.suppress(ConnectionError, TimeoutError):
                while True:
                    await ann.receive(timeout=5)
            await ann.close()
            assert (data / "tables" / f"{name}.jsonl").exists()

            server.log.close()
            server = Serve(sock, data, tmp_path / "serve.log")
            ann = await TableClient.connect(sock, player="ann", name="Ann")
            ann.send("join", table=name)
            rejoined = await ann.expect("joined")
            assert rejoined["seat"] == 0 and rejoined["state"] == "playing"
            again = await ann.expect("update", table=name)
            assert again["position"] == before["position"]
            assert again["to_act"] == 0
            assert again["lines"] == lines              # the whole game so far, nothing lost
            assert again["view"] == before["view"]      # hand, trick, scores, bids, legal
            view = decode(again["view"])
            assert view == decode(before["view"])
            assert len(view.hand) == 7 - sum(1 for line in lines[starts[-1]:]
                                             if line.get("event") == "play" and line["player"] == 0)

            message = again
            while message["state"] != "over":
                if message["to_act"] == 0:
                    view = decode(message["view"])
                    ann.send("command", table=name, line=command_line(rng.choice(view.legal)))
                message = await until_turn(ann, name, 0, None)
            record = message["record"]
            await ann.close()
        finally:
            server.close()
        kept = list((data / "finished").glob(f"{name}-*.jsonl"))
        assert len(kept) == 1
        on_disk = record_lines(kept[0])
    assert on_disk == record, json.dumps([(a, b) for a, b in zip(on_disk, record) if a != b][:1])
    events = [line.get("event") for line in record[1:]]
    assert "hand_end" in events and "game_end" in events
    assert _same_public(record[1:1 + len(lines)], lines)      # what was played before the kill
    print(f"killed mid-hand and finished: {time.monotonic() - started:.1f} s")


def _same_public(full: list[dict[str, Any]], seen: list[dict[str, Any]]) -> bool:
    """The record's lines equal what the seat saw, other hands hidden (``null``) in deals."""
    if len(full) != len(seen):
        return False
    for a, b in zip(full, seen):
        if a.get("event") == "deal":
            hands = [h if b["hands"][i] is not None else None for i, h in enumerate(a["hands"])]
            if {**a, "hands": hands} != b:
                return False
        elif a != b:
            return False
    return True
