"""Rams's panel: the pot panel shared by the pot games (see panels/_pot.py); in the middle of
the table, the turned-up card and the widow face down (its count beneath) while nobody has
taken it, then the pot's chips."""

from collections.abc import Sequence

from rich.console import RenderableType

from games.core import SeatView
from games.rams.viewdata import RamsView

from ..cardface import Pile, piles_canvas
from . import up_piles
from ._pot import PotPanel


class RamsPanel(PotPanel):
    DATA = RamsView
    HIDES_INFO = frozenset({"pot", "ante", "widow", "rams"})  # the info lines Rams shows

    def piles(self, view: SeatView) -> list[Pile]:
        """The turned-up card and, while it lies unseen, the widow face down with its count."""
        data = view.data(RamsView)
        widow = [Pile(f"widow {data.widow_size}", backs=data.widow_size)] if data.widow_by is None else []
        return up_piles(view) + widow

    def render_centre(
        self, view: SeatView, names: Sequence[str], ascii_suits: bool, width: int, height: int
    ) -> RenderableType | None:
        """The widow (and the upcard) where they lie, the pot beneath; once the widow is taken,
        the pot as chips."""
        data = view.data(RamsView)
        cards = piles_canvas(self.piles(view), width, height - 1, ascii_suits) if data.widow_size else None
        if cards is None:
            return super().render_centre(view, names, ascii_suits, width, height)
        cards.append("\n" + f"pot {data.pot}".center(width).rstrip(), style="bold")
        return cards


PANEL = RamsPanel  # the panel panel_for shows at this game's table
