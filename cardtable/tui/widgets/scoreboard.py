"""The scoreboard: each seat's score, this hand's tricks and bid, plus the game's info lines."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from games.core import SeatView

from ..render import fill_names


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


class Scoreboard(Static):
    def show(self, view: SeatView, names: Sequence[str]) -> None:
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False)
        table.add_column("Player", ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column("Pts", justify="right")
        table.add_column("Tr", justify="right")
        has_bids = any(view.bids)
        if has_bids:
            table.add_column("Bid", justify="right", no_wrap=True)
        for s in range(view.num_seats):
            name = names[s] if s < len(names) else f"Seat {s + 1}"
            style = "bold" if s == view.seat else ""
            row = [Text(name, style=style), _num(view.scores[s]), str(view.tricks_won[s])]
            if has_bids:
                row.append(view.bids[s])
            table.add_row(*row)
        info = Text("\n".join(fill_names(f"{key}: {value}", names) for key, value in view.info), style="dim")
        self.update(Group(table, info) if view.info else table)
