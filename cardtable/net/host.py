"""``cardtable host``: build a table from the command line, serve it, print how to join.

Seats are a comma list, one item per seat, in seat order::

    remote            a seat open to a remote human (joins with that seat's code)
    remote:Ann        ... with a name (also the ssh user name: ssh -p PORT ann@HOST)
    human             the same as remote (the host joins their own seat like everyone else)
    normal, random    a bot of that level (any level of games.bots.LEVELS, or an older name such as
                      heuristic; "bot" = normal)
    bot:Rex           a named bot;  normal:Rex likewise

``--resume FILE`` reopens a saved hosted table (seats, names and join codes come back with it);
every remote seat starts away, so its hold (and ``--while-away``) runs from the resume.
``--heartbeat SECONDS`` sets how often the table checks on its players (table port and ssh); a
player silent for about three heartbeats counts as dropped.  ``--turn-timeout SECONDS`` (off by
default): a seated player who has not moved that long has a bot play for them, as for a dropped
player, until the turn passes on.

The host's log never floods: at most :data:`LOG_BURST` lines in :data:`LOG_WINDOW` seconds are
written, the rest counted in one line, and the event loop's own complaints (a listener out of file
descriptors, say) go through the same log instead of the terminal.
"""

from __future__ import annotations

import asyncio
import signal
import socket
import sys
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from cardtable.paths import saves_dir
from cardtable.session import Table
from games import get_rules
from games.core import CardtableError, Record

from .client import parse_address
from .config import HostConfig, default_seats, is_loopback, parse_seats, ssh_user
from .server import Limits, TableServer, load_or_make_codes, new_code

LOG_BURST = 30  # log lines written in any LOG_WINDOW seconds; more are counted, not written
LOG_WINDOW = 10.0

__all__ = [
    "HostConfig",
    "build_table",
    "default_seats",
    "is_loopback",
    "join_text",
    "parse_seats",
    "run",
    "serve",
    "ssh_user",
]


