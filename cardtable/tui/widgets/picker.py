"""The base of the hand and the choice bar: things laid out in rows, one under a cursor.

A subclass says where each thing lies (:meth:`CellPicker.cells`: row, first and last column)
and what picking thing ``i`` posts (:meth:`CellPicker.picked`); the base moves the cursor with
the arrow keys (left/right in order, up/down to the nearest thing in the next row), picks with
Enter or a click, draws again when the focus or the size changes, and answers no key while the
screen is hidden behind "enlarge your terminal".
"""

from __future__ import annotations

from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class CellPicker(Widget, can_focus=True):
    cursor: reactive[int] = reactive(0)
    _layout_width: int | None = None  # the width being measured, during a layout

    def cells(self) -> list[tuple[int, int, int]]:
        """(row, start, end) of each thing, in order."""
        raise NotImplementedError

    def picked(self, index: int) -> Message:
        """The message posted when thing ``index`` is picked."""
        raise NotImplementedError

    def content_rows(self) -> int:
        """Lines of content at :meth:`layout_width`."""
        raise NotImplementedError

    def get_content_height(self, container, viewport, width: int) -> int:
        """The height at ``width``: the layout asks before the widget has that width (after the
        terminal was too small the hand had none, and a first choice bar was measured at 20
        columns: measured at the old width, the rows were cut or left blank)."""
        self._layout_width = width
        try:
            return self.content_rows()
        finally:
            self._layout_width = None

    def layout_width(self, least: int) -> int:
        """The content width to lay things out in (the one being measured, during a layout)."""
        return max(getattr(self, "_layout_width", None) or self.content_size.width, least)

    def row_height(self) -> int:
        """Lines per row of things (a row of card faces is several lines high)."""
        return 1

    # -- drawing again --------------------------------------------------------------
    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_resize(self) -> None:
        """A new width may need another number of rows (and a hand hidden while the terminal
        was too small has its first real width now)."""
        self.refresh(layout=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key while hidden (a spectator's hand) or behind "enlarge your terminal"."""
        return self.display and not self.screen.has_class("-small")

    # -- keys and clicks --------------------------------------------------------------
    def action_move(self, step: int) -> None:
        n = len(self.cells())
        if n:
            self.cursor = (self.cursor + step) % n

    def action_row(self, step: int) -> None:
        """Up/down: the thing in the neighbouring row nearest to the cursor's column."""
        cells = self.cells()
        if not cells or self.cursor >= len(cells):
            return
        row, start, end = cells[self.cursor]
        middle = (start + end) // 2
        target = [i for i, c in enumerate(cells) if c[0] == row + step]
        if target:
            self.cursor = min(target, key=lambda i: (abs((cells[i][1] + cells[i][2]) // 2 - middle), i))

    def action_pick(self) -> None:
        if 0 <= self.cursor < len(self.cells()):
            self.post_message(self.picked(self.cursor))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        height = self.row_height()
        for i, (row, start, end) in enumerate(self.cells()):
            if row == offset.y // height and start <= offset.x < end:
                self.cursor = i
                self.post_message(self.picked(i))
                return

    def cell_middle(self, index: int) -> tuple[int, int]:
        """(column, line) of the middle of thing ``index`` in the content."""
        row, start, end = self.cells()[index]
        height = self.row_height()
        return (start + end) // 2, row * height + (height // 2 if height > 1 else 0)

    def click_offset(self, index: int) -> tuple[int, int]:
        """Offset from the widget's corner (border and padding included) to click thing ``index``."""
        x, y = self.cell_middle(index)
        return x + self.styles.gutter.left, y + self.styles.gutter.top
