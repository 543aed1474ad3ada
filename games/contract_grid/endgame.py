"""The last tricks counted out: what a decent player does when only a few cards are left.

With at most ``TRICKS`` tricks to play, the cards this seat cannot see are few and can lie in
only a few ways among the other hands (each hand's size known, no card of a suit a seat has
shown void in).  For each of its cards the bot plays every such lie out to the end of the hand,
the other seats playing against its bids (the worst case: what it makes then it makes for
certain in that lie), and values the end by the contracts the rules say it made
(``rules.judge``), each bid weighted as the heuristic weighs it.  A card's value is its mean
over the lies.  This is how a player counts sure winners (cards no unseen card can beat or
ruff) against the tricks the bids still need: cash them while holding the lead
(tests/positions/contract_grid-n1), take a needed trick now with the card sure to win it rather
than count on winning a later one (contract_grid-n2).

The play itself is the exact positions' (games.core.exact.Position: a hand is an integer, a card
a bit; its ``legal`` and ``winner`` are the rules of following and of taking a trick); the search
is a plain alpha-beta, small enough at three tricks (at most twenty lies of six cards) for the
heuristic's time.  The values are kept for the last ``KEPT`` endgames asked about: the expert's
inference asks the heuristic for the other seats' plays in each of a few hundred possible deals,
and at the end of a hand those deals show each seat only a few different endgames.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from games.bots.solver import merged_runs
from games.core import Card, Suit, shared_ranking
from games.core.exact import Position

from .rules import judge

#: the endgame is counted out when every hand holds at most this many cards
TRICKS = 3
KEPT = 1024
_CLASSES = tuple(Suit)
INF = float("inf")


@dataclass(frozen=True)
class LastTricks:
    """The rest of the hand from ``me``'s seat, ``me`` to play (see the module docstring).

    ``sizes``: the cards each seat holds; ``voids``: the suits each seat has shown it lacks;
    ``trick``: the cards played to the trick so far, (seat, card) in order; ``tricks``: the
    tricks each seat has taken; ``won``: the cards ``me`` has taken; ``bids``: each contract
    ``me`` bid with what making it is worth."""

    me: int
    hand: tuple[Card, ...]
    unseen: tuple[Card, ...]
    sizes: tuple[int, ...]
    voids: tuple[frozenset[Suit | None], ...]
    trick: tuple[tuple[int, Card], ...]
    trump: Suit
    tricks: tuple[int, ...]
    won: tuple[Card, ...]
    num_trumps: int
    bids: tuple[tuple[str, float], ...]

    def values(self, choices: Sequence[Card]) -> dict[Card, float] | None:
        """Each of ``choices`` with its mean value over the lies; None if no lie fits."""
        return _values(self, tuple(choices))

    def lies(self) -> list[tuple[frozenset[Card], ...]]:
        """Every way the unseen cards may lie: the other seats' hands (``me``'s left empty)."""
        count = _Count(self)
        return [
            tuple(frozenset(c for c in count.cards if h & count.bit[c]) for h in hands)
            for hands in count.lies()
        ]


@lru_cache(maxsize=KEPT)
def _values(game: LastTricks, choices: tuple[Card, ...]) -> dict[Card, float] | None:
    return _Count(game).values(choices)


class _Count:
    """The counting out of one endgame: the cards numbered as an exact position numbers them
    (by suit, then rank), every lie, and each of them searched."""

    def __init__(self, game: LastTricks) -> None:
        self.game, self.me, self.n = game, game.me, len(game.sizes)
        r = shared_ranking((game.trump,), joker_suit=game.trump)
        self.suit_of = r.suit_of
        order = sorted(
            [*game.hand, *game.unseen, *(c for _, c in game.trick)],
            key=lambda c: (_CLASSES.index(r.suit_of(c) or game.trump), r.rank_in_suit(c)),
        )
        self.cards = tuple(order)
        self.bit = {c: 1 << i for i, c in enumerate(order)}
        self.suit = tuple(_CLASSES.index(r.suit_of(c) or game.trump) for c in order)
        self.masks = tuple(sum(1 << i for i, k in enumerate(self.suit) if k == kind) for kind in range(4))
        self.hand = sum(self.bit[c] for c in game.hand)
        self.table = {self.bit[c]: s for s, c in game.trick}
        self._ends: dict[tuple[int, int], float] = {}

    # -- the lies ---------------------------------------------------------
    def lies(self) -> Iterator[list[int]]:
        others = [s for s in range(self.n) if s != self.me]
        yield from self._deal(others, list(self.game.unseen), [0] * self.n)

    def _deal(self, seats: list[int], cards: list[Card], hands: list[int]) -> Iterator[list[int]]:
        if not seats:
            yield hands
            return
        seat, rest = seats[0], seats[1:]
        fits = [c for c in cards if self.suit_of(c) not in self.game.voids[seat]]
        for chosen in combinations(fits, self.game.sizes[seat]):
            taken = set(chosen)
            hands[seat] = sum(self.bit[c] for c in chosen)
            yield from self._deal(rest, [c for c in cards if c not in taken], hands)
        hands[seat] = 0

    # -- the values -------------------------------------------------------
    def values(self, choices: Sequence[Card]) -> dict[Card, float] | None:
        """Cards of one run (no card still in play between them) are worth the same: one of
        them is searched."""
        bits = sum(self.bit[c] for c in choices)
        live = [self.hand, sum(self.bit[c] for c in self.game.unseen)]
        kept = merged_runs(bits, live, sum(self.table), self.masks, self.suit)
        run = {
            c: _run_top(self.bit[c], kept, self.masks[self.suit[self.bit[c].bit_length() - 1]])
            for c in choices
        }
        totals = dict.fromkeys(run.values(), 0.0)
        count = 0
        for hands in self.lies():
            hands = list(hands)
            hands[self.me] = self.hand
            position = self._position(hands)
            for top in totals:
                totals[top] += _Search(self, position).after(top)
            count += 1
        if not count:
            return None
        return {c: totals[run[c]] / count for c in choices}

    def _position(self, hands: list[int]) -> Position:
        owner = [0] * len(self.cards)
        for s, h in enumerate(hands):
            for i in range(len(self.cards)):
                if h >> i & 1:
                    owner[i] = s
        for b, s in self.table.items():
            owner[b.bit_length() - 1] = s
        trick = self.game.trick
        return Position(
            cards=self.cards,
            suit=self.suit,
            suit_masks=self.masks,
            trumps=self.masks[_CLASSES.index(self.game.trump)],
            owner=tuple(owner),
            hands=hands,
            trick=sum(self.table),
            led=self.suit[self.bit[trick[0][1]].bit_length() - 1] if trick else -1,
            played=len(trick),
            to_act=self.me,
            after=tuple((s + 1) % self.n for s in range(self.n)),
            players=self.n,
        )

    def end(self, taken: int, mine: int) -> float:
        """The worth of the hand's end: ``taken`` the tricks each seat took since (5 bits a
        seat), ``mine`` the cards ``me`` took since (a bit set)."""
        key = (taken, mine)
        value = self._ends.get(key)
        if value is None:
            game = self.game
            tricks = [t + (taken >> 5 * s & 31) for s, t in enumerate(game.tricks)]
            won: list[list[Card]] = [[] for _ in range(self.n)]
            won[self.me] = [*game.won, *(c for i, c in enumerate(self.cards) if mine >> i & 1)]
            made = set(judge(self.me, tricks, won, game.trump, game.num_trumps))
            value = self._ends[key] = sum(w for c, w in game.bids if c in made)
        return value


def _run_top(card: int, kept: int, suit: int) -> int:
    """The card of ``kept`` that stands for ``card``: the lowest of its suit at or above it."""
    above = kept & suit & ~(card - 1)
    return above & -above


class _Search:
    """Alpha-beta over one lie: ``me`` maximising, every other seat minimising."""

    def __init__(self, game: _Count, position: Position) -> None:
        self.game, self.p, self.me = game, position, game.me

    def after(self, card: int) -> float:
        """The value once ``me`` has played ``card`` (one bit) to the trick on the table."""
        p = self.p
        return self._play(card, p.to_act, p.trick, p.led, p.played, 0, 0, -INF, INF)

    def _play(
        self,
        card: int,
        seat: int,
        trick: int,
        led: int,
        played: int,
        taken: int,
        mine: int,
        alpha: float,
        beta: float,
    ) -> float:
        p = self.p
        p.hands[seat] ^= card
        trick |= card
        if led < 0:
            led = p.suit[card.bit_length() - 1]
        if played + 1 < p.players:
            value = self._search(p.after[seat], trick, led, played + 1, taken, mine, alpha, beta)
        else:
            winner = p.winner(trick, led, seat)
            if winner == self.me:
                mine |= trick
            value = self._search(winner, 0, -1, 0, taken + (1 << 5 * winner), mine, alpha, beta)
        p.hands[seat] ^= card
        return value

    def _search(
        self, seat: int, trick: int, led: int, played: int, taken: int, mine: int, alpha: float, beta: float
    ) -> float:
        p = self.p
        hands = p.hands
        hand = hands[seat]
        if not played:
            if not hand:  # every hand is empty
                return self.game.end(taken, mine)
            if not hand & (hand - 1):  # one card each: the last trick plays itself
                last = 0
                for h in hands:
                    last |= h
                winner = p.winner(last, p.suit[hand.bit_length() - 1], p.before[seat])
                return self.game.end(taken + (1 << 5 * winner), mine | last if winner == self.me else mine)
        moves = merged_runs(p.legal(hand, trick, led), hands, trick, p.suit_masks, p.suit)
        maximise = seat == self.me
        best = -INF if maximise else INF
        while moves:
            card = 1 << (moves.bit_length() - 1)  # high cards first
            moves ^= card
            v = self._play(card, seat, trick, led, played, taken, mine, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best
