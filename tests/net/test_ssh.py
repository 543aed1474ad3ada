"""The ssh front door with asyncssh's client in-process, fed into a pyte terminal emulator so
that assertions are about what a player sees.  The child program is the headless stand-in
tests/net/ssh_child_stub.py (a real remote client over the private Unix socket); the test
marked FULL-TUI runs the real Textual UI (cardtable.tui.run_remote) in the child."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import asyncssh
import pyte
import pytest

from cardtable.doors.ssh import RESET, SshFrontDoor
from cardtable.net.server import TableServer
from games.core import CardtableError

from .helpers import bounded, make_table

ROOT = Path(__file__).resolve().parents[2]
STUB = str(Path(__file__).with_name("ssh_child_stub.py"))


def stub_command(sock: str, token: str) -> list[str]:
    return [sys.executable, STUB, "--unix", sock, "--token", token]


class Term:
    """One player's terminal: an asyncssh client session drawn on a pyte screen."""

    def __init__(self, cols: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()

    def feed(self, data: bytes) -> None:
        self.raw += data
        self.stream.feed(data)

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)


async def pump(proc: asyncssh.SSHClientProcess, term: Term) -> None:
    while True:
        data = await proc.stdout.read(65536)
        if not data:
            return
        term.feed(data)


async def until(pred, timeout: float = 30.0, what: str = "screen") -> None:
    """Wait for ``pred``; generous because a loaded 2-core machine starts ssh children slowly."""
    await bounded(pred, timeout, what)


@pytest.fixture
async def door(tmp_path):
    doors: list[tuple[TableServer, SshFrontDoor]] = []

    async def make(seed: int = 7, **kw):
        table = make_table("remote,remote,bot", seed=seed)
        server = TableServer(table, {0: "aaaa-bbbb", 1: "cccc-dddd"}, bot_delay=0)
        await server.start_tcp("127.0.0.1", 0)
        kw.setdefault("child_command", stub_command)
        front = SshFrontDoor(server, key_path=tmp_path / "hostkey", child_env={"PYTHONPATH": str(ROOT)}, **kw)
        await front.start("127.0.0.1", 0)
        doors.append((server, front))
        return table, server, front

    yield make
    for server, front in doors:
        await front.close()
        await server.close()


async def connect(front: SshFrontDoor, user: str = "p0", password: str | None = "aaaa-bbbb", **kw):
    return await asyncssh.connect(
        "127.0.0.1",
        front.port,
        username=user,
        password=password,
        known_hosts=([front.public_key], [], []),
        client_keys=kw.pop("client_keys", None),
        **kw,
    )


async def open_term(conn, cols=80, rows=24, **kw):
    term = Term(cols, rows)
    proc = await conn.create_process(term_type="xterm-256color", term_size=(cols, rows), encoding=None, **kw)
    task = asyncio.create_task(pump(proc, term))
    return term, proc, task


async def test_connect_see_the_table_play_resize_and_disconnect(door):
    table, server, front = await door()
    assert front.fingerprint.startswith("SHA256:")
    async with await connect(front, "p0", "aaaa-bbbb") as c0, await connect(front, "p1", "cccc-dddd") as c1:
        t0, p0, _ = await open_term(c0)
        t1, p1, _ = await open_term(c1, env={"COLORTERM": "truecolor"})
        await until(lambda: "seat 0 size 80x24" in t0.text and "seat 1" in t1.text)
        hand0 = " ".join(c.text for c in table.view(0).hand)
        assert f"hand {hand0}" in t0.text and "term xterm-256color -" in t0.text
        assert "term xterm-256color truecolor" in t1.text
        # play: whoever is to act presses p; both screens follow
        await until(lambda: table.state.to_act in (0, 1), what="a human turn")
        mover, (term, proc) = table.state.to_act, [(t0, p0), (t1, p1)][table.state.to_act]
        await until(lambda: f"turn {mover} " in term.text, what="the mover's screen showing its turn")
        before = len(table.state.history)
        proc.stdin.write(b"p")
        await until(lambda: len(table.state.history) > before, what="the card played")
        await until(lambda: f"moves {len([e for e in table.view(0).events if e.kind == 'play'])}" in t0.text)
        # resize reaches the child as SIGWINCH with the new size
        p0.change_terminal_size(100, 30)
        t0.screen.resize(30, 100)
        await until(lambda: "size 100x30" in t0.text, what="resized screen")
        # no other seat's cards on a player's screen
        for c in table.view(1).hand:
            assert c.text not in t0.text.split("hand", 1)[1].split("\n", 1)[0]
    # disconnect: the seats are released and the children are gone
    await until(
        lambda: not front.sessions and all(s.conn is None for s in server.slots.values()),
        what="children hung up",
    )


