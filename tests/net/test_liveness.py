"""Peers that freeze or die (issue 12, points 4-6): a SIGSTOP'd client is noticed by the heartbeat and its
seat is held exactly like a dropped one; a frozen OpenSSH client is noticed by the ssh keepalive; after a
kill -9 of the host its ssh children exit and its temporary folder goes at the next host's start; a local
table whose terminal is closed exits; a resumed host holds every remote seat from the start.

Real processes on loopback and real pseudo-terminals; the intervals are shortened so the tests run fast.
Every wait is bounded and every process started here is killed by its id."""

from __future__ import annotations

import asyncio
import fcntl
import glob
import os
import pty
import re
import signal
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

import asyncssh
import pytest

from cardtable.doors.background import BackgroundHost
from cardtable.doors.ssh import SshFrontDoor
from cardtable.net.client import RemoteSeatHandle
from cardtable.net.config import HostConfig
from cardtable.net.server import Limits, TableServer

from .helpers import ServerThread, make_table, wait_until
from .test_ssh import ROOT, Term, pump, stub_command, until

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def fast() -> Limits:
    """Heartbeats every 0.2 s; a peer silent for 1 s is gone."""
    return Limits(heartbeat=0.2, dead_after=1.0)


CLIENT_SCRIPT = """
import sys, time
from cardtable.net.client import RemoteSeatHandle
h = RemoteSeatHandle(sys.argv[1], sys.argv[2]).connect()
print("joined", flush=True)
while True:
    time.sleep(1)
"""


def stop(proc: subprocess.Popen) -> None:
    """Kill a process started by this test (by its id) and reap it."""
    if proc.poll() is None:
        try:
            os.kill(proc.pid, signal.SIGCONT)
            os.kill(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.wait(10)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# ---------------------------------------------------------------- 4. frozen peers


def test_a_frozen_client_is_noticed_and_its_seat_is_played_by_the_stand_in():
    """SIGSTOP a `cardtable join`-style client: the heartbeat drops it, then --while-away bot plays its seat."""
    table = make_table("remote,remote,bot", seed=12)
    srv = ServerThread(table, hold=0, while_away="bot", limits=fast())
    proc = subprocess.Popen(
        [sys.executable, "-c", CLIENT_SCRIPT, srv.address, srv.code(1)],
        env=ENV,
        stdout=subprocess.PIPE,
        text=True,
    )
    a = None
    try:
        assert proc.stdout.readline().strip() == "joined"
        a = RemoteSeatHandle(srv.address, srv.code(0)).connect()
        os.kill(proc.pid, signal.SIGSTOP)
        wait_until(lambda: srv.server.slots[1].conn is None, 15, "the frozen client dropped")
        # the match goes on without seat 1: every time seat 0 is to act it plays, the stand-in plays seat 1
        for _ in range(400):
            if table.state.is_over:
                break
            wait_until(
                lambda: (
                    table.state.is_over
                    or (
                        table.state.to_act == 0
                        and a.view().is_my_turn
                        and a.view().legal == tuple(table.state.legal_actions())
                    )
                ),
                15,
                "seat 0's turn or the end",
            )
            if not table.state.is_over:
                a.submit(a.view().legal[0])
        assert table.state.is_over and srv.server.presence()["seats"][1]["stand_in"]
    finally:
        stop(proc)
        if a is not None:
            a.close()
        srv.stop()


SERVE_SCRIPT = """
import asyncio, sys
from cardtable.net.server import TableServer
from tests.net.helpers import make_table
async def main():
    server = TableServer(make_table(), {0: "aaaa-bbbb", 1: "cccc-dddd"}, bot_delay=0)
    host, port = await server.start_tcp("127.0.0.1", 0)
    print(port, flush=True)
    await asyncio.Event().wait()
asyncio.run(main())
"""


def test_a_frozen_table_is_noticed_by_the_client():
    """SIGSTOP the host: the client's own heartbeat notices and it starts reconnecting."""
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE_SCRIPT], env=ENV, cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    h = None
    try:
        port = int(proc.stdout.readline())
        h = RemoteSeatHandle(
            f"127.0.0.1:{port}", "aaaa-bbbb", heartbeat=0.2, dead_after=1.0, reconnect_for=30
        ).connect()
        os.kill(proc.pid, signal.SIGSTOP)
        wait_until(lambda: h.status.startswith("reconnecting"), 15, "the client to notice the silence")
        assert "stopped answering" in h.status
        os.kill(proc.pid, signal.SIGCONT)
        wait_until(lambda: h.status == "connected", 15, "the client back at the table")
    finally:
        stop(proc)
        if h is not None:
            h.close()


