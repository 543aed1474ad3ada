"""A search bot for every game: single-observer information-set Monte Carlo tree search.

The bot never sees the true state.  The table hands it, with its view and the legal actions, a
*worlds* callable (``state.sampler(seat)``): each call with a random generator deals the cards
the seat cannot see again and returns a full state that agrees with everything the seat knows.
Every iteration draws one world and walks the one shared tree in it (SO-ISMCTS, after Cowling,
Powley and Whitehouse 2012): at each node only the children legal in this world compete, by UCB
with availability counts; the first untried legal action is added; a random playout then runs
to the end of the hand (or of the match).  The reward of a seat is its score gain in the hand
minus the mean gain of its opponents (teams: a side's mean), plus or minus a bonus when the
match ends in the playout, scaled into [0, 1] by the range seen so far in this search.  Each
node keeps the rewards of the seat that chose its action.  The move is the most visited child
of the root.

Fast path: a playout stops when the game deals its next hand (see :func:`stop_at_next_deal`).
Per game (its ``BOT_LEVELS``, games.bots.levels.TreeSearch): the iteration counts of the
levels, and two ways to lean on the game's heuristic where plain search is no better than it
(``cards_only``, ``trust``).
A search whose playouts cannot tell the moves apart (a grid filled before any card is dealt)
asks the heuristic.

Strength is one knob, ``iterations``; a search is a pure function of (view, legal, worlds, the
bot's rng), so a seeded bot reproduces its games.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from games.core import Action, GameState, SeatView, TrickGame

from .base import Bot, Worlds, WorldsBot
from .estimates import Estimate, sides

EXPLORATION = 0.7  # the UCB constant, rewards scaled to [0, 1]
MAX_PLAYOUT = 5_000  # safety stop for one playout (no hand is this long)
PROBE = 40  # after this many iterations, a search whose playouts all scored alike stops


class _Root:
    """The root of the shared tree: the searching seat's choices."""

    __slots__ = ("children",)

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}


class _Node(_Root):
    """One action in the shared tree, with the seat that chose it and that seat's rewards."""

    __slots__ = ("action", "avail", "seat", "squares", "total", "visits")

    def __init__(self, action: Action, seat: int) -> None:
        super().__init__()
        self.action = action
        self.seat = seat
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.squares = 0.0  # sum of squared rewards (for the standard error of the mean)

    def mean_and_error(self) -> tuple[float, float]:
        """The mean reward and its standard error."""
        n = self.visits
        mean = self.total / n
        var = max(self.squares / n - mean * mean, 0.0)
        return mean, math.sqrt(var / n)


