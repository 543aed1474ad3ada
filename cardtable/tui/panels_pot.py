"""The pot panel of the pot games (Rams, Bourré): the pot and the ante, who declared Rams, the
widow or the stock.  Stacks, tricks and this hand's decisions are on the scoreboard (Pts, Tr,
Bid), so the panel does not repeat them and hides the info lines it shows itself.  Pure function
of ``SeatView.extra`` (pot, ante, rams_by, widow_by, stock) and the generic view fields."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from games.core import SeatView

from .panels import ExtraPanel, register_panel
from .render import seat_name


class PotPanel(ExtraPanel):
    """Pot and ante, then Rams / widow / stock lines when the game has them."""

    HIDES_INFO = frozenset({"Pot", "Ante", "Widow", "Stock", "Rams"})

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        extra = view.extra
        out = Text("Pot ", style="dim")
        out.append(str(extra.get("pot", 0)), style="bold")
        out.append(f" · ante {extra.get('ante', '?')}", style="dim")
        if extra.get("rams_by") is not None:
            out.append(f"\nRAMS: {seat_name(view, names, extra['rams_by'])}", style="bold")
        if "widow_by" in extra:
            who = extra.get("widow_by")
            out.append("\nWidow " + ("face down" if who is None else f"taken by {seat_name(view, names, who)}"),
                       style="dim")
        if "stock" in extra:
            out.append(f"\nStock {extra['stock']} card(s)", style="dim")
        return out


register_panel("rams", PotPanel)
register_panel("bourre", PotPanel)
