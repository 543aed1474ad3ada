"""The ssh front door: plain OpenSSH clients play at the table (``ssh -p PORT ann@host``).

Design: ONE CHILD PROCESS PER CONNECTION, on its own pty.  Each ssh session starts the ordinary
remote client (``python -m cardtable.net.join``), which joins the table over a private Unix
socket (0600, in a 0700 directory) with a one-time token bound to the authenticated seat, and
runs the same Textual UI as ``cardtable join``.  We chose isolation over running one Textual App
per connection inside the server process, because the prototype of the latter showed:

- process-wide state leaks between seats: Textual's xterm parser keeps an ``lru_cache``,
  ``run_async`` redirects ``sys.stdout`` for the whole process, colour depth leaks through shared
  Rich styles, and ``open_url`` / ``deliver_binary`` / ``screenshot`` would act on the HOST;
- one seat flooding input or rendering slowly stalls the event loop that every seat shares;
- a crash in one UI could take the table down.
A new child costs about 29 MiB of its own and 0.35-0.45 s of CPU to its first screen; forked from
the seat template (below), about 17 MiB and 0.12 s (see benchmarks/bench_ssh.py); either way
the kernel isolates seats completely, and the child is exactly the client a player runs at home:
it sees only ``view(its seat)`` from the server, never the table itself.

Terminal plumbing: the pty is put in raw mode before the child starts (the child's UI sets its
own modes; no echo or CR/LF translation before then); the child calls ``setsid`` and takes the
pty as its controlling terminal (TIOCSCTTY) so that ``TIOCSWINSZ`` on the master, sent when the
ssh client resizes, reaches it as SIGWINCH.  Output is read from the master only while the ssh
channel can take it (pause_writing/resume_writing), input is written without blocking the loop.
On disconnect the child's process group gets SIGHUP.  On shutdown each child gets SIGHUP and the
player's terminal gets the reset sequences (leave the alternate screen, mouse reporting off, show
the cursor), so nobody is left in a dead full-screen app.  OpenSSH forwards only TERM; COLORTERM
(``ssh -o SetEnv=COLORTERM=truecolor``) and LANG/LC_* are passed on if the client sends them.

Authentication: the join code of a seat as the password (the user name is free), or a key from
an authorized_keys file (the user name then picks the seat: its name, or seatN), or - only on
loopback - no authentication at all (the user name picks the seat).  Commands (``ssh host ls``),
sftp/scp, port/agent/X11 forwarding and sessions without a terminal are refused.

Strangers at the door: connections that have not logged in are capped per address and in total
by pushing out the oldest silent one (:class:`~.guard.Doorway`), so idle connections never block a
login; they get ``login_grace`` seconds to log in; wrong passwords share the table's per-address
guess throttle.  Logged-in players are kept alive by ssh keepalives every ``heartbeat`` seconds: a
client that answers none for about three of them (frozen, or its network gone) is disconnected and
its seat held like any dropped seat.

When the host dies: each child asks the kernel for SIGKILL when its parent goes
(``PR_SET_PDEATHSIG``), and its table UI exits by itself once its terminal or its table connection
is gone.  The host's private folder (``/tmp/cardtable-host-<pid>-*``, holding the Unix socket) is
removed when the table closes, and a folder left by a host that was killed is removed when the
next host starts (:func:`clean_stale_dirs`).  A child's stderr never reaches the player: it writes
its error reports to a pipe (``CARDTABLE_LOG_FD``) that the host copies into its own log.

Warm seats (issue 20): the door keeps a seat template (:mod:`.warm`) that has imported the table
UI once; each session's child is forked from it instead of starting Python afresh, so a login
reaches its first screen at once.  The child is still one process per connection on its own pty,
joined by token, with only the environment listed above, and dies with the host (the template
dies with the host and each child with the template).  A custom ``child_command`` (the tests'
stand-in) or ``warm=False`` starts a new process per session as before.

Several tables (issue 20): given a :class:`~.hub.TableHub` instead of one server, the door serves
every table: the code given as the password picks the table and the seat, each table has its
own Unix socket, and the club code opens the lobby, a list of the free seats (:class:`~.hub.Lobby`).
"""

