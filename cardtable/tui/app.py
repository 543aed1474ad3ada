"""CardTableApp: the one Textual app behind the lobby, local tables, hot-seat and remote play.

``CardTableApp(table_handles=[...], driver=table)`` opens the table screen for those seat
handles; ``driver`` is the local :class:`~cardtable.session.Table` (bots paced here, autosave)
or None for a remote table whose server runs the bots.  Without handles it opens the lobby
(or, with ``resume``, a save: a path, or "" for the list of saves).

The app owns the navigation: the screens open no other main screen.  They give back a typed
result (the setup form a :class:`~cardtable.tui.screens.setup.TableRequest`, the list of saves a
path, the join form a connected seat handle) or post a message up (the lobby's
:class:`~cardtable.tui.screens.lobby.LobbyScreen.Open`, the table's ``PlayAgain`` and ``Closed``,
the host's ``SeatTaken``, the history's ``ReplayRequested``), and one method here per destination
decides what comes next.  The lobby is the bottom screen of a lobby run; a table started directly
sits on Textual's blank default screen.

A running app watches its terminal: when the terminal goes away (its pseudo-terminal closed, a
hangup signal) or the process that started it does, the app exits instead of reading end-of-file
in a loop for ever (the game is saved after every move, so nothing is lost).
"""

from __future__ import annotations

import asyncio
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App
from textual.screen import Screen

from cardtable.pacer import BOT_DELAY as DEFAULT_DELAY  # noqa: F401  (the one bot delay)
from games.core import CardtableError

from .players import BOT_NAMES, bot_names, default_player_name

if TYPE_CHECKING:  # the session (and the bots it loads) is imported when a table starts
    from cardtable.session import SeatConfig, SeatHandle, Table
    from cardtable.store import MatchRow

    from .screens.history import HistoryScreen
    from .screens.host import HostScreen
    from .screens.lobby import LobbyScreen
    from .screens.setup import TableRequest
    from .screens.table import TableScreen

__all__ = [
    "BOT_NAMES",
    "CardTableApp",
    "default_player_name",
    "new_save_path",
    "terminal_fd",
    "terminal_gone",
]

TERMINAL_CHECK = 0.5  # seconds between checks that the terminal and the parent process are still there
EXIT_GRACE = 3.0  # seconds allowed for a clean exit once the terminal has gone, before a hard one


def terminal_fd() -> int | None:
    """The file descriptor of our terminal (standard input), or None when we run without one."""
    stdin = sys.__stdin__
    try:
        return stdin.fileno() if stdin is not None and stdin.isatty() else None
    except (OSError, ValueError):
        return None


def terminal_gone(fd: int) -> bool:
    """True once the terminal on ``fd`` has hung up (reads then give end-of-file, writes fail)."""
    poller = select.poll()
    poller.register(fd, 0)
    try:
        events = poller.poll(0)
    except OSError:
        return True
    return any(ev & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _, ev in events)


def new_save_path(game: str) -> Path:
    """saves_dir()/<game>-<timestamp>.json, never an existing file."""
    from cardtable.paths import saves_dir

    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{game}-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = saves_dir() / f"{game}-{stamp}-{n}.json"
    return path


class CardTableApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "cardtable"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        table_handles: Sequence | None = None,
        driver: Table | None = None,
        ascii_suits: bool | None = None,
        resume: str | None = None,
        bot_delay: float | None = None,
    ) -> None:
        super().__init__()
        self.table_handles = list(table_handles or [])
        self.driver = driver
        self.resume = resume
        self.ascii_suits = (
            bool(ascii_suits) if ascii_suits is not None else os.environ.get("CARDTABLE_ASCII") == "1"
        )
        from cardtable import prefs

        saved = prefs.load()
        self.remember_pace = bot_delay is None  # the pace set with +/- is kept for the next run
        self.bot_delay = saved["bot_delay"] if bot_delay is None else bot_delay
        self.with_lobby = not self.table_handles  # a lobby run: the lobby is the bottom screen
        four = os.environ.get("CARDTABLE_FOUR_COLOUR", os.environ.get("CARDTABLE_FOUR_COLOR", ""))
        from .render import set_four_colour

        set_four_colour(four in ("1", "true", "yes") or (not four and saved["four_colour"]))

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity="information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show one message at a time, briefly: a new one replaces the last, so messages never
        pile up over the table (key-mashing once left a minute of them)."""
        self.clear_notifications()
        super().notify(
            message, title=title, severity=severity, timeout=4 if timeout is None else timeout, markup=markup
        )

    def get_default_screen(self) -> Screen:
        """The bottom screen: the lobby, or Textual's blank screen under a table started directly."""
        if not self.with_lobby:
            return super().get_default_screen()
        from .screens.lobby import LobbyScreen

        return LobbyScreen()

    def on_mount(self) -> None:
        self._watch_terminal()
        if self.table_handles:
            self._open_table(self.table_handles, self.driver)
        elif self.resume == "":
            self.open_resume()
        elif self.resume:
            self.resume_file(self.resume)

    # -- a terminal or parent that goes away ----------------------------------------
    def _watch_terminal(self) -> None:
        """Exit when the terminal hangs up (SIGHUP, or a poll that reports the hang-up) or when the
        parent process goes: Textual alone would spin on end-of-file from a dead terminal."""
        fd = None if self.is_headless else terminal_fd()
        if fd is None:
            return
        self._terminal_lost = False
        parent = os.getppid()
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, self._lost_terminal)
        except (NotImplementedError, RuntimeError, ValueError):
            pass
        self.set_interval(TERMINAL_CHECK, lambda: self._check_terminal(fd, parent))

    def _check_terminal(self, fd: int, parent: int) -> None:
        if terminal_gone(fd) or os.getppid() != parent:
            self._lost_terminal()

    def _lost_terminal(self) -> None:
        """Leave now; should the clean exit hang on the dead terminal, a hard exit follows."""
        if self._terminal_lost:
            return
        self._terminal_lost = True
        hard = threading.Timer(EXIT_GRACE, os._exit, (0,))
        hard.daemon = True
        hard.start()
        self.exit()

    # -- where the screens lead ----------------------------------------------------
    def _back_to_base(self) -> None:
        """Close every screen above the bottom one (their results are dropped)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def back_to_lobby(self) -> None:
        """The lobby again, every screen above it closed (a hosted table too); nothing without a lobby."""
        if self.with_lobby:
            self._back_to_base()

    def on_lobby_screen_open(self, message: LobbyScreen.Open) -> None:
        """The lobby's keys: each destination is one method of the app."""
        game = message.game or ""
        {
            "setup": lambda: self.open_setup(game),
            "quick": lambda: self.quick_play(game),
            "resume": self.open_resume,
            "history": self.open_history,
            "stats": self.open_stats,
            "host": lambda: self.open_host(game),
            "join": self.open_join,
        }[message.destination]()

    def open_setup(self, game: str, chosen: TableRequest | None = None) -> None:
        """The setup form of ``game`` (filled in with ``chosen``); its request starts the table."""
        from .screens.setup import SetupScreen

        self.push_screen(SetupScreen(game, chosen), self._setup_chosen)

    def _setup_chosen(self, request: TableRequest | None) -> None:
        if (
            request is not None
            and self.new_game(request.game, request.seats, request.options, request.seed) is None
        ):
            self.open_setup(request.game, request)  # refused (said in a notice): the form again, as it was

    def open_resume(self, highlight: Path | None = None) -> None:
        """The list of saves; the chosen one is resumed."""
        from .screens.resume import ResumeScreen

        self.push_screen(ResumeScreen(highlight), self._resume_chosen)

    def _resume_chosen(self, path: Path | None) -> None:
        if path is not None and self.resume_file(path) is None:
            self.open_resume(path)  # not resumable (said in a notice): the list again, on that save

    def open_history(self) -> None:
        from .screens.history import HistoryScreen

        self.push_screen(HistoryScreen())

    def on_history_screen_replay_requested(self, message: HistoryScreen.ReplayRequested) -> None:
        self.open_replay(message.match)

    def on_history_screen_stats_requested(self, _message: HistoryScreen.StatsRequested) -> None:
        self.open_stats()

    def open_replay(self, match: MatchRow) -> None:
        """Step through a finished match; a record that cannot be replayed is reported."""
        from .screens.history import ReplayScreen

        try:
            self.push_screen(ReplayScreen(match))
        except CardtableError as exc:
            self.notify(str(exc), title="Cannot replay", severity="error")

    def open_stats(self) -> None:
        from .screens.history import StatsScreen

        self.push_screen(StatsScreen())

    def open_host(self, game: str) -> None:
        from .screens.host import HostScreen

        self.push_screen(HostScreen(game))

    def on_host_screen_seat_taken(self, message: HostScreen.SeatTaken) -> None:
        """The host plays their own seat over the host screen, which keeps the table open."""
        from .screens.table import TableScreen

        self.push_screen(TableScreen([message.handle], None))

    def open_join(self) -> None:
        """The join form; the seat it connects is played at once."""
        from .screens.join import JoinScreen

        self.push_screen(JoinScreen(), self._joined)

    def _joined(self, handle: SeatHandle | None) -> None:
        if handle is not None:
            self._open_table([handle], None)  # the same path as run_remote / cardtable join

    def on_table_screen_play_again(self, message: TableScreen.PlayAgain) -> None:
        self.play_again(message.driver)

    def on_table_screen_left(self, _message: TableScreen.Left) -> None:
        """The match is over and the player leaves: the lobby again, or the end of a direct run."""
        if self.with_lobby:
            self.back_to_lobby()
        else:
            self.exit()

    def on_table_screen_closed(self, message: TableScreen.Closed) -> None:
        """The remote table has gone: back to the lobby (when there is one) or quit."""
        from .screens.modals import TableClosedScreen

        self.push_screen(TableClosedScreen(message.text, self.with_lobby), self._after_closed)

    def _after_closed(self, choice: str | None) -> None:
        if choice == "lobby":
            self.back_to_lobby()
        else:
            self.exit()

    # -- starting tables ------------------------------------------------------
    def _open_table(self, handles: Sequence, driver: Table | None) -> None:
        """The table screen for ``handles``, every screen above the bottom one closed first."""
        from .screens.table import TableScreen

        self._back_to_base()
        self.table_handles, self.driver = list(handles), driver
        self.push_screen(TableScreen(handles, driver))

    def start_table(self, table: Table) -> None:
        """Play at a local table: one handle per human seat."""
        self._open_table([table.handle(s) for s in table.human_seats()], table)

    def new_game(
        self, game: str, seats: Sequence[SeatConfig], options: dict | None = None, seed: int | None = None
    ) -> Table | None:
        from cardtable.session import Table

        try:
            table = Table.new(game, seats, options, seed, save_path=new_save_path(game))
        except (CardtableError, OSError) as exc:
            self.notify(str(exc), title="Cannot start", severity="error")
            return None
        self.start_table(table)
        return table

    def quick_play(self, game: str) -> Table | None:
        """The highlighted game with its defaults: you against heuristic bots."""
        from cardtable.session import SeatConfig
        from games import get_rules

        rules = get_rules(game)
        me = default_player_name()
        bots = bot_names(me)
        seats = [SeatConfig("human", me)] + [
            SeatConfig("bot", bots[(i - 1) % len(bots)]) for i in range(1, rules.default_seats)
        ]
        return self.new_game(game, seats)

    def play_again(self, old: Table) -> Table | None:
        return self.new_game(old.state.rules.name, old.seats, dict(old.state.options))

    def resume_file(self, path: str | Path) -> Table | None:
        """Continue a save exactly where it stopped; a corrupt file is reported and left alone."""
        from cardtable.session import Table
        from games.core import Record

        p = Path(path)
        try:
            table = Table.from_record(Record.load(p), save_path=p)
            if not table.human_seats():
                raise CardtableError(f"{p} has no human seat to play")
        except CardtableError as exc:
            self.notify(str(exc), title="Cannot resume", severity="error", timeout=10)
            return None
        self.start_table(table)
        return table
