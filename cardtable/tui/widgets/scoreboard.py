"""The scoreboard: each seat's score, this hand's tricks and bid, plus the game's info lines.

When another player moves, usually only the turn marker (``>``) moves from one row to another:
the table is drawn once for each set of figures and kept, and a new turn draws only the two
rows whose marker changed (drawing the whole table again on every move was a good part of each
update's CPU; issue 20).  The figures change at the end of every trick, so the table is laid out
by hand (:func:`score_text`), as Rich's table would lay it out, except when the names' column is
too narrow, where Rich's own layout draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Static

from games.core import SeatView

from ..render import fill_names
from .lines import text_rows, textual_rows
from .seat import team_tag

MARKER = ">"  # ASCII: same width in every font


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def score_table(
    view: SeatView, names: Sequence[str], info: Sequence[tuple[str, str]], to_act: int | None = None
) -> RenderableType:
    """The scoreboard's table (and info lines below it), with the marker in ``to_act``'s row."""
    table = Table(box=None, padding=(0, 1), expand=True, show_edge=False, pad_edge=False, header_style="dim")
    table.add_column("Player", ratio=1, no_wrap=True, overflow="ellipsis", min_width=4)
    if view.teams:  # partnerships: the side's letter; Pts is the side's score
        table.add_column("Sd", no_wrap=True)
    table.add_column("Pts", justify="right", no_wrap=True)
    table.add_column("Tr", justify="right", no_wrap=True)
    has_bids = any(view.bids)
    if has_bids:
        table.add_column("Bid", justify="right", no_wrap=True, overflow="ellipsis", max_width=6)
    for s in range(view.num_seats):
        name = names[s] if s < len(names) else f"Seat {s + 1}"
        row: list[Text | str] = [
            Text((MARKER if to_act == s else " ") + name, style="bold" if s == view.seat else "")
        ]
        if view.teams:
            row.append(team_tag(view, s))
        row += [_num(view.scores[s]), "out" if s in view.sitting_out else str(view.tricks_won[s])]
        if has_bids:
            row.append(view.bids[s])
        table.add_row(*row)
    if not info:
        return table
    return Group(
        table, Text("\n".join(fill_names(f"{key}: {value}", names) for key, value in info), style="dim")
    )


def score_text(
    view: SeatView,
    names: Sequence[str],
    info: Sequence[tuple[str, str]],
    width: int,
    to_act: int | None = None,
) -> Text | None:
    """The scoreboard laid out by hand, cell for cell as :func:`score_table` draws at ``width``
    (drawing a Rich table costs several milliseconds, and every seat's scoreboard changes at the
    end of every trick).  None when the names' column would be narrower than its minimum, where
    Rich shrinks the columns its own way."""
    has_bids = any(view.bids)
    header = ["Player"] + (["Sd"] if view.teams else []) + ["Pts", "Tr"] + (["Bid"] if has_bids else [])
    rows = []
    for s in range(view.num_seats):
        name = names[s] if s < len(names) else f"Seat {s + 1}"
        row = [((MARKER if to_act == s else " ") + name, "bold" if s == view.seat else "")]
        if view.teams:
            row.append((team_tag(view, s), ""))
        row += [(_num(view.scores[s]), ""), ("out" if s in view.sitting_out else str(view.tricks_won[s]), "")]
        if has_bids:
            row.append((view.bids[s], ""))
        rows.append(row)
    last = len(header) - 1
    widths = [max(len(header[c]), *(len(r[c][0]) for r in rows)) for c in range(len(header))]
    if has_bids:
        widths[last] = min(widths[last], 6)  # the bid column's max_width
    pads = [(int(c > 0), int(c < last)) for c in range(len(header))]  # one space a side, none at the edges
    widths[0] = width - sum(w + left + right for w, (left, right) in zip(widths[1:], pads[1:])) - 1
    if widths[0] < 4:  # the names' column's min_width
        return None

    def cell(text: str, c: int) -> str:
        w = widths[c]
        if len(text) > w:
            text = text[: w - 1] + "…"
        body = text.ljust(w) if c == 0 or header[c] == "Sd" else text.rjust(w)
        return " " * pads[c][0] + body + " " * pads[c][1]

    lines = [Text("".join(cell(h, c) for c, h in enumerate(header)), style="dim")]
    for row in rows:
        line = Text()
        for c, (text, style) in enumerate(row):
            line.append(cell(text, c), style=style or None)
        lines.append(line)
    lines += [Text(fill_names(f"{key}: {value}", names), style="dim") for key, value in info]
    return Text("\n").join(lines)


def with_marker(strip: Strip) -> Strip:
    """A row of the table drawn without a marker, now with the marker in its first cell."""
    first = next(iter(strip.crop(0, 1)), None)
    if first is None:
        return strip
    return Strip([Segment(MARKER, first.style), *strip.crop(1, strip.cell_length)], strip.cell_length)


class Scoreboard(Static):
    """Compact enough for the 28-column side panel at 80x24: long names end in an ellipsis, long
    bids are cut.  With partnerships a column gives each seat's side (A, B) and the points are the
    side's; a seat sitting the hand out shows ``out`` for its tricks.  ``hide_info(key)``: True for
    the info lines a per-game panel shows instead."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._figures: tuple | None = None  # everything drawn except the turn marker
        # (view, names, info) of the figures shown
        self._args: tuple[SeatView, Sequence[str], Sequence[tuple[str, str]]] | None = None
        self._drawn: dict[tuple, list[Strip]] = {}  # (width, style, marker seat or None) -> rows
        self.to_act: int | None = None

    def show(
        self, view: SeatView, names: Sequence[str], hide_info: Callable[[str], bool] | None = None
    ) -> None:
        info = [
            (line.label, line.value) for line in view.info if hide_info is None or not hide_info(line.key)
        ]
        shape = (tuple(names), view.num_seats, view.seat, view.teams, any(view.bids), tuple(info))
        figures = (
            shape,
            tuple(view.scores),
            tuple(view.tricks_won),
            tuple(view.bids),
            tuple(view.sitting_out),
        )
        if figures != self._figures:
            # only a new shape (names, columns, info lines) can change the height: else no new layout
            layout = shape != (self._figures or (None,))[0]
            self._figures, self._args, self._drawn, self.to_act = (
                figures,
                (view, names, info),
                {},
                view.to_act,
            )
            self.refresh(layout=layout)
        elif view.to_act != self.to_act:  # the turn moved on: only the two rows with a marker change
            rows = [1 + s for s in (self.to_act, view.to_act) if s is not None]  # row 0: the header
            self.to_act = view.to_act
            self.refresh(*(Region(0, y, self.size.width, 1) for y in rows))

    # -- drawing: the table once per width, the marker put in its row ---------------------
    def _rows(self, width: int, to_act: int | None = None) -> list[Strip]:
        """The table drawn at ``width`` with the marker in ``to_act``'s row (None: no marker)."""
        key = (width, self.visual_style, to_act)
        if key not in self._drawn and self._args is not None:
            laid_out = score_text(*self._args, width, to_act=to_act)
            rows = text_rows(self, laid_out, width, None) if laid_out is not None else None
            if rows is None:  # a narrow column or a long info line: Rich lays the table out
                rows = textual_rows(self, score_table(*self._args, to_act=to_act), width, None)
            self._drawn[key] = rows
        return self._drawn.get(key, [])

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        rows = self._rows(width)
        if y >= len(rows):
            return Strip.blank(width, self.visual_style.rich_style)
        if self.to_act is None or y != 1 + self.to_act:
            return rows[y]
        if rows[y].text.startswith(" "):
            return with_marker(rows[y])
        return self._rows(width, self.to_act)[y]  # not a row as expected: drawn with its marker

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._rows(width))
