"""Trump Suit's side panel: the trump pile (top card last, highlighted), the draw deck count,
every player's bid, tricks and bags, and the score sheet of the last hands.  Pure function of
``SeatView.extra`` and the generic view fields."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from games.core import SeatView

from .panels import ExtraPanel, register_panel
from .render import card_text, seat_name

SHEET_ROWS = 6  # hands shown on the score sheet (the most recent)


class TrumpSuitPanel(ExtraPanel):
    """Trump pile, draw deck, bids and bags, score sheet."""

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        return Group(self._pile(view, ascii_suits), self._players(view, names), self._sheet(view, names))

    @staticmethod
    def _pile(view: SeatView, ascii_suits: bool) -> Text:
        extra = view.extra
        pile = list(extra.get("pile", ()))
        out = Text("Trump pile ", style="dim")
        for i, c in enumerate(pile):
            top = i == len(pile) - 1
            out.append_text(card_text(c, ascii_suits, "bold reverse" if top else "dim"))
            out.append(" ")
        out.append(f"· {view.trump}", style="bold")
        out.append(f"\nDraw deck: {extra.get('deck_count', 0)} card(s)", style="dim")
        return out

    @staticmethod
    def _players(view: SeatView, names: Sequence[str]) -> Table:
        table = Table(box=None, pad_edge=False, show_header=True, header_style="dim")
        for head in ("player", "bid", "took", "bags", "score"):
            table.add_column(head, justify="left" if head == "player" else "right")
        bags = view.extra.get("bags", [0] * view.num_seats)
        for s in range(view.num_seats):
            table.add_row(seat_name(view, names, s), view.bids[s] or "-", str(view.tricks_won[s]),
                          str(bags[s]), str(view.scores[s]))
        return table

    @staticmethod
    def _sheet(view: SeatView, names: Sequence[str]) -> RenderableType:
        rows = list(view.extra.get("sheet", ()))[-SHEET_ROWS:]
        if not rows:
            return Text("Score sheet: no hand scored yet", style="dim")
        table = Table(title="Score sheet", box=None, pad_edge=False, title_style="dim", header_style="dim")
        table.add_column("hand", justify="right")
        for s in range(view.num_seats):
            table.add_column(seat_name(view, names, s), justify="right")
        for row in rows:
            cells = [f"{row['bids'][s]}/{row['tricks'][s]} {row['points'][s]:+d} = {row['totals'][s]}"
                     for s in range(view.num_seats)]
            table.add_row(str(row["hand"]), *cells)
        return table


register_panel("trump_suit", TrumpSuitPanel)
