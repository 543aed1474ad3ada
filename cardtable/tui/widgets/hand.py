"""The player's hand as an overlapping fan of card faces; legal cards raised, others dimmed,
cards already picked for an exchange or a discard (``marked``) framed in their own colour.

The fan is sized to the room it has: small faces at 80x24, larger ones on a taller terminal,
two rows of fans for a long hand when the terminal is tall enough, and one or more lines of
plain card tokens (``Q♥ 10♣``) when even that does not fit (34 cards at 80x24).

Keys: left/right move the cursor, up/down jump a row, Home/End go to the ends, Enter picks;
a mouse click picks the card under it.  Posts :class:`HandWidget.Picked` with the card; the
screen decides what that means.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.strip import Strip

from games.core import Card

from ..cardface import CURSOR, LARGE, MARKED, SMALL, Canvas, Size, draw_face, fan_step
from ..render import card_style, four_colour
from .lines import rows_of
from .picker import CellPicker


class HandWidget(CellPicker):
    BINDINGS = [
        Binding("left", "move(-1)", "Card left", show=False),
        Binding("right", "move(1)", "Card right", show=False),
        Binding("up", "row(-1)", show=False),
        Binding("down", "row(1)", show=False),
        Binding("home", "end(0)", show=False),
        Binding("end", "end(1)", show=False),
        Binding("enter", "pick", "Choose card", show=True),
    ]

    class Picked(Message):
        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    class Moved(Message):
        """The cursor is on ``card`` now (the screen may show the ways to play it at once)."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def watch_cursor(self) -> None:
        self.refresh()
        if self.cards and self.cursor < len(self.cards):
            self.post_message(self.Moved(self.cards[self.cursor]))

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cards: tuple[Card, ...] = ()
        self.legal: frozenset[Card] = frozenset()
        self.marked: frozenset[Card] = frozenset()  # picked for an exchange or discard, not confirmed
        self.active = False  # the owner must decide now: highlight legal cards
        self.ascii_suits = False
        self._drawn: list[Strip] = []  # the rows shown, and what they were drawn for (render_line)
        self._drawn_for: tuple | None = None
        self.plain = False  # True: always plain tokens (set by the screen, e.g. for pasting)

    def show(
        self,
        cards: Sequence[Card],
        legal: frozenset[Card],
        active: bool,
        ascii_suits: bool,
        marked: frozenset[Card] = frozenset(),
    ) -> None:
        shown = (tuple(cards), legal, active, ascii_suits, four_colour(), marked)
        if shown == getattr(self, "_shown", None):
            return  # another seat moved: this hand looks the same, so it is not drawn again (issue 20)
        self._shown = shown
        old = self.cards[self.cursor] if self.cards and self.cursor < len(self.cards) else None
        before = self.get_content_height(None, None, 0)
        newly = active and not self.active  # a new decision: start at the first card you may choose
        self.cards, self.legal, self.active, self.ascii_suits = tuple(cards), legal, active, ascii_suits
        self.marked = marked
        if old in self.cards:
            self.cursor = self.cards.index(old)
        self.cursor = max(0, min(self.cursor, len(self.cards) - 1))
        if active and self.cards and (newly or self.cards[self.cursor] not in legal):
            self.cursor = next((i for i, c in enumerate(self.cards) if c in legal), self.cursor)
        self.refresh(
            layout=self.get_content_height(None, None, 0) != before
        )  # re-layout only if the height changes

    # -- layout: a fan of faces when it fits, else lines of tokens ------------------
    def _fan(self) -> tuple[Size, int, int] | None:
        """(face size, step, cards per row) of the fan that fits, or None for tokens."""
        if not self.cards or self.plain:
            return None
        width = self.layout_width(10)
        tall = self.app.size.height if self.is_attached else 24
        n = len(self.cards)
        for size, rows in ((LARGE, 1), (SMALL, 1), (SMALL, 2)):
            if (size is LARGE and tall < 30) or (rows == 2 and tall < 40):
                continue
            per_row = -(-n // rows)
            step = fan_step(per_row, width, size, self.cards)
            if step is not None:
                return size, step, per_row
        return None

    def cells(self) -> list[tuple[int, int, int]]:
        """(row, start, end) of each card's visible part (where a click picks it)."""
        fan = self._fan()
        if fan is not None:
            size, step, per_row = fan
            spans = []
            for i in range(len(self.cards)):
                row, k = divmod(i, per_row)
                last = k == per_row - 1 or i == len(self.cards) - 1
                spans.append((row, k * step, k * step + (size.width if last else step)))
            return spans
        width = self.layout_width(10)
        spans, x, row = [], 0, 0
        for c in self.cards:
            w = len(c.display(self.ascii_suits)) + 2
            if x and x + w > width:
                row, x = row + 1, 0
            spans.append((row, x, x + w))
            x += w + 1
        return spans

    def _rows(self) -> int:
        return self.cells()[-1][0] + 1 if self.cards else 1

    def row_height(self) -> int:
        fan = self._fan()
        return fan[0].height + self._lift_room() if fan is not None else 1

    def _lift_room(self) -> int:
        """1 when some cards stand one line higher than others (you choose cards now, or some
        are picked), else 0: a hand that is no choice takes no line for it (room at 80x24)."""
        return 1 if self.active or self.marked else 0

    def render(self) -> Text:
        if not self.cards:
            return Text("(no cards)", style="dim")
        fan = self._fan()
        if fan is not None:
            return self._render_fan(*fan)
        out, row, x = Text(), 0, 0
        for i, (c, (r, start, _)) in enumerate(zip(self.cards, self.cells())):
            if r != row:
                out.append("\n")
                row, x = r, 0
            out.append(" " * (start - x))
            style = card_style(c)
            if self.active:
                style += " bold" if c in self.legal else " dim"
            if i == self.cursor and self.has_focus:
                style += " reverse"
            if c in self.marked:
                style += " underline"
            text = f" {c.display(self.ascii_suits)} "
            out.append(text, style=style)
            x = start + len(text)
        return out

    def _render_fan(self, size: Size, step: int, per_row: int) -> Text:
        """Each card a face, left to right; legal cards one line higher while you decide, the
        others dimmed (once cards are picked, only they are higher, in their own frame); the card
        under the cursor drawn whole on top with a bright frame."""
        rows = self._rows()
        room = self._lift_room()
        canvas = Canvas(max(self.content_size.width, 10), rows * (size.height + room))
        order = [i for i in range(len(self.cards)) if i != self.cursor] + [self.cursor]
        for i in order:
            c = self.cards[i]
            row, k = divmod(i, per_row)
            playable = not self.active or c in self.legal
            raised = c in self.marked if self.marked else self.active and playable  # picked cards stand out
            lift = 0 if raised or not room else 1
            here = i == self.cursor and self.has_focus
            frame = CURSOR if here else MARKED if c in self.marked else None
            draw_face(
                canvas,
                k * step,
                row * (size.height + room) + lift,
                c,
                size,
                ascii_suits=self.ascii_suits,
                dim=self.active and not playable,
                frame=frame,
            )
        return canvas.to_text()

    def content_rows(self) -> int:
        return self._rows() * self.row_height() if self.cards else 1

    def render_line(self, y: int) -> Strip:
        """The hand's rows, drawn from ``render()`` once for what they show (lines.py: quicker than
        Textual's text pipeline; the player's own moves redraw the hand)."""
        size = self.content_size
        key = (
            self.cards,
            self.legal,
            self.active,
            self.ascii_suits,
            self.cursor,
            self.has_focus,
            self.marked,
            four_colour(),
            self.plain,
            size,
            self.visual_style,
        )
        if key != self._drawn_for:
            self._drawn, self._drawn_for = rows_of(self, self.render(), size.width, size.height), key
        return (
            self._drawn[y] if y < len(self._drawn) else Strip.blank(size.width, self.visual_style.rich_style)
        )

    def action_end(self, last: int) -> None:
        if self.cards:
            self.cursor = len(self.cards) - 1 if last else 0

    def picked(self, index: int) -> HandWidget.Picked:
        return self.Picked(self.cards[index])

    def card_offset(self, index: int) -> tuple[int, int]:
        """(column, row) of the middle of card ``index``'s visible part in the content (for
        tests and scripts): the row of its rank and suit."""
        return self.cell_middle(index)