def _key_files(tmp_path: Path) -> tuple[Path, Path]:
    key = asyncssh.generate_private_key("ssh-ed25519")
    priv, pub = tmp_path / "id_ed25519", tmp_path / "authorized_keys"
    fd = os.open(priv, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    pub.write_bytes(key.export_public_key())
    return priv, pub


async def test_a_frozen_openssh_client_is_noticed_by_the_keepalive(tmp_path):
    """SIGSTOP the real ssh client: the server's keepalive gives up, the child is hung up, the seat held."""
    ssh = __import__("shutil").which("ssh")
    if ssh is None:
        pytest.skip("needs the OpenSSH client")
    priv, pub = _key_files(tmp_path)
    server = TableServer(
        make_table("remote,remote,bot", seed=7), {0: "aaaa-bbbb", 1: "cccc-dddd"}, bot_delay=0
    )
    await server.start_tcp("127.0.0.1", 0)
    front = SshFrontDoor(
        server,
        key_path=tmp_path / "hostkey",
        authorized_keys=pub,
        child_command=stub_command,
        child_env={"PYTHONPATH": str(ROOT)},
        heartbeat=0.3,
    )
    await front.start("127.0.0.1", 0)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, b"\x18\x00\x50\x00\x00\x00\x00\x00")
    proc = subprocess.Popen(
        [
            ssh,
            "-F",
            "/dev/null",
            "-tt",
            "-p",
            str(front.port),
            "-i",
            str(priv),
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "BatchMode=yes",
            "-o",
            "LogLevel=ERROR",
            "-o",
            "ServerAliveInterval=0",
            "p0@127.0.0.1",
        ],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
    )
    os.close(slave)
    os.set_blocking(master, False)
    loop = asyncio.get_running_loop()
    seen = bytearray()

    def drain() -> None:
        try:
            seen.extend(os.read(master, 65536))
        except OSError:
            loop.remove_reader(master)

    loop.add_reader(master, drain)
    try:
        await until(
            lambda: server.slots[0].conn is not None, what=f"the ssh seat joined: {bytes(seen)[-300:]!r}"
        )
        os.kill(proc.pid, signal.SIGSTOP)
        await until(
            lambda: server.slots[0].conn is None and not front.sessions,
            timeout=15,
            what="the frozen ssh client dropped",
        )
    finally:
        loop.remove_reader(master)
        stop(proc)
        os.close(master)
        await front.close()
        await server.close()


# ---------------------------------------------------------------- 5. the host dies


def host_dirs(pid: int) -> list[str]:
    return glob.glob(os.path.join(tempfile.gettempdir(), f"cardtable-host-{pid}-*"))


async def test_ssh_children_exit_when_the_host_is_killed_and_its_folder_is_cleaned_later(tmp_path):
    """kill -9 a host started with hangups ignored (as under nohup): its ssh child (the real table UI)
    exits instead of spinning on its dead terminal, and the next host's start removes the stale folder."""
    home = tmp_path / "home"
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
        env={**ENV, "CARDTABLE_HOME": str(home)},
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),
    )
    child = None
    try:
        text = ""
        while "ssh -p" not in text:
            line = await asyncio.to_thread(host.stdout.readline)
            assert line, f"the host exited: {text}"
            text += line
        code, port = re.search(r"code (\S+)", text).group(1), int(re.search(r"ssh -p (\d+)", text).group(1))
        conn = await asyncssh.connect("127.0.0.1", port, username="ann", password=code, known_hosts=None)
        term = Term(100, 32)
        proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 32), encoding=None)
        task = asyncio.create_task(pump(proc, term))
        await until(lambda: "Tricks" in term.text, what="the table UI over ssh")
        kids = subprocess.run(["pgrep", "-P", str(host.pid)], capture_output=True, text=True).stdout.split()
        assert len(kids) == 1
        child = int(kids[0])
        os.kill(host.pid, signal.SIGKILL)
        host.wait(10)
        await until(lambda: not alive(child), timeout=15, what="the orphaned ssh child to exit")
        conn.close()
        task.cancel()
        # the dead host's folder is still there until the next host starts, which removes it
        stale = host_dirs(host.pid)
        assert len(stale) == 1 and os.path.exists(os.path.join(stale[0], "table.sock"))
        server = TableServer(make_table(), bot_delay=0)
        front = SshFrontDoor(server, key_path=tmp_path / "k2", child_command=stub_command)
        try:
            await front.start("127.0.0.1", 0)
            assert not os.path.exists(stale[0]) and len(host_dirs(os.getpid())) == 1
        finally:
            await front.close()
            await server.close()
        assert not host_dirs(os.getpid())
    finally:
        if host.poll() is None:
            os.kill(host.pid, signal.SIGKILL)
            host.wait(10)
        if child is not None and alive(child):
            os.kill(child, signal.SIGKILL)
        for d in host_dirs(host.pid):
            __import__("shutil").rmtree(d, ignore_errors=True)


