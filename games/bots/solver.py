"""An exact solver of a deal's remaining card play: alpha-beta on bit sets (the expert's solver).

Given one possible deal (every card known) and the compact :class:`~games.core.exact.Position`
its game makes of it, the solver finds what each of the searching seat's choices is worth if
everybody then plays perfectly: its side maximising, every other seat minimising (the
*paranoid* reduction of a game of several sides to two, exact where there are two sides).

- **Bit sets**: a hand is an integer, a card a bit, numbered by suit and rank, so a legal-move
  list, "the cards above the highest one played" and a trick's winner are a few integer
  operations (games.core.exact).  A node costs about a microsecond and a half.
- **Equivalent cards merged**: two cards of one hand with no card still in play between them
  win and lose the same tricks, and only one of them is searched (where the cards won count,
  ``SUITS``, they are of one suit, which is all a game's contracts read of them).
- **A transposition table** at the start of each trick: the hands, the seat to lead and what has
  been won so far (the tricks of each seat, or who took each trick), with the bounds found.
- **The rules stay the one truth**: a line of play that ends the hand is played through the
  game's own rules on a copy of the deal, and its value is the seat's reward there
  (games.bots.rollout._reward: the hand's score for its side against the others, and the match
  when it ends).  Lines that end alike (the same tricks won by the same seats) share one such
  replay (a ``memo``, which a caller may share between the deals of one decision: the end of a
  hand is scored from the tricks and what every seat sees, never from a hidden card, and where
  it is scored from the cards of the last trick, Cucumber's, they are named by their place in
  the pack, not by the deal's own numbering).

A search larger than ``max_nodes`` stops (:class:`TooBig`): the caller plays that deal out another
way.  Everything here is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Action, GameState
from games.core.actions import play
from games.core.exact import CINCH, COUNTS, HIGHER, LAST, LAST_TRICK, SUITS, Position

from .estimates import Deal, Measure, side_of_seat
from .rollout import _reward
from .search import standing, stop_at_next_deal

INF = float("inf")
#: a line's end: the searching seat's Deal and every seat's reward
End = tuple[Deal, tuple[float, ...]]
MAX_NODES = 200_000  # a safety stop: about a third of a second


class TooBig(Exception):
    """The search went past its node limit."""


class Solver:
    """Alpha-beta over one deal's :class:`Position` for ``seat`` (see the module docstring)."""

    def __init__(
        self,
        world: GameState,
        position: Position,
        seat: int,
        memo: dict[int, End] | None = None,
        max_nodes: int = MAX_NODES,
        start: list[float] | None = None,
    ) -> None:
        self.world = world
        self.position = p = position
        self.seat = seat
        #: the standing a line's reward is measured from (the position's own unless given: a
        #: bid judged by the card play after it counts from the standing when it was made)
        self.start = standing(world) if start is None else start
        self.hand = world.hand_number
        mine = set(side_of_seat(world, seat))
        self.maximise = tuple(s in mine for s in range(len(p.hands)))
        self.side = tuple(sorted(mine))
        #: the end of each way of winning the tricks, as the game scored it (see the docstring),
        #: by a key every deal of a decision reads alike (see :meth:`_scored`)
        self.memo: dict[int, End] = {} if memo is None else memo
        self._ends: dict[float, Deal] = {d.reward: d for d, _ in self.memo.values()}
        self.max_nodes = max_nodes
        self.nodes = 0
        self.replays = 0
        self.table: dict[tuple[tuple[int, ...], int, int], tuple[float, float]] = {}
        self.path: list[int] = []  # the cards played since the position, by number
        #: the world at each trick's end along the last line replayed: (its cards, the world)
        self._kept: list[tuple[tuple[int, ...], GameState]] = []
        # what is won so far, as one integer: per seat a count in its own 5 bits (COUNTS), the
        # sequence of trick winners in base (seats + 1), each digit a winner + 1 (WINNERS), the
        # last trick's winner + 1 (LAST), per seat and suit class the cards it took, 4 bits
        # each, 20 a seat (SUITS), or the last trick's cards and, in the low 5 bits, the seat
        # that led it (LAST_TRICK: the order they were played in, which breaks equal ranks)
        n = len(p.hands)
        self._last_trick = p.ends_on == LAST_TRICK  # the last trick's cards, as one bit set
        #: this deal's ends by its own ``won``: the memo itself, but for a last trick, whose key
        #: in the memo is worked out once a way of winning (:meth:`_dealt_key`)
        self._seen: dict[int, End] = {} if self._last_trick else self.memo
        #: False where what was won before a trick is never read again (a last trick's ``won`` is
        #: its cards, and each trick's replaces the one before): the tables' keys leave it out, so
        #: that the same hands reached by tricks played in another order are one entry
        self._keeps_won = not self._last_trick
        self._by_suit = p.ends_on == SUITS
        self._suit_unit = [1 << (4 * c) for c in p.suit]  # a card's count in its seat's 20 bits
        self._shift = [20 * s for s in range(n)]
        if p.ends_on == COUNTS:
            self._won = [1 << (5 * s) for s in range(n)]
            self._base = 1
        else:
            self._won = [s + 1 for s in range(n)]
            self._base = 0 if p.ends_on == LAST else n + 1

    # -- the root ------------------------------------------------------------
    def values(self, choices: Sequence[Action]) -> dict[Action, Deal]:
        """Each of the seat's ``choices`` (card plays of the position's seat to act) with the end
        of the hand under best play (its ``reward`` the value); TooBig past the node limit."""
        p = self.position
        index = {c: i for i, c in enumerate(p.cards)}
        out: dict[Action, Deal] = {}
        for a in choices:
            value = self._after(1 << index[a.the_card], p.to_act, p.trick, p.led, p.played, 0, -INF, INF)
            out[a] = self._ends[value]
        return out

    def value(self) -> Deal:
        """The end of the hand under best play from the position, whichever seat is to act
        (its side maximising, the others minimising); TooBig past the node limit."""
        p = self.position
        return self._ends[self._search(p.to_act, p.trick, p.led, p.played, 0, -INF, INF)]

    # -- the search ----------------------------------------------------------
    def _after(
        self, card: int, seat: int, trick: int, led: int, played: int, won: int, alpha: float, beta: float
    ) -> float:
        """The value once ``seat`` has played ``card`` (one bit) to ``trick``."""
        hands = self.position.hands
        hands[seat] ^= card
        self.path.append(card)
        to, trick, led, played, won = self._next(card, seat, trick, led, played, won)
        value = self._end(won) if to < 0 else self._search(to, trick, led, played, won, alpha, beta)
        self.path.pop()
        hands[seat] ^= card
        return value

    def _next(
        self, card: int, seat: int, trick: int, led: int, played: int, won: int
    ) -> tuple[int, int, int, int, int]:
        """Where play stands once ``seat`` has played ``card`` to ``trick``: the seat to play next,
        the trick, its led suit, the cards in it and the tricks won (a new trick after the last
        card of one); the seat is -1 where the hand is over early (a sweeper lost a trick)."""
        p = self.position
        trick |= card
        if led < 0:
            led = p.suit[card.bit_length() - 1]
        if played + 1 < p.players:
            return p.after[seat], trick, led, played + 1, won
        winner = p.winner(trick, led, seat)
        won = self._taken(trick, winner, won, p.after[seat])  # (after the last card: the leader)
        if 0 <= p.sweep != winner:  # the hand stops at the first trick the sweeper loses
            return -1, 0, -1, 0, won
        return winner, 0, -1, 0, won

    def _search(
        self, seat: int, trick: int, led: int, played: int, won: int, alpha: float, beta: float
    ) -> float:
        p = self.position
        hands = p.hands
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise TooBig
        key = None
        if not played:
            if not hands[seat]:  # the hand is over
                return self._end(won)
            key = (tuple(hands), seat, self._keeps_won and won)
            hit = self.table.get(key)
            if hit is not None:
                low, high = hit
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                alpha, beta = max(alpha, low), min(beta, high)
        alpha0, beta0 = alpha, beta
        moves = self._moves(seat, trick, led, won)
        if self.maximise[seat]:
            best = -INF
            while moves:
                card = 1 << (moves.bit_length() - 1)  # high cards first
                moves ^= card
                v = self._after(card, seat, trick, led, played, won, alpha, beta)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            best = INF
            while moves:
                card = 1 << (moves.bit_length() - 1)
                moves ^= card
                v = self._after(card, seat, trick, led, played, won, alpha, beta)
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if key is not None:
            low, high = self.table.get(key, (-INF, INF))
            if best <= alpha0:
                high = best
            elif best >= beta0:
                low = best
            else:
                low = high = best
            self.table[key] = (low, high)
        return best

    def _moves(self, seat: int, trick: int, led: int, won: int) -> int:
        """The cards ``seat`` may play, one of each set of equivalent cards."""
        p = self.position
        hands = p.hands
        if p.rule == CINCH:  # the cinch depends on the seat's tricks and the trumps still live
            live = trick
            for h in hands:
                live |= h
            taken = p.tricks[seat] + (won >> (5 * seat) & 31)
            moves = p.legal_cinch(hands[seat], trick, led, taken, live)
        else:
            moves = p.legal(hands[seat], trick, led)
        if p.rule == HIGHER:  # the rank counts at the last trick: only cards of one rank merge
            return _one_per_rank(moves, p.ranks)
        return merged_runs(moves, hands, trick, p.suit_masks, p.suit)

    def _taken(self, trick: int, winner: int, won: int, leader: int) -> int:
        """What is won so far once ``winner`` takes the full ``trick``, which ``leader`` led (see
        ``__init__``)."""
        if self._last_trick:
            return trick << 5 | leader
        if self._by_suit:
            t = trick
            while t:
                bit = t & -t
                t ^= bit
                won += self._suit_unit[bit.bit_length() - 1] << self._shift[winner]
            return won
        return won * self._base + self._won[winner]

    def _end(self, won: int) -> float:
        """The value of the hand's end: the line played through the game's rules (once for each
        way of winning the tricks, see the module docstring)."""
        return self._scored(won)[0].reward

    def _scored(self, won: int) -> End:
        end = self._seen.get(won)
        if end is None:
            key = self._dealt_key(won) if self._last_trick else won
            end = self.memo.get(key)
            if end is None:
                end = self.memo[key] = self.replay(self.path)
                self._ends.setdefault(end[0].reward, end[0])
            self._seen[won] = end
        return end

    def _dealt_key(self, won: int) -> int:
        """A last trick's ``won`` in terms every deal reads alike: each card by its place in the
        pack, with the seat that played it, and the seat that led.  (Its own bits number the
        cards still in play, which differ from deal to deal: sharing those, one deal's end was
        scored for another deal's cards.)

        Where suits play no part (``HIGHER``, Cucumber) the key is only what the score reads: the
        seat that took the trick, the rank it took it with, and the seats that played that rank
        (ties).  A last trick's cards number in the tens of thousands across a decision's deals,
        these in the hundreds, and each new key is one replay of the hand's end through the
        rules: keyed by the cards, a decision's replays were about two fifths of its time."""
        p = self.position
        trick, key = won >> 5, 0
        if p.rule == HIGHER:
            top = p.ranks[trick.bit_length() - 1]
            tied, seats = trick & top, 0
            while tied:
                bit = tied & -tied
                tied ^= bit
                seats |= 1 << p.owner[bit.bit_length() - 1]
            taker = p.winner(trick, -1, p.before[won & 31])
            return (p.cards[top.bit_length() - 1].rank << 8 | seats) << 5 | taker
        while trick:
            bit = trick & -trick
            trick ^= bit
            i = bit.bit_length() - 1
            key |= 1 << (p.cards[i].index << 3 | p.owner[i])
        return key << 5 | won & 31

    def replay(self, path: Sequence[int]) -> End:
        """The end of the hand once the cards of ``path`` are played in the game itself: the
        seat's reward there and what its side had (a Deal, as a playout's), and every seat's
        reward (for :class:`MaxN`).  The play goes on from the last trick's end that this path
        shares with the paths replayed before it (the search ends lines in depth-first order,
        so most share all but their last tricks with the line before)."""
        self.replays += 1
        measure = Measure(self.world, self.seat, self.side, self.start)
        world, done = self._resumed(path)
        p = self.position
        for k in range(done, len(path)):
            world.apply(play(p.cards[path[k].bit_length() - 1]))
            if (p.played + k + 1) % p.players == 0 and k + 1 < len(path):  # a trick's end
                self._kept.append((tuple(path[: k + 1]), world.clone()))
        if world.to_act is not None and world.hand_number == self.hand:
            raise ValueError("the position's hand ended before the game's own did")
        rewards = tuple(_reward(world, self.start, s) for s in range(world.num_seats))
        return measure.deal(world, rewards[self.seat], standing(world), None), rewards

    def _resumed(self, path: Sequence[int]) -> tuple[GameState, int]:
        """A copy of the world with as many of ``path``'s cards played as a kept trick's end
        has (the deepest of ``_kept`` that starts ``path``), and how many that is."""
        kept = self._kept
        while kept and tuple(path[: len(kept[-1][0])]) != kept[-1][0]:
            kept.pop()
        played, at = kept[-1] if kept else ((), self.world)
        world = at.clone()
        stop_at_next_deal(world)
        return world, len(played)


