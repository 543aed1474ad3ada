"""A table server made of rooms: one server routes each join code (or ssh token) to its own
table, each room plays and fans out on its own; the host configuration is a leaf module and
holds its seats as a list."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cardtable.net.client import RemoteSeatHandle
from cardtable.net.config import HostConfig, parse_seats
from cardtable.net.server import Room
from cardtable.session import SeatConfig
from games.core import BadOptionError

from .helpers import ServerThread, make_table, wait_until

NET = Path(__file__).resolve().parents[2] / "cardtable" / "net"


def test_one_server_routes_each_code_to_its_own_room():
    first, second = make_table("remote,remote,bot", seed=1), make_table("remote,bot,bot", seed=2)
    srv = ServerThread(first)
    room = srv.call(lambda: _add(srv.server, Room(second, {0: "room-two1"}, bot_delay=0)))
    a = RemoteSeatHandle(srv.address, srv.code(0)).connect()
    b = RemoteSeatHandle(srv.address, srv.code(1)).connect()
    c = RemoteSeatHandle(srv.address, "room-two1").connect()
    try:
        assert (a.seat, c.seat) == (0, 0) and c.view().game == second.state.rules.name
        assert c.view().hand == second.view(0).hand and a.view().hand == first.view(0).hand
        wait_until(lambda: c.view().is_my_turn or second.state.to_act != 0, what="room two's turn")
        played = len(second.state.history)
        if second.state.to_act == 0:
            card = c.view().legal[0]
            first_played = len(first.state.history)
            c.submit(card)  # a move in room two changes room two only (its bots may answer at once)
            assert second.state.history[played] == card and second.state.actors[played] == 0
            assert len(first.state.history) == first_played
        assert room.slots[0].conn is not None and srv.server.room.slots[0].conn is not None
        assert {x.seat for x in room.members} == {0} and len(srv.server.room.members) == 2
    finally:
        for h in (a, b, c):
            h.close()
        srv.stop()


def test_a_code_already_served_is_refused_for_a_new_room():
    srv = ServerThread(make_table())
    try:
        clash = Room(make_table(seed=3), {0: srv.code(0), 1: "fine-code"})
        with pytest.raises(ValueError, match="already in use"):
            srv.call(lambda: _add(srv.server, clash))
    finally:
        srv.stop()


async def _add(server, room: Room) -> Room:
    return server.add_room(room)


def _imports(module: str) -> set[str]:
    """The cardtable.net modules a module imports, at the top or inside functions."""
    tree = ast.parse((NET / f"{module}.py").read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            name = ("." * node.level) + (node.module or "")
            if node.level == 1:
                found.add(node.module or "")
            elif name.startswith("cardtable.net."):
                found.add(name.split(".")[2])
    return found


def test_the_host_configuration_is_a_leaf_and_host_and_ssh_do_not_import_each_other():
    assert not _imports("config")
    assert "host" not in _imports("ssh") and "ssh" not in _imports("config")


def test_the_host_configuration_holds_its_seats_as_a_list():
    cfg = HostConfig(game="tricks_n_trumps", seats="remote:Ann,normal:Rex,remote")
    assert cfg.seats == [
        SeatConfig("remote", "Ann"),
        SeatConfig("bot", "Rex", "normal"),
        SeatConfig("remote", "Player 3", open=True),  # no name: a lobby may give it to anyone
    ]
    assert cfg.table_seats() == cfg.seats
    assert [s.kind for s in HostConfig(game="tricks_n_trumps").table_seats()] == ["remote", "remote", "bot"]
    bots_only = HostConfig(game="tricks_n_trumps", seats=[SeatConfig("bot", "A"), SeatConfig("bot", "B")])
    with pytest.raises(BadOptionError, match="no seat is open"):
        bots_only.table_seats()
    assert parse_seats("human:Zed,bot", "tricks_n_trumps") == [
        SeatConfig("remote", "Zed"),
        SeatConfig("bot", "Bot 2", "normal"),
    ]
