"""The shared rules library: cards, actions, trick helpers, the GameState protocol, records."""

from .actions import Action, choose, normalize, play, word
from .cards import (ACE, ALL_CARDS, BIG_JOKER, JACK, JOKER, KING, LITTLE_JOKER, QUEEN, SUITS, Card, Suit, card,
                    cards_text, deck_24, deck_32, deck_33, deck_52, deck_53, deck_54, deck_agram, deck_double,
                    parse_card, parse_cards, standard_deck)
from .errors import (BadNotationError, BadOptionError, BadRecordError, CardtableError, IllegalActionError,
                     ProtocolError, UnknownGameError)
from .clone import DEEP, LIST, LISTS, SHARED
from .options import Option
from .state import GameState, Rules
from .views import Event, Outcome, Play, SeatView, TrickResult, make_event, render_seats
from .viewdata import NO_EXTRA, VIEW_DATA, NoExtra, is_view_data, view_data, view_data_name
from .record import Record, atomic_write
from .trickgame import TrickGame, seat_play
from .potgame import PotGame
from .words import plural
from .tricks import Ranking, follow_suit, must_head, next_seat, same_colour, seat_order, shared_ranking, trick_winner
from .partnership import Teams, active_seats, bowers_of, next_active, trick_complete, trump_ranking, trump_text

__all__ = [name for name in dir() if not name.startswith("_")]
