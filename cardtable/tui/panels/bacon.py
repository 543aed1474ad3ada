"""Bacon's side panel: the upcard on offer (and which of the four it is) with every upcard
already passed, then the trump, who declared (alone or with the partner), the player who took
the upcard and the card they threw away face up, and the tricks by side.  Scores are the
scoreboard's; the panel hides the info lines it shows itself.  Pure function of
``SeatView.extra`` and the generic view fields; compact enough for the 27-column side at 80x24."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from games.bacon.viewdata import BaconView
from games.core import SeatView

from ..cardface import Pile
from ..render import card_text, cards_line, seat_name
from ..widgets.seat import team_tag
from . import ExtraPanel, trump_line, up_piles


class BaconPanel(ExtraPanel):
    """Upcards, trump and declarers, the public discard, tricks by side."""

    HIDES_INFO = frozenset({"contract", "passed", "discard", "tricks", "target"})

    def piles(self, view: SeatView) -> list[Pile]:
        """The upcard, and the upcards passed before it face up beside it."""
        ex = view.data(BaconView)
        passed = [Pile("passed", tuple(ex.passed_up))] if ex.passed_up else []
        return up_piles(view) + passed

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        ex = view.data(BaconView)
        out = Text()
        if ex.declarer is None:
            out.append_text(self._offer(view, names, ascii_suits))
        else:
            out.append_text(trump_line(ex.trump_suit, False, ascii_suits, False))
            out.append("\n")
            out.append_text(self._declarers(view, names, ex.declarer))
            if ex.taker is not None:  # (set with the declarer)
                out.append("\n")
                out.append_text(self._taker(view, names, ascii_suits, ex.taker))
        if ex.passed_up:
            out.append("\nPassed ", style="dim")
            out.append_text(cards_line(ex.passed_up, ascii_suits))
        out.append("\nTricks ", style="dim")
        out.append(" · ".join(f"{team_tag(view, t[0])} {n}" for t, n in zip(view.teams, ex.team_tricks)))
        out.append(f" · to {ex.target}", style="dim")
        return out

    @staticmethod
    def _offer(view: SeatView, names: Sequence[str], ascii_suits: bool) -> Text:
        ex = view.data(BaconView)
        out = Text("Upcard ", style="dim")
        if ex.upcard is not None:
            out.append_text(card_text(ex.upcard, ascii_suits, "bold reverse"))
            out.append(f" ({len(ex.passed_up) + 1} of 4)", style="dim")
        if ex.caller is not None:
            what = "alone" if ex.call_alone else "picks up"
            out.append(f"\n{seat_name(view, names, ex.caller)} {what}: partner to say", style="bold")
        return out

    @staticmethod
    def _declarers(view: SeatView, names: Sequence[str], declarer: int) -> Text:
        ex = view.data(BaconView)
        who = seat_name(view, names, declarer)
        if ex.alone:
            return Text(f"{who} goes alone", style="bold")
        return Text(f"{who} picked it up", style="bold")

    @staticmethod
    def _taker(view: SeatView, names: Sequence[str], ascii_suits: bool, taker: int) -> Text:
        ex = view.data(BaconView)
        out = Text(f"{seat_name(view, names, taker)} took ", style="dim")
        if ex.picked_up is not None:
            out.append_text(card_text(ex.picked_up, ascii_suits, "bold"))
        if ex.discard is not None:
            out.append(", threw ", style="dim")
            out.append_text(card_text(ex.discard, ascii_suits, "bold"))
        return out


PANEL = BaconPanel  # the panel panel_for shows at this game's table
