"""The lobby: every registered game with its players and one-line description.

Enter opens the setup form; ``p`` starts the highlighted game at once against bots with the
defaults; ``r`` lists saved games to resume; ``y`` the history of finished matches and ``s``
the statistics.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from games import all_rules

from ..widgets.toosmall import TooSmall
from .base import SizedScreen


class LobbyScreen(SizedScreen):
    AUTO_FOCUS = "OptionList"
    BINDINGS = [
        Binding("enter", "setup", "Set up", show=True, priority=False),
        Binding("p", "quick", "Quick play vs bots"),
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
        for r in all_rules():
            t = Text()
            t.append(r.title, style="bold")
            t.append(f"  ({r.players_text()} players)\n", style="dim")
            t.append(r.description)
            options.append(Option(t, id=r.name))
        yield OptionList(*options, id="games")
        yield Static("Enter: set up seats and options · p: play now against bots · r: resume a saved game",
                     classes="hint")
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(OptionList).focus()

    def _game(self) -> str | None:
        ol = self.query_one(OptionList)
        if ol.highlighted is None:
            return None
        return ol.get_option_at_index(ol.highlighted).id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_setup()

    def action_setup(self) -> None:
        from .setup import SetupScreen

        game = self._game()
        if game:
            self.app.push_screen(SetupScreen(game))

    def action_quick(self) -> None:
        game = self._game()
        if game:
            self.app.quick_play(game)

    def action_resume(self) -> None:
        from .resume import ResumeScreen

        self.app.push_screen(ResumeScreen())

    def action_history(self) -> None:
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen())

    def action_stats(self) -> None:
        from .history import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_host(self) -> None:
        from .host import HostScreen

        game = self._game()
        if game:
            self.app.push_screen(HostScreen(game))

    def action_join(self) -> None:
        from .join import JoinScreen

        self.app.push_screen(JoinScreen())
