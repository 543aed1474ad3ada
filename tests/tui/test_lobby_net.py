"""Hosting and joining from the lobby (issue 8): real sockets on 127.0.0.1, bounded waits.

One app hosts a Tricks'N'Trumps table through the Host screen, a second app joins it through
the Join screen and plays a card; refusals (wrong code, nobody listening, no answer, bad
address) are shown in words; a remote seat sees "reconnecting" and "the table has closed".
"""

from __future__ import annotations

import re
import socket
import threading

from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.host import HostScreen
from cardtable.tui.screens.join import RECONNECTING, JoinScreen, TableClosedScreen
from cardtable.tui.screens.lobby import LobbyScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import HandWidget

from .helpers import screen_text, table_for


async def wait_for(pilot, check, rounds: int = 300, step: float = 0.02) -> None:
    """Pause until check() is true (at most rounds * step seconds of waiting)."""
    for _ in range(rounds):
        if check():
            return
        await pilot.pause(step)
    assert check(), "gave up waiting"


async def host_from_lobby(pilot, app) -> HostScreen:
    """Lobby -> h -> Host screen: seat 1 remote (Ann), the others heuristic bots, a free port."""
    await pilot.press("h")
    screen = app.screen
    assert isinstance(screen, HostScreen) and screen.rules.name == "tricks_n_trumps"
    await pilot.pause()
    n = screen.query_one("#count").value
    screen.query_one("#kind-0").value = "remote"
    screen.query_one("#name-0").value = "Ann"
    for i in range(1, n):
        screen.query_one(f"#kind-{i}").value = "normal"
    screen.query_one("#port").value = "0"
    screen.query_one("#seed").value = "7"
    await pilot.press("ctrl+s")
    await wait_for(
        pilot, lambda: screen.host is not None or "Cannot" in str(screen.query_one("#host-error").render())
    )
    assert screen.host is not None, str(screen.query_one("#host-error").render())
    await pilot.pause()
    return screen


async def join_from_lobby(pilot, app, address: str, code: str, timeout: float | None = None) -> JoinScreen:
    await pilot.press("j")
    screen = app.screen
    assert isinstance(screen, JoinScreen)
    if timeout is not None:
        screen.timeout = timeout
    screen.query_one("#join-address").value = address
    screen.query_one("#join-code").value = code
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: not screen.connecting, rounds=400)
    await pilot.pause()
    return screen


async def test_host_join_play_and_close_from_two_lobbies():
    host_app = CardTableApp(bot_delay=0)
    async with host_app.run_test(size=(80, 24)) as hp:
        hosting = await host_from_lobby(hp, host_app)
        port, code = hosting.host.port, hosting.host.code_for(0)
        text = screen_text(host_app)
        assert f"Ann: code {code}" in text
        assert f"cardtable join 127.0.0.1:{port} --code {code}" in text
        assert "Esc closes the table" in text and "Press Ctrl-C" not in text
        server = hosting.host.server

        join_app = CardTableApp(bot_delay=0)
        async with join_app.run_test(size=(80, 24)) as jp:
            await join_from_lobby(jp, join_app, f"127.0.0.1:{port}", code)
            assert isinstance(join_app.screen, TableScreen), screen_text(join_app)
            table = join_app.screen
            handle = table.active
            assert handle.names[0] == "Ann" and table.driver is None
            await wait_for(jp, lambda: handle.view().is_my_turn)
            await jp.pause()
            view = handle.view()
            legal = [i for i, c in enumerate(view.hand) if c in {a.card for a in view.legal}]
            hand = table.query_one(HandWidget)
            before = len(server.table.state.history)
            await jp.click(HandWidget, offset=hand.click_offset(legal[0]))
            assert server.table.state.history[before].card is view.hand[legal[0]]  # the server applied it
            await wait_for(hp, lambda: any("Ann joined" in line for line in hosting._server_log))

            # the host closes the table: the remote seat says so and offers the lobby
            await hp.press("escape")
            assert isinstance(host_app.screen, LobbyScreen) and hosting.host is None
            await wait_for(jp, lambda: isinstance(join_app.screen, TableClosedScreen))
            assert "the host closed the table" in str(table.query_one("#net-status").render())
            assert "The table has closed" in screen_text(join_app)
            await jp.press("l")
            assert isinstance(join_app.screen, LobbyScreen)
            assert handle.is_closed
    assert server.closing and server.table.save_path.exists()


async def test_wrong_code_shows_the_servers_refusal():
    host_app = CardTableApp(bot_delay=0)
    async with host_app.run_test(size=(80, 24)) as hp:
        hosting = await host_from_lobby(hp, host_app)
        port = hosting.host.port
        join_app = CardTableApp(bot_delay=0)
        async with join_app.run_test(size=(80, 24), notifications=True) as jp:
            screen = await join_from_lobby(jp, join_app, f"127.0.0.1:{port}", "zzzz-zzzz")
            assert join_app.screen is screen
            status = str(screen.query_one("#join-status").render())
            assert status.startswith("The table refused: unknown join code: check the code the host gave you")
            await jp.press("escape")
            assert isinstance(join_app.screen, LobbyScreen)

            # a second table on the same port is refused with the system's reason; the form stays
            await jp.press("h")
            form = join_app.screen
            await jp.pause()
            form.query_one("#port").value = str(port)
            await jp.press("ctrl+s")
            error = form.query_one("#host-error")
            await wait_for(jp, lambda: "cannot listen" in str(error.render()))
            assert f"cannot listen on 127.0.0.1:{port}" in str(error.render()) and form.host is None
            assert not form.query_one("#start").disabled
        await hp.press("escape")  # closes the table
        assert hosting.host is None


