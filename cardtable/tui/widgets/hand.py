"""The player's hand: one line of cards in suit colours; legal cards bright, others dimmed.

Keys: left/right move the cursor, enter picks; a mouse click picks the card under it.
Posts :class:`HandWidget.Picked` with the card; the screen decides what that means.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from games.core import Card

from ..render import card_style


class HandWidget(Widget, can_focus=True):
    BINDINGS = [
        Binding("left", "move(-1)", "Card left", show=False),
        Binding("right", "move(1)", "Card right", show=False),
        Binding("enter", "pick", "Play card", show=True),
    ]

    cursor: reactive[int] = reactive(0)

    class Picked(Message):
        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cards: tuple[Card, ...] = ()
        self.legal: frozenset[Card] = frozenset()
        self.active = False  # the owner must decide now: highlight legal cards
        self.ascii_suits = False

    def show(self, cards: Sequence[Card], legal: frozenset[Card], active: bool, ascii_suits: bool) -> None:
        old = self.cards[self.cursor] if self.cards and self.cursor < len(self.cards) else None
        rows = self._cells()[-1][0] if self.cards else 0
        self.cards, self.legal, self.active, self.ascii_suits = tuple(cards), legal, active, ascii_suits
        if old in self.cards:
            self.cursor = self.cards.index(old)
        self.cursor = max(0, min(self.cursor, len(self.cards) - 1))
        if active and self.cards and self.cards[self.cursor] not in legal:
            self.cursor = next((i for i, c in enumerate(self.cards) if c in legal), self.cursor)
        self.refresh(layout=(self._cells()[-1][0] if self.cards else 0) != rows)  # re-layout only if rows change

    def _cells(self) -> list[tuple[int, int, int]]:
        """(row, start, end) of each card, wrapping at the content width."""
        width = max(self.content_size.width, 10)
        spans, x, row = [], 0, 0
        for c in self.cards:
            w = len(c.display(self.ascii_suits)) + 2
            if x and x + w > width:
                row, x = row + 1, 0
            spans.append((row, x, x + w))
            x += w + 1
        return spans

    def render(self) -> Text:
        if not self.cards:
            return Text("(no cards)", style="dim")
        out, row, x = Text(), 0, 0
        for i, (c, (r, start, _)) in enumerate(zip(self.cards, self._cells())):
            if r != row:
                out.append("\n")
                row, x = r, 0
            out.append(" " * (start - x))
            style = card_style(c)
            if self.active:
                style += " bold" if c in self.legal else " dim"
            if i == self.cursor and self.has_focus:
                style += " reverse"
            text = f" {c.display(self.ascii_suits)} "
            out.append(text, style=style)
            x = start + len(text)
        return out

    def get_content_height(self, container, viewport, width: int) -> int:
        return (self._cells()[-1][0] + 1) if self.cards else 1

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def action_pick(self) -> None:
        if self.cards:
            self.post_message(self.Picked(self.cards[self.cursor]))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for i, (row, start, end) in enumerate(self._cells()):
            if row == offset.y and start <= offset.x < end:
                self.cursor = i
                self.post_message(self.Picked(self.cards[i]))
                return

    def card_offset(self, index: int) -> tuple[int, int]:
        """(column, row) of the middle of card ``index`` in the content (for tests and scripts)."""
        row, start, end = self._cells()[index]
        return (start + end) // 2, row

    def click_offset(self, index: int) -> tuple[int, int]:
        """Offset from the widget's corner (border and padding included) to click card ``index``."""
        x, y = self.card_offset(index)
        return x + self.styles.gutter.left, y + self.styles.gutter.top
