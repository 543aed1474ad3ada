"""One other seat at the table: name, cards held, tricks, bid, dealer mark, status, turn."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

from games.core import SeatView

from ..render import cards_line
from .lines import rows_of

BACK_STYLE = "#6f8fd0"  # the blue of the card backs


def backs(count: int, width: int) -> Text:
    """A seat's hidden cards as a row of backs and the count: ``▮▮▮▮▮ 5``; none: ``no cards``."""
    if count <= 0:
        return Text("no cards", style="dim")
    label = f" {count}"
    shown = min(count, max(width - len(label), 1))
    out = Text("▮" * shown, style=BACK_STYLE)
    if shown < count:
        out = Text("▮" * (shown - 1), style=BACK_STYLE) + Text("…", style="dim")
    out.append(label, style="bold")
    return out


def text_key(text: Text) -> tuple:
    """What a Text looks like (its characters and styles): equal keys draw the same."""
    return text.plain, tuple(text.spans), str(text.style), text.justify, text.no_wrap, text.overflow


def team_tag(view: SeatView, seat: int) -> str:
    """The letter of the seat's team (A, B, ...) when the game has partnerships, else ""."""
    for i, team in enumerate(view.teams):
        if seat in team:
            return "ABCDEFGH"[i]
    return ""


def is_partner(view: SeatView, seat: int) -> bool:
    """True when ``seat`` plays on the viewer's side (and is not the viewer)."""
    return (
        view.seat is not None
        and seat != view.seat
        and any(seat in team and view.seat in team for team in view.teams)
    )


def seat_text(view: SeatView, names: Sequence[str], seat: int, width: int = 40) -> Text:
    name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
    narrow = width < 10  # eight seats at 80 columns: the border alone shows whose turn it is
    prefix = "" if narrow else "▶ " if view.to_act == seat else "  "
    dealer = ("(D)" if narrow else " (D)") if view.dealer == seat else ""
    room = width - len(prefix) - len(dealer)
    if len(name) > room:  # cut on its own line, never wrapped onto the next
        name = name[: max(room - 1, 1)] + "…"
    out = Text()
    out.append(prefix, style="bold")
    out.append(name, style="bold")
    out.append(dealer, style="italic")
    out.append("\n")
    if seat in view.sitting_out:  # a loner's partner: no cards this hand
        out.append("sits out", style="dim italic")
    elif view.open_hands and seat < len(view.open_hands):  # watching bots: their cards face up
        out.append_text(cards_line(view.open_hands[seat], False))
    else:
        out.append_text(backs(view.hand_sizes[seat], width - 2))
    tricks = f"tricks {view.tricks_won[seat]}"
    if len(tricks) > width:
        tricks = f"tr. {view.tricks_won[seat]}"
    out.append("\n" + tricks)
    if view.teams:  # partnerships: "partner" or the side's letter, shortened to fit a narrow seat
        mark = "partner" if is_partner(view, seat) else f"team {team_tag(view, seat)}"
        if len(tricks) + 3 + len(mark) > width - 2:
            mark = "partner" if is_partner(view, seat) else team_tag(view, seat)
        out.append(f" · {mark}", style="bold" if is_partner(view, seat) else "dim")
    bid = view.bids[seat] if seat < len(view.bids) else ""
    status = view.status[seat] if seat < len(view.status) else ""
    line = " · ".join(x for x in (f"bid {bid}" if bid and not bid[0].isalpha() else bid, status) if x)
    out.append("\n" + line, style="italic")
    return out


class SeatPanel(Widget):
    """One other seat's box.  It draws its own rows (Textual's line API) from the seat's text and
    keeps them, so a seat that did not change costs nothing when another player moves."""

    def __init__(self, seat: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.seat = seat
        self._text = Text("")
        self._rows: list[Strip] | None = None
        self._rows_for: tuple | None = None  # (content size, style) the rows were drawn at

    def show(self, view: SeatView, names: Sequence[str]) -> None:
        self._args = (view, names)
        width = self.content_size.width or 12  # 12 before the first layout: see render_line
        text = seat_text(view, names, self.seat, width)
        if text_key(text) != getattr(self, "_shown", None):  # unchanged seats are not drawn again (issue 20)
            self._shown = text_key(text)
            self._text, self._rows, self._text_width = text, None, width
            self.refresh()  # fixed size: no layout
        self.set_class(view.to_act == self.seat, "-turn")

    def render_line(self, y: int) -> Strip:
        key = (self.content_size, self.visual_style)
        args = getattr(self, "_args", None)
        if args is not None and key[0].width and key[0].width != getattr(self, "_text_width", None):
            # laid out at another width than the text was made for (the first layout, a resize): a
            # long name is cut again to fit its line, never wrapped onto the next
            self._text_width = key[0].width
            view, names = args
            self._text = seat_text(view, names, self.seat, key[0].width)
            self._shown, self._rows = text_key(self._text), None
        if self._rows is None or key != self._rows_for:
            self._rows, self._rows_for = rows_of(self, self._text, key[0].width, None), key
        return (
            self._rows[y] if y < len(self._rows) else Strip.blank(key[0].width, self.visual_style.rich_style)
        )
