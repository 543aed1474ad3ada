"""Page One's side panel: the stock and the discard pile, who is drawing and how many cards so
far (each draw is one step, so the count climbs as the cards come), the draws of this trick, who
has called "Page One!", and a warning when a call was missed and the penalty drawn (also shown
once as a notification).  Pure function of ``SeatView.extra`` and the view's public events."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from games.core import SeatView, Suit
from games.page_one.viewdata import PageOneView

from ..cardface import Pile
from . import ExtraPanel

WARNING = "bold #f0c040"


def trick_draws(view: SeatView) -> Counter:
    """Public draws per seat since the current trick began (or the game was dealt)."""
    counts: Counter = Counter()
    for e in reversed(view.events):
        if e.kind in ("trick", "deal", "hand"):
            break
        if e.kind == "draw" and e.visible_to is None and e.seat is not None:
            counts[e.seat] += 1
    return counts


def who(view: SeatView, names: Sequence[str], seat: int) -> str:
    """A short name for the panel: "You" for the viewer."""
    return "You" if seat == view.seat else (names[seat] if seat < len(names) else f"Seat {seat + 1}")


class PageOnePanel(ExtraPanel):
    """Stock and discard, drawing, calls, missed-call warning, series."""

    HIDES_INFO = frozenset({"stock", "discard", "game"})

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._warnings_seen: int | None = None

    def show(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> None:
        super().show(view, names, ascii_suits)
        self._toast(view, names)

    def _toast(self, view: SeatView, names: Sequence[str]) -> None:
        """A message the first time a new missed call shows (never for one made before this
        screen opened): said on the table's message line for a few seconds."""
        count, seat = view.data(PageOneView).warning_no, view.data(PageOneView).warned
        if self._warnings_seen is not None and count > self._warnings_seen and seat is not None:
            name = "You" if seat == view.seat else who(view, names, seat)
            self.screen.notify(
                f"{name} did not call Page One! and {'draw' if name == 'You' else 'draws'} five cards",
                title="Missed call",
                severity="warning",
                timeout=6,
            )
        self._warnings_seen = count

    def piles(self, view: SeatView) -> list[Pile]:
        """The stock face down with its count, the discard pile's top cards face up."""
        ex = view.data(PageOneView)
        out = [Pile(f"stock {ex.stock}", backs=ex.stock)] if ex.stock else []
        if ex.discard_cards:
            out.append(Pile(f"discard {ex.discard}", tuple(ex.discard_cards[-3:]), framed=True))
        return out

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        extra = view.data(PageOneView)
        out = Text("Stock ", style="dim")
        out.append(str(extra.stock), style="bold")
        out.append(" · discard ", style="dim")
        out.append(str(extra.discard), style="bold")
        if extra.reshuffles:
            out.append(f"\nReshuffled {extra.reshuffles}×", style="dim")
        self._drawing(out, view, names, ascii_suits)
        called = [who(view, names, s) for s in extra.called]
        if called:
            out.append("\nPage One! ", style="bold")
            out.append(", ".join(called))
        if extra.warned is not None:
            out.append(f"\n⚠ {who(view, names, extra.warned)} missed the call: +5", style=WARNING)
        if extra.target:
            out.append(f"\nGame {view.hand_number} · first to {extra.target}", style="dim")
        return out

    @staticmethod
    def _drawing(out: Text, view: SeatView, names: Sequence[str], ascii_suits: bool) -> None:
        led = view.data(PageOneView).led
        suit = (led if ascii_suits else Suit(led).symbol) if led else ""
        drawing = view.data(PageOneView).drawing
        if drawing is not None and drawing[0] is not None:
            seat, count = drawing
            out.append(f"\n▶ {who(view, names, seat)} drew {count}", style="bold")
            out.append(f" · needs {suit}" if suit else "", style="dim")
        done = {s: k for s, k in trick_draws(view).items() if drawing is None or s != drawing[0]}
        if done:
            out.append(
                "\nDrew: " + ", ".join(f"{who(view, names, s)} {k}" for s, k in sorted(done.items())),
                style="dim",
            )


PANEL = PageOnePanel  # the panel panel_for shows at this game's table
