"""The expert bot: what wins at card tables, over the generic GameState protocol (issue 34).

The strongest trick-game programs (GIB and its successors in bridge, Kermit in Skat) combine
three things, and this bot has each as a part that can be measured on its own:

- **Deals** (determinization): each of the bot's choices is made in many possible deals of the
  cards it cannot see, the same deals for every choice, and its value is the mean over them:
  the rollout bot's look-ahead (games.bots.rollout), with the game's heuristic playing every
  seat, and a larger budget.
- **Solver**: at the last tricks of a hand (every hand holds at most ``solve`` cards) a deal is
  not played out by the heuristic but solved exactly for each choice, on ``solve_deals`` deals:
  alpha-beta over the deal's moves, the seat's side maximising the change of the hand's score
  (the rollout's reward) and every other seat minimising it (the *paranoid* reduction of a
  game of several sides to two), with a transposition table and, in games where only tricks
  count (``merge``), cards next in rank with no card still out between them merged into one.
  An endgame bigger than ``MAX_NODES`` (a game whose hands are refilled from a stock: declare
  ``solve`` only where they are not) is played out by the heuristic instead, and so are the
  rest of that decision's deals.  A node costs about 60 µs: three- and four-card endgames of
  three or four hands take 50-500 nodes, five-card ones 2,000-4,000 with merging.
- **Inference** (policy-based): a deal where another seat's card play so far would have been
  unlikely counts less.  The model of play is a sensible follower's: a seat that played a
  card that did not take the trick was playing low (it would have played a lower card of the
  suit it followed, had it one), and the last seat to play took the trick with its cheapest
  winner.  Every play of the hand that breaks the model multiplies the deal's weight by
  ``infer`` (an epsilon); deals are drawn four times over and kept in proportion to weight.

A game declares its expert with :class:`games.bots.levels.Expert` in its bot.py (the budget,
where the solver starts, merging, inference).  The search is a pure function of the view, the
legal actions, the worlds and the bot's rng: a seeded expert reproduces its games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.core import Action, GameState, SeatView, TrickGame

from .base import Bot, Worlds
from .estimates import Deal, sides
from .rollout import RolloutBot, _reward
from .search import standing, stop_at_next_deal

#: the parts of the expert, for measuring each on its own (benchmarks/bench_expert_parts.py)
PARTS = frozenset({"deals", "solver", "inference"})
OVERSAMPLE = 4  # deals drawn for each deal kept when inference weighs them
Key = tuple[Any, ...]  # a position of the solver's transposition table
MAX_NODES = 20_000  # safety stop for one solve (a bigger endgame is played out instead)


class ExpertBot(RolloutBot):
    """Deals, an exact solver of the last tricks, and inference (see the module docstring)."""

    level = "expert"

    def __init__(
        self,
        heuristic: type[Bot],
        seed: int | None = None,
        playouts: int = 1600,
        solve: int = 0,
        solve_deals: int = 120,
        merge: bool = False,
        infer: float | None = None,
        max_choices: int | None = None,
        parts: frozenset[str] = PARTS,
    ) -> None:
        super().__init__(heuristic, seed, playouts=playouts, max_choices=max_choices)
        self.solve = solve if "solver" in parts else 0
        self.merge = merge
        self.infer = infer if "inference" in parts else None
        self.solve_deals = solve_deals
        self.solved = 0  # deals solved (for the statistics)
        self.endgame = False  # the decision is within the solver's reach

    def choose(self, view: SeatView, legal: Sequence[Action], worlds: Worlds | None = None) -> Action:
        self.solved = 0
        if worlds is not None and self.infer is not None:
            worlds = self._weighed(worlds, view.my_seat)
        budget = self.playouts
        self.endgame = bool(self.solve) and view.phase == "play" and max(view.hand_sizes) <= self.solve
        if self.endgame:  # every deal solved for every choice: fewer deals, each exact
            self.playouts = min(budget, self.solve_deals * max(2, len(legal)))
        try:
            action = super().choose(view, legal, worlds)
        finally:
            self.playouts = budget
        if self.last_stats.get("worlds"):
            self.last_stats["solved"] = self.solved
        return action

    # -- inference ---------------------------------------------------------
    def _weighed(self, worlds: Worlds, seat: int) -> Worlds:
        """``worlds`` drawn in proportion to how likely the other seats' plays were in each: for
        each world asked for, ``OVERSAMPLE`` candidates, one kept by weight (the caller's rng)."""
        eps = self.infer or 0.0

        def draw(rng: random.Random) -> GameState:
            candidates = [worlds(rng) for _ in range(OVERSAMPLE)]
            weights = [likelihood(w, seat, eps) for w in candidates]
            total = sum(weights)
            if total <= 0:
                return candidates[0]
            pick = rng.random() * total
            for w, weight in zip(candidates, weights):
                pick -= weight
                if pick <= 0:
                    return w
            return candidates[-1]

        return draw

    # -- one playout ---------------------------------------------------------
    def _playout(self, world: GameState, action: Action, seat: int, seed: int) -> Deal:
        """In the endgame, the deal's exact value after ``action`` (the solver); else the
        heuristic's playout (games.bots.rollout)."""
        if not self.endgame or not isinstance(world, TrickGame):
            return super()._playout(world, action, seat, seed)
        start = standing(world)
        after = world.clone()
        stop_at_next_deal(after)
        after.apply(action)
        value = Solver(after, seat, start, world.hand_number, self.merge).value()
        if value is None:  # too big after all (cards drawn in play): the heuristic plays it out,
            self.endgame = False  # and the rest of this decision's deals
            return super()._playout(world, action, seat, seed)
        self.solved += 1
        # the solver knows the deal's value only: the figures a hint would quote stay unknown
        # (hints and reviews read the hard bot's playouts, never the solver's deals)
        return Deal(reward=value, points=0.0, tricks=0, trick=None, contract=0, result=None)

    def statistics(self) -> dict[str, Any]:
        return dict(self.last_stats)


class Solver:
    """Paranoid alpha-beta over one deal's remaining moves in its hand (see the module docstring):
    the value is the seat's reward (games.bots.rollout._reward) at the hand's end under best play,
    the seat's side maximising, everyone else minimising; None if the endgame is too big."""

    def __init__(
        self, world: GameState, seat: int, start: list[float], hand: int, merge: bool, table: bool = True
    ) -> None:
        self.root = world
        self.seat = seat
        self.start = start
        self.hand = hand
        self.mine = next((set(s) for s in sides(world) if seat in s), {seat})
        self.merge = merge and isinstance(world, TrickGame) and world.PLAIN_TRICKS
        #: the transposition table: key -> (value, 0 exact / 1 a lower bound / -1 an upper bound)
        self.table: dict[Key, tuple[float, int]] | None = {} if table else None
        self.nodes = 0

    def value(self) -> float | None:
        try:
            return self._search(self.root, -float("inf"), float("inf"))
        except _TooBig:
            return None

    def _search(self, state: GameState, alpha: float, beta: float) -> float:
        if state.to_act is None or state.hand_number != self.hand:
            return _reward(state, self.start, self.seat)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _TooBig
        key = _key(state) if self.table is not None else ()
        hit = self.table.get(key) if self.table is not None else None
        if hit is not None:
            v, kind = hit
            if kind == 0 or (kind > 0 and v >= beta) or (kind < 0 and v <= alpha):
                return v
        maximise = state.to_act in self.mine
        a0, b0 = alpha, beta
        best = -float("inf") if maximise else float("inf")
        for a in self._moves(state):
            child = state.clone()
            stop_at_next_deal(child)  # the clone's own stop (a copied one would stop its parent)
            child.apply(a)
            v = self._search(child, alpha, beta)
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        if self.table is not None:
            self.table[key] = (best, 1 if best >= b0 else -1 if best <= a0 else 0)
        return best

    def _moves(self, state: GameState) -> list[Action]:
        legal = [a for a in state.legal_actions() if not state.takes_back(a)] or state.legal_actions()
        if not self.merge or len(legal) < 2 or not isinstance(state, TrickGame):
            return legal
        return merged(state, legal)


class _TooBig(Exception):
    """An endgame with more nodes than the solver's limit."""


#: attributes a transposition never depends on: the record, caches, the world's own stop
_UNKEYED = frozenset({"history", "actors", "events", "_legal_cache", "_legal_index", "_deal", "_rng", "seed"})
#: attributes whose order does not matter (cards held, cards won)
_AS_SETS = frozenset({"hands", "won"})


def _key(state: GameState) -> Key:
    """Everything the rest of the hand may depend on: every attribute of the state but the
    record and caches (Trump Suit's flips change trump and the draw pile, so no short list of
    attributes would do), with hands and won cards in any order, and how many moves were made
    (plays of one trick never transpose)."""
    items: list[Any] = [len(state.history)]
    for name, value in vars(state).items():
        if name in _UNKEYED:
            continue
        if name in _AS_SETS and isinstance(value, list):
            items.append(tuple(tuple(sorted(v, key=_index)) for v in value))
        else:
            items.append(_frozen(value))
    return tuple(items)


def _frozen(value: Any) -> Any:
    """A hashable stand-in for an attribute's value (lists and dicts as tuples; an object that
    cannot be hashed, a new object equal to nothing: never a false transposition)."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items())
    if isinstance(value, set):
        return frozenset(value)
    try:
        hash(value)
    except TypeError:
        return object()
    return value


def _index(c: Any) -> int:
    return int(c.index)


def merged(state: TrickGame, legal: list[Action]) -> list[Action]:
    """One card of each run of the mover's cards that no card still in play separates (in a game
    where only tricks count, such cards do the same work); other actions kept."""
    ranking = state.ranking
    out = set()
    for h in state.hands:
        out.update(h)
    out.update(c for p in state.trick for c in p.cards)
    keep: list[Action] = []
    runs: dict[Any, list[Action]] = {}
    for a in legal:
        if a.card is None or a.kind != "play":
            keep.append(a)
        else:
            runs.setdefault(ranking.suit_of(a.card), []).append(a)
    for suit, plays in runs.items():
        live = sorted((c for c in out if ranking.suit_of(c) == suit), key=lambda c: ranking.power(c, suit))
        order = {c: i for i, c in enumerate(live)}
        plays.sort(key=lambda a: order[a.the_card])
        prev = -2
        for a in plays:
            i = order[a.the_card]
            if i != prev + 1:
                keep.append(a)
            prev = i
    return keep


def likelihood(world: GameState, seat: int, eps: float) -> float:
    """How likely the other seats' plays of this hand were in ``world`` under a sensible
    follower's model (see the module docstring): ``eps`` for every play that breaks it."""
    if not isinstance(world, TrickGame) or not world.PLAIN_TRICKS:
        return 1.0
    past = list(world._plays_this_hand())
    later: dict[int, list[Any]] = {}
    weight = 1.0
    ranking = world.ranking
    for p in reversed(past):  # a seat's hand then: its hand now and what it played since
        hand = list(world.hands[p.seat]) + later.get(p.seat, [])
        later.setdefault(p.seat, []).extend(p.cards)
        if p.seat == seat or not p.before or len(p.cards) != 1:
            continue
        played = p.cards[0]
        allowed = world._allowed([*hand, played], p)
        if len(allowed) < 2:
            continue
        led = ranking.suit_of(p.before[0])
        best = max(ranking.power(c, led) for c in p.before)
        power = ranking.power(played, led)
        last = len(p.before) == world.num_seats - 1 - len(getattr(world, "sitting_out", ()))
        if power <= best:  # played low: no lower card of the suit it followed
            suit = ranking.suit_of(played)
            lower = [c for c in allowed if ranking.suit_of(c) == suit and ranking.power(c, led) < power]
            if suit == led and lower:
                weight *= eps
        elif last:  # took the trick last: with its cheapest winner
            cheaper = [c for c in allowed if best < ranking.power(c, led) < power]
            if cheaper:
                weight *= eps
    return weight
