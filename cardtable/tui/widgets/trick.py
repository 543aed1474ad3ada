"""The trick in the middle: each card drawn at its player's side of the table.

Shows the trick in progress, or the finished trick (with its winner) until the screen says
otherwise.  Positions come from :func:`cardtable.tui.render.seat_positions`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from games.core import Play, SeatView

from ..render import card_text, seat_positions, show_cards


class TrickArea(Widget):
    """Renders at its current width, so resizes redraw the positions correctly."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._args: tuple | None = None

    def show(self, view: SeatView, names: Sequence[str], plays: Sequence[Play], winner: int | None,
             ascii_suits: bool) -> None:
        self._args = (view, names, tuple(plays), winner, ascii_suits)
        self.refresh()

    def render(self) -> Text:
        if self._args is None:
            return Text("")
        return trick_text(*self._args, max(self.content_size.width, 8), self.content_size.height)


def _play_text(play: Play, names: Sequence[str], ascii_suits: bool, winner: int | None, label: bool = False) -> Text:
    t = Text()
    if label and play.seat < len(names):  # a wide table names who played each card
        name = names[play.seat]
        t.append((name if len(name) <= 10 else name[:9] + "…") + " ", style="dim")
    for i, c in enumerate(play.cards):
        if i:
            t.append(" ")
        t.append_text(card_text(c, ascii_suits, "bold reverse" if play.seat == winner else "bold"))
    if play.note:
        t.append(f" {show_cards(play.note, ascii_suits)}", style="italic")
    return t


def _place(line: Text, x: int, piece: Text, width: int) -> Text:
    """``line`` padded to ``x`` then ``piece`` (clipped to width)."""
    pad = max(0, x - line.cell_len)
    line.append(" " * pad)
    line.append_text(piece)
    line.truncate(width)
    return line


def trick_text(view: SeatView, names: Sequence[str], plays: Sequence[Play], winner: int | None,
               ascii_suits: bool, width: int, height: int = 0) -> Text:
    """The trick as lines: opposite seats on top, the sides in the middle, yours at the bottom,
    then who won.  A taller area spreads the rows apart (up to three blank lines between them)."""
    pos = seat_positions(view)
    by_seat = {p.seat: p for p in plays}
    wide = width >= 36
    tops = sorted((i, s) for s, (side, i) in pos.items() if side == "top")
    top, middle, bottom = Text(), Text(), Text()
    for k, (_, s) in enumerate(tops):
        if s in by_seat:
            piece = _play_text(by_seat[s], names, ascii_suits, winner, wide)
            centre = (2 * k + 1) * width // (2 * len(tops))
            _place(top, max(centre - piece.cell_len // 2, top.cell_len + 1 if top.cell_len else 0), piece, width)
    lefts = [_play_text(by_seat[s], names, ascii_suits, winner, wide) for s, (side, _) in pos.items()
             if s in by_seat and side == "left"]
    rights = [_play_text(by_seat[s], names, ascii_suits, winner, wide) for s, (side, _) in pos.items()
              if s in by_seat and side == "right"]
    for piece in lefts:
        _place(middle, 0, piece, width)
    extra = Text()  # the right-hand play moves down a line when both sides do not fit on one
    for piece in rights:
        fits = middle.cell_len + 1 + piece.cell_len <= width
        line = middle if fits or not middle.cell_len else extra
        _place(line, max(width - piece.cell_len, line.cell_len + 1 if line.cell_len else 0), piece, width)
    if extra.cell_len:
        middle.append("\n")
        middle.append_text(extra)
    me = view.seat
    if me is not None and me in by_seat:
        piece = _play_text(by_seat[me], names, ascii_suits, winner, wide)
        _place(bottom, (width - piece.cell_len) // 2, piece, width)
    gap = [Text()] * min(3, max(1, (height - 4) // 4))
    out = Text()
    for line in (top, *gap, middle, *gap, bottom):
        out.append_text(line)
        out.append("\n")
    if winner is not None and plays:
        out.append_text(Text(f"{names[winner]} won the trick".center(width), style="italic"))
    elif not plays:
        out.append_text(Text("(no cards yet)".center(width), style="dim"))
    return out
