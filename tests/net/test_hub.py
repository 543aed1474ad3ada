"""Several tables on one host (issue 20, point 3), on loopback: two tables play at once behind one
table port, each saved and resumed on its own; a code goes straight to its table and seat (table
port and ssh); the ssh lobby lists the free seats and seats a player at one; table specs."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import asyncssh
import pytest

from cardtable.net import wire
from cardtable.net.client import RemoteSeatHandle
from cardtable.net.host import HostConfig, parse_seats
from cardtable.net.hub import (
    Login,
    TableHub,
    build_servers,
    distinct_saves,
    parse_table_spec,
    serve_tables,
    table_configs,
)
from cardtable.net.server import Limits, TableServer
from cardtable.net.ssh import SshFrontDoor
from games.core import BadOptionError, CardtableError, Record

from .helpers import make_table
from .test_ssh import ROOT, Term, pump, stub_command, until


def two_tables(tmp_path: Path, **extra) -> list[HostConfig]:
    base = HostConfig(listen="127.0.0.1:0", bot_delay=0, hold=60, **extra)
    return [
        parse_table_spec(
            f"tricks_n_trumps seats=remote:Ann,remote:Bob,normal seed=3 hand_size=3 "
            f"save={tmp_path / 'one.json'}",
            base,
            1,
        ),
        parse_table_spec(
            f"tricks_n_trumps seats=remote:Cy,normal,remote:Di seed=8 hand_size=3 "
            f"save={tmp_path / 'two.json'}",
            base,
            2,
        ),
    ]


async def start(cfgs: list[HostConfig]) -> tuple[asyncio.Task, TableHub]:
    """serve_tables(cfgs) as a task, as ``cardtable host --table ... --table ...`` runs it."""
    got: asyncio.Future = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve_tables(cfgs, echo=lambda text: None, ready=got.set_result))
    done, _ = await asyncio.wait({task, got}, timeout=30, return_when=asyncio.FIRST_COMPLETED)
    if task in done:
        task.result()  # the error that stopped the host
    return task, got.result()


async def stop(task: asyncio.Task) -> None:
    task.cancel()  # what Ctrl-C does: byes, tables saved
    await asyncio.gather(task, return_exceptions=True)


def play(handles: list[RemoteSeatHandle], moves: int) -> None:
    """Each player plays their first legal card whenever it is their turn, until ``moves`` cards
    are played at each table (bounded: no endless loop when something is wrong)."""
    for _ in range(moves * 40):
        if all(
            len([e for e in h.view().events if e.kind == "play"]) >= moves or h.view().is_over
            for h in handles
        ):
            return
        for h in handles:
            v = h.view()
            if v.is_my_turn and v.legal:
                try:
                    h.submit(v.legal[0])
                except CardtableError:
                    pass  # the view was a step behind: the next round sees the new one
        __import__("time").sleep(0.02)
    raise AssertionError("the tables did not reach the moves in time")


async def test_two_tables_play_at_once_on_one_host_and_each_resumes_on_its_own(tmp_path):
    task, hub = await start(two_tables(tmp_path))
    one, two = hub.servers
    address = "%s:%d" % hub.address
    codes = {
        name: server.slots[seat].code
        for server in hub.servers
        for seat, name in ((s, server.table.names[s]) for s in server.slots)
    }
    try:
        handles = [
            await asyncio.to_thread(lambda n=name: RemoteSeatHandle(address, codes[n]).connect())
            for name in ("Ann", "Bob", "Cy", "Di")
        ]
        ann, bob, cy, di = handles
        assert (ann.seat, bob.seat, cy.seat, di.seat) == (0, 1, 0, 2)  # each code opened its own table's seat
        assert ann.names == one.table.names and cy.names == two.table.names
        await asyncio.to_thread(play, handles, 6)  # both tables at once: a whole hand of three cards each
        for h in handles:
            h.close()
    finally:
        await stop(task)
    played = {name: [a.text for a in s.table.state.history] for name, s in (("one", one), ("two", two))}
    assert len(played["one"]) >= 6 and len(played["two"]) >= 6
    for name, server in (("one", one), ("two", two)):  # each table saved to its own file, codes beside it
        saved = Record.load(tmp_path / f"{name}.json").replay()
        assert [a.text for a in saved.history] == played[name]
        assert json.loads((tmp_path / f"{name}.json.codes").read_text()) == {
            str(s): slot.code for s, slot in server.slots.items()
        }

    # both resumed at once: same codes, same positions; a table goes on where it stopped
    base = HostConfig(listen="127.0.0.1:0", bot_delay=0, hold=60)
    task, hub = await start(table_configs(base, None, [tmp_path / "one.json", tmp_path / "two.json"], []))
    try:
        address = "%s:%d" % hub.address
        assert [len(s.table.state.history) for s in hub.servers] == [len(played["one"]), len(played["two"])]
        cy = await asyncio.to_thread(lambda: RemoteSeatHandle(address, codes["Cy"]).connect())
        assert cy.seat == 0 and cy.names == hub.servers[1].table.names
        assert len(cy.view().events) and cy.view().hand == hub.servers[1].table.view(0).hand
        cy.close()
    finally:
        await stop(task)


async def test_the_table_port_refuses_bad_codes_and_silent_connections_as_one_table_would(tmp_path):
    servers = [TableServer(make_table(seed=s), bot_delay=0, limits=Limits(hello_timeout=0.5)) for s in (1, 2)]
    hub = TableHub(servers)
    host, port = await hub.start_tcp("127.0.0.1", 0)
    try:
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(wire.dumps({"type": "hello", "version": wire.VERSION, "code": "zzzz-zzzz"}))
        refusal = wire.loads((await asyncio.wait_for(reader.readline(), 10)).rstrip(b"\n"))
        assert refusal["error"] == "code" and "unknown join code" in refusal["message"]
        writer.close()
        reader, writer = await asyncio.open_connection(host, port)  # says nothing at all
        silent = wire.loads((await asyncio.wait_for(reader.readline(), 10)).rstrip(b"\n"))
        assert silent["error"] == "timeout"
        writer.close()
        # the two tables share one guess throttle: wrong codes at either table slow the address down
        assert servers[0].throttle is servers[1].throttle is hub.throttle
    finally:
        await hub.close()


@pytest.fixture
async def club(tmp_path):
    """Two tables behind one ssh door (the tests' stand-in child), with a club code for the lobby."""
    tables = [make_table("remote,remote,bot", seed=3, open_seats=True), make_table("remote,bot,bot", seed=5)]
    servers = [
        TableServer(tables[0], {0: "aaaa-bbbb", 1: "cccc-dddd"}, bot_delay=0),
        TableServer(tables[1], {0: "eeee-ffff"}, bot_delay=0),
    ]
    hub = TableHub(servers, lobby_code="club-code")
    await hub.start_tcp("127.0.0.1", 0)
    front = SshFrontDoor(
        hub, key_path=tmp_path / "hostkey", child_command=stub_command, child_env={"PYTHONPATH": str(ROOT)}
    )
    await front.start("127.0.0.1", 0)
    yield hub, front
    await front.close()
    await hub.close()


async def open_ssh(front: SshFrontDoor, user: str, password: str):
    conn = await asyncssh.connect(
        "127.0.0.1",
        front.port,
        username=user,
        password=password,
        known_hosts=([front.public_key], [], []),
        client_keys=None,
    )
    term = Term(80, 24)
    proc = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
    return conn, proc, term, asyncio.create_task(pump(proc, term))


async def test_an_ssh_code_goes_straight_to_its_table_and_the_lobby_seats_a_player_at_a_free_seat(club):
    hub, front = club
    one, two = hub.servers
    conn, _proc, term, task = await open_ssh(front, "anyone", "eeee-ffff")  # table 2's seat
    await until(lambda: "seat 0" in term.text, what="table 2's seat on the screen")
    assert f"hand {' '.join(c.text for c in two.table.view(0).hand)}" in term.text
    await until(lambda: two.slots[0].conn is not None and one.slots[0].conn is None, what="seated at table 2")

    lconn, lproc, lterm, ltask = await open_ssh(front, "lobby", "club-code")
    await until(lambda: "Table 2" in lterm.text, what="the lobby")
    assert "free seat: P0" in lterm.text and "free seat: P1" in lterm.text  # table 1: nobody has joined
    assert lterm.text.count("free seat:") == 2  # table 2's only remote seat is taken
    lproc.stdin.write(b"2\r")  # the second free seat: table 1's P1
    await until(lambda: "cccc-dddd" in lterm.text, what="the seat's code")
    assert "table 1" in lterm.text
    lproc.stdin.write(b"\r")
    await until(lambda: "seat 1" in lterm.text, what="the table UI of the seat taken in the lobby")
    assert f"hand {' '.join(c.text for c in one.table.view(1).hand)}" in lterm.text
    assert [(f.server, f.seat) for f in hub.free_seats()] == [(one, 0)]

    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1",
            front.port,
            username="lobby",
            password="not-the-club",
            known_hosts=([front.public_key], [], []),
            client_keys=None,
        )
    for c, t in ((conn, task), (lconn, ltask)):
        c.close()
        t.cancel()


