"""Pepper's side panel: the auction or contract (bid, bidder, trump or no trump, with the two
bowers), the tricks each side has and what the bidder's side still needs, the target, and the
two-player game's dead hand.  Scores and single bids are the scoreboard's; the panel hides the
info lines it shows itself.  Pure function of ``SeatView.extra`` and the generic view fields;
compact enough for the 27-column side at 80x24."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from games.core import SeatView
from games.pepper.viewdata import PepperView

from ..render import seat_name
from ..widgets.seat import team_tag
from . import ExtraPanel, trump_line


class PepperPanel(ExtraPanel):
    """Contract, trump, tricks by side and the target."""

    HIDES_INFO = frozenset({"contract", "target", "tricks", "dead"})

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        ex = view.data(PepperView)
        out = Text()
        out.append_text(self._contract(view, names))
        if view.phase in ("play", "over") and ex.declarer is not None:
            out.append("\n")
            out.append_text(trump_line(ex.trump_suit, ex.no_trump, ascii_suits, True))
        out.append("\n")
        out.append_text(self._tricks(view))
        if ex.dead_hand:
            out.append(f"\nDead hand: {ex.dead_hand} cards face down", style="dim")
        return out

    @staticmethod
    def _contract(view: SeatView, names: Sequence[str]) -> Text:
        ex = view.data(PepperView)
        who = ex.declarer
        if who is None:
            return Text("Bidding: no bid yet", style="dim")
        out = Text("Bidding: high " if view.phase == "bid" else "Contract ", style="dim")
        out.append(f"{ex.contract}", style="bold")
        out.append(f" by {seat_name(view, names, who)}")
        return out

    def _tricks(self, view: SeatView) -> Text:
        """Tricks by side (partnerships; alone, the scoreboard has them), what the bidder's side
        still needs, and the target."""
        ex = view.data(PepperView)
        parts: list[Text] = []
        if view.teams:
            parts.append(
                Text("Tricks ", style="dim")
                + Text(" · ".join(f"{team_tag(view, t[0])} {n}" for t, n in zip(view.teams, ex.team_tricks)))
            )
        need, left = ex.need, ex.tricks_left
        if view.phase == "play" and need is not None:
            parts.append(
                Text("made" if need <= 0 else "set" if need > left else f"need {need}", style="bold")
            )
        parts.append(Text(f"to {ex.target}", style="dim"))
        out, line = Text(), 0
        for part in parts:  # joined with dots; a part that does not fit starts a new line
            if line and line + 3 + part.cell_len > self.width:
                out.append("\n")
                line = 0
            elif line:
                out.append(" · ", style="dim")
                line += 3
            out.append_text(part)
            line += part.cell_len
        return out


PANEL = PepperPanel  # the panel panel_for shows at this game's table
