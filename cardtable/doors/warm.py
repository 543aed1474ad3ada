"""Warm seat processes: a template process that has already imported the table UI forks one
child per ssh session, so a player's first screen does not wait for Python and Textual to start.

Why: a new seat process (``python -m cardtable.doors.seat``, :data:`SEAT_PROGRAM`) spends about
0.2 s of CPU importing Python, Textual and cardtable and as much again loading the table modules
lazily, before it draws anything; twenty players logging in together queued for seconds
(benchmarks/bench_ssh.py).  The template (``python -m cardtable.doors.template``,
:data:`TEMPLATE_PROGRAM`) imports all of that once, runs the table UI once headless so that what
every seat does first is done once and shared (:mod:`cardtable.doors.rehearsal`: filled caches,
specialised bytecode, the code a seat runs packed into few pages), freezes the imported objects out
of the garbage collector's reach (``gc.freeze``, so that collections in the children do not write
to, and so copy, the shared pages), and then only waits.  For each session the host sends it the
session's arguments and environment and, as SCM_RIGHTS file descriptors, the pty and the log pipe;
the template forks, and the child becomes exactly the process the cold path would have started:
the seat program's ``main`` with the same arguments.

This module is the host's side, and imports nothing of the table UI: the host names both programs
(the template and the seat) and starts them, as processes, by those names.

What stays true of the isolation that :mod:`cardtable.doors.ssh` chose:

- one process per connection: each seat is its own forked process, with its own copy of every
  module-level cache (Textual's parser caches, Rich styles), its own ``sys.stdout``, its own event
  loop, its own pty as controlling terminal (``setsid`` + TIOCSCTTY) and its own environment
  (only the variables the host passes, exactly as for a cold child);
- a child sees only ``view(its seat)``: it joins the table over the private Unix socket with its
  one-time token, like a cold child; the template never talks to the table and holds no seat's
  data.  It has no pty and no socket of its own: it closes each session's descriptors as soon as
  the child has them, and every child closes every descriptor but its pty and its log pipe;
- one seat's crash or flood cannot stall another: the children share pages, not a process.
The children share the template's hash seed (PYTHONHASHSEED is chosen once per template).

Lifetime, tied to the host: the template asks for SIGKILL when the host goes
(``PR_SET_PDEATHSIG``) and exits when its control socket closes, after it has hung up every seat
still running and waited for each (issue 30: a seat left to die with the template would be an
orphan that nobody waits for, a ``<defunct>`` process); the host in turn waits for the template.
Each child asks for SIGKILL when the template goes, so a host killed with ``kill -9`` takes the
template and then every child with it.  Each child also still sees its pty hang up and its table connection close when the host dies,
and the table UI exits on either (cardtable.tui.app).

Seen from the host, a child is a :class:`WarmChild`: ``pid``, ``poll()``, ``wait(timeout)`` and
``killpg(sig)``, the parts of ``subprocess.Popen`` the ssh door uses.  The template reports each
child's pid when forked and its exit status when reaped.  Should the template die, the host
starts a new one for the next session (a few times), then falls back to cold processes.
"""

from __future__ import annotations

import asyncio
import ctypes
import json
import os
import signal
import socket
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence

PR_SET_PDEATHSIG = 1
MAX_MESSAGE = 64 * 1024
MAX_RESTARTS = 3
CHILD_GRACE = 2.0  # seconds the closing template waits for its seats to leave after SIGHUP, then SIGKILL
#: Environment variables a seat process may get from the host's own environment (as for cold children).
HOST_ENV_KEYS = ("PATH", "HOME", "USER", "CARDTABLE_HOME", "PYTHONPATH", "XDG_DATA_HOME", "TZ")
#: The seat program: what each ssh or browser session runs, cold as ``python -m SEAT_PROGRAM ARGS``,
#: warm as ``SEAT_PROGRAM.main(ARGS)`` in a process forked from the template.
SEAT_PROGRAM = "cardtable.doors.seat"
#: The seat template's program (``python -m TEMPLATE_PROGRAM FD``: see cardtable/doors/template.py).
TEMPLATE_PROGRAM = "cardtable.doors.template"

