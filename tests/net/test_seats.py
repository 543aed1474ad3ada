"""Who gets a seat (issue 30, points 3 and 4): the club lobby hands out only open seats and takes back
a seat whose player left before sitting down (under a new code); one connection plays a seat, a
second login is refused with a plain message on every door unless the first has gone silent; and
guessing codes from a player's own address slows the guesses, never the player's valid code.

Real sockets on loopback (127.0.0.2 stands for another machine); every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import socket

import aiohttp
import asyncssh
import pytest

from cardtable.net import wire
from cardtable.net.client import RemoteSeatHandle
from cardtable.net.hub import TableHub
from cardtable.net.server import Limits, TableServer
from cardtable.net.ssh import SshFrontDoor
from cardtable.net.web import WebFrontDoor
from cardtable.session import SeatConfig, Table
from games.core import ProtocolError

from .helpers import ServerThread, make_table, wait_until
from .test_ssh import ROOT, Term, pump, stub_command, until

# ---------------------------------------------------------------- the lobby


def club_table(seed: int = 3) -> Table:
    """Ann's seat is named for her; the two others are open (``remote`` without a name)."""
    seats = [SeatConfig("remote", "Ann"), SeatConfig("remote", "Player 2", open=True)]
    seats += [SeatConfig("remote", "Player 3", open=True), SeatConfig("bot", "Rex", "normal")]
    return Table.new("tricks_n_trumps", seats, None, seed)


@pytest.fixture
async def club(tmp_path):
    server = TableServer(club_table(), {0: "aaaa-aaaa", 1: "bbbb-bbbb", 2: "cccc-cccc"}, bot_delay=0)
    other = TableServer(make_table("remote,bot", seed=4), {0: "dddd-dddd"}, bot_delay=0)
    hub = TableHub([server, other], lobby_code="club-code")
    await hub.start_tcp("127.0.0.1", 0)
    front = SshFrontDoor(
        hub, key_path=tmp_path / "hostkey", child_command=stub_command, child_env={"PYTHONPATH": str(ROOT)}
    )
    await front.start("127.0.0.1", 0)
    yield hub, front
    await front.close()
    await hub.close()


async def lobby(front: SshFrontDoor):
    conn = await asyncssh.connect(
        "127.0.0.1",
        front.port,
        username="lobby",
        password="club-code",
        known_hosts=([front.public_key], [], []),
        client_keys=None,
    )
    term = Term(100, 30)
    proc = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
    task = asyncio.create_task(pump(proc, term))
    await until(lambda: "Tables at this host" in term.text, what="the lobby")
    return conn, proc, term, task


def test_the_lobby_never_offers_a_seat_named_for_a_person():
    """Before: Ann's seat was offered like any other, with her code (which then showed her hand)."""
    server = TableServer(club_table(), bot_delay=0)
    hub = TableHub([server, TableServer(make_table("remote,bot", seed=4), bot_delay=0)], lobby_code="club")
    assert [(f.server, f.seat) for f in hub.free_seats()] == [(server, 1), (server, 2)]
    resumed = Table.from_record(server.table.record())  # the save keeps which seats are open
    assert [s.open for s in resumed.seats] == [False, True, True, False]


async def test_a_seat_taken_in_the_lobby_and_left_is_free_again_under_a_new_code(club):
    """Five logins that pick a seat and quit learnt five codes and left "No seat is free" to everyone."""
    hub, front = club
    server = hub.servers[0]
    for leave in (b"q", None):  # q at the seat's screen; then a dropped connection
        conn, proc, term, task = await lobby(front)
        proc.stdin.write(b"1\r")
        await until(lambda: "Its code is" in term.text, what="the seat's code")
        shown = term.text.split("Its code is ", 1)[1].split(":", 1)[0]
        assert server.seat_for_code(shown) == 1
        assert [f.seat for f in hub.free_seats()] == [2]  # held for this session meanwhile
        if leave:
            proc.stdin.write(leave)
            await asyncio.wait_for(proc.wait_closed(), 10)
        conn.close()
        task.cancel()
        await until(lambda: [f.seat for f in hub.free_seats()] == [1, 2], 10, "the seat given back")
        assert server.seat_for_code(shown) is None  # the code read in the lobby opens nothing now
        assert hub.find_code(shown) is None and server.slots[1].code != shown


