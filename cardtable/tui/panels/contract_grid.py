"""Contract Grid's side panel: the grids (grids and bids are public, CG-7), drawn compactly.

Each square is five cells: a mark (``#`` marked, ``>`` bid this hand, ``*`` both) and a
four-letter contract (``Zero``, ``1st``, ``Spds``...); marked squares are also reversed green and
bid squares bold yellow, so the marks survive NO_COLOR.  Your own grid comes first with a title
"name score/cap marked/16" and your bids; the other players' grids follow when the side is wide
enough (side by side, or stacked on a terminal of 40 rows), otherwise one summary line each
(score, marked squares, bids).  The last scored hand's
result closes the panel.  The panel replaces the info lines for the cap and the number of bids.
Pure function of ``SeatView.extra`` (a :class:`GridView`) and ``scores``."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from games.contract_grid.viewdata import GridView
from games.core import SeatView

from ..render import BLACK, RED
from . import ExtraPanel

ABBR = {
    "Zero": "Zero",
    "One": "One",
    "Two": "Two",
    "First": "1st",
    "Second": "2nd",
    "Third": "3rd",
    "Different": "Diff",
    "Soloist": "Solo",
    "Partner": "Prtn",
    "All-Trump": "AlTr",
    "No-Trump": "NoTr",
    "Spades": "Spds",
    "Hearts": "Hrts",
    "Diamonds": "Dmds",
    "Clubs": "Clbs",
    "Play": "Play",
}
SUIT_STYLE = {"Spades": BLACK, "Hearts": RED, "Diamonds": RED, "Clubs": BLACK}
GRID_WIDTH = 26  # "1 " + four squares of 5 cells and a gap: fits the 27-column side at 80x24
# the compact square of the centre: a mark and three letters (a suit contract shows its symbol)
ABBR3 = {
    "Zero": "Zro",
    "One": "One",
    "Two": "Two",
    "First": "1st",
    "Second": "2nd",
    "Third": "3rd",
    "Different": "Dif",
    "Soloist": "Sol",
    "Partner": "Ptn",
    "All-Trump": "ATr",
    "No-Trump": "NTr",
    "Spades": " ♠ ",
    "Hearts": " ♥ ",
    "Diamonds": " ♦ ",
    "Clubs": " ♣ ",
    "Play": "Ply",
}
ASCII3 = {"Spades": "Spd", "Hearts": "Hrt", "Diamonds": "Dmd", "Clubs": "Clb"}
CENTRE_PHASES = ("fill", "drop", "bid")  # while grids are filled and squares bid, the grids take the middle


def _cell(contract: str | None, marked: bool, bid: bool) -> Text:
    name = ABBR.get(contract, contract[:4]) if contract else "  · "
    return _square(f"{name:<4}", contract, marked, bid)


def _small_cell(contract: str | None, marked: bool, bid: bool, ascii_suits: bool) -> Text:
    name = (ASCII3 if ascii_suits else {}).get(contract or "") or ABBR3.get(
        contract or "", (contract or "")[:3]
    )
    return _square(f"{name or ' · ':<3}", contract, marked, bid)


def _square(name: str, contract: str | None, marked: bool, bid: bool) -> Text:
    """A square as text: its mark (``*`` marked and bid, ``#`` marked, ``>`` bid), then its name
    in its contract's colour; reversed green when marked, bold yellow when bid."""
    mark = "*" if marked and bid else "#" if marked else ">" if bid else " "
    text = Text(mark + name, style=SUIT_STYLE.get(contract or "", ""))
    if marked:
        text.stylize("reverse green")
    if bid:
        text.stylize("bold yellow")
    return text


def small_grid(view: SeatView, seat: int, name: str, ascii_suits: bool, here: bool) -> Table:
    """A grid of 4-cell squares (18 columns): the centre holds two at 80x24, three from 100 columns."""
    ex = view.data(GridView)
    size = ex.size
    bids = set(ex.bids[seat])
    table = Table.grid()
    table.add_row(Text(" "), *(Text(f"  {col.upper()} ", style="dim") for col in "abcd"[:size]))
    for r, row in enumerate(ex.grids[seat]):
        table.add_row(
            Text(str(r + 1), style="dim"),
            *(
                _small_cell(cell.contract, cell.marked, f"{'abcd'[c]}{r + 1}" in bids, ascii_suits)
                for c, cell in enumerate(row)
            ),
        )
    outer = Table.grid()
    title = Text(("▶ " if here else "") + name[:12], style="bold")
    title.append(f" {view.scores[seat]}", style="dim")
    outer.add_row(title)
    outer.add_row(table)
    outer.add_row(
        Text("Bids " + " ".join(b.upper() for b in ex.bids[seat]), style="yellow")
        if ex.bids[seat]
        else Text("")
    )
    return outer


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def _marked(view: SeatView, seat: int) -> int:
    return view.data(GridView).marked_count(seat)


def grid_table(view: SeatView, seat: int, name: str) -> Table:
    """One player's grid with a title line and their bids this hand."""
    ex = view.data(GridView)
    size = ex.size
    bids = set(ex.bids[seat])
    cap = f"/{ex.cap}" if ex.cap else ""
    table = Table.grid(padding=(0, 1))
    table.add_row(Text(" "), *(Text(f" {col.upper()}", style="dim") for col in "abcd"[:size]))
    for r, row in enumerate(ex.grids[seat]):
        table.add_row(
            Text(str(r + 1), style="dim"),
            *(_cell(cell.contract, cell.marked, f"{'abcd'[c]}{r + 1}" in bids) for c, cell in enumerate(row)),
        )
    outer = Table.grid()
    title = Text(f"{name[:10]} ", style="bold")
    title.append(f"{view.scores[seat]}{cap} · {_marked(view, seat)}/{size * size} marked", style="dim")
    outer.add_row(title)
    outer.add_row(table)
    if ex.bids[seat]:
        outer.add_row(Text("Bids " + " ".join(b.upper() for b in ex.bids[seat]), style="yellow"))
    return outer


def summary_line(view: SeatView, seat: int, name: str) -> Text:
    ex = view.data(GridView)
    out = Text(f"{name[:10]} ", style="bold")
    out.append(f"{view.scores[seat]} · {_marked(view, seat)}/{ex.size**2}", style="dim")
    if ex.bids[seat]:
        out.append(" " + " ".join(b.upper() for b in ex.bids[seat]), style="yellow")
    return out


def last_hand(view: SeatView, seat: int) -> Text | None:
    last = view.data(GridView).breakdown[seat]
    if not last:
        return None
    made = ", ".join(last.made_bids) or "no bid"
    return Text(
        f"Last hand +{last.gained}: made {made}; values {last.unmarked}, bids {last.bids}, "
        f"lines {last.lines}",
        style="dim",
    )


class ContractGridPanel(ExtraPanel):
    """Your grid, the others' grids (or one line each when narrow), the last hand's result.

    While the grids are filled and squares bid (CG-7: grids are public) every grid is drawn in
    the middle of the table instead, and this side panel keeps one line per player."""

    HIDES_INFO = frozenset({"cap", "bids", "hand"})  # "dropped" stays on the scoreboard

    def wants_room(self, view: SeatView) -> bool:
        return view.phase in CENTRE_PHASES

    def render_centre(
        self, view: SeatView, names: Sequence[str], ascii_suits: bool, width: int, height: int
    ) -> RenderableType | None:
        if view.phase not in CENTRE_PHASES:
            return None
        me = view.seat if view.seat is not None else 0
        order = [me] + [s for s in range(view.num_seats) if s != me]
        fit = max(1, min(len(order), (width + 2) // 20))
        row = Table.grid(padding=(0, 2))
        row.add_row(
            *(small_grid(view, s, _name(names, s), ascii_suits, view.to_act == s) for s in order[:fit])
        )
        parts: list[RenderableType] = [row]
        parts.extend(summary_line(view, s, _name(names, s)) for s in order[fit:])
        return Group(*parts)

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        ex = view.data(GridView)
        me = view.seat if view.seat is not None else 0
        order = [me] + [s for s in range(view.num_seats) if s != me]
        head = Text(f"Cap {ex.cap or 'none'} · {ex.num_bids} bids", style="dim")
        if view.phase in CENTRE_PHASES:  # the grids are in the middle of the table
            lines = [head, *(summary_line(view, s, _name(names, s)) for s in order)]
            last = last_hand(view, me)
            return Group(*lines, *([last] if last is not None else []))
        per_row = max(1, (self.width + 2) // (GRID_WIDTH + 2))
        parts: list[RenderableType] = [head]
        if per_row == 1 and self.app.size.height >= 40:  # tall: every grid, one under the other
            parts.extend(grid_table(view, s, _name(names, s)) for s in order)
        elif per_row >= 2:
            for i in range(0, len(order), per_row):
                row = Table.grid(padding=(0, 2))
                row.add_row(*(grid_table(view, s, _name(names, s)) for s in order[i : i + per_row]))
                parts.append(row)
        else:
            parts.append(grid_table(view, me, _name(names, me)))
            parts.extend(summary_line(view, s, _name(names, s)) for s in order[1:])
        last = last_hand(view, me)
        if last is not None:
            parts.append(last)
        return Group(*parts)


PANEL = ContractGridPanel  # the panel panel_for shows at this game's table