class SearchBot(WorldsBot):
    """ISMCTS with ``iterations`` playouts a move (see the module docstring)."""

    level = "search"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 1000,
        exploration: float = EXPLORATION,
        fallback: Bot | None = None,
        playout: str = "random",
        cards_only: bool = False,
        trust: float | None = None,
    ) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.playout = playout  # "random", or "greedy": see _greedy
        self.fallback = fallback  # plays when no worlds are given (a table that cannot deal them)
        self.cards_only = cards_only  # search only card plays; other decisions go to the fallback
        #: when set, the fallback's move stands unless the search's pick beats it by ``trust``
        #: standard errors of the difference of their mean rewards
        self.trust = trust
        self.last_stats: dict[str, Any] = {}
        #: per choice searched: its visits, mean reward and standard error (games.bots.estimates);
        #: empty when the search did not run
        self.last_estimates: dict[str, Estimate] = {}

    def set_budget(self, budget: int) -> None:
        self.iterations = max(1, int(budget))

    def choose(self, view: SeatView, legal: Sequence[Action], worlds: Worlds | None = None) -> Action:
        choices = list(legal)
        if worlds is not None:
            choices = choosable(legal, worlds)
        self.last_stats = {"choices": len(choices)}
        self.last_estimates = {}
        if len(choices) == 1:
            return choices[0]
        if worlds is None or (self.cards_only and any(a.card is None or a.kind != "play" for a in choices)):
            if self.fallback is not None:
                return self.fallback.choose(view, legal)
            return choices[self.rng.randrange(len(choices))]
        root = self.search(worlds, view.my_seat)
        ranked = [root.children[a] for a in choices if a in root.children]
        self.last_stats.update(iterations=self.iterations, visits={n.action.text: n.visits for n in ranked})
        self.last_estimates = {
            n.action.text: Estimate(n.action.text, n.visits, *n.mean_and_error()) for n in ranked
        }
        if self._high - self._low < 1e-9 and self.fallback is not None:
            return self.fallback.choose(view, legal)  # no playout told the choices apart (a grid to fill)
        best = max(ranked, key=lambda n: (n.visits, n.total))
        if self.trust is not None and self.fallback is not None:
            return self._trusted(
                best, root.children.get(self.fallback.choose(view, legal)), self.trust
            ).action
        return best.action

    def _trusted(self, best: _Node, mine: _Node | None, trust: float) -> _Node:
        """The search's pick if it beats the fallback's move (``mine``) by ``trust`` standard
        errors, else the latter."""
        if mine is None or mine is best:
            return best if mine is None else mine
        (m1, e1), (m2, e2) = best.mean_and_error(), mine.mean_and_error()
        self.last_stats["overruled"] = m1 - m2 > trust * math.sqrt(e1 * e1 + e2 * e2)
        return best if self.last_stats["overruled"] else mine

    # -- the search ------------------------------------------------------
    def search(self, worlds: Worlds, seat: int) -> _Root:
        """Run the iterations; returns the root (its children carry the statistics)."""
        root = _Root()
        self._low, self._high = math.inf, -math.inf
        self._plain = (math.inf, -math.inf)  # the range of rewards before any match-end bonus
        for i in range(self.iterations):
            if i == PROBE and self._high - self._low < 1e-9:
                break  # the playouts cannot tell the choices apart: stop early (see choose)
            self._iterate(root, worlds(self.rng))
        return root

    def _iterate(self, root: _Root, world: GameState) -> None:
        rng, log = self.rng, math.log
        start = standing(world)
        hand = world.hand_number
        stop_at_next_deal(world)
        node: _Root = root
        path: list[_Node] = []
        takes = _takes_back(world)
        while world.to_act is not None and world.hand_number == hand:
            legal = world.legal_actions()
            if takes:
                legal = [a for a in legal if not world.takes_back(a)] or legal
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                if a in children:
                    children[a].avail += 1
            if untried:
                a = untried[rng.randrange(len(untried))]
                new = children[a] = _Node(a, world.to_act)
                world.apply(a)
                path.append(new)
                break
            chosen = self._select([children[a] for a in legal], log)
            world.apply(chosen.action)
            path.append(chosen)
            node = chosen
        self._playout(world, hand)
        rewards = self._rewards(world, start)
        for n in path:
            r = rewards[n.seat]
            n.visits += 1
            n.total += r
            n.squares += r * r

    def _select(self, options: list[_Node], log: Callable[[float], float]) -> _Node:
        low, span = self._low, max(self._high - self._low, 1e-9)
        c = self.exploration
        best, best_value = options[0], -math.inf
        for n in options:
            value = (n.total / n.visits - low) / span + c * math.sqrt(log(n.avail) / n.visits)
            if value > best_value:
                best, best_value = n, value
        return best

    def _playout(self, world: GameState, hand: int) -> None:
        """Random (or greedy) play to the end of the hand (or match); take-backs are never chosen."""
        rnd = self.rng.random
        greedy = world if self.playout == "greedy" and isinstance(world, TrickGame) else None
        takes = _takes_back(world)
        for _ in range(MAX_PLAYOUT):
            if world.to_act is None or world.hand_number != hand:
                return
            legal = world.legal_actions()
            a = legal[int(rnd() * len(legal))]
            if greedy is not None and a.kind == "play" and greedy.trick and rnd() >= GREEDY_SLIP:
                a = _greedy(greedy, legal, a)
            if takes and world.takes_back(a):
                legal = [x for x in legal if not world.takes_back(x)]
                a = legal[int(rnd() * len(legal))]
            world.apply(a)

    def _rewards(self, world: GameState, start: list[float]) -> list[float]:
        """Each seat's gain this hand minus its opponents' mean gain, and when the match ended in
        the playout, plus (winners) or minus one whole range of the rewards seen so far: winning
        the match is what counts (a cap reached without a complete grid, a last hand).  Updates
        the range seen."""
        rewards = hand_rewards(world, start)
        self._plain = (min(self._plain[0], *rewards), max(self._plain[1], *rewards))
        if world.result is not None:
            bonus = max(self._plain[1] - self._plain[0], 1.0)
            winners = world.result.winners
            rewards = [r + (bonus if s in winners else -bonus) for s, r in enumerate(rewards)]
        self._low, self._high = min(self._low, *rewards), max(self._high, *rewards)
        return rewards


