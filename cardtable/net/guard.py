"""Guards for the doors of a hosted table: who is counted as "one address", how many strangers may wait
at the door, and how fast an address may try join codes.  Shared by the table port, the ssh port and the web port.

- :func:`address_key`: an IPv4 address, or the /64 network of an IPv6 one (one machine usually owns a
  whole /64, so counting single IPv6 addresses would let it take as many turns as it likes).
- :class:`Doorway`: the connections that have not proved who they are yet.  A new one never waits for
  a free place: over a cap, the connection that has been waiting longest and done least (from its own
  address for the per-address cap, from the busiest address for the total cap) is pushed out.  So idle
  strangers can never lock out a player who arrives with a valid code, and a flood from one address
  only ever pushes out its own connections.
- :class:`GuessThrottle`: wrong codes slow their address down across all its connections and every
  door: a few wrong codes are answered at once, later ones only after a pause, and an address with
  many wrong codes outstanding has its next codes wait to be checked.  A valid code is let in at
  once, so a player behind the same address as a guesser is not held up by the guessing.
- :class:`InputBudget`: how many bytes of keys and clicks a seat's terminal may send (a token
  bucket); what comes faster is dropped, so a flood of pasted keys cannot queue minutes of input
  for the table screen while the table waits.
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

T = TypeVar("T")


def address_key(peer: Any) -> str:
    """The address a connection is counted under (see the module docstring); ``local`` for a Unix socket."""
    host = peer[0] if isinstance(peer, (tuple, list)) and peer else str(peer or "local")
    try:
        ip = ipaddress.ip_address(str(host).split("%", 1)[0])
    except ValueError:
        return str(host) or "local"
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass(eq=False)
class Visitor(Generic[T]):
    """One connection waiting at the door: its address, when it came, whether it has spoken yet."""

    item: T
    addr: str
    since: float = field(default_factory=time.monotonic)
    spoke: bool = False  # sent its hello / began to log in: pushed out only after the silent ones


class Doorway(Generic[T]):
    """Connections that have not authenticated, capped per address and in total (by pushing out)."""

    def __init__(self, per_address: int, total: int, spoke: Callable[[T], bool] | None = None) -> None:
        self.per_address, self.total = max(1, per_address), max(1, total)
        self._waiting: dict[int, Visitor[T]] = {}
        self._spoke_now = spoke  # asked when choosing whom to push out: has this one said anything yet?

    def count(self, addr: str | None = None) -> int:
        return sum(1 for v in self._waiting.values() if addr is None or v.addr == addr)

    def enter(self, item: T, addr: str) -> list[T]:
        """Let ``item`` in; returns the connections to push out to keep within the caps."""
        out: list[T] = []
        while self.count(addr) >= self.per_address:
            out.append(self._leave(self._first_to_go(addr)))
        while len(self._waiting) >= self.total:
            out.append(self._leave(self._first_to_go(self._busiest())))
        self._waiting[id(item)] = Visitor(item, addr)
        return out

    def spoke(self, item: T) -> None:
        if id(item) in self._waiting:
            self._waiting[id(item)].spoke = True

    def leave(self, item: T) -> None:
        self._waiting.pop(id(item), None)

    def _busiest(self) -> str:
        counts: dict[str, int] = {}
        for v in self._waiting.values():
            counts[v.addr] = counts.get(v.addr, 0) + 1
        return max(counts, key=lambda a: counts[a])

    def _first_to_go(self, addr: str) -> Visitor[T]:
        def rank(v: Visitor[T]) -> tuple[bool, float]:
            return v.spoke or bool(self._spoke_now and self._spoke_now(v.item)), v.since

        return min((v for v in self._waiting.values() if v.addr == addr), key=rank)

    def _leave(self, v: Visitor[T]) -> T:
        self._waiting.pop(id(v.item), None)
        return v.item


class GuessThrottle:
    """Per address: a valid code gets in at once; wrong codes are slowed (issue 30).

    A leaky bucket of wrong codes per address: every wrong code adds one, the bucket drains one
    per ``interval``.  The first ``free`` wrong codes are answered at once; the answer to each
    further one is held while the bucket is over ``free`` (at most ``max_hold`` seconds).  A code
    is checked as soon as it comes while the bucket holds fewer than ``limit`` wrong codes, so a
    player behind the same router as a guesser (or after their own typos) is never kept waiting
    by earlier guesses; only an address that keeps ``limit`` wrong codes outstanding has its next
    codes wait to be checked, which bounds guessing at ``limit`` codes at once and then one per
    interval.  Checking and counting happen with no await in between, so many connections of one
    address cannot slip past together."""

    def __init__(
        self,
        free: int = 5,
        interval: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        limit: int | None = None,
        max_hold: float | None = None,
    ) -> None:
        self.free, self.interval, self.clock = max(1, free), interval, clock
        self.limit = max(self.free, limit if limit is not None else 6 * self.free)
        self.max_hold = max_hold if max_hold is not None else self.free * interval
        self._bucket: dict[str, tuple[float, float]] = {}  # addr -> (wrong codes, when counted)
        self._checks: dict[str, int] = {}

    def _level(self, addr: str, now: float) -> float:
        level, at = self._bucket.get(addr, (0.0, now))
        return level if self.interval <= 0 else max(0.0, level - (now - at) / self.interval)

    def wait(self, addr: str) -> float:
        """Seconds before a code from ``addr`` may be checked (0: now; more only at the limit)."""
        if self.interval <= 0:
            return 0.0
        over = self._level(addr, self.clock()) - (self.limit - 1)
        return max(0.0, over * self.interval)

    def hold(self, addr: str) -> float:
        """Seconds the answer to a wrong code from ``addr`` would be held now (0: answered at once)."""
        if self.interval <= 0:
            return 0.0
        over = self._level(addr, self.clock()) - (self.free - 1)
        return min(self.max_hold, max(0.0, over * self.interval))

    async def check(self, addr: str, verify: Callable[[], T | None]) -> T | None:
        """``verify()`` as soon as ``addr`` may have a code checked; a None result counts as a wrong
        code, and its answer is held as the bucket says (a valid result returns at once)."""
        while (delay := self.wait(addr)) > 0:
            await asyncio.sleep(delay)
        self._checks[addr] = self._checks.get(addr, 0) + 1
        held = self.hold(addr)
        result = verify()
        if result is not None:
            return result
        now = self.clock()
        self._bucket[addr] = (self._level(addr, now) + 1.0, now)
        self._forget_old(now)
        if held > 0:
            await asyncio.sleep(held)
        return None

    def checks(self, addr: str) -> int:
        """How many codes from ``addr`` have been checked (for the host's log and for tests)."""
        return self._checks.get(addr, 0)

    def _forget_old(self, now: float) -> None:
        if len(self._bucket) > 4096:  # keep memory bounded: drop the addresses whose bucket has drained
            for addr in [a for a in self._bucket if self._level(a, now) == 0.0]:
                self._bucket.pop(addr, None)
                self._checks.pop(addr, None)


class InputBudget:
    """A seat terminal's input allowance: ``burst`` bytes at once, then ``rate`` bytes a second.
    :meth:`take` says whether a chunk of input may pass whole; a chunk that may not is dropped
    whole (never cut inside a key's escape sequence)."""

    def __init__(
        self, rate: float = 2048.0, burst: float = 8192.0, clock: Callable[[], float] = time.monotonic
    ):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self._at = burst, clock()
        self.dropped = 0  # bytes dropped so far (for the host's log and the tests)

    def take(self, size: int) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self._at) * self.rate)
        self._at = now
        if size <= self.tokens:
            self.tokens -= size
            return True
        self.dropped += size
        return False
