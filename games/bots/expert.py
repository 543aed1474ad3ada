"""The expert bot: what wins at card tables, over the generic GameState protocol (issue 34).

The strongest trick-game programs (GIB and its successors in bridge, Kermit in Skat) combine
three things, and this bot has each as a part that can be measured on its own:

- **Deals** (determinization): each choice is made in many possible deals of the cards the
  seat cannot see, the same deals for every choice, and its value is the mean over them.  Where
  the solver does not reach, that is the game's own look-ahead with the expert's budget (the
  heuristic's playouts, or the tree search: ``BOT_LEVELS``), the ``hard`` bot with more time.
- **Solver**: in the card play of a game that offers exact positions
  (``TrickGame.exact_play``, games.core.exact) each deal is not played out but solved: every
  choice's value under best play from there to the end of the hand (games.bots.solver:
  alpha-beta on bit sets, equivalent cards merged, a transposition table; the end of each line
  scored by the game's own rules).  The choice with the best mean over the deals is played (the
  heuristic's own choice where several are equal).  Solving starts once every hand holds at
  most ``solve`` cards, and a decision solves ``deals`` deals or as many as ``nodes`` nodes
  allow (at least ``MIN_DEALS``; else the look-ahead plays): the budget is counted in nodes, not
  seconds, so a seeded expert reproduces its games on any machine.
- **Inference** (policy-based): a deal where another seat's card play so far would have been
  unlikely counts less.  The model of play is a sensible follower's: a seat that played a
  card that did not take the trick was playing low (it would have played a lower card of the
  suit it followed, had it one), and the last seat to play took the trick with its cheapest
  winner.  Every play of the hand that breaks the model multiplies the deal's weight by
  ``infer`` (an epsilon); deals are drawn four times over and kept in proportion to weight.

A game declares its expert with :class:`games.bots.levels.Expert` in its bot.py.  The search is a
pure function of the view, the legal actions, the worlds and the bot's rng.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.core import Action, GameState, SeatView, TrickGame

from .base import Bot, Worlds, WorldsBot
from .estimates import Deal, Estimate
from .search import choosable
from .solver import Solver, TooBig

#: the parts of the expert, for measuring each on its own (benchmarks/bench_expert_parts.py)
PARTS = frozenset({"deals", "solver", "inference"})
OVERSAMPLE = 4  # deals drawn for each deal kept when inference weighs them
MIN_DEALS = 12  # a decision that cannot solve this many deals within its nodes is played out


class ExpertBot(WorldsBot):
    """Deals, an exact solver of the card play, and inference (see the module docstring): the
    game's own look-ahead (``look_ahead``, at the expert's budget) for what the solver does not
    reach."""

    level = "expert"

    def __init__(
        self,
        look_ahead: WorldsBot,
        heuristic: Bot,
        seed: int | None = None,
        solve: int = 0,
        deals: int = 200,
        nodes: int = 1_000_000,
        infer: float | None = None,
        parts: frozenset[str] = PARTS,
    ) -> None:
        super().__init__(seed)
        self.look_ahead = look_ahead
        self.heuristic = heuristic
        for bot in (look_ahead, heuristic, *_helpers(look_ahead)):
            bot.rng = self.rng  # one generator: a table's reseeding steers them all
        self.solve = solve if "solver" in parts else 0
        self.deals = deals
        self.nodes = nodes
        self.infer = infer if "inference" in parts else None
        self.solved = False  # the last decision was solved (else the look-ahead's)
        self._stats: dict[str, Any] = {}
        self._estimates: dict[str, Estimate] = {}

    # -- what the last decision found (hints, reviews, statistics) ------------
    @property
    def last_stats(self) -> dict[str, Any]:
        return self._stats if self.solved else getattr(self.look_ahead, "last_stats", {})

    @property
    def last_estimates(self) -> dict[str, Estimate]:
        return self._estimates if self.solved else getattr(self.look_ahead, "last_estimates", {})

    @property
    def last_reason(self) -> str:
        return "" if self.solved else getattr(self.look_ahead, "last_reason", "")

    def set_budget(self, budget: int) -> None:
        self.look_ahead.set_budget(budget)
        self.deals = max(MIN_DEALS, min(self.deals, int(budget)))

    def statistics(self) -> dict[str, Any]:
        return dict(self.last_stats)

    # -- choosing ------------------------------------------------------------
    def choose(self, view: SeatView, legal: Sequence[Action], worlds: Worlds | None = None) -> Action:
        self.solved = False
        if worlds is not None and self.infer is not None:
            worlds = self._weighed(worlds, view.my_seat)
        if worlds is not None and len(legal) > 1 and self._solvable(view, legal):
            choices = choosable(legal, worlds)
            mine = self.heuristic.choose(view, legal)
            found = self._solve(view, choices, worlds, self.deals, self.rng.getrandbits(64))
            if found is not None:
                self.solved = True
                return self._pick(choices, found, mine)
        return self.look_ahead.choose(view, legal, worlds)

    def estimate(
        self, view: SeatView, choices: Sequence[Action], worlds: Worlds, deals: int, seed: int = 0
    ) -> dict[str, Estimate]:
        """Each of ``choices`` on the same ``deals`` possible deals: solved where the solver
        reaches, else played out by the look-ahead (a pure function of its arguments)."""
        if self._solvable(view, choices):
            found = self._solve(view, list(choices), worlds, deals, seed)
            if found is not None:
                return found
        estimate = getattr(self.look_ahead, "estimate", None)
        if estimate is None:
            return {}
        found_out: dict[str, Estimate] = estimate(view, choices, worlds, deals, seed)
        return found_out

    def _solvable(self, view: SeatView, choices: Sequence[Action]) -> bool:
        """A card play within the solver's reach (the game may still decline the position)."""
        return (
            self.solve > 0
            and max(view.hand_sizes) <= self.solve
            and all(a.kind == "play" and a.card is not None for a in choices)
        )

    def _solve(
        self, view: SeatView, choices: list[Action], worlds: Worlds, deals: int, seed: int
    ) -> dict[str, Estimate] | None:
        """Every choice solved on up to ``deals`` possible deals (see the module docstring), or
        None where the game offers no position or the nodes do not reach ``MIN_DEALS`` deals."""
        rng = random.Random(seed)
        seat = view.my_seat
        memo: dict[int, Deal] = {}
        found: dict[Action, list[Deal]] = {a: [] for a in choices}
        spent = solved = 0
        for _ in range(deals):
            world = worlds(random.Random(rng.getrandbits(64)))
            position = world.exact_play() if isinstance(world, TrickGame) else None
            if position is None:
                return None
            solver = Solver(world, position, seat, memo, max_nodes=self.nodes - spent)
            try:
                values = solver.values(choices)
            except TooBig:
                break
            spent += solver.nodes
            solved += 1
            for a, deal in values.items():
                found[a].append(deal)
        if solved < min(MIN_DEALS, deals):
            return None
        self._stats = {"choices": len(choices), "solved": solved, "nodes": spent}
        self._estimates = {a.text: Estimate.of(a.text, d) for a, d in found.items()}
        return self._estimates

    def _pick(self, choices: Sequence[Action], found: Mapping[str, Estimate], mine: Action) -> Action:
        """The choice with the best mean value; the heuristic's where it is as good."""
        best = mine if mine in choices else choices[0]
        for a in choices:
            if found[a.text].mean > found[best.text].mean + 1e-9:
                best = a
        self._stats["overruled"] = best is not mine
        return best

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


def _helpers(bot: Bot) -> list[Bot]:
    """The bots a look-ahead asks for moves of its own (a rollout's heuristic, a search's fallback)."""
    found = [getattr(bot, name, None) for name in ("heuristic", "fallback")]
    return [b for b in found if isinstance(b, Bot)]


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