from __future__ import annotations

import asyncio
import atexit
import ctypes
import errno
import fcntl
import os
import pty
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import termios
import tty
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import asyncssh

from cardtable.paths import data_dir, write_problem
from games.core import CardtableError

from .config import is_loopback
from .guard import Doorway, InputBudget, address_key
from .hub import Lobby, Login, TableHub
from .server import TableServer, seat_taken_text
from .warm import SeatTemplate, WarmChild, seat_env

#: Written to the player's terminal when their session ends or the table closes.
RESET = b"\x1b[?1049l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?25h\r\n"
ChildCommand = Callable[[str, str], Sequence[str]]
DIR_PREFIX = "cardtable-host-"
_LEGACY_DIR = re.compile(r"cardtable-[a-z0-9_]{8}$")  # mkdtemp folders of older versions
MAX_CHILD_LOG = 64 * 1024
PR_SET_PDEATHSIG = 1
try:  # resolved here, in the host: the child may only make the call between fork and exec
    _PRCTL = ctypes.CDLL(None, use_errno=True).prctl if sys.platform.startswith("linux") else None
except (OSError, AttributeError):
    _PRCTL = None


def default_child_command(socket_path: str, token: str) -> list[str]:
    return [sys.executable, "-m", "cardtable.net.join", "--unix", socket_path, "--token", token]


def host_key(path: Path | None = None, problems: list[str] | None = None) -> asyncssh.SSHKey:
    """The table's ed25519 host key, created once (0600) in data_dir()/ssh_host_ed25519_key.

    A new key is written atomically (a temporary file, then linked into place), so a full disk
    never leaves half a key behind.  When it cannot be written (the disk full, too many open
    files, no permission), this run uses the new key all the same and the reason is added to
    ``problems``: players then see another fingerprint the next time."""
    path = path or data_dir() / "ssh_host_ed25519_key"
    if path.exists():
        try:
            if path.stat().st_mode & 0o077:
                os.chmod(path, 0o600)
            return asyncssh.read_private_key(str(path))
        except (OSError, asyncssh.KeyImportError) as exc:
            raise CardtableError(f"cannot read the ssh host key {path}: {exc}") from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
            f.flush()
            os.fsync(f.fileno())
        os.link(tmp, path)  # never over a key another host wrote meanwhile
    except FileExistsError:
        return host_key(path, problems)
    except OSError as exc:
        if problems is not None:
            problems.append(
                f"the ssh host key could not be saved to {path} ({write_problem(exc)}): this run uses "
                "a key of its own, so players will see a new fingerprint next time"
            )
    finally:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
    return key


# ---------------------------------------------------------------- the host's private folder


