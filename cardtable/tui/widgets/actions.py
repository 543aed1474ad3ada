"""The choices that are not a plain card pick: bids, pass, a suit, a grid square, the ways to play a card.

One focusable widget draws every choice as a compact cell ``1 Bid 1``, flowing left to right and
wrapping onto as many rows as needed (2 to ~20 choices fit in two or three rows at 80 columns).
The first ten are numbered 1..9, 0 (the screen binds the number keys); all of them can be reached
with the arrow keys (up/down move between rows) and chosen with Enter or Space, or clicked.
Choices that are squares of a grid (``bid b3``, ``square a1``: Contract Grid) are not numbered:
their numbers would shift after every pick.  The player types the square's name instead, column
letter then row digit (:meth:`ActionBar.type_char`), which stays the same all along.
Tab moves the focus between the hand and this bar.  Posts :class:`ActionBar.Chosen`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.message import Message

from games.core import Action

from ..render import show_cards
from .picker import CellPicker

SQUARE = re.compile(r"[a-h][1-9]")


def is_square(action: Action) -> bool:
    """A choice of a grid square named like ``b3`` (typed, not numbered)."""
    return action.arg is not None and SQUARE.fullmatch(action.arg) is not None


def are_squares(actions: Sequence[Action]) -> bool:
    """True when some choices are grid squares (the others keep their numbers)."""
    return any(is_square(a) for a in actions)


def number_keys(actions: Sequence[Action]) -> tuple[str, ...]:
    """The key drawn for each choice: 1..9, 0 in order, skipping the squares (typed by name)."""
    keys, n = [], 0
    for a in actions:
        if is_square(a):
            keys.append("")
        else:
            keys.append(key_for(n))
            n += 1
    return tuple(keys)


def key_for(index: int) -> str:
    """The number key of choice ``index`` (0-based): 1..9, 0, then none."""
    return str((index + 1) % 10) if index < 10 else ""


def caption(
    index: int,
    action: Action,
    limit: int = 200,
    ascii_suits: bool = False,
    words: str | None = None,
    key: str | None = None,
) -> tuple[str, str]:
    """(key, label) drawn for a choice; the label is the game's ``words`` for it (else the
    action's generic caption), cards drawn in the suit mode, whole: shortened only past
    ``limit`` (a label wider than the whole bar)."""
    label = show_cards(words or action.label or action.text, ascii_suits)
    if len(label) > limit:
        label = label[: limit - 1] + "…"
    return key_for(index) if key is None else key, label


class ActionBar(CellPicker):
    BINDINGS = [
        Binding("left", "move(-1)", "Previous choice", show=False),
        Binding("right", "move(1)", "Next choice", show=False),
        Binding("up", "row(-1)", show=False),
        Binding("down", "row(1)", show=False),
        Binding("enter,space", "pick", "Choose", show=True),
    ]

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
        self.squares = False  # some choices are grid squares, chosen by typing their names
        self.keys: tuple[str, ...] = ()  # the number key drawn on each choice ("" for none)
        self.typed = ""  # the column letter typed so far

    def show(
        self,
        actions: Sequence[Action],
        prompt: str = "",
        ascii_suits: bool = False,
        labels: Sequence[str] | None = None,
    ) -> None:
        """Offer ``actions``; ``labels`` are the game's words for them (same order)."""
        actions = tuple(actions)
        labels = tuple(labels) if labels is not None else tuple(a.label for a in actions)
        if self._key == (actions, labels, ascii_suits):
            return
        self._key = (actions, labels, ascii_suits)
        self.ascii_suits = ascii_suits
        self.actions, self.labels = actions, labels
        self.squares, self.typed = are_squares(actions), ""
        self.keys = number_keys(actions)
        self.cursor = 0
        self.set_class(not actions, "-empty")
        self.refresh(layout=True)

    # -- layout -------------------------------------------------------------------
    def cells(self) -> list[tuple[int, int, int]]:
        """(row, start, end) of each choice, wrapping at the content width."""
        width = self.layout_width(20)
        spans, x, row = [], 0, 0
        for i, a in enumerate(self.actions):
            key, label = caption(i, a, self._limit(), self.ascii_suits, self.labels[i], self.keys[i])
            w = len(label) + 2 + (len(key) + 1 if key else 0)
            if x and x + w > width:
                row, x = row + 1, 0
            spans.append((row, x, x + w))
            x += w + 1
        return spans

    def _limit(self) -> int:
        """The longest label that fits a row of its own (every game's labels fit at 80 columns)."""
        return self.layout_width(20) - 5

    def content_rows(self) -> int:
        return (self.cells()[-1][0] + 1) if self.actions else 0

    def render(self) -> Text:
        out, row, x = Text(), 0, 0
        for i, (a, (r, start, end)) in enumerate(zip(self.actions, self.cells())):
            if r != row:
                out.append("\n")
                row, x = r, 0
            out.append(" " * (start - x))
            key, label = caption(i, a, self._limit(), self.ascii_suits, self.labels[i], self.keys[i])
            here = i == self.cursor and self.has_focus
            cell = "reverse bold" if here else "on #2a2f3a"
            if self.typed and not here:  # a column typed: its squares stand out
                cell = (
                    "bold on #4a5a2a"
                    if is_square(a) and a.the_arg.startswith(self.typed)
                    else "dim on #2a2f3a"
                )
            out.append(" ", style=cell)
            if key:
                out.append(key, style=f"{cell} bold #f0c040")
                out.append(" ", style=cell)
            out.append(label + " ", style=cell)
            x = end
        return out

    # -- input --------------------------------------------------------------------
    def picked(self, index: int) -> ActionBar.Chosen:
        return self.Chosen(self.actions[index].text)

    def type_char(self, char: str) -> str:
        """A key typed while the choices are squares: a column letter, then a row digit.
        Returns "" when it was taken (a column noted, or a square chosen), else what to tell the
        player."""
        if char.isalpha():
            if any(is_square(a) and a.the_arg.startswith(char) for a in self.actions):
                self.typed = char
                self.refresh()
                return ""
            self.typed = ""
            self.refresh()
            return f"No square to choose in column {char.upper()}"
        if not self.typed:
            return f"Type a square's column letter first, then its row (e.g. {self._example()})"
        name, self.typed = self.typed + char, ""
        self.refresh()
        for i, a in enumerate(self.actions):
            if is_square(a) and a.arg == name:
                self.cursor = i
                self.post_message(self.Chosen(a.text))
                return ""
        return f"{name.upper()} is not a square you can choose now"

    def _example(self) -> str:
        return next((a.the_arg for a in self.actions if is_square(a)), "b3")

    def choose(self, number: int) -> bool:
        """Choose by number key (1..10); False if there is no such choice."""
        key = key_for(number - 1) if 1 <= number <= 10 else None
        if key is None or key not in self.keys:
            return False
        self.cursor = self.keys.index(key)
        self.post_message(self.Chosen(self.actions[self.cursor].text))
        return True
