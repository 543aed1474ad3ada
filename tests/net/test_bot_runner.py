"""The server drives its bots through the one bot runner (cardtable.pacer), and a remote seat's
move never blocks the table screen: real sockets on loopback, every wait bounded."""

from __future__ import annotations

import contextlib
import threading

from cardtable.net.client import RemoteSeatHandle
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.table import TableScreen
from games.core import IllegalActionError

from ..tui.helpers import RaisingBot, said, screen_text
from ..tui.test_lobby_net import wait_for
from .helpers import ServerThread, make_table, wait_until


def test_a_raising_bot_at_a_server_is_logged_and_plays_the_first_legal_move():
    """The old driver died silently with the bot's exception and the table never moved again."""
    table = make_table("remote,remote,bot", seed=0)
    assert table.state.to_act == 2  # the bot leads
    bot = table.bots[2] = RaisingBot()
    first = table.state.legal_actions()[0]
    log: list[str] = []
    srv = ServerThread(table)
    srv.server.on_event = log.append
    handles = [RemoteSeatHandle(srv.address, srv.code(s)).connect() for s in (0, 1)]
    try:
        wait_until(lambda: table.state.history, what="the bot's move")
        assert table.state.history[0] == first
        while table.state.actors.count(2) < 3 and not table.state.is_over:  # the match goes on
            seat = table.state.to_act
            if seat in (0, 1):
                handle = handles[seat]
                wait_until(lambda: handle.view().is_my_turn, what="the player's turn on their screen")
                handle.submit(handle.view().legal[0])
            wait_until(lambda: table.state.to_act != seat or table.state.is_over, what="the next turn")
        turns = table.state.actors.count(2)
        notes = lambda: [line for line in log if "bot failed" in line]
        wait_until(lambda: len(notes()) >= turns, what="the log lines")  # each said just after its move
        assert bot.calls == turns and len(notes()) == turns  # one think per turn: no retry loop
        assert (
            notes()[0]
            == f"Bot2's bot failed (ValueError); it played the first legal move instead ({first.text})"
        )
    finally:
        for h in handles:
            h.close()
        srv.stop()


@contextlib.asynccontextmanager
async def _seat_zero_app(table):
    """Seat 0 of ``table`` served on loopback and played in a table screen: yields (app, pilot)
    once the table is drawn; the connection and the server are closed afterwards."""
    srv = ServerThread(table)
    handle = RemoteSeatHandle(srv.address, srv.code(0), timeout=3).connect()
    try:
        app = CardTableApp(table_handles=[handle], driver=None, bot_delay=0, ascii_suits=True)
        async with app.run_test(size=(100, 32), notifications=True) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.pause()
            yield app, pilot
    finally:
        handle.close()
        srv.stop()


async def test_a_remote_move_does_not_block_the_screen_while_the_table_has_not_answered():
    """The server holds its answer until released: meanwhile the screen says "sending", answers
    keys, and shows the answer when it comes (the old screen froze until the handle's timeout)."""
    table = make_table("remote,bot,bot", seed=5)
    assert table.state.to_act == 0
    gate = threading.Event()
    submit = table.submit

    def held_submit(seat, action):  # the server applies a player's move in a worker thread
        gate.wait(20)
        return submit(seat, action)

    table.submit = held_submit
    async with _seat_zero_app(table) as (app, pilot):
        try:
            await pilot.press("enter")  # play the selected card: the table does not answer yet
            assert "sending" in screen_text(app)
            await pilot.press("l")  # a key is handled while the answer is awaited
            await pilot.pause()
            assert any("No trick has been completed" in n.message for n in said(app))
            assert not gate.is_set() and not table.state.history and "sending" in screen_text(app)
            await pilot.press("enter")  # a second move before the answer: refused by the screen
            assert any("Still sending" in n.message for n in said(app))
            gate.set()
            await wait_for(pilot, lambda: "sending" not in screen_text(app))
            assert table.state.actors[0] == 0  # accepted
            assert not any(n.severity == "error" for n in said(app))
        finally:
            gate.set()  # the held answer goes before the server stops


async def test_a_refusal_that_comes_later_is_shown_when_it_comes():
    """The table refuses the move only after a while: "sending" until then, then the table's reason."""
    table = make_table("remote,bot,bot", seed=5)
    gate = threading.Event()

    def refusing_submit(seat, action):
        gate.wait(20)
        raise IllegalActionError(action, seat, "the host has paused the table")

    table.submit = refusing_submit
    async with _seat_zero_app(table) as (app, pilot):
        try:
            await pilot.press("enter")
            assert "sending" in screen_text(app) and not said(app)
            gate.set()
            await wait_for(pilot, lambda: "sending" not in screen_text(app))
            refusals = [n.message for n in said(app) if n.severity == "error"]
            assert len(refusals) == 1 and refusals[0].endswith(": the host has paused the table")
            assert not table.state.history and "▶ P0" in screen_text(app)  # still their turn
        finally:
            gate.set()  # the held answer goes before the server stops
