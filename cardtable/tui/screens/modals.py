"""Small screens over the table: rules help, hot-seat hand-off, hand summary, match over, table closed.

Each one is shown by the table screen or the app and gives back what the player chose
(``dismiss``); none of them decides which screen comes next."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from games.core import Event, Rules, SeatView, render_seats

from ..render import cards_line, show_cards
from ..widgets.toosmall import TooSmall
from .base import SizedModal, SizedScreen


class HelpScreen(SizedModal):
    """The rules of the current game (Rules.summary) and its active options."""

    BINDINGS = [Binding("escape,q,question_mark,f1,enter", "dismiss", "Close")]

    def __init__(self, rules: Rules, options: Mapping[str, Any], keys: Sequence[str] = ()) -> None:
        super().__init__()
        self.rules, self.options, self.keys = rules, options, tuple(keys)

    def help_text(self) -> str:
        """The rules (their last paragraph names the game's jokers, see ``Rules.notation_text``),
        the active options and the keys."""
        lines = [
            f"{o.name} = {str(self.options.get(o.name, o.default)).lower()}  — {o.help}"
            for o in self.rules.options
        ]
        text = self.rules.summary_text() + "\n\nActive options:\n" + "\n".join(lines or ["(none)"])
        if self.keys:
            text += "\n\nKeys at the table:\n" + "\n".join(self.keys)
        return text

    def compose(self) -> ComposeResult:
        body = Text(self.help_text())
        with Vertical(classes="dialog wide"):
            yield Static(f"Rules: {self.rules.title}", classes="dialog-title")
            with VerticalScroll(id="help-body"):
                yield Static(body)
            yield Static("Esc closes", classes="hint")
        yield TooSmall()


class HandoffScreen(SizedScreen):
    """Hot-seat: an opaque screen that shows no cards until the named player confirms."""

    BINDINGS = [Binding("enter,space", "dismiss", "I am here")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def on_mount(self) -> None:
        super().on_mount()
        self.app.clear_notifications()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="handoff"):
            yield Static(f"Pass to {self.player} — press Enter", classes="dialog-title")
            yield Static("The cards stay hidden until you confirm.", classes="hint")
        yield TooSmall()


class HandSummaryScreen(SizedModal):
    """End of a hand: the hand event's lines, showing how each score was made."""

    BINDINGS = [Binding("enter,escape,space", "dismiss", "Continue")]

    def __init__(
        self,
        event: Event,
        names: Sequence[str],
        last_trick: Event | None = None,
        ascii_suits: bool = False,
        auto_close: float | None = None,
    ) -> None:
        super().__init__()
        self.event, self.names, self.last_trick, self.ascii_suits = event, names, last_trick, ascii_suits
        self.auto_close = auto_close  # seconds before it closes by itself (a spectator: nobody presses Enter)

    def on_mount(self) -> None:
        super().on_mount()
        if self.auto_close is not None:
            self.set_timer(self.auto_close, self._close_by_itself)

    def _close_by_itself(self) -> None:
        if self.is_attached and self.app.screen is self:
            self.dismiss()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.event.render(self.names), classes="dialog-title")
            with VerticalScroll(classes="summary-body"):
                if self.last_trick is not None:
                    t = self.last_trick
                    yield Static(
                        Text("Last trick: ")
                        .append_text(cards_line(t.cards, self.ascii_suits))
                        .append(f" — {t.render(self.names)}\n")
                    )
                lines = (show_cards(line, self.ascii_suits) for line in self.event.render_lines(self.names))
                yield Static("\n".join(lines) or "(no scores)")
            yield Static(
                "The table moves on by itself" if self.auto_close is not None else "Enter to continue",
                classes="hint",
            )
        yield TooSmall()