async def test_shutdown_restores_every_terminal(door):
    _table, _server, front = await door()
    conn = await connect(front)
    term, _proc, task = await open_term(conn)
    await until(lambda: "seat 0" in term.text)
    assert b"\x1b[?1049h" in term.raw  # the UI took the alternate screen with the mouse on
    child = next(iter(front.sessions)).proc
    await front.close()
    await asyncio.wait_for(task, 10)
    assert RESET in bytes(term.raw[-200:]) and b"The host closed the table." in term.raw
    assert child.poll() is not None
    conn.close()


async def test_wrong_host_key_is_rejected_by_the_client(door):
    _table, _server, front = await door()
    other = asyncssh.generate_private_key("ssh-ed25519").convert_to_public()
    with pytest.raises(asyncssh.HostKeyNotVerifiable):
        await asyncssh.connect(
            "127.0.0.1", front.port, username="p0", password="aaaa-bbbb", known_hosts=([other], [], [])
        )


async def test_wrong_code_is_refused(door):
    _table, _server, front = await door()
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(front, "p0", "zzzz-zzzz")


async def test_commands_sftp_forwarding_and_no_terminal_are_refused(door):
    _table, server, front = await door()
    async with await connect(front) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process("ls /", encoding=None)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", server.servers[0].sockets[0].getsockname()[1])
    async with await connect(front) as conn:
        result = await asyncio.wait_for(conn.run(encoding=None), 10)  # a shell without a pty
        assert b"needs a terminal" in result.stdout and result.exit_status == 1


async def test_authorized_keys_pick_the_seat_by_user_name(door, tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(key.export_public_key())
    _table, _server, front = await door(authorized_keys=keys)
    async with await connect(front, "p1", None, client_keys=[key]) as conn:
        term, _proc, _ = await open_term(conn)
        await until(lambda: "seat 1" in term.text)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(front, "nobody", None, client_keys=[key])


async def test_no_auth_only_on_loopback(door, tmp_path):
    _table, server, front = await door(no_auth=True)
    async with await connect(front, "seat2", None) as conn:
        term, _proc, _ = await open_term(conn)
        await until(lambda: "seat 1" in term.text)
    lan = SshFrontDoor(server, key_path=tmp_path / "k2", no_auth=True)
    with pytest.raises(CardtableError, match="only on loopback"):
        await lan.start("0.0.0.0", 0)
    await lan.close()


def test_host_key_is_created_once_with_mode_0600(tmp_path):
    from cardtable.doors.ssh import host_key
    from cardtable.paths import data_dir

    k1 = host_key()
    path = data_dir() / "ssh_host_ed25519_key"
    assert path.stat().st_mode & 0o777 == 0o600
    assert host_key().get_fingerprint() == k1.get_fingerprint()


async def test_full_tui_over_ssh_shows_only_my_cards_and_plays_a_card(door):
    """FULL-TUI: the real child (python -m cardtable.doors.seat -> cardtable.tui.run_remote) on a pty.

    A player sees the table and their own five cards; Enter plays the selected card; the cards
    still in the other seats' hands never appear on their screen; 'q' leaves and the seat is freed."""
    table, server, front = await door(seed=5, child_command=None)
    async with await connect(front, "p0", "aaaa-bbbb") as conn:
        term, proc, _ = await open_term(conn, 100, 28)  # small faces: their corners read "A♥"
        mine = [c.display() for c in table.view(0).hand]
        await until(lambda: all(m in term.text for m in mine), timeout=20, what="my hand on screen")
        others = lambda: [c.display() for s in (1, 2) for c in table.view(s).hand]
        assert not any(o in term.text for o in others())
        await until(
            lambda: (table.state.to_act == 0 and "Lead any card" in term.text) or "Follow" in term.text,
            timeout=20,
            what="my turn",
        )
        before = len(table.state.history)
        proc.stdin.write(b"\r")
        await until(lambda: len(table.state.history) > before, what="a card played by Enter")
        await until(
            lambda: table.view(0).hand and all(c.display() in term.text for c in table.view(0).hand),
            what="hand redrawn",
        )
        assert not any(o in term.text for o in others())
        proc.stdin.write(b"q")
        await until(lambda: server.slots[0].conn is None, timeout=20, what="seat freed after quitting")
