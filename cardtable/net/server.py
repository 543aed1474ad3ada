"""The table server: listeners, limits and routing; the tables themselves are rooms (:mod:`.room`).

Connections speak the line protocol of :mod:`cardtable.net.wire` over TCP (joined with a
per-seat join code) or over a private Unix socket (joined with a one-time token minted by the
ssh front door for the child process it starts).  A :class:`TableServer` holds one room per
table (``TableServer(table, codes, ...)`` makes the first; :meth:`TableServer.add_room` more):
a hello's code or token picks the room and the seat, and from then on the room applies the
connection's moves (only for its own seat, by the same rules as local play), fans out its views
(``view(its seat)``, spectators ``view(None)``, coalesced: a slow reader gets the latest view,
never a backlog) and drives its bots.  The server

- bounds everything a client can send: line size (64 KiB), message rate (token bucket),
  malformed messages (an error each, a disconnect after too many; any message that breaks a
  handler gets the one-line error too, and the trace goes to the host's log), the time allowed
  before the hello (short), and the connections that have not said hello: capped per address
  and in total by pushing out the longest-waiting idle one (see :mod:`.guard`), so strangers
  never lock out a player with a valid code.  Seated players, spectators and the ssh children
  on the Unix socket are not counted there.  Wrong codes are throttled per address, across
  connections and across the table and ssh ports (one :class:`~.guard.GuessThrottle`), but a
  valid code always gets in at once;
- keeps one connection per seat: a hello for a seat someone sits at is refused with a clear
  message, unless that connection has said nothing for two heartbeats (then it is taken to be
  gone and the new one takes the seat);
- exchanges heartbeats with every joined connection: a peer that says nothing for
  ``dead_after`` seconds (a frozen or vanished client) is dropped, so its seat is held exactly
  like a seat whose connection closed (see :class:`~.room.Room` for holds and stand-ins);
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

from cardtable.pacer import BOT_DELAY, Pacer
from cardtable.paths import write_problem
from cardtable.session import Table
from games.core import ProtocolError

from . import wire
from .guard import Doorway, GuessThrottle, address_key
from .room import Room, SeatSlot, new_code
from .room import error as _error

__all__ = [
    "Connection",
    "Limits",
    "Room",
    "SeatSlot",
    "TableServer",
    "codes_path",
    "load_or_make_codes",
    "new_code",
    "save_codes",
    "seat_taken_text",
]


def codes_path(save_path: Path) -> Path:
    """Where the join codes of a hosted table are kept beside its save (0600), for --resume."""
    return save_path.with_name(save_path.name + ".codes")


def load_or_make_codes(
    save_path: Path | None, seats: list[int], problems: list[str] | None = None
) -> dict[int, str]:
    """The join codes of ``seats``: the ones saved beside ``save_path`` if any, new ones otherwise.
    A problem keeping them is added to ``problems`` (never raised)."""
    codes: dict[int, str] = {}
    if save_path is not None and codes_path(save_path).exists():
        try:
            data = json.loads(codes_path(save_path).read_text())
            codes = {int(k): str(v) for k, v in data.items() if int(k) in seats}
        except (OSError, ValueError):
            codes = {}
    for s in seats:
        codes.setdefault(s, new_code())
    problem = save_codes(save_path, codes)
    if problem and problems is not None:
        problems.append(problem)
    return codes


def save_codes(save_path: Path | None, codes: dict[int, str]) -> str:
    """Keep the join codes beside the save (0600, atomically); "" or why they could not be written
    (the table plays on: only a later ``--resume`` would bring back the codes kept before)."""
    if save_path is None:
        return ""
    path = codes_path(save_path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        save_path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump({str(k): v for k, v in codes.items()}, f)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        return f"the join codes could not be kept in {path} ({write_problem(exc)})"
    return ""


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
    guess_free: int = 5  # wrong codes an address has answered at once ...
    guess_interval: float = 1.0  # ... then each answer is held, the bucket draining one per this many seconds
    guess_limit: int = 30  # wrong codes outstanding from an address before its next codes wait to be checked
    heartbeat: float = 5.0  # a ping to every joined connection this often
    dead_after: float = 15.0  # a joined peer silent this long is gone
    write_timeout: float = 30.0
    max_action_chars: int = 200


@dataclass(eq=False)
class Connection:
    writer: asyncio.StreamWriter
    peer: str
    addr: str = "local"  # what the caps and the guess throttle count by
    local: bool = False  # on the private Unix socket (the ssh children)
    seat: int | None = None  # None: spectator (after hello)
    room: Room | None = None  # the table it joined (after hello)
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
    heard: float = field(default_factory=time.monotonic)  # when the peer last said anything

    def send(self, msg: dict[str, Any]) -> None:
        if not self.closed:
            self.pending.append(wire.dumps(msg))
            self.wake.set()


class TableServer:
    """Serve tables (rooms) to remote seats.  Use within a running asyncio loop::

        server = TableServer(table, codes)
        await server.start_tcp("127.0.0.1", 7420)
        ...
        await server.close()

    The first room's settings come as keyword arguments; :attr:`table`, :attr:`slots`,
    :meth:`presence` and the like speak of that first room.  ``throttle`` and ``doorway`` may be
    shared with other servers of the same host (one guess throttle, one cap at the door).
    """

    def __init__(
        self,
        table: Table,
        codes: dict[int, str] | None = None,
        *,
        hold: float = 300.0,
        while_away: str = "wait",
        bot_delay: float = BOT_DELAY,
        limits: Limits | None = None,
        wait_for_players: bool = True,
        spectator_code: str | None = None,
        stand_in_level: str = "heuristic",
        resumed: bool = False,
        throttle: GuessThrottle | None = None,
        doorway: Doorway[Connection] | None = None,
        turn_timeout: float | None = None,
    ) -> None:
        self.limits = limits or Limits()
        self.rooms: list[Room] = []
        self.connections: set[Connection] = set()
        self.doorway: Doorway[Connection] = doorway or Doorway(
            self.limits.max_unauth_per_address, self.limits.max_unauth_total
        )
        self.throttle = throttle or GuessThrottle(
            self.limits.guess_free, self.limits.guess_interval, limit=self.limits.guess_limit
        )
        self.tokens: dict[str, tuple[Room, int, float]] = {}  # one-time tokens for the ssh children
        self.servers: list[asyncio.Server] = []
        self.closing = False
        self._started = False
        self._tasks: set[asyncio.Task] = set()
        self.on_event: Callable[[str], None] | None = None  # host console log
        self.add_room(
            Room(
                table,
                codes,
                hold=hold,
                while_away=while_away,
                bot_delay=bot_delay,
                wait_for_players=wait_for_players,
                spectator_code=spectator_code,
                stand_in_level=stand_in_level,
                resumed=resumed,
                max_action_chars=self.limits.max_action_chars,
                turn_timeout=turn_timeout,
            )
        )

    # -- rooms -----------------------------------------------------------------
    def add_room(self, room: Room) -> Room:
        """Serve one more table; its codes must differ from every code served already."""
        taken = {code for r in self.rooms for code in r.codes()}
        if taken & set(room.codes()):
            raise ValueError("a join code of that table is already in use at this server")
        room.log = self.log
        self.rooms.append(room)
        if self._started:
            room.start()
        return room

    @property
    def room(self) -> Room:
        """The first (on a host of one table: the only) room."""
        return self.rooms[0]

    @property
    def table(self) -> Table:
        return self.room.table

    @property
    def slots(self) -> dict[int, SeatSlot]:
        return self.room.slots

    @property
    def spectator_code(self) -> str | None:
        return self.room.spectator_code

    @property
    def pacer(self) -> Pacer:
        return self.room.pacer

    @property
    def while_away(self) -> str:
        return self.room.while_away

    @while_away.setter
    def while_away(self, value: str) -> None:
        self.room.while_away = value
        self.room.changed.set()

    @property
    def _changed(self) -> asyncio.Event:  # the first room's driver wake-up (older callers and tests)
        return self.room.changed

    def presence(self) -> dict[str, Any]:
        return self.room.presence()

    def seat_for_code(self, code: str) -> int | None:
        """The seat a join code opens at the first room (-1: spectator), or None."""
        return self.room.seat_for_code(code)

    def find_code(self, code: str) -> tuple[Room, int] | None:
        """The room and seat (-1: spectator) a join code opens, or None; every room is asked."""
        found = None
        for room in self.rooms:
            seat = room.seat_for_code(code)
            if seat is not None and found is None:
                found = (room, seat)
        return found

    # -- lifecycle -----------------------------------------------------------
    def start(self) -> None:
        """Start every room's bot driver and the heartbeats (on the running loop; once).  The
        listeners call it; a host that hands connections over itself (:meth:`adopt`) calls it first."""
        if self._started:
            return
        self._started = True
        for room in self.rooms:
            room.start()
        self._spawn(self._heartbeat())

    async def start_tcp(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Listen for TCP clients; returns the bound (host, port)."""
        self.start()
        srv = await asyncio.start_server(self._serve, host, port, limit=self.limits.max_line)
        self.servers.append(srv)
        addr = srv.sockets[0].getsockname()
        return addr[0], addr[1]

    async def start_unix(self, path: str) -> str:
        """Listen on a Unix socket readable only by this user (for the ssh children)."""
        self.start()
        old = os.umask(0o177)
        try:
            srv = await asyncio.start_unix_server(self._serve_local, path, limit=self.limits.max_line)
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        self.servers.append(srv)
        return path

    def adopt(self, transport: asyncio.Transport, data: bytes = b"") -> None:
        """Serve a TCP connection another listener accepted (a host's shared table port), as if
        this server had accepted it; ``data`` are the bytes already read from it."""
        if self.closing:
            transport.write(wire.dumps(_error("closing", "the table is closing")))
            transport.close()
            return
        reader = asyncio.StreamReader(limit=self.limits.max_line)
        protocol = asyncio.StreamReaderProtocol(reader, self._serve)
        transport.set_protocol(protocol)
        protocol.connection_made(transport)
        protocol.data_received(data)

    def mint_token(self, seat: int | None, ttl: float = 60.0, room: Room | None = None) -> str:
        """A one-time token that joins ``seat`` (None: as a spectator) of ``room`` (default: the
        first) over the Unix socket (spent by its hello)."""
        token = secrets.token_urlsafe(24)
        self.tokens[token] = (room or self.room, -1 if seat is None else seat, time.monotonic() + ttl)
        return token

    @property
    def silent_after(self) -> float:
        """A seated connection silent this long no longer keeps its seat from a new login."""
        return 2 * self.limits.heartbeat

    def taken(self, room: Room, seat: int) -> bool:
        """Someone plays ``seat`` of ``room`` now on a live connection (see :meth:`Room.taken`)."""
        return seat != -1 and room.taken(seat, self.silent_after)

    def unauthenticated(self, addr: str | None = None) -> int:
        """How many TCP connections (from ``addr``, or from anywhere) have not said a good hello yet."""
        return self.doorway.count(addr)

    async def close(self, reason: str = "the host closed the table") -> None:
        """Say bye to everyone, stop listening, stop the rooms' drivers."""
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
        for room in self.rooms:
            await room.close()
        for t in list(self._tasks):
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for srv in self.servers:
            try:
                await asyncio.wait_for(srv.wait_closed(), 2.0)
            except (TimeoutError, Exception):
                pass

    def log(self, text: str) -> None:
        """A line for the host's log (``on_event``), if anyone listens."""
        if self.on_event is not None:
            self.on_event(text)

    def log_failure(self, what: str) -> None:
        """Put the exception being handled on the host's log (never on a remote player's screen)."""
        self.log(f"{what}:\n{traceback.format_exc().rstrip()}")

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

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
                if conn.table_dirty and conn.room is not None:
                    conn.table_dirty = False
                    conn.writer.write(wire.dumps(conn.room.presence()))
                if conn.view_dirty and conn.room is not None:
                    conn.view_dirty = False
                    data = conn.room.view_message(conn.seat)
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
    async def _serve(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, local: bool = False
    ) -> None:
        peer = writer.get_extra_info("peername")
        conn = Connection(
            writer,
            str(peer or "local"),
            "local" if local else address_key(peer),
            local,
            tokens=self.limits.burst,
            last_refill=time.monotonic(),
        )
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
        except Exception:
            self.log_failure(f"error serving {conn.peer}")
        finally:
            # let queued errors/byes go out before closing; meanwhile it no longer waits at the door
            # (pushing it out would put "busy" in place of the answer it was given)
            self.doorway.leave(conn)
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
                conn.writer.write(
                    wire.dumps(_error("busy", "too many connections are waiting to join; try again"))
                )
            except (ConnectionError, OSError, RuntimeError):
                pass
            self._drop(conn)

    async def _read_loop(self, conn: Connection, reader: asyncio.StreamReader) -> None:
        while not conn.closed:
            line = await self._next_line(conn, reader)
            if line is None:
                return
            conn.heard = time.monotonic()
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
            except Exception:
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
        room = conn.room
        who = "a spectator" if conn.seat is None or room is None else room.table.names[conn.seat]
        self.log(f"{who} stopped answering (nothing heard for {self.limits.dead_after:g} s)")
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
            assert conn.room is not None
            await conn.room.act(conn, msg)
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
        found = await self._place_for_hello(conn, msg)
        if conn.closed:  # pushed out (or gone) while waiting for its turn to have the code checked
            return False
        if found is None:
            conn.send(_error("code", "unknown join code: check the code the host gave you"))
            return False
        room, seat = found
        if seat == -1 and room.spectators() >= self.limits.max_spectators:
            conn.send(_error("full", "the table has as many spectators as it can take"))
            return False
        if self.taken(room, seat):
            conn.send(_error("taken", seat_taken_text(room.table.names[seat])))
            return False
        self.doorway.leave(conn)
        conn.hello_done = True
        replaced = room.admit(conn, seat)
        if replaced is not None:
            self._later_drop(replaced)
        return True

    async def _place_for_hello(self, conn: Connection, msg: dict[str, Any]) -> tuple[Room, int] | None:
        """The room and seat a hello opens (-1: spectator), after the address's turn in the guess throttle."""
        code, token = (
            wire.field(msg, "code", str, optional=True),
            wire.field(msg, "token", str, optional=True),
        )
        if token is not None and conn.local:
            entry = self.tokens.pop(token, None)
            return (entry[0], entry[1]) if entry is not None and entry[2] >= time.monotonic() else None
        if code is None:
            return None
        self.doorway.spoke(conn)
        return await self.throttle.check(conn.addr, lambda: self.find_code(code.strip().lower()))

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
        if conn.room is not None:
            conn.room.leave(conn, closing=self.closing)


def seat_taken_text(name: str) -> str:
    """What a second login on a seat hears (every door says the same)."""
    return (
        f"someone is already playing {name}'s seat: only one connection can play a seat. "
        "If that is you on another device, close it there first, then try again"
    )


async def _close_writer(writer: asyncio.StreamWriter) -> None:
    try:
        await asyncio.wait_for(writer.drain(), 1.0)
        writer.close()
        await asyncio.wait_for(writer.wait_closed(), 1.0)
    except (TimeoutError, ConnectionError, OSError):
        pass
