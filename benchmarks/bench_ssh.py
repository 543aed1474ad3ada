"""Benchmark the ssh front door with 8 and 20 concurrent ssh seats (real TUI children).

Each seat is an in-process asyncssh client drawing into a pyte screen; seats sit at
Tricks'N'Trumps tables of four remote players (2 tables for 8 seats, 5 for 20), all served by
one process.  Printed per run:
- memory: RSS of the child processes (one per ssh connection) per seat, and of the server;
- time to first screen: from opening the ssh session to the player's hand drawn on the screen,
  with every seat connecting at once;
- key-to-screen latency: a player presses Enter; time until the played card appears on the
  OTHER players' screens at that table (while every table plays at once).

Usage: .venv/bin/python benchmarks/bench_ssh.py [N ...]   (default: 8 20)
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402
import pyte  # noqa: E402

from cardtable.net.server import TableServer  # noqa: E402
from cardtable.net.ssh import SshFrontDoor  # noqa: E402
from cardtable.session import SeatConfig, Table  # noqa: E402

SEATS_PER_TABLE = 4


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class Seat:
    def __init__(self, table: Table, seat: int, front: SshFrontDoor, code: str) -> None:
        self.table, self.seat, self.front, self.code = table, seat, front, code
        self.screen = pyte.Screen(100, 32)
        self.stream = pyte.ByteStream(self.screen)
        self.watch: dict[str, float] = {}  # text -> time first seen
        self.first_screen: float | None = None

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def run(self, started: float) -> None:
        self.conn = await asyncssh.connect("127.0.0.1", self.front.port, username=f"seat{self.seat + 1}",
                                           password=self.code, known_hosts=None)
        t0 = time.monotonic()
        self.proc = await self.conn.create_process(term_type="xterm-256color", term_size=(100, 32), encoding=None)
        mine = [c.display() for c in self.table.view(self.seat).hand]
        while True:
            data = await self.proc.stdout.read(65536)
            if not data:
                return
            self.stream.feed(data)
            now = time.monotonic()
            text = self.text()
            if self.first_screen is None and all(m in text for m in mine):
                self.first_screen = now - t0
            for k in list(self.watch):
                if self.watch[k] == 0.0 and k in text:
                    self.watch[k] = now


async def bench(n: int) -> None:
    home = tempfile.mkdtemp(prefix="bench-ssh-")
    os.environ["CARDTABLE_HOME"] = home
    tables, servers, fronts, seats = [], [], [], []
    for t in range((n + SEATS_PER_TABLE - 1) // SEATS_PER_TABLE):
        k = min(SEATS_PER_TABLE, n - t * SEATS_PER_TABLE)
        k = max(k, 2)
        table = Table.new("tricks_n_trumps", [SeatConfig("remote", f"P{i}") for i in range(k)],
                          {"hand_size": 8}, seed=100 + t)
        server = TableServer(table, bot_delay=0)
        front = SshFrontDoor(server, key_path=Path(home) / "key", child_env={"PYTHONPATH": str(ROOT)},
                             max_sessions=64)
        await front.start("127.0.0.1", 0)
        tables.append(table), servers.append(server), fronts.append(front)
        seats += [Seat(table, s, front, server.slots[s].code) for s in range(k)]
    seats = seats[:n]
    started = time.monotonic()
    tasks = [asyncio.create_task(s.run(started)) for s in seats]
    async with asyncio.timeout(120):
        while any(s.first_screen is None for s in seats):
            await asyncio.sleep(0.02)
    await asyncio.sleep(1.0)  # let every child settle before measuring memory
    children = [sess.proc.pid for f in fronts for sess in f.sessions if sess.proc is not None]
    child_rss = [rss_kib(p) for p in children]
    firsts = sorted(s.first_screen for s in seats)

    latencies: list[float] = []
    for _move in range(6):
        pressed = []
        for table in tables:
            mover = next((s for s in seats if s.table is table and s.seat == table.state.to_act), None)
            if mover is None or table.state.is_over:
                continue
            view = table.view(mover.seat)
            card = view.legal[0].card
            # Enter plays the selected card; find which card that is after the press from the table itself
            others = [s for s in seats if s.table is table and s is not mover]
            before = len(table.state.history)
            pressed.append((table, mover, others, before, time.monotonic()))
            mover.proc.stdin.write(b"\r")
        async with asyncio.timeout(30):
            for table, mover, others, before, t_press in pressed:
                while len(table.state.history) <= before:
                    await asyncio.sleep(0.002)
                played = table.state.history[before].card.display()
                for o in others:
                    o.watch.setdefault(played, 0.0)
                    if played in o.text():
                        o.watch[played] = o.watch[played] or time.monotonic()
                for o in others:
                    while o.watch[played] == 0.0:
                        await asyncio.sleep(0.002)
                    latencies.append(o.watch.pop(played) - t_press)
        await asyncio.sleep(0.3)
    for s in seats:
        s.conn.close()
    for f, srv in zip(fronts, servers):
        await f.close()
        await srv.close()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(latencies)
    print(f"{n} concurrent ssh seats ({len(tables)} tables):")
    print(f"  child RSS per seat: mean {statistics.mean(child_rss) / 1024:.1f} MiB, "
          f"max {max(child_rss) / 1024:.1f} MiB ({len(child_rss)} children); server RSS {rss_kib(os.getpid()) / 1024:.1f} MiB")
    print(f"  time to first screen: min {firsts[0]:.2f} s, median {statistics.median(firsts):.2f} s, "
          f"max {firsts[-1]:.2f} s")
    if lat:
        print(f"  key-to-screen latency (other seats): median {statistics.median(lat) * 1000:.0f} ms, "
              f"p95 {lat[int(0.95 * (len(lat) - 1))] * 1000:.0f} ms, max {lat[-1] * 1000:.0f} ms ({len(lat)} samples)")


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [8, 20]
    print(f"cpus {os.cpu_count()}, python {sys.version.split()[0]}")
    for n in sizes:
        print(f"load average before: {os.getloadavg()[0]:.1f}")
        asyncio.run(bench(n))


if __name__ == "__main__":
    main()