def _start_time(pid: int) -> str | None:
    """The kernel's start time of process ``pid`` (tells a live host from a new process with its id)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def make_host_dir() -> str:
    """A new private folder (0700) for this host's Unix socket, named after and marked with its
    process; CardtableError saying why when it cannot be made."""
    path = None
    try:
        path = tempfile.mkdtemp(prefix=f"{DIR_PREFIX}{os.getpid()}-")
        with open(os.path.join(path, "owner"), "w") as f:
            f.write(f"{os.getpid()} {_start_time(os.getpid()) or ''}\n")
    except OSError as exc:
        if path is not None:
            shutil.rmtree(path, ignore_errors=True)
        raise CardtableError(
            f"cannot make the host's private folder in {tempfile.gettempdir()}: {write_problem(exc)}"
        ) from None
    return path


def _owner_alive(path: str, pid: int) -> bool:
    if not _alive(pid):
        return False
    try:
        with open(os.path.join(path, "owner")) as f:
            started = ([*f.read().split(), "", ""])[1]
    except OSError:
        return True  # the folder is being made right now
    return not started or _start_time(pid) in (None, started)


def _socket_dead(path: str) -> bool:
    sock = os.path.join(path, "table.sock")
    with socket.socket(socket.AF_UNIX) as s:
        try:
            s.connect(sock)
        except OSError:
            return True
    return False


def _stale(path: str, name: str) -> bool:
    if name.startswith(DIR_PREFIX):
        pid = name[len(DIR_PREFIX) :].split("-", 1)[0]
        return pid.isdigit() and not _owner_alive(path, int(pid))
    return bool(_LEGACY_DIR.match(name)) and os.listdir(path) == ["table.sock"] and _socket_dead(path)


def clean_stale_dirs() -> list[str]:
    """Remove the private folders of hosts that died without closing (ours only); returns their paths."""
    root, removed = tempfile.gettempdir(), []
    for name in os.listdir(root):
        path = os.path.join(root, name)
        try:
            st = os.lstat(path)
            if (
                not name.startswith("cardtable-")
                or not os.path.isdir(path)
                or os.path.islink(path)
                or st.st_uid != os.getuid()
                or not _stale(path, name)
            ):
                continue
        except OSError:
            continue
        shutil.rmtree(path, ignore_errors=True)
        removed.append(path)
    return removed


# ---------------------------------------------------------------- the front door


_BACKGROUND: set[asyncio.Future[Any]] = set()


def _in_background(aw: Any) -> asyncio.Future[Any]:
    """Run `aw` without awaiting it, holding a reference until it is done (the loop keeps only weak ones)."""
    fut = asyncio.ensure_future(aw)
    _BACKGROUND.add(fut)
    fut.add_done_callback(_BACKGROUND.discard)
    return fut


class SshFrontDoor:
    """Accept ssh clients for a running :class:`TableServer` (same event loop)."""

    def __init__(
        self,
        server: TableServer | TableHub,
        *,
        authorized_keys: Path | None = None,
        no_auth: bool = False,
        key_path: Path | None = None,
        child_command: ChildCommand | None = None,
        child_env: dict[str, str] | None = None,
        max_sessions: int = 24,
        heartbeat: float = 5.0,
        login_grace: float = 30.0,
        max_preauth_per_address: int = 8,
        max_preauth: int = 64,
        warm: bool = True,
    ) -> None:
        self.hub = server if isinstance(server, TableHub) else TableHub([server])
        self.table_server = self.hub.servers[0]
        self.warm: SeatTemplate | None = None  # the seat template, once started (see start)
        self._want_warm = warm
        self.authorized_keys = (
            asyncssh.read_authorized_keys(str(authorized_keys)) if authorized_keys else None
        )
        self.no_auth = no_auth
        self.problems: list[str] = []  # said on the host's log once the door has started
        self.key = host_key(key_path, self.problems)
        self.fingerprint = self.key.get_fingerprint("sha256")
        self.child_command = child_command or default_child_command
        self.child_env = dict(child_env or {})
        self.max_sessions = max_sessions
        self.heartbeat, self.login_grace = heartbeat, login_grace
        self.max_preauth_per_address, self.max_preauth = max_preauth_per_address, max_preauth
        self.doorway: Doorway[_Server] = Doorway(max_preauth_per_address, max_preauth, spoke=_Server.spoke)
        self.sessions: set[_Session] = set()
        self.reaping: set[asyncio.Future[Any]] = set()  # waits for children of sessions that have ended
        self.connections = 0
        self.port = 0
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._dir: str | None = None
        self.socket_path = ""

    def preauth(self, addr: str | None = None) -> int:
        """How many ssh connections (from ``addr``, or from anywhere) have not logged in yet."""
        return self.doorway.count(addr)

    def log(self, text: str) -> None:
        self.table_server.log(text)

    @property
    def public_key(self) -> asyncssh.SSHKey:
        return self.key.convert_to_public()

    def seat_for_user(self, username: str) -> Login | None:
        return self.hub.seat_for_user(username)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        if self.no_auth and not is_loopback(host):
            raise CardtableError("ssh without authentication is allowed only on loopback")
        for path in clean_stale_dirs():
            self.log(f"removed {path}, left by a host that did not close")
        for problem in self.problems:
            self.log(problem)
        self._dir = make_host_dir()
        atexit.register(self._remove_dir)  # also when the program ends without closing the door
        await self.hub.start_unix(self._dir)
        self.socket_path = self.hub.socket_path(self.table_server)
        self._start_warm()
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: _Server(self),
                host,
                port,
                server_host_keys=[self.key],
                encoding=None,
                line_editor=False,
                allow_scp=False,
                agent_forwarding=False,
                x11_forwarding=False,
                login_timeout=self.login_grace,
                keepalive_interval=self.heartbeat,
                keepalive_count_max=2,
            )
        except OSError as exc:
            self._remove_dir()
            raise CardtableError(f"cannot listen for ssh on {host}:{port}: {exc.strerror or exc}") from None
        self.port = self._acceptor.sockets[0].getsockname()[1]
        return self.port

    def _start_warm(self) -> None:
        """Start the seat template (the real table UI only; without it each session starts cold)."""
        if not self._want_warm or self.child_command is not default_child_command:
            return
        try:
            self.warm = SeatTemplate(seat_env(self.child_env), log=self.log)
            self.warm.start()
        except OSError as exc:
            self.log(f"no seat template ({exc}): each ssh session starts its own process")
            self.warm = None

    async def close(self) -> None:
        """Hang up every child (and wait for it), restore every player's terminal, stop listening."""
        sessions = list(self.sessions)
        for s in sessions:
            s.hang_up(reset=True)
        if self._acceptor is not None:
            self._acceptor.close()
            try:
                await asyncio.wait_for(self._acceptor.wait_closed(), 2.0)
            except (TimeoutError, OSError):
                pass
        await asyncio.gather(*(asyncio.to_thread(s._wait_child, 3.0) for s in sessions))
        await asyncio.gather(*list(self.reaping), return_exceptions=True)  # every child is waited for
        self._remove_dir()

    def reap_later(self, aw: Any) -> None:
        """Wait for a session's child in the background; :meth:`close` waits for it too."""
        fut = _in_background(aw)
        self.reaping.add(fut)
        fut.add_done_callback(self.reaping.discard)

    def _remove_dir(self) -> None:
        if self.warm is not None:
            self.warm.close()
        if self._dir is not None:
            shutil.rmtree(self._dir, ignore_errors=True)
            self._dir = None
            atexit.unregister(self._remove_dir)


