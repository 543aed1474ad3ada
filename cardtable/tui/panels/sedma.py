"""Sedma's side panel: the trick as it grows, round by round, and the points.

    Stock 16 · round 2 of 4
       Ben Cy  Dee Ana
     1 8♥  9♣  A♦  8♣
     2 8♦  K♠
    Ben holds it · 10 pts
    Card pts A 20 · B 10          (a series only)
    VP to 10: A 2 · B 1

One row per round, one column per player in the order of play (the leader first); the starter
(the first card, the rank to match) is underlined and the card that holds the trick reversed.
The status line says who holds the trick and what it is worth, then, between rounds, that the
leader must end the trick or go on.  In a series the scoreboard shows victory points, so two
more lines give this hand's card points (captured aces and tens) and the victory points by side
(the scoreboard's side letters A and B, or the players' names); in a single hand the scoreboard's
points are the card points already.  Pure function of ``SeatView.extra`` (stock, order, rounds,
holder, round, deciding, points, vp, target) and the teams; fits the 27-column side at 80x24.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from games.core import SeatView
from games.sedma.viewdata import SedmaView

from ..render import card_text
from . import ExtraPanel

MAX_ROUNDS = 4


def _short(name: str, room: int) -> str:
    return name if len(name) <= room else name[: max(room - 1, 1)] + "…"


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def side_labels(view: SeatView, names: Sequence[str], room: int) -> list[str]:
    """Each side's label: the scoreboard's letter (A, B) in a partnership, else the player's name."""
    if view.teams:
        return ["ABCDEFGH"[i] for i in range(len(view.teams))]
    return [_short(_name(names, s), room) for s in range(view.num_seats)]


class SedmaPanel(ExtraPanel):
    """Stock and round, the trick's rounds, who holds it, the sides' points."""

    HIDES_INFO = True  # stock, round, points and target are all drawn here

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        extra = view.data(SedmaView)
        rounds = extra.rounds
        out = Text(f"Stock {extra.stock}", style="bold")
        if rounds:
            out.append(f" · round {extra.round} of {MAX_ROUNDS}", style="dim")
        out.append("\n")
        if rounds:
            out.append_text(self._grid(view, names, ascii_suits))
        out.append_text(self._status(view, names))
        out.append_text(self._points(view, names))
        return out

    def _grid(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> Text:
        """A header of names, then one row of cards per round, in the order of play."""
        extra = view.data(SedmaView)
        order, rounds = extra.order, extra.rounds
        cell = max(4, min(8, (self.width - 3) // len(order)))
        out = Text("   ")
        for s in order:
            out.append(
                f"{_short(_name(names, s), cell - 1):<{cell}}", style="bold" if s == view.seat else "dim"
            )
        holder_card = self._holder_card(view)
        for r, cards in enumerate(rounds):
            out.append(f"\n{r + 1:>2} ", style="dim")
            for i, c in enumerate(cards):
                style = "bold"
                if r == 0 and i == 0:
                    style += " underline"
                if (r, i) == holder_card:
                    style += " reverse"
                piece = card_text(c, ascii_suits, style)
                out.append_text(piece)
                out.append(" " * max(1, cell - piece.cell_len))
        out.append("\n")
        return out

    @staticmethod
    def _holder_card(view: SeatView) -> tuple[int, int] | None:
        """(round, column) of the card that holds the trick: the holder's latest card played."""
        extra = view.data(SedmaView)
        holder, order = extra.holder, extra.order
        if holder is None or holder not in order:
            return None
        col = order.index(holder)
        rounds = extra.rounds
        for r in range(len(rounds) - 1, -1, -1):
            if col < len(rounds[r]):
                starter = rounds[0][0]
                c = rounds[r][col]
                if (r, col) == (0, 0) or c.rank == 7 or c.rank == starter.rank:
                    return r, col
        return None

    def _status(self, view: SeatView, names: Sequence[str]) -> Text:
        extra = view.data(SedmaView)
        holder = extra.holder
        if holder is None:
            lead = view.to_act
            who = (
                ""
                if lead is None
                else ("You lead" if lead == view.seat else f"{_short(_name(names, lead), 10)} leads")
            )
            last = "" if extra.stock else (" · no more drawing" if who else "No more drawing")
            return Text(f"{who}{last}\n", style="dim")
        worth = sum(10 for r in extra.rounds for c in r if c.rank in (10, 14))
        who = "You hold" if holder == view.seat else f"{_short(_name(names, holder), 10)} holds"
        out = Text(f"{who} it · {worth} pts\n", style="bold")
        if extra.deciding:
            leader = extra.order[0]
            deciding = "You" if leader == view.seat else _short(_name(names, leader), 10)
            out.append(f"{deciding}: end it or go on\n", style="bold reverse")
        return out

    def _points(self, view: SeatView, names: Sequence[str]) -> Text:
        """In a series (the scoreboard then shows victory points): this hand's card points and
        the victory points, by side (the scoreboard's side letters, or the players' names)."""
        extra = view.data(SedmaView)
        target = extra.target
        if not target:
            return Text("")
        sides = side_labels(view, names, max(3, (self.width - 12) // view.num_seats - 3))
        out = Text("Card pts " + " · ".join(f"{n} {p}" for n, p in zip(sides, extra.points)), style="dim")
        out.append(
            f"\nVP to {target}: " + " · ".join(f"{n} {v}" for n, v in zip(sides, extra.vp)), style="dim"
        )
        return out


PANEL = SedmaPanel  # the panel panel_for shows at this game's table
