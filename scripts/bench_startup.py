#!/usr/bin/env python3
"""How long the game takes to show its title screen, next to a bare Textual app.

    .venv/bin/python scripts/bench_startup.py [--runs 10] [--json]

Each program is started N times (after one warm-up run each, not counted; the
runs alternate so both see the same machine load) in its own pseudo-terminal of
80x24 with TERM=xterm-256color, as a player's terminal would start it. The time
is the wall time from spawn until the first frame holding the whole screen has
been written: the escape codes are stripped from everything the program wrote
and the clock stops when the screen's text is all there (the game: the title
banner and the footer's keys; the bare app: its one line). Then Ctrl+Q ends the
program (killed by its process id if it does not leave within 5 s).

The three programs, all on this Python:

* ``python``   the interpreter printing one word (the floor under both);
* ``textual``  a bare Textual app: one Static and nothing else;
* ``dominoes`` the game (``dominoes`` next to this Python, else ``-m tui.cli``),
  with its saves and settings in a throwaway folder.

Python's bytecode cache is on for both programs, as it is by default (a machine that
sets ``PYTHONDONTWRITEBYTECODE`` would otherwise compile the game's modules on every
start, which no player's installation does); it is kept in the throwaway folder.

Prints median, p90, min, max and mean per program (and the load average before and
after, since other work on the machine moves every figure) and the ratio of the medians,
game / bare Textual (and the difference in milliseconds).
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROWS, COLUMNS = 24, 80

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("BARE TEXTUAL READY")

Bare().run()
"""

ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]"      # CSI: colours, cursor moves, modes
                     rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC: title, clipboard
                     rb"|\x1b[PX^_][^\x1b]*\x1b\\"     # DCS and other strings
                     rb"|\x1b[()][0-9A-Za-z]|\x1b[=>78MDEHc]")


@dataclass
class Program:
    name: str
    argv: list[str]
    markers: tuple[bytes, ...]
    """Texts that are all on the screen once the first full frame is out."""
    times: list[float] = field(default_factory=list)


def game_argv() -> list[str]:
    script = Path(sys.executable).with_name("dominoes")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "tui.cli"]


def programs() -> list[Program]:
    return [
        Program("python", [sys.executable, "-c", "print('PYTHON READY')"], (b"PYTHON READY",)),
        Program("textual", [sys.executable, "-c", BARE_APP], (b"BARE TEXTUAL READY",)),
        Program("dominoes", game_argv(), (b"D O M I N O E S", b"Mexican Train", b"Play now")),
    ]


def environment(data_dir: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("COLORTERM", "NO_COLOR", "TEXTUAL", "TEXTUAL_PRESS",
                          "PYTHONDONTWRITEBYTECODE")}
    # Python keeps compiled bytecode by default (a player's machine does): the warm-up
    # run writes it, into a throwaway folder so the checkout is left as it was.
    env.update(TERM="xterm-256color", LINES=str(ROWS), COLUMNS=str(COLUMNS),
               DOMINOES_DATA_DIR=data_dir, DOMINOES_CONFIG_DIR=data_dir,
               PYTHONPYCACHEPREFIX=str(Path(data_dir) / "pycache"))
    if str(ROOT) not in env.get("PYTHONPATH", "").split(os.pathsep):
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def _child_setup() -> None:
    """In the child: make the pseudo-terminal its controlling terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def time_to_screen(program: Program, env: dict[str, str], timeout: float) -> float | None:
    """Seconds from spawn until every marker is on screen; None if it never came."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(program.argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                            cwd=tempfile.gettempdir(), start_new_session=True,
                            preexec_fn=_child_setup, close_fds=True)
    os.close(slave)
    output = bytearray()
    elapsed = None
    try:
        deadline = start + timeout
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([master], [], [], 0.05)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                data = os.read(master, 65536)
            except OSError:            # EIO: the program closed the terminal
                break
            if not data:
                break
            output += data
            text = ESCAPES.sub(b"", bytes(output))
            if all(marker in text for marker in program.markers):
                elapsed = time.perf_counter() - start
                break
    finally:
        _stop(proc, master)
    return elapsed


def _stop(proc: subprocess.Popen, master: int) -> None:
    """Ctrl+Q, then SIGTERM and SIGKILL by process id; keeps the terminal drained."""
    if proc.poll() is None:
        try:
            os.write(master, b"\x11")
        except OSError:
            pass
    for sig, wait in ((None, 5.0), (signal.SIGTERM, 2.0), (signal.SIGKILL, 2.0)):
        if sig is not None and proc.poll() is None:
            proc.send_signal(sig)
        end = time.perf_counter() + wait
        while proc.poll() is None and time.perf_counter() < end:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    os.read(master, 65536)
                except OSError:
                    pass
        if proc.poll() is not None:
            break
    proc.wait()
    os.close(master)


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(fraction * len(ordered) + 0.5)))
    return ordered[rank - 1]


def summary(program: Program) -> dict[str, float]:
    t = program.times
    return {"median": statistics.median(t), "p90": percentile(t, 0.9), "min": min(t),
            "max": max(t), "mean": statistics.fmean(t), "runs": len(t)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="timed runs of each (default 10)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds to wait for a screen (default 60)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    progs = programs()
    failures = []
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="dominoes-bench-") as data_dir:
        env = environment(data_dir)
        for round_number in range(args.runs + 1):          # round 0 warms the caches up
            for program in progs:
                took = time_to_screen(program, env, args.timeout)
                if took is None:
                    failures.append(f"{program.name}: no screen within {args.timeout:.0f} s "
                                    f"(run {round_number})")
                elif round_number > 0:
                    program.times.append(took)
    if failures:
        print("\n".join(failures), file=sys.stderr)
    if any(not p.times for p in progs):
        return 1

    figures = {p.name: summary(p) for p in progs}
    game, bare = figures["dominoes"], figures["textual"]
    ratio = game["median"] / bare["median"]
    extra = game["median"] - bare["median"]
    if args.json:
        print(json.dumps({"terminal": f"{COLUMNS}x{ROWS}", "python": sys.version.split()[0],
                          "load": [load_before, os.getloadavg()[0]],
                          "programs": figures, "ratio_median": ratio,
                          "extra_ms_median": extra * 1000}, indent=2))
    else:
        print(f"time to first full screen, {COLUMNS}x{ROWS} pty, {args.runs} runs each "
              f"(Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
              f"load {load_before:.1f} before, {os.getloadavg()[0]:.1f} after)")
        print(f"{'':10}{'median':>10}{'p90':>10}{'min':>10}{'max':>10}{'mean':>10}")
        for name, f in figures.items():
            print(f"{name:10}" + "".join(f"{f[k] * 1000:>8.0f}ms" for k in
                                         ("median", "p90", "min", "max", "mean")))
        print(f"dominoes / bare Textual (medians): {ratio:.2f}x, "
              f"{extra * 1000:+.0f} ms")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
