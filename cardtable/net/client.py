"""The remote seat: a :class:`~cardtable.session.SeatHandle` whose table lives in a server.

:class:`RemoteSeatHandle` runs its network I/O on an asyncio loop in a background thread.  The
front end calls ``view()`` / ``submit()`` / ``subscribe()`` exactly as for a local seat;
``submit`` blocks until the server accepts the action or refuses it, in which case it raises
:class:`~games.core.IllegalActionError` carrying the server's message; ``submit_later`` sends
it without waiting and gives a future of that answer (the TUI's way: its screen stays live).  Subscribed callbacks
run on the network thread (the TUI marshals them onto its own loop).

A TCP connection that drops is retried with the same join code for ``reconnect_for`` seconds;
the server holds the seat meanwhile and sends the current view on return.  ``status`` says
what is going on ("connected", "reconnecting ...", "closed: <reason>") for the UI to show.

The table's presence messages also say when the host could not save the table
(``save_problem``: the TUI shows it on a status line, as for a local table).

Heartbeats: the handle pings the table every ``heartbeat`` seconds and answers the table's
pings; a table that says nothing for ``dead_after`` seconds (frozen, or its machine gone) counts
as a dropped connection.  :meth:`RemoteSeatHandle.away` tells which seats are away, how long the
table still holds each for its player, and whether a bot plays it meanwhile.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from cardtable.seat_handle import AwaySeat
from games.core import Action, CardtableError, IllegalActionError, ProtocolError, SeatView

from . import wire
from .config import DEFAULT_PORT


def parse_address(
    text: str, default_host: str = "127.0.0.1", default_port: int = DEFAULT_PORT
) -> tuple[str, int]:
    """``host:port``, ``host``, ``:port`` or ``[v6addr]:port`` -> (host, port); ProtocolError if malformed."""
    text = text.strip()
    host, port = text, ""
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, port = text.split(":")
    try:
        p = int(port) if port else default_port
    except ValueError:
        raise ProtocolError(
            f"bad address {text!r}: write host:port, e.g. 192.168.1.5:{default_port}"
        ) from None
    if not 0 <= p <= 65535:
        raise ProtocolError(f"bad port {p} in {text!r}")
    return host or default_host, p


class RemoteSeatHandle:
    """A seat at a table served by :class:`~cardtable.net.server.TableServer` (the whole
    :class:`~cardtable.seat_handle.SeatHandle`)."""

    networked = True

    def __init__(
        self,
        address: str | None = None,
        code: str | None = None,
        *,
        unix: str | None = None,
        token: str | None = None,
        timeout: float = 10.0,
        reconnect_for: float = 60.0,
        heartbeat: float = 5.0,
        dead_after: float | None = None,
    ) -> None:
        if (address is None) == (unix is None):
            raise CardtableError("give either a TCP address with a join code or a Unix socket with a token")
        self._address = parse_address(address) if address is not None else None
        self._unix, self._code, self._token = unix, code, token
        self._timeout, self._reconnect_for = timeout, reconnect_for
        self._heartbeat = heartbeat
        self._dead_after = dead_after if dead_after is not None else 3 * heartbeat
        self.seat: int = -1
        self._names: tuple[str, ...] = ()
        self._view: SeatView | None = None
        self.presence: dict[str, Any] = {}
        self._presence_at = 0.0
        self.status = "connecting"
        self.closed_reason: str | None = None
        self._listeners: list[Callable[[], None]] = []
        self._pending: dict[int, asyncio.Future] = {}
        self._ids = itertools.count(1)
        self._writer: asyncio.StreamWriter | None = None
        self._first_view = threading.Event()
        self._closing = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="cardtable-net", daemon=True)
        self._thread.start()
        self._task: Future[None] | None = None
        self._run_task: asyncio.Task | None = None

    # -- connecting ---------------------------------------------------------------
    def connect(self) -> RemoteSeatHandle:
        """Join the table (blocking): hello, welcome, first view.  CardtableError if refused."""
        try:
            asyncio.run_coroutine_threadsafe(self._open(), self._loop).result(self._timeout)
        except (OSError, TimeoutError) as exc:
            self.close()
            where = self._unix or "{}:{}".format(*(self._address or ("?", "?")))
            raise ProtocolError(
                f"cannot reach the table at {where}: {str(exc) or 'no answer in time'}"
            ) from None
        except CardtableError:
            self.close()
            raise
        self._task = asyncio.run_coroutine_threadsafe(self._run(), self._loop)
        if not self._first_view.wait(self._timeout):
            self.close()
            raise ProtocolError("the table did not send a view in time")
        return self

    async def _open(self) -> None:
        if self._unix is not None:
            reader, writer = await asyncio.open_unix_connection(self._unix, limit=wire.MAX_SERVER_LINE)
            hello = {"type": "hello", "version": wire.VERSION, "token": self._token or ""}
        else:
            host, port = self._address  # type: ignore[misc]
            reader, writer = await asyncio.open_connection(host, port, limit=wire.MAX_SERVER_LINE)
            hello = {"type": "hello", "version": wire.VERSION, "code": self._code or ""}
        writer.write(wire.dumps(hello))
        msg = await _read(reader)
        if msg is None:
            writer.close()
            raise ProtocolError("the table closed the connection during the hello")
        if msg["type"] == "error":
            writer.close()
            raise ProtocolError(str(msg.get("message", "refused")))
        if msg["type"] != "welcome":
            writer.close()
            raise ProtocolError(f"unexpected {msg['type']!r} instead of a welcome")
        seat = msg.get("seat")
        self.seat = seat if isinstance(seat, int) else -1
        self._names = tuple(str(n) for n in msg.get("names", []))
        self._reader, self._writer = reader, writer
        self.status = "connected"

    async def _run(self) -> None:
        self._run_task = asyncio.current_task()
        while True:
            pinger = asyncio.create_task(self._ping_loop(self._writer))
            try:
                reason = await self._read_loop(self._reader)
            finally:
                pinger.cancel()
                await asyncio.gather(pinger, return_exceptions=True)
            self._fail_pending(reason)
            if self._closing or self._unix is not None or reason.startswith("bye:"):
                self._finish(reason)
                return
            # the connection dropped: retry with the same code while the server holds the seat
            loop = asyncio.get_running_loop()
            deadline = loop.time() + self._reconnect_for
            delay = 0.2
            while True:
                self.status = f"reconnecting ({reason})"
                self._notify()
                await asyncio.sleep(delay)
                try:
                    await asyncio.wait_for(self._open(), self._timeout)
                    self._notify()
                    break
                except (TimeoutError, OSError, ProtocolError) as exc:
                    if isinstance(exc, ProtocolError) and "join code" in str(exc):
                        self._finish(f"refused: {exc}")
                        return
                    if loop.time() > deadline:
                        self._finish(f"lost the table: {reason}")
                        return
                    delay = min(delay * 2, 3.0)

    async def _ping_loop(self, writer: asyncio.StreamWriter | None) -> None:
        """Our heartbeat: the table drops a seat it has not heard from for a while."""
        while writer is not None and not writer.is_closing():
            await asyncio.sleep(self._heartbeat)
            self._send_now(writer, {"type": "ping"})

    @staticmethod
    def _send_now(writer: asyncio.StreamWriter, msg: dict[str, Any]) -> None:
        try:
            writer.write(wire.dumps(msg))
        except (ConnectionError, OSError, RuntimeError):
            pass

    async def _read_loop(self, reader: asyncio.StreamReader) -> str:
        while True:
            try:
                async with asyncio.timeout(self._dead_after):
                    msg = await _read(reader)
            except TimeoutError:
                self._abort()
                return f"the table stopped answering (nothing heard for {self._dead_after:g} s)"
            except ProtocolError as exc:
                return f"bad data from the table ({exc})"
            except (ConnectionError, OSError) as exc:
                return f"connection lost ({exc})"
            if msg is None:
                return "the table closed the connection"
            kind = msg["type"]
            if kind == "ping" and self._writer is not None:
                self._send_now(self._writer, {"type": "pong"})
            elif kind == "view":
                try:
                    self._view = wire.decode_view(msg.get("view"))
                except ProtocolError as exc:
                    return f"bad view from the table ({exc})"
                self._first_view.set()
                self._notify()
            elif kind in ("ok", "error"):
                ident = msg.get("id")
                fut = self._pending.pop(ident, None) if isinstance(ident, int) else None
                if fut is not None and not fut.done():
                    fut.set_result(msg)
            elif kind == "table":
                self.presence, self._presence_at = msg, time.monotonic()
                self._notify()
            elif kind == "bye":
                return f"bye: {msg.get('reason', 'the table closed')}"

    def _abort(self) -> None:
        """Drop a silent connection at once (its unsent data too)."""
        if self._writer is not None:
            try:
                self._writer.transport.abort()
            except (OSError, RuntimeError):
                pass

    def _finish(self, reason: str) -> None:
        self.closed_reason = reason[5:] if reason.startswith("bye: ") else reason
        self.status = f"closed: {self.closed_reason}"
        self._first_view.set()
        self._notify()

    def _fail_pending(self, reason: str) -> None:
        for fut in self._pending.values():
            if not fut.done():
                fut.set_result({"type": "error", "error": "lost", "message": reason})
        self._pending.clear()

    # -- the SeatHandle interface --------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    def view(self) -> SeatView:
        if self._view is None:
            raise ProtocolError("not connected to a table yet")
        return self._view

    @property
    def save_problem(self) -> str:
        """Why the host's save of the table is behind, as the table last said ("" while it is saved)."""
        problem = self.presence.get("unsaved")
        return problem[:200] if isinstance(problem, str) else ""

    def submit(self, action: str | Action) -> None:
        """Send an action and wait for the verdict; IllegalActionError with the server's reason if refused."""
        self.submit_later(action).result()

    def submit_later(self, action: str | Action) -> Future:
        """Send an action without waiting: a future whose result is None once the table accepts
        it, or whose exception is an IllegalActionError with the table's reason (also when the
        table does not answer within the handle's timeout).  Its callbacks run on the network thread."""
        text = action.text if isinstance(action, Action) else str(action)
        if self.closed_reason is not None or self._writer is None:
            refused: Future = Future()
            refused.set_exception(
                IllegalActionError(text, self.seat, f"not connected to the table ({self.status})")
            )
            return refused
        return asyncio.run_coroutine_threadsafe(self._act(text), self._loop)

    async def _act(self, text: str) -> None:
        """Send one action and turn the table's answer into None or an IllegalActionError."""
        try:
            async with asyncio.timeout(self._timeout):
                reply = await self._send_act(text)
        except TimeoutError:
            raise IllegalActionError(text, self.seat, "the table did not answer in time") from None
        if reply.get("type") == "ok":
            return
        if reply.get("error") in ("illegal", "seat") and isinstance(reply.get("rule"), str):
            seat = reply.get("seat")
            raise IllegalActionError(
                str(reply.get("action", text)), seat if isinstance(seat, int) else None, reply["rule"]
            )
        raise IllegalActionError(text, self.seat, str(reply.get("message", "refused by the table")))

    async def _send_act(self, text: str) -> dict[str, Any]:
        ident = next(self._ids)
        fut = asyncio.get_running_loop().create_future()
        self._pending[ident] = fut
        try:
            assert self._writer is not None
            self._writer.write(wire.dumps({"type": "act", "id": ident, "action": text}))
            await self._writer.drain()
            return await fut
        except (ConnectionError, OSError) as exc:
            return {"type": "error", "error": "lost", "message": f"connection lost ({exc})"}
        finally:
            self._pending.pop(ident, None)

    def send_raw(self, data: bytes) -> None:
        """Write raw bytes to the server (for tests of hostile input)."""

        async def go() -> None:
            assert self._writer is not None
            self._writer.write(data)
            await self._writer.drain()

        asyncio.run_coroutine_threadsafe(go(), self._loop).result(self._timeout)

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def _notify(self) -> None:
        for cb in list(self._listeners):
            try:
                cb()
            except Exception:
                pass

    def away(self) -> list[AwaySeat]:
        """The remote seats whose players are not connected now (the hold counted down to this moment)."""
        seats, waiting = self.presence.get("seats"), self.presence.get("waiting") or []
        if not isinstance(seats, list):
            return []
        gone = time.monotonic() - self._presence_at
        out = []
        for i, s in enumerate(seats):
            if not isinstance(s, dict) or s.get("kind") != "remote" or s.get("connected", True):
                continue
            held = s.get("held")
            left = (
                max(0.0, held - gone)
                if isinstance(held, (int, float)) and not isinstance(held, bool)
                else None
            )
            out.append(
                AwaySeat(
                    i,
                    str(s.get("name", f"Seat {i + 1}")),
                    left or None,
                    bool(s.get("stand_in")),
                    i not in waiting,
                )
            )
        return out

    def can_undo(self) -> bool:
        return False

    def undo(self) -> None:
        raise IllegalActionError("undo", self.seat, "there is no undo at a networked table")

    # -- closing -------------------------------------------------------------------
    @property
    def is_closed(self) -> bool:
        return self.closed_reason is not None

    def close(self) -> None:
        """Say bye, close the connection and stop the network thread."""
        if self._closing:
            return
        self._closing = True

        async def shut() -> None:
            if self._writer is not None:
                try:
                    self._writer.write(wire.dumps({"type": "bye"}))
                    await asyncio.wait_for(self._writer.drain(), 1.0)
                except (TimeoutError, ConnectionError, OSError):
                    pass
                self._writer.close()
            task = self._run_task
            if task is not None and not task.done():
                task.cancel()
                await asyncio.wait({task}, timeout=1.0)  # let it put its heartbeat away

        if self._loop.is_running():
            try:
                asyncio.run_coroutine_threadsafe(shut(), self._loop).result(2.0)
            except Exception:
                pass
            self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(2.0)
        if self.closed_reason is None:
            self.closed_reason = "closed"
            self.status = "closed"

    def __enter__(self) -> RemoteSeatHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


async def _read(reader: asyncio.StreamReader) -> dict[str, Any] | None:
    """The next message, or None at end of stream."""
    try:
        line = await reader.readuntil(b"\n")
    except asyncio.IncompleteReadError:
        return None
    except asyncio.LimitOverrunError:
        raise ProtocolError("message from the table is too long") from None
    return wire.loads(line.rstrip(b"\r\n"), wire.MAX_SERVER_LINE)
