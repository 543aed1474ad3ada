"""The log of this hand's events (Event.render(names)), newest at the bottom; cards in the
events' texts (``QH``) are drawn with suit symbols unless ASCII suits are on.

The log draws its own lines (Textual's line API): each event is wrapped once to the log's width
and kept, so when another player moves only the new line is wrapped and the log's box is drawn
again, without laying out the screen (a text that grew inside a scrolling box laid out the whole
screen twice per move: the most CPU of every update; issue 20).  The screen is laid out only when
the scrollbar comes or goes, or the log's size changes.

While the log shows its last line, a new line scrolls it into view; a player who scrolls up with
the mouse keeps their place until they scroll back down.  A new hand's log starts afresh.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style as RichStyle
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from games.core import SeatView

from ..render import show_cards
from .lines import rows_of


class EventLog(ScrollView, can_focus=False):
    DEFAULT_CSS = "EventLog { overflow-x: hidden; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: tuple[str, ...] = ()  # the log as shown: one entry per event (suit symbols drawn)
        self._rows: list[Strip] = []  # the first ``_wrapped`` lines, wrapped at ``_wrap_width``
        self._wrapped = 0
        self._wrap_width = 0
        self._at_end = True  # the last line is in view (the log follows new lines and resizes)
        self._texts: dict[tuple, tuple[str, ...]] = {}  # (event, names, ascii) -> its lines

    def show(self, view: SeatView, names: Sequence[str], ascii_suits: bool = False) -> None:
        events = [e for e in view.events if e.hand == view.hand_number] or list(view.events[-12:])
        lines = tuple(line for e in events[-60:] for line in self._event_lines(e, names, ascii_suits))
        if lines == self.lines:
            return  # nothing new in the log: not drawn again (issue 20)
        before, self.lines = self.lines, lines
        grows = lines[: len(before)] == before
        if not grows:
            self._rows, self._wrapped = [], 0  # a new hand (or new suit symbols): wrapped again
        self._lay_out(follow=self._at_end or not grows)

    def _event_lines(self, event, names: Sequence[str], ascii_suits: bool) -> tuple[str, ...]:
        """An event's lines as shown, worked out once (a move adds one event; the others are looked up)."""
        key = (event, tuple(names), ascii_suits)
        got = self._texts.get(key)
        if got is None:
            if len(self._texts) > 500:
                self._texts.clear()
            got = self._texts[key] = tuple(show_cards(event.render(names), ascii_suits).split("\n"))
        return got

    # -- wrapping and drawing ---------------------------------------------------------
    def _wrap(self, line: str, width: int) -> list[Strip]:
        """``line`` wrapped to ``width`` as a Static draws a text."""
        return rows_of(self, Text(line), max(width, 1), None)

    def _wrap_new_lines(self) -> int:
        """Wrap the lines not wrapped yet; returns the width they wrap at: the box's, less the
        scrollbar's once they overflow the box (as a text in a scrolling box wraps)."""
        box = self.content_region.size
        if not self._wrapped:
            self._wrap_width = box.width
        self._rows += [
            row for line in self.lines[self._wrapped :] for row in self._wrap(line, self._wrap_width)
        ]
        self._wrapped = len(self.lines)
        if self._wrap_width == box.width and len(self._rows) > box.height:  # the scrollbar comes
            self._wrap_width = box.width - self.styles.scrollbar_size_vertical
            self._rows = [row for line in self.lines for row in self._wrap(line, self._wrap_width)]
        return self._wrap_width

    def _lay_out(self, follow: bool) -> None:
        """Wrap what is new, set the scrolling size and draw the log, with no layout of the screen
        unless the scrollbar comes or goes; ``follow``: the last line in view."""
        if not self.size:
            return  # not laid out yet: the first resize wraps the lines
        width = self._wrap_new_lines()
        size = Size(width, len(self._rows))
        bar = size.height > self.content_region.height
        if bar != self.show_vertical_scrollbar or self.virtual_size.width != width:
            self.virtual_size = size  # the scrollbar comes or goes: the screen is laid out again,
            if follow:  # and the log can scroll once it has its scrollbar
                self.call_after_refresh(self._to_end)
            return
        self.set_reactive(Widget.virtual_size, size)  # the same box: only the log and its scrollbar
        if bar:
            self.vertical_scrollbar.window_virtual_size = size.height
        if follow:
            self._to_end()
        self.refresh()

    def _to_end(self) -> None:
        self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)

    def render_line(self, y: int) -> Strip:
        row = round(self.scroll_offset.y) + y
        if row < len(self._rows):
            return self._rows[row]
        blank = RichStyle.from_color(bgcolor=self.background_colors[1].rich_color)  # as a scrolling box's
        return Strip.blank(self.content_region.width, blank)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._at_end = round(new) >= self.max_scroll_y  # the player scrolled up, or back to the end

    def on_resize(self) -> None:
        self._rows, self._wrapped = [], 0
        self._lay_out(follow=self._at_end)
