"""Warm seat processes: a template process that has already imported the table UI forks one
child per ssh session, so a player's first screen does not wait for Python and Textual to start.

Why: a new ``python -m cardtable.net.join`` spends about 0.2 s of CPU importing Python, Textual
and cardtable and as much again loading the table modules lazily, before it draws anything;
twenty players logging in together queued for seconds (benchmarks/bench_ssh.py).  The template
(:func:`template_main`, ``python -m cardtable.net.warm``) imports all of that once, runs the
table UI once headless so that what every seat does first is done once and shared
(:mod:`cardtable.net.rehearsal`: filled caches, specialised bytecode, the code a seat runs packed
into few pages), freezes the imported objects out of the garbage collector's reach (``gc.freeze``,
so that collections in the children do not write to, and so copy, the shared pages), and then
only waits.  For each session
the host sends it the session's arguments and environment and, as SCM_RIGHTS file descriptors,
the pty and the log pipe; the template forks, and the child becomes exactly the process the cold
path would have started: the same ``cardtable.net.join.main`` with the same arguments.

What stays true of the isolation that :mod:`cardtable.net.ssh` chose:

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
import gc
import importlib
import io
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Literal

PR_SET_PDEATHSIG = 1
MAX_MESSAGE = 64 * 1024
MAX_RESTARTS = 3
CHILD_GRACE = 2.0  # seconds the closing template waits for its seats to leave after SIGHUP, then SIGKILL
#: Environment variables a seat process may get from the host's own environment (as for cold children).
HOST_ENV_KEYS = ("PATH", "HOME", "USER", "CARDTABLE_HOME", "PYTHONPATH", "XDG_DATA_HOME", "TZ")
#: Modules a seat needs before its first screen (or soon after), imported once by the template.
PRELOAD = (
    "cardtable.net.join",
    "cardtable.net.client",
    "cardtable.session",
    "cardtable.prefs",
    "cardtable.tui.app",
    "cardtable.tui.render",
    "cardtable.tui.cardface",
    "cardtable.tui.panels",
    "cardtable.tui.screens.base",
    "cardtable.tui.screens.table",
    "cardtable.tui.screens.modals",
    "cardtable.tui.screens.join",
    "cardtable.tui.screens.lobby",
    "cardtable.tui.widgets.actions",
    "cardtable.tui.widgets.eventlog",
    "cardtable.tui.widgets.hand",
    "cardtable.tui.widgets.scoreboard",
    "cardtable.tui.widgets.seat",
    "cardtable.tui.widgets.toosmall",
    "cardtable.tui.widgets.trick",
    "games",
    "games.bots",
    "textual.drivers.linux_driver",
    "textual.drivers._writer_thread",
    "textual._xterm_parser",
    "textual._keyboard_protocol",
    "cardtable.tui.widgets.keybar",
    "textual.widgets._label",
    "textual.scrollbar",
    "textual.layouts.factory",
    "textual.layouts.horizontal",
    "textual.layouts.vertical",
    "textual.layouts.grid",
    "textual.layouts.stream",
    "textual.widgets._button",
    "textual.widgets._option_list",
    "queue",
    "termios",
    "tty",
)

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
        _killpg(pid, sig)

    def _started(self, pid: int) -> None:
        with self._cond:
            self.pid, pending, self._signals = pid, self._signals, []
        for sig in pending:
            _killpg(pid, sig)

    def _exited(self, code: int) -> None:
        with self._cond:
            if self.returncode is None:
                self.returncode = code
            self._cond.notify_all()


def _close_all(fds: Sequence[int]) -> None:
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass


def _killpg(pid: int, sig: int) -> None:
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
        self.rehearsed = False  # ... and has run the table UI once (cardtable.net.rehearsal)
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
                [sys.executable, "-m", "cardtable.net.warm", str(theirs.fileno())],
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
        """Ask for a seat process running ``cardtable.net.join.main(args)`` on ``tty`` (its stdin,
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
            _close_all(fds)
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
            _close_all(self._outbox.popleft()[1])
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


# ---------------------------------------------------------------- the template's side


def preload() -> None:
    """Import everything a seat needs (a module that fails is left for the seat to report)."""
    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except Exception:
            pass
    try:
        from cardtable.tui.panels import panel_module
        from games import game_names, get_rules

        for game in game_names():
            get_rules(game)
            panel_module(game)  # the game's panel, if it has one
        from rich.cells import cell_len

        cell_len("♠♥♦♣▮▶")  # loads the width tables
    except Exception:
        pass


def template_main(control: int) -> None:
    """Serve spawn requests on the ``control`` socket until the host closes it."""
    sock = socket.socket(fileno=control)
    sock.setblocking(True)
    preload()
    from cardtable.net.rehearsal import rehearse

    rehearsed = rehearse()  # never raises; without it, seats only share less
    gc.collect()
    gc.freeze()  # everything imported so far stays out of the children's collections (copy-on-write)
    wake_r, wake_w = os.pipe()
    for fd in (wake_r, wake_w):
        os.set_blocking(fd, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    _send(sock, {"ready": True, "rehearsed": rehearsed})
    children: set[int] = set()
    while True:
        watched: list[socket.socket | int] = [sock, wake_r]
        ready, _, _ = select.select(watched, [], [])
        if wake_r in ready:
            _drain(wake_r)
        if sock in ready:
            try:
                data, fds, _flags, _addr = socket.recv_fds(sock, MAX_MESSAGE, 4)
            except OSError:
                data, fds = b"", []
            if not data:
                _end_children(children)  # the host has gone or closed us: hang up the seats, wait for them
                return
            pid = _serve_one(sock, data, fds)
            if pid is not None:
                children.add(pid)
        children.difference_update(_reap(sock))


def _end_children(children: set[int], grace: float = CHILD_GRACE) -> None:
    """Hang up every seat still running (SIGHUP to its session), SIGKILL those still there after
    ``grace`` seconds, and wait for each: the template leaves no child for anyone else to reap."""
    for pid in children:
        _killpg(pid, signal.SIGHUP)
    deadline = time.monotonic() + grace
    while children and time.monotonic() < deadline:
        children.difference_update(_reap(None))
        time.sleep(0.02)
    for pid in children:
        _killpg(pid, signal.SIGKILL)
    for pid in children:
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 512):
            pass
    except OSError:
        pass


def _reap(sock: socket.socket | None) -> set[int]:
    """Wait for every child that has ended (told to the host on ``sock``); returns their pids."""
    ended: set[int] = set()
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return ended
        if pid == 0:
            return ended
        ended.add(pid)
        if sock is not None:
            _send(sock, {"exit": pid, "code": os.waitstatus_to_exitcode(status)})


def _send(sock: socket.socket, msg: dict) -> None:
    try:
        sock.send(json.dumps(msg).encode())
    except OSError:
        pass


def _serve_one(sock: socket.socket, data: bytes, fds: list[int]) -> int | None:
    """Fork one seat process for a request (its pid, or None); the template keeps none of its descriptors."""
    try:
        msg = json.loads(data)
        ident, args, env = (
            msg["id"],
            [str(a) for a in msg["args"]],
            {str(k): str(v) for k, v in msg["env"].items()},
        )
        if not fds:
            raise ValueError("no terminal was passed")
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        _close_all(fds)
        _send(sock, {"id": None, "error": f"bad request: {exc}"})
        return None
    template = os.getpid()
    sys.stdout.flush()
    sys.stderr.flush()
    # The pid is reported only once the child leads its own session: a host that signals the
    # child's process group at once must not find no such group (and so signal nobody).
    led_r, led_w = os.pipe()
    try:
        pid = os.fork()
    except OSError as exc:
        _send(sock, {"id": ident, "error": f"fork failed: {exc}"})
        pid = -1
    if pid == 0:
        os.close(led_r)
        _run_seat(template, args, env, fds[0], fds[1] if len(fds) > 1 else None, led_w)  # never returns
    os.close(led_w)
    _close_all(fds)
    if pid > 0:
        select.select([led_r], [], [], 5.0)  # EOF once the child has called setsid (or died)
    os.close(led_r)
    if pid > 0:
        _send(sock, {"id": ident, "pid": pid})
        return pid
    return None


def _run_seat(
    template: int, args: list[str], env: dict[str, str], tty: int, log_fd: int | None, led: int
) -> None:
    """In the forked child: become a fresh seat process, run the remote table UI, exit.
    ``led`` is closed as soon as the child leads its own session (the template waits for that)."""
    code = 1
    try:
        _become_seat(template, env, tty, log_fd, led)
        sys.argv = ["cardtable-join", *args]
        from cardtable.net.join import main

        code = main(args)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        try:
            traceback.print_exc()
        except Exception:
            pass
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        os._exit(code if isinstance(code, int) else 1)


def _become_seat(template: int, env: dict[str, str], tty: int, log_fd: int | None, led: int) -> None:
    """Session, terminal, descriptors, death signal, environment and standard streams of a new seat."""
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    os.setsid()
    os.close(led)
    for fd in (0, 1, 2):
        os.dup2(tty, fd)
    import fcntl
    import termios

    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    if log_fd is not None:
        os.dup2(log_fd, 3)
        env = {**env, "CARDTABLE_LOG_FD": "3"}
    _close_from(3 if log_fd is None else 4)
    die_with(template)
    os.environ.clear()
    os.environ.update(env)
    time.tzset()
    _fresh_streams()


def _close_from(first: int) -> None:
    """Close every descriptor from ``first`` up (those of the template and of other requests)."""
    try:
        fds = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        fds = list(range(first, 1024))
    _close_all([fd for fd in fds if fd >= first])


def _fresh_streams() -> None:
    """New standard streams on the pty (the template's were /dev/null), line-buffered like a terminal's."""

    def stream(fd: int, mode: Literal["r", "w"]) -> io.TextIOWrapper:
        return open(
            fd,
            mode,
            encoding="utf-8",
            errors="surrogateescape" if fd == 0 else "backslashreplace",
            closefd=False,
            buffering=1 if mode == "w" else -1,
        )

    # typeshed makes sys.__stdin__ and the others Final; this new process replaces them on purpose
    # (the terminal drivers read them)
    sys.stdin = sys.__stdin__ = stream(0, "r")  # type: ignore[misc]
    sys.stdout = sys.__stdout__ = stream(1, "w")  # type: ignore[misc]
    sys.stderr = sys.__stderr__ = stream(2, "w")  # type: ignore[misc]


if __name__ == "__main__":
    template_main(int(sys.argv[1]))
