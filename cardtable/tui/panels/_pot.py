"""The pot panel shared by the pot games (panels/rams.py and panels/bourre.py): the pot and the
ante, who declared Rams, the widow or the stock.  Stacks, tricks and this hand's decisions are
on the scoreboard (Pts, Tr, Bid), so the panel does not repeat them and hides the info lines it
shows itself.  Pure function of ``SeatView.extra`` (a RamsView or a BourreView) and the
generic view fields."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from games.bourre.viewdata import BourreView
from games.core import SeatView, plural
from games.rams.viewdata import RamsView

from ..render import seat_name
from . import ExtraPanel


class PotPanel(ExtraPanel):
    """Pot and ante, then Rams / widow / stock lines when the game has them."""

    HIDES_INFO: frozenset[str] = frozenset({"pot", "ante"})  # each game's panel adds its own lines
    DATA: type[RamsView] | type[BourreView]  # the game's view data

    def pot_data(self, view: SeatView) -> RamsView | BourreView:
        return view.data(self.DATA)

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        extra = self.pot_data(view)
        out = Text("Pot ", style="dim")
        out.append(str(extra.pot), style="bold")
        out.append(f" · ante {extra.ante}", style="dim")
        if isinstance(extra, RamsView):
            if extra.rams_by is not None:
                out.append(f"\nRAMS: {seat_name(view, names, extra.rams_by)}", style="bold")
            who = extra.widow_by
            out.append(
                "\nWidow " + ("face down" if who is None else f"taken by {seat_name(view, names, who)}"),
                style="dim",
            )
        else:
            out.append(f"\nStock {plural(extra.stock, 'card')}", style="dim")
        return out

    def render_centre(
        self, view: SeatView, names: Sequence[str], ascii_suits: bool, width: int, height: int
    ) -> RenderableType | None:
        """On an empty table: the pot as a pile of chips, its size beneath."""
        pot = self.pot_data(view).pot
        if pot <= 0 or height < 3:
            return None
        return chips(pot, width, min(4, height - 2), ascii_suits)


def chips(count: int, width: int, rows: int, ascii_suits: bool) -> Text:
    """Up to ``rows`` stacks of chips (one ``●`` a counter, ten to a stack), the total beneath."""
    chip = "o" if ascii_suits else "●"
    stacks = min(rows * 10, count)
    lines: list[str] = []
    left = stacks
    while left > 0 and len(lines) < rows:
        lines.append(" ".join([chip] * min(10, left)))
        left -= 10
    out = Text(justify="center")
    for line in reversed(lines):
        out.append(line + "\n", style="#e0b040 bold")
    more = f" (+{count - stacks})" if count > stacks else ""
    out.append(f"pot {count}{more}", style="bold")
    return out
