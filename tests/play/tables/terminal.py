"""The real app in a pseudo-terminal, and a small terminal emulator to read its screen.

:class:`Screen` keeps a grid of characters from what the app writes (cursor moves,
erases, text; colours and modes are read past), enough for Textual's output: the
tests read the screen as lines of text. :class:`App` runs ``dominoes ARGS`` in a
pseudo-terminal of its own (80x24 unless told), feeds everything it writes to its
screen, and types keys. The emulator says it supports synchronized output, so Textual
brackets every frame it draws (``on_frame`` sees each whole frame, never half of one).
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import threading
import time
import unicodedata
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[3]

_CSI = re.compile(r"\x1b\[([0-9;?<=>!]*)([ -/]*)([@-~])")
_OSC = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
_ESC = re.compile(r"\x1b[()][0-9A-Za-z]|\x1b[=>78DEHMc]")


class Screen:
    """A grid of ``rows`` x ``columns`` characters and a cursor."""

    def __init__(self, rows: int = 24, columns: int = 80) -> None:
        self.rows, self.columns = rows, columns
        self.grid = [[" "] * columns for _ in range(rows)]
        self.y = self.x = 0
        self._pending = ""
        self.syncing = False           # inside a frame (synchronized output, mode 2026)
        self.frames = 0
        self.on_frame: Callable[[list[str]], None] | None = None
        self.replies: list[bytes] = []

    def feed(self, data: str) -> None:
        text = self._pending + data
        self._pending = ""
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "\x1b":
                for pattern in (_CSI, _OSC, _ESC):
                    match = pattern.match(text, i)
                    if match:
                        if pattern is _CSI:
                            self._csi(match.group(1), match.group(3), match.group(2))
                        i = match.end()
                        break
                else:
                    if len(text) - i < 64:          # cut off mid-sequence: wait for the rest
                        self._pending = text[i:]
                        return
                    i += 1
                continue
            if ch == "\r":
                self.x = 0
            elif ch == "\n":
                self.y = min(self.y + 1, self.rows - 1)
            elif ch == "\b":
                self.x = max(0, self.x - 1)
            elif ch >= " " and unicodedata.category(ch) not in ("Mn", "Cf"):
                self._put(ch)
            i += 1

    def _put(self, ch: str) -> None:
        wide = unicodedata.east_asian_width(ch) in ("W", "F")
        if self.x >= self.columns:
            self.x = self.columns - 1
        self.grid[self.y][self.x] = ch
        self.x += 1
        if wide and self.x < self.columns:
            self.grid[self.y][self.x] = ""
            self.x += 1

    def _csi(self, params: str, final: str, intermediate: str = "") -> None:
        if params == "?2026" and intermediate == "$" and final == "p":
            self.replies.append(b"\x1b[?2026;2$y")     # synchronized output: supported
            return
        if params == "?2026" and final in "hl":
            self.syncing = final == "h"
            if final == "l":
                self.frames += 1
                if self.on_frame is not None:
                    self.on_frame(self.lines())
            return
        if params.startswith("?") or intermediate or final in "mhlrtnsu":
            return
        numbers = [int(p) if p else 0 for p in params.split(";")] if params else []

        def arg(index: int, default: int) -> int:
            return numbers[index] if len(numbers) > index and numbers[index] else default

        if final in "Hf":
            self.y = min(self.rows, arg(0, 1)) - 1
            self.x = min(self.columns, arg(1, 1)) - 1
        elif final == "A":
            self.y = max(0, self.y - arg(0, 1))
        elif final == "B":
            self.y = min(self.rows - 1, self.y + arg(0, 1))
        elif final == "C":
            self.x = min(self.columns - 1, self.x + arg(0, 1))
        elif final == "D":
            self.x = max(0, self.x - arg(0, 1))
        elif final == "G":
            self.x = min(self.columns, arg(0, 1)) - 1
        elif final == "d":
            self.y = min(self.rows, arg(0, 1)) - 1
        elif final == "K":
            mode = arg(0, 0) if numbers else 0
            row = self.grid[self.y]
            span = {0: range(self.x, self.columns), 1: range(0, self.x + 1),
                    2: range(self.columns)}.get(mode, range(0))
            for c in span:
                row[c] = " "
        elif final == "J":
            mode = numbers[0] if numbers else 0
            if mode in (2, 3):
                self.grid = [[" "] * self.columns for _ in range(self.rows)]
            elif mode == 0:
                self.grid[self.y][self.x:] = [" "] * (self.columns - self.x)
                for r in range(self.y + 1, self.rows):
                    self.grid[r] = [" "] * self.columns
        elif final == "X":
            for c in range(self.x, min(self.columns, self.x + arg(0, 1))):
                self.grid[self.y][c] = " "

    def lines(self) -> list[str]:
        return ["".join(row) for row in self.grid]

    def text(self) -> str:
        return "\n".join(self.lines())


def env_for(data: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), DOMINOES_DATA_DIR=str(data),
               DOMINOES_CONFIG_DIR=str(data / "config"), TERM="xterm",
               TEXTUAL_ANIMATIONS="none")
    env.update(extra)
    return env


def _take_terminal() -> None:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class App:
    """``dominoes ARGS`` in a pseudo-terminal; ``screen`` is what it shows now.
    ``on_frame`` (if given) is called with the screen's lines after every whole frame."""

    def __init__(self, args: list[str], env: dict[str, str], *, rows: int = 24,
                 columns: int = 80, on_frame: Callable[[list[str]], None] | None = None) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", *args], stdin=slave, stdout=slave, stderr=slave,
            cwd=ROOT, env=env, start_new_session=True, preexec_fn=_take_terminal)
        os.close(slave)
        self.master = master
        self.screen = Screen(rows, columns)
        self.lock = threading.Lock()
        self.last_frame: list[str] = self.screen.lines()
        self._on_frame = on_frame
        self.screen.on_frame = self._frame
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        import codecs
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        while not self._stop.is_set():
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                continue
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.screen.feed(decoder.decode(data))
                replies, self.screen.replies = self.screen.replies, []
            for reply in replies:
                os.write(self.master, reply)

    def _frame(self, lines: list[str]) -> None:
        self.last_frame = lines
        if self._on_frame is not None:
            self._on_frame(lines)

    def lines(self) -> list[str]:
        """The screen as its last whole frame left it."""
        with self.lock:
            return list(self.last_frame)

    @property
    def frames(self) -> int:
        return self.screen.frames

    def text(self) -> str:
        return "\n".join(self.lines())

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def wait_for(self, test: Callable[[str], bool], what: str, limit: float = 60.0) -> str:
        """The screen's text once ``test`` holds for it (polled); fails after ``limit``."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            text = self.text()
            if test(text):
                return text
            assert self.proc.poll() is None, f"the app ended: {what}\n{text}"
            time.sleep(0.05)
        raise AssertionError(f"never: {what}\n{self.text()}")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._stop.set()
        self._reader.join()
        if self.master >= 0:
            os.close(self.master)
            self.master = -1
