"""Plain words for a hinted card: "10♥ — win the trick cheaply", "duck: your partner is winning".

The words come only from what the player to act sees: their own hand, the cards already in this
trick and the rules that order them (trumps, the led suit), never from hidden cards.  They are
given for games whose tricks are decided the ordinary way (one card a player, the highest of the
led suit or the highest trump: ``TrickGame.PLAIN_TRICKS``); for others :func:`card_reason`
returns "" and the hint says how the search chose instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Action, Card, GameState, Suit, TrickGame
from games.core.tricks import Ranking, trick_winner


def card_reason(state: GameState, seat: int, action: Action) -> str:
    """Why playing ``action``'s card makes sense now, in a few words ("" when we cannot say)."""
    if action.kind != "play" or action.card is None or not isinstance(state, TrickGame):
        return ""
    if not _plain_tricks(state):
        return ""
    ranking, hand, plays = state.ranking, state.hands[seat], state.trick
    legal = [a.card for a in state.legal_actions() if a.card is not None]
    if len(legal) == 1:
        return "the only card you may play"
    if not plays:
        return _lead_reason(action.card, hand, ranking)
    cards = [p.cards[0] for p in plays]
    return _follow_reason(
        state, seat, action.card, cards, plays[trick_winner(cards, ranking)].seat, hand, legal, ranking
    )


def _plain_tricks(state: TrickGame) -> bool:
    """One card a player and the ordinary trick winner (see TrickGame.PLAIN_TRICKS)."""
    if not state.PLAIN_TRICKS:
        return False
    return all(len(p.cards) == 1 for p in state.trick) and hasattr(state, "ranking")


def _lead_reason(card: Card, hand: Sequence[Card], ranking: Ranking) -> str:
    suit = ranking.suit_of(card)
    same = [c for c in hand if ranking.suit_of(c) == suit]
    if card == max(same, key=lambda c: ranking.rank_in_suit(c)) and len(same) > 1:
        return f"lead your best {_noun(suit, one=True)}"
    if card == min(same, key=lambda c: ranking.rank_in_suit(c)) and len(same) > 1:
        return f"lead low, keeping your higher {_noun(suit)}"
    if len(same) == 1:
        return f"lead your only {_noun(suit, one=True)}"
    return "lead it"


def _follow_reason(
    state: GameState,
    seat: int,
    card: Card,
    cards: list[Card],
    winning: int,
    hand: Sequence[Card],
    legal: Sequence[Card],
    ranking: Ranking,
) -> str:
    led = ranking.suit_of(cards[0])
    wins = trick_winner([*cards, card], ranking) == len(cards)
    void = not any(ranking.suit_of(c) == led for c in hand)
    if wins:
        winners = [c for c in legal if trick_winner([*cards, c], ranking) == len(cards)]
        power = lambda c: ranking.power(c, led)  # noqa: E731
        if void and ranking.is_trump(card):
            return f"trump it: you have no {_noun(led)}"
        if card == min(winners, key=power) and len(winners) > 1:
            return "win the trick cheaply"
        return "take the trick"
    partner = _partner(state, seat)
    if partner is not None and winning == partner:
        return "duck: your partner is winning"
    if void:
        return f"throw it away: you have no {_noun(led)}"
    if not any(trick_winner([*cards, c], ranking) == len(cards) for c in legal):
        return f"nothing you hold beats the {cards[trick_winner(cards, ranking)].text}: play low"
    return "hold back: play low"


def _partner(state: GameState, seat: int) -> int | None:
    for team in state.view(None).teams:
        if seat in team and len(team) == 2:
            return next(s for s in team if s != seat)
    return None


def _noun(suit: Suit | None, one: bool = False) -> str:
    if suit is None:
        return "joker" if one else "jokers"
    return suit.noun[:-1] if one and suit.noun.endswith("s") else suit.noun
