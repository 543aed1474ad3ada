"""The browser door: ``cardtable host ... --web PORT`` serves each seat's table to a web browser.

A player opens ``http://HOST:PORT/``, types their seat's join code on a plain sign-in page, and
gets that seat's table drawn in the page by textual-serve's terminal (xterm.js in the browser,
Textual's web driver in a child process).  The design follows the ssh door (:mod:`.ssh`) on
purpose, so that both doors keep the same promises:

- ONE CHILD PROCESS PER BROWSER, started for exactly one seat: ``python -m cardtable.doors.seat
  --unix SOCKET --token TOKEN``, the same remote client as an ssh child, joined over a private
  Unix socket (0600 in a 0700 folder) with a one-time token that the table server minted for
  the seat the code opened.  The child sees only ``view(its seat)`` from the server, so a
  browser can never show another seat's hidden cards; the secrecy lives in the server alone.
- The code is checked by the table server's own ``seat_for_code`` behind its per-address guess
  throttle (:class:`~cardtable.net.guard.GuessThrottle`), shared with the table port and the ssh port, so
  trying codes in a browser is no faster than anywhere else.  Sign-ins waiting for their turn
  are capped per address and in total by pushing out the oldest (:class:`~cardtable.net.guard.Doorway`), as
  for ssh strangers.  A good code gives the page a one-time ticket, valid for ``login_grace``
  seconds, that opens the page's websocket; the ticket, not a cookie, carries the sign-in, so
  another site cannot open a seat in the player's browser.
- Children die with the host: ``setsid`` plus ``PR_SET_PDEATHSIG`` (shared with the ssh door),
  a "quit" on the web driver's pipe when the browser goes or the table closes, and SIGKILL to
  the child's process group when it has not left a few seconds later.  A child's error reports
  go to the host's log (capped), never to the player.  A child gets a short list of environment
  variables, never the host's whole environment.
- The browser's messages are checked (kinds, sizes, terminal sizes) before they reach a child;
  the websocket is pinged every ``heartbeat`` seconds and closed when the browser stops
  answering, which ends the child and leaves the seat held like any dropped seat.
- Textual's requests to open links or deliver files are not passed on: the table needs neither.
- The same limits as the other doors (issue 30): the HTTP connections that are not a table's
  websocket are capped per address and in total by pushing out the one that has waited longest
  without a request in progress (:class:`~cardtable.net.guard.Doorway`), and each gets ``idle_timeout`` seconds
  to send a whole request (a sign-in's form included) and as long between requests; so a flood of
  idle or slow connections holds only a few of the host's files and never locks out a player or
  another door.  A seat's keys pass through an :class:`~cardtable.net.guard.InputBudget`: a flood of keys is
  dropped, not queued for minutes.
"""

from __future__ import annotations

import asyncio
import atexit
import html
import json
import os
import secrets
import shutil
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from cardtable.net.guard import Doorway, InputBudget, address_key
from cardtable.net.server import TableServer, seat_taken_text
from games.core import CardtableError

from .ssh import MAX_CHILD_LOG, clean_stale_dirs, default_child_command, die_with_parent, make_host_dir
from .warm import SEAT_PROGRAM

ChildCommand = Callable[[str, str], Sequence[str]]
STATIC = Path(textual_serve.__file__).parent / "static"
CHILD_ENV_KEYS = ("PATH", "HOME", "USER", "CARDTABLE_HOME", "PYTHONPATH", "XDG_DATA_HOME", "TZ")
MAX_CODE = 64  # characters of a typed code that are looked at
MAX_WS_MESSAGE = 64 * 1024
MAX_STRIKES = 20  # malformed browser messages before the websocket is closed
#: Connections accepted at a time (the listening socket's queue).  asyncio accepts up to this many
#: in one go, and each holds a file until the caps above close the excess: under a flood of 400
#: connections on a busy machine the default 128 held 131-141 files at once at its peak (a host
#: with 256 files ran out), 64 held 28-93.  A browser that meets a full queue tries again.
BACKLOG = 64
MIN_SIZE, MAX_SIZE = 10, 500  # terminal columns / rows a browser may ask for


