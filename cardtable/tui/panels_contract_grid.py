"""Contract Grid's side panel: every player's grid side by side (grids and bids are public,
CG-7).  A marked square is drawn reversed in green and ends with ``#``; a square bid this hand is
bold yellow and starts with ``>``; under each grid, the score against the cap, the bids, and what the last
scored hand brought (made bids and the points for values, bids and lines).  Pure function of
``SeatView.extra`` and ``scores``."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from games.core import SeatView

from .panels import ExtraPanel, register_panel
from .render import BLACK, RED

ABBR = {"Zero": "Zero", "One": "One", "Two": "Two", "First": "1st", "Second": "2nd", "Third": "3rd",
        "Different": "Diff", "Soloist": "Solo", "Partner": "Partn", "All-Trump": "AllTr", "No-Trump": "NoTr",
        "Spades": "Spds", "Hearts": "Hrts", "Diamonds": "Dmds", "Clubs": "Clbs", "Play": "Play"}
SUIT_STYLE = {"Spades": BLACK, "Hearts": RED, "Diamonds": RED, "Clubs": BLACK}


def _cell(contract: str | None, marked: bool, bid: bool) -> Text:
    name = ABBR.get(contract, "?") if contract else "  .  "
    style = SUIT_STYLE.get(contract or "", "")
    text = Text(f"{'>' if bid else ' '}{name:<5}{'#' if marked else ' '}", style=style)
    if marked:
        text.stylize("reverse green")
    if bid:
        text.stylize("bold yellow")
    return text


def grid_table(view: SeatView, seat: int, name: str, ascii_suits: bool) -> Table:
    ex = view.extra
    size = ex["size"]
    bids = set(ex["bids"][seat])
    table = Table.grid(padding=(0, 1))
    table.add_row("", *(Text(col.upper(), style="dim") for col in "abcd"[:size]))
    for r, row in enumerate(ex["grids"][seat]):
        table.add_row(Text(str(r + 1), style="dim"), *(
            _cell(cell["contract"], cell["marked"], f"{'abcd'[c]}{r + 1}" in bids) for c, cell in enumerate(row)))
    cap = f"/{ex['cap']}" if ex.get("cap") else ""
    marked = sum(cell["marked"] for row in ex["grids"][seat] for cell in row)
    title = Text(f"{name}  {view.scores[seat]}{cap}  ({marked}/{size * size} marked)", style="bold")
    outer = Table.grid()
    outer.add_row(title)
    outer.add_row(table)
    if ex["bids"][seat]:
        outer.add_row(Text("Bids: " + " ".join(b.upper() for b in ex["bids"][seat]), style="yellow"))
    last = ex["breakdown"][seat]
    if last:
        made = ", ".join(last["made_bids"]) or "no bid"
        outer.add_row(Text(f"Last hand +{last['gained']}: made {made}; values {last['unmarked']}, "
                           f"bids {last['bids']}, lines {last['lines']}", style="dim"))
    return outer


class ContractGridPanel(ExtraPanel):
    """The three grids, marks, this hand's bids and the last hand's results."""

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        row = Table.grid(padding=(0, 3))
        seats = range(view.num_seats)
        label = [names[s] if s < len(names) else f"seat {s}" for s in seats]
        row.add_row(*(grid_table(view, s, label[s], ascii_suits) for s in seats))
        return row


register_panel("contract_grid", ContractGridPanel)
