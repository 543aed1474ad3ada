"""The table server: one authoritative :class:`~cardtable.session.Table`, many connections.

Connections speak the line protocol of :mod:`cardtable.net.wire` over TCP (joined with a
per-seat join code) or over a private Unix socket (joined with a one-time token minted by the
ssh front door for the child process it starts).  The server

- applies actions only through ``Table.submit(seat, ...)`` for the connection's own seat, so
  out-of-turn and illegal actions are refused by the same rules as local play;
- runs bot seats (and stand-ins) with the one bot runner, :class:`~cardtable.pacer.Pacer`: paced
  by ``bot_delay``, thinking in a thread, a failing bot said on the host's log and replaced by
  the first legal move;
- sends each connection only ``view(its seat)`` (spectators get ``view(None)``), coalesced: a
  slow reader receives the latest view, never a growing backlog, and never slows other seats;
- holds a dropped seat for ``hold`` seconds: meanwhile the table waits (``while_away="wait"``)
  or a stand-in bot plays it (``"bot"``); after the hold a stand-in bot plays until the player
  reconnects with the same code into the current view;
- bounds everything a client can send: line size (64 KiB), message rate (token bucket),
  malformed messages (an error each, a disconnect after too many; any message that breaks a
  handler gets the one-line error too, and the trace goes to the host's log), the time allowed
  before the hello (short), and the connections that have not said hello: capped per address
  and in total by pushing out the longest-waiting idle one (see :mod:`.guard`), so strangers
  never lock out a player with a valid code.  Seated players, spectators and the ssh children
  on the Unix socket are not counted there.  Wrong codes are throttled per address, across
  connections and across the table and ssh ports (one :class:`~.guard.GuessThrottle`);
- exchanges heartbeats with every joined connection: a peer that says nothing for
  ``dead_after`` seconds (a frozen or vanished client) is dropped, so its seat is held exactly
  like a seat whose connection closed;
- when ``resumed``, holds every remote seat from the start, as if all had just dropped.
The Table saves its record atomically after every action, so ``resume`` loses nothing.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.bots import Bot, make_bot
from games.core import CardtableError, IllegalActionError, ProtocolError

from cardtable.pacer import BOT_DELAY, Pacer, pause_before
from cardtable.session import Table

from . import wire
from .guard import Doorway, GuessThrottle, address_key

_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i


def new_code() -> str:
    """A join code such as ``k7mq-2xpd`` (about 40 bits; easy to read aloud)."""
    chars = [secrets.choice(_CODE_ALPHABET) for _ in range(8)]
    return "".join(chars[:4]) + "-" + "".join(chars[4:])


def codes_path(save_path: Path) -> Path:
    """Where the join codes of a hosted table are kept beside its save (0600), for --resume."""
    return save_path.with_name(save_path.name + ".codes")


def load_or_make_codes(save_path: Path | None, seats: list[int]) -> dict[int, str]:
    """The join codes of ``seats``: the ones saved beside ``save_path`` if any, new ones otherwise."""
    codes: dict[int, str] = {}
    if save_path is not None and codes_path(save_path).exists():
        try:
            data = json.loads(codes_path(save_path).read_text())
            codes = {int(k): str(v) for k, v in data.items() if int(k) in seats}
        except (OSError, ValueError):
            codes = {}
    for s in seats:
        codes.setdefault(s, new_code())
    if save_path is not None:
        save_path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(codes_path(save_path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump({str(k): v for k, v in codes.items()}, f)
    return codes


@dataclass
class Limits:
    """What connections may do (times in seconds)."""

    max_line: int = wire.MAX_CLIENT_LINE
    rate: float = 20.0  # messages per second, sustained
    burst: float = 40.0  # messages allowed in a burst
    max_strikes: int = 10  # malformed / refused-for-flooding messages before a disconnect
    max_unauth_per_address: int = 8  # connections from one address that have not said hello
    max_unauth_total: int = 64  # ... from all addresses together
    max_spectators: int = 32
    hello_timeout: float = 5.0
    guess_free: int = 5  # wrong codes an address may try at once ...
    guess_interval: float = 1.0  # ... then one per this many seconds
    heartbeat: float = 5.0  # a ping to every joined connection this often
    dead_after: float = 15.0  # a joined peer silent this long is gone
    write_timeout: float = 30.0
    max_action_chars: int = 200


@dataclass
class SeatSlot:
    seat: int
    code: str
    conn: "Connection | None" = None
    joined: bool = False
    left_at: float | None = None
    stand_in: Bot | None = None


@dataclass(eq=False)
class Connection:
    writer: asyncio.StreamWriter
    peer: str
    addr: str = "local"  # what the caps and the guess throttle count by
    local: bool = False  # on the private Unix socket (the ssh children)
    seat: int | None = None  # None: spectator (after hello)
    hello_done: bool = False
    pending: deque = field(default_factory=deque)
    view_dirty: bool = False
    table_dirty: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False
    tokens: float = 0.0
    last_refill: float = 0.0
    strikes: int = 0
    last_view: bytes = b""

    def send(self, msg: dict[str, Any]) -> None:
        if not self.closed:
            self.pending.append(wire.dumps(msg))
            self.wake.set()


class TableServer:
    """Serve one Table to remote seats.  Use within a running asyncio loop::

        server = TableServer(table, codes)
        await server.start_tcp("127.0.0.1", 7420)
        ...
        await server.close()
    """

    def __init__(self, table: Table, codes: dict[int, str] | None = None, *, hold: float = 300.0,
                 while_away: str = "wait", bot_delay: float = BOT_DELAY, limits: Limits | None = None,
                 wait_for_players: bool = True, spectator_code: str | None = None,
                 stand_in_level: str = "heuristic", resumed: bool = False) -> None:
        if while_away not in ("wait", "bot"):
            raise CardtableError(f"while-away policy {while_away!r} is not allowed: use wait or bot")
        self.table = table
        remote = [i for i, c in enumerate(table.seats) if c.kind in ("remote", "human")]
        codes = dict(codes or {s: new_code() for s in remote})
        self.slots = {s: SeatSlot(s, codes[s]) for s in remote}
        self.hold, self.while_away, self.bot_delay = hold, while_away, bot_delay
        self.limits = limits or Limits()
        self.wait_for_players = wait_for_players
        self.spectator_code = spectator_code
        self.stand_in_level = stand_in_level
        self.connections: set[Connection] = set()
        self.doorway: Doorway[Connection] = Doorway(self.limits.max_unauth_per_address,
                                                    self.limits.max_unauth_total)
        self.throttle = GuessThrottle(self.limits.guess_free, self.limits.guess_interval)
        self.tokens: dict[str, tuple[int, float]] = {}  # one-time tokens for the ssh children
        self.servers: list[asyncio.AbstractServer] = []
        self.closing = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed = asyncio.Event()
        self._driver: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self._unsubscribe: Callable[[], None] | None = None
        self.on_event: Callable[[str], None] | None = None  # host console log
        self.pacer = Pacer(table, note=self._log, stand_in=self._playing_stand_in, apply_in_thread=True)
        if resumed:  # every remote seat starts away: its hold runs from now
            for slot in self.slots.values():
                slot.joined, slot.left_at = True, time.monotonic()

    # -- lifecycle -----------------------------------------------------------
    def _ensure_started(self) -> None:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            loop = self._loop
            self._unsubscribe = self.table.subscribe(lambda: loop.call_soon_threadsafe(self._table_changed))
            self._driver = asyncio.create_task(self._drive())
            self._spawn(self._heartbeat())

    async def start_tcp(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Listen for TCP clients; returns the bound (host, port)."""
        self._ensure_started()
        srv = await asyncio.start_server(self._serve, host, port, limit=self.limits.max_line)
        self.servers.append(srv)
        addr = srv.sockets[0].getsockname()
        return addr[0], addr[1]

    async def start_unix(self, path: str) -> str:
        """Listen on a Unix socket readable only by this user (for the ssh children)."""
        self._ensure_started()
        old = os.umask(0o177)
        try:
            srv = await asyncio.start_unix_server(self._serve_local, path, limit=self.limits.max_line)
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        self.servers.append(srv)
        return path

    def mint_token(self, seat: int | None, ttl: float = 60.0) -> str:
        """A one-time token that joins ``seat`` over the Unix socket (spent by its hello)."""
        token = secrets.token_urlsafe(24)
        self.tokens[token] = (-1 if seat is None else seat, time.monotonic() + ttl)
        return token

    def unauthenticated(self, addr: str | None = None) -> int:
        """How many TCP connections (from ``addr``, or from anywhere) have not said a good hello yet."""
        return self.doorway.count(addr)

    def seat_for_code(self, code: str) -> int | None:
        """The seat a join code opens (-1: spectator), or None."""
        for slot in self.slots.values():
            if secrets.compare_digest(slot.code, code):
                return slot.seat
        if self.spectator_code and secrets.compare_digest(self.spectator_code, code):
            return -1
        return None

    async def close(self, reason: str = "the host closed the table") -> None:
        """Say bye to everyone, stop listening, stop the driver."""
        self.closing = True
        for srv in self.servers:
            srv.close()
        for conn in list(self.connections):
            conn.send({"type": "bye", "reason": reason})
        # give the writers a moment to flush the byes
        deadline = time.monotonic() + 1.0
        while any(c.pending and not c.closed for c in self.connections) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        for conn in list(self.connections):
            self._drop(conn)
        if self._driver is not None:
            self._driver.cancel()
        for t in list(self._tasks):
            t.cancel()
        await asyncio.gather(*(t for t in [self._driver, *self._tasks] if t is not None), return_exceptions=True)
        for srv in self.servers:
            try:
                await asyncio.wait_for(srv.wait_closed(), 2.0)
            except (asyncio.TimeoutError, Exception):  # noqa: BLE001 - best effort on shutdown
                pass
        if self._unsubscribe is not None:
            self._unsubscribe()

    def _log(self, text: str) -> None:
        if self.on_event is not None:
            self.on_event(text)

    def log_failure(self, what: str) -> None:
        """Put the exception being handled on the host's log (never on a remote player's screen)."""
        self._log(f"{what}:\n{traceback.format_exc().rstrip()}")

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- fan-out -------------------------------------------------------------
    def _table_changed(self) -> None:
        for conn in self.connections:
            if conn.hello_done:
                conn.view_dirty = True
                conn.wake.set()
        self._changed.set()

    def _presence_changed(self) -> None:
        for conn in self.connections:
            if conn.hello_done:
                conn.table_dirty = True
                conn.wake.set()
        self._changed.set()

    def presence(self) -> dict[str, Any]:
        names = self.table.names
        seats = []
        for i, cfg in enumerate(self.table.seats):
            slot = self.slots.get(i)
            if slot is None:
                seats.append({"name": names[i], "kind": "bot", "connected": True})
            else:
                away = slot.conn is None
                seats.append({"name": names[i], "kind": "remote", "connected": not away,
                              "stand_in": bool(away and slot.stand_in is not None), "held": self._held_for(slot)})
        waiting = [s for s, slot in self.slots.items() if not slot.joined] if self.wait_for_players else []
        return {"type": "table", "seats": seats, "waiting": waiting}

    def _held_for(self, slot: SeatSlot) -> float | None:
        """Seconds the table still waits for an away player before a stand-in plays (None: not waiting)."""
        if slot.conn is not None or not slot.joined or slot.left_at is None or slot.stand_in is not None:
            return None
        if self.while_away != "wait":
            return None
        left = self.hold - (time.monotonic() - slot.left_at)
        return round(left, 1) if left > 0 else None

    async def _heartbeat(self) -> None:
        """Ping every joined connection; its reader drops a peer that stays silent (see _read_loop)."""
        while not self.closing:
            await asyncio.sleep(self.limits.heartbeat)
            for conn in list(self.connections):
                if conn.hello_done:
                    conn.send({"type": "ping"})

    async def _write_loop(self, conn: Connection) -> None:
        try:
            while not conn.closed:
                await conn.wake.wait()
                conn.wake.clear()
                while conn.pending:
                    conn.writer.write(conn.pending.popleft())
                if conn.table_dirty:
                    conn.table_dirty = False
                    conn.writer.write(wire.dumps(self.presence()))
                if conn.view_dirty:
                    conn.view_dirty = False
                    view = self.table.view(conn.seat)
                    data = wire.dumps({"type": "view", "view": wire.encode_view(view)})
                    if data != conn.last_view:
                        conn.last_view = data
                        conn.writer.write(data)
                async with asyncio.timeout(self.limits.write_timeout):
                    await conn.writer.drain()
        except (ConnectionError, TimeoutError, OSError):
            pass
        finally:
            self._drop(conn)

    # -- one connection --------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, local: bool = False) -> None:
        peer = writer.get_extra_info("peername")
        conn = Connection(writer, str(peer or "local"), "local" if local else address_key(peer), local,
                          tokens=self.limits.burst, last_refill=time.monotonic())
        if self.closing:
            writer.write(wire.dumps(_error("closing", "the table is closing")))
            await _close_writer(writer)
            return
        if not local:
            for other in self.doorway.enter(conn, conn.addr):
                self._push_out(other)
        self.connections.add(conn)
        self._spawn(self._write_loop(conn))
        try:
            await self._read_loop(conn, reader)
        except (ConnectionError, OSError):
            pass
        except Exception:  # noqa: BLE001 - a bug must not leave a trace on the console or kill the table
            self.log_failure(f"error serving {conn.peer}")
        finally:
            # let queued errors/byes go out before closing
            deadline = time.monotonic() + 0.5
            while conn.pending and not conn.closed and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            self._drop(conn)

    async def _serve_local(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await self._serve(reader, writer, local=True)

    def _push_out(self, conn: Connection) -> None:
        """Close a connection that never said a good hello, to make room at the door (one line says why)."""
        if not conn.closed:
            try:
                conn.writer.write(wire.dumps(_error("busy", "too many connections are waiting to join; try again")))
            except (ConnectionError, OSError, RuntimeError):
                pass
            self._drop(conn)

    async def _read_loop(self, conn: Connection, reader: asyncio.StreamReader) -> None:
        while not conn.closed:
            line = await self._next_line(conn, reader)
            if line is None:
                return
            try:
                msg = wire.loads(line.rstrip(b"\r\n"), self.limits.max_line)
                if not self._take_token(conn):
                    if self._flooding(conn, msg):
                        return
                    continue
                keep = await self._handle(conn, msg)
            except ProtocolError as exc:
                conn.strikes += 1
                conn.send(_error("protocol", str(exc)))
                if not conn.hello_done or conn.strikes > self.limits.max_strikes:
                    return
                continue
            except Exception:  # noqa: BLE001 - one line to the player, the trace to the host's log
                self.log_failure(f"error handling a message from {conn.peer}")
                conn.send(_error("internal", "the table could not handle that message"))
                continue
            if not keep:
                return

    async def _next_line(self, conn: Connection, reader: asyncio.StreamReader) -> bytes | None:
        """The next line, or None when the connection should end (an error line queued if useful)."""
        timeout = self.limits.dead_after if conn.hello_done else self.limits.hello_timeout
        try:
            async with asyncio.timeout(timeout):
                return await reader.readuntil(b"\n")
        except asyncio.IncompleteReadError:
            return None
        except asyncio.LimitOverrunError:
            conn.send(_error("too_long", f"message too long (the limit is {self.limits.max_line} bytes)"))
            return None
        except TimeoutError:
            if not conn.hello_done:
                conn.send(_error("timeout", "no hello received in time"))
            else:
                self._dead(conn)
            return None

    def _dead(self, conn: Connection) -> None:
        """A joined peer went silent (frozen, or its machine vanished): drop it now, like a closed one."""
        who = "a spectator" if conn.seat is None else self.table.names[conn.seat]
        self._log(f"{who} stopped answering (nothing heard for {self.limits.dead_after:g} s)")
        self._drop(conn, abort=True)

    def _flooding(self, conn: Connection, msg: dict[str, Any]) -> bool:
        """Refuse one message for flooding; True when the connection must end."""
        conn.strikes += 1
        ident = msg.get("id") if isinstance(msg.get("id"), int) else None
        conn.send(_error("rate", "too many messages: slow down", ident))
        if conn.strikes > self.limits.max_strikes:
            conn.send(_error("rate", "disconnected for flooding"))
            return True
        return False

    def _take_token(self, conn: Connection) -> bool:
        now = time.monotonic()
        conn.tokens = min(self.limits.burst, conn.tokens + (now - conn.last_refill) * self.limits.rate)
        conn.last_refill = now
        if conn.tokens < 1.0:
            return False
        conn.tokens -= 1.0
        return True

    async def _handle(self, conn: Connection, msg: dict[str, Any]) -> bool:
        """Handle one message; False closes the connection."""
        kind = msg["type"]
        if not conn.hello_done:
            if kind != "hello":
                raise ProtocolError("the first message must be a hello")
            return await self._hello(conn, msg)
        if kind == "act":
            await self._act(conn, msg)
        elif kind == "ping":
            conn.send({"type": "pong"})
        elif kind == "pong":
            pass  # an answer to our heartbeat: hearing it was the point
        elif kind == "view":
            conn.view_dirty, conn.last_view = True, b""
            conn.wake.set()
        elif kind == "bye":
            return False
        else:
            raise ProtocolError(f"unknown message type {kind[:40]!r}")
        return True

    async def _hello(self, conn: Connection, msg: dict[str, Any]) -> bool:
        version = wire.field(msg, "version", int)
        if version != wire.VERSION:
            conn.send(_error("version", f"this table speaks protocol version {wire.VERSION}, not {version}"))
            return False
        seat = await self._seat_for_hello(conn, msg)
        if conn.closed:  # pushed out (or gone) while waiting for its turn to have the code checked
            return False
        if seat is None:
            conn.send(_error("code", "unknown join code: check the code the host gave you"))
            return False
        if seat == -1 and self._spectators() >= self.limits.max_spectators:
            conn.send(_error("full", "the table has as many spectators as it can take"))
            return False
        self.doorway.leave(conn)
        conn.hello_done = True
        if seat == -1:
            conn.seat = None
        else:
            self._seat(conn, seat)
        conn.send({"type": "welcome", "version": wire.VERSION, "seat": conn.seat, "names": list(self.table.names),
                   "game": self.table.state.rules.name, "title": self.table.state.rules.title})
        conn.view_dirty = True
        self._presence_changed()
        return True

    async def _seat_for_hello(self, conn: Connection, msg: dict[str, Any]) -> int | None:
        """The seat a hello opens (-1: spectator), after the address's turn in the guess throttle."""
        code, token = wire.field(msg, "code", str, optional=True), wire.field(msg, "token", str, optional=True)
        if token is not None and conn.local:
            entry = self.tokens.pop(token, None)
            return entry[0] if entry is not None and entry[1] >= time.monotonic() else None
        if code is None:
            return None
        self.doorway.spoke(conn)
        return await self.throttle.check(conn.addr, lambda: self.seat_for_code(code.strip().lower()))

    def _spectators(self) -> int:
        return sum(1 for c in self.connections if c.hello_done and c.seat is None)

    def _seat(self, conn: Connection, seat: int) -> None:
        """Give ``seat`` to ``conn``; a connection already on it is told and closed."""
        conn.seat = seat
        slot = self.slots[seat]
        if slot.conn is not None and slot.conn is not conn:
            old = slot.conn
            old.send({"type": "bye", "reason": "you joined this seat from another connection"})
            self._later_drop(old)
        slot.conn, slot.joined, slot.left_at, slot.stand_in = conn, True, None, None
        self._log(f"{self.table.names[seat]} joined from {conn.peer}")

    async def _act(self, conn: Connection, msg: dict[str, Any]) -> None:
        ident = msg.get("id")
        if ident is not None and (isinstance(ident, bool) or not isinstance(ident, int)):
            raise ProtocolError("act: field 'id' must be a whole number")
        action = wire.field(msg, "action", str)
        if len(action) > self.limits.max_action_chars:
            raise ProtocolError("act: the action is too long")
        if conn.seat is None:
            conn.send(_error("spectator", "spectators cannot play", ident))
            return
        claimed = msg.get("seat", conn.seat)
        if claimed != conn.seat:
            rule = f"you can only act for your own seat ({self.table.names[conn.seat]})"
            err = _error("seat", f"{action} is not legal for seat {claimed!r}: {rule}", ident)
            err.update(action=action, seat=claimed if isinstance(claimed, int) else None, rule=rule)
            conn.send(err)
            return
        try:
            await asyncio.to_thread(self.table.submit, conn.seat, action)
        except IllegalActionError as exc:
            err = _error("illegal", str(exc), ident)
            err.update(action=exc.action, seat=exc.seat, rule=exc.rule)
            conn.send(err)
            return
        conn.send({"type": "ok", "id": ident})

    def _later_drop(self, conn: Connection) -> None:
        async def later() -> None:
            await asyncio.sleep(0.2)
            self._drop(conn)
        self._spawn(later())

    def _drop(self, conn: Connection, abort: bool = False) -> None:
        """Close ``conn`` (``abort``: at once, dropping unsent data); an away seat starts its hold."""
        if conn.closed:
            return
        conn.closed = True
        conn.wake.set()
        self.connections.discard(conn)
        self.doorway.leave(conn)
        try:
            if abort:
                conn.writer.transport.abort()
            else:
                conn.writer.close()
        except (ConnectionError, OSError, RuntimeError):
            pass
        if conn.seat is not None and conn.seat in self.slots and self.slots[conn.seat].conn is conn:
            slot = self.slots[conn.seat]
            slot.conn, slot.left_at = None, time.monotonic()
            if not self.closing:
                self._log(f"{self.table.names[conn.seat]} left; the seat is held for {self.hold:g} s")
            self._presence_changed()

    # -- the turn driver -------------------------------------------------------
    def _all_joined(self) -> bool:
        return not self.wait_for_players or all(s.joined for s in self.slots.values())

    def _stand_in_for(self, seat: int) -> tuple[Bot | None, float | None]:
        """The bot that plays an away seat now, or (None, seconds until one may)."""
        slot = self.slots[seat]
        if slot.conn is not None or not slot.joined:
            return None, None
        waited = time.monotonic() - (slot.left_at or time.monotonic())
        if self.while_away == "wait" and waited < self.hold:
            return None, self.hold - waited
        if slot.stand_in is None:
            slot.stand_in = make_bot(self.stand_in_level, self.table.state.rules.name,
                                     self.table.state.seed * 103 + seat)
            self._log(f"a bot plays for {self.table.names[seat]} until they return")
            self._presence_changed()
        return slot.stand_in, None

    async def _drive(self) -> None:
        """Play bots (and stand-ins for away players) whenever one of them is to act."""
        while not self.closing:
            self._changed.clear()
            timeout = await self._step()
            if timeout == 0:
                continue
            try:  # asyncio.timeout, not wait_for: 3.11's wait_for can swallow a cancellation
                async with asyncio.timeout(timeout):
                    await self._changed.wait()
            except TimeoutError:
                pass

    async def _step(self) -> float | None:
        """Do at most one bot move; 0 means "call again", else how long to wait for a change."""
        table = self.table
        seat = table.state.to_act
        if seat is None or table.state.is_over or not self._all_joined():
            return None
        if seat in self.slots:
            bot, wait = self._stand_in_for(seat)
            if bot is None:
                return wait
        elif seat not in table.bots:
            return None
        version = table.version
        if await self.pacer.move(pause_before(table, self.bot_delay)) is None and table.version == version:
            return None  # nothing played: the player came back (that change wakes us) or the pacer gave up
        return 0

    def _playing_stand_in(self, seat: int) -> Bot | None:
        """The stand-in that plays ``seat`` now: only while its player is away (the pacer asks
        again after the bot delay, so a player back in time plays their own card)."""
        slot = self.slots.get(seat)
        return slot.stand_in if slot is not None and slot.conn is None else None


def _error(kind: str, message: str, ident: Any = None) -> dict[str, Any]:
    out = {"type": "error", "error": kind, "message": message}
    if ident is not None:
        out["id"] = ident
    return out


async def _close_writer(writer: asyncio.StreamWriter) -> None:
    try:
        await asyncio.wait_for(writer.drain(), 1.0)
        writer.close()
        await asyncio.wait_for(writer.wait_closed(), 1.0)
    except (ConnectionError, OSError, asyncio.TimeoutError):
        pass
