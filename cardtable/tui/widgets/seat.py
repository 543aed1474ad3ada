"""One other seat at the table: name, cards held, tricks, bid, dealer mark, status, turn."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from games.core import SeatView


def seat_text(view: SeatView, names: Sequence[str], seat: int, width: int = 40) -> Text:
    name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
    room = width - 2 - (4 if view.dealer == seat else 0)
    if len(name) > room:
        name = name[:max(room - 1, 1)] + "…"
    out = Text()
    out.append("▶ " if view.to_act == seat else "  ", style="bold")
    out.append(name, style="bold")
    if view.dealer == seat:
        out.append(" (D)", style="italic")
    out.append(f"\ncards {view.hand_sizes[seat]}\ntricks {view.tricks_won[seat]}")
    bid = view.bids[seat] if seat < len(view.bids) else ""
    status = view.status[seat] if seat < len(view.status) else ""
    line = " · ".join(x for x in (f"bid {bid}" if bid and not bid[0].isalpha() else bid, status) if x)
    out.append("\n" + line, style="italic")
    return out


class SeatPanel(Static):
    def __init__(self, seat: int, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.seat = seat

    def show(self, view: SeatView, names: Sequence[str]) -> None:
        self.update(seat_text(view, names, self.seat, self.content_size.width or 12), layout=False)  # fixed size
        self.set_class(view.to_act == self.seat, "-turn")