def _hangups_heard() -> None:
    """In the host's process, before it starts: hang-ups back to their default, as at a terminal."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def test_a_host_whose_terminal_hangs_up_closes_the_table_cleanly(tmp_path):
    """SIGHUP (its terminal closed) ends `cardtable host` like Ctrl-C: table saved, folder removed."""
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
        # a suite run under nohup hands on an ignored SIGHUP, which a host rightly keeps ignoring
        preexec_fn=_hangups_heard,
    )
    try:
        text = ""
        while "ssh -p" not in text:
            line = host.stdout.readline()
            assert line, f"the host exited: {text}"
            text += line
        assert len(host_dirs(host.pid)) == 1
        os.kill(host.pid, signal.SIGHUP)
        out, _ = host.communicate(timeout=30)
        assert "table closed; saved to" in out and not host_dirs(host.pid)
    finally:
        stop(host)


def test_stale_folder_cleaning_spares_live_hosts_and_other_folders(tmp_path, monkeypatch):
    from cardtable.doors.ssh import clean_stale_dirs

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    live = tmp_path / f"cardtable-host-{os.getpid()}-aaaa"
    live.mkdir()
    dead_pid = subprocess.Popen([sys.executable, "-c", "pass"])
    dead_pid.wait()
    dead = tmp_path / f"cardtable-host-{dead_pid.pid}-bbbb"
    dead.mkdir()
    (dead / "table.sock").write_text("")
    other = tmp_path / "cardtable-shots-cccc"
    other.mkdir()
    clean_stale_dirs()
    assert live.exists() and other.exists() and not dead.exists()


def _tui_on_a_pty(ctty: bool, hup: str = "default") -> tuple[subprocess.Popen, int]:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, b"\x20\x00\x64\x00\x00\x00\x00\x00")

    def setup() -> None:
        if hup == "ignore":
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
        if ctty:
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable.tui"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env={**ENV, "TERM": "xterm-256color"},
        cwd=ROOT,
        preexec_fn=setup,
    )
    os.close(slave)
    return proc, master


@pytest.mark.parametrize(
    "ctty,hup", [(False, "default"), (True, "ignore")], ids=["no-controlling-tty", "nohup"]
)
def test_the_local_tui_exits_when_its_terminal_is_closed(ctty, hup):
    """`python -m cardtable.tui` on a pty: close the pty's master and the app exits (no endless EOF loop)."""
    proc, master = _tui_on_a_pty(ctty, hup)
    try:
        seen = bytearray()
        end = time.monotonic() + 30
        while b"cardtable" not in seen and time.monotonic() < end:
            import select

            if select.select([master], [], [], 0.1)[0]:
                seen += os.read(master, 65536)
        assert b"cardtable" in seen, "the lobby never drew"
        os.close(master)
        master = -1
        wait_until(lambda: proc.poll() is not None, 15, "the TUI to exit after its terminal closed")
    finally:
        if master >= 0:
            os.close(master)
        stop(proc)


# ---------------------------------------------------------------- 6. --resume


def test_a_resumed_host_holds_absent_seats_from_the_start(tmp_path):
    """Resume a hosted table; seat 1 never comes back: after the hold a stand-in plays it to the end."""
    save = tmp_path / "hosted.json"
    table = make_table("remote,remote,bot", seed=5, save_path=save)
    for _ in range(3):
        if table.state.to_act in table.bots:
            table.play_bot()
        else:
            table.submit(table.state.to_act, table.state.legal_actions()[0])
    host = BackgroundHost(
        HostConfig(resume=save, listen="127.0.0.1:0", hold=0.3, while_away="wait", bot_delay=0)
    )
    host.start()
    a = None
    try:
        srv = host.server
        assert srv.slots[1].left_at is not None and srv.presence()["seats"][1]["connected"] is False
        a = RemoteSeatHandle(f"127.0.0.1:{host.port}", host.code_for(0)).connect()
        state = srv.table.state
        for _ in range(400):
            if state.is_over:
                break
            wait_until(
                lambda: (
                    state.is_over
                    or (
                        state.to_act == 0
                        and a.view().is_my_turn
                        and a.view().legal == tuple(state.legal_actions())
                    )
                ),
                15,
                "seat 0's turn or the end",
            )
            if not state.is_over:
                a.submit(a.view().legal[0])
        assert state.is_over
    finally:
        if a is not None:
            a.close()
        host.stop()