async def test_a_seat_held_too_long_in_the_lobby_goes_back(club, monkeypatch):
    hub, front = club
    conn, proc, term, task = await lobby(front)
    proc.stdin.write(b"2\r")
    await until(lambda: "Its code is" in term.text, what="the seat's code")
    monkeypatch.setattr("cardtable.net.hub.CLAIM_HOLD", 0.0)
    await until(lambda: [f.seat for f in hub.free_seats()] == [1, 2], 10, "the hold run out")
    proc.stdin.write(b"\r")
    await until(lambda: "You waited too long" in term.text, what="the lobby's note")
    conn.close()
    task.cancel()


async def test_a_lobby_seat_taken_up_is_kept_by_its_player(club):
    hub, front = club
    server = hub.servers[0]
    conn, proc, term, task = await lobby(front)
    proc.stdin.write(b"1\r")
    await until(lambda: "Its code is" in term.text, what="the seat's code")
    code = server.slots[1].code
    proc.stdin.write(b"\r")
    await until(lambda: "seat 1" in term.text, what="the seat's table")
    await until(lambda: server.slots[1].joined, what="seated")
    conn.close()
    task.cancel()
    await until(lambda: server.slots[1].conn is None, 10, "the player gone")
    assert server.slots[1].code == code  # the seat and its code stay with the player (held as usual)
    assert [(f.server, f.seat) for f in hub.free_seats()] == [(server, 2)]


# ---------------------------------------------------------------- one connection per seat


def test_a_second_login_on_a_seat_is_refused_and_the_first_keeps_it():
    """Before: the second login pushed the first off (and the first could push back, for ever)."""
    srv = ServerThread(make_table("remote,remote,bot", seed=7))
    try:
        first = RemoteSeatHandle(srv.address, srv.code(0)).connect()
        with pytest.raises(ProtocolError, match="someone is already playing P0's seat"):
            RemoteSeatHandle(srv.address, srv.code(0), timeout=5).connect()
        assert srv.server.slots[0].conn is not None and not first.is_closed
        first.close()
        wait_until(lambda: srv.server.slots[0].conn is None, what="the first gone")
        again = RemoteSeatHandle(srv.address, srv.code(0)).connect()  # the seat is free for its player
        assert again.seat == 0
        again.close()
    finally:
        srv.stop()


def test_a_seat_whose_connection_went_silent_can_be_taken_back():
    srv = ServerThread(make_table("remote,remote,bot", seed=7), limits=Limits(heartbeat=0.2, dead_after=60))
    try:
        frozen = socket.create_connection((srv.host, srv.port), timeout=5)
        frozen.sendall(wire.dumps({"type": "hello", "version": wire.VERSION, "code": srv.code(0)}))
        assert json.loads(frozen.makefile("rb").readline())["type"] == "welcome"
        wait_until(lambda: srv.server.slots[0].conn is not None, what="seated")
        # it never answers a ping: after two heartbeats of silence a new login takes the seat
        wait_until(lambda: not srv.server.taken(srv.server.room, 0), what="the seat free of the silent one")
        back = RemoteSeatHandle(srv.address, srv.code(0)).connect()
        assert back.seat == 0 and srv.server.slots[0].conn is not None
        back.close()
        frozen.close()
    finally:
        srv.stop()


