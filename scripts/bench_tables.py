#!/usr/bin/env python3
"""The table server under load: many tables of bots, a few tables of people.

    .venv/bin/python scripts/bench_tables.py [--bot-tables 50] [--people 4] [--seconds 30]

Starts ``dominoes serve`` in its own process (socket and records in a throwaway
folder), opens ``--bot-tables`` Texas 42 tables of four standard bots (they play
on for the whole run, their records written and fsynced move by move), and
``--people / 2`` tables where two protocol clients sit with two bots and play
random legal moves as fast as their updates come. For every command a person
sends it measures the time until *every* client at that table has the update,
and prints p50/p95/max of those, the commands and bot moves a second, and the
server's resident memory (VmRSS, at the end and its peak). Loopback only;
bounded by ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tui.play.tables.client import TableClient  # noqa: E402
from tui.play.tables.runtime import server_answers  # noqa: E402
from tui.play.tables.wire import command_line, decode  # noqa: E402

BOTS = [{"kind": "bot", "level": "standard"}] * 4


def rss_kb(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of ``pid`` in KiB."""
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(("VmRSS:", "VmHWM:")):
                key, value = line.split(":")
                values[key] = int(value.split()[0])
    return values.get("VmRSS", 0), values.get("VmHWM", 0)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


async def person_table(path: Path, index: int, deadline: float, latencies: list[float]) -> int:
    """Two people and two bots at one table, each person playing on their own updates;
    returns the commands sent."""
    alice = await TableClient.connect(path, player=f"p{index}a")
    bob = await TableClient.connect(path, player=f"p{index}b")
    name = f"people-{index}"
    alice.send("open", game="texas42", name=name, options={"target": "marks:50"},
               seats=[{"kind": "me"}, BOTS[0], {"kind": "open"}, BOTS[0]])
    await alice.expect("joined")
    bob.send("join", table=name)
    await bob.expect("joined")
    alice.send("start", table=name)
    pending: dict[int, tuple[float, set[int]]] = {}    # decisions before -> (sent at, waiting)
    sent = 0

    async def person(client: TableClient, seat: int) -> None:
        nonlocal sent
        rng = random.Random(f"{index}:{seat}")
        while time.monotonic() < deadline:
            try:
                update = await client.expect("update", table=name, timeout=5)
            except TimeoutError:
                continue
            now = time.perf_counter()
            for before, (at, waiting) in list(pending.items()):
                if update["position"] > before and seat in waiting:
                    waiting.discard(seat)
                    if not waiting:
                        latencies.append(now - at)
                        del pending[before]
            if update["state"] == "over":
                return
            if update["to_act"] == seat and client.messages.empty():
                view = decode(update["view"])
                pending[update["position"]] = (time.perf_counter(), {0, 2})
                client.send("command", table=name, line=command_line(rng.choice(view.legal)))
                sent += 1

    await asyncio.gather(person(alice, 0), person(bob, 2))
    await alice.close()
    await bob.close()
    return sent


async def run(args: argparse.Namespace, path: Path, pid: int) -> None:
    host = await TableClient.connect(path, player="host")
    for index in range(args.bot_tables):
        host.send("open", game="texas42", name=f"bots-{index}", options={"target": "marks:50"},
                  seats=BOTS)
        await host.expect("opened")
        host.send("start", table=f"bots-{index}")
    await host.request("ping", "pong")
    peak = 0
    deadline = time.monotonic() + args.seconds
    latencies: list[float] = []
    started = time.monotonic()
    tasks = [asyncio.ensure_future(person_table(path, i, deadline, latencies))
             for i in range(args.people // 2)]

    async def sample() -> None:
        nonlocal peak
        while time.monotonic() < deadline:
            peak = max(peak, rss_kb(pid)[0])
            await asyncio.sleep(0.5)

    sampler = asyncio.ensure_future(sample())
    sent = sum(await asyncio.gather(*tasks))
    sampler.cancel()
    elapsed = time.monotonic() - started
    listing = await host.request("list", "tables")
    rss, hwm = rss_kb(pid)
    await host.close()
    records = Path(os.environ["DOMINOES_SERVER_DATA"]) / "tables"
    lines = sum(sum(1 for _ in open(p)) - 1 for p in records.glob("*.jsonl"))
    print(f"tables: {args.bot_tables} of four bots, {args.people // 2} of two people and two bots "
          f"({len(listing['tables'])} listed); {elapsed:.1f} s")
    print(f"people's commands: {sent} ({sent / elapsed:.1f}/s); record lines written by all "
          f"tables: {lines} ({lines / elapsed:.0f}/s)")
    if latencies:
        print("command -> every client's update: "
              f"p50 {1000 * percentile(latencies, 0.5):.1f} ms, "
              f"p95 {1000 * percentile(latencies, 0.95):.1f} ms, "
              f"max {1000 * max(latencies):.1f} ms")
    print(f"server memory: {rss / 1024:.1f} MiB now, peak sampled {peak / 1024:.1f} MiB, "
          f"high-water {hwm / 1024:.1f} MiB")
    print(f"load average: {os.getloadavg()[0]:.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot-tables", type=int, default=50)
    parser.add_argument("--people", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--bot-delay", type=float, default=0.2)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="dtb-", dir="/tmp"))
    path = folder / "s.sock"
    env = dict(os.environ, DOMINOES_SERVER=str(path), DOMINOES_SERVER_DATA=str(folder / "data"))
    os.environ.update(DOMINOES_SERVER_DATA=env["DOMINOES_SERVER_DATA"])
    server = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--idle", "600",
                               "--bot-delay", str(args.bot_delay)], env=env, cwd=ROOT,
                              stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            if server_answers(path, 0.2):
                break
            time.sleep(0.05)
        asyncio.run(run(args, path, server.pid))
    finally:
        server.terminate()
        server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
