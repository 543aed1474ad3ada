"""A base for trick-taking games: hands, the trick in progress, tricks won, scores, and a
generic :meth:`view` built from them.

A game subclass keeps its state in these attributes (and any of its own), fills
``self.trick`` with :class:`Play` values as cards are played, and overrides the hooks
``_view_info``, ``_view_extra``, ``_view_trump`` and ``_prompt`` to add what its table shows.
When a trick is complete, :meth:`collect_trick` gives it to its winner.
"""

from __future__ import annotations

from typing import Any

from .cards import Card
from .protocol import LIST, LISTS, GameState, Play, Rules, SeatView, TrickResult, make_event
from .tricks import Ranking, trick_winner


_SEAT_PLAYS: dict[tuple[int, Card], Play] = {}


def seat_play(seat: int, c: Card) -> Play:
    """``Play(seat, (c,))``, one shared object per seat and card (plays are immutable; this saves
    building one for every card played)."""
    p = _SEAT_PLAYS.get((seat, c))
    if p is None:
        p = _SEAT_PLAYS[(seat, c)] = Play(seat, (c,))
    return p


class TrickGame(GameState):
    """Common state of a trick game; see the module docstring."""

    phase: str
    _COPY = {"hands": LISTS, "trick": LIST, "tricks_won": LIST, "scores": LIST, "bids": LIST, "status": LIST,
             "up_cards": LIST, "won": LISTS}

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        n = num_seats
        self.phase = "deal"
        self.hand_number = 0
        self.dealer = 0
        self.leader = 0
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.trick: list[Play] = []
        self.last_trick: TrickResult | None = None
        self.tricks_won: list[int] = [0] * n
        self.scores: list[int] = [0] * n
        self.bids: list[str] = [""] * n
        self.status: list[str] = [""] * n
        self.up_cards: list[Card] = []
        self.won: list[list[Card]] = [[] for _ in range(n)]  # the cards each seat has won this hand
        self.ranking = Ranking()

    # -- the generic view ------------------------------------------------
    def view(self, seat: int | None) -> SeatView:
        mine = seat is not None and self.to_act == seat
        return SeatView(
            game=self.rules.name,
            seat=seat,
            num_seats=self.num_seats,
            phase=self.phase,
            to_act=self.to_act,
            dealer=self.dealer,
            hand=tuple(self._sorted_hand(seat)) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            trick=tuple(self.trick),
            last_trick=self.last_trick,
            trump=self._view_trump(),
            up_cards=tuple(self.up_cards),
            tricks_won=tuple(self.tricks_won),
            scores=tuple(self.scores),
            bids=tuple(self.bids),
            status=tuple(self.status),
            legal=tuple(self.legal_actions()) if mine else (),
            hand_number=self.hand_number,
            events=self.recent_events(seat),
            info=tuple(self._view_info(seat)),
            extra=self._view_extra(seat),
            outcome=self.result,
            prompt=self._prompt() if mine else "",
            teams=self._teams(),
            options=self.options,
        )

    def _sorted_hand(self, seat: int) -> list[Card]:
        """The seat's hand in display order: by suit (trumps first), then rank high to low."""
        r = self.ranking
        order = {s: i for i, s in enumerate(r.trumps)}
        return sorted(self.hands[seat], key=lambda c: (
            order.get(r.suit_of(c), len(order) + (("S", "H", "C", "D").index(r.suit_of(c).value) if r.suit_of(c) else -1)),
            -r.rank_in_suit(c)))

    def _view_trump(self) -> str:
        return self.ranking.describe()

    def _view_info(self, seat: int | None) -> list[tuple[str, str]]:
        return []

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        return {}

    def _prompt(self) -> str:
        return "your turn"

    def _teams(self) -> tuple[tuple[int, ...], ...]:
        return ()

    # -- card conservation -------------------------------------------------
    def deck(self) -> list[Card]:
        """The match's full pack: a game keeps it in ``self.pack`` (or overrides this)."""
        return list(self.pack)

    def zones(self) -> dict[str, list[Card]]:
        """The hands, the won piles and the trick; a game adds its other places (stock, widow...)
        with ``{**super().zones(), "stock": ...}``."""
        zones = {f"hand {s}": list(h) for s, h in enumerate(self.hands)}
        zones.update({f"won {s}": list(w) for s, w in enumerate(self.won)})
        zones["trick"] = self.trick_cards()
        return zones

    # -- helpers ---------------------------------------------------------
    def trick_cards(self) -> list[Card]:
        return [c for p in self.trick for c in p.cards]

    def collect_trick(self) -> int:
        """Give the complete trick to its winner: a trick won, the cards on the winner's won
        pile, the last trick kept for review, a ``trick`` event; then the winner leads.
        Returns the winning seat."""
        cards = self.trick_cards()
        winner = self.trick[trick_winner(cards, self.ranking)].seat
        self.tricks_won[winner] += 1
        self.won[winner].extend(cards)
        self.last_trick = TrickResult(tuple(self.trick), winner)
        self.events.append(make_event("trick", f"{{p{winner}}} wins the trick", winner, None, tuple(cards), (),
                                      self.hand_number))
        self.trick = []
        self.leader = self.to_act = winner
        return winner

    def remove_from_hand(self, seat: int, c: Card) -> None:
        self.hands[seat].remove(c)
