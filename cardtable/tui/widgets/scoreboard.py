"""The scoreboard: each seat's score, this hand's tricks and bid, plus the game's info lines."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from games.core import SeatView

from ..render import fill_names
from .seat import team_tag


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


class Scoreboard(Static):
    """Compact enough for the 28-column side panel at 80x24: long names end in an ellipsis, long
    bids are cut.  With partnerships a column gives each seat's side (A, B) and the points are the
    side's; a seat sitting the hand out shows ``out`` for its tricks.  ``hide_info(key)``: True for the info lines a per-game panel shows instead."""

    def show(self, view: SeatView, names: Sequence[str], hide_info: Callable[[str], bool] | None = None) -> None:
        info = [(k, v) for k, v in view.info if hide_info is None or not hide_info(k)]
        shape = (tuple(names), view.num_seats, view.seat, view.teams, any(view.bids), tuple(info))
        shown = (shape, view.to_act, tuple(view.scores), tuple(view.tricks_won), tuple(view.bids),
                 tuple(view.sitting_out))
        if shown == getattr(self, "_shown", None):
            return  # the scores are as drawn: no new table (issue 20)
        # only a new shape (names, columns, info lines) can change the height: else no new layout
        layout, self._shown = shape != getattr(self, "_shown", (None,))[0], shown
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False, pad_edge=False,
                      header_style="dim")
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
            style = "bold" if s == view.seat else ""
            marker = ">" if view.to_act == s else " "  # ASCII: same width in every font
            row = [Text(marker + name, style=style)]
            if view.teams:
                row.append(team_tag(view, s))
            row += [_num(view.scores[s]), "out" if s in view.sitting_out else str(view.tricks_won[s])]
            if has_bids:
                row.append(view.bids[s])
            table.add_row(*row)
        if not info:
            self.update(table, layout=layout)
            return
        text = Text("\n".join(fill_names(f"{key}: {value}", names) for key, value in info), style="dim")
        self.update(Group(table, text), layout=layout)
