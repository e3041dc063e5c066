"""How the app leaves when it is told to go: SIGTERM, SIGHUP, or a terminal that is gone.

* **SIGTERM** (``kill``, a shutdown, a service manager) and **SIGHUP** with the
  terminal still there: every game in play is closed -- its autosave flushed and
  closed, its lock released -- and the app exits the ordinary way
  (``App.exit``), so Textual's driver turns mouse reporting off, leaves the
  alternate screen and puts the terminal's settings back.
* **SIGHUP with the terminal gone** (a closed window, a dropped SSH connection),
  or the terminal found hung up without a signal (the app was not in the
  terminal's session): the games are closed the same way and the process ends at
  once -- there is no terminal left to restore, and writing to it could block.
  The game was saved as it went, so nothing is lost.

The signals are taken through the event loop (``loop.add_signal_handler``): the
handler runs between two of the app's callbacks, never in the middle of a move
being written. An orderly exit that has not finished after :data:`GRACE` seconds,
or a second signal, ends the process at once (after turning the terminal's modes
off, if the app had not done it yet); the save tolerates that as it tolerates a
kill. The exit status is 128 + the signal's number (143 for SIGTERM, 129 for
SIGHUP), as a shell reports a process a signal ended.

No Textual import, no game rule: the app is used through ``exit`` and the game in
play (``tui.host``: its game screen's ``session`` and ``workers``).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import termios
import threading
from typing import Any

LEAVE_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
GRACE = 5.0
"""Seconds an orderly exit may take before the process is ended at once."""
WATCH_EVERY = 0.5
"""Seconds between two looks at whether the terminal is still there."""

# What Textual's driver turns on, turned off: mouse reporting (and its pixel, SGR
# and urxvt forms), bracketed paste, the kitty keyboard protocol, focus events;
# line wrapping and the cursor back; then out of the alternate screen.
RESTORE_TERMINAL = ("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l"
                    "\x1b[?2004l\x1b[?7h\x1b[<u\x1b[?1004l\x1b[?1049l\x1b[?25h")


def exit_status(signum: int) -> int:
    return 128 + int(signum)


def terminal_alive(fd: int) -> bool:
    """Whether ``fd`` is still a terminal that answers (a hung-up one fails with EIO)."""
    try:
        termios.tcgetattr(fd)
    except (termios.error, OSError, ValueError):
        return False
    return True


def close_games(app: Any) -> int:
    """Stop the bots of the game in play and close its session (the autosave is
    flushed and closed, its lock released). Returns how many sessions were closed."""
    from tui.host import game_screen_of
    screen = game_screen_of(app)        # None while no game screen is mounted
    if screen is None:
        return 0
    try:
        screen.workers.cancel_group(screen, "bots")
    except Exception:
        pass
    try:
        screen.session.close()
    except (OSError, ValueError):
        return 0
    return 1


class SignalExit:
    """While installed, SIGTERM and SIGHUP (and a terminal that hangs up) end ``app``
    in order. Install it on the loop that runs the app, from the main thread."""

    def __init__(self, app: Any, loop: asyncio.AbstractEventLoop,
                 terminal_fd: int | None = None, output_fd: int | None = None,
                 grace: float = GRACE, watch_every: float = WATCH_EVERY) -> None:
        self.app = app
        self.loop = loop
        self.terminal_fd = _fileno(sys.__stdin__) if terminal_fd is None else terminal_fd
        self.output_fd = _fileno(sys.__stderr__) if output_fd is None else output_fd
        self.grace = grace
        self.watch_every = watch_every
        self.signum: int | None = None
        """The signal the app is leaving for (None while it is not)."""
        self.restored = False
        """Whether the app has run to its end (its driver put the terminal back)."""
        self._installed: list[int] = []
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None
        self._timer: threading.Timer | None = None

    # -- installing ---------------------------------------------------------------------
    def install(self) -> SignalExit:
        for signum in LEAVE_SIGNALS:
            self.loop.add_signal_handler(signum, self.leave, signum)
            self._installed.append(signum)
        if self.terminal_fd is not None and self.watch_every > 0:
            self._watcher = threading.Thread(target=self._watch_terminal, daemon=True,
                                             name="dominoes-terminal-watch")
            self._watcher.start()
        return self

    def uninstall(self) -> None:
        """The app has ended (the terminal is back): signals kill as usual again. A grace
        timer already running stays, so an exit stuck after this point still ends."""
        self.restored = True
        self._stop.set()
        for signum in self._installed:
            try:
                self.loop.remove_signal_handler(signum)
            except (RuntimeError, ValueError):
                pass
        self._installed.clear()

    def __enter__(self) -> SignalExit:
        return self.install()

    def __exit__(self, *exc: object) -> None:
        self.uninstall()

    # -- leaving --------------------------------------------------------------------------
    def leave(self, signum: int) -> None:
        """On the loop: close the games and exit (see the module's text)."""
        if self.signum is not None:             # told twice: go now
            self.end_now()
            return
        self.signum = signum
        self._timer = threading.Timer(self.grace, self.end_now)
        self._timer.daemon = True
        self._timer.start()
        close_games(self.app)
        if signum == signal.SIGHUP and not self._terminal_there():
            self.restored = True                # nothing left to restore
            self.end_now()
            return
        self.app.exit(return_code=exit_status(signum))

    def end_now(self) -> None:
        """End the process at once (from the loop or the grace timer's thread)."""
        status = exit_status(self.signum or signal.SIGTERM)
        if not self.restored and self.output_fd is not None:
            self._restore_terminal()
        try:
            sys.stderr.flush()
        except Exception:
            pass
        os._exit(status)

    def _restore_terminal(self) -> None:
        driver = getattr(self.app, "_driver", None)
        attrs = getattr(driver, "attrs_before", None)
        if attrs is not None and self.terminal_fd is not None:
            try:
                termios.tcsetattr(self.terminal_fd, termios.TCSANOW, attrs)
            except (termios.error, OSError, ValueError):
                pass
        try:
            os.write(self.output_fd, RESTORE_TERMINAL.encode())  # type: ignore[arg-type]
        except OSError:
            pass

    def _terminal_there(self) -> bool:
        return self.terminal_fd is not None and terminal_alive(self.terminal_fd)

    def _watch_terminal(self) -> None:
        """A closed terminal that sent no SIGHUP (the app not in its session) reads as
        endless end-of-file: notice it hung up and leave as for SIGHUP."""
        while not self._stop.wait(self.watch_every):
            if not self._terminal_there():
                try:
                    self.loop.call_soon_threadsafe(self._hung_up)
                except RuntimeError:            # the loop has closed: the app is done
                    pass
                return

    def _hung_up(self) -> None:
        if self.signum is None and not self.restored:
            self.leave(signal.SIGHUP)


def _fileno(stream: Any) -> int | None:
    try:
        return stream.fileno() if stream is not None else None
    except (OSError, ValueError, AttributeError):
        return None
