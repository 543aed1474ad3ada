"""The log of this hand's events (Event.render(names)), newest at the bottom."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from games.core import SeatView


class EventLog(VerticalScroll, can_focus=False):
    def compose(self):
        yield Static("", id="log-text")

    def show(self, view: SeatView, names: Sequence[str]) -> None:
        events = [e for e in view.events if e.hand == view.hand_number] or list(view.events[-12:])
        text = Text("\n".join(e.render(names) for e in events[-60:]))
        self.query_one("#log-text", Static).update(text)
        self.scroll_end(animate=False)
