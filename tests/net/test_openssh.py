"""The real OpenSSH client (/usr/bin/ssh) against ``cardtable host ... --ssh``, inside tmux.

tmux gives ssh the terminal it needs to ask for the password (the join code), and lets the test
type keys (send-keys), read the screen (capture-pane), resize the window and look at the pane's
terminal modes after ssh has exited.  The host runs as a subprocess with its own CARDTABLE_HOME
and a host key written beforehand, so known_hosts holds the exact key (StrictHostKeyChecking=yes).
Skipped only when ssh or tmux is not installed.  Every wait is bounded; every process is killed.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import asyncssh
import pytest

from games.core import Record

ROOT = Path(__file__).resolve().parents[2]
SSH, TMUX = shutil.which("ssh"), shutil.which("tmux")
ENV = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}  # capture-pane must give UTF-8 suits


def need(*tools: str) -> None:
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        pytest.skip(f"the OpenSSH test needs {' and '.join(missing)} installed")


def wait_for(pred, timeout: float, what: str):
    """Poll ``pred`` until it returns something true (a bound on waiting, not a timing assertion)."""
    end = time.monotonic() + timeout
    while True:
        got = pred()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


class Host:
    """``cardtable host tricks_n_trumps --seats remote:Ann,heuristic,heuristic --ssh 0`` as a subprocess."""

    def __init__(self, tmp: Path) -> None:
        self.home = tmp / "home"
        self.home.mkdir()
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(self.home / "ssh_host_ed25519_key", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
        self.public_key = key.export_public_key().decode().strip()
        self.save = tmp / "table.json"
        argv = [
            sys.executable,
            "-c",
            "import sys; from cardtable.cli import main; main(sys.argv[1:])",
            "host",
            "tricks_n_trumps",
            "--seats",
            "remote:Ann,heuristic,heuristic",
            "--listen",
            "127.0.0.1:0",
            "--ssh",
            "0",
            "--seed",
            "3",
            "--bot-delay",
            "0",
            "--save",
            str(self.save),
        ]
        env = {**ENV, "CARDTABLE_HOME": str(self.home), "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.printed = ""
        m = wait_for(
            lambda: (
                self._read() and re.search(r"code (\S+)\n.*\n\s+ssh -p (\d+) ann@127\.0\.0\.1", self.printed)
            ),
            30,
            "the host's join lines",
        )
        self.code, self.port = m.group(1), int(m.group(2))

    def _read(self) -> bool:
        assert self.proc.stdout is not None
        if select.select([self.proc.stdout], [], [], 0.1)[0]:
            data = os.read(self.proc.stdout.fileno(), 65536)
            if not data:
                raise AssertionError(f"the host exited:\n{self.printed}")
            self.printed += data.decode()
        return True

    def known_hosts(self, path: Path, key: str | None = None) -> Path:
        path.write_text(f"[127.0.0.1]:{self.port} {key or self.public_key}\n")
        return path

    def state(self):
        """The table as saved after every move (the host's own state lives in another process)."""
        return Record.load(self.save).replay()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # closes the table: children hung up, terminals reset
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


class Tmux:
    """A private tmux server (-L) running one command in a 100x28 window.

    (Below 30 rows the hand is drawn as small card faces whose corner reads like a card token, "A♥",
    so the screen text tells which cards are shown.)"""

    def __init__(self, command: str) -> None:
        self.name = f"cardtable-test-{uuid.uuid4().hex[:10]}"
        # the shell reports ssh's exit and keeps the pane open so that the test can look at it
        self.run("new-session", "-d", "-x", "100", "-y", "28", f"{command}; echo SSH-EXIT=$?; sleep 60")

    def run(self, *args: str) -> str:
        out = subprocess.run(
            [TMUX or "tmux", "-f", "/dev/null", "-L", self.name, *args],
            env=ENV,
            capture_output=True,
            text=True,
            timeout=10,
        )
        if out.returncode != 0:
            raise AssertionError(f"tmux {args[0]} failed: {out.stderr.strip()}")
        return out.stdout

    def screen(self) -> str:
        return self.run("capture-pane", "-p")

    def info(self, fmt: str) -> str:
        return self.run("display-message", "-p", fmt).strip()

    def keys(self, *keys: str, literal: bool = False) -> None:
        self.run("send-keys", *(("-l",) if literal else ()), *keys)

    def kill(self) -> None:
        subprocess.run(
            [TMUX or "tmux", "-L", self.name, "kill-server"], env=ENV, capture_output=True, timeout=10
        )


def ssh_command(host: Host, known_hosts: Path) -> str:
    return (
        f"{SSH} -F /dev/null -p {host.port} -o StrictHostKeyChecking=yes -o UserKnownHostsFile={known_hosts}"
        " -o GlobalKnownHostsFile=/dev/null -o PubkeyAuthentication=no -o NumberOfPasswordPrompts=1"
        " -o ConnectTimeout=10 Ann@127.0.0.1"
    )


@pytest.fixture
def host(tmp_path):
    need("ssh")
    h = Host(tmp_path)
    yield h
    h.stop()


@pytest.fixture
def tmux_ssh(host, tmp_path):
    """ssh to the table inside tmux, the join code typed at the password prompt."""
    need("ssh", "tmux")
    t = Tmux(ssh_command(host, host.known_hosts(tmp_path / "known_hosts")))
    try:
        wait_for(lambda: "Password:" in t.screen(), 20, "ssh's password prompt")
        t.keys(host.code, literal=True)
        t.keys("Enter")
        yield t
    finally:
        t.kill()


def hand_on_screen(t: Tmux, host: Host) -> bool:
    text = t.screen()
    return all(c.display() in text for c in host.state().view(0).hand)


def test_openssh_in_tmux_plays_a_card_resizes_and_restores_the_terminal(host, tmux_ssh):
    """Password prompt -> table with Ann's hand -> Enter plays a card -> resize -> q -> shell prompt."""
    t = tmux_ssh
    wait_for(lambda: hand_on_screen(t, host), 30, "Ann's hand on the screen")
    assert t.info("#{alternate_on}") == "1"  # the table UI is full-screen
    others = [c.display() for s in (1, 2) for c in host.state().view(s).hand]
    assert not any(o in t.screen() for o in others), "another seat's card is on Ann's screen"

    # seed 3, no bot delay: Ann (seat 0) must follow hearts with 3H; Enter plays the selected card
    wait_for(lambda: host.state().to_act == 0, 20, "Ann's turn")
    before = len(host.state().history)
    t.keys("Enter")
    wait_for(lambda: len(host.state().history) > before, 20, "the card played by Enter")
    played = host.state().history[before]
    assert played.text == "3H"
    # the log draws cards with suit symbols; a played card must never freeze the screen (it once did,
    # when the network thread waited on the UI thread while submit() waited for the server's "ok")
    wait_for(
        lambda: "Ann plays 3♥" in t.screen() and hand_on_screen(t, host), 20, "the screen after the play"
    )
    assert "did not answer" not in t.screen()
    assert not any(o in t.screen() for o in [c.display() for s in (1, 2) for c in host.state().view(s).hand])

    # a bigger window: ssh sends the new size, the child gets SIGWINCH and redraws at 120x29
    t.run("resize-window", "-x", "120", "-y", "29")
    assert t.info("#{pane_width}x#{pane_height}") == "120x29"

    def redrawn() -> bool:  # wider than the old window, and the footer moved down to the new last row
        rows = t.screen().splitlines()
        return len(rows) == 29 and "Choose card" in rows[-1] and max(len(r.rstrip()) for r in rows) > 100

    wait_for(redrawn, 20, "the table redrawn at 120x29")
    assert hand_on_screen(t, host)

    # q leaves the table; ssh exits and the pane is back on the normal screen with the cursor shown
    t.keys("q")
    wait_for(lambda: "SSH-EXIT=" in t.screen(), 20, "ssh to exit after q")
    screen = t.screen()
    assert "SSH-EXIT=0" in screen
    assert t.info("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "0 1 0"
    rows = [r.rstrip() for r in screen.splitlines()]
    exit_row = next(i for i, r in enumerate(rows) if r.startswith("SSH-EXIT=0"))
    assert rows[exit_row - 1].startswith("Connection to 127.0.0.1 closed.")
    # (after a resize in the alternate screen, tmux 3.3a may leave old table rows to the right of these
    # lines although ssh's byte stream after q is only the reset sequences: see the next test for a
    # clean screen without a resize)


def test_host_closing_the_table_restores_the_openssh_terminal(host, tmux_ssh):
    """The host stops (SIGTERM): the player's terminal leaves the full-screen UI and says why."""
    t = tmux_ssh
    wait_for(lambda: hand_on_screen(t, host), 30, "Ann's hand on the screen")
    host.stop()
    wait_for(lambda: "SSH-EXIT=" in t.screen(), 20, "ssh to exit when the table closes")
    screen = t.screen()
    assert "The host closed the table." in screen
    assert t.info("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "0 1 0"
    assert not re.search("[╭╰▊]", screen)


def test_openssh_refuses_a_changed_host_key(host, tmp_path):
    """known_hosts holds another key for [127.0.0.1]:PORT: ssh refuses before asking for a password."""
    other = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode().strip()
    kh = host.known_hosts(tmp_path / "known_hosts_other", other)
    out = subprocess.run(
        [SSH or "ssh", *ssh_command(host, kh).split()[1:], "-o", "BatchMode=yes"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.returncode == 255
    assert "REMOTE HOST IDENTIFICATION HAS CHANGED" in out.stderr
    assert "Host key verification failed." in out.stderr
