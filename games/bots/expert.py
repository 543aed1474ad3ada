"""The expert bot: what wins at card tables, over the generic GameState protocol (issue 34).

The strongest trick-game programs (GIB and its successors in bridge, Kermit in Skat) combine
three things in the card play, and judge bids by the card play that follows them; this bot has
each as a part that can be measured on its own:

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
- **Inference** (policy-based): a deal where the other seats' card play so far would have been
  unlikely counts less.  The model of play is the game's own heuristic (the ``normal`` bot):
  the deal is rewound to the start of the hand's card play (``TrickGame.rewound``: every hand
  as it was then, in this deal) and the plays made since are made again, and at each play of
  another seat that had a choice the heuristic is asked what it would have played from that
  seat's view there; every play it would not have made multiplies the deal's weight by
  ``infer`` (an epsilon).  The solved deals are then drawn again in proportion to their
  weights (as many as were solved), so that every figure the bot keeps is a plain mean over
  deals.  The look-ahead's deals come from a pool weighed the same way once a decision
  (``LOOK_AHEAD_POOL`` deals, drawn again by weight; each deal it asks for is a copy of one of
  them): a tree search asks for a deal at every iteration, and weighing each of thousands made
  a move in Contract Grid take over a minute.
- **Bids solved** (GIB's way of bidding, for games that declare ``bids``): a decision before the
  card play (a bid, a trump, a pass) is judged on ``bids`` possible deals by what follows it:
  the rest of the auction as the model of play (the heuristic) makes it for every seat, then the
  hand's card play solved exactly from its first card (each deal's value under best play,
  whoever is to lead).  The heuristic's choice is made unless another beats it clearly on the
  same deals (``sure`` standard errors of the paired difference, ``SURE`` by default): taking
  the best of several such means, each from a few dozen deals solved as if every card were
  seen, overruled sound bids and lost points (a duel in Pepper, README).  The game may narrow
  the choices weighed (``Bot.solved_choices``: in Pepper a bid above the cheapest only risks
  more).

A game declares its expert with :class:`games.bots.levels.Expert` in its bot.py.  The search is a
pure function of the view, the legal actions, the worlds and the bot's rng.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.core import Action, GameState, SeatView, TrickGame
from games.core.actions import play

from .base import Bot, Worlds, WorldsBot
from .estimates import Deal, Estimate, Measure, paired, side_of_seat
from .rollout import _reward
from .search import choosable, standing, stop_at_next_deal
from .solver import End, MaxN, Solver, TooBig

#: the parts of the expert, for measuring each on its own (benchmarks/bench_expert_parts.py)
PARTS = frozenset({"deals", "solver", "inference", "bidding"})
LOOK_AHEAD_POOL = 100  # the deals weighed for the look-ahead once a decision, when inference is on
MIN_DEALS = 12  # a decision that cannot solve this many deals within its nodes is played out
SURE = 2.0  # a solved bid overrules the heuristic's by this many standard errors (_pick_surely)


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
        maxn: bool = False,
        bids: int = 0,
        sure: float = SURE,
        play_sure: float = 0.0,
    ) -> None:
        super().__init__(seed)
        self.look_ahead = look_ahead
        self.heuristic = heuristic
        for bot in (look_ahead, heuristic, *_helpers(look_ahead)):
            bot.rng = self.rng  # one generator: a table's reseeding steers them all
        self.model = type(heuristic)(0)  # the other seats' model of play (inference)
        self.solve = solve if "solver" in parts else 0
        self.deals = deals
        self.nodes = nodes
        self.infer = infer if "inference" in parts else None
        self.maxn = maxn  # every seat for its own side (games.bots.solver.MaxN), not all against this one
        # the deals a decision before the card play is judged on (the bids part), and the standard
        # errors by which a solved bid must beat the heuristic's
        self.bids = bids if "bidding" in parts and self.solve > 0 else 0
        self.sure = sure
        # the standard errors by which a solved card must beat the heuristic's (0: any better mean)
        self.play_sure = play_sure
        self.solved = False  # the last decision was solved (else the look-ahead's)
        self._stats: dict[str, Any] = {}
        self._estimates: dict[str, Estimate] = {}
        self._plain: dict[str, float] = {}  # the last solve's means over its deals unweighed

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
        self._plain = {}
        if worlds is not None and len(legal) > 1 and self._solvable(view, legal):
            choices = choosable(legal, worlds)
            mine = self.heuristic.choose(view, legal)
            found = self._solve(view, choices, worlds, self.deals, self.rng.getrandbits(64))
            if found is not None:
                self.solved = True
                return self._pick(choices, found, mine)
        elif worlds is not None and len(legal) > 1 and self._biddable(legal):
            mine = self.heuristic.choose(view, legal)
            choices = self.heuristic.solved_choices(view, choosable(legal, worlds), mine)
            if len(choices) > 1:
                found = self._bidding(view, choices, worlds, self.bids, self.rng.getrandbits(64))
                if found is not None:
                    self.solved = True
                    return self._pick_surely(choices, found, mine)
        if worlds is not None and self.infer is not None and _rewinds(worlds):
            worlds = self._weighed(worlds, view.my_seat)
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
        elif self._biddable(choices):
            found = self._bidding(view, list(choices), worlds, max(deals, MIN_DEALS), seed)
            if found is not None:
                return found
        estimate = getattr(self.look_ahead, "estimate", None)
        if estimate is None:
            return {}
        found_out: dict[str, Estimate] = estimate(view, choices, worlds, deals, seed)
        return found_out

    def _solvable(self, view: SeatView, choices: Sequence[Action]) -> bool:
        """A card play within the solver's reach (the game may still decline the position)."""
        return self.solve > 0 and max(view.hand_sizes) <= self.solve and all(map(_plays_card, choices))

    def _biddable(self, choices: Sequence[Action]) -> bool:
        """A decision before the card play that the bids part judges (see the module docstring)."""
        return self.bids > 0 and not any(map(_plays_card, choices))

    def _bidding(
        self, view: SeatView, choices: list[Action], worlds: Worlds, deals: int, seed: int
    ) -> dict[str, Estimate] | None:
        """Each choice on up to ``deals`` possible deals (the same for every choice), judged by
        the hand that follows it: the rest of the auction by the model, the card play solved (see
        the module docstring); deals past ``MIN_DEALS`` as far as the nodes go.  None where a
        deal's card play is beyond the solver."""
        rng = random.Random(seed)
        seat = view.my_seat
        found: dict[Action, list[Deal]] = {a: [] for a in choices}
        spent = 0
        try:
            for i in range(deals):
                world = worlds(random.Random(rng.getrandbits(64)))
                start = standing(world)
                for a in choices:
                    # the first MIN_DEALS deals are solved whatever the nodes (each solve within
                    # ``nodes``): a decision of many choices takes longer rather than guessing
                    budget = self.nodes if i < MIN_DEALS else self.nodes - spent
                    deal, nodes = self._bid_played(world, a, seat, start, budget)
                    if deal is None:
                        return None
                    spent += nodes
                    found[a].append(deal)
        except TooBig:
            pass
        n = min(len(d) for d in found.values())
        if n < MIN_DEALS:
            return None
        self._stats = {"choices": len(choices), "solved": n, "nodes": spent}
        self._estimates = {a.text: Estimate.of(a.text, found[a][:n]) for a in choices}
        return self._estimates

    def _bid_played(
        self, world: GameState, choice: Action, seat: int, start: list[float], nodes: int
    ) -> tuple[Deal | None, int]:
        """``choice`` made in a copy of ``world``, the auction finished by the model and the card
        play solved: the end of the hand for ``seat`` and the nodes searched; (None, 0) where
        the card play is beyond the solver.  TooBig past ``nodes``."""
        w = world.clone()
        stop_at_next_deal(w)
        hand = w.hand_number
        measure = Measure(w, seat, side_of_seat(w, seat), start)
        w.apply(choice)
        while w.to_act is not None and w.hand_number == hand:
            legal = w.legal_actions()
            if all(map(_plays_card, legal)):
                break
            w.apply(legal[0] if len(legal) == 1 else self.model.choose(w.playout_view(w.to_act), legal))
        if w.to_act is None or w.hand_number != hand:  # the hand ended in the auction (all passed)
            return measure.deal(w, _reward(w, start, seat), standing(w), None), 0
        if not isinstance(w, TrickGame) or max(map(len, w.hands)) > self.solve:
            return None, 0
        position = w.exact_play()
        if position is None:
            return None, 0
        solver = Solver(w, position, seat, None, max_nodes=nodes, start=start)
        return solver.value(), solver.nodes

    def _solve(
        self, view: SeatView, choices: list[Action], worlds: Worlds, deals: int, seed: int
    ) -> dict[str, Estimate] | None:
        """Every choice solved on up to ``deals`` possible deals (see the module docstring), or
        None where the game offers no position or the nodes do not reach ``MIN_DEALS`` deals."""
        rng = random.Random(seed)
        seat = view.my_seat
        memo: dict[int, End] = {}
        solved: list[dict[Action, Deal]] = []
        weights: list[float] = []
        spent = 0
        for _ in range(deals):
            world = worlds(random.Random(rng.getrandbits(64)))
            position = world.exact_play() if isinstance(world, TrickGame) else None
            if position is None:
                return None
            solver = (MaxN if self.maxn else Solver)(
                world, position, seat, memo, max_nodes=self.nodes - spent
            )
            try:
                solved.append(solver.values(choices))
            except TooBig:
                break
            spent += solver.nodes
            weights.append(1.0 if self.infer is None else policy_weight(world, seat, self.model, self.infer))
        if len(solved) < min(MIN_DEALS, deals):
            return None
        kept = solved if self.infer is None else _drawn(solved, weights, rng)
        self._stats = {"choices": len(choices), "solved": len(solved), "nodes": spent}
        if self.infer is not None:
            self._stats["kept"] = len(set(map(id, kept)))  # distinct deals among those drawn
        self._estimates = {a.text: Estimate.of(a.text, [d[a] for d in kept]) for a in choices}
        # every deal solved, each counted once: where the weighed means tie (the deal that tells
        # two cards apart may not be drawn again), the plain mean still tells them apart
        self._plain = {a.text: sum(d[a].reward for d in solved) / len(solved) for a in choices}
        return self._estimates

    def _pick(self, choices: Sequence[Action], found: Mapping[str, Estimate], mine: Action) -> Action:
        """The choice with the best mean value (where the weighed means tie, the better plain mean
        over the deals solved: positions with an agreed move, bacon-n1); the heuristic's where it
        is as good, or (with ``play_sure``) where the best beats it by no more than that many
        standard errors of the paired difference on the same deals and is worse than it in some
        deal: a card that only the luck of the deals drawn puts ahead is no reason to leave the
        heuristic's (bacon-b3), but one never worse and better in a single deal is (bacon-n1: a
        higher ruff that wins wherever the lower one would, and more often)."""
        best = mine if mine in choices else choices[0]
        plain = self._plain
        for a in choices:
            gain = found[a.text].mean - found[best.text].mean
            if gain > 1e-9 or (gain > -1e-9 and plain and plain[a.text] > plain[best.text] + 1e-9):
                best = a
        if self.play_sure > 0 and best is not mine and mine.text in found:
            diff, err, _ = paired(found[best.text], found[mine.text])
            ours, theirs = found[best.text].deals, found[mine.text].deals
            worse = any(x.reward < y.reward - 1e-9 for x, y in zip(ours, theirs))
            if worse and diff <= self.play_sure * err:
                best = mine
        self._stats["overruled"] = best is not mine
        return best

    def _pick_surely(self, choices: Sequence[Action], found: Mapping[str, Estimate], mine: Action) -> Action:
        """The heuristic's choice unless another one beats it on the same deals by more than
        ``sure`` standard errors of the paired difference (the one that beats it by most): a
        bid judged on a few dozen deals is a noisy figure, and the best of several such means
        overruled sound bids on differences of a few hundredths."""
        best, margin = mine, 0.0
        if mine.text in found:
            for a in choices:
                diff, err, _ = paired(found[a.text], found[mine.text])
                if diff > self.sure * err and diff > margin:
                    best, margin = a, diff
        self._stats["overruled"] = best is not mine
        return best

    # -- inference ---------------------------------------------------------
    def _weighed(self, worlds: Worlds, seat: int) -> Worlds:
        """``worlds`` in proportion to how likely the other seats' plays were in each: a pool of
        ``LOOK_AHEAD_POOL`` deals weighed once and drawn again by weight (the bot's rng); each
        world asked for is a copy of a pool deal chosen by the caller's rng."""
        eps = self.infer or 0.0
        pool = [worlds(random.Random(self.rng.getrandbits(64))) for _ in range(LOOK_AHEAD_POOL)]
        kept: list[GameState] = _drawn(
            pool, [policy_weight(w, seat, self.model, eps) for w in pool], self.rng
        )

        def draw(rng: random.Random) -> GameState:
            return kept[rng.randrange(len(kept))].clone()

        return draw


