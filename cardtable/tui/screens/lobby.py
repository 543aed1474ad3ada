"""The lobby: every registered game with its players and one-line description.

Enter opens the setup form; ``p`` starts the highlighted game at once against bots with the
defaults; ``r`` lists saved games to resume; ``y`` the history of finished matches and ``s``
the statistics; ``h`` hosts the highlighted game and ``j`` joins a hosted table.

The lobby opens nothing itself: each key posts :class:`LobbyScreen.Open` with where the player
wants to go (and the highlighted game), and the app decides what comes next.
"""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from games import listings

from ..widgets.keybar import KeyBar
from ..widgets.toosmall import TooSmall
from .base import SizedScreen

Destination = Literal["setup", "quick", "resume", "history", "stats", "host", "join"]
NEEDS_GAME: frozenset[str] = frozenset({"setup", "quick", "host"})  # these act on the highlighted game


class LobbyScreen(SizedScreen):
    """The list of games; its keys ask the app for the next screen."""

    class Open(Message):
        """The player asked to go to ``destination`` (for ``game``, when it acts on one)."""

        def __init__(self, destination: Destination, game: str | None = None) -> None:
            super().__init__()
            self.destination, self.game = destination, game

    AUTO_FOCUS = "OptionList"
    BINDINGS = [
        Binding("enter", "setup", "Set up", show=True, priority=False),
        Binding("p", "quick", "Play now"),
        Binding("r", "resume", "Resume"),
        Binding("y", "history", "History"),
        Binding("s", "stats", "Statistics"),
        Binding("h", "host", "Host"),
        Binding("j", "join", "Join"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("cardtable — choose a game", id="lobby-title")
        options = []
        for r in listings():
            t = Text()
            t.append(r.title, style="bold")
            t.append(f"  ({r.players_text()} players)\n", style="dim")
            t.append(r.description)
            options.append(Option(t, id=r.name))
        yield OptionList(*options, id="games")
        yield Static("Enter: choose seats and options first · p: play now against bots", classes="hint")
        yield KeyBar()
        yield TooSmall()

    def _game(self) -> str | None:
        ol = self.query_one(OptionList)
        if ol.highlighted is None:
            return None
        return ol.get_option_at_index(ol.highlighted).id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_setup()

    def _open(self, destination: Destination) -> None:
        """Post the request; one that acts on a game is dropped while no game is highlighted."""
        game = self._game() if destination in NEEDS_GAME else None
        if destination in NEEDS_GAME and not game:
            return
        self.post_message(self.Open(destination, game))

    def action_setup(self) -> None:
        self._open("setup")

    def action_quick(self) -> None:
        self._open("quick")

    def action_resume(self) -> None:
        self._open("resume")

    def action_history(self) -> None:
        self._open("history")

    def action_stats(self) -> None:
        self._open("stats")

    def action_host(self) -> None:
        self._open("host")

    def action_join(self) -> None:
        self._open("join")