class _Server(asyncssh.SSHServer):
    def __init__(self, door: SshFrontDoor) -> None:
        self.door = door
        self.seat: Login | None = None  # the table and seat (or the lobby) the login opens
        self.username = ""
        self.conn: asyncssh.SSHServerConnection | None = None
        self.sessions = 0
        self.failures = 0
        self.addr = ""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.addr = address_key(conn.get_extra_info("peername"))
        self.door.connections += 1
        for other in self.door.doorway.enter(self, self.addr):  # make room: the oldest silent one goes
            if other.conn is not None:
                other.conn.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.connections -= 1
        self.door.doorway.leave(self)

    def auth_completed(self) -> None:
        self.door.doorway.leave(self)

    def spoke(self) -> bool:
        """Has the client sent its ssh version yet (a silent connection is pushed out first)?"""
        return self.conn is not None and self.conn.get_extra_info("client_version") is not None

    def begin_auth(self, username: str) -> bool:
        self.username = username
        self.door.doorway.spoke(self)
        if self.door.no_auth:
            self.seat = self.door.seat_for_user(username)
            return False
        return True

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        hub = self.door.hub
        login = await hub.throttle.check(self.addr, lambda: hub.find_code(password.strip().lower()))
        if login is None:
            self.failures += 1
            if self.failures >= 5 and self.conn is not None:
                self.conn.close()
            return False
        self.seat = login
        return True

    def public_key_auth_supported(self) -> bool:
        return self.door.authorized_keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        keys = self.door.authorized_keys
        seat = self.door.seat_for_user(username)
        if keys is None or seat is None or self.conn is None:
            return False
        peer = self.conn.get_extra_info("peername") or ("", 0)
        if keys.validate(key, str(peer[0]), str(peer[0])) is None:
            return False
        self.seat = seat
        return True

    def session_requested(self) -> Any:
        self.sessions += 1
        if self.sessions > 1 or len(self.door.sessions) >= self.door.max_sessions:
            return False
        return _Session(self.door, self.seat, self.username)