def _takes_back(world: GameState) -> bool:
    """Whether the world's game has actions that take back (most have none: then no action is
    asked about, once a step of every iteration)."""
    return type(world).takes_back is not GameState.takes_back


GREEDY_SLIP = 0.25  # the share of a greedy playout's follows that stay random


def _greedy(world: TrickGame, legal: list[Action], default: Action) -> Action:
    """A follower's rule of thumb: take the trick with the cheapest card that beats the best so
    far, else throw the cheapest card (one card a play; otherwise ``default``)."""
    ranking, trick = world.ranking, world.trick
    if any(len(p.cards) != 1 for p in trick) or any(a.card is None or a.kind != "play" for a in legal):
        return default
    power = ranking.power
    led = ranking.suit_of(trick[0].cards[0])
    best = max(power(p.cards[0], led) for p in trick)
    beats = [a for a in legal if power(a.the_card, led) > best]
    pool = beats or legal
    return min(pool, key=lambda a: (power(a.the_card, led), ranking.rank_in_suit(a.the_card)))


def stop_at_next_deal(world: GameState) -> None:
    """The fast path of a playout: a world only needs to reach the end of its hand, so when the
    game deals its next hand (the games' ``_deal`` method) the world stops instead: the hand
    count moves on and nobody is to act.  Scoring of the hand has happened by then.  (About a
    quarter of a playout's time in a five-card hand went into dealing the next one.)"""
    if callable(getattr(type(world), "_deal", None)):

        def stop() -> None:
            world.hand_number += 1
            world.to_act = None

        vars(world)["_deal"] = stop  # this world's own attribute; the class is untouched


def standing(world: GameState) -> list[float]:
    """Each seat's score plus what it carries toward later scores (``GameState.carried``)."""
    return [score + more for score, more in zip(world.scores, world.carried())]


def hand_rewards(world: GameState, start: Sequence[float]) -> list[float]:
    """Each seat's side's gain since ``start`` (its :func:`standing` then) minus its opponents'
    mean gain; in a game of penalty points (``LOW_SCORES_WIN``) the less gained, the better."""
    gains = [now - then for now, then in zip(standing(world), start)]
    if getattr(world, "LOW_SCORES_WIN", False):
        gains = [-g for g in gains]
    teams = sides(world)
    side = [sum(gains[t] for t in team) / len(team) for team in teams]
    team_of = {s: i for i, team in enumerate(teams) for s in team}
    n = len(teams)
    return [
        side[team_of[s]] - ((sum(side) - side[team_of[s]]) / (n - 1) if n > 1 else 0.0)
        for s in range(len(gains))
    ]


def choosable(legal: Sequence[Action], worlds: Worlds) -> list[Action]:
    """The legal actions a searching bot may choose: never a take-back (any world knows the
    seat's own picks; a world of its own generator, so the bot's stream stays as it was)."""
    probe = worlds(random.Random(0))
    return [a for a in legal if not probe.takes_back(a)] or list(legal)
