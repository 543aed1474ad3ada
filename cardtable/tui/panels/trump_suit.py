"""Trump Suit's side panel: the trump pile (top card last, highlighted) with the draw deck count,
every player's bags, and the score sheet of the last hands (points per hand; the totals are on
the scoreboard).  Bids, tricks and scores are the scoreboard's, so the panel hides the info lines
it would repeat (trump, draw deck, the per-player bid/took/bags lines).  Pure function of
``SeatView.extra`` and the generic view fields; compact enough for the 27-column side at 80x24."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from games.core import SeatView
from games.trump_suit.viewdata import SheetRow, TrumpSuitView

from ..cardface import Pile
from ..render import card_text
from . import ExtraPanel

SHEET_ROWS = 6  # hands shown on the score sheet on a tall terminal (the most recent); 2 at 24 rows


def short(name: str, width: int) -> str:
    return name if len(name) <= width else name[: max(width - 1, 1)] + "…"


class TrumpSuitPanel(ExtraPanel):
    """Trump pile and draw deck, bags, score sheet."""

    def hides_info(self, key: str) -> bool:
        return key in ("trump", "deck") or key.startswith("seat")  # the per-seat lines: the sheet

    def piles(self, view: SeatView) -> list[Pile]:
        """On an empty table: the trump pile (its top card, the trump, framed) and the draw
        deck face down with its count."""
        ex = view.data(TrumpSuitView)
        out = [Pile("trump", tuple(ex.pile[-4:]), framed=True)] if ex.pile else []
        if ex.deck_count:
            out.append(Pile(f"{ex.deck_count} to draw", backs=ex.deck_count))
        return out

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        return Group(
            self._pile(view, ascii_suits),
            self._bags(view, names),
            self._sheet(view, names, SHEET_ROWS if self.tall else 2),
        )

    @staticmethod
    def _pile(view: SeatView, ascii_suits: bool) -> Text:
        extra = view.data(TrumpSuitView)
        pile = list(extra.pile)
        out = Text("Pile ", style="dim")
        for i, c in enumerate(pile[-4:]):
            top = i == len(pile[-4:]) - 1
            out.append_text(card_text(c, ascii_suits, "bold reverse" if top else "dim"))
            out.append(" ")
        out.append(f"· deck {extra.deck_count}", style="dim")
        return out

    def _bags(self, view: SeatView, names: Sequence[str]) -> Text:
        bags = view.data(TrumpSuitView).bags
        each = max(3, (self.width - 5) // view.num_seats - 3)
        out = Text("Bags ", style="dim")
        out.append("  ".join(f"{short(names[s], each)} {bags[s]}" for s in range(view.num_seats)))
        return out

    def _sheet(self, view: SeatView, names: Sequence[str], rows: int) -> RenderableType:
        sheet: list[SheetRow] = list(view.data(TrumpSuitView).sheet)[-rows:]
        if not sheet:
            return Text("No hand scored yet", style="dim")
        table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="dim", show_edge=False)
        table.add_column("#", justify="right", style="dim")
        col = max(4, (self.width - 3) // view.num_seats - 1)
        for s in range(view.num_seats):
            table.add_column(short(names[s], col), justify="right", no_wrap=True)
        for row in sheet:
            table.add_row(str(row.hand), *(f"{row.points[s]:+d}" for s in range(view.num_seats)))
        return table


PANEL = TrumpSuitPanel  # the panel panel_for shows at this game's table
