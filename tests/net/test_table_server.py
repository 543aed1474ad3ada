"""The table server over real loopback sockets: full matches, refusals, hostile input,
reconnects and resuming a killed server.  Every wait is bounded (helpers.wait_until)."""

from __future__ import annotations

import json
import socket

import pytest

from cardtable.net import wire
from cardtable.net.client import RemoteSeatHandle
from cardtable.net.server import Limits
from cardtable.session import Table
from games.core import IllegalActionError, ProtocolError, Record

from .helpers import ServerThread, make_table, wait_until


@pytest.fixture
def served():
    started: list[ServerThread] = []
    handles: list[RemoteSeatHandle] = []

    def start(table=None, **kw):
        srv = ServerThread(table or make_table(), **kw)
        started.append(srv)
        return srv

    def join(srv, seat, **kw):
        h = RemoteSeatHandle(srv.address, srv.code(seat), **kw).connect()
        handles.append(h)
        return h

    yield start, join
    for h in handles:
        h.close()
    for s in started:
        s.stop()


def play_out(table: Table, handles, limit: int = 500) -> None:
    """Each remote seat plays its first legal card when its own view says it is its turn."""
    for _ in range(limit * 20):
        if table.state.is_over:
            return
        for h in handles:
            v = h.view()
            if (
                v.is_my_turn
                and v.legal
                and table.state.to_act == h.seat
                and v.legal[0] in table.state.legal_actions()
            ):
                h.submit(v.legal[0])
        wait_until(
            lambda: (
                table.state.is_over
                or any(
                    h.view().is_my_turn
                    and table.state.to_act == h.seat
                    and h.view().legal == tuple(table.state.legal_actions())
                    for h in handles
                )
            ),
            what="a remote seat's turn",
        )
    raise AssertionError("match did not finish")


class Raw:
    """A hand-driven client socket (one buffered reader for its whole life)."""

    def __init__(self, srv: ServerThread) -> None:
        self.sock = socket.create_connection(("127.0.0.1", srv.port), timeout=5)
        self.file = self.sock.makefile("rb")

    def sendall(self, data: bytes) -> None:
        self.sock.sendall(data)

    def close(self) -> None:
        self.file.close()
        self.sock.close()


def raw(srv: ServerThread) -> Raw:
    return Raw(srv)


def recv_msgs(sock: Raw, until: str, limit: int = 50) -> list[dict]:
    f = sock.file
    out = []
    for _ in range(limit):
        line = f.readline()
        if not line:
            break
        out.append(json.loads(line))
        if out[-1]["type"] == until:
            break
    return out


def test_two_remote_seats_and_a_bot_play_a_full_match(served):
    start, join = served
    table = make_table("remote,remote,bot", seed=11)
    srv = start(table)
    a, b = join(srv, 0), join(srv, 1)
    assert (a.seat, b.seat) == (0, 1) and a.names == ("P0", "P1", "Bot2")
    play_out(table, [a, b])
    wait_until(lambda: a.view().is_over and b.view().is_over, what="final views")
    assert a.view() == table.view(0) and b.view() == table.view(1)
    assert a.view().outcome == table.state.outcome()
    # each seat only ever holds its own hand: seat 0's view never shows seat 1's cards
    assert a.view().seat == 0 and a.view().legal == ()


def test_views_never_hold_another_seats_hand(served):
    start, join = served
    table = make_table("remote,remote,bot", seed=3)
    srv = start(table)
    a, _b = join(srv, 0), join(srv, 1)
    wait_until(lambda: a.view() == table.view(0), what="first view")
    assert a.view().hand == table.view(0).hand and not set(a.view().hand) & set(table.view(1).hand)


def test_out_of_turn_is_refused_with_the_rule(served):
    start, join = served
    table = make_table("remote,remote,bot", seed=5)
    srv = start(table)
    a, b = join(srv, 0), join(srv, 1)
    wait_until(lambda: table.state.to_act in (0, 1), what="a human turn")
    idle = b if table.state.to_act == 0 else a
    card = idle.view().hand[0]
    with pytest.raises(IllegalActionError, match=r"is not legal for seat \d: it is P\d's turn, not yours"):
        idle.submit(card.text)
    # an illegal card (not in hand) carries the game's own rule text
    mover = a if idle is b else b
    wait_until(lambda: mover.view().is_my_turn, what="mover's view")
    not_mine = next(c for c in idle.view().hand)
    with pytest.raises(IllegalActionError, match=f"^{not_mine.text} is not legal for seat {mover.seat + 1}"):
        mover.submit(not_mine.text)