async def test_the_lobby_leaves_on_q_and_says_when_a_seat_was_taken_first(club):
    hub, front = club
    one = hub.servers[0]
    conn, proc, term, task = await open_ssh(front, "lobby", "club-code")
    await until(lambda: "free seat: P0" in term.text, what="the lobby")
    assert hub.claim(Login(one, 0))  # someone else takes P0 meanwhile
    proc.stdin.write(b"1\r")
    await until(lambda: "Someone has just taken that seat" in term.text, what="the lobby's note")
    proc.stdin.write(b"9\r")
    await until(lambda: "There is no free seat 9" in term.text, what="the lobby's note")
    proc.stdin.write(b"q")
    await asyncio.wait_for(proc.wait_closed(), 10)
    assert proc.exit_status == 0 and not front.sessions
    conn.close()
    task.cancel()


def test_table_specs(tmp_path):
    base = HostConfig(listen="127.0.0.1:0", hold=30)
    cfg = parse_table_spec("rams seats=remote:Ann,remote,normal seed=4 save=r.json pot=10", base, 2)
    assert (cfg.game, cfg.seats, cfg.seed, cfg.save, cfg.options, cfg.hold) == (
        "rams",
        parse_seats("remote:Ann,remote,normal", "rams"),
        4,
        Path("r.json"),
        {"pot": "10"},
        30,
    )
    assert parse_table_spec("resume=old.json", base, 1).resume == Path("old.json")
    assert parse_table_spec("trump_suit", base, 3).save.name.endswith("-t3.json")  # its own save file
    for bad, why in (
        ("", "is empty"),
        ("seats=remote", "names no game"),
        ("rams seed=x", "not a whole number"),
        ("rams oops", "is not key=value"),
    ):
        with pytest.raises(BadOptionError, match=why):
            parse_table_spec(bad, base, 1)
    cfgs = table_configs(
        HostConfig(game="rams", seats="remote,remote,normal"), "rams", [Path("a.json")], ["tricks_n_trumps"]
    )
    assert [(c.game, c.resume) for c in cfgs] == [
        ("rams", None),
        ("", Path("a.json")),
        ("tricks_n_trumps", None),
    ]


