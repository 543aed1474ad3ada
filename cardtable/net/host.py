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
player silent for about three heartbeats counts as dropped.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import signal
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from games import get_rules
from games.core import BadOptionError, CardtableError, Record

from cardtable.pacer import BOT_DELAY
from cardtable.session import SeatConfig, Table, saves_dir

from .client import DEFAULT_PORT, parse_address
from .server import Limits, TableServer, load_or_make_codes, new_code


def parse_seats(text: str, game: str) -> list[SeatConfig]:
    """``remote:Ann,remote,heuristic`` -> SeatConfigs; BadOptionError naming the bad item."""
    from games import bots

    levels, aliases = bots.LEVELS, getattr(bots, "ALIASES", {})
    seats: list[SeatConfig] = []
    items = [t.strip() for t in text.split(",")]
    for i, item in enumerate(items):
        kind, _, name = item.partition(":")
        kind, name = kind.strip().lower(), name.strip()
        if kind in ("remote", "human"):
            seats.append(SeatConfig("remote", name or f"Player {i + 1}"))
        elif kind == "bot" or kind in levels or kind in aliases:  # aliases: older names such as heuristic
            level = ("normal" if "normal" in levels else "heuristic") if kind == "bot" else kind
            seats.append(SeatConfig("bot", name or f"Bot {i + 1}", level))
        else:
            raise BadOptionError(f"seat {i + 1} ({item!r}) is not allowed: use remote[:NAME], human[:NAME] "
                                 f"or a bot level ({', '.join(levels)})[:NAME]")
    if len({s.name.lower() for s in seats}) != len(seats):
        raise BadOptionError("two seats have the same name: give each seat its own name")
    if not any(s.kind == "remote" for s in seats):
        raise BadOptionError("no seat is open to players: put at least one 'remote' in --seats")
    get_rules(game).check_seats(len(seats))
    return seats


def default_seats(game: str) -> str:
    rules = get_rules(game)
    n = max(rules.default_seats, rules.min_seats)
    return ",".join(["remote", "remote"][:n] + ["heuristic"] * max(0, n - 2))


def ssh_user(seat: int, name: str) -> str:
    """The user name that picks this seat over ssh: the seat's name if it is a plain word, else seatN."""
    low = name.strip().lower()
    return low if re.fullmatch(r"[a-z][a-z0-9_.-]{0,31}", low) else f"seat{seat + 1}"


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


@dataclass
class HostConfig:
    game: str = ""
    options: dict[str, str] = field(default_factory=dict)
    seats: str = ""
    listen: str = f"127.0.0.1:{DEFAULT_PORT}"
    ssh_port: int | None = None
    authorized_keys: Path | None = None
    no_auth: bool = False
    hold: float = 300.0
    while_away: str = "wait"
    bot_delay: float = BOT_DELAY
    seed: int | None = None
    save: Path | None = None
    resume: Path | None = None
    spectators: bool = False
    public_host: str | None = None
    heartbeat: float = 5.0
    web_port: int | None = None  # also serve each seat to web browsers on this port (cardtable.net.web)


def build_table(cfg: HostConfig) -> Table:
    """A new table from the config, or the one saved at ``cfg.resume``."""
    if cfg.resume is not None:
        table = Table.from_record(Record.load(cfg.resume), save_path=cfg.resume)
        if not any(s.kind == "remote" for s in table.seats):
            raise CardtableError(f"{cfg.resume} is not a hosted table (it has no remote seats)")
        return table
    seats = parse_seats(cfg.seats or default_seats(cfg.game), cfg.game)
    save = cfg.save or saves_dir() / f"hosted-{get_rules(cfg.game).name}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    return Table.new(cfg.game, seats, cfg.options, cfg.seed, save_path=save)


def join_text(table: Table, server: TableServer, host: str, port: int, ssh_port: int | None,
              fingerprint: str | None, open_auth: bool, web_port: int | None = None) -> str:
    """What the host tells their friends: per seat, the code and the exact commands."""
    addr = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    lines = [f"{table.state.rules.title} table on {addr}"
             + (f" (saving to {table.save_path})" if table.save_path else "")]
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
    lines.append("Press Ctrl-C to close the table (the game is saved after every move; --resume continues it).")
    return "\n".join(lines)


async def serve(cfg: HostConfig, echo: Callable[[str], None] = lambda text: print(text, flush=True),
                ready: Callable[[TableServer], None] | None = None) -> None:
    """Run the table until Ctrl-C / SIGTERM (or the match ends and everyone has left)."""
    host, port = parse_address(cfg.listen)
    if cfg.no_auth and not is_loopback(host):
        raise CardtableError("--no-auth is allowed only when listening on loopback (127.0.0.1 or ::1)")
    table = build_table(cfg)
    remote = [i for i, c in enumerate(table.seats) if c.kind == "remote"]
    codes = load_or_make_codes(table.save_path, remote)
    limits = Limits(heartbeat=cfg.heartbeat, dead_after=3 * cfg.heartbeat)
    server = TableServer(table, codes, hold=cfg.hold, while_away=cfg.while_away, bot_delay=cfg.bot_delay,
                         spectator_code=new_code() if cfg.spectators else None, limits=limits,
                         resumed=cfg.resume is not None)
    echo = _never_fails(echo)
    server.on_event = lambda text: echo(f"[{time.strftime('%H:%M:%S')}] {text}")
    try:
        bound_host, bound_port = await server.start_tcp(host, port)
    except OSError as exc:
        raise CardtableError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    stop = asyncio.Event()  # set by Ctrl-C, SIGTERM or a hang-up, even one that comes during the start
    loop = asyncio.get_running_loop()
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

            front = SshFrontDoor(server, authorized_keys=cfg.authorized_keys, no_auth=cfg.no_auth,
                                 heartbeat=cfg.heartbeat)
            await front.start(host, cfg.ssh_port)
            fingerprint = front.fingerprint
        if cfg.web_port is not None:
            from .web import WebFrontDoor

            web = WebFrontDoor(server, heartbeat=cfg.heartbeat)
            await web.start(host, cfg.web_port)
        shown = cfg.public_host or (socket.gethostname() if host in ("0.0.0.0", "::", "") else bound_host)
        echo(join_text(table, server, shown, bound_port, front.port if front else None, fingerprint, cfg.no_auth,
                       web.port if web else None))
        if ready is not None:
            ready(server)
        await stop.wait()
    finally:
        if front is not None:
            await front.close()
        if web is not None:
            await web.close()
        await server.close("the host closed the table; it is saved and can be resumed")
        echo(f"table closed; saved to {table.save_path}" if table.save_path else "table closed")


def _stop_signals() -> list[int]:
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


def run(cfg: HostConfig) -> None:
    """Blocking entry point for the CLI."""
    try:
        asyncio.run(serve(cfg))
    except KeyboardInterrupt:
        print("table closed", file=sys.stderr)