async def test_a_second_login_is_refused_over_ssh_and_the_web(tmp_path):
    server = TableServer(
        make_table("remote,remote,bot", seed=7), {0: "aaaa-bbbb", 1: "cccc-dddd"}, bot_delay=0
    )
    address = await server.start_tcp("127.0.0.1", 0)
    front = SshFrontDoor(
        server, key_path=tmp_path / "hostkey", child_command=stub_command, child_env={"PYTHONPATH": str(ROOT)}
    )
    await front.start("127.0.0.1", 0)
    web = WebFrontDoor(server, child_env={"PYTHONPATH": str(ROOT)})
    await web.start("127.0.0.1", 0)
    player = await asyncio.to_thread(
        lambda: RemoteSeatHandle(f"{address[0]}:{address[1]}", "aaaa-bbbb").connect()
    )
    try:
        async with await asyncssh.connect(
            "127.0.0.1", front.port, username="p0", password="aaaa-bbbb", known_hosts=None
        ) as conn:
            proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            out = await asyncio.wait_for(proc.stdout.read(), 15)
            assert b"Someone is already playing P0's seat" in out and proc.exit_status == 1
        url = f"http://127.0.0.1:{web.port}/login"
        async with aiohttp.ClientSession() as http, http.post(url, data={"code": "aaaa-bbbb"}) as r:
            page = await r.text()
            assert r.status == 409 and "Someone is already playing P0" in page
            assert "data-session-websocket-url" not in page
        assert server.slots[0].conn is not None and not player.is_closed
    finally:
        await asyncio.to_thread(player.close)
        await web.close()
        await front.close()
        await server.close()


# ---------------------------------------------------------------- guessing slows only the guesses


def test_a_valid_code_joins_at_once_after_guessing_from_its_address():
    """Five wrong codes from 127.0.0.2 (the later answers held 30 s): the valid code from the same
    address is welcomed at once.  Before: it waited its turn behind the guesses, 30 s here."""
    srv = ServerThread(
        make_table("remote,remote,bot", seed=7), limits=Limits(guess_free=2, guess_interval=30.0)
    )
    guessers = []
    try:
        for i in range(5):
            g = socket.create_connection((srv.host, srv.port), timeout=5, source_address=("127.0.0.2", 0))
            g.sendall(wire.dumps({"type": "hello", "version": wire.VERSION, "code": f"zzzz-zz{i:02d}"}))
            guessers.append(g)
        wait_until(lambda: srv.server.throttle.checks("127.0.0.2") >= 2, what="guesses checked")
        player = socket.create_connection((srv.host, srv.port), timeout=5, source_address=("127.0.0.2", 0))
        player.sendall(wire.dumps({"type": "hello", "version": wire.VERSION, "code": srv.code(0)}))
        assert json.loads(player.makefile("rb").readline())["type"] == "welcome"  # within the 5 s timeout
        player.close()
    finally:
        for g in guessers:
            g.close()
        srv.stop()


async def test_a_valid_ssh_password_logs_in_at_once_after_guessing_from_its_address(tmp_path):
    server = TableServer(
        make_table("remote,remote,bot", seed=7),
        {0: "aaaa-bbbb", 1: "cccc-dddd"},
        bot_delay=0,
        limits=Limits(guess_free=2, guess_interval=30.0),
    )
    await server.start_tcp("127.0.0.1", 0)
    front = SshFrontDoor(
        server, key_path=tmp_path / "hostkey", child_command=stub_command, child_env={"PYTHONPATH": str(ROOT)}
    )
    await front.start("127.0.0.1", 0)

    async def login(password: str):
        return await asyncssh.connect(
            "127.0.0.1",
            front.port,
            username="p0",
            password=password,
            local_addr=("127.0.0.2", 0),
            known_hosts=None,
        )

    async def guess(i: int) -> None:
        try:
            await login(f"zzzz-zz{i:02d}")
        except (asyncssh.Error, OSError):
            pass

    guesses = [asyncio.create_task(guess(i)) for i in range(5)]
    try:
        await until(lambda: server.throttle.checks("127.0.0.2") >= 2, 15, "guesses checked")
        conn = await asyncio.wait_for(login("aaaa-bbbb"), 10)  # before: queued behind the guesses, 30 s
        conn.close()
    finally:
        for g in guesses:
            g.cancel()
        await asyncio.gather(*guesses, return_exceptions=True)
        await front.close()
        await server.close()
