"""The log of this hand's events (Event.render(names)), newest at the bottom; cards in the
events' texts (``QH``) are drawn with suit symbols unless ASCII suits are on.

Once the log is longer than its box it is anchored to its end: a new line is then laid out and
scrolled into view in one frame (scrolling to the end after each refresh took a second frame per
move, and the most CPU of every update when another player moves; issue 20).  A shorter log is
not anchored (an anchored short log would sit at the bottom of its box), and a new hand starts
from the top again.  A player who scrolls up with the mouse keeps their place until they scroll
back down."""

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
        plain = show_cards("\n".join(e.render(names) for e in events[-60:]), ascii_suits)
        before = getattr(self, "_shown", None)
        if plain == before:
            return  # nothing new in the log: not laid out and drawn again (issue 20)
        self._shown = plain
        if self.is_anchored and not plain.startswith(before or ""):
            self.anchor(False)  # a new hand (or new suit symbols): the log starts again
        self.query_one("#log-text", Static).update(Text(plain))  # an anchor keeps the last line in view
        if not self.is_anchored:
            self.call_after_refresh(self._follow)

    def on_resize(self) -> None:
        if self.is_anchored:  # the anchor moves the scrollbar's thumb without drawing it again
            self.vertical_scrollbar.refresh()

    def _follow(self) -> None:
        """After the layout: the end of the log in view, and an anchor there once it overflows."""
        if self.max_scroll_y > 0:
            self.anchor()
        self.scroll_end(animate=False, immediate=True)