class MatchOverScreen(SizedModal):
    """The match is over: winner(s), reason, final scores (by sides in a partnership game); play
    again, or leave the table.

    Nothing has the focus at first, so an Enter meant for the last hand summary cannot start a
    new match before the standings are read: ``p``, ``q`` or a click (or Tab, then Enter)."""

    AUTO_FOCUS = ""  # "" (not None, which means the app's "*"): nothing focused

    BINDINGS = [
        Binding("p", "again", "Play again"),
        Binding("r", "review", "Review"),
        Binding("q,escape", "leave", "Leave the table"),
    ]

    def __init__(
        self, view: SeatView, names: Sequence[str], can_replay: bool, review: Callable[[], None] | None = None
    ) -> None:
        super().__init__()
        assert view.outcome is not None
        self.outcome, self.names, self.can_replay = view.outcome, names, can_replay
        self.teams = view.outcome.teams or view.teams
        self.review = review  # opens the review of the match (issue 35), when there is a record

    def compose(self) -> ComposeResult:
        o, names = self.outcome, self.names
        with Vertical(classes="dialog"):
            yield Static(self._title(), classes="dialog-title")
            extra = "\n" + "\n".join(render_seats(line, names) for line in o.lines) if o.lines else ""
            body = f"The match is over: {render_seats(o.reason, names)}.\n\n{self._standings()}{extra}"
            yield Static(body)
            with Horizontal(classes="buttons"):
                if self.can_replay:
                    yield Button("Play again (p)", id="again", variant="primary", compact=True)
                if self.review is not None:
                    yield Button("Review (r)", id="review", compact=True)
                yield Button("Leave the table (q)", id="leave", compact=True)
        yield TooSmall()

    def _title(self) -> str:
        o, names = self.outcome, self.names
        if self.teams:  # the sides win, not the seats
            won = [t for t in self.teams if set(t) & set(o.winners)]
            if len(won) > 1:
                return "A draw between the sides"
            return f"{side_name(won[0], names)} win!" if won else "Nobody wins"
        if (
            len(o.winners) == len(o.scores) > 1 and "draw" in o.reason.lower()
        ):  # Page One's game with no winner
            return "A draw: nobody wins"
        who = " and ".join(names[w] for w in o.winners)
        verb = "share the win" if o.is_shared else "win" if len(o.winners) > 1 else "wins"
        return f"{who} {verb}!"

    def _standings(self) -> str:
        o, names = self.outcome, self.names
        if self.teams:  # one row a side: its players and its score (the same for each of them)
            rows = [(side_name(t, names), o.scores[t[0]]) for t in self.teams]
        else:
            rows = [(names[s], o.scores[s]) for s in range(len(o.scores))]
        width = min(max(len(n) for n, _ in rows) + 2, 40)
        return "\n".join(f"{n[: width - 1]:<{width}} {score:g}" for n, score in rows)

    def action_again(self) -> None:
        if self.can_replay:
            self.dismiss("again")

    def action_leave(self) -> None:
        self.dismiss("leave")

    def action_review(self) -> None:
        if self.review is not None:
            self.review()  # the review opens above this screen; Esc there comes back here

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            self.action_review()
            return
        self.dismiss(event.button.id)


def side_name(team: Sequence[int], names: Sequence[str]) -> str:
    """A side by its players: ``Ana & Cy``."""
    return " & ".join(names[s] for s in team)


class TableClosedScreen(SizedModal):
    """The remote table has gone: back to the lobby (when there is one) or quit.

    It returns ``"lobby"`` or ``"quit"``; what follows is the app's choice."""

    BINDINGS = [Binding("l", "lobby", "Back to lobby"), Binding("q,escape", "quit", "Quit")]

    def __init__(self, text: str, lobby: bool) -> None:
        super().__init__()
        self.text, self.lobby = text, lobby

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="table-closed"):
            yield Static("The table has closed", classes="dialog-title")
            reason = self.text.removeprefix("The table has closed: ")
            yield Static(reason[:1].upper() + reason[1:] + ".")
            with Horizontal(classes="buttons"):
                if self.lobby:
                    yield Button("Back to lobby (l)", id="lobby", variant="primary", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)
        yield TooSmall()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "lobby":
            self.action_lobby()
        else:
            self.action_quit()

    def action_lobby(self) -> None:
        if self.lobby:
            self.dismiss("lobby")

    def action_quit(self) -> None:
        self.dismiss("quit")
