"""The shared rules library: cards, actions, trick helpers, the GameState protocol, records.

Every name below is importable from ``games.core`` (``from games.core import Card, TrickGame``),
but a submodule is loaded only when one of its names is first asked for (PEP 562): the lobby,
which lists the games without loading their rules, does not pay for the whole library.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what a type checker sees; at run time __getattr__ below imports on first use
    from .actions import Action, choose, normalize, play, word
    from .cards import (
        ACE,
        ALL_CARDS,
        BIG_JOKER,
        JACK,
        JOKER,
        KING,
        LITTLE_JOKER,
        QUEEN,
        SUITS,
        Card,
        Suit,
        card,
        cards_text,
        deck_24,
        deck_32,
        deck_33,
        deck_52,
        deck_53,
        deck_54,
        deck_agram,
        deck_double,
        parse_card,
        parse_cards,
        standard_deck,
    )
    from .clone import DEEP, LIST, LISTS, LOG, SHARED
    from .errors import (
        BadNotationError,
        BadOptionError,
        BadRecordError,
        CardtableError,
        IllegalActionError,
        ProtocolError,
        UnknownGameError,
    )
    from .log import Log, Logged
    from .options import Option
    from .partnership import (
        Teams,
        active_seats,
        bowers_of,
        next_active,
        trick_complete,
        trump_ranking,
        trump_text,
    )
    from .potgame import PotGame
    from .record import Record, atomic_write
    from .state import GameState, Rules
    from .trickgame import TrickGame, seat_play
    from .tricks import (
        Ranking,
        follow_suit,
        must_head,
        next_seat,
        same_colour,
        seat_order,
        shared_ranking,
        trick_winner,
    )
    from .viewdata import NO_EXTRA, VIEW_DATA, NoExtra, is_view_data, view_data, view_data_name
    from .views import Event, InfoLine, Outcome, Play, SeatView, TrickResult, make_event, render_seats
    from .words import plural

#: each exported name, by the submodule that defines it
_EXPORTS: dict[str, tuple[str, ...]] = {
    "actions": ("Action", "choose", "normalize", "play", "word"),
    "cards": (
        "ACE",
        "ALL_CARDS",
        "BIG_JOKER",
        "JACK",
        "JOKER",
        "KING",
        "LITTLE_JOKER",
        "QUEEN",
        "SUITS",
        "Card",
        "Suit",
        "card",
        "cards_text",
        "deck_24",
        "deck_32",
        "deck_33",
        "deck_52",
        "deck_53",
        "deck_54",
        "deck_agram",
        "deck_double",
        "parse_card",
        "parse_cards",
        "standard_deck",
    ),
    "errors": (
        "BadNotationError",
        "BadOptionError",
        "BadRecordError",
        "CardtableError",
        "IllegalActionError",
        "ProtocolError",
        "UnknownGameError",
    ),
    "clone": ("DEEP", "LIST", "LISTS", "LOG", "SHARED"),
    "log": ("Log", "Logged"),
    "options": ("Option",),
    "state": ("GameState", "Rules"),
    "views": (
        "Event",
        "InfoLine",
        "Outcome",
        "Play",
        "SeatView",
        "TrickResult",
        "make_event",
        "render_seats",
    ),
    "viewdata": ("NO_EXTRA", "VIEW_DATA", "NoExtra", "is_view_data", "view_data", "view_data_name"),
    "record": ("Record", "atomic_write"),
    "trickgame": ("TrickGame", "seat_play"),
    "potgame": ("PotGame",),
    "words": ("plural",),
    "tricks": (
        "Ranking",
        "follow_suit",
        "must_head",
        "next_seat",
        "same_colour",
        "seat_order",
        "shared_ranking",
        "trick_winner",
    ),
    "partnership": (
        "Teams",
        "active_seats",
        "bowers_of",
        "next_active",
        "trick_complete",
        "trump_ranking",
        "trump_text",
    ),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # the next look-up is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
