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
A child costs about 34 MiB and 0.5-0.9 s to the first screen (see benchmarks/bench_ssh.py) but
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
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import os
import pty
import shutil
import signal
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

from games.core import CardtableError

from cardtable.session import data_dir

from .host import is_loopback, ssh_user
from .server import TableServer

#: Written to the player's terminal when their session ends or the table closes.
RESET = b"\x1b[?1049l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?25h\r\n"
ChildCommand = Callable[[str, str], Sequence[str]]


def default_child_command(socket_path: str, token: str) -> list[str]:
    return [sys.executable, "-m", "cardtable.net.join", "--unix", socket_path, "--token", token]


def host_key(path: Path | None = None) -> asyncssh.SSHKey:
    """The table's ed25519 host key, created once (0600) in data_dir()/ssh_host_ed25519_key."""
    path = path or data_dir() / "ssh_host_ed25519_key"
    if path.exists():
        if path.stat().st_mode & 0o077:
            os.chmod(path, 0o600)
        try:
            return asyncssh.read_private_key(str(path))
        except (OSError, asyncssh.KeyImportError) as exc:
            raise CardtableError(f"cannot read the ssh host key {path}: {exc}") from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    return key


class SshFrontDoor:
    """Accept ssh clients for a running :class:`TableServer` (same event loop)."""

    def __init__(self, server: TableServer, *, authorized_keys: Path | None = None, no_auth: bool = False,
                 key_path: Path | None = None, child_command: ChildCommand | None = None,
                 child_env: dict[str, str] | None = None, max_sessions: int = 24) -> None:
        self.table_server = server
        self.authorized_keys = asyncssh.read_authorized_keys(str(authorized_keys)) if authorized_keys else None
        self.no_auth = no_auth
        self.key = host_key(key_path)
        self.fingerprint = self.key.get_fingerprint("sha256")
        self.child_command = child_command or default_child_command
        self.child_env = dict(child_env or {})
        self.max_sessions = max_sessions
        self.sessions: set[_Session] = set()
        self.connections = 0
        self.port = 0
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._dir = tempfile.mkdtemp(prefix="cardtable-")  # 0700
        self.socket_path = os.path.join(self._dir, "table.sock")

    @property
    def public_key(self) -> asyncssh.SSHKey:
        return self.key.convert_to_public()

    def seat_for_user(self, username: str) -> int | None:
        names = self.table_server.table.names
        for seat in self.table_server.slots:
            if username.lower() in (ssh_user(seat, names[seat]), f"seat{seat + 1}"):
                return seat
        return None

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        if self.no_auth and not is_loopback(host):
            raise CardtableError("ssh without authentication is allowed only on loopback")
        await self.table_server.start_unix(self.socket_path)
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: _Server(self), host, port, server_host_keys=[self.key], encoding=None,
                line_editor=False, allow_scp=False, agent_forwarding=False, x11_forwarding=False,
                login_timeout=60, keepalive_interval=30)
        except OSError as exc:
            raise CardtableError(f"cannot listen for ssh on {host}:{port}: {exc.strerror or exc}") from None
        self.port = self._acceptor.sockets[0].getsockname()[1]
        return self.port

    async def close(self) -> None:
        """Hang up every child, restore every player's terminal, stop listening."""
        for s in list(self.sessions):
            s.hang_up(reset=True)
        if self._acceptor is not None:
            self._acceptor.close()
            try:
                await asyncio.wait_for(self._acceptor.wait_closed(), 2.0)
            except (asyncio.TimeoutError, OSError):
                pass
        shutil.rmtree(self._dir, ignore_errors=True)


class _Server(asyncssh.SSHServer):
    def __init__(self, door: SshFrontDoor) -> None:
        self.door = door
        self.seat: int | None = None
        self.username = ""
        self.conn: asyncssh.SSHServerConnection | None = None
        self.sessions = 0
        self.failures = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.door.connections += 1
        if self.door.connections > self.door.max_sessions * 2:  # a cap on connections, authenticated or not
            conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.connections -= 1

    def begin_auth(self, username: str) -> bool:
        self.username = username
        if self.door.no_auth:
            self.seat = self.door.seat_for_user(username)
            return False
        return True

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        seat = self.door.table_server.seat_for_code(password.strip().lower())
        if seat is None:
            self.failures += 1
            await asyncio.sleep(0.3 * self.failures)  # slow down guessing
            if self.failures >= 5 and self.conn is not None:
                self.conn.close()
            return False
        self.seat = None if seat == -1 else seat
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
    def __init__(self, door: SshFrontDoor, seat: int | None, username: str) -> None:
        self.door, self.seat, self.username = door, seat, username
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term_type: str | None = None
        self.size = (80, 24, 0, 0)
        self.master: int | None = None
        self.proc: subprocess.Popen | None = None
        self._inbuf = bytearray()
        self._reading = False
        self._ended = False
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
            users = ", ".join(ssh_user(s, self.door.table_server.table.names[s]) for s in self.door.table_server.slots)
            self._refuse(f"no seat called {self.username!r} at this table: use one of {users}\r\n".encode())
        else:
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
        token = self.door.table_server.mint_token(self.seat)
        argv = list(self.door.child_command(self.door.socket_path, token))
        master, slave = pty.openpty()
        _set_size(slave, self.size)
        tty.setraw(slave)
        env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "USER", "CARDTABLE_HOME", "PYTHONPATH",
                                                            "XDG_DATA_HOME", "TZ")}
        env.update({"TERM": self.term_type or "xterm", "LANG": "C.UTF-8"})
        assert self.chan is not None
        for k, v in self.chan.get_environment().items():
            if k in ("COLORTERM", "LANG", "LC_ALL", "LC_CTYPE", "NO_COLOR"):
                env[k] = v
        env.update(self.door.child_env)
        try:
            self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
                                         start_new_session=True, preexec_fn=_take_controlling_tty)
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self._resume_reading()

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
            self.chan.write(data)
        else:  # the child closed its terminal: it has exited or is exiting
            self._pause_reading()
            asyncio.ensure_future(self._child_done())

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
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                pass

    def _close_master(self) -> None:
        self._pause_reading()
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
            asyncio.ensure_future(asyncio.to_thread(self._wait_child, 3.0))

    # -- traffic from the player -----------------------------------------------------
    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.master is None:
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
        self._signal(signal.SIGHUP)
        self.door.sessions.discard(self)
        self._pause_reading()
        if self.proc is not None:
            async def reap() -> None:
                await asyncio.to_thread(self._wait_child, 3.0)
                self._close_master()
            asyncio.ensure_future(reap())
        else:
            self._close_master()


def _set_size(fd: int, size: tuple[int, int, int, int]) -> None:
    cols, rows, px, py = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, px, py))


def _take_controlling_tty() -> None:  # runs in the child after setsid (start_new_session)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
