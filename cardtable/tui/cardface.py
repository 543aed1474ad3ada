"""Card faces for the table: small framed cards drawn as Rich text.

A face is a framed card with its rank and suit in the corner, on a light card colour, in two
sizes: ``SMALL`` (5x3, for 80x24) and ``LARGE`` (7x5, when there is room)::

    ╭───╮    ╭─────╮
    │Q♥ │    │Q    │
    ╰───╯    │  ♥  │
             │    Q│
             ╰─────╯

:class:`Canvas` composes faces that overlap (a fanned hand, a two-card play) and turns them into
one :class:`rich.text.Text`.  Pure functions of cards and flags: no game state, no Textual.
Colours follow the palette in :mod:`cardtable.tui.render` (two or four colours); without
colour (``NO_COLOR``) the frames and the bold/dim cues remain.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from games.core import Card

from .render import suit_colour

FACE_BG = "#f3efe4"  # the card's paper
DIM_BG = "#8c8a84"  # a card you may not play now
BACK = "#3b5b9a"  # the pattern on a card's back
FRAME = "#6d6a63"
CURSOR = "#f0c040"  # the frame of the card under the cursor, and of a trick's winning card
MARKED = "#40b0f0"  # the frame of a card picked for an exchange or a discard


@dataclass(frozen=True)
class Size:
    width: int
    height: int


SMALL = Size(5, 3)
LARGE = Size(7, 5)


def face_rank(c: Card) -> str:
    """What the corner shows: the rank (``10``, ``Q``), or the joker's mark."""
    if c.suit is None:
        return c.text
    return c.rank_text


def face_suit(c: Card, ascii_suits: bool) -> str:
    if c.suit is None:
        return "*" if ascii_suits else "★"
    return c.suit.letter if ascii_suits else c.suit.symbol


class Canvas:
    """A grid of styled cells; later drawings cover earlier ones (cards overlap like a fan)."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = max(width, 0), max(height, 0)
        self.cells: list[list[tuple[str, str]]] = [[(" ", "")] * self.width for _ in range(self.height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        if not 0 <= y < self.height:
            return
        row = self.cells[y]
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                row[x + i] = (ch, style)

    def put_text(self, x: int, y: int, text: Text) -> None:
        """A styled Text (one line) at (x, y)."""
        plain = text.plain
        styles = [str(text.style or "")] * len(plain)
        for span in text.spans:
            for i in range(span.start, min(span.end, len(plain))):
                styles[i] = f"{styles[i]} {span.style}".strip()
        for i, ch in enumerate(plain):
            self.put(x + i, y, ch, styles[i])

    def to_text(self) -> Text:
        out = Text()
        for y, row in enumerate(self.cells):
            if y:
                out.append("\n")
            for ch, style in _runs(row):
                out.append(ch, style=style or None)
        return out


def _runs(row: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Neighbouring cells of one style joined (fewer, longer segments)."""
    runs: list[tuple[str, str]] = []
    for ch, style in row:
        if runs and runs[-1][1] == style:
            runs[-1] = (runs[-1][0] + ch, style)
        else:
            runs.append((ch, style))
    return runs


