"""How cards and seats look as Rich text: suit colours, ASCII suits, legal/dimmed cards.

Pure functions of a view's values; no game state.  Colours come from style names so that
NO_COLOR (handled by Textual) simply drops them and the bold/dim/reverse cues remain.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:  # the lobby draws before the rules library is loaded
    from games.core import Card, SeatView

RED = "#e05050"
BLACK = "#e8e8e8"
JOKER = "#d0a0ff"
# the four-colour deck (for players who tell red from black badly): each suit its own colour
FOUR = {"S": BLACK, "H": RED, "D": "#5b9bf0", "C": "#5cc46a"}
# the same inks on a card's light paper
PAPER = {"S": "#1c1c1c", "H": "#c62828", "D": "#c62828", "C": "#1c1c1c", None: "#7b3fb0"}
PAPER_FOUR = {"S": "#1c1c1c", "H": "#c62828", "D": "#1d5bbf", "C": "#19772c", None: "#7b3fb0"}

_palette = {"four": False}


def set_four_colour(on: bool) -> None:
    """Switch every card drawing to the four-colour deck (or back to red and black)."""
    _palette["four"] = on


def four_colour() -> bool:
    return _palette["four"]


def suit_colour(c: Card, on_paper: bool = False) -> str:
    """The ink of a card: red/black, or one colour per suit in the four-colour deck."""
    suit = c.suit
    if on_paper:
        return (PAPER_FOUR if _palette["four"] else PAPER)[suit.letter if suit is not None else None]
    if suit is None:
        return JOKER
    if _palette["four"]:
        return FOUR[suit.letter]
    return RED if suit.is_red else BLACK


def card_style(c: Card) -> str:
    return suit_colour(c)


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
    from games.core import render_seats

    return render_seats(text, names)


def seat_name(view: SeatView, names: Sequence[str], seat: int) -> str:
    name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
    return f"{name} (you)" if seat == view.seat else name


def direction_text(view: SeatView, ascii_suits: bool = False) -> str:
    """The direction of play in words, with a circling arrow unless ASCII is asked for."""
    if view.clockwise:
        return "play goes left" + ("" if ascii_suits else " ↻")
    return "play goes right" + ("" if ascii_suits else " ↺")


def seat_positions(view: SeatView) -> dict[int, tuple[str, int]]:
    """Where each other seat sits around the table, seen from above with the viewer at the bottom.

    Seats are numbered clockwise, so the viewer's next seat (+1) sits on the left and the seats
    follow round the top to the right; in a game played counter-clockwise (``view.clockwise``
    False) the same places hold and play simply runs the other way, starting on the right.
    Returns seat -> (side, index): side is ``left``, ``top`` or ``right``; index orders the top
    row from left to right.  One opponent sits opposite; two flank; more fill the top row.
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
_JOKER_TOKEN = re.compile(r"(?<![\w@])(JK|BJ|LJ)(?![\w])")
#: the jokers by name: "JK" means nothing to a new player
JOKER_WORDS = {"JK": "Joker", "BJ": "Big joker", "LJ": "Little joker"}


def show_cards(text: str, ascii_suits: bool) -> str:
    """Card notation inside a message drawn for players: ``10D``, ``JC`` with suit symbols (or
    kept as letters), the jokers by name (``JK``: Joker, ``BJ``: Big joker, ``LJ``: Little joker)."""
    text = _JOKER_TOKEN.sub(lambda m: JOKER_WORDS[m.group(1)], text)
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
