"""``cardtable host``: build a table (or several) from the command line, serve it, print how to join.

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

Several tables (``--table SPEC`` and more than one ``--resume``): :func:`serve_tables` serves them all
from this one process, on one table port and one ssh port, through a :class:`~.hub.TableHub`
(the specs are read by :func:`.hub.table_configs`).
"""

from __future__ import annotations

import asyncio
import signal
import socket
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.net.client import parse_address
from cardtable.net.config import HostConfig, is_loopback, ssh_user
from cardtable.net.server import Limits, TableServer, load_or_make_codes, new_code
from cardtable.paths import saves_dir
from cardtable.session import Table
from games import get_rules
from games.core import CardtableError, Record

from .hub import LOBBY_USER, TableHub

if TYPE_CHECKING:
    from .ssh import SshFrontDoor

LOG_BURST = 30  # log lines written in any LOG_WINDOW seconds; more are counted, not written
LOG_WINDOW = 10.0

__all__ = [
    "build_servers",
    "build_table",
    "hub_join_text",
    "join_text",
    "log_lines",
    "run",
    "run_tables",
    "serve",
    "serve_tables",
    "table_server",
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


def table_server(cfg: HostConfig, table: Table, problems: list[str] | None = None) -> TableServer:
    """The server of one table: its join codes (kept beside its save; a problem keeping them is added
    to ``problems``), holds, bot pace, limits and spectator code from the config."""
    remote = [i for i, c in enumerate(table.seats) if c.kind == "remote"]
    return TableServer(
        table,
        load_or_make_codes(table.save_path, remote, problems),
        hold=cfg.hold,
        while_away=cfg.while_away,
        bot_delay=cfg.bot_delay,
        spectator_code=new_code() if cfg.spectators else None,
        limits=Limits(heartbeat=cfg.heartbeat, dead_after=3 * cfg.heartbeat),
        resumed=cfg.resume is not None,
        turn_timeout=cfg.turn_timeout,
    )


def _listen_address(cfg: HostConfig) -> tuple[str, int]:
    """Where to listen; no authentication is allowed on loopback only."""
    host, port = parse_address(cfg.listen)
    if cfg.no_auth and not is_loopback(host):
        raise CardtableError("--no-auth is allowed only when listening on loopback (127.0.0.1 or ::1)")
    return host, port


def _shown_host(cfg: HostConfig, host: str, bound_host: str) -> str:
    """The host name printed in the join lines."""
    return cfg.public_host or (socket.gethostname() if host in ("0.0.0.0", "::", "") else bound_host)


def _stop_event(log: Callable[[str], None]) -> asyncio.Event:
    """The event that Ctrl-C, SIGTERM or a hang-up sets (even one that comes while the doors start);
    the event loop's own complaints go to ``log``."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(loop_errors(log))
    for sig in _stop_signals():
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread (BackgroundHost)
            pass
    return stop


async def _ssh_door(cfg: HostConfig, served: TableServer | TableHub, host: str) -> SshFrontDoor | None:
    """The ssh front door started on ``host`` for a table or a hub (None without --ssh); a door that
    fails to start is closed again before the error goes on."""
    if cfg.ssh_port is None:
        return None
    from .ssh import SshFrontDoor  # start-up: asyncssh loads only for an ssh door

    front = SshFrontDoor(
        served, authorized_keys=cfg.authorized_keys, no_auth=cfg.no_auth, heartbeat=cfg.heartbeat
    )
    try:
        await front.start(host, cfg.ssh_port)
    except BaseException:
        await front.close()
        raise
    return front


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
    host, port = _listen_address(cfg)
    table = build_table(cfg)
    problems: list[str] = []
    server = table_server(cfg, table, problems)
    echo = _never_fails(echo)
    server.on_event = log_lines(echo)
    try:
        bound_host, bound_port = await server.start_tcp(host, port)
    except OSError as exc:
        raise CardtableError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    stop = _stop_event(server.log)
    front = web = None
    try:
        front = await _ssh_door(cfg, server, host)
        if cfg.web_port is not None:
            from .web import WebFrontDoor  # start-up: aiohttp is loaded only for a web door

            web = WebFrontDoor(server, heartbeat=cfg.heartbeat)
            await web.start(host, cfg.web_port)
        echo(
            join_text(
                table,
                server,
                _shown_host(cfg, host, bound_host),
                bound_port,
                front.port if front else None,
                front.fingerprint if front else None,
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


# ---------------------------------------------------------------- several tables


def distinct_saves(tables: Sequence[Table]) -> None:
    """Each table saves to its own file: the same file for two tables (one save resumed twice) is refused."""
    seen: dict[Path, int] = {}
    for n, table in enumerate(tables, 1):
        if table.save_path is None:
            continue
        path = table.save_path.resolve()
        if path in seen:
            raise CardtableError(
                f"tables {seen[path]} and {n} would both save to {table.save_path}: "
                "give each table its own save file, and resume each save once"
            )
        seen[path] = n


def hub_join_text(
    hub: TableHub, host: str, port: int, ssh_port: int | None, fingerprint: str | None, open_auth: bool
) -> str:
    """What the host tells the club: per table, each seat's code and commands; the lobby."""
    addr = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    lines = [f"{len(hub.servers)} tables on {addr}"]
    for server in hub.servers:
        table = server.table
        lines.append(
            f"Table {hub.number(server)}: {table.state.rules.title}"
            + (f" (saving to {table.save_path})" if table.save_path else "")
        )
        for seat, slot in sorted(server.slots.items()):
            lines.append(f"  {table.names[seat]}: code {slot.code}")
            lines.append(f"      cardtable join {addr} --code {slot.code}")
            if ssh_port is not None:
                who = hub.user_for(server, seat) if open_auth else ssh_user(seat, table.names[seat])
                lines.append(
                    f"      ssh -p {ssh_port} {who}@{host}" + ("" if open_auth else "   (password: the code)")
                )
        if server.spectator_code:
            lines.append(f"  spectators: cardtable join {addr} --code {server.spectator_code}")
        bots = [n for n, c in zip(table.names, table.seats) if c.kind == "bot"]
        if bots:
            lines.append(f"  bots: {', '.join(bots)}")
    if ssh_port is not None:
        how = "" if open_auth else f"   (password: the club code {hub.lobby_code})"
        lines.append(f"Lobby (the tables and their free seats): ssh -p {ssh_port} {LOBBY_USER}@{host}{how}")
    if fingerprint:
        lines.append(f"ssh host key {fingerprint}")
    lines.append(
        "Press Ctrl-C to close the tables (each is saved after every move; --resume each save continues it)."
    )
    return "\n".join(lines)


def build_servers(cfgs: Sequence[HostConfig]) -> list[TableServer]:
    """One TableServer per table config: its table (new or resumed), its codes kept beside its save."""
    tables = [build_table(cfg) for cfg in cfgs]
    distinct_saves(tables)
    return [table_server(cfg, table) for cfg, table in zip(cfgs, tables)]


async def serve_tables(
    cfgs: Sequence[HostConfig],
    echo: Callable[[str], None] = lambda t: print(t, flush=True),
    ready: Callable[[TableHub], None] | None = None,
) -> None:
    """Run several tables in one server until Ctrl-C / SIGTERM; ``cfgs[0]`` gives the host-wide
    settings (address, ssh, authentication)."""
    base = cfgs[0]
    host, port = _listen_address(base)
    if base.web_port is not None:
        raise CardtableError("--web serves one table: host several tables over the table port and ssh")
    echo = _never_fails(echo)
    servers = build_servers(cfgs)
    hub = TableHub(servers, lobby_code=new_code() if base.ssh_port is not None and not base.no_auth else None)
    log = log_lines(echo)  # one bounded log for every table
    for n, server in enumerate(servers, 1):
        server.on_event = lambda text, n=n: log(f"table {n}: {text}")
    try:
        bound_host, bound_port = await hub.start_tcp(host, port)
    except OSError as exc:
        await hub.close()
        raise CardtableError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    stop = _stop_event(log)
    front = None
    try:
        front = await _ssh_door(base, hub, host)
        echo(
            hub_join_text(
                hub,
                _shown_host(base, host, bound_host),
                bound_port,
                front.port if front else None,
                front.fingerprint if front else None,
                base.no_auth,
            )
        )
        if ready is not None:
            ready(hub)
        await stop.wait()
    finally:
        if front is not None:
            await front.close()
        await hub.close("the host closed the table; it is saved and can be resumed")
        for n, server in enumerate(servers, 1):
            where = f"; saved to {server.table.save_path}" if server.table.save_path else ""
            echo(f"table {n} closed{where}")


def run_tables(cfgs: Sequence[HostConfig]) -> None:
    """Blocking entry point for the CLI (several tables)."""
    try:
        asyncio.run(serve_tables(cfgs))
    except KeyboardInterrupt:
        print("tables closed", file=sys.stderr)