def draw_face(
    canvas: Canvas,
    x: int,
    y: int,
    c: Card,
    size: Size = SMALL,
    *,
    ascii_suits: bool = False,
    dim: bool = False,
    frame: str | None = None,
    bold: bool = True,
) -> None:
    """One card face with its top-left corner at (x, y)."""
    bg = DIM_BG if dim else FACE_BG
    ink = f"{suit_colour(c, on_paper=True)} on {bg}" + (" bold" if bold and not dim else "")
    edge = f"{frame or FRAME} on {bg}" + (" bold" if frame else "")
    inner = size.width - 2
    rank, suit = face_rank(c), face_suit(c, ascii_suits)
    canvas.put(x, y, "╭" + "─" * inner + "╮", edge)
    for dy in range(1, size.height - 1):
        canvas.put(x, y + dy, "│", edge)
        canvas.put(x + 1, y + dy, " " * inner, ink)
        canvas.put(x + size.width - 1, y + dy, "│", edge)
    canvas.put(x, y + size.height - 1, "╰" + "─" * inner + "╯", edge)
    if size.height <= 3:
        canvas.put(x + 1, y + 1, (rank + suit)[:inner], ink)
        return
    canvas.put(x + 1, y + 1, rank, ink)
    middle = suit if c.suit is not None or inner < 5 else "JOKER"  # a joker says what it is
    canvas.put(x + 1 + (inner - len(middle)) // 2, y + size.height // 2, middle, ink)
    canvas.put(x + size.width - 1 - len(rank), y + size.height - 2, rank, ink)


def draw_back(canvas: Canvas, x: int, y: int, size: Size = SMALL, ascii_suits: bool = False) -> None:
    """A card face down."""
    edge, pattern = f"{FRAME} on {BACK}", f"#9fb4e0 on {BACK}"
    inner = size.width - 2
    canvas.put(x, y, "╭" + "─" * inner + "╮", edge)
    for dy in range(1, size.height - 1):
        canvas.put(x, y + dy, "│", edge)
        canvas.put(x + 1, y + dy, ("#" if ascii_suits else "▒") * inner, pattern)
        canvas.put(x + size.width - 1, y + dy, "│", edge)
    canvas.put(x, y + size.height - 1, "╰" + "─" * inner + "╯", edge)


def min_step(cards: Sequence[Card]) -> int:
    """The narrowest overlap that still shows each card's corner (``│10♥`` needs 4 cells)."""
    return 1 + max((len(face_rank(c)) + 1 for c in cards), default=2)


def fan_step(n: int, width: int, size: Size, cards: Sequence[Card]) -> int | None:
    """How far apart ``n`` cards sit to fit ``width`` (a gap of one when there is room);
    None when even the narrowest overlap does not fit."""
    if n <= 1:
        return size.width + 1
    step = min(size.width + 1, (width - size.width) // (n - 1))
    return step if step >= min_step(cards) else None


def cards_row(
    cards: Sequence[Card], size: Size, ascii_suits: bool, frame: str | None = None, step: int | None = None
) -> Canvas:
    """A few cards overlapping left to right (a play of two cards, a small fan)."""
    step = step or min_step(cards)
    width = size.width + step * (len(cards) - 1) if cards else 0
    canvas = Canvas(width, size.height)
    for i, c in enumerate(cards):
        draw_face(canvas, i * step, 0, c, size, ascii_suits=ascii_suits, frame=frame)
    return canvas


def paste(dst: Canvas, src: Canvas, x: int, y: int) -> None:
    for dy, row in enumerate(src.cells):
        if 0 <= y + dy < dst.height:
            for dx, cell in enumerate(row):
                if 0 <= x + dx < dst.width:
                    dst.cells[y + dy][x + dx] = cell


@dataclass(frozen=True)
class Pile:
    """Cards lying in the middle of the table: ``cards`` face up (overlapping, the last on top
    and framed when ``framed``), or ``backs`` cards face down shown as one back; ``label`` is
    written under it (``upcard``, ``stock 23``)."""

    label: str
    cards: tuple[Card, ...] = ()
    backs: int = 0
    framed: bool = False


def piles_canvas(piles: Sequence[Pile], width: int, height: int, ascii_suits: bool) -> Text | None:
    """Piles side by side, each with its label beneath, in the middle of ``width`` x ``height``:
    large faces when there is room, small ones otherwise; None when even those do not fit."""
    piles = [p for p in piles if p.cards or p.backs]
    if not piles:
        return None
    for size in (LARGE, SMALL):
        if size is LARGE and (height < LARGE.height + 3 or width < 30):
            continue
        widths = []
        for p in piles:
            shown = p.cards if p.cards else ()
            card_w = size.width + min_step(shown) * (len(shown) - 1) if shown else size.width
            widths.append(max(card_w, len(p.label)))
        total = sum(widths) + 3 * (len(piles) - 1)
        if total <= width and height >= size.height + 1:
            break
    else:
        return None
    canvas = Canvas(width, size.height + 1)
    x = (width - total) // 2
    for p, w in zip(piles, widths):
        if p.cards:
            step = min_step(p.cards)
            for i, c in enumerate(p.cards):
                top = i == len(p.cards) - 1
                draw_face(
                    canvas,
                    x + i * step,
                    0,
                    c,
                    size,
                    ascii_suits=ascii_suits,
                    frame=CURSOR if top and p.framed else None,
                )
        else:
            draw_back(canvas, x, 0, size, ascii_suits)
        canvas.put(x, size.height, p.label[:w], "dim")
        x += w + 3
    return Text("\n" * max(0, (height - size.height - 1) // 2)) + canvas.to_text()
