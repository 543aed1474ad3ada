"""Piquet's side panel: this hand's points by stage, the exchange, and the partie sheet.

- A title line: partie and hand ("P1 · hand 3/6"), who is elder.
- The hand's score by stage for both players: Bl(ank), Pt (point), Sq (sequences), Se (sets),
  Pl (play: leads, tricks, the cards, capot), + (repique or pique), and the hand total.
- During the exchange: the cards you have picked (and how many you may pick); during the hand:
  the cards you put away, the talon cards you looked at, a leftover the dealer showed.
- The partie sheet: each hand's points and the running totals (the last two hands at 80x24,
  all of them on a taller terminal), the finished parties with their margin and whether the
  loser crossed the Rubicon, and the running total of a series.

Pure function of ``SeatView.extra`` and the generic fields; the info lines it repeats (partie,
elder, talon, series) are hidden from the scoreboard.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from games.core import Card, SeatView
from games.piquet.viewdata import PiquetView

from ..cardface import Pile
from ..render import card_text
from . import ExtraPanel

STAGE_HEADS = ("Bl", "Pt", "Sq", "Se", "Pl", "+")
RUBICON = 100


def short(name: str, width: int) -> str:
    return name if len(name) <= width else name[: max(width - 1, 1)] + "…"


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def cards_row(label: str, cards: Sequence[Card], ascii_suits: bool) -> Text:
    out = Text(f"{label} ", style="dim")
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(c, ascii_suits, "bold"))
    return out


class PiquetPanel(ExtraPanel):
    """Stage scores, exchange notes, partie sheet."""

    HIDES_INFO = frozenset({"partie", "elder", "talon", "series"})

    def marked_cards(self, view: SeatView) -> frozenset[Card]:
        """The cards picked for the exchange, until it is confirmed."""
        return frozenset(view.data(PiquetView).picked)

    def piles(self, view: SeatView) -> list[Pile]:
        """The talon: the cards seen or shown face up, else face down with its count."""
        ex = view.data(PiquetView)
        if ex.leftover:
            return [Pile("talon, shown", tuple(ex.leftover))]
        if ex.seen:
            return [Pile("talon, seen by you", tuple(ex.seen))]
        return [Pile(f"talon {ex.talon}", backs=ex.talon)] if ex.talon and ex.stage != "play" else []

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        parts: list[RenderableType] = [self._title(view, names), self._stages(view, names)]
        parts.extend(self._exchange(view, ascii_suits))
        parts.extend(self._sheet(view, names, rows=6 if self.tall else 2))
        return Group(*parts)

    @staticmethod
    def _title(view: SeatView, names: Sequence[str]) -> Text:
        ex = view.data(PiquetView)
        hands = 6 if ex.partie_hand <= 6 else 8
        title = Text(f"P{ex.partie}" + (f"/{ex.parties}" if ex.parties > 1 else ""), style="bold")
        title.append(
            f" · hand {ex.partie_hand}/{hands} · elder {short(_name(names, ex.elder), 10)}", style="dim"
        )
        return title

    def _stages(self, view: SeatView, names: Sequence[str]) -> Table:
        ex = view.data(PiquetView)
        table = Table(box=None, pad_edge=False, padding=(0, 0), show_edge=False, header_style="dim")
        table.add_column("", no_wrap=True, width=max(4, self.width - 21))
        for head in STAGE_HEADS:
            table.add_column(head, justify="right", width=3)
        table.add_column("=", justify="right", width=4, style="bold")
        me = view.seat if view.seat is not None else 0
        for s in (me, 1 - me):
            pts = ex.stages[s]
            cells = [str(p) if p else "·" for p in pts]
            name = short(_name(names, s), max(4, self.width - 22))
            table.add_row(Text(name, style="bold" if s == view.seat else ""), *cells, str(sum(pts)))
        return table

    @staticmethod
    def _exchange(view: SeatView, ascii_suits: bool) -> list[Text]:
        ex, rows = view.data(PiquetView), []
        if ex.stage == "exchange" and view.is_my_turn:
            line = (
                cards_row("Picked", ex.picked, ascii_suits) if ex.picked else Text("Picked none", style="dim")
            )
            line.append(f" ({len(ex.picked)}/{ex.exchange_limit})", style="dim")
            rows.append(line)
        if ex.my_discards:
            rows.append(cards_row("Put away", ex.my_discards, ascii_suits))
        if ex.seen:
            rows.append(cards_row("Seen in talon", ex.seen, ascii_suits))
        if ex.leftover:
            rows.append(cards_row("Left, shown", ex.leftover, ascii_suits))
        return rows

    def _sheet(self, view: SeatView, names: Sequence[str], rows: int) -> list[RenderableType]:
        ex = view.data(PiquetView)
        out: list[RenderableType] = []
        sheet = list(ex.sheet)[-rows:]
        if sheet:
            table = Table(box=None, pad_edge=False, padding=(0, 1), show_edge=False, header_style="dim")
            table.add_column("#", justify="right", style="dim")
            for s in (0, 1):
                table.add_column(short(_name(names, s), 9), justify="right", no_wrap=True)
            for hand, _dealer, points, totals in sheet:
                table.add_row(str(hand), *(f"+{points[s]} {totals[s]}" for s in (0, 1)))
            out.append(table)
        out.extend(self._results(view, names))
        return out

    @staticmethod
    def _results(view: SeatView, names: Sequence[str]) -> list[Text]:
        ex, out = view.data(PiquetView), []
        for partie, totals, winner, margin, _hands in list(ex.results)[-2:]:
            if winner is None:
                out.append(Text(f"P{partie} drawn {totals[0]} all", style="bold"))
                continue
            loser = 1 - winner
            crossed = "over" if totals[loser] >= RUBICON else "short of"
            line = Text(f"P{partie} {short(_name(names, winner), 8)} +{margin}", style="bold")
            line.append(
                f" ({totals[winner]}-{totals[loser]}, {short(_name(names, loser), 6)} {crossed} the Rubicon)",
                style="dim",
            )
            out.append(line)
        if ex.parties > 1 and ex.results:
            out.append(
                Text(
                    f"Series {short(_name(names, 0), 8)} {ex.series[0]} · "
                    f"{short(_name(names, 1), 8)} {ex.series[1]}",
                    style="dim",
                )
            )
        return out


PANEL = PiquetPanel  # the panel panel_for shows at this game's table
