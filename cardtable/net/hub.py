"""Several tables, one host: ``cardtable host --table SPEC --table SPEC ...`` serves every table
from one process, on one table port and one ssh port, so a club hosts an evening with one command.

- :class:`TableHub` holds the tables' servers (one :class:`~.server.TableServer` per table, each
  with its own Table, bots, holds and join codes).  Codes are unique across the tables, so a code
  still goes straight to its seat: on the table port each new connection is handed to the table
  whose code its hello names (:class:`_Router`; anything else goes to the first table, which
  refuses it exactly as a single table would), and over ssh the code given as the password picks
  the table and the seat.  Wrong codes are throttled per address across all the tables and both
  ports (one :class:`~.guard.GuessThrottle`), and connections that have not said hello share one
  cap (:class:`~.guard.Doorway`), as on a host of one table.
- The lobby (ssh only): the user ``lobby`` with the club code as password (printed by the host;
  no password on a ``--no-auth`` loopback host) sees every table with its free seats and takes one
  by its number; they are shown that seat's code, to come back with.  The lobby is a few lines of
  text drawn by the host itself (:class:`Lobby`: no table UI process runs until a seat is taken;
  typed input is bounded).  What the lobby gives away is bounded (issue 30): only the open seats
  (``remote`` without a name: a seat named for a person is reached with its own code only), each
  held for one lobby session at a time; when that session ends before its player has sat down, or
  after :data:`CLAIM_HOLD` seconds, the seat is free again under a new code, so a code read in the
  lobby and not used opens nothing.
- Each table keeps its own save file and its own codes beside it: each is saved after every move and
  resumed on its own (``--resume A.json --resume B.json``, or ``--table "resume=A.json"``).

A table SPEC is the game's name followed by ``key=value`` words: ``seats=remote:Ann,remote,normal``,
``seed=N``, ``save=FILE``, and any game option (``hand_size=8``); or ``resume=FILE``.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import shlex
import socket
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from cardtable.paths import saves_dir
from cardtable.session import Table
from games import get_rules
from games.core import BadOptionError, CardtableError

from . import wire
from .client import parse_address
from .config import HostConfig, is_loopback, parse_seats, ssh_user
from .guard import Doorway, address_key
from .host import _never_fails, _stop_signals, build_table, log_lines, loop_errors
from .server import Limits, TableServer, load_or_make_codes, new_code, save_codes

LOBBY_USER = "lobby"
CLAIM_HOLD = 120.0  # seconds a seat taken in the lobby waits for its player to sit down


@dataclass(frozen=True, eq=False)
class Login:
    """Where an ssh login goes: a seat (or a spectator's place, ``seat`` None) at one table, or the lobby."""

    server: TableServer | None
    seat: int | None = None
    lobby: bool = False


# ---------------------------------------------------------------- table specs (the command line)


def parse_table_spec(spec: str, base: HostConfig, number: int) -> HostConfig:
    """``"rams seats=remote,remote,normal seed=3 hand_size=6"`` -> that table's HostConfig
    (the host-wide settings come from ``base``); BadOptionError naming the bad word."""
    try:
        words = shlex.split(spec)
    except ValueError as exc:  # an unclosed quote
        raise BadOptionError(f"--table {number} cannot be read ({exc}): {spec!r}") from None
    if not words:
        raise BadOptionError(f"--table {number} is empty: give a game name, or resume=FILE")
    cfg = replace(base, game="", options={}, seats=[], seed=None, save=None, resume=None)
    if "=" not in words[0]:
        cfg.game = get_rules(words.pop(0)).name
    seats = ""
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or not key:
            raise BadOptionError(
                f"--table {number}: {word!r} is not key=value (e.g. seats=remote,remote,normal)"
            )
        if key.strip().lower() == "seats":
            seats = value.strip()
        else:
            _set_spec_word(cfg, key.strip().lower(), value.strip(), number)
    if not cfg.game and cfg.resume is None:
        raise BadOptionError(
            f"--table {number} names no game: start it with a game name, or give resume=FILE"
        )
    if seats and cfg.game:
        cfg.seats = parse_seats(seats, cfg.game)
    if cfg.save is None and cfg.resume is None:
        cfg.save = default_save(cfg.game, number)
    return cfg


def table_configs(
    base: HostConfig, game: str | None, resumes: Sequence[Path], specs: Sequence[str]
) -> list[HostConfig]:
    """The tables of ``cardtable host``: the one named on the command line (``game`` with --seats,
    --option, --seed, --save), one per --resume, then one per --table, in that order."""
    cfgs: list[HostConfig] = []
    if game:
        cfg = replace(base, resume=None)
        cfg.save = cfg.save or default_save(cfg.game, 1)
        cfgs.append(cfg)
    cfgs += [
        replace(base, game="", options={}, seats=[], seed=None, save=None, resume=Path(r)) for r in resumes
    ]
    cfgs += [parse_table_spec(spec, base, len(cfgs) + i) for i, spec in enumerate(specs, 1)]
    return cfgs


def run_tables(cfgs: Sequence[HostConfig]) -> None:
    """Blocking entry point for the CLI (several tables)."""
    try:
        asyncio.run(serve_tables(cfgs))
    except KeyboardInterrupt:
        print("tables closed", file=sys.stderr)


def _set_spec_word(cfg: HostConfig, key: str, value: str, number: int) -> None:
    if key == "seed":
        try:
            cfg.seed = int(value)
        except ValueError:
            raise BadOptionError(f"--table {number}: seed={value!r} is not a whole number") from None
    elif key in ("save", "resume"):
        setattr(cfg, key, Path(value).expanduser())
    else:
        cfg.options[key] = value


def default_save(game: str, number: int) -> Path:
    """Where table ``number`` of the evening saves by default (its own file: ``...-t2.json``)."""
    return saves_dir() / f"hosted-{get_rules(game).name}-{time.strftime('%Y%m%d-%H%M%S')}-t{number}.json"


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


# ---------------------------------------------------------------- the hub


class TableHub:
    """The servers of several tables, reached through one table port and one ssh door."""

    def __init__(self, servers: Sequence[TableServer], lobby_code: str | None = None) -> None:
        if not servers:
            raise CardtableError("a host needs at least one table")
        self.servers = list(servers)
        self.lobby_code = lobby_code
        first = self.servers[0]
        self.limits: Limits = first.limits
        self.throttle = first.throttle  # one guess throttle and one cap at the door for every table
        for server in self.servers[1:]:
            server.throttle, server.doorway = first.throttle, first.doorway
        self.doorway: Doorway[_Router] = Doorway(
            self.limits.max_unauth_per_address, self.limits.max_unauth_total
        )
        self._check_codes()
        self.claimed: dict[
            tuple[int, int], tuple[object, float]
        ] = {}  # (table, seat) -> (lobby session, since)
        self._sockets: dict[int, str] = {}
        self._listeners: list[asyncio.AbstractServer] = []
        self.address: tuple[str, int] | None = None  # the table port, once listening

    def _check_codes(self) -> None:
        codes = [slot.code for s in self.servers for slot in s.slots.values()]
        codes += [s.spectator_code for s in self.servers if s.spectator_code] + [self.lobby_code or ""]
        codes = [c for c in codes if c]
        if len(set(codes)) != len(codes):
            raise CardtableError(
                "two seats of these tables have the same join code: is one table resumed twice?"
            )

    @property
    def multi(self) -> bool:
        return len(self.servers) > 1

    def log(self, text: str) -> None:
        self.servers[0].log(text)

    def number(self, server: TableServer) -> int:
        """The table's number as players read it (1, 2, ...)."""
        return self.servers.index(server) + 1

    # -- who is who ------------------------------------------------------------------
    def find_code(self, code: str) -> Login | None:
        """The place a join code (or the club code) opens, or None; every code is compared."""
        if not code.isascii():  # no code has other letters (and compare_digest takes ASCII only)
            return None
        found = (
            Login(None, None, lobby=True)
            if self.lobby_code and secrets.compare_digest(self.lobby_code, code)
            else None
        )
        for server in self.servers:
            seat = server.seat_for_code(code)
            if seat is not None and found is None:
                found = Login(server, None if seat == -1 else seat)
        return found

    def server_for_hello(self, line: bytes) -> TableServer | None:
        """The table whose seat or spectator code a hello line names (no verdict: that table gives it)."""
        try:
            msg = wire.loads(line.rstrip(b"\r\n"), self.limits.max_line)
        except Exception:
            return None
        code = msg.get("code") if msg.get("type") == "hello" else None
        if not isinstance(code, str) or len(code) > 64:
            return None
        found = self.find_code(code.strip().lower())
        return found.server if found is not None and found.server is not None else None

    def user_for(self, server: TableServer, seat: int) -> str:
        """The ssh user name that picks this seat without a code (no-auth, keys): the seat's name,
        ``tN-name`` on a host of several tables."""
        user = ssh_user(seat, server.table.names[seat])
        return f"t{self.number(server)}-{user}" if self.multi else user

    def users(self) -> list[tuple[str, Login]]:
        """Every such user name, and ``lobby`` on a host of several tables."""
        out = [
            (self.user_for(server, seat), Login(server, seat))
            for server in self.servers
            for seat in sorted(server.slots)
        ]
        if self.multi:
            out.append((LOBBY_USER, Login(None, None, lobby=True)))
        return out

    def seat_for_user(self, username: str) -> Login | None:
        name = username.lower()
        for user, login in self.users():
            if name == user:
                return login
        for _user, login in self.users():  # also seatN (or tN-seatN)
            if login.server is not None and login.seat is not None and name == self._seat_user(login):
                return login
        return None

    def _seat_user(self, login: Login) -> str:
        user = f"seat{login.seat + 1}"  # type: ignore[operator]
        return f"t{self.number(login.server)}-{user}" if self.multi else user  # type: ignore[arg-type]

    # -- free seats (the lobby) --------------------------------------------------------
    def free_seats(self) -> list[Login]:
        """Open remote seats that nobody has joined or holds in the lobby now, table by table."""
        self._expire_claims()
        return [
            Login(server, seat)
            for i, server in enumerate(self.servers)
            for seat in server.room.free_seats()
            if (i, seat) not in self.claimed
        ]

    def claim(self, login: Login, holder: object = None) -> bool:
        """Hold a free seat for the lobby session ``holder`` (False if someone was quicker)."""
        if login.server is None or login.seat is None:
            return False
        if not any(f.server is login.server and f.seat == login.seat for f in self.free_seats()):
            return False
        self.claimed[(self.servers.index(login.server), login.seat)] = (holder, time.monotonic())
        return True

    def holds(self, login: Login, holder: object) -> bool:
        """``holder`` still holds the seat of ``login`` (its hold has not run out)."""
        self._expire_claims()
        if login.server is None or login.seat is None:
            return False
        entry = self.claimed.get((self.servers.index(login.server), login.seat))
        return entry is not None and entry[0] is holder

    def release(self, holder: object) -> None:
        """The lobby session ``holder`` has gone: each seat it held that nobody has sat at is free
        again, under a new code (the code the lobby showed opens nothing now)."""
        for key in [k for k, (h, _) in self.claimed.items() if h is holder]:
            if not self._sitting_down(key):  # a seat whose player is joining now is theirs
                self._give_back(key)

    def _sitting_down(self, key: tuple[int, int]) -> bool:
        """A table UI started for this seat holds a join token not spent yet (it is joining now)."""
        server, now = self.servers[key[0]], time.monotonic()
        return any(r is server.room and s == key[1] and exp >= now for r, s, exp in server.tokens.values())

    def _expire_claims(self) -> None:
        now = time.monotonic()
        for key in [k for k, (_, since) in self.claimed.items() if now - since > CLAIM_HOLD]:
            self._give_back(key)

    def _give_back(self, key: tuple[int, int]) -> None:
        del self.claimed[key]
        server, seat = self.servers[key[0]], key[1]
        slot = server.slots[seat]
        if slot.joined or slot.conn is not None:
            return  # the player sat down: the seat and its code are theirs
        taken = {code for s in self.servers for code in s.room.codes()} | {self.lobby_code or ""}
        server.room.change_code(seat, taken)
        problem = save_codes(server.table.save_path, {s: sl.code for s, sl in server.slots.items()})
        server.log(f"{server.table.names[seat]}'s seat is free again in the lobby (with a new code)")
        if problem:
            server.log(problem)

    # -- listening ---------------------------------------------------------------------
    async def start_unix(self, folder: str) -> None:
        """One private Unix socket per table in ``folder`` (``table.sock`` for a single table)."""
        for i, server in enumerate(self.servers):
            path = os.path.join(folder, "table.sock" if not self.multi else f"table-{i + 1}.sock")
            await server.start_unix(path)
            self._sockets[i] = path

    def socket_path(self, server: TableServer) -> str:
        return self._sockets[self.servers.index(server)]

    async def start_tcp(self, host: str, port: int) -> tuple[str, int]:
        """One table port for every table; returns the bound (host, port)."""
        for server in self.servers:
            server.start()  # the driver (bots, holds) and heartbeats of each table
        loop = asyncio.get_running_loop()
        listener = await loop.create_server(lambda: _Router(self), host, port)
        self._listeners.append(listener)
        addr = listener.sockets[0].getsockname()
        self.address = (addr[0], addr[1])
        return self.address

    async def close(self, reason: str = "the host closed the table") -> None:
        for listener in self._listeners:
            listener.close()
        for server in self.servers:
            await server.close(reason)
        for listener in self._listeners:
            try:
                await asyncio.wait_for(listener.wait_closed(), 2.0)
            except (TimeoutError, OSError):
                pass


class _Router(asyncio.Protocol):
    """A new connection on the shared table port: its hello line is read here, then the connection
    is handed, bytes read so far included, to the table whose code the hello names."""

    def __init__(self, hub: TableHub) -> None:
        self.hub = hub
        self.buf = bytearray()
        self.transport: asyncio.Transport | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.done = False

    def connection_made(self, transport) -> None:
        self.transport = transport
        addr = address_key(transport.get_extra_info("peername"))
        for other in self.hub.doorway.enter(self, addr):  # make room: the longest-waiting silent one goes
            other.refuse("busy", "too many connections are waiting to join; try again")
        self.timer = asyncio.get_running_loop().call_later(
            self.hub.limits.hello_timeout, self.refuse, "timeout", "no hello received in time"
        )

    def data_received(self, data: bytes) -> None:
        if self.done:
            return
        self.buf += data
        if b"\n" in self.buf or len(self.buf) > self.hub.limits.max_line:
            line = bytes(self.buf.split(b"\n", 1)[0])
            self._hand_over(self.hub.server_for_hello(line) or self.hub.servers[0])

    def connection_lost(self, exc: Exception | None) -> None:
        self._finish()

    def _finish(self) -> None:
        self.done = True
        self.hub.doorway.leave(self)
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def refuse(self, kind: str, message: str) -> None:
        if self.done or self.transport is None:
            return
        self._finish()
        self.transport.write(wire.dumps({"type": "error", "error": kind, "message": message}))
        self.transport.close()

    def _hand_over(self, server: TableServer) -> None:
        """From here on the table's server reads this connection as if it had accepted it."""
        assert self.transport is not None
        self._finish()
        server.adopt(self.transport, bytes(self.buf))


# ---------------------------------------------------------------- the lobby (ssh)


CLEAR = b"\x1b[2J\x1b[H"
MAX_TYPED = 12


class Lobby:
    """The lobby's text screen for one ssh session: the tables and their free seats, numbered.
    Digits and Enter take a seat, ``r`` draws the list again, ``q`` (or Ctrl-C, Ctrl-D) leaves."""

    def __init__(
        self,
        hub: TableHub,
        write: Callable[[bytes], None],
        sit: Callable[[Login], None],
        leave: Callable[[], None],
    ) -> None:
        self.hub, self.write, self.sit, self.leave = hub, write, sit, leave
        self.choices: list[Login] = []
        self.typed = ""
        self.offered: Login | None = None  # a taken seat waiting for Enter

    def start(self) -> None:
        self.draw()

    def draw(self, note: str = "") -> None:
        self.choices = self.hub.free_seats()
        lines = ["Tables at this host", ""]
        for server in self.hub.servers:
            lines += self._table_lines(server)
        lines.append("")
        if self.choices:
            lines.append("Type the number of a free seat and press Enter to sit there.")
        else:
            lines.append("No seat is free now: ask the host for your seat's code, or press r to look again.")
        lines.append("r: look again   q: leave")
        if note:
            lines += ["", note]
        self.typed = ""
        self.write(CLEAR + "\r\n".join(lines).encode() + b"\r\n> ")

    def _table_lines(self, server: TableServer) -> list[str]:
        table, n = server.table, self.hub.number(server)
        state = (
            "finished"
            if table.state.is_over
            else ("playing" if all(s.joined for s in server.slots.values()) else "waiting for players")
        )
        seated = [table.names[s] for s, slot in sorted(server.slots.items()) if slot.joined]
        out = [
            f"Table {n}: {table.state.rules.title} ({state})"
            + (f", seated: {', '.join(seated)}" if seated else "")
        ]
        for i, login in enumerate(self.choices, 1):
            if login.server is server:
                out.append(f"  {i:>2}  free seat: {table.names[login.seat]}")  # type: ignore[index]
        return out

    def feed(self, data: bytes) -> None:
        for byte in data:
            if self.offered is not None:
                if byte in (13, 10):
                    login, self.offered = self.offered, None
                    if not self.hub.holds(login, self):
                        self.draw("You waited too long and the seat went back to the lobby: pick again.")
                        return
                    self.sit(login)
                    return
                if byte in (3, 4, ord("q")):
                    self.leave()
                    return
                continue
            if not self._key(byte):
                return

    def _key(self, byte: int) -> bool:
        """One typed byte; False once the lobby is over for this session."""
        ch = chr(byte)
        if byte in (3, 4) or ch in "qQ":
            self.leave()
            return False
        if ch in "rR":
            self.draw()
        elif ch.isdigit() and len(self.typed) < MAX_TYPED:
            self.typed += ch
            self.write(ch.encode())
        elif byte in (8, 127) and self.typed:
            self.typed = self.typed[:-1]
            self.write(b"\b \b")
        elif byte in (13, 10):
            self._choose()
        return True

    def _choose(self) -> None:
        if not self.typed:
            self.draw()
            return
        number = int(self.typed)
        if not 1 <= number <= len(self.choices):
            self.draw(f"There is no free seat {number}.")
            return
        login = self.choices[number - 1]
        self.hub.release(self)  # one seat at a time for each lobby session
        if not self.hub.claim(login, self):
            self.draw("Someone has just taken that seat: pick another.")
            return
        self.offered = login
        server, seat = login.server, login.seat
        assert server is not None and seat is not None
        code = server.slots[seat].code
        self.write(
            CLEAR
            + (
                f"Your seat: {server.table.names[seat]} at table {self.hub.number(server)} "
                f"({server.table.state.rules.title}).\r\n"
                f"Its code is {code}: keep it to come back to this seat later (as your ssh password).\r\n\r\n"
                "Press Enter to sit down.\r\n"
            ).encode()
        )


# ---------------------------------------------------------------- serving several tables


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
    servers = []
    for cfg, table in zip(cfgs, tables):
        remote = [i for i, c in enumerate(table.seats) if c.kind == "remote"]
        codes = load_or_make_codes(table.save_path, remote)
        limits = Limits(heartbeat=cfg.heartbeat, dead_after=3 * cfg.heartbeat)
        servers.append(
            TableServer(
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
        )
    return servers


async def serve_tables(
    cfgs: Sequence[HostConfig],
    echo: Callable[[str], None] = lambda t: print(t, flush=True),
    ready: Callable[[TableHub], None] | None = None,
) -> None:
    """Run several tables in one server until Ctrl-C / SIGTERM; ``cfgs[0]`` gives the host-wide
    settings (address, ssh, authentication)."""
    base = cfgs[0]
    host, port = parse_address(base.listen)
    if base.no_auth and not is_loopback(host):
        raise CardtableError("--no-auth is allowed only when listening on loopback (127.0.0.1 or ::1)")
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
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(loop_errors(log))
    for sig in _stop_signals():
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread
            pass
    front = None
    try:
        if base.ssh_port is not None:
            from .ssh import SshFrontDoor

            front = SshFrontDoor(
                hub, authorized_keys=base.authorized_keys, no_auth=base.no_auth, heartbeat=base.heartbeat
            )
            await front.start(host, base.ssh_port)
        shown = base.public_host or (socket.gethostname() if host in ("0.0.0.0", "::", "") else bound_host)
        echo(
            hub_join_text(
                hub,
                shown,
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
