"""The trick in the middle: each card drawn at its player's side of the table.

Shows the trick in progress, or the finished trick (with its winner's cards framed) until the
screen says otherwise.  Cards are drawn as faces when there is room: around the table (the
opposite seats on top, the sides left and right, yours at the bottom) on a roomy terminal, in
one row in the seats' order on a smaller one, and as plain tokens when even that does not fit.
Positions come from :func:`cardtable.tui.render.seat_positions`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from games.core import Play, SeatView

from ..cardface import CURSOR, LARGE, SMALL, Canvas, Size, cards_row, min_step, paste, piles_canvas
from ..render import card_text, four_colour, seat_positions, show_cards
from .lines import rows_of


class TrickArea(Widget):
    """Renders at its current width, so resizes redraw the positions correctly.

    The area draws its own lines (Textual's line API) and keeps them: when a card joins the
    trick, only the rows that look different are drawn again, usually the new card's, not the
    whole felt (issue 20: every seat's screen updates on every move)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._args: tuple[SeatView, Sequence[str], tuple[Play, ...], int | None, bool] | None = None
        self.centre = None  # (view, names, ascii) -> renderable: the game's use of an empty table
        self._lines: list[Strip] | None = None  # the rows drawn, for ``_lines_for``
        self._lines_for: tuple | None = None  # (content size, style) they were drawn at

    def show(
        self,
        view: SeatView,
        names: Sequence[str],
        plays: Sequence[Play],
        winner: int | None,
        ascii_suits: bool,
    ) -> None:
        self._args = (view, names, tuple(plays), winner, ascii_suits)
        # what the cards on the table depend on; the game's centre (an empty table) depends on the whole view
        key = (
            tuple(plays),
            winner,
            ascii_suits,
            four_colour(),
            tuple(names),
            view.seat,
            view.num_seats,
            view if not plays else None,
        )
        if key != getattr(self, "_shown", None):  # the same trick is not drawn again (issue 20)
            self._shown = key
            self._repaint()

    def _repaint(self) -> None:
        """Mark for drawing the rows that changed (all of them when the size changed too)."""
        old, self._lines = self._lines, None
        if old is None or not self.is_mounted or (self.content_size, self.visual_style) != self._lines_for:
            self.refresh()
            return
        new = self._rows()
        width = self.content_size.width
        changed = [
            y for y in range(max(len(old), len(new))) if y >= len(old) or y >= len(new) or old[y] != new[y]
        ]
        if changed:
            self.refresh(*(Region(0, y, width, 1) for y in changed))

    def _rows(self) -> list[Strip]:
        """The area's rows at its size and style, drawn once and kept."""
        key = (self.content_size, self.visual_style)
        if self._lines is None or key != self._lines_for:
            width, height = key[0]
            self._lines = rows_of(self, self.render(), width, height)
            self._lines_for = key
        return self._lines

    def render_line(self, y: int) -> Strip:
        rows = self._rows()
        return (
            rows[y] if y < len(rows) else Strip.blank(self.content_size.width, self.visual_style.rich_style)
        )

    def render(self):
        if self._args is None:
            return Text("")
        view, names, plays, _, ascii_suits = self._args
        if not plays:  # an empty table: the game's cards in the middle (the upcard, a talon...)
            width, height = max(self.content_size.width, 8), self.content_size.height
            if self.centre is not None:
                shown = self.centre(view, names, ascii_suits, width, height)
            else:
                from ..panels import up_piles

                shown = piles_canvas(up_piles(view), width, height, ascii_suits)
            if shown is not None:
                return shown
        width, height = max(self.content_size.width, 8), self.content_size.height
        out = trick_faces(*self._args, width, height)
        if out is None:
            return trick_text(*self._args, width, height)
        lines = out.plain.count("\n") + 1
        return Text("\n" * max(0, (height - lines) // 2)) + out  # faces sit in the middle of the felt


def _who(play: Play, names: Sequence[str], winner: int | None, ascii_suits: bool) -> Text:
    """The name under or beside a played card (and the game's note on the play)."""
    name = names[play.seat] if play.seat < len(names) else f"Seat {play.seat + 1}"
    t = Text(name if len(name) <= 12 else name[:11] + "…", style="bold" if play.seat == winner else "dim")
    if play.note:
        t.append(f" {show_cards(play.note, ascii_suits)}", style="italic")
    return t


def _play_canvas(play: Play, size: Size, ascii_suits: bool, winner: int | None) -> Canvas:
    gap = size.width + 1
    step = gap if len(play.cards) <= 2 else min_step(play.cards)
    return cards_row(play.cards, size, ascii_suits, CURSOR if play.seat == winner else None, step)


def _footer(
    view: SeatView, names: Sequence[str], plays: Sequence[Play], winner: int | None, width: int
) -> Text:
    if winner is not None and plays:
        words = f"{names[winner]} won the trick"
        words = words if len(words) <= width else f"{names[winner]} won"[:width]
        return Text(words.center(width), style="italic")
    if not plays:
        return Text("(no cards yet)".center(width), style="dim")
    return Text("")


def trick_faces(
    view: SeatView,
    names: Sequence[str],
    plays: Sequence[Play],
    winner: int | None,
    ascii_suits: bool,
    width: int,
    height: int,
) -> Text | None:
    """The trick as card faces, or None when faces do not fit the area."""
    if not plays:
        return None
    noted = any(p.note for p in plays)  # a game's notes (led, holds) are worth smaller cards
    for size, notes in ((LARGE, noted), (SMALL, noted), (LARGE, False), (SMALL, False)):
        out = _at_seats(view, names, plays, winner, ascii_suits, width, height, size, notes)
        if out is not None:
            return out
    return _in_a_row(view, names, plays, winner, ascii_suits, width, height)


def _at_seats(
    view, names, plays, winner, ascii_suits, width, height, size: Size, notes: bool = False
) -> Text | None:
    """Each card in front of the seat that played it, as on a real table: the seats across the
    top along the top edge (spread as their boxes are), the side seats at the left and right
    edges, yours at the bottom; later cards lie over earlier ones where they meet.  No names are
    needed (the seat's box is right behind its card); a game's note on a play goes beside it
    when there is room.  None when the faces do not fit ``width`` x ``height`` (or, with ``notes``,
    when a note finds no room beside its card)."""
    pos = seat_positions(view)
    me = view.seat if view.seat is not None else next(iter(set(range(view.num_seats)) - set(pos)), 0)
    by_seat = {p.seat: p for p in plays}
    faces = {s: _play_canvas(p, size, ascii_suits, winner) for s, p in by_seat.items()}
    tops = sorted((i, s) for s, (side, i) in pos.items() if side == "top")
    has_sides = any(side != "top" for side, _ in pos.values())
    rows = size.height * 2 + (1 if not has_sides else 0)  # top and bottom bands never overlap
    widest = max(f.width for f in faces.values())
    if height < rows or width < widest * (3 if has_sides else 1):
        return None
    if len(tops) > 1 and (width - widest) // (len(tops) - 1) < min_step([c for p in plays for c in p.cards]):
        return None  # neighbouring cards along the top must each show their corner
    h = min(height - 1, size.height * 3 + 2) if height > rows else height  # room for the winner line
    canvas = Canvas(width, h)
    y_mid = (h - size.height) // 2
    if tops:  # the side cards below the top row's (covering at most its bottom edge), above the bottom one's
        y_mid = min(max(y_mid, size.height - 1), h - size.height)
    spots: dict[int, tuple[int, int]] = {}
    for k, (_, s) in enumerate(tops):  # spread as the seats' boxes are, the ends against the edges
        x = k * (width - widest) // max(len(tops) - 1, 1) if len(tops) > 1 else (width - widest) // 2
        spots[s] = (x, 0)
    for s, (side, _) in pos.items():
        if side == "left":
            spots[s] = (0, y_mid)
        elif side == "right":
            spots[s] = (width - faces.get(s, _EMPTY).width, y_mid)
    spots[me] = ((width - faces.get(me, _EMPTY).width) // 2, h - size.height)
    top = {s for _, s in tops}
    along_top = sorted((spots[p.seat][0], p.seat) for p in plays if p.seat in top)
    for _, s in along_top:  # left to right: each card's corner stays in sight
        paste(canvas, faces[s], *spots[s])
    for p in plays:  # the others in the order played: a later card lies over an earlier one
        if p.seat not in top:
            paste(canvas, faces[p.seat], *spots.get(p.seat, (0, 0)))
    for p in plays:
        if p.note:
            x, y = spots.get(p.seat, (0, 0))
            note = Text(show_cards(p.note, ascii_suits), style="italic")
            w, n = faces[p.seat].width, note.cell_len
            middle = y + size.height // 2
            beside = [
                (x + w + 1, middle),
                (x - 1 - n, middle),
                (x + (w - n) // 2, y + size.height),
                (x + (w - n) // 2, y - 1),
            ]
            for nx, ny in beside:  # right of the card, left of it, under it, over it: where it covers no card
                if nx >= 0 and nx + n <= width and _blank(canvas, nx - 1, ny, n + 2):
                    canvas.put_text(nx, ny, note)
                    break
            else:
                if notes:
                    return None
    out = canvas.to_text()
    if h < height:
        out.append("\n")
        out.append_text(_footer(view, names, plays, winner, width))
    return out


def _blank(canvas: Canvas, x: int, y: int, n: int) -> bool:
    """True when the ``n`` cells from (x, y) hold nothing yet."""
    return 0 <= y < canvas.height and all(
        canvas.cells[y][i] == (" ", "") for i in range(x, min(x + n, canvas.width))
    )


class _Empty:
    width = 0


_EMPTY = _Empty()


def _in_a_row(view, names, plays, winner, ascii_suits, width, height) -> Text | None:
    """Small faces side by side in the seats' order around the table (left, across, right,
    you), each name below its card; None when they do not fit."""
    size = SMALL
    if height < size.height + 2:
        return None
    pos = seat_positions(view)
    order = {"left": 0, "top": 1, "right": 2}
    seats = sorted((s for s in pos), key=lambda s: (order[pos[s][0]], pos[s][1]))
    seats.append(view.seat if view.seat is not None else -1)
    if pos.get(seats[-1]) is None and seats[-1] >= 0:
        seats.insert(len(seats) - 1, seats.pop())  # yours in the middle would hide the order; keep it last
    by_seat = {p.seat: p for p in plays}
    pieces = [
        (_play_canvas(by_seat[s], size, ascii_suits, winner), _who(by_seat[s], names, winner, ascii_suits))
        for s in seats
        if s in by_seat
    ]
    slots = [max(face.width, who.cell_len) for face, who in pieces]
    gap = 2
    total = sum(slots) + gap * (len(slots) - 1)
    if total > width:
        return None
    canvas = Canvas(width, size.height + 1)
    x = (width - total) // 2
    for (face, who), slot in zip(pieces, slots):
        paste(canvas, face, x + (slot - face.width) // 2, 0)
        canvas.put_text(x + (slot - who.cell_len) // 2, size.height, who)
        x += slot + gap
    out = canvas.to_text()
    out.append("\n")
    out.append_text(_footer(view, names, plays, winner, width))
    return out


def _play_text(
    play: Play, names: Sequence[str], ascii_suits: bool, winner: int | None, label: bool = False
) -> Text:
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


def trick_text(
    view: SeatView,
    names: Sequence[str],
    plays: Sequence[Play],
    winner: int | None,
    ascii_suits: bool,
    width: int,
    height: int = 0,
) -> Text:
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
            _place(
                top, max(centre - piece.cell_len // 2, top.cell_len + 1 if top.cell_len else 0), piece, width
            )
    lefts = [
        _play_text(by_seat[s], names, ascii_suits, winner, wide)
        for s, (side, _) in pos.items()
        if s in by_seat and side == "left"
    ]
    rights = [
        _play_text(by_seat[s], names, ascii_suits, winner, wide)
        for s, (side, _) in pos.items()
        if s in by_seat and side == "right"
    ]
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
