"""How cards and seats look as Rich text: suit colours, ASCII suits, legal/dimmed cards.

Pure functions of a view's values; no game state.  Colours come from style names so that
NO_COLOR (handled by Textual) simply drops them and the bold/dim/reverse cues remain.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text

from games.core import Card, SeatView, render_seats

RED = "#e05050"
BLACK = "#e8e8e8"
JOKER = "#d0a0ff"


def card_style(c: Card) -> str:
    if c.suit is None:
        return JOKER
    return RED if c.suit.is_red else BLACK


def card_text(c: Card, ascii_suits: bool, extra: str = "") -> Text:
    """One card as styled text, e.g. ``Q♥`` in red."""
    return Text(c.display(ascii_suits), style=f"{card_style(c)} {extra}".strip())


def cards_line(cards: Sequence[Card], ascii_suits: bool) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(c, ascii_suits, "bold"))
    return out


def fill_names(text: str, names: Sequence[str]) -> str:
    """Replace seat placeholders ``{p0}`` ... in game texts (info lines) with names."""
    return render_seats(text, names)


def seat_name(view: SeatView, names: Sequence[str], seat: int) -> str:
    name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
    return f"{name} (you)" if seat == view.seat else name


def seat_positions(view: SeatView) -> dict[int, tuple[str, int]]:
    """Where each other seat sits around the table, in play order from the viewer's left.

    Returns seat -> (side, index): side is ``left``, ``top`` or ``right``; index orders the top
    row.  One opponent sits opposite; two flank; more fill the top row between them.
    """
    n = view.num_seats
    me = view.seat if view.seat is not None else 0
    others = [(me + k) % n for k in range(1, n)]
    if len(others) == 1:
        return {others[0]: ("top", 0)}
    pos = {others[0]: ("left", 0), others[-1]: ("right", 0)}
    for i, s in enumerate(others[1:-1]):
        pos[s] = ("top", i)
    return pos


_CARD_TOKEN = re.compile(r"(?<![\w@])(?:10|[2-9TJQKA])[SHDC](?![\w])")


def show_cards(text: str, ascii_suits: bool) -> str:
    """Card notation inside a message (``10D``, ``JC``) drawn with suit symbols, or kept as letters."""
    if ascii_suits:
        return text
    from games.core import parse_card

    def one(m: re.Match) -> str:
        try:
            return parse_card(m.group(0)).display(False)
        except ValueError:
            return m.group(0)
    return _CARD_TOKEN.sub(one, text)


def refusal_text(exc: Exception, ascii_suits: bool) -> str:
    """An IllegalActionError as a player reads it: ``J♣: you must follow diamonds (you hold 10♦ 5♦)``.

    Seat numbers never appear; other errors keep their message."""
    action, rule = getattr(exc, "action", None), getattr(exc, "rule", None)
    if action is None or rule is None:
        return show_cards(str(exc), ascii_suits)
    return f"{show_cards(str(action), ascii_suits)}: {show_cards(str(rule), ascii_suits)}"
