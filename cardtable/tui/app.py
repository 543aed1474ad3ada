"""CardTableApp: the one Textual app behind the lobby, local tables, hot-seat and remote play.

``CardTableApp(table_handles=[...], driver=table)`` opens the table screen for those seat
handles; ``driver`` is the local :class:`~cardtable.session.Table` (bots paced here, autosave)
or None for a remote table whose server runs the bots.  Without handles it opens the lobby
(or, with ``resume``, a save: a path, or "" for the list of saves).
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path

from textual.app import App

from typing import TYPE_CHECKING

from games.core import CardtableError

if TYPE_CHECKING:  # the session (and the bots it loads) is imported when a table starts
    from cardtable.session import SeatConfig, Table

DEFAULT_DELAY = 0.6


def default_player_name() -> str:
    """The human's default name: the login name capitalised ("ada" -> "Ada"), or "Player" when it
    is unknown, empty or root (so the log reads "Ada plays KH", never "You plays KH")."""
    import getpass

    try:
        login = getpass.getuser().strip()
    except Exception:  # no login name at all (some containers): getpass raises OSError/KeyError
        login = ""
    if not login or login == "root":
        return "Player"
    return login[:1].upper() + login[1:20]


def new_save_path(game: str) -> Path:
    """saves_dir()/<game>-<timestamp>.json, never an existing file."""
    from cardtable.session import saves_dir

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

    def __init__(self, table_handles: Sequence | None = None, driver: "Table | None" = None,
                 ascii_suits: bool | None = None, resume: str | None = None,
                 bot_delay: float = DEFAULT_DELAY) -> None:
        super().__init__()
        self.table_handles = list(table_handles or [])
        self.driver = driver
        self.resume = resume
        self.ascii_suits = bool(ascii_suits) if ascii_suits is not None else os.environ.get("CARDTABLE_ASCII") == "1"
        self.bot_delay = bot_delay
        self._base_depth = 1

    def on_mount(self) -> None:
        from .screens.lobby import LobbyScreen

        if self.table_handles:
            self._open_table(self.table_handles, self.driver)
            return
        self.push_screen(LobbyScreen())
        self._base_depth = 2
        if self.resume == "":
            from .screens.resume import ResumeScreen

            self.push_screen(ResumeScreen())
        elif self.resume:
            self.resume_file(self.resume)

    # -- starting tables ------------------------------------------------------
    def _open_table(self, handles: Sequence, driver: "Table | None") -> None:
        from .screens.table import TableScreen

        while len(self.screen_stack) > self._base_depth:
            self.pop_screen()
        self.table_handles, self.driver = list(handles), driver
        self.push_screen(TableScreen(handles, driver))

    def start_table(self, table: "Table") -> None:
        """Play at a local table: one handle per human seat."""
        self._open_table([table.handle(s) for s in table.human_seats()], table)

    def new_game(self, game: str, seats: Sequence["SeatConfig"], options: dict | None = None,
                 seed: int | None = None) -> "Table | None":
        from cardtable.session import Table

        try:
            table = Table.new(game, seats, options, seed, save_path=new_save_path(game))
        except (CardtableError, OSError) as exc:
            self.notify(str(exc), title="Cannot start", severity="error")
            return None
        self.start_table(table)
        return table

    def quick_play(self, game: str) -> "Table | None":
        """The highlighted game with its defaults: you against heuristic bots."""
        from cardtable.session import SeatConfig
        from games import get_rules

        rules = get_rules(game)
        from .screens.setup import BOT_NAMES

        me = default_player_name()
        bots = [n for n in BOT_NAMES if n != me]
        seats = [SeatConfig("human", me)] + [SeatConfig("bot", bots[(i - 1) % len(bots)])
                                               for i in range(1, rules.default_seats)]
        return self.new_game(game, seats)

    def play_again(self, old: "Table") -> "Table | None":
        return self.new_game(old.state.rules.name, old.seats, dict(old.state.options))

    def resume_file(self, path: str) -> "Table | None":
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
