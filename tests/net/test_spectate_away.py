"""Spectators and away players on screen (issue 12, points 7-8): a spectator code gives a read-only table of
the public view (over `cardtable join` and over ssh), no remote user ever sees a traceback (the host logs
it), every screen says who is away ("Ann is away (held 4:32)", "a bot plays for Ann"), and a networked
seat is not offered an undo it would be refused.  Real sockets on loopback, bounded waits."""

from __future__ import annotations

import asyncio
import re
import sys

from cardtable.doors.ssh import SshFrontDoor
from cardtable.net.client import RemoteSeatHandle
from cardtable.net.server import TableServer
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.table import TableScreen

from ..tui.helpers import screen_text
from .helpers import ServerThread, make_table, wait_until
from .test_ssh import ROOT, Term, connect, pump, until


async def wait_for(pilot, check, rounds: int = 500, step: float = 0.02) -> None:
    for _ in range(rounds):
        if check():
            return
        await pilot.pause(step)
    assert check(), "gave up waiting"


def footer_keys(app) -> set[str]:
    return {b.binding.key for b in app.screen.active_bindings.values() if b.binding.show and b.enabled}


async def test_a_spectator_gets_a_read_only_table_of_the_public_view():
    """`cardtable join ... --code <spectator code>`: the table, no hand, no undo, keys do nothing harmful."""
    table = make_table("remote,bot,bot", seed=4)
    srv = ServerThread(table, spectator_code="watch-only")
    player = RemoteSeatHandle(srv.address, srv.code(0)).connect()
    watcher = RemoteSeatHandle(srv.address, "watch-only").connect()
    try:
        app = CardTableApp(table_handles=[watcher], driver=None, bot_delay=0, ascii_suits=True)
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(
                pilot, lambda: isinstance(app.screen, TableScreen) and "Watching" in screen_text(app)
            )
            text = screen_text(app)
            assert "Watching" in text and "read-only" in text
            assert not any(c.text in text.split("Watching", 1)[1] for c in table.view(0).hand)
            assert "u" not in footer_keys(app)
            for key in ("enter", "1", "u", "space"):
                await pilot.press(key)
            # the player plays on; the spectator's table follows the public view
            wait_until(lambda: player.view().is_my_turn, what="the player's turn")
            card = player.view().legal[0].card
            player.submit(player.view().legal[0])
            await wait_for(pilot, lambda: card.text in screen_text(app))
            assert isinstance(app.screen, TableScreen) and app.return_code in (None, 0)
            await pilot.press("q")
    finally:
        watcher.close()
        player.close()
        srv.stop()


async def test_a_networked_seat_is_not_offered_undo():
    table = make_table("remote,bot,bot", seed=4)
    srv = ServerThread(table)
    h = RemoteSeatHandle(srv.address, srv.code(0)).connect()
    try:
        app = CardTableApp(table_handles=[h], driver=None, bot_delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.pause()
            assert "q" in footer_keys(app) and "u" not in footer_keys(app)
            assert "Undo" not in screen_text(app)
    finally:
        h.close()
        srv.stop()


async def test_every_screen_says_who_is_away_and_when_a_bot_plays_for_them():
    """P1 leaves: "P1 is away (held 4:5x)" with a running count-down, then (while-away bot) "a bot plays for P1"."""
    table = make_table("remote,remote,bot", seed=12)
    srv = ServerThread(table, hold=300, while_away="wait")
    a = RemoteSeatHandle(srv.address, srv.code(0)).connect()
    b = RemoteSeatHandle(srv.address, srv.code(1)).connect()
    try:
        app = CardTableApp(table_handles=[a], driver=None, bot_delay=0, ascii_suits=True)
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            assert "away" not in screen_text(app)
            b.close()
            await wait_for(pilot, lambda: re.search(r"P1 is away \(held 4:5\d\)", screen_text(app)))
            first = re.search(r"held (4:5\d)", screen_text(app)).group(1)
            await wait_for(
                pilot, lambda: f"held {first}" not in screen_text(app), rounds=150
            )  # it counts down
            # the host switches to a stand-in: every screen says so
            srv.loop.call_soon_threadsafe(setattr, srv.server, "while_away", "bot")
            srv.loop.call_soon_threadsafe(srv.server._changed.set)
            while not table.state.is_over and not srv.server.presence()["seats"][1]["stand_in"]:
                wait_until(lambda: table.state.to_act != 0 or a.view().is_my_turn, what="a turn")
                if table.state.to_act == 0 and a.view().legal:
                    a.submit(a.view().legal[0])
                await pilot.pause(0.05)
            await wait_for(pilot, lambda: "a bot plays for P1" in screen_text(app))
            await pilot.press("q")
    finally:
        a.close()
        srv.stop()


async def test_a_spectator_over_ssh_sees_the_table_not_a_traceback(tmp_path):
    """The spectator code as the ssh password: the real table UI, read-only, and no traceback."""
    table = make_table("remote,remote,bot", seed=7)
    server = TableServer(table, {0: "aaaa-bbbb", 1: "cccc-dddd"}, bot_delay=0, spectator_code="look-look")
    await server.start_tcp("127.0.0.1", 0)
    front = SshFrontDoor(server, key_path=tmp_path / "hostkey", child_env={"PYTHONPATH": str(ROOT)})
    await front.start("127.0.0.1", 0)
    try:
        async with await connect(front, "watcher", "look-look") as conn:
            term = Term(100, 32)
            proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 32), encoding=None)
            task = asyncio.create_task(pump(proc, term))
            await until(
                lambda: "Watching" in term.text or "Traceback" in term.text, what="the spectator's table"
            )
            assert "Traceback" not in term.text and "read-only" in term.text
            proc.stdin.write(b"q")
            await asyncio.wait_for(task, 20)
    finally:
        await front.close()
        await server.close()


CRASHING_CHILD = """
import sys
import cardtable.doors.seat as join
def boom(*a, **k):
    raise RuntimeError("boom in the table screen")
join.run_join = boom
sys.exit(join.main(sys.argv[1:]))
"""


async def test_a_crash_in_an_ssh_child_is_logged_on_the_host_not_shown(tmp_path):
    """The ssh player reads one plain line; the traceback goes to the host's log."""
    table = make_table("remote,remote,bot", seed=7)
    server = TableServer(table, {0: "aaaa-bbbb", 1: "cccc-dddd"}, bot_delay=0)
    log: list[str] = []
    server.on_event = log.append
    await server.start_tcp("127.0.0.1", 0)

    def crashing(sock: str, token: str) -> list[str]:
        from cardtable.doors.ssh import default_child_command

        return [sys.executable, "-c", CRASHING_CHILD, *default_child_command(sock, token)[3:]]

    front = SshFrontDoor(
        server, key_path=tmp_path / "hostkey", child_command=crashing, child_env={"PYTHONPATH": str(ROOT)}
    )
    await front.start("127.0.0.1", 0)
    try:
        async with await connect(front, "p0", "aaaa-bbbb") as conn:
            term = Term(100, 32)
            proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 32), encoding=None)
            await asyncio.wait_for(pump(proc, term), 20)
            shown = term.raw.decode(errors="replace")
            assert "Traceback" not in shown and "boom" not in shown and str(ROOT) not in shown
            assert "the host has the details" in shown
        await until(
            lambda: any("RuntimeError: boom in the table screen" in x for x in log), what="the host's log"
        )
        assert any("Traceback" in x for x in log)
    finally:
        await front.close()
        await server.close()