def test_acting_for_another_seat_is_refused(served):
    start, join = served
    table = make_table("remote,remote,bot", seed=5)
    srv = start(table)
    join(srv, 0)
    wait_until(lambda: table.state.to_act is not None)
    s = raw(srv)
    s.sendall(wire.dumps({"type": "hello", "version": wire.VERSION, "code": srv.code(1)}))
    recv_msgs(s, "view")
    before = len(table.state.history)
    card = table.view(0).hand[0].text
    s.sendall(wire.dumps({"type": "act", "id": 1, "action": card, "seat": 0}))
    reply = next(m for m in recv_msgs(s, "error") if m["type"] == "error")
    assert reply["error"] == "seat" and "you can only act for your own seat (P1)" in reply["message"]
    assert len(table.state.history) == before
    s.close()


def test_malformed_and_oversized_messages_are_refused_and_the_match_goes_on(served):
    start, join = served
    table = make_table("remote,remote,bot", seed=9)
    srv = start(table, limits=Limits(max_line=4096))
    a = join(srv, 0)
    s = raw(srv)
    s.sendall(wire.dumps({"type": "hello", "version": wire.VERSION, "code": srv.code(1)}))  # seat 1
    recv_msgs(s, "view")
    for bad in (
        b"\xff\xfe not utf8\n",
        b"{not json\n",
        b"[1,2]\n",
        b'{"type":"act","action":5}\n',
        b'{"type":"launch"}\n',
    ):
        s.sendall(bad)
    msgs = [m for _ in range(5) for m in recv_msgs(s, "error", 30) if m["type"] == "error"]
    assert len(msgs) == 5
    s.sendall(b"x" * 10_000 + b"\n")  # over the 4 KiB limit: error then disconnect
    rest = recv_msgs(s, "never", 100)
    texts = " | ".join(m.get("message", "") for m in msgs + rest)
    assert "not valid UTF-8" in texts and "not valid JSON" in texts
    assert any("too long" in m.get("message", "") for m in rest)
    s.close()
    # the table and the other seats carry on
    b2 = join(srv, 1)
    play_out(table, [a, b2])
    assert table.state.is_over


def test_hello_with_a_wrong_code_or_version_is_refused(served):
    start, _join = served
    srv = start()
    with pytest.raises(ProtocolError, match="unknown join code"):
        RemoteSeatHandle(srv.address, "zzzz-zzzz").connect()
    s = raw(srv)
    s.sendall(wire.dumps({"type": "hello", "version": 99, "code": srv.code(0)}))
    assert (
        recv_msgs(s, "error")[-1]["message"] == f"this table speaks protocol version {wire.VERSION}, not 99"
    )
    s.close()


def test_flooding_gets_a_disconnect_and_the_table_goes_on(served):
    start, join = served
    table = make_table("remote,remote,bot", seed=4)
    srv = start(table, limits=Limits(rate=100, burst=30, max_strikes=3))
    a = join(srv, 0)
    s = raw(srv)
    s.sendall(wire.dumps({"type": "hello", "version": wire.VERSION, "code": srv.code(1)}))
    s.sendall(b'{"type":"ping"}\n' * 1000)
    msgs = recv_msgs(s, "never", 1200)
    assert any(m.get("message") == "disconnected for flooding" for m in msgs)
    s.close()
    b = join(srv, 1)
    play_out(table, [a, b])


def test_connection_cap_pushes_out_the_oldest_idle_connection(served):
    """Over the per-address cap of connections that have not said hello, the oldest one is told and closed;
    the newcomer stays (so a player with a valid code is never refused because of idle strangers)."""
    start, _join = served
    srv = start(limits=Limits(max_unauth_per_address=2))
    first, second = raw(srv), raw(srv)
    wait_until(lambda: srv.server.unauthenticated() == 2, what="two idle connections")
    third = raw(srv)
    assert recv_msgs(first, "error")[-1]["message"] == "too many connections are waiting to join; try again"
    wait_until(lambda: srv.server.unauthenticated() == 2, what="the newcomer admitted")
    third.sendall(wire.dumps({"type": "hello", "version": wire.VERSION, "code": srv.code(0)}))
    assert recv_msgs(third, "welcome")[-1]["seat"] == 0
    for x in (first, second, third):
        x.close()


