"""The pot panel of the pot games (Rams, Bourré): the pot, the ante, and per player the stack,
the decision this hand (playing, widow, Rams, passed) and the tricks taken.  Pure function of
``SeatView.extra`` (pot, ante, stacks, rams_by, widow_by, stock) and the generic view fields."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from games.core import SeatView

from .panels import ExtraPanel, register_panel
from .render import seat_name

DECISION_TEXT = {"play": "plays", "widow": "took widow", "rams": "RAMS", "swap": "swapped", "pass": "passed",
                 "dealer": "dealer (redeal)"}


class PotPanel(ExtraPanel):
    """Pot and ante on top, then one row per player: stack, this hand's decision, tricks."""

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        return Group(self._pot(view, names), self._players(view, names))

    @staticmethod
    def _pot(view: SeatView, names: Sequence[str]) -> Text:
        extra = view.extra
        out = Text("Pot ", style="dim")
        out.append(str(extra.get("pot", 0)), style="bold")
        out.append(f"   ante {extra.get('ante', '?')}", style="dim")
        if extra.get("rams_by") is not None:
            out.append(f"\nRams declared by {seat_name(view, names, extra['rams_by'])}", style="bold")
        if "widow_by" in extra:
            who = extra.get("widow_by")
            out.append("\nWidow: " + ("face down" if who is None else f"taken by {seat_name(view, names, who)}"),
                       style="dim")
        if "stock" in extra:
            out.append(f"\nStock: {extra['stock']} card(s)", style="dim")
        return out

    @staticmethod
    def _players(view: SeatView, names: Sequence[str]) -> Table:
        table = Table(box=None, pad_edge=False, show_header=True, header_style="dim")
        for head in ("player", "stack", "this hand", "tricks"):
            table.add_column(head, justify="left" if head in ("player", "this hand") else "right")
        stacks = view.extra.get("stacks", view.scores)
        for s in range(view.num_seats):
            decision = DECISION_TEXT.get(view.bids[s], view.bids[s] or "-")
            if view.status[s] == "out":
                decision = "out of counters"
            style = "dim" if view.bids[s] == "pass" or view.status[s] == "out" else ""
            table.add_row(seat_name(view, names, s), str(stacks[s]), decision, str(view.tricks_won[s]), style=style)
        return table


register_panel("rams", PotPanel)
register_panel("bourre", PotPanel)
