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
        self.cards, self.legal, self.active, self.ascii_suits = tuple(cards), legal, active, ascii_suits
        if old in self.cards:
            self.cursor = self.cards.index(old)
        self.cursor = max(0, min(self.cursor, len(self.cards) - 1))
        if active and self.cards and self.cards[self.cursor] not in legal:
            self.cursor = next((i for i, c in enumerate(self.cards) if c in legal), self.cursor)
        self.refresh()

    def _cells(self) -> list[tuple[int, int]]:
        """(start, end) column of each card."""
        spans, x = [], 0
        for c in self.cards:
            w = len(c.display(self.ascii_suits)) + 2
            spans.append((x, x + w))
            x += w + 1
        return spans

    def render(self) -> Text:
        if not self.cards:
            return Text("(no cards)", style="dim")
        out = Text()
        for i, c in enumerate(self.cards):
            if i:
                out.append(" ")
            style = card_style(c)
            if self.active:
                style += " bold" if c in self.legal else " dim"
            if i == self.cursor and self.has_focus:
                style += " reverse"
            out.append(f" {c.display(self.ascii_suits)} ", style=style)
        return out

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
        for i, (start, end) in enumerate(self._cells()):
            if start <= offset.x < end:
                self.cursor = i
                self.post_message(self.Picked(self.cards[i]))
                return

    def card_offset(self, index: int) -> int:
        """Content column of the middle of card ``index`` (for tests and screenshots)."""
        start, end = self._cells()[index]
        return (start + end) // 2