class WebFrontDoor:
    """Serve the seats of a running :class:`TableServer` to browsers (same event loop)."""

    def __init__(
        self,
        server: TableServer,
        *,
        child_command: ChildCommand | None = None,
        child_env: dict[str, str] | None = None,
        max_sessions: int = 24,
        heartbeat: float = 5.0,
        login_grace: float = 30.0,
        max_pending_per_address: int = 8,
        max_pending: int = 64,
        quit_grace: float = 3.0,
        max_visits_per_address: int = 16,
        max_visits: int = 64,
        idle_timeout: float = 10.0,
    ) -> None:
        self.table_server = server
        self.child_command = child_command or default_child_command
        self.child_env = dict(child_env or {})
        self.max_sessions, self.heartbeat, self.login_grace = max_sessions, heartbeat, login_grace
        self.quit_grace = quit_grace
        self.doorway: Doorway[_Knock] = Doorway(max_pending_per_address, max_pending)
        self._knocks: set[_Knock] = set()  # sign-ins waiting in the guess throttle
        self.idle_timeout = idle_timeout
        # HTTP connections that are not a seat's websocket: capped, the idle ones pushed out first
        self.visitors: Doorway[_Visit] = Doorway(max_visits_per_address, max_visits, spoke=_Visit.working)
        self._visits: dict[Any, _Visit] = {}  # aiohttp's request handler (one per connection) -> visit
        self._sweeper: asyncio.Task | None = None
        self.tickets: dict[str, tuple[int, float]] = {}  # ticket -> (seat or -1, expiry)
        self.sessions: set[_BrowserSeat] = set()
        self.sockets: set[web.WebSocketResponse] = set()
        self.port = 0
        self.socket_path = ""
        self.closing = False
        self._dir: str | None = None
        self._runner: web.AppRunner | None = None
        self._downloads = DownloadManager()  # required by AppService; never used (no deliveries)

    def log(self, text: str) -> None:
        self.table_server.log(text)

    @property
    def title(self) -> str:
        return self.table_server.table.state.rules.title

    # -- lifecycle -------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``host:port`` (loopback unless the host asks for more); returns the bound port."""
        for path in clean_stale_dirs():
            self.log(f"removed {path}, left by a host that did not close")
        self._dir = make_host_dir()
        atexit.register(self._remove_dir)  # also when the program ends without closing the door
        self.socket_path = os.path.join(self._dir, "table.sock")
        await self.table_server.start_unix(self.socket_path)
        self._runner = web.AppRunner(
            self._make_app(), access_log=None, shutdown_timeout=2.0, keepalive_timeout=self.idle_timeout
        )
        await self._runner.setup()
        self._watch_connections()
        self._sweeper = asyncio.ensure_future(self._sweep())
        try:
            site = web.TCPSite(self._runner, host, port, backlog=BACKLOG)
            await site.start()
        except OSError as exc:
            await self.close()
            raise CardtableError(
                f"cannot listen for browsers on {host}:{port}: {exc.strerror or exc}"
            ) from None
        self.port = self._runner.addresses[0][1]
        return self.port

    def _make_app(self) -> web.Application:
        app = web.Application(client_max_size=4096, middlewares=[self._track, _headers])
        app.add_routes(
            [
                web.get("/", self._sign_in_page),
                web.post("/login", self._login),
                web.get("/login", self._to_sign_in),
                web.get("/ws/{ticket}", self._websocket),
                web.get("/table.js", _table_script),
                web.static("/static", STATIC),
            ]
        )
        return app

    async def close(self) -> None:
        """End every browser's child (quit, then SIGKILL), close the websockets, stop listening."""
        self.closing = True
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        for knock in self._knocks:  # sign-ins still waiting their turn are told the table is closing
            knock.pushed_out.set()
        await asyncio.gather(*(s.end() for s in list(self.sessions)), return_exceptions=True)
        await asyncio.gather(
            *(ws.close(code=1001, message=b"the host closed the table") for ws in self.sockets),
            return_exceptions=True,
        )
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()
        self._remove_dir()

    # -- the connections: caps and idle time ------------------------------------------
    def _watch_connections(self) -> None:
        """Be told of every connection aiohttp's server accepts and loses (its own two hooks)."""
        assert self._runner is not None and self._runner.server is not None
        server = self._runner.server
        made, lost = server.connection_made, server.connection_lost

        def connection_made(handler: Any, transport: asyncio.Transport) -> None:
            made(handler, transport)
            self._arrived(handler, transport)

        def connection_lost(handler: Any, exc: BaseException | None = None) -> None:
            lost(handler, exc)
            visit = self._visits.pop(handler, None)
            if visit is not None:
                self.visitors.leave(visit)

        server.connection_made = connection_made  # type: ignore[method-assign]
        server.connection_lost = connection_lost  # type: ignore[method-assign]

    def _arrived(self, handler: Any, transport: asyncio.Transport) -> None:
        visit = _Visit(handler, address_key(transport.get_extra_info("peername")))
        if self.closing:
            visit.close()
            return
        for other in self.visitors.enter(visit, visit.addr):  # make room: the longest idle one goes
            self._visits.pop(other.handler, None)
            other.close()
        self._visits[handler] = visit

    def visits(self, addr: str | None = None) -> int:
        """How many connections (from ``addr``, or from anywhere) are held that are not a seat."""
        return self.visitors.count(addr)

    async def _sweep(self) -> None:
        """Close the connections that have sent no whole request for ``idle_timeout`` seconds."""
        while True:
            await asyncio.sleep(min(1.0, self.idle_timeout / 2))
            now = time.monotonic()
            for visit in [
                v for v in self._visits.values() if not v.busy and now - v.last > self.idle_timeout
            ]:
                self._visits.pop(visit.handler, None)
                self.visitors.leave(visit)
                visit.close()

    @web.middleware
    async def _track(self, request: web.Request, handler) -> web.StreamResponse:
        """A request in progress keeps its connection from counting as idle."""
        visit = self._visits.get(request.protocol)
        if visit is not None:
            visit.busy += 1
        try:
            return await handler(request)
        finally:
            if visit is not None:
                visit.busy -= 1
                visit.last = time.monotonic()

    def _seated(self, request: web.Request) -> None:
        """A seat's websocket: no longer a visitor (``max_sessions`` counts it instead)."""
        visit = self._visits.pop(request.protocol, None)
        if visit is not None:
            self.visitors.leave(visit)

    def _remove_dir(self) -> None:
        if self._dir is not None:
            shutil.rmtree(self._dir, ignore_errors=True)
            self._dir = None
            atexit.unregister(self._remove_dir)

    # -- signing in ------------------------------------------------------------------
    async def _sign_in_page(self, request: web.Request) -> web.Response:
        return _page(sign_in_html(self.title))

    async def _to_sign_in(self, request: web.Request) -> web.Response:
        raise web.HTTPSeeOther("/")

    async def _login(self, request: web.Request) -> web.Response:
        """Check the typed code like the ssh door does; a good one gets the table page with a ticket."""
        try:
            async with asyncio.timeout(self.idle_timeout):
                form = await request.post()
        except (web.HTTPException, ValueError):
            return _page(sign_in_html(self.title, "That sign-in was too large."), 400)
        except TimeoutError:
            return _page(sign_in_html(self.title, "That sign-in took too long to arrive."), 408)
        code = str(form.get("code", ""))[:MAX_CODE].strip().lower()
        refusal = self._refusal(code)
        if refusal is not None:
            return _page(sign_in_html(self.title, refusal[0]), refusal[1])
        seat = await self._check(address_key((request.remote or "",)), code)
        if seat is None:
            return _page(sign_in_html(self.title, WRONG_CODE), 403)
        if isinstance(seat, str):  # "busy"
            return _page(
                sign_in_html(self.title, "The table is closing." if self.closing else BUSY),
                503 if self.closing else 429,
            )
        assert isinstance(seat, int)
        server = self.table_server
        if server.taken(server.room, seat):
            text = seat_taken_text(server.table.names[seat])
            return _page(sign_in_html(self.title, text[0].upper() + text[1:] + "."), 409)
        who = "a spectator" if seat == -1 else server.table.names[seat]
        self.log(f"{who} signed in from a browser at {request.remote}")
        ws_url = f"{'wss' if request.secure else 'ws'}://{request.host}/ws/{self._issue(seat)}"
        return _page(table_html(self.title, who, ws_url), headers={"Cache-Control": "no-store"})

    def _refusal(self, code: str) -> tuple[str, int] | None:
        if self.closing or self.table_server.closing:
            return "The table is closing.", 503
        if not code:
            return "Type the join code the host gave you.", 400
        if len(self.sessions) >= self.max_sessions:
            return "The table cannot take another browser right now: try again later.", 503
        return None

    async def _check(self, addr: str, code: str) -> int | str | None:
        """The seat ``code`` opens (-1: spectator), None if none, "busy" if pushed out while waiting."""
        knock = _Knock()
        for other in self.doorway.enter(knock, addr):
            other.pushed_out.set()
        self._knocks.add(knock)
        server = self.table_server
        check = asyncio.ensure_future(server.throttle.check(addr, lambda: server.seat_for_code(code)))
        pushed = asyncio.ensure_future(knock.pushed_out.wait())
        try:
            await asyncio.wait({check, pushed}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.doorway.leave(knock)
            self._knocks.discard(knock)
            pushed.cancel()
            if not check.done():
                check.cancel()
        return check.result() if check.done() and not check.cancelled() else "busy"

    def _issue(self, seat: int) -> str:
        """A one-time ticket for the table page's websocket, valid for ``login_grace`` seconds."""
        now = time.monotonic()
        for t in [t for t, (_, expiry) in self.tickets.items() if expiry < now]:
            del self.tickets[t]
        while self.tickets and len(self.tickets) >= 4 * self.max_sessions:  # bounded: the oldest unused goes
            del self.tickets[next(iter(self.tickets))]
        ticket = secrets.token_urlsafe(24)
        self.tickets[ticket] = (seat, now + self.login_grace)
        return ticket

    def _spend(self, ticket: str) -> int | None:
        entry = self.tickets.pop(ticket, None)
        if entry is None or entry[1] < time.monotonic():
            return None
        return entry[0]

    # -- the table in the page -----------------------------------------------------------
    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        """The page's websocket: spend the ticket, start the seat's child, relay both ways."""
        if not _same_origin(request):
            raise web.HTTPForbidden(text="This table opens only from its own page.")
        seat = self._spend(request.match_info["ticket"])
        if seat is None:
            raise web.HTTPForbidden(text="This sign-in has expired: enter your code again.")
        if self.closing or len(self.sessions) >= self.max_sessions:
            raise web.HTTPServiceUnavailable(text="The table cannot take another browser right now.")
        ws = web.WebSocketResponse(heartbeat=self.heartbeat, max_msg_size=MAX_WS_MESSAGE, timeout=2.0)
        self._seated(request)
        await ws.prepare(request)
        self.sockets.add(ws)
        child = _BrowserSeat(self, None if seat == -1 else seat, ws)
        self.sessions.add(child)
        try:
            await child.start(_query_size(request, "width", 80), _query_size(request, "height", 24))
            await self._relay(ws, child)
        except OSError as exc:
            self.log(f"cannot start a browser's table UI: {exc}")
        finally:
            await child.end()
            self.sessions.discard(child)
            self.sockets.discard(ws)
            await ws.close()
        return ws

    async def _relay(self, ws: web.WebSocketResponse, child: _BrowserSeat) -> None:
        """Pass the browser's keys, clicks and sizes to the child, after checking each message."""
        strikes = 0
        budget = InputBudget()
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            try:
                kind, data = parse_browser_message(msg.data)
            except ValueError:
                strikes += 1
                if strikes > MAX_STRIKES:
                    return
                continue
            if kind == "stdin":
                keys = data.encode("utf-8")
                if budget.take(len(keys)):  # a flood of keys is dropped, never queued for the table screen
                    await child.send_bytes(keys)
            elif kind == "resize":
                await child.set_terminal_size(*data)
            elif kind == "ping":
                await ws.send_json(["pong", data])
            elif kind == "blur":
                await child.blur()
            elif kind == "focus":
                await child.focus()


@dataclass(eq=False)
class _Visit:
    """One HTTP connection that is not a seat's websocket: its address, requests in progress, last activity."""

    handler: Any  # aiohttp's request handler of the connection
    addr: str
    busy: int = 0
    last: float = field(default_factory=time.monotonic)

    def working(self) -> bool:
        return self.busy > 0

    def close(self) -> None:
        try:
            self.handler.force_close()
        except (OSError, RuntimeError):
            pass


@dataclass(eq=False)
class _Knock:
    """A sign-in waiting for its turn in the guess throttle (pushed out when too many wait)."""

    pushed_out: asyncio.Event = field(default_factory=asyncio.Event)


class _BrowserSeat(AppService):
    """One browser's child: textual-serve's AppService, started the ssh door's way."""

    def __init__(self, door: WebFrontDoor, seat: int | None, ws: web.WebSocketResponse) -> None:
        async def close() -> None:  # AppService wants no result from it
            await ws.close()

        super().__init__(
            SEAT_PROGRAM,
            write_bytes=ws.send_bytes,
            write_str=ws.send_str,
            close=close,
            download_manager=door._downloads,
        )
        self.door, self.seat = door, seat
        self._log_task: asyncio.Task | None = None

    def _child_env(self, width: int, height: int) -> dict[str, str]:
        """The web driver's settings and a short list of the host's variables; nothing else."""
        env = {k: v for k, v in os.environ.items() if k in CHILD_ENV_KEYS}
        env.update(
            {
                k: v
                for k, v in self._build_environment(width, height).items()
                if k.startswith(("TEXTUAL_", "TERM_PROGRAM")) or k in ("COLUMNS", "ROWS")
            }
        )
        env.update({"LANG": "C.UTF-8", **self.door.child_env})
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        door = self.door
        token = door.table_server.mint_token(self.seat)
        argv = list(door.child_command(door.socket_path, token))
        process = await asyncio.create_subprocess_exec(
            *argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._child_env(width, height),
            close_fds=True,
            start_new_session=True,
            preexec_fn=partial(die_with_parent, os.getpid()),
        )
        self._process = process
        assert process.stdin is not None and process.stderr is not None
        self._stdin = process.stdin
        # the child's error reports go to the host's log (capped); AppService reads an empty stream
        self._log_task = asyncio.ensure_future(self._relay_log(process.stderr))
        quiet = asyncio.StreamReader()
        quiet.feed_eof()
        process.stderr = quiet
        return process

    async def _relay_log(self, stream: asyncio.StreamReader) -> None:
        kept = bytearray()
        while data := await stream.read(65536):
            kept += data[: max(0, MAX_CHILD_LOG - len(kept))]
        text = kept.decode("utf-8", "replace").rstrip()
        if text:
            who = "a spectator" if self.seat is None else self.door.table_server.table.names[self.seat]
            self.door.log(f"the browser table UI of {who} reported:\n{text}")

    async def on_meta(self, data: bytes) -> None:
        """Only "exit" is acted on; links and file deliveries are not passed to the browser."""
        try:
            kind = json.loads(data).get("type")
        except (ValueError, AttributeError):
            return
        if kind == "exit":
            await self.remote_close()

    async def run(self) -> None:
        """Relay the child's screen to the browser; when the child ends, so does the page's websocket."""
        try:
            await super().run()
        finally:
            await self.remote_close()

    async def end(self) -> None:
        """Ask the child to quit; SIGKILL its process group if it has not left after ``quit_grace``."""
        process = self._process
        if process is None:
            return
        try:
            async with asyncio.timeout(self.door.quit_grace):
                if process.returncode is None and self._stdin is not None:
                    await self.send_meta({"type": "quit"})
                await process.wait()
        except TimeoutError:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            await process.wait()
        for task in (self._task, self._log_task):
            if task is not None:
                await asyncio.gather(task, return_exceptions=True)
        self._task = None


# ---------------------------------------------------------------- checking what browsers send


def parse_browser_message(text: str) -> tuple[str, Any]:
    """A browser terminal message as (kind, data); ValueError for anything unexpected."""
    envelope = json.loads(text)
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise ValueError("not a message")
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind in ("stdin", "ping"):
        if not isinstance(data, str) or len(data) > MAX_WS_MESSAGE // 4:
            raise ValueError(f"bad {kind}")
        return kind, data
    if kind == "resize":
        if not isinstance(data, dict):
            raise ValueError("bad resize")
        return kind, (_size(data.get("width")), _size(data.get("height")))
    if kind in ("blur", "focus"):
        return kind, None
    raise ValueError("unknown message")


def _size(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("bad size")
    return min(MAX_SIZE, max(MIN_SIZE, value))


def _query_size(request: web.Request, name: str, default: int) -> int:
    text = request.query.get(name, "")
    return _size(int(text)) if text.isdigit() and len(text) < 6 else default


def _same_origin(request: web.Request) -> bool:
    """A browser always sends Origin on a websocket; it must be this page's own host."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    return origin.split("://", 1)[-1].rstrip("/") == request.host


# ---------------------------------------------------------------- the pages

WRONG_CODE = "That code does not open a seat at this table. Check it with the host and try again."
BUSY = "Too many sign-ins from your address are waiting. Wait a moment and try again."
_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
)


@web.middleware
async def _headers(request: web.Request, handler) -> web.StreamResponse:
    response = await handler(request)
    if not isinstance(response, web.WebSocketResponse):
        response.headers.setdefault("Content-Security-Policy", _CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
    return response


def _page(body: str, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(text=body, status=status, content_type="text/html", charset="utf-8", headers=headers)


_STYLE = """
body { background: #10202a; color: #e8eef2; font-family: sans-serif; margin: 0; }
main { max-width: 26em; margin: 12vh auto; padding: 2em; background: #182f3c; border-radius: 8px; }
h1 { font-size: 1.3em; margin-top: 0; }
label { display: block; margin-bottom: .4em; }
input { font: 1.3em monospace; width: 100%; box-sizing: border-box; padding: .3em; }
button { margin-top: 1em; font-size: 1.1em; padding: .4em 1.2em; }
.error { background: #5c1d1d; padding: .6em; border-radius: 4px; }
"""


def sign_in_html(title: str, error: str = "") -> str:
    """The sign-in page: one field for the join code; ``error`` says why the last try failed."""
    message = f'<p class="error" role="alert">{html.escape(error)}</p>' if error else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{html.escape(title)} table</title><style>{_STYLE}</style></head>
<body><main>
<h1>{html.escape(title)} table</h1>{message}
<form method="post" action="/login">
<label for="code">Your join code (the host gave it to you)</label>
<input id="code" name="code" autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="{MAX_CODE}"
 autofocus required>
<button type="submit">Take my seat</button>
</form></main></body></html>
"""


_TABLE_STYLE = """
@font-face { font-family: 'Roboto Mono'; src: url('/static/fonts/RobotoMono-VariableFont_wght.ttf'); }
html, body { margin: 0; height: 100%; background: #0c181f; }
.textual-terminal { width: 100vw; height: 100vh; }
.ended { display: none; position: absolute; top: 30vh; left: 0; right: 0; margin: auto; width: 24em;
  padding: 1.5em; background: #182f3c; color: #e8eef2; font-family: sans-serif; border-radius: 8px; z-index: 10; }
.ended a { color: #9fd3ff; }
body.-closed .ended { display: block; }
"""


#: The table page's own script (the page allows scripts from this server only): the terminal
#: takes the keys as soon as xterm has drawn it, so keys work right after sign-in, with no click.
TABLE_SCRIPT = """\
(function () {
  function focusTerminal() {
    var keys = document.querySelector(".xterm-helper-textarea");
    if (keys) { keys.focus(); }
    return keys !== null;
  }
  if (focusTerminal()) { return; }
  var watch = new MutationObserver(function () { if (focusTerminal()) { watch.disconnect(); } });
  watch.observe(document.body, { childList: true, subtree: true });
})();
"""


async def _table_script(request: web.Request) -> web.Response:
    return web.Response(text=TABLE_SCRIPT, content_type="text/javascript", charset="utf-8")


def table_html(title: str, who: str, ws_url: str) -> str:
    """The table page: textual-serve's terminal, connected to this sign-in's websocket."""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{html.escape(who)} at the {html.escape(title)} table</title>
<link rel="stylesheet" href="/static/css/xterm.css"><style>{_TABLE_STYLE}</style>
<script src="/static/js/textual.js"></script></head>
<body>
<div class="ended">Your table screen has closed: you left, the host closed the table, or the connection was
lost. <a href="/">Sign in again</a> with your code to go back to your seat.</div>
<div id="terminal" class="textual-terminal" data-session-websocket-url="{html.escape(ws_url)}"
 data-font-size="16"></div>
<script src="/table.js"></script>
</body></html>
"""
