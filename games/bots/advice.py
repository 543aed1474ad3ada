"""Advice for one decision: the move a bot of some level makes, and the reason, with numbers.

:func:`advise` asks the bot (from the seat's view, the legal actions and the seat's possible
worlds, never the state), then makes sure there are per-choice estimates for the move and its
rivals: the bot's own when it played the choices out on shared deals (the rollout bot), else an
:func:`evaluation` of its own, the game's heuristic playing every choice out on the same
possible deals (games.bots.rollout.RolloutBot.estimate).  The reason is built from the view
and those estimates (games.bots.explain), so its numbers are the ones computed.

Used by the table's hints (``Table.hint``) and by the review of a match (games.review).
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.bots import Bot, WorldWarning, heuristic_of
from games.bots.base import Worlds
from games.bots.estimates import Estimate
from games.bots.explain import Reason, explain, game_hints
from games.bots.rollout import RolloutBot
from games.bots.search import choosable
from games.core import Action, SeatView

MIN_DEALS = 20  # deals a choice's estimate needs before a reason quotes it
BUDGET = 400  # playouts an evaluation of its own may spend, split among the choices compared
#: (a game's hints module may set its own ``BUDGET``: its playouts are slow)
MAX_COMPARED = 6  # choices compared at most (the move, its neighbours, the extremes)


@dataclass(frozen=True)
class Advice:
    """The move, the reason, and the estimates the reason was built from."""

    action: Action
    reason: Reason
    estimates: Mapping[str, Estimate]


def advise(
    game: str,
    view: SeatView,
    legal: Sequence[Action],
    worlds: Worlds | None,
    bot: Bot,
    seed: int = 0,
    budget: int | None = None,
) -> Advice:
    """What ``bot`` plays at ``view`` and why (see the module docstring); ``seed`` steers the
    evaluation's deals, ``budget`` its playouts."""
    action = think(bot, view, legal, worlds)
    estimates = {k: e for k, e in getattr(bot, "last_estimates", {}).items() if e.deals}
    if worlds is not None and len(legal) > 1:
        rich = [k for k, e in estimates.items() if len(e.deals) >= MIN_DEALS]
        if action.text not in rich or len(rich) < 2:  # the bot's own figures do not tell: play them out
            compared = compared_choices(view, action, legal, worlds, estimates)
            estimates = evaluation(game, view, compared, worlds, seed, budget)
    return Advice(action, explain(view, action, estimates), estimates)


def think(bot: Bot, view: SeatView, legal: Sequence[Action], worlds: Worlds | None) -> Action:
    """The bot's move, as a table asks it (games.bots.bot_task): with the worlds when it
    searches; a world its game cannot play through is warned about, and the bot chooses without."""
    if not bot.wants_worlds or worlds is None:
        return bot.choose(view, legal)
    try:
        return bot.choose(view, legal, worlds=worlds)  # type: ignore[call-arg]
    except Exception as exc:
        warnings.warn(
            f"{bot.level} bot for {view.game}: a possible world failed ({exc!r}); it chose without searching",
            WorldWarning,
            stacklevel=2,
        )
        return bot.choose(view, legal)


def evaluation(
    game: str,
    view: SeatView,
    choices: Sequence[Action],
    worlds: Worlds,
    seed: int = 0,
    budget: int | None = None,
) -> dict[str, Estimate]:
    """``choices`` played out by the game's heuristic on the same possible deals, about
    ``budget`` playouts in all (at least MIN_DEALS deals each): per-choice estimates."""
    heuristic = heuristic_of(game)
    if heuristic is None:
        return {}
    budget = budget or budget_of(game)
    deals = max(MIN_DEALS, budget // max(1, len(choices)))
    evaluator = RolloutBot(heuristic, seed)
    return evaluator.estimate(view, choices, worlds, deals, seed=random.Random(seed).getrandbits(64))


def budget_of(game: str) -> int:
    """The playouts an evaluation spends in ``game`` (its hints module's ``BUDGET``)."""
    return int(getattr(game_hints(game), "BUDGET", BUDGET))


def compared_choices(
    view: SeatView,
    action: Action,
    legal: Sequence[Action],
    worlds: Worlds,
    estimates: Mapping[str, Estimate],
) -> list[Action]:
    """The move and the choices to compare it with: the game's own pick (``alternatives`` in
    its hints module), else every choice when there are few, else the move's neighbours in the
    legal order and the first and last choices (a pass and the highest bid)."""
    options = [a for a in choosable(legal, worlds) if a.kind != "takeback"]
    if action not in options:
        options.insert(0, action)
    module = game_hints(view.game)
    pick = getattr(module, "alternatives", None)
    if pick is not None:
        chosen = pick(view, action, options)
        if chosen is not None:
            return [action, *[a for a in chosen if a != action]]
    most = max(2, min(MAX_COMPARED, budget_of(view.game) // MIN_DEALS))
    if len(options) <= most:
        return [action, *[a for a in options if a != action]]
    i = options.index(action)
    near = [options[j] for j in (i - 1, i + 1, i - 2, i + 2) if 0 <= j < len(options)]
    ends = [options[0], options[-1]]
    out = [action]
    for a in ends + near:
        if a not in out and len(out) < most:
            out.append(a)
    return out
