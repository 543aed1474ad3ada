"""The log of this hand's events (Event.render(names)), newest at the bottom; cards in the
events' texts (``QH``) are drawn with suit symbols unless ASCII suits are on."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from games.core import SeatView

from ..render import show_cards


class EventLog(VerticalScroll, can_focus=False):
    def compose(self):
        yield Static("", id="log-text")

    def show(self, view: SeatView, names: Sequence[str], ascii_suits: bool = False) -> None:
        events = [e for e in view.events if e.hand == view.hand_number] or list(view.events[-12:])
        text = Text(show_cards("\n".join(e.render(names) for e in events[-60:]), ascii_suits))
        self.query_one("#log-text", Static).update(text)
        self.scroll_end(animate=False)