def _plays_card(a: Action) -> bool:
    """A card played to the trick (what the solver searches), not a bid, a discard or a trump."""
    return a.kind == "play" and a.card is not None


def _helpers(bot: Bot) -> list[Bot]:
    """The bots a look-ahead asks for moves of its own (a rollout's heuristic, a search's fallback)."""
    found = [getattr(bot, name, None) for name in ("heuristic", "fallback")]
    return [b for b in found if isinstance(b, Bot)]


def _rewinds(worlds: Worlds) -> bool:
    """Whether the worlds can be rewound to the start of their card play (inference can weigh
    them): a probe world of its own generator, so the bot's stream stays as it was."""
    probe = worlds(random.Random(0))
    return isinstance(probe, TrickGame) and probe.rewound() is not None


def policy_weight(world: GameState, seat: int, model: Bot, eps: float) -> float:
    """How likely the other seats' card plays of this hand were in ``world`` under ``model``
    (the game's heuristic): ``eps`` for every play it would not have made (see the module
    docstring); 1 where the world cannot be rewound."""
    if not isinstance(world, TrickGame):
        return 1.0
    start = world.rewound()
    if start is None:
        return 1.0
    plays = world.plays_since(start) or []
    weight = 1.0
    for s, c in plays:
        legal = start.legal_actions()
        if s != seat and len(legal) > 1 and model.choose(start.playout_view(s), legal).card is not c:
            weight *= eps
        start.apply(play(c))
    return weight


def _drawn(items: Sequence[Any], weights: Sequence[float], rng: random.Random) -> list[Any]:
    """As many of ``items`` as there are, drawn in proportion to ``weights`` (systematic
    resampling: one random offset, evenly spaced picks); the items themselves if no weight."""
    total = sum(weights)
    if total <= 0:
        return list(items)
    step = total / len(items)
    at = rng.random() * step
    out, acc, i = [], weights[0], 0
    for _ in range(len(items)):
        while at > acc and i < len(items) - 1:
            i += 1
            acc += weights[i]
        out.append(items[i])
        at += step
    return out
