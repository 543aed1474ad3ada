"""A rollout bot: the game's heuristic, improved by one step of look-ahead over possible worlds.

For each of its choices the bot deals possible worlds for its seat (the same ones for every
choice), makes the choice in each, and lets the game's heuristic play every seat to the end of
the hand.  The same worlds and the same random streams for the heuristic seats (common random
numbers) mean that two choices are compared on the same deals, played the same way until the
choices make a difference: the luck of the deal cancels out of the comparison, which is what
lets a few hundred playouts tell close choices apart.  Playing a policy out and taking the first
move that does best is one step of policy improvement (Tesauro and Galperin's rollouts in
backgammon, 1996; bridge programs choose their cards by sampling deals in the same spirit): as
far as the playouts judge the hand as the heuristic would play it, the move chosen is at least
as good as the heuristic's own.

The budget is a number of playouts a move, so the bot is deterministic for a seed.  After a
quarter of it, choices more than ``PRUNE`` standard errors behind the leader stop being played
out (successive rejection), so the rest goes to the choices that are close.  The heuristic's own
move stands unless another choice beats it by ``MARGIN`` standard errors of the paired
difference over at least ``MIN_WORLDS`` deals; a decision with too many choices for the budget
(or more than the game's ``max_choices``, games.bots.levels.Playouts) is the heuristic's at once.

The heuristic can steer the look-ahead (games.bots.Bot): ``candidates`` names the choices worth
playing out (Trump Suit: one card of each run no unseen card separates, and its three best-rated
bids; Pepper: its own bid only), and ``horizon`` with ``judge`` stops each playout after so many
moves and judges the seat's chance to win from there (Page One, whose games are long and
luck-ridden: from the cards in every hand and who leads, 24 moves on).  A heuristic with a
``finish_playout(world)`` (games.bots.Bot) plays a playout's world on to the hand's end itself where it can do
better than its own moves there, and says so (Sedma's last tricks with four players, solved:
each playout's world has every card placed).  A hand's
reward counts what each seat carries into later hands (``GameState.carried``: Trump Suit's
bags).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from games.core import Action, GameState, SeatView

from .base import Bot, Worlds, WorldsBot
from .estimates import Deal, Estimate, Measure, side_of_seat, sides
from .search import choosable, hand_rewards, standing, stop_at_next_deal

MIN_WORLDS = 12  # deals a choice must be played out on before it may overrule the heuristic
PRUNE = 3.0  # standard errors behind the leader, after a first round, to drop a choice
MARGIN = 1.0  # standard errors of the paired difference a choice must beat the heuristic's by
MAX_STEPS = 5_000  # safety stop for one playout


class RolloutBot(WorldsBot):
    """Heuristic playouts over possible worlds, one step of policy improvement (see above)."""

    level = "rollout"

    def __init__(
        self,
        heuristic: type[Bot],
        seed: int | None = None,
        playouts: int = 600,
        margin: float = MARGIN,
        max_choices: int | None = None,
    ) -> None:
        super().__init__(seed)
        self.heuristic = heuristic(seed)
        self.heuristic.rng = self.rng  # one generator: a table's reseeding steers both
        self._make = heuristic
        self._players: list[Bot] = []  # the seats of the playouts (one heuristic each)
        self.playouts = playouts
        self.margin = margin
        self.max_choices = max_choices  # a decision among more choices than this is the heuristic's
        self.last_stats: dict[str, Any] = {}
        #: per choice, what its playouts gave (games.bots.estimates); empty when none were played
        self.last_estimates: dict[str, Estimate] = {}
        self.last_reason = ""

    def set_budget(self, budget: int) -> None:
        self.playouts = max(1, int(budget))

    def choose(self, view: SeatView, legal: Sequence[Action], worlds: Worlds | None = None) -> Action:
        mine = self.heuristic.choose(view, legal)
        self.last_reason = getattr(self.heuristic, "last_reason", "")
        self.last_stats = {"choices": len(legal)}
        self.last_estimates = {}
        if worlds is None or len(legal) < 2:
            return mine
        choices = choosable(legal, worlds)
        if len(choices) < 2:
            return choices[0]
        if mine not in choices:
            mine = choices[0]
        choices = self.heuristic.candidates(view, choices, mine)
        if len(choices) < 2:
            return mine
        if len(choices) * MIN_WORLDS > self.playouts or len(choices) > (self.max_choices or len(choices)):
            return mine  # too many choices for the budget (or for the game's limit): the heuristic's
        seeds = [self.rng.getrandbits(64) for _ in range(max(MIN_WORLDS, self.playouts // len(choices)) * 4)]
        results: dict[Action, list[Deal]] = {a: [] for a in choices}
        live = list(choices)
        spent, k = 0, 0
        first_round = max(MIN_WORLDS, self.playouts // (4 * len(choices)))
        while spent < self.playouts and k < len(seeds) and len(live) > 1:
            world = worlds(random.Random(seeds[k]))
            for a in live:
                results[a].append(self._playout(world.clone(), a, view.my_seat, seeds[k]))
                spent += 1
            k += 1
            if k == first_round or (k > first_round and k % first_round == 0):
                live = self._prune(live, results, k, mine)
        best = self._pick(choices, results, mine)
        self.last_stats.update(
            playouts=spent,
            worlds=k,
            live=len(live),
            overruled=best is not mine,
            horizon=self.heuristic.horizon,
            means={a.text: sum(d.reward for d in r) / len(r) for a, r in results.items() if r},
        )
        self.last_estimates = {a.text: Estimate.of(a.text, r) for a, r in results.items() if r}
        if best is not mine:
            self.last_reason = ""
        return best

    def estimate(
        self, view: SeatView, choices: Sequence[Action], worlds: Worlds, deals: int, seed: int = 0
    ) -> dict[str, Estimate]:
        """Each of ``choices`` played out on the same ``deals`` possible deals (``worlds``, the
        seat's sampler), all of them to the end: per-choice estimates with one result a deal
        (games.bots.estimates).  A pure function of its arguments and ``seed``."""
        rng = random.Random(seed)
        results: dict[Action, list[Deal]] = {a: [] for a in choices}
        for _ in range(deals):
            world_seed = rng.getrandbits(64)
            world = worlds(random.Random(world_seed))
            for a in choices:
                results[a].append(self._playout(world.clone(), a, view.my_seat, world_seed))
        return {a.text: Estimate.of(a.text, r) for a, r in results.items()}

    # -- choosing --------------------------------------------------------
    def _prune(
        self, live: list[Action], results: dict[Action, list[Deal]], k: int, mine: Action
    ) -> list[Action]:
        """Drop the choices well behind the leader over the first ``k`` worlds (paired)."""
        lead = max(live, key=lambda a: sum(d.reward for d in results[a][:k]))
        keep = []
        for a in live:
            if a is lead or a == mine:
                keep.append(a)
                continue
            mean, err = _paired(_rewards(results[lead][:k]), _rewards(results[a][:k]))
            if mean <= PRUNE * err:
                keep.append(a)
        return keep

    def _pick(self, choices: list[Action], results: dict[Action, list[Deal]], mine: Action) -> Action:
        """The choice with the best mean over the worlds it shares with the heuristic's move, if
        it beats that move by ``margin`` standard errors; else the heuristic's move."""
        best, best_gain = mine, 0.0
        base = results[mine]
        rivals = [a for a in choices if a != mine and min(len(base), len(results[a])) >= MIN_WORLDS]
        for a in rivals:  # too few deals (many choices, a small budget) never overrule
            n = min(len(base), len(results[a]))
            mean, err = _paired(_rewards(results[a][:n]), _rewards(base[:n]))
            if mean > self.margin * err and mean > best_gain:
                best, best_gain = a, mean
        return best

    # -- one playout -----------------------------------------------------
    def _playout(self, world: GameState, action: Action, seat: int, seed: int) -> Deal:
        """Make ``action`` in ``world``, then let the heuristic play every seat to the end of the
        hand (or match), or for the heuristic's ``horizon`` of moves; the seat's reward, where
        the playout stopped short plus its chance to win from there (as the heuristic judges it)
        on the scale of a match's result, with what the seat's side had then (a Deal)."""
        start = standing(world)
        measure = Measure(world, seat, side_of_seat(world, seat), start)
        hand = world.hand_number
        stop_at_next_deal(world)
        world.apply(action)
        rng = random.Random(seed)
        players = self._players
        while len(players) < world.num_seats:
            players.append(self._make(0))
        for p in players:
            p.rng = rng
        horizon = self.heuristic.horizon
        finish = self.heuristic.finish_playout
        for _ in range(horizon or MAX_STEPS):
            s = world.to_act
            if s is None or world.hand_number != hand or (finish is not None and finish(world)):
                break
            legal = world.legal_actions()
            if len(legal) == 1:
                world.apply(legal[0])
                continue
            world.apply(players[s].choose(world.playout_view(s), legal))
        reward = _reward(world, start, seat)
        chance = None
        if horizon and world.to_act is not None and world.hand_number == hand:
            # stopped short of the hand's end: the heuristic judges the chance to win from here
            chance = self.heuristic.judge(world.playout_view(seat))
            reward += WIN * (2 * chance - 1)
        return measure.deal(world, reward, standing(world), chance)


def _rewards(deals: Sequence[Deal]) -> list[float]:
    return [d.reward for d in deals]


def _paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean of ``a[i] - b[i]`` and its standard error."""
    n = len(a)
    if n == 0:
        return 0.0, math.inf
    d = [x - y for x, y in zip(a, b)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(n - 1, 1)
    return mean, math.sqrt(var / n)


WIN = 1000.0  # a match won or lost in a playout outweighs any hand's points


def _reward(world: GameState, start: list[float], seat: int) -> float:
    """The seat's side's gain in the hand minus its opponents' mean gain; when the match ended in
    the playout, plus ``WIN`` for a win and minus ``WIN`` for a loss, a result shared by several
    sides in between (by the seat's share: a draw of four is a quarter of a win, worth less than
    a win of its own and more than a loss)."""
    reward = hand_rewards(world, start)[seat]
    if world.result is not None:
        won = world.result.winners
        winning = [side for side in sides(world) if any(s in won for s in side)]
        share = 1 / len(winning) if any(seat in side for side in winning) else 0.0
        reward += WIN * (2 * share - 1)
    return reward
