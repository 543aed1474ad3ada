"""Benchmark the ssh front door with 8 and 20 concurrent ssh seats (real TUI children).

Each seat is an in-process asyncssh client drawing into a pyte screen; seats sit at
Tricks'N'Trumps tables of four remote players (2 tables for 8 seats, 5 for 20), all served by
one process.  Printed per run:
- memory: RSS of the child processes (one per ssh connection) per seat, and of the server process (a separate process from these clients);
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
    def __init__(self, table, seat: int, front, code: str) -> None:
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


SERVER_SCRIPT = """
import asyncio, json, sys
from pathlib import Path
from cardtable.net.server import TableServer
from cardtable.net.ssh import SshFrontDoor
from cardtable.session import SeatConfig, Table
async def main(n, per, home):
    out = []
    fronts = []
    for t in range((n + per - 1) // per):
        k = max(2, min(per, n - t * per))
        table = Table.new("tricks_n_trumps", [SeatConfig("remote", f"P{i}") for i in range(k)], {"hand_size": 8},
                          seed=100 + t, save_path=Path(home) / f"t{t}.json")
        server = TableServer(table, bot_delay=0)
        front = SshFrontDoor(server, key_path=Path(home) / "key", max_sessions=64)
        await front.start("127.0.0.1", 0)
        fronts.append(front)
        out.append({"port": front.port, "save": str(table.save_path), "codes": {s: server.slots[s].code for s in server.slots}})
    print(json.dumps(out), flush=True)
    while True:
        await asyncio.sleep(0.5)
        pids = [s.proc.pid for f in fronts for s in f.sessions if s.proc is not None]
        print(json.dumps({"children": pids}), flush=True)
asyncio.run(main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]))
"""


class TableMirror:
    """The bench's read-only copy of a table, rebuilt from the server's save file."""

    def __init__(self, save: str) -> None:
        self.save = save
        self.refresh()

    def refresh(self) -> None:
        from games.core import Record

        for _ in range(50):
            try:
                self.state = Record.load(self.save).replay()
                return
            except Exception:  # noqa: BLE001 - the file may be mid-rename
                time.sleep(0.01)

    def view(self, seat):
        return self.state.view(seat)


async def bench(n: int) -> None:
    import json
    import subprocess

    home = tempfile.mkdtemp(prefix="bench-ssh-")
    env = {**os.environ, "CARDTABLE_HOME": home, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, "-c", SERVER_SCRIPT, str(n), str(SEATS_PER_TABLE), home],
                              stdout=subprocess.PIPE, env=env, text=True)
    info = json.loads(server.stdout.readline())
    tables, seats = [], []

    class Front:
        def __init__(self, port):
            self.port = port

    for entry in info:
        mirror = TableMirror(entry["save"])
        tables.append(mirror)
        seats += [Seat(mirror, int(s), Front(entry["port"]), code) for s, code in entry["codes"].items()]
    seats = seats[:n]
    started = time.monotonic()
    tasks = [asyncio.create_task(s.run(started)) for s in seats]
    try:
        async with asyncio.timeout(120):
            while any(s.first_screen is None for s in seats):
                await asyncio.sleep(0.02)
    except TimeoutError:
        late = [s for s in seats if s.first_screen is None]
        print(f"{len(late)} of {n} seats had no first screen after 120 s; one of them shows:\n{late[0].text()}")
        raise
    await asyncio.sleep(1.0)  # let every child settle before measuring memory
    children = []
    while len(children) < n:
        children = json.loads(await asyncio.to_thread(server.stdout.readline))["children"]
    child_rss = [rss_kib(p) for p in children]
    server_rss = rss_kib(server.pid)
    firsts = sorted(s.first_screen for s in seats)

    latencies: list[float] = []
    for _move in range(6):
        pressed = []
        for table in tables:
            table.refresh()
            if table.state.is_over:
                continue
            mover = next(s for s in seats if s.table is table and s.seat == table.state.to_act)
            others = [s for s in seats if s.table is table and s is not mover]
            pressed.append((table, mover, others, len(table.state.history), time.monotonic()))
            mover.proc.stdin.write(b"\r")  # Enter plays the selected card
        async with asyncio.timeout(60):
            for table, mover, others, before, t_press in pressed:
                while len(table.state.history) <= before:
                    await asyncio.sleep(0.005)
                    table.refresh()
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
    server.terminate()
    server.wait(10)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(latencies)
    print(f"{n} concurrent ssh seats ({len(tables)} tables):")
    print(f"  child RSS per seat: mean {statistics.mean(child_rss) / 1024:.1f} MiB, "
          f"max {max(child_rss) / 1024:.1f} MiB ({len(child_rss)} children); server RSS {server_rss / 1024:.1f} MiB")
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
