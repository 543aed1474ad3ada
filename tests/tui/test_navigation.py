"""Navigation is the app's (issue 22, point 5): each main screen works alone in a bare test app.

A screen gives back a typed result (``dismiss``) or posts a message up; it never builds another
main screen, never calls a private method of the app, and no screen module imports another one
(modals and the sized base screens excepted).  The app's side (what comes after each result or
message) is checked at the end with :class:`CardTableApp`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from textual.app import App
from textual.message import Message

from cardtable.doors.background import BackgroundHost
from cardtable.paths import saves_dir
from cardtable.session import SeatConfig, Table
from cardtable.store import MatchStore
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.history import HistoryScreen, ReplayScreen, StatsScreen
from cardtable.tui.screens.host import HostScreen
from cardtable.tui.screens.join import JoinScreen
from cardtable.tui.screens.lobby import LobbyScreen
from cardtable.tui.screens.modals import MatchOverScreen, TableClosedScreen
from cardtable.tui.screens.resume import ResumeScreen
from cardtable.tui.screens.setup import SetupScreen, TableRequest
from cardtable.tui.screens.table import TableScreen
from games import all_rules

from .helpers import screen_text, seats, table_for

SCREENS = Path(__file__).resolve().parents[2] / "cardtable" / "tui" / "screens"
SHARED = {"base", "modals"}  # the screens every screen may use: sized bases and the small dialogs
STYLES = SCREENS.parent / "app.tcss"


class Bare(App):
    """A bare app around one screen: it keeps what the screen gives back; the app attributes the
    table screen reads (suits, bot pace) are plain values."""

    CSS_PATH = str(STYLES)
    ascii_suits = False
    bot_delay = 0.0

    def __init__(self, make_screen) -> None:
        super().__init__()
        self.make_screen = make_screen
        self.results: list = []

    async def on_mount(self) -> None:
        await self.push_screen(self.make_screen(), self.results.append)


def posted(kind: type[Message]):
    """A message hook for run_test and the list it fills with the messages of ``kind``."""
    seen: list = []

    def hook(message: Message) -> None:
        if isinstance(message, kind) and message not in seen:
            seen.append(message)

    return hook, seen


async def until(pilot, check, rounds: int = 1500) -> None:
    """Pause until check() is true (bounded: at most ``rounds`` short pauses)."""
    for _ in range(rounds):
        if check():
            return
        await pilot.pause(0.02)
    assert check(), "gave up waiting"


def _finished_table() -> Table:
    """A one-round Tricks'N'Trumps match played to the end (first legal choice at every seat);
    the table puts it in the match store."""
    table = table_for(3, "human", "bot", "bot", rounds=1)
    while not table.state.is_over:
        table.submit(table.state.to_act, table.state.legal_actions()[0])
    return table


# -- no screen module imports another ----------------------------------------------------------


def _imported_modules(path: Path) -> set[str]:
    """Every module a file imports, as absolute names (``from . import x`` counts as ``pkg.x``)."""
    package = "cardtable.tui.screens"
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)
    return out


def test_the_import_check_sees_relative_and_absolute_imports(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from .setup import X\nfrom . import join\nfrom ..app import A\n"
        "import cardtable.tui.screens.host\nfrom cardtable.tui.screens import lobby\n"
    )
    found = _imported_modules(sample)
    for name in ("setup", "join", "host", "lobby"):
        assert f"cardtable.tui.screens.{name}" in found
    assert "cardtable.tui.app" in found


@pytest.mark.parametrize("path", sorted(SCREENS.glob("*.py")), ids=lambda p: p.stem)
def test_no_screen_module_imports_another_screen_module_or_the_app(path):
    others = {f"cardtable.tui.screens.{p.stem}" for p in SCREENS.glob("*.py")} - {
        f"cardtable.tui.screens.{name}" for name in SHARED | {path.stem, "__init__"}
    }
    found = _imported_modules(path)
    assert not found & others, f"{path.name} imports {sorted(found & others)}"
    assert "cardtable.tui.app" not in found, f"{path.name} imports the app"


@pytest.mark.parametrize("path", sorted(SCREENS.glob("*.py")), ids=lambda p: p.stem)
def test_no_screen_calls_a_private_method_of_the_app(path):
    calls = [
        node.func.attr
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr.startswith("_")
        and not node.func.attr.startswith("__")
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "app"
    ]
    assert not calls, f"{path.name} calls app.{calls}"


# -- the lobby asks, the app opens ---------------------------------------------------------------


async def test_the_lobby_posts_where_the_player_wants_to_go_and_opens_nothing():
    hook, opened = posted(LobbyScreen.Open)
    app = Bare(LobbyScreen)
    first = all_rules()[0].name
    async with app.run_test(size=(80, 24), message_hook=hook) as pilot:
        lobby = app.screen
        for key in ("enter", "p", "r", "y", "s", "h", "j"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is lobby
    assert [(m.destination, m.game) for m in opened] == [
        ("setup", first),
        ("quick", first),
        ("resume", None),
        ("history", None),
        ("stats", None),
        ("host", first),
        ("join", None),
    ]
    assert not app.results


async def test_the_lobby_follows_the_highlighted_game():
    hook, opened = posted(LobbyScreen.Open)
    app = Bare(LobbyScreen)
    async with app.run_test(size=(80, 24), message_hook=hook) as pilot:
        await pilot.press("down", "h")
        await pilot.pause()
    assert [(m.destination, m.game) for m in opened] == [("host", all_rules()[1].name)]


# -- the setup form gives back its choices ------------------------------------------------------


async def test_setup_gives_back_the_chosen_game_seats_options_and_seed_without_starting_a_table():
    app = Bare(lambda: SetupScreen("tricks_n_trumps"))
    async with app.run_test(size=(100, 40)) as pilot:
        form = app.screen
        form.query_one("#name-1").value = "Zed"
        form.query_one("#level-1").value = "hard"
        form.query_one("#seed").value = "42"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.results)
        assert not isinstance(app.screen, SetupScreen)
    [request] = app.results
    assert isinstance(request, TableRequest)
    assert request.game == "tricks_n_trumps" and request.seed == 42
    assert request.seats[0].kind == "human" and request.seats[0].name == "Tester"
    assert request.seats[1] == SeatConfig("bot", "Zed", "hard")
    assert "rounds" in request.options
    assert not saves_dir().exists() or not any(saves_dir().iterdir())  # no table was started


async def test_setup_stays_on_a_refusal_and_gives_back_none_on_escape():
    app = Bare(lambda: SetupScreen("tricks_n_trumps"))
    async with app.run_test(size=(100, 40)) as pilot:
        form = app.screen
        form.query_one("#kind-0").value = "bot"  # nobody left to play
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(
            pilot, lambda: "at least one seat must be a human" in str(form.query_one("#setup-error").render())
        )
        assert app.screen is form and not app.results
        await pilot.press("escape")
        await until(pilot, lambda: app.results)
    assert app.results == [None]


async def test_setup_filled_in_with_an_earlier_request_gives_it_back_unchanged():
    chosen = TableRequest(
        "tricks_n_trumps",
        (
            SeatConfig("bot", "Ann", "easy"),
            SeatConfig("human", "Bo", "normal"),
            SeatConfig("bot", "Cy", "expert"),
            SeatConfig("bot", "Di", "random"),
        ),
        {},
        9,
    )
    options = (await _read_defaults("tricks_n_trumps", 4)) | {"rounds": 2}
    chosen = TableRequest(chosen.game, chosen.seats, options, chosen.seed)
    app = Bare(lambda: SetupScreen("tricks_n_trumps", chosen))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.results)
    assert app.results == [chosen]


async def test_setup_says_how_the_match_ends_and_follows_the_options():
    """Issue 32 item 10: one line says how the match ends with the options chosen, updated as
    an option or the number of players changes, and what is wrong while an option is not valid."""
    app = Bare(lambda: SetupScreen("tricks_n_trumps"))
    async with app.run_test(size=(80, 24)) as pilot:
        form = app.screen

        def line() -> str:
            return str(form.query_one("#setup-ending").render())

        await until(pilot, lambda: line() == "Match: Three hands: each player deals once")
        form.query_one("#opt-rounds").value = "2"
        await until(pilot, lambda: line() == "Match: Six hands: each player deals twice")
        form.query_one("#count").value = 4
        await until(pilot, lambda: line() == "Match: Eight hands: each player deals twice")
        form.query_one("#opt-ending").value = "ahead"  # rounds=2 now says nothing: what is wrong
        await until(pilot, lambda: "rounds=2 applies only with ending=rounds" in line())
        form.query_one("#opt-rounds").value = "1"
        await until(pilot, lambda: line() == "Match: Until a player leads every other by 3 points")
        assert "Match: Until a player leads every other by 3 points" in screen_text(app)


async def _read_defaults(game: str, players: int) -> dict:
    """The options a fresh form gives back for ``players`` players."""
    app = Bare(lambda: SetupScreen(game))
    async with app.run_test(size=(100, 40)) as pilot:
        app.screen.query_one("#count").value = players
        await until(
            pilot,
            lambda: (
                len(app.screen.query_one("#seats").children) == players
                and bool(app.screen.query(f"#name-{players - 1}"))
            ),
        )  # the seat rows rebuilt
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.results)
    return dict(app.results[0].options)


# -- the list of saves gives back a path ---------------------------------------------------------


def _saves(n: int) -> list[Path]:
    saves_dir().mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(n):
        path = saves_dir() / f"tricks_n_trumps-{i}.json"
        Table.new("tricks_n_trumps", seats("human", "bot", "bot"), None, i, save_path=path)
        paths.append(path)
    return paths


async def test_the_resume_list_gives_back_the_chosen_save():
    _saves(1)
    [path] = sorted(saves_dir().glob("*.json"))
    app = Bare(ResumeScreen)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: app.results)
    assert app.results == [path]


async def test_the_resume_list_can_open_on_a_given_save_and_escape_gives_none():
    paths = _saves(3)
    app = Bare(lambda: ResumeScreen(highlight=paths[1]))
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: app.results)
    assert app.results == [paths[1]]
    app = Bare(ResumeScreen)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.press("escape")
        await until(pilot, lambda: app.results)
    assert app.results == [None]


# -- history, host and join ---------------------------------------------------------------------


async def test_the_history_list_asks_for_a_replay_and_for_the_statistics():
    _finished_table()
    hook, asked = posted(Message)
    app = Bare(HistoryScreen)
    async with app.run_test(size=(120, 30), message_hook=hook) as pilot:
        history = app.screen
        await pilot.press("enter", "s")
        await pilot.pause()
        assert app.screen is history
        await pilot.press("escape")
        await until(pilot, lambda: app.results)
    replays = [m for m in asked if isinstance(m, HistoryScreen.ReplayRequested)]
    assert [m.match.game for m in replays] == ["tricks_n_trumps"]
    assert [m for m in asked if isinstance(m, HistoryScreen.StatsRequested)]
    assert app.results == [None]


async def test_the_host_form_gives_back_nothing_when_left_before_hosting():
    app = Bare(lambda: HostScreen("tricks_n_trumps", BackgroundHost))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("escape")
        await until(pilot, lambda: app.results)
    assert app.results == [None]


class FakeRemote:
    """Stands for RemoteSeatHandle: connects at once to a table that is open."""

    made: list = []

    def __init__(self, where: str, code: str, timeout: float = 0) -> None:
        self.where, self.code, self.is_closed, self.closed_reason = where, code, False, None
        FakeRemote.made.append(self)

    def connect(self) -> FakeRemote:
        return self

    def close(self) -> None:
        self.is_closed = True


async def test_the_join_form_gives_back_the_connected_seat(monkeypatch):
    monkeypatch.setattr("cardtable.net.client.RemoteSeatHandle", FakeRemote)
    FakeRemote.made = []
    app = Bare(JoinScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        form = app.screen
        form.query_one("#join-address").value = "127.0.0.1:4000"
        form.query_one("#join-code").value = "k7mq-2xpd"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.results)
    [handle] = FakeRemote.made
    assert app.results == [handle] and handle.code == "k7mq-2xpd" and not handle.is_closed


# -- the table screen tells the app how it ends -----------------------------------------------


async def test_the_table_asks_for_another_match_when_the_player_presses_p():
    table = _finished_table()
    hook, again = posted(TableScreen.PlayAgain)
    app = Bare(lambda: TableScreen([table.handle(0)], table))
    async with app.run_test(size=(80, 24), message_hook=hook) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MatchOverScreen))
        await pilot.press("p")
        await until(pilot, lambda: again)
        assert (
            len([s for s in app.screen_stack if isinstance(s, TableScreen)]) == 1
        )  # none opened by the screen
    assert [m.driver for m in again] == [table]


class ClosedHandle:
    """A local seat dressed as a remote one whose table has gone."""

    networked = True  # a remote seat, as the seat-handle protocol declares it

    def __init__(self, inner) -> None:
        self.inner, self.seat = inner, inner.seat
        self.status, self.closed_reason, self.is_closed = "closed: the host left", "the host left", True

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def close(self) -> None:
        pass


async def test_the_table_says_its_remote_table_closed_and_leaves_the_choice_to_the_app():
    table = table_for(3, "human", "bot", "bot")
    hook, closed = posted(TableScreen.Closed)
    app = Bare(lambda: TableScreen([ClosedHandle(table.handle(0))], None))
    async with app.run_test(size=(80, 24), message_hook=hook) as pilot:
        screen = app.screen
        screen._flush()
        await until(pilot, lambda: closed)
        assert "the host left" in str(screen.query_one("#net-status").render())
        screen._flush()  # the same news twice is told once
        await pilot.pause()
        assert app.screen is screen
    assert [m.text for m in closed] == ["The table has closed: the host left"]


async def test_the_closing_dialog_gives_back_the_players_choice():
    app = Bare(lambda: TableClosedScreen("The table has closed: gone", lobby=True))
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Back to lobby" in screen_text(app)
        await pilot.press("l")
        await until(pilot, lambda: app.results)
    assert app.results == ["lobby"]
    app = Bare(lambda: TableClosedScreen("The table has closed: gone", lobby=False))
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Back to lobby" not in screen_text(app)
        await pilot.press("l")  # no lobby to go back to
        await pilot.pause()
        await pilot.press("q")
        await until(pilot, lambda: app.results)
    assert app.results == ["quit"]


# -- the app decides what follows ----------------------------------------------------------------


async def test_a_table_that_cannot_start_brings_the_form_back_as_it_was(monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError("the disk is full")

    monkeypatch.setattr(Table, "new", refuse)
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        first = app.screen
        first.query_one("#seed").value = "5"
        first.query_one("#name-1").value = "Zed"
        await pilot.press("ctrl+s")
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, SetupScreen)
                and app.screen is not first
                and bool(app.screen.query("#name-1"))
            ),
        )
        form = app.screen
        assert form.query_one("#seed").value == "5" and form.query_one("#name-1").value == "Zed"
        assert any("the disk is full" in n.message for n in app._notifications)
        assert len(app.screen_stack) == 2  # the lobby and the form again
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_a_save_that_cannot_be_resumed_brings_the_list_back_on_that_save():
    saves_dir().mkdir(parents=True)
    bad = saves_dir() / "tricks_n_trumps-broken.json"
    bad.write_text('{"format": "cardtable-record"')
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(100, 24), notifications=True) as pilot:
        await pilot.press("r", "enter")
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen) and app.screen.highlight == bad)
        assert any("is not a readable record" in n.message for n in app._notifications)
        assert len(app.screen_stack) == 2  # the lobby and one list, not a list on a list


async def test_the_app_opens_replays_and_statistics_asked_for_by_the_history():
    _finished_table()
    assert MatchStore().open().matches()
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("y", "enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("escape", "s")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.press("escape", "escape")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert len(app.screen_stack) == 1


async def test_play_again_replaces_the_table_and_a_lobby_run_keeps_the_lobby_below():
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        first = app.screen
        assert len(app.screen_stack) == 2
        first.post_message(TableScreen.PlayAgain(first.driver))
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen is not first)
        assert isinstance(app.screen_stack[0], LobbyScreen) and len(app.screen_stack) == 2


async def test_the_host_takes_their_own_seat_over_the_host_screen():
    """Lobby -> h -> host with seat 1 "me" -> t: the table opens over the host screen, which keeps the
    table open beneath it; quitting closes that table."""
    app = CardTableApp(bot_delay=0, host_service=BackgroundHost)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HostScreen) and bool(app.screen.query("#kind-1")))
        host = app.screen
        host.query_one("#port").value = "0"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: host.host is not None, rounds=500)
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), rounds=500)
        assert [type(s) for s in app.screen_stack] == [LobbyScreen, HostScreen, TableScreen]
        assert app.screen.active is host.me_handle and app.screen.driver is None
        await pilot.press("q")
    assert host.host is None  # leaving closed the hosted table


async def test_play_again_at_a_table_started_without_a_lobby_replaces_that_table():
    """``cardtable play``: no lobby below, and another match is still one table on the blank screen."""
    table = table_for(3, "human", "bot", "bot")
    app = CardTableApp(table_handles=[table.handle(0)], driver=table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        first = app.screen
        assert len(app.screen_stack) == 2 and not app.with_lobby
        first.post_message(TableScreen.PlayAgain(table))
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen is not first)
        assert len(app.screen_stack) == 2 and not isinstance(app.screen_stack[0], LobbyScreen)
        assert app.screen.driver is not table and app.screen.driver.names == table.names