try:  # resolved at import: a child may only use it between fork and its first thread
    _PRCTL = ctypes.CDLL(None, use_errno=True).prctl if sys.platform.startswith("linux") else None
except (OSError, AttributeError):
    _PRCTL = None


def seat_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment a seat process starts from: a few of the host's variables, UTF-8, ``extra``."""
    env = {k: v for k, v in os.environ.items() if k in HOST_ENV_KEYS}
    env["LANG"] = "C.UTF-8"
    env.update(extra or {})
    return env


def die_with(parent: int) -> None:
    """Ask the kernel for SIGKILL when ``parent`` goes; exit now if it has gone already."""
    if _PRCTL is not None:
        _PRCTL(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)


# ---------------------------------------------------------------- the host's side


class WarmChild:
    """A seat process forked by the template, as the host sees it (thread-safe)."""

    def __init__(self) -> None:
        self.pid: int | None = None
        self.returncode: int | None = None
        self._cond = threading.Condition()
        self._signals: list[int] = []  # asked for before the pid was known

    def poll(self) -> int | None:
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """The exit status (negative: killed by that signal); subprocess.TimeoutExpired after ``timeout``."""
        with self._cond:
            if not self._cond.wait_for(lambda: self.returncode is not None, timeout):
                raise subprocess.TimeoutExpired("warm seat", timeout or 0.0)
            return self.returncode  # type: ignore[return-value]

    def killpg(self, sig: int) -> None:
        """Signal the child's process group (it leads its own session), now or as soon as it exists."""
        with self._cond:
            if self.returncode is not None:
                return
            if self.pid is None:
                self._signals.append(sig)
                return
            pid = self.pid
        signal_group(pid, sig)

    def _started(self, pid: int) -> None:
        with self._cond:
            self.pid, pending, self._signals = pid, self._signals, []
        for sig in pending:
            signal_group(pid, sig)

    def _exited(self, code: int) -> None:
        with self._cond:
            if self.returncode is None:
                self.returncode = code
            self._cond.notify_all()


def close_fds(fds: Sequence[int]) -> None:
    """Close each descriptor (those already closed are passed over)."""
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass


def signal_group(pid: int, sig: int) -> None:
    """Send ``sig`` to the process group that ``pid`` leads (or to ``pid`` alone while it leads none)."""
    try:
        os.killpg(pid, sig)
    except ProcessLookupError:  # no group of that id (yet): the child itself still gets the signal
        try:
            os.kill(pid, sig)
        except (ProcessLookupError, PermissionError):
            pass
    except PermissionError:
        pass


