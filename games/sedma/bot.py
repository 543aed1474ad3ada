"""A sensible Sedma player: it takes aces and tens with sevens or the starter's rank, continues a
trick only when it pays, and plays for its side (its partner's tricks are its own).

Words: a card *matches* when it is a seven or of the starter's rank (it takes the trick over);
*counters* are aces and tens (10 points each); the *stake* of a trick is its counters plus 10
when it is surely the hand's last trick.

- Following, the trick held by an opponent: take it when the stake is worth it (any counter, or
  the last trick) with the cheapest match (the starter's rank before a seven); an empty trick is taken only with a spare card of the starter's rank.  Otherwise
  throw the least useful blank card, never a counter while a blank one is left.
- Following, the trick held by our side (a partner's): keep the matches; throw a blank card, or
  a counter (a "smear") when the trick is likely to stay ours: the opponents still to play this
  round, and an opposing leader who could go on, probably hold no match (from the unseen cards).
- Leading: a blank card of a rank we hold twice (so we can continue with the other), else the
  blank card whose rank has the fewest unseen copies; never a counter while a blank card is
  left, nor a seven while any other card is (the seven kept, the leader can take back a trick
  an opponent took).
- Deciding (the leader, between rounds): end the trick when our side holds it; when an opponent
  holds it, continue with the cheapest match if the stake is worth it, else end.

- Two players with the stock gone: every card is known (the unseen ones are the opponent's
  hand), and once the hands hold six cards or fewer (``SOLVE_CARDS``) the hand's end is solved
  (games/sedma/endgame.py); the rules above choose among the moves that do best.
- Four players with the stock gone, in a look-ahead's playout (a world with every card placed):
  once the hands hold two cards or fewer (``FINISH_CARDS``) the rest of the hand is played
  solved (``finish_playout``), where the rules above would spend a seven that should have had the
  trick's last word.

Everything comes from the view: the trick's rounds, the starter and the holder in ``extra``, the
cards seen this hand in the ``play`` events, the teams.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from math import comb

from games.bots import Bot, Levels, Playouts
from games.bots.partnership import partner_seats, seen_this_hand
from games.core import Action, Card, GameState, SeatView

from .endgame import Ending, best_moves
from .expert import SEDMA_EXPERT, play_solved
from .rules import COUNTERS, SEVEN, Sedma, sedma_pack
from .viewdata import SedmaView

SOLVE_CARDS = 6  # two players, no stock: the hand's end is solved once the hands hold this many cards
#: four players, no stock: a look-ahead's playout is played on solved once the hands hold this many
FINISH_CARDS = 2
SMEAR_SAFE = 0.6  # smear a counter on our side's trick when it is at least this likely to stay ours


def points(c: Card) -> int:
    return 10 if c.rank in COUNTERS else 0


class SedmaBot(Bot):
    level = "heuristic"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        by_text = {a.text: a for a in legal}
        scene = _Scene(view)
        if view.data(SedmaView).deciding:
            pick = scene.decide([a.card for a in legal if a.card is not None])
        else:
            cards = [a.the_card for a in legal]
            pick = (scene.lead(cards) if not view.trick else scene.follow(cards)).text
        best = scene.solved()
        if best and pick not in best:
            pick = best[0]  # (the heuristic's own pick stands when it is one of the best)
        return by_text[pick]

    def finish_playout(self, world: GameState) -> bool:
        """A look-ahead's playout, in a world of its own with every card placed: with four
        players, the stock gone and at most ``FINISH_CARDS`` cards a hand, the rest of the hand
        is played as best play by every seat plays it (games/sedma/endgame.py), not by these
        rules, and True.  The rules above spend a seven too early at the hand's end, where the
        last word of a trick decides it (tests/positions/sedma-se5-*); two players' ends are
        solved by ``choose`` itself."""
        if not isinstance(world, Sedma) or world.num_seats != 4 or world.stock:
            return False
        if world.to_act is None or max(map(len, world.hands)) > FINISH_CARDS:
            return False
        play_solved(world)
        return True

    def candidates(self, view: SeatView, choices: Sequence[Action], keep: Action) -> list[Action]:
        """With every card known (two players, no stock) ``choose`` has solved the hand's end:
        nothing is left for a look-ahead to find."""
        if _Scene(view).ending() is not None:
            return [keep]
        return list(choices)


@functools.cache
def _pack_set(num_seats: int) -> frozenset[Card]:
    return frozenset(sedma_pack(num_seats))


class _Scene:
    """One decision's reading of the view."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        extra = view.data(SedmaView)
        self.me = view.my_seat
        self.side = {self.me, *partner_seats(view, self.me)}
        self.starter: Card | None = extra.starter
        self.holder = extra.holder
        self.order: tuple[int, ...] = extra.order
        played = [c for r in extra.rounds for c in r]
        self.stake = sum(points(c) for c in played)
        self.stock = extra.stock
        if self.stock == 0 and len(view.hand) == 1:
            self.stake += 10  # our last card: this trick is the hand's last
        self.unseen = _pack_set(view.num_seats) - seen_this_hand(view) - set(view.hand)
        self.played_this_round = len(extra.rounds[-1]) if extra.rounds else 0

    def solved(self) -> list[str]:
        """Two players and no stock: the best choices under open cards (games/sedma/endgame.py),
        or [] elsewhere."""
        ending = self.ending()
        return best_moves(ending) if ending is not None else []

    def ending(self) -> Ending | None:
        """The hand's end with every card known (two players, no stock), or None."""
        view, extra = self.view, self.view.data(SedmaView)
        if view.num_seats != 2 or self.stock != 0:
            return None
        opp = 1 - self.me
        if len(view.hand) + view.hand_sizes[opp] > SOLVE_CARDS:
            return None
        other = frozenset(self.unseen)
        if len(other) != view.hand_sizes[opp]:
            return None  # (cannot happen: the unseen cards are the opponent's hand)
        seat = {self.me: 0, opp: 1}
        trick = tuple(c for r in extra.rounds for c in r)
        return Ending(
            hands=(frozenset(view.hand), other),
            trick=trick,
            leader=seat[extra.order[0]],
            holder=seat[extra.holder] if extra.holder is not None else 0,
            rounds=extra.round,
            deciding=extra.deciding,
            points=(extra.points[self.me], extra.points[opp]),
            captured=(extra.captured[self.me], extra.captured[opp]),
            pack=len(_pack_set(2)),
            series=extra.target > 0,
        )

    def matches(self, c: Card) -> bool:
        return self.starter is not None and (c.rank == SEVEN or c.rank == self.starter.rank)

    @staticmethod
    def match_cost(c: Card) -> tuple[bool, int, int]:
        """Cheapest match first: the starter's rank before a seven (sevens match anything, and a
        counter of the starter's rank is better in the trick we take than in the hand)."""
        return c.rank == SEVEN, points(c), c.rank

    def blank_first(self, cards: Sequence[Card]) -> Card:
        """The least useful card to throw: blank before counter, no match, low ranks first."""
        return min(cards, key=lambda c: (points(c), self.matches(c), c.rank == SEVEN, c.rank))

    # -- following -----------------------------------------------------------------
    def follow(self, cards: list[Card]) -> Card:
        if self.holder in self.side:
            return self._support(cards)
        takers = sorted((c for c in cards if self.matches(c)), key=self.match_cost)
        if takers and (self.stake > 0 or (takers[0].rank != SEVEN and points(takers[0]) == 0)):
            return takers[0]
        return self.blank_first([c for c in cards if not self.matches(c)] or cards)

    def _support(self, cards: list[Card]) -> Card:
        """Our side holds the trick: keep the matches; smear a counter when the trick is likely safe."""
        spare = [c for c in cards if not self.matches(c)] or cards
        counters = [c for c in spare if points(c)]
        if counters and self.safe_chance() >= SMEAR_SAFE:
            return counters[0]
        return self.blank_first(spare)

    def safe_chance(self) -> float:
        """The chance that no opponent can still take the trick: those after us this round, and
        the leader (who may go on) when the leader is an opponent; each must hold no match."""
        k = self.order.index(self.me) if self.me in self.order else 0
        threats = [s for s in self.order[k + 1 :] if s not in self.side]
        leader = self.order[0] if self.order else None
        if leader is not None and leader not in self.side and leader not in threats:
            threats.append(leader)
        live = [c for c in self.unseen if self.matches(c)]
        chance = 1.0
        for s in threats:
            h = min(self.view.hand_sizes[s], len(self.unseen))
            chance *= comb(len(self.unseen) - len(live), h) / max(1, comb(len(self.unseen), h))
        return chance

    # -- leading ----------------------------------------------------------------------
    def lead(self, cards: list[Card]) -> Card:
        def score(c: Card) -> tuple:
            twins = sum(1 for x in self.view.hand if x.rank == c.rank) - 1
            unseen_same = sum(1 for x in self.unseen if x.rank == c.rank)
            return (c.rank == SEVEN, points(c) > 0, -min(twins, 1), unseen_same, c.rank)

        return min(cards, key=score)

    # -- deciding -----------------------------------------------------------------------
    def decide(self, matches: list[Card]) -> str:
        if self.holder in self.side or not matches:
            return "end"
        stake = self.stake + (10 if self.stock == 0 and len(self.view.hand) == len(matches) == 1 else 0)
        if stake <= 0:
            return "end"
        return min(matches, key=self.match_cost).text


#: hard and expert: the heuristic's playouts (the tree search was measured no stronger than it);
#: expert 1200 (1600 took 2.0 s median, 3.2 s at most on a loaded machine, benchmarks/bench_levels.py),
#: and from the stock's end on the hand's end solved in each possible deal (games/sedma/expert.py)
BOT_LEVELS = Levels(SedmaBot, Playouts(expert=1200), expert=SEDMA_EXPERT)