class MaxN(Solver):
    """The same search where every seat plays for its own side (max-n, after Luckhardt and
    Irani): each seat, in turn, picks the card best for its own side's reward, and of cards
    as good for it, the one worst for the searching seat.  No pruning (alpha-beta needs two
    sides), but a transposition table of exact values at the start of each trick.  For games of
    three or more sides, where the paranoid search's premise (every other seat against this
    one) is further from how people play."""

    def values(self, choices: Sequence[Action]) -> dict[Action, Deal]:
        p = self.position
        index = {c: i for i, c in enumerate(p.cards)}
        self._table: dict[tuple[tuple[int, ...], int, int], End] = {}
        out: dict[Action, Deal] = {}
        for a in choices:
            out[a] = self._after_n(1 << index[a.the_card], p.to_act, p.trick, p.led, p.played, 0)[0]
        return out

    def _after_n(self, card: int, seat: int, trick: int, led: int, played: int, won: int) -> End:
        hands = self.position.hands
        hands[seat] ^= card
        self.path.append(card)
        to, trick, led, played, won = self._next(card, seat, trick, led, played, won)
        end = self._scored(won) if to < 0 else self._search_n(to, trick, led, played, won)
        self.path.pop()
        hands[seat] ^= card
        return end

    def _search_n(self, seat: int, trick: int, led: int, played: int, won: int) -> End:
        hands = self.position.hands
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise TooBig
        key = None
        if not played:
            if not hands[seat]:
                return self._scored(won)
            key = (tuple(hands), seat, self._keeps_won and won)
            hit = self._table.get(key)
            if hit is not None:
                return hit
        moves = self._moves(seat, trick, led, won)
        me = self.seat
        best: End | None = None
        while moves:
            card = 1 << (moves.bit_length() - 1)
            moves ^= card
            end = self._after_n(card, seat, trick, led, played, won)
            if (
                best is None
                or end[1][seat] > best[1][seat] + 1e-9
                or (end[1][seat] > best[1][seat] - 1e-9 and end[1][me] < best[1][me])
            ):
                best = end
        assert best is not None, "a seat to play always has a card"
        if key is not None:
            self._table[key] = best
        return best


def _one_per_rank(moves: int, ranks: Sequence[int]) -> int:
    """``moves`` with one card of each rank (suits play no part: cards of a rank are alike)."""
    keep = 0
    while moves:
        card = moves & -moves
        keep |= card
        moves &= ~ranks[card.bit_length() - 1]
    return keep


def merged_runs(moves: int, hands: list[int], trick: int, masks: Sequence[int], suit: Sequence[int]) -> int:
    """``moves`` without the cards next below another of them in their suit, with no card still in
    play between the two (equivalent cards: the highest of each run is kept)."""
    if moves & (moves - 1) == 0:
        return moves
    live = trick
    for h in hands:
        live |= h
    keep = 0
    m = moves
    while m:
        card = m & -m
        m ^= card
        higher = live & ~((card << 1) - 1) & masks[suit[card.bit_length() - 1]]
        if not (higher & -higher & moves):
            keep |= card
    return keep