async def test_host_form_refuses_two_me_seats_and_bad_names_and_ports():
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        form = app.screen
        await pilot.pause()
        error = form.query_one("#host-error")
        form.query_one("#kind-1").value = "me"
        await pilot.press("ctrl+s")
        assert "only one seat can be yours" in str(error.render())
        form.query_one("#kind-1").value = "remote"
        form.query_one("#name-1").value = "Ann, Bob"
        await pilot.press("ctrl+s")
        assert "seat 2: a name cannot contain ',' or ':'" in str(error.render())
        form.query_one("#name-1").value = "You"
        await pilot.press("ctrl+s")
        assert "two seats have the same name" in str(error.render())
        form.query_one("#name-1").value = "Ann"
        form.query_one("#port").value = "70000"
        await pilot.press("ctrl+s")
        assert "port '70000' is not a port number" in str(error.render())
        assert form.host is None and isinstance(app.screen, HostScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, LobbyScreen)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_join_form_refusals_bad_address_nobody_listening_and_timeout():
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await join_from_lobby(pilot, app, "myhost:port", "abcd-efgh")
        assert "bad address 'myhost:port'" in str(screen.query_one("#join-status").render())
        await pilot.press("escape")

        screen = await join_from_lobby(pilot, app, "127.0.0.1:7000", "")
        assert "enter the join code" in str(screen.query_one("#join-status").render())
        await pilot.press("escape")

        port = _free_port()  # nothing listens there
        screen = await join_from_lobby(pilot, app, f"127.0.0.1:{port}", "abcd-efgh")
        status = str(screen.query_one("#join-status").render())
        assert status.startswith(f"Nobody is hosting at 127.0.0.1:{port} (connection refused)")
        await pilot.press("escape")

        # a socket that accepts but never answers: the form gives up after its timeout
        silent = socket.socket()
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        try:
            port = silent.getsockname()[1]
            screen = await join_from_lobby(pilot, app, f"127.0.0.1:{port}", "abcd-efgh", timeout=0.3)
            status = str(screen.query_one("#join-status").render())
            assert status == (
                f"The table at 127.0.0.1:{port} did not answer within 0.3 s: "
                "check the address and your network."
            )
            assert not screen.query_one("#join").disabled  # the form is usable again
        finally:
            silent.close()


class FlakyHandle:
    """A local seat handle dressed as a remote one: its status is set by the test."""

    networked = True  # a remote seat, as the seat-handle protocol declares it

    def __init__(self, inner) -> None:
        self.inner, self.status, self.closed_reason = inner, "connected", None
        self.seat = inner.seat

    def __getattr__(self, name):
        return getattr(self.inner, name)

    @property
    def is_closed(self) -> bool:
        return self.closed_reason is not None


async def test_status_line_while_reconnecting_and_none_for_local_handles():
    t = table_for(3, "human", "bot", "bot")
    t.run_bots()
    flaky = FlakyHandle(t.handle(0))
    app = CardTableApp(table_handles=[flaky], driver=None, bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = app.screen
        assert not screen.query("#net-status")

        def poke(status: str, reason: str | None = None) -> None:
            flaky.status, flaky.closed_reason = status, reason
            th = threading.Thread(target=screen._on_table_changed)  # updates come from the network thread
            th.start()  # (not joined: the posted update needs this loop to run)

        poke("reconnecting (connection lost)")
        await wait_for(pilot, lambda: bool(screen.query("#net-status")))
        line = screen.query_one("#net-status")
        assert RECONNECTING in str(line.render()) and line.display
        await pilot.pause()
        assert RECONNECTING in screen_text(app)
        poke("connected")
        await wait_for(pilot, lambda: not line.display)
        poke("closed: lost the table", "lost the table")
        await wait_for(pilot, lambda: isinstance(app.screen, TableClosedScreen))
        await pilot.pause()
        assert "Lost the table." in screen_text(app)
        assert not app.screen.query("#lobby")  # no lobby behind a `cardtable join` table: quit only
        await pilot.press("q")
    # a plain local handle: nothing is shown
    app = CardTableApp(table_handles=[t.handle(0)], driver=t, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen._flush()
        await pilot.pause()
        assert not app.screen.query("#net-status")


def test_lobby_footer_shows_host_and_join():
    from cardtable.tui.screens.lobby import LobbyScreen as L

    keys = {b.key: b.description for b in L.BINDINGS}
    assert keys["h"] == "Host" and keys["j"] == "Join"
    assert re.search("Host", " ".join(keys.values()))
