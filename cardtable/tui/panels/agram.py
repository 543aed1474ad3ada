"""Agram's side panel: which trick this is (the sixth decides the game), the order of play round
the table (to the right, from this trick's leader) and the game of the series.  Games won and
tricks are on the scoreboard (Pts, Tr).  Pure function of the view (``extra``: trick_number,
games; ``trick``, ``to_act``, ``clockwise``)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from games.agram.viewdata import AgramView
from games.core import SeatView, seat_order

from ..render import direction_text
from . import ExtraPanel

LAST = 6


def play_order(view: SeatView) -> list[int]:
    """The seats in the order they play this trick, from its leader (or the seat to lead)."""
    start = view.trick[0].seat if view.trick else view.to_act
    if start is None:
        start = view.seat or 0
    return seat_order(start, view.num_seats, clockwise=view.clockwise)


class AgramPanel(ExtraPanel):
    """Trick k of 6, the order of play with arrows, and the game of the series."""

    HIDES_INFO = frozenset({"game", "trick"})

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        extra = view.data(AgramView)
        k = extra.trick_number
        out = Text(f"Trick {k} of {LAST}", style="bold")
        out.append(
            " — it wins the game" if k == LAST else " · the 6th wins", style="bold" if k == LAST else "dim"
        )
        out.append(f"\n{direction_text(view, ascii_suits).capitalize()}:\n", style="dim")
        out.append_text(self._order(view, names, ascii_suits))
        games = extra.games
        if games > 1:
            out.append(f"\nGame {view.hand_number} of {games}", style="dim")
        return out

    def _order(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> Text:
        """``Dee → Cy → Ben → Ana``: names shortened to fit the panel; the seat to act in bold."""
        order = play_order(view)
        arrow = " > " if ascii_suits else " → "
        room = max(3, (self.width - len(arrow) * (len(order) - 1)) // len(order))
        out = Text()
        for i, s in enumerate(order):
            if i:
                out.append(arrow, style="dim")
            name = names[s] if s < len(names) else f"Seat {s + 1}"
            name = name if len(name) <= room else name[: max(room - 1, 1)] + "…"
            out.append(name, style="bold reverse" if s == view.to_act else ("bold" if s == view.seat else ""))
        return out


PANEL = AgramPanel  # the panel panel_for shows at this game's table
