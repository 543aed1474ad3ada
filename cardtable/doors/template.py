"""The seat template: ``python -m cardtable.doors.template FD``, started by the host's
:class:`~cardtable.doors.warm.SeatTemplate` (see :mod:`cardtable.doors.warm` for why and how).

It imports what a seat needs (:data:`PRELOAD`, by name: a module that fails to import is left for
the seat to report, and the template serves on), rehearses the table UI once
(:mod:`cardtable.doors.rehearsal`), freezes what it imported out of the garbage collector's reach,
and then forks one seat process per request on its control socket ``FD``.  Each child becomes
exactly the process the cold path would have started and runs the seat program
(:data:`~cardtable.doors.warm.SEAT_PROGRAM`) by its entry point, ``main(args)``.  The template
itself never talks to a table and holds no seat's data.
"""

from __future__ import annotations

import fcntl
import gc
import importlib
import io
import json
import os
import select
import signal
import socket
import sys
import termios
import time
import traceback
from typing import Literal

from .warm import CHILD_GRACE, MAX_MESSAGE, SEAT_PROGRAM, close_fds, die_with, signal_group

#: The rehearsal of the table UI that the template runs before it forks any seat.
REHEARSAL = "cardtable.doors.rehearsal"
#: Modules a seat needs before its first screen (or soon after), imported once by the template.
PRELOAD = (
    SEAT_PROGRAM,
    REHEARSAL,
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


def preload() -> None:
    """Import everything a seat needs (a module that fails is left for the seat to report)."""
    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except Exception:
            pass
    try:
        games, panels = importlib.import_module("games"), importlib.import_module("cardtable.tui.panels")
        for game in games.game_names():
            games.get_rules(game)
            panels.panel_module(game)  # the game's panel, if it has one
        importlib.import_module("rich.cells").cell_len("♠♥♦♣▮▶")  # loads the width tables
    except Exception:
        pass


def template_main(control: int) -> None:
    """Serve spawn requests on the ``control`` socket until the host closes it."""
    sock = socket.socket(fileno=control)
    sock.setblocking(True)
    preload()
    rehearsal = sys.modules.get(REHEARSAL)  # loaded by preload(), unless it failed to import
    # rehearse() never raises; without a rehearsal, seats only share less
    rehearsed = rehearsal is not None and rehearsal.rehearse()
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
        signal_group(pid, signal.SIGHUP)
    deadline = time.monotonic() + grace
    while children and time.monotonic() < deadline:
        children.difference_update(_reap(None))
        time.sleep(0.02)
    for pid in children:
        signal_group(pid, signal.SIGKILL)
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
        close_fds(fds)
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
    close_fds(fds)
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
        seat = importlib.import_module(SEAT_PROGRAM)  # loaded by preload(); an error here is the seat's
        code = seat.main(args)
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
    # Hang-ups back to their default before the host can know our pid (it learns it after setsid):
    # a template started under nohup inherits an ignored SIGHUP, and a seat hung up before the seat
    # program resets it would lose the signal and outlive its session.
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    os.setsid()
    os.close(led)
    for fd in (0, 1, 2):
        os.dup2(tty, fd)
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
    close_fds([fd for fd in fds if fd >= first])


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
