"""The choices that are not a plain card pick: bids, pass, a suit, a grid square, the ways to play a card.

One focusable widget draws every choice as a compact cell ``1 Bid 1``, flowing left to right and
wrapping onto as many rows as needed (2 to ~20 choices fit in two or three rows at 80 columns).
The first ten are numbered 1..9, 0 (the screen binds the number keys); all of them can be reached
with the arrow keys (up/down move between rows) and chosen with Enter or Space, or clicked.
Tab moves the focus between the hand and this bar.  Posts :class:`ActionBar.Chosen`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from games.core import Action

from ..render import show_cards

MAX_LABEL = 24  # below 100 columns longer labels are cut with an ellipsis (the rules help explains them)
WIDE_LABEL = 48  # the limit on a wider terminal


def key_for(index: int) -> str:
    """The number key of choice ``index`` (0-based): 1..9, 0, then none."""
    return str((index + 1) % 10) if index < 10 else ""


def caption(index: int, action: Action, limit: int = MAX_LABEL, ascii_suits: bool = False,
            words: str | None = None) -> tuple[str, str]:
    """(key, label) drawn for a choice; the label is the game's ``words`` for it (else the
    action's generic caption), cards drawn in the suit mode, shortened if long."""
    label = show_cards(words or action.label or action.text, ascii_suits)
    if len(label) > limit:
        label = label[:limit - 1] + "…"
    return key_for(index), label


class ActionBar(Widget, can_focus=True):
    BINDINGS = [
        Binding("left", "move(-1)", "Previous choice", show=False),
        Binding("right", "move(1)", "Next choice", show=False),
        Binding("up", "row(-1)", show=False),
        Binding("down", "row(1)", show=False),
        Binding("enter,space", "pick", "Choose", show=True),
    ]

    cursor: reactive[int] = reactive(0)

    class Chosen(Message):
        def __init__(self, action: str) -> None:
            super().__init__()
            self.action = action

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.actions: tuple[Action, ...] = ()
        self.labels: tuple[str, ...] = ()
        self._key: tuple | None = None
        self.ascii_suits = False

    def show(self, actions: Sequence[Action], prompt: str = "", ascii_suits: bool = False,
             labels: Sequence[str] | None = None) -> None:
        """Offer ``actions``; ``labels`` are the game's words for them (same order)."""
        actions = tuple(actions)
        labels = tuple(labels) if labels is not None else tuple(a.label for a in actions)
        if self._key == (actions, labels, ascii_suits):
            return
        self._key = (actions, labels, ascii_suits)
        self.ascii_suits = ascii_suits
        self.actions, self.labels = actions, labels
        self.cursor = 0
        self.set_class(not actions, "-empty")
        self.refresh(layout=True)

    # -- layout -------------------------------------------------------------------
    def _cells(self) -> list[tuple[int, int, int]]:
        """(row, start, end) of each choice, wrapping at the content width."""
        width = max(self.content_size.width, 20)
        spans, x, row = [], 0, 0
        for i, a in enumerate(self.actions):
            key, label = caption(i, a, self._limit(), self.ascii_suits, self.labels[i])
            w = len(label) + 2 + (len(key) + 1 if key else 0)
            if x and x + w > width:
                row, x = row + 1, 0
            spans.append((row, x, x + w))
            x += w + 1
        return spans

    def _limit(self) -> int:
        return WIDE_LABEL if self.content_size.width >= 98 else MAX_LABEL

    def get_content_height(self, container, viewport, width: int) -> int:
        return (self._cells()[-1][0] + 1) if self.actions else 0

    def on_resize(self) -> None:
        self.refresh(layout=True)

    def render(self) -> Text:
        out, row, x = Text(), 0, 0
        for i, (a, (r, start, end)) in enumerate(zip(self.actions, self._cells())):
            if r != row:
                out.append("\n")
                row, x = r, 0
            out.append(" " * (start - x))
            key, label = caption(i, a, self._limit(), self.ascii_suits, self.labels[i])
            here = i == self.cursor and self.has_focus
            cell = "reverse bold" if here else "on #2a2f3a"
            out.append(" ", style=cell)
            if key:
                out.append(key, style=f"{cell} bold #f0c040")
                out.append(" ", style=cell)
            out.append(label + " ", style=cell)
            x = end
        return out

    # -- input --------------------------------------------------------------------
    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, step: int) -> None:
        if self.actions:
            self.cursor = (self.cursor + step) % len(self.actions)

    def action_row(self, step: int) -> None:
        """Up/down: the choice in the neighbouring row nearest to the cursor's column."""
        cells = self._cells()
        if not cells:
            return
        row, start, end = cells[self.cursor]
        target = [i for i, c in enumerate(cells) if c[0] == row + step]
        if target:
            middle = (start + end) // 2
            self.cursor = min(target, key=lambda i: abs((cells[i][1] + cells[i][2]) // 2 - middle))

    def action_pick(self) -> None:
        if self.actions:
            self.post_message(self.Chosen(self.actions[self.cursor].text))

    def choose(self, number: int) -> bool:
        """Choose by number key (1..10); False if there is no such choice."""
        if 1 <= number <= min(len(self.actions), 10):
            self.cursor = number - 1
            self.post_message(self.Chosen(self.actions[number - 1].text))
            return True
        return False

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for i, (row, start, end) in enumerate(self._cells()):
            if row == offset.y and start <= offset.x < end:
                self.cursor = i
                self.post_message(self.Chosen(self.actions[i].text))
                return

    def click_offset(self, index: int) -> tuple[int, int]:
        """Offset from the widget's corner to click choice ``index`` (for tests and scripts)."""
        row, start, end = self._cells()[index]
        return (start + end) // 2 + self.styles.gutter.left, row + self.styles.gutter.top