def test_disconnect_and_reconnect_resumes_the_seat(served):
    start, join = served
    table = make_table("remote,remote,bot", seed=12)
    srv = start(table, hold=60)
    a, b = join(srv, 0), join(srv, 1)
    wait_until(lambda: table.state.to_act in (0, 1))
    mover = a if table.state.to_act == 0 else b
    mover.close()
    wait_until(lambda: srv.server.slots[mover.seat].conn is None, what="seat marked away")
    # the table waits for the held seat (while_away=wait)
    history = len(table.state.history)
    back = join(srv, mover.seat)
    wait_until(lambda: back.view() == table.view(mover.seat), what="current view on return")
    assert len(table.state.history) == history and back.view().is_my_turn
    back.submit(back.view().legal[0])
    assert len(table.state.history) > history


def test_client_reconnects_by_itself_after_a_dropped_connection(served):
    start, join = served
    table = make_table("remote,remote,bot", seed=12)
    srv = start(table)
    a, b = join(srv, 0), join(srv, 1)
    seen = []
    a.subscribe(lambda: seen.append(a.status))
    # cut a's TCP connection from the server side
    conn = srv.server.slots[0].conn
    srv.loop.call_soon_threadsafe(srv.server._drop, conn)
    # the server reattaches the seat a moment before the client marks itself connected: wait for both
    wait_until(
        lambda: srv.server.slots[0].conn not in (None, conn) and a.status == "connected",
        what="automatic reconnect",
    )
    assert any(s.startswith("reconnecting") for s in seen)
    play_out(table, [a, b])


def test_away_seat_is_played_by_a_bot_when_asked(served):
    start, join = served
    table = make_table("remote,remote,bot", seed=12)
    srv = start(table, while_away="bot")
    a, b = join(srv, 0), join(srv, 1)
    b.close()
    play_out(table, [a])
    assert table.state.is_over


SERVE_SCRIPT = """
import asyncio, sys
from pathlib import Path
from cardtable.net.server import TableServer
from tests.net.helpers import make_table
async def main():
    table = make_table("remote,remote,bot", seed=21, save_path=Path(sys.argv[1]))
    server = TableServer(table, {0: "aaaa-bbbb", 1: "cccc-dddd"}, bot_delay=0)
    host, port = await server.start_tcp("127.0.0.1", 0)
    print(port, flush=True)
    await asyncio.Event().wait()
asyncio.run(main())
"""


def my_turn(table: Table, handles) -> RemoteSeatHandle:
    """The handle whose turn it is, once its own view says so."""
    wait_until(
        lambda: (
            table.state.to_act in [h.seat for h in handles]
            and any(h.seat == table.state.to_act and h.view().legal for h in handles)
        ),
        what="a remote turn",
    )
    return next(h for h in handles if h.seat == table.state.to_act)


def test_killed_server_resumes_from_its_save_file(served, tmp_path):
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    start, join = served
    save = tmp_path / "table.json"
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE_SCRIPT, str(save)],
        stdout=subprocess.PIPE,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    try:
        port = int(proc.stdout.readline())
        a = RemoteSeatHandle(f"127.0.0.1:{port}", "aaaa-bbbb", reconnect_for=0).connect()
        b = RemoteSeatHandle(f"127.0.0.1:{port}", "cccc-dddd", reconnect_for=0).connect()
        for _ in range(4):  # a few human moves (the bot plays in between)
            h = a if a.view().is_my_turn else b if b.view().is_my_turn else None
            if h is None:
                wait_until(lambda: a.view().is_my_turn or b.view().is_my_turn, what="a remote turn")
                h = a if a.view().is_my_turn else b
            h.submit(h.view().legal[0])
        wait_until(lambda: a.view().is_my_turn or b.view().is_my_turn, what="a remote turn")
        seen = a.view()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(5)
    a.close()
    b.close()
    record = Record.load(save)
    assert len(record.actions) >= 4
    resumed = Table.from_record(record, save_path=save)
    assert [s.kind for s in resumed.seats] == ["remote", "remote", "bot"]
    assert resumed.view(0) == seen  # nothing lost: the state seat 0 last saw
    srv2 = start(resumed, codes={0: "aaaa-bbbb", 1: "cccc-dddd"})
    a2, b2 = join(srv2, 0), join(srv2, 1)
    assert a2.view() == resumed.view(0)
    played = record.actions
    play_out(resumed, [a2, b2])
    assert Record.load(save).actions[: len(played)] == played and resumed.state.is_over


def test_spectator_sees_the_public_view_and_cannot_play(served):
    start, _join = served
    table = make_table("remote,remote,bot", seed=2)
    srv = start(table, spectator_code="watch-only")
    w = RemoteSeatHandle(srv.address, "watch-only").connect()
    try:
        assert w.view().hand == () and w.view().seat is None
        with pytest.raises(IllegalActionError, match="spectators cannot play"):
            w.submit("2C")
    finally:
        w.close()
