"""`cardtable host` / `cardtable join` plumbing: the seat syntax, the printed join lines, the
CLI's one-line errors, and a hosted table joined with exactly the printed code."""

from __future__ import annotations

import asyncio
import re
import threading

import pytest

from cardtable.cli import main
from cardtable.doors.host import serve
from cardtable.net.client import RemoteSeatHandle, parse_address
from cardtable.net.config import HostConfig, parse_seats, ssh_user
from games.core import BadOptionError, ProtocolError

from .helpers import ServerThread, make_table, wait_until


def test_seat_syntax():
    seats = parse_seats("remote:Ann,human,heuristic:Rex,random", "tricks_n_trumps")
    assert [(s.kind, s.name, s.level) for s in seats] == [
        ("remote", "Ann", "heuristic"),
        ("remote", "Player 2", "heuristic"),
        ("bot", "Rex", "heuristic"),
        ("bot", "Bot 4", "random"),
    ]
    with pytest.raises(BadOptionError, match=r"seat 2 \('wizard'\) is not allowed"):
        parse_seats("remote,wizard", "tricks_n_trumps")
    with pytest.raises(BadOptionError, match="no seat is open to players"):
        parse_seats("heuristic,random", "tricks_n_trumps")
    with pytest.raises(BadOptionError, match="is for 2 to 6 players, not 7"):
        parse_seats(",".join(["remote"] * 7), "tricks_n_trumps")
    assert ssh_user(0, "Ann") == "ann" and ssh_user(1, "Player 2") == "seat2"


def test_addresses():
    assert parse_address("10.0.0.2:9000") == ("10.0.0.2", 9000)
    assert parse_address("example.org") == ("example.org", 7420)
    assert parse_address("[::1]:7000") == ("::1", 7000)
    with pytest.raises(ProtocolError, match="bad address"):
        parse_address("host:port")


def test_cli_errors_are_one_line_and_exit_2(capsys):
    for argv, text in (
        (["host"], "name a game to host"),
        (
            ["host", "tricks_n_trumps", "--listen", "0.0.0.0:0", "--ssh", "0", "--no-auth"],
            "--no-auth is allowed only when listening on loopback",
        ),
        (["host", "tricks_n_trumps", "--while-away", "nap"], "--while-away 'nap' is not allowed"),
    ):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        err = capsys.readouterr().err
        assert exc.value.code == 2 and text in err and len(err.strip().splitlines()) == 1


def test_hosted_table_is_joined_with_the_printed_code(tmp_path):
    printed: list[str] = []
    ready = threading.Event()
    holder = {}

    def run() -> None:
        async def go():
            holder["loop"] = asyncio.get_running_loop()
            cfg = HostConfig(
                game="tricks_n_trumps",
                seats="remote:Ann,heuristic",
                listen="127.0.0.1:0",
                bot_delay=0,
                seed=3,
                save=tmp_path / "t.json",
                ssh_port=0,
            )
            task = asyncio.current_task()
            holder["task"] = task
            await serve(cfg, echo=printed.append, ready=lambda s: ready.set())

        try:
            asyncio.run(go())
        except asyncio.CancelledError:
            pass

    th = threading.Thread(target=run, daemon=True)
    th.start()
    try:
        assert ready.wait(15)
        # the join text (the server's own log lines may come before it on a slow start)
        text = next((p for p in printed if "cardtable join" in p), "")
        m = re.search(r"cardtable join (\S+) --code (\S+)", text)
        assert m and re.search(r"ssh -p \d+ ann@127\.0\.0\.1   \(password: the code\)", text), printed
        assert "ssh host key SHA256:" in text and "bots: Bot 2" in text
        h = RemoteSeatHandle(m.group(1), m.group(2)).connect()
        try:
            assert h.names == ("Ann", "Bot 2") and h.view().hand
        finally:
            h.close()
    finally:  # the host stops whatever failed (a host left running spoils the next tests)
        if "loop" in holder:
            holder["loop"].call_soon_threadsafe(holder["task"].cancel)
        th.join(10)
    assert any("table closed; saved to" in p for p in printed)
    assert (tmp_path / "t.json.codes").stat().st_mode & 0o777 == 0o600


def test_held_seat_is_played_by_a_bot_after_the_hold_expires():
    table = make_table("remote,remote,bot", seed=8)
    srv = ServerThread(table, hold=0.2, while_away="wait")
    try:
        a = RemoteSeatHandle(srv.address, srv.code(0)).connect()
        b = RemoteSeatHandle(srv.address, srv.code(1)).connect()
        b.close()
        while not table.state.is_over:
            wait_until(
                lambda: (
                    table.state.is_over
                    or (
                        a.view().is_my_turn
                        and table.state.to_act == 0
                        and a.view().legal == tuple(table.state.legal_actions())
                    )
                )
            )
            if not table.state.is_over:
                a.submit(a.view().legal[0])
        assert srv.server.presence()["seats"][1] == {
            "name": "P1",
            "kind": "remote",
            "connected": False,
            "stand_in": True,
            "held": None,
        }
        a.close()
    finally:
        srv.stop()