def build_table(cfg: HostConfig) -> Table:
    """A new table from the config, or the one saved at ``cfg.resume``."""
    if cfg.resume is not None:
        table = Table.from_record(Record.load(cfg.resume), save_path=cfg.resume)
        if not any(s.kind == "remote" for s in table.seats):
            raise CardtableError(f"{cfg.resume} is not a hosted table (it has no remote seats)")
        return table
    seats = cfg.table_seats()
    save = (
        cfg.save or saves_dir() / f"hosted-{get_rules(cfg.game).name}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    )
    return Table.new(cfg.game, seats, cfg.options, cfg.seed, save_path=save)


def join_text(
    table: Table,
    server: TableServer,
    host: str,
    port: int,
    ssh_port: int | None,
    fingerprint: str | None,
    open_auth: bool,
    web_port: int | None = None,
) -> str:
    """What the host tells their friends: per seat, the code and the exact commands."""
    addr = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    lines = [
        f"{table.state.rules.title} table on {addr}"
        + (f" (saving to {table.save_path})" if table.save_path else "")
    ]
    for seat, slot in sorted(server.slots.items()):
        name = table.names[seat]
        lines.append(f"  {name}: code {slot.code}")
        lines.append(f"      cardtable join {addr} --code {slot.code}")
        if ssh_port is not None:
            how = "" if open_auth else "   (password: the code)"
            lines.append(f"      ssh -p {ssh_port} {ssh_user(seat, name)}@{host}{how}")
    if server.spectator_code:
        lines.append(f"  spectators: cardtable join {addr} --code {server.spectator_code}")
    if fingerprint:
        lines.append(f"  ssh host key {fingerprint}")
    bots = [n for n, c in zip(table.names, table.seats) if c.kind == "bot"]
    if bots:
        lines.append(f"  bots: {', '.join(bots)}")
    if web_port is not None:
        web = f"[{host}]:{web_port}" if ":" in host else f"{host}:{web_port}"
        lines.append(f"  in a web browser: http://{web}/ (each player types their code)")
    lines.append(
        "Press Ctrl-C to close the table (the game is saved after every move; --resume continues it)."
    )
    return "\n".join(lines)


async def serve(
    cfg: HostConfig,
    echo: Callable[[str], None] = lambda text: print(text, flush=True),
    ready: Callable[[TableServer], None] | None = None,
) -> None:
    """Run the table until Ctrl-C / SIGTERM (or the match ends and everyone has left)."""
    host, port = parse_address(cfg.listen)
    if cfg.no_auth and not is_loopback(host):
        raise CardtableError("--no-auth is allowed only when listening on loopback (127.0.0.1 or ::1)")
    table = build_table(cfg)
    remote = [i for i, c in enumerate(table.seats) if c.kind == "remote"]
    problems: list[str] = []
    codes = load_or_make_codes(table.save_path, remote, problems)
    limits = Limits(heartbeat=cfg.heartbeat, dead_after=3 * cfg.heartbeat)
    server = TableServer(
        table,
        codes,
        hold=cfg.hold,
        while_away=cfg.while_away,
        bot_delay=cfg.bot_delay,
        spectator_code=new_code() if cfg.spectators else None,
        limits=limits,
        resumed=cfg.resume is not None,
        turn_timeout=cfg.turn_timeout,
    )
    echo = _never_fails(echo)
    server.on_event = log_lines(echo)
    try:
        bound_host, bound_port = await server.start_tcp(host, port)
    except OSError as exc:
        raise CardtableError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    stop = asyncio.Event()  # set by Ctrl-C, SIGTERM or a hang-up, even one that comes during the start
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(loop_errors(server.log))
    for sig in _stop_signals():
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread (BackgroundHost)
            pass
    front = web = None
    fingerprint = None
    try:
        if cfg.ssh_port is not None:
            from .ssh import SshFrontDoor

            front = SshFrontDoor(
                server, authorized_keys=cfg.authorized_keys, no_auth=cfg.no_auth, heartbeat=cfg.heartbeat
            )
            await front.start(host, cfg.ssh_port)
            fingerprint = front.fingerprint
        if cfg.web_port is not None:
            from .web import WebFrontDoor

            web = WebFrontDoor(server, heartbeat=cfg.heartbeat)
            await web.start(host, cfg.web_port)
        shown = cfg.public_host or (socket.gethostname() if host in ("0.0.0.0", "::", "") else bound_host)
        echo(
            join_text(
                table,
                server,
                shown,
                bound_port,
                front.port if front else None,
                fingerprint,
                cfg.no_auth,
                web.port if web else None,
            )
        )
        if ready is not None:
            ready(server)
        for problem in problems:  # after the join text (the last line said before ready)
            server.log(problem)
        await stop.wait()
    finally:
        if front is not None:
            await front.close()
        if web is not None:
            await web.close()
        await server.close("the host closed the table; it is saved and can be resumed")
        echo(f"table closed; saved to {table.save_path}" if table.save_path else "table closed")


def _stop_signals() -> list[signal.Signals]:
    """Ctrl-C, SIGTERM, and a hang-up of our terminal unless we were told to ignore it (nohup)."""
    sigs = [signal.SIGINT, signal.SIGTERM]
    if signal.getsignal(signal.SIGHUP) is not signal.SIG_IGN:
        sigs.append(signal.SIGHUP)
    return sigs


def _never_fails(echo: Callable[[str], None]) -> Callable[[str], None]:
    """The host's log line writer, which must not break the table when its terminal has gone."""

    def write(text: str) -> None:
        try:
            echo(text)
        except (OSError, ValueError):
            pass

    return write


def log_lines(echo: Callable[[str], None]) -> Callable[[str], None]:
    """The host's timestamped log, bounded: at most LOG_BURST lines per LOG_WINDOW seconds are written;
    the ones left out are counted and said in one line once the log may speak again."""
    said: deque[float] = deque()
    left_out = 0

    def write(text: str) -> None:
        nonlocal left_out
        now = time.monotonic()
        while said and now - said[0] > LOG_WINDOW:
            said.popleft()
        if len(said) >= LOG_BURST:
            left_out += 1
            return
        stamp = f"[{time.strftime('%H:%M:%S')}] "
        if left_out:
            echo(f"{stamp}({left_out} log lines were left out: too many at once)")
            said.append(now)
            left_out = 0
        said.append(now)
        echo(f"{stamp}{text}")

    return write


def loop_errors(log: Callable[[str], None]) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]], None]:
    """An event loop exception handler that puts one line on the host's (bounded) log."""

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        detail = f": {type(exc).__name__}: {exc}" if exc is not None else ""
        log(f"{context.get('message', 'event loop error')}{detail}")

    return handle


def run(cfg: HostConfig) -> None:
    """Blocking entry point for the CLI."""
    try:
        asyncio.run(serve(cfg))
    except KeyboardInterrupt:
        print("table closed", file=sys.stderr)
