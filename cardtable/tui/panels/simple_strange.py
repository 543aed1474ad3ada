"""Simple Strange's side panel: the trump suits, the super-trumps with their pips, the drawn
tricks waiting for the next decided trick, and (only in the deciding seat's own view) the card
it has staged but not yet committed.  Pure function of ``SeatView.extra`` and ``trick``."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from games.core import SeatView, Suit
from games.simple_strange.viewdata import StrangeView

from ..render import BLACK, RED, card_text
from . import ExtraPanel


def _suit(letter: str, ascii_suits: bool) -> Text:
    s = Suit(letter)
    return Text(s.letter if ascii_suits else s.symbol, style=f"{RED if s.is_red else BLACK} bold")


class SimpleStrangePanel(ExtraPanel):
    """Trumps, super-trumps, pending drawn tricks and the staged card (one short line each)."""

    HIDES_INFO = frozenset({"trumps", "supers", "pending"})

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        extra = view.data(StrangeView)
        out = Text("Trump ", style="dim")
        for letter in extra.trumps:
            out.append_text(_suit(letter, ascii_suits))
            out.append(" ")
        out.append("\nSuper ", style="dim")
        pips = extra.pips()
        supers = extra.super_trumps
        for i, c in enumerate(supers):
            out.append(" · " if i else "", style="dim")
            out.append_text(card_text(c, ascii_suits, "bold"))
            out.append(f" {pips.get(c, '')}")
        if not supers:
            out.append("none in play", style="dim")
        pending = extra.pending
        out.append(f"\nDrawn tricks pending {len(pending)}", style="bold" if pending else "dim")
        if pending:
            out.append(" (" + ", ".join(t.note for t in pending) + ")", style="dim")
        staged = extra.staged
        if staged:
            out.append("\nStaged ", style="dim")
            out.append_text(card_text(staged.card, ascii_suits, "bold reverse"))
            if staged.slot and view.trick:
                out.append(" vs ")
                out.append_text(card_text(view.trick[0].cards[staged.slot - 1], ascii_suits))
            else:
                out.append(" first led")
        return out


PANEL = SimpleStrangePanel  # the panel panel_for shows at this game's table