class _Session(asyncssh.SSHServerSession):
    def __init__(self, door: SshFrontDoor, seat: Login | None, username: str) -> None:
        self.door, self.seat, self.username = door, seat, username
        self.lobby: Lobby | None = None
        self._lobby_was: Lobby | None = None  # the lobby of this session, whose seat hold ends with it
        self.budget = InputBudget()  # keys faster than a player types are dropped (issue 30)
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term_type: str | None = None
        self.size = (80, 24, 0, 0)
        self.master: int | None = None
        self.proc: subprocess.Popen | WarmChild | None = None
        self._inbuf = bytearray()
        self._reading = False
        self._ended = False
        self._log_fd: int | None = None
        self._log_buf = bytearray()
        self._loop = asyncio.get_running_loop()

    # -- requests ----------------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan
        self.door.sessions.add(self)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.term_type = term_type or "xterm"
        if term_size[0] and term_size[1]:
            self.size = term_size
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False  # no commands: this server only runs the table

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no sftp

    def session_started(self) -> None:
        assert self.chan is not None
        if self.term_type is None:
            self._refuse(b"cardtable needs a terminal: connect with ssh -t\r\n")
        elif self.seat is None and self.door.no_auth:
            users = ", ".join(user for user, _ in self.door.hub.users())
            self._refuse(f"no seat called {self.username!r} at this table: use one of {users}\r\n".encode())
        elif self.seat is not None and self.seat.lobby:
            self.lobby = self._lobby_was = Lobby(self.door.hub, self.chan.write, self._sit, self._leave_lobby)
            self.lobby.start()
        else:
            self._sit(self.seat)

    def _leave_lobby(self) -> None:
        self.lobby = None
        self._release()
        if self.chan is not None and not self._ended:
            self._ended = True
            self.chan.write(RESET)
            self.chan.exit(0)

    def _release(self) -> None:
        """Give back a seat this session held in the lobby and nobody has sat at."""
        if self._lobby_was is not None:
            self.door.hub.release(self._lobby_was)

    def _sit(self, login: Login | None) -> None:
        """Start the table UI for a seat (from the login, or taken in the lobby); a seat someone
        plays already on a live connection is refused with a plain message."""
        self.lobby, self.seat = None, login
        server, seat = (login.server, login.seat) if login is not None else (None, None)
        if server is not None and seat is not None and server.taken(server.room, seat):
            text = seat_taken_text(server.table.names[seat])
            self._refuse(f"{text[0].upper()}{text[1:]}.\r\n".encode())
            return
        try:
            self._spawn()
        except OSError as exc:
            self._refuse(f"cannot start the table UI: {exc}\r\n".encode())

    def _refuse(self, text: bytes) -> None:
        assert self.chan is not None
        self.chan.write(text)
        self.chan.exit(1)

    # -- the child -----------------------------------------------------------------
    def _spawn(self) -> None:
        login = self.seat
        assert login is not None and login.server is not None
        token = login.server.mint_token(login.seat)
        argv = list(self.door.child_command(self.door.hub.socket_path(login.server), token))
        master, slave = pty.openpty()
        _set_size(slave, self.size)
        tty.setraw(slave)
        env = {
            k: v
            for k, v in os.environ.items()
            if k in ("PATH", "HOME", "USER", "CARDTABLE_HOME", "PYTHONPATH", "XDG_DATA_HOME", "TZ")
        }
        env.update({"TERM": self.term_type or "xterm", "LANG": "C.UTF-8"})
        assert self.chan is not None
        for k, v in self.chan.get_environment().items():
            if k in ("COLORTERM", "LANG", "LC_ALL", "LC_CTYPE", "NO_COLOR"):
                env[k] = v
        env.update(self.door.child_env)
        log_r, log_w = os.pipe()
        env["CARDTABLE_LOG_FD"] = str(log_w)
        parent = os.getpid()
        try:
            self.proc = self._warm_child(argv, env, slave, log_w) or subprocess.Popen(
                argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                close_fds=True,
                pass_fds=(log_w,),
                start_new_session=True,
                preexec_fn=lambda: _child_setup(parent),
            )
        except BaseException:
            os.close(log_r)
            os.close(master)
            raise
        finally:
            os.close(slave)
            os.close(log_w)
        os.set_blocking(master, False)
        self.master = master
        self._watch_log(log_r)
        self._resume_reading()

    def _warm_child(
        self, argv: Sequence[str], env: dict[str, str], tty_fd: int, log_fd: int
    ) -> WarmChild | None:
        """The child forked from the seat template (same arguments and environment), or None to start cold."""
        warm = self.door.warm
        if warm is None or not warm.usable:
            return None
        try:
            return warm.spawn(list(argv)[3:], env, tty_fd, log_fd)  # argv: python -m cardtable.net.join ARGS
        except OSError as exc:
            self.door.log(f"the seat template could not start a seat ({exc}); starting one on its own")
            return None

    # -- the child's error reports go to the host's log, never to the player ------------------
    def _watch_log(self, fd: int) -> None:
        os.set_blocking(fd, False)
        self._log_fd = fd
        self._loop.add_reader(fd, self._on_log)

    def _on_log(self) -> None:
        try:
            data = os.read(self._log_fd, 65536)  # type: ignore[arg-type]
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if len(self._log_buf) < MAX_CHILD_LOG:
            self._log_buf += data[: MAX_CHILD_LOG - len(self._log_buf)]
        if not data:
            self._close_log()

    def _close_log(self) -> None:
        """Stop watching the child's log pipe and put what it said on the host's log."""
        if self._log_fd is None:
            return
        self._loop.remove_reader(self._log_fd)
        fd, self._log_fd = self._log_fd, None
        while len(self._log_buf) < MAX_CHILD_LOG:  # what the child wrote last may not have been read yet
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            self._log_buf += data[: MAX_CHILD_LOG - len(self._log_buf)]
        os.close(fd)
        text = self._log_buf.decode("utf-8", "replace").rstrip()
        if text:
            who = self.username or "?"
            self.door.log(f"the table UI of ssh user {who!r} reported:\n{text}")

    def _resume_reading(self) -> None:
        if self.master is not None and not self._reading and not self._ended:
            self._loop.add_reader(self.master, self._on_output)
            self._reading = True

    def _pause_reading(self) -> None:
        if self.master is not None and self._reading:
            self._loop.remove_reader(self.master)
            self._reading = False

    def _on_output(self) -> None:
        try:
            data = os.read(self.master, 65536)  # type: ignore[arg-type]
        except BlockingIOError:
            return
        except OSError as exc:
            if exc.errno != errno.EIO:
                raise
            data = b""
        if data:
            assert self.chan is not None
            try:
                self.chan.write(data)
            except (OSError, asyncssh.Error):  # the player has gone: the child is being hung up
                self._pause_reading()
        else:  # the child closed its terminal: it has exited or is exiting
            self._pause_reading()
            self.door.reap_later(self._child_done())

    async def _child_done(self) -> None:
        code = await asyncio.to_thread(self._wait_child, 5.0)
        self._close_master()
        if self.chan is not None and not self._ended:
            self._ended = True
            try:
                self.chan.write(RESET)
                self.chan.exit(code if code is not None and code >= 0 else 1)
            except (OSError, asyncssh.Error):
                pass
        self.door.sessions.discard(self)

    def _wait_child(self, timeout: float) -> int | None:
        if self.proc is None:
            return None
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self._signal(signal.SIGKILL)
            return self.proc.wait()

    def _signal(self, sig: int) -> None:
        if isinstance(self.proc, WarmChild):
            self.proc.killpg(sig)  # also when its pid is not known yet
        elif self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                pass

    def _close_master(self) -> None:
        self._pause_reading()
        self._close_log()
        if self.master is not None:
            try:
                self._loop.remove_writer(self.master)
            except (ValueError, OSError):
                pass
            os.close(self.master)
            self.master = None

    def hang_up(self, reset: bool) -> None:
        """SIGHUP the child's process group; optionally restore the player's terminal and close."""
        self._signal(signal.SIGHUP)
        if reset and self.chan is not None and not self._ended:
            self._ended = True
            try:
                self.chan.write(RESET + b"The host closed the table.\r\n")
                self.chan.exit(0)
            except (OSError, asyncssh.Error):
                pass
        if self.proc is not None:
            self.door.reap_later(asyncio.to_thread(self._wait_child, 3.0))

    # -- traffic from the player -----------------------------------------------------
    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.lobby is not None:
            self.lobby.feed(data[:4096])
            return
        if self.master is None:
            return
        if not self.budget.take(len(data)):  # a flood: dropped whole, never queued for the table screen
            if self.budget.dropped == len(data):
                self.door.log(
                    f"ssh user {self.username!r} sends keys faster than a player types: the excess is dropped"
                )
            return
        self._inbuf += data
        self._flush_input()

    def _flush_input(self) -> None:
        if self.master is None:
            return
        while self._inbuf:
            try:
                n = os.write(self.master, self._inbuf)
            except BlockingIOError:
                break
            except OSError:
                self._inbuf.clear()
                break
            del self._inbuf[:n]
        if self._inbuf:  # the child is not reading: stop reading from the player until it catches up
            if self.chan is not None:
                self.chan.pause_reading()
            self._loop.add_writer(self.master, self._drained)

    def _drained(self) -> None:
        if self.master is not None:
            self._loop.remove_writer(self.master)
        self._flush_input()
        if not self._inbuf and self.chan is not None:
            self.chan.resume_reading()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width, height, pixwidth, pixheight)
        if self.master is not None:
            _set_size(self.master, self.size)

    def pause_writing(self) -> None:
        self._pause_reading()

    def resume_writing(self) -> None:
        self._resume_reading()

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._ended = True
        self._release()
        self._signal(signal.SIGHUP)
        self.door.sessions.discard(self)
        self._pause_reading()
        if self.proc is not None:

            async def reap() -> None:
                await asyncio.to_thread(self._wait_child, 3.0)
                self._close_master()

            self.door.reap_later(reap())
        else:
            self._close_master()


def _set_size(fd: int, size: tuple[int, int, int, int]) -> None:
    cols, rows, px, py = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, px, py))


def _child_setup(parent: int) -> None:
    """Runs in the child between fork and exec (after setsid): take the pty as the controlling
    terminal, and die with the host: SIGKILL when the parent goes, or at once if it already has."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    die_with_parent(parent)


def die_with_parent(parent: int) -> None:
    """Between fork and exec: ask for SIGKILL when the host goes, or exit now if it has already gone
    (shared with the browser door's children, cardtable.net.web)."""
    if _PRCTL is not None:
        _PRCTL(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)
