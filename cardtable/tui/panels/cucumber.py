"""Cucumber's side panel and table centre.

The panel: the trick number and the bust line, who holds a cucumber and who is out, and the
cards of this hand's finished tricks, which stay on the table for everyone to see (the most
recent ones when the panel is short).  Scores are the scoreboard's.  Between tricks the middle of
the table shows every finished trick of the hand, one row each, the taking card bright.  Pure
functions of ``SeatView.extra``."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from games.core import SeatView, TrickResult
from games.cucumber.viewdata import CucumberView

from ..render import card_text
from . import ExtraPanel

CUCUMBER = "#60c060"


def name_of(view: SeatView, names: Sequence[str], seat: int) -> str:
    return "You" if seat == view.seat else (names[seat] if seat < len(names) else f"Seat {seat + 1}")


def trick_row(number: int, trick: TrickResult, ascii_suits: bool) -> Text:
    """``3  9♥ Q♠ 3♦`` with the card that took the trick in bold, the others dim."""
    line = Text(f"{number} ", style="dim")
    for p in trick.plays:
        line.append_text(card_text(p.cards[0], ascii_suits, "bold" if p.seat == trick.winner else "dim"))
        line.append(" ")
    return line


class CucumberPanel(ExtraPanel):
    """Trick and limit, cucumbers and eliminations, the played cards of this hand."""

    HIDES_INFO = frozenset({"trick", "bust"})

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        extra = view.data(CucumberView)
        out = Text(f"Trick {extra.trick_number}/7", style="bold")
        out.append(f" · bust over {extra.limit}", style="dim")
        gone = list(extra.eliminated)
        pickled = [name_of(view, names, s) for s, c in enumerate(extra.cucumbers) if c and s not in gone]
        if pickled:
            out.append("\nCucumber: ", style=f"bold {CUCUMBER}")
            out.append(", ".join(pickled))
        if gone:
            out.append("\nOut: ", style="bold")
            out.append(", ".join(name_of(view, names, s) for s in gone), style="strike dim")
        tricks = list(extra.tricks)
        shown = tricks[-(6 if self.tall else 2) :]
        if shown:
            out.append("\nOn the table:", style="dim")
        for k, trick in enumerate(shown, start=len(tricks) - len(shown) + 1):
            out.append("\n")
            out.append_text(trick_row(k, trick, ascii_suits))
        return out

    def render_centre(
        self, view: SeatView, names: Sequence[str], ascii_suits: bool, width: int, height: int
    ) -> RenderableType | None:
        tricks = list(view.data(CucumberView).tricks)
        if not tricks or view.trick:
            return None
        out = Text("Played this hand (the taking card bright)\n", style="dim", justify="center")
        shown = tricks[-max(1, height - 2) :]
        for k, trick in enumerate(shown, start=len(tricks) - len(shown) + 1):
            row = trick_row(k, trick, ascii_suits)
            if trick.winner is not None:
                row.append(f"→ {name_of(view, names, trick.winner)}", style="italic")
            out.append_text(row)
            out.append("\n")
        return out


PANEL = CucumberPanel  # the panel panel_for shows at this game's table