def test_one_save_for_two_tables_is_refused(tmp_path):
    tables = [make_table(save_path=tmp_path / "same.json"), make_table(save_path=tmp_path / "same.json")]
    with pytest.raises(CardtableError, match="both save to"):
        distinct_saves(tables)
    cfgs = [HostConfig(resume=tmp_path / "x.json"), HostConfig(resume=tmp_path / "x.json")]
    make_table(save_path=tmp_path / "x.json").save()
    with pytest.raises(CardtableError):
        build_servers(cfgs)


def test_cardtable_host_with_two_table_options_serves_both_on_one_port(tmp_path):
    """The command line: two --table specs, one table port; a code of table 2 joins table 2; SIGTERM
    closes both tables, each saved to its own file."""
    import os
    import re
    import signal
    import subprocess
    import sys

    argv = [
        sys.executable,
        "-c",
        "import sys; from cardtable.cli import main; main(sys.argv[1:])",
        "host",
        "--listen",
        "127.0.0.1:0",
        "--bot-delay",
        "0",
        "--table",
        f"tricks_n_trumps seats=remote:Ann,normal seed=1 save={tmp_path / 'a.json'}",
        "--table",
        f"rams seats=remote:Bob,normal,normal seed=2 save={tmp_path / 'b.json'}",
    ]
    host = subprocess.Popen(
        argv,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        text = ""
        while "Press Ctrl-C" not in text:
            line = host.stdout.readline()
            assert line, f"the host exited: {text}"
            text += line
        assert "2 tables on 127.0.0.1:" in text and "Table 2: Rams" in text
        address = re.search(r"tables on (\S+)", text).group(1)
        bob = re.search(r"Bob: code (\S+)", text).group(1)
        with RemoteSeatHandle(address, bob).connect() as handle:
            assert handle.seat == 0 and handle.names[0] == "Bob" and handle.view().game == "rams"
    finally:
        host.send_signal(signal.SIGTERM)
        out = host.communicate(timeout=30)[0]
    assert "table 1 closed" in out and "table 2 closed" in out
    assert Record.load(tmp_path / "a.json").game == "tricks_n_trumps"
    assert Record.load(tmp_path / "b.json").game == "rams"


def test_user_names_pick_a_table_and_seat_without_a_code():
    """No-auth (loopback) and key logins: on a host of several tables the user name says the table:
    ``t2-p0`` (or ``t2-seat1``); ``lobby`` opens the lobby; a host of one table keeps plain names."""
    one, two = TableServer(make_table(seed=1), bot_delay=0), TableServer(make_table(seed=2), bot_delay=0)
    hub = TableHub([one, two])
    assert [user for user, _ in hub.users()] == ["t1-p0", "t1-p1", "t2-p0", "t2-p1", "lobby"]
    found = hub.seat_for_user("T2-P1")
    assert found is not None and (found.server, found.seat) == (two, 1)
    found = hub.seat_for_user("t1-seat2")
    assert found is not None and (found.server, found.seat) == (one, 1)
    assert hub.seat_for_user("lobby").lobby and hub.seat_for_user("p0") is None
    single = TableHub([TableServer(make_table(seed=3), bot_delay=0)])
    assert [user for user, _ in single.users()] == ["p0", "p1"] and single.seat_for_user("lobby") is None
