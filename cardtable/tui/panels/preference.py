"""Preference's side panel: the pot, the contract and who declared it, the talon, each
defender's choice (plays, drops, host and guest, laid aside), and for the declarer the cards
being picked for the discard (or discarded).  Stacks, tricks and auction bids are on the
scoreboard, and the seat boxes mark a seat sitting out.  Pure function of ``SeatView.extra``
and the generic view fields; compact for the 27-column side at 80x24 (the last hand's net line
is added on a tall terminal)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from games.core import Card, SeatView, render_seats
from games.preference.viewdata import PreferenceView

from ..cardface import Pile
from ..render import cards_line, seat_name
from . import ExtraPanel

ROLE = {"defends": "plays", "dropped": "dropped out", "host": "host (invited)", "guest": "guest (must play)"}


class PreferencePanel(ExtraPanel):
    """Pot, contract, talon, defenders, the declarer's discard."""

    HIDES_INFO = frozenset({"pot", "ante", "contract", "talon"})

    def marked_cards(self, view: SeatView) -> frozenset[Card]:
        """The declarer's cards picked for the discard, until it is confirmed."""
        return frozenset(view.data(PreferenceView).picked)

    def piles(self, view: SeatView) -> list[Pile]:
        """The talon: face up once it is shown, else face down with its count."""
        ex = view.data(PreferenceView)
        if ex.talon:
            return [Pile("talon", tuple(ex.talon))]
        return [Pile(f"talon {ex.talon_count}", backs=ex.talon_count)] if ex.talon_count else []

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        ex = view.data(PreferenceView)
        out = Text("Pot ", style="dim")
        out.append(str(ex.pot), style="bold")
        out.append(f" · ante {ex.ante}", style="dim")
        self._contract(out, view, names)
        self._talon(out, view, ascii_suits)
        self._defenders(out, view, names)
        self._discard(out, view, ascii_suits)
        if self.tall and ex.sheet:
            out.append("\n" + render_seats(ex.sheet[-1], names), style="dim")
        return out

    @staticmethod
    def _contract(out: Text, view: SeatView, names: Sequence[str]) -> None:
        ex = view.data(PreferenceView)
        if ex.declarer is not None and ex.trump_suit:
            out.append(f"\n{ex.contract_text}", style="bold yellow")
            out.append(f" · {seat_name(view, names, ex.declarer)}")
            if ex.no_aces:
                out.append("\nNo aces announced", style="bold")
        elif view.phase in ("bid", "name"):
            out.append("\nBidding", style="dim")

    @staticmethod
    def _talon(out: Text, view: SeatView, ascii_suits: bool) -> None:
        ex = view.data(PreferenceView)
        if ex.talon:
            out.append("\nTalon ", style="dim")
            out.append_text(cards_line(ex.talon, ascii_suits))
        elif ex.talon_count:
            out.append(f"\nTalon {ex.talon_count} face down", style="dim")

    @staticmethod
    def _defenders(out: Text, view: SeatView, names: Sequence[str]) -> None:
        for s in view.data(PreferenceView).defenders:
            role = (
                "hand laid aside"
                if s == view.data(PreferenceView).laid_aside_by
                else ROLE.get(view.status[s])
            )
            if role:
                out.append(f"\n{seat_name(view, names, s)}: {role}")

    @staticmethod
    def _discard(out: Text, view: SeatView, ascii_suits: bool) -> None:
        ex = view.data(PreferenceView)
        if ex.picked:
            out.append("\nTo discard ", style="dim")
            out.append_text(cards_line(ex.picked, ascii_suits))
        elif ex.discards:
            out.append("\nDiscarded ", style="dim")
            out.append_text(cards_line(ex.discards, ascii_suits))
        if ex.laid_aside:
            out.append(f"\nYour hand is laid aside ({len(ex.laid_aside)} cards)", style="dim")


PANEL = PreferencePanel  # the panel panel_for shows at this game's table
