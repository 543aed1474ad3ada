"""Test helpers: a TableServer on its own loop in a background thread, on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from cardtable.net.server import Limits, TableServer
from cardtable.session import SeatConfig, Table

#: ``cardtable host`` as a subprocess runs it (followed by the host's arguments)
HOST_COMMAND = [
    sys.executable,
    "-c",
    "import sys; from cardtable.cli import main; main(sys.argv[1:])",
    "host",
]


def make_table(
    seats: str = "remote,remote,bot",
    seed: int = 7,
    save_path: Path | None = None,
    options: dict | None = None,
    open_seats: bool = False,
) -> Table:
    """A Tricks'N'Trumps table; ``open_seats``: its remote seats are left for anyone (a lobby may give them)."""
    configs = [
        SeatConfig("remote", f"P{i}", open=open_seats)
        if k == "remote"
        else SeatConfig("bot", f"Bot{i}", "heuristic")
        for i, k in enumerate(seats.split(","))
    ]
    return Table.new("tricks_n_trumps", configs, options or {}, seed=seed, save_path=save_path)


class ServerThread:
    """Run ``TableServer(table, **kw)`` on a private loop; ``call(coro_fn)`` runs code on that loop."""

    def __init__(self, table: Table, **kw) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        kw.setdefault("bot_delay", 0)
        self.server: TableServer = self.call(lambda: _make(table, kw))
        self.host, self.port = self.call(lambda: self.server.start_tcp("127.0.0.1", 0))
        self.address = f"{self.host}:{self.port}"

    def call(self, fn: Callable, timeout: float = 10.0):
        async def run():
            return await fn()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    def code(self, seat: int) -> str:
        return self.server.slots[seat].code

    def stop(self) -> None:
        try:
            self.call(lambda: self.server.close(), timeout=10)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)


async def _make(table: Table, kw: dict) -> TableServer:
    return TableServer(table, **kw)


def wait_until(pred: Callable[[], bool], timeout: float = 10.0, what: str = "condition") -> None:
    """Poll ``pred`` (a bound on waiting, not a timing assertion)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")


__all__ = ["HOST_COMMAND", "Limits", "ServerThread", "make_table", "wait_until"]


async def bounded(pred, timeout: float, what: str):
    """Wait for ``pred()`` and return it (a bound on waiting, not a timing assertion)."""
    end = time.monotonic() + timeout
    while not (got := pred()):
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        await asyncio.sleep(0.02)
    return got