class SeatTemplate:
    """Start and talk to the template process (on the host's event loop).

    ``env`` is the environment of the template and so the base of every child's (see
    :func:`seat_env`); ``log`` gets one line about the template's troubles."""

    def __init__(
        self, env: Mapping[str, str] | None = None, log: Callable[[str], None] | None = None
    ) -> None:
        self.env = dict(env if env is not None else seat_env())
        self.log = log or (lambda text: None)
        self.proc: subprocess.Popen | None = None
        self.restarts = 0
        self._sock: socket.socket | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ids = 0
        self.ready = False  # the template has imported everything and waits for sessions
        self.rehearsed = False  # ... and has run the table UI once (cardtable.doors.rehearsal)
        self._ready_waiters: list[asyncio.Future] = []
        self._waiting: dict[int, WarmChild] = {}  # request id -> child without a pid yet
        self._outbox: deque[tuple[bytes, list[int]]] = (
            deque()
        )  # requests the template's socket could not take yet
        self._writing = False
        self._children: dict[int, WarmChild] = {}  # pid -> running child
        self.closed = False

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    @property
    def usable(self) -> bool:
        """True while the template runs, or may be started again."""
        return not self.closed and (self._sock is not None or self.restarts < MAX_RESTARTS)

    def start(self) -> None:
        """Start the template (it imports in the background; requests wait in its socket meanwhile)."""
        self._loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        parent = os.getpid()
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", TEMPLATE_PROGRAM, str(theirs.fileno())],
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),),
                close_fds=True,
                start_new_session=True,
                preexec_fn=lambda: die_with(parent),
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self._sock = ours
        self._loop.add_reader(ours.fileno(), self._on_message)

    def spawn(self, args: Sequence[str], env: Mapping[str, str], tty: int, log_fd: int | None) -> WarmChild:
        """Ask for a seat process running the seat program's ``main(args)`` on ``tty`` (its stdin,
        stdout, stderr and controlling terminal) with exactly ``env``; OSError if that is impossible.
        The caller keeps (and closes) its own copies of ``tty`` and ``log_fd``."""
        if self._sock is None:
            if not self.usable:
                raise OSError("the seat template is not running")
            self.restarts += 1
            self.log("starting the seat template again")
            self.start()
        self._ids += 1
        child = WarmChild()
        msg = json.dumps({"id": self._ids, "args": list(args), "env": dict(env)}).encode()
        fds = [os.dup(tty)] + ([os.dup(log_fd)] if log_fd is not None else [])
        self._waiting[self._ids] = child
        self._outbox.append((msg, fds))
        self._flush()
        return child

    def _flush(self) -> None:
        """Send the waiting requests (a template still importing takes only a few at a time)."""
        while self._outbox and self._sock is not None:
            msg, fds = self._outbox[0]
            try:
                socket.send_fds(self._sock, [msg], fds)
            except BlockingIOError:
                if not self._writing and self._loop is not None:
                    self._loop.add_writer(self._sock.fileno(), self._flush)
                    self._writing = True
                return
            except OSError:
                self._lost()
                return
            self._outbox.popleft()
            close_fds(fds)
        self._stop_writing()

    def _stop_writing(self) -> None:
        if self._writing and self._loop is not None and self._sock is not None:
            self._loop.remove_writer(self._sock.fileno())
        self._writing = False

    def _on_message(self) -> None:
        assert self._sock is not None
        while True:
            try:
                data = self._sock.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._lost()
                return
            self._handle(json.loads(data))

    async def wait_ready(self, timeout: float = 60.0) -> bool:
        """Wait until the template has imported everything (True), or gave up or timed out (False)."""
        if self.ready or self._sock is None:
            return self.ready
        waiter = asyncio.get_running_loop().create_future()
        self._ready_waiters.append(waiter)
        try:
            return await asyncio.wait_for(waiter, timeout)
        except TimeoutError:
            return False

    def _set_ready(self, ready: bool) -> None:
        self.ready = ready
        for waiter in self._ready_waiters:
            if not waiter.done():
                waiter.set_result(ready)
        self._ready_waiters.clear()

    def _handle(self, msg: dict) -> None:
        if "ready" in msg:
            self.rehearsed = msg.get("rehearsed") is True
            if not self.rehearsed:
                self.log("the seat template's rehearsal of the table screen failed: seats share less memory")
            self._set_ready(True)
            return
        if "exit" in msg:
            child = self._children.pop(msg["exit"], None)
            if child is not None:
                child._exited(int(msg["code"]))
            return
        ident = msg.get("id")
        child = self._waiting.pop(ident, None) if isinstance(ident, int) else None
        if child is None:
            return
        if "pid" in msg:
            self._children[msg["pid"]] = child
            child._started(msg["pid"])
        else:
            self.log(f"the seat template could not start a seat: {msg.get('error', '?')}")
            child._exited(1)

    def _lost(self) -> None:
        """The template has gone: its children went with it (SIGKILL on its death)."""
        if self._sock is not None:
            self._stop_writing()
            if self._loop is not None:
                self._loop.remove_reader(self._sock.fileno())
            self._sock.close()
            self._sock = None
            if not self.closed:
                self.log("the seat template stopped; seats in it have ended")
        self._set_ready(False)
        while self._outbox:
            close_fds(self._outbox.popleft()[1])
        for child in [*self._waiting.values(), *self._children.values()]:
            child._exited(-signal.SIGKILL)
        self._waiting.clear()
        self._children.clear()
        if self.proc is not None:
            try:
                self.proc.wait(CHILD_GRACE + 1.0)  # it hangs up and waits for its seats first
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def close(self) -> None:
        """Stop the template (any child still running is killed with it)."""
        self.closed = True
        self._lost()
