"""The host screen hosts through the service the app was given (issue 31, point 2): the table UI
never imports what serves a table (cardtable/doors); the program that starts the app passes it in."""

from __future__ import annotations

from cardtable.net.config import HostConfig
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.host import HostScreen
from cardtable.tui.screens.lobby import LobbyScreen

from .test_navigation import until


class FakeHosted:
    """A hosted table that serves nothing: it notes what the screen asked of it."""

    def __init__(self, service: FakeService, cfg: HostConfig, echo) -> None:
        self.service, self.cfg, self.echo = service, cfg, echo
        self.port: int | None = None
        self.stopped = False

    def start(self) -> str:
        self.port = 7777
        self.echo("an early log line")
        return "Tricks table on 127.0.0.1:7777\n  Ann: code abcd-efgh"

    def code_for(self, seat: int) -> str:
        return "abcd-efgh"

    def stop(self) -> None:
        self.stopped = True


class FakeService:
    def __init__(self) -> None:
        self.made: list[FakeHosted] = []

    def __call__(self, cfg: HostConfig, echo) -> FakeHosted:
        self.made.append(FakeHosted(self, cfg, echo))
        return self.made[-1]


async def test_the_host_screen_hosts_through_the_apps_host_service():
    service = FakeService()
    app = CardTableApp(bot_delay=0, host_service=service)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HostScreen) and bool(app.screen.query("#kind-1")))
        screen = app.screen
        assert screen.service is service
        screen.query_one("#name-1").value = "Ann"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen.host is not None)
        [hosted] = service.made
        assert screen.host is hosted and hosted.cfg.game == screen.rules.name
        assert hosted.cfg.listen == "127.0.0.1:7420" and hosted.cfg.table_seats()[1].name == "Ann"
        assert "Ann: code abcd-efgh" in screen.join_text
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert hosted.stopped, "leaving the screen closes the hosted table"


async def test_an_app_without_a_host_service_says_it_cannot_host():
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert any("cannot host" in str(n.message) for n in app._notifications)
