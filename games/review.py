"""The review of a match: every decision of one seat, weighed by the expert from that seat's view.

For each decision the seat made (a choice among two or more moves), the review rebuilds the
position, asks a bot of the review's level (``expert`` by default, through ``make_bot``: the
level's own bot, whatever it is) what it would play, with the seat's view, legal actions and
possible worlds only (``GameState.sampler(seat)``), exactly as a table asks its bots.  Where the
move played differs, the two are compared on the same possible deals: from the bot's own
per-choice estimates when it played both out on shared deals (games.bots.estimates), otherwise
by an evaluation that plays both out with the game's heuristic (games.bots.advice.evaluation).
The cost is the paired difference in the game's own terms (tricks, points, counters, penalty
points or the chance to win the game), with its standard error; when the match ended in the
deals played out, also the difference in the chance to win the match.

A decision is marked only when its cost is clearly above the noise of the deals: at least
``Terms.noise`` units, ``SURE`` standard errors of the difference, and a loss in the bot's own
value too.  The expert is seeded the way a table seeds its bots (``games.arena.reseed``), so a
seat played by that level's bot, move for move, gets no mark at all.

No Textual here: the CLI (``cardtable review``) and the TUI's review screen both use
:func:`review`, which reports its progress through a callback and can be stopped.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.arena import bot_seed, reseed
from games.bots import make_bot
from games.bots.advice import MIN_DEALS, evaluation, think
from games.bots.estimates import Estimate, Terms, paired
from games.bots.explain import explain, terms_of
from games.bots.search import choosable
from games.core import Action, BadOptionError, Record, SeatView

SURE = 3.0  # standard errors of the paired difference a cost must reach to be marked
DEALS = 100  # deals an evaluation of its own plays each of the two moves on (default)


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: the move played and the expert's, and what the difference cost."""

    step: int  # the action's index in the record
    hand: int
    phase: str
    played: str
    played_label: str
    best: str
    best_label: str
    cost: float = 0.0  # in the game's terms (``unit``), more is worse for the player
    error: float = 0.0  # its standard error
    deals: int = 0  # the possible deals it was measured on
    match_cost: float | None = None  # the chance to win the match lost, where the deals ended it
    marked: bool = False
    why: str = ""  # the better move's reason, from the seat's view (games.bots.explain)
    view: SeatView | None = field(default=None, compare=False, repr=False)  # the position

    @property
    def agreed(self) -> bool:
        return self.played == self.best

    def as_dict(self) -> dict[str, Any]:
        view = self.view
        return {
            "step": self.step,
            "hand": self.hand,
            "phase": self.phase,
            "played": self.played,
            "played_label": self.played_label,
            "best": self.best,
            "best_label": self.best_label,
            "cost": round(self.cost, 3),
            "error": round(self.error, 3),
            "deals": self.deals,
            "match_cost": None if self.match_cost is None else round(self.match_cost, 3),
            "marked": self.marked,
            "why": self.why,
            "hand_cards": [c.text for c in view.hand] if view is not None else [],
            "trick": [c.text for p in view.trick for c in p.cards] if view is not None else [],
        }


@dataclass
class Review:
    """A seat's decisions in a match, in order, and the terms their costs are in."""

    game: str
    seat: int
    name: str
    level: str
    terms: Terms
    decisions: list[Decision] = field(default_factory=list)
    total: int = 0  # decisions to review (the list may be shorter while the review runs)

    @property
    def marks(self) -> list[Decision]:
        return [d for d in self.decisions if d.marked]

    @property
    def unit(self) -> str:
        return cost_unit(self.terms)

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat + 1,  # numbered from 1, as --seat takes it
            "name": self.name,
            "level": self.level,
            "unit": self.unit,
            "decisions": [d.as_dict() for d in self.decisions],
            "marked": len(self.marks),
            "agreed": sum(1 for d in self.decisions if d.agreed),
        }


def cost_unit(terms: Terms) -> str:
    return "win chance" if terms.measure == "win" else f"{terms.unit}s"


def cost_text(d: Decision, terms: Terms) -> str:
    """A decision's cost in words: "1.4 tricks", "12% chance to win the game", and the match's
    chance in brackets where the deals played out ended it."""
    if terms.measure == "win":
        text = f"{100 * d.cost:.0f}% chance to win the game"
    else:
        text = f"{d.cost:.1f} {terms.unit}s"
    if d.match_cost is not None and d.match_cost >= 0.005:
        text += f" ({100 * d.match_cost:.0f}% to win the match)"
    return text


def seat_of(record: Record, seat: str | int | None) -> int:
    """The seat a review is for: a number from 1, a player's name, or (None) the first human
    seat of the record (else the first seat).  BadOptionError names the choices."""
    names = [record.names[i] if i < len(record.names) else f"Seat {i + 1}" for i in range(record.seats)]
    choices = ", ".join(f"{i + 1} ({n})" for i, n in enumerate(names))
    if seat is None:
        kinds = record.meta.get("seats") or []
        humans = [i for i, k in enumerate(kinds) if isinstance(k, dict) and k.get("kind") == "human"]
        return humans[0] if humans and humans[0] < record.seats else 0
    text = str(seat).strip()
    if text.isdigit() and 1 <= int(text) <= record.seats:
        return int(text) - 1
    for i, n in enumerate(names):
        if n.lower() == text.lower():
            return i
    raise BadOptionError(f"there is no seat {text!r} in this match: choose one of {choices}")


def decision_steps(record: Record, seat: int) -> list[int]:
    """The indexes of the record's actions that were the seat's choices among several moves."""
    state = record.replay(0)
    steps = []
    for i, text in enumerate(record.actions):
        if state.to_act == seat and len(state.legal_actions()) > 1:
            steps.append(i)
        state.apply(text)
    return steps


def review(
    record: Record,
    seat: int,
    level: str = "expert",
    deals: int = DEALS,
    budget: int | None = None,
    progress: Callable[[Review], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Review:
    """Review ``seat``'s decisions in ``record`` (see the module docstring).  ``deals``: the
    deals of an evaluation of its own; ``budget``: the bot's playouts or iterations a move
    (None: the level's own); ``progress`` is called after each decision with the review so far;
    ``stop()`` returning True ends the review early."""
    if not 0 <= seat < record.seats:
        raise BadOptionError(f"seat {seat + 1} is not in this match of {record.seats} players")
    game = record.replay(0).rules.name
    terms = terms_of(game)
    name = record.names[seat] if seat < len(record.names) else f"Seat {seat + 1}"
    steps = decision_steps(record, seat)
    out = Review(game, seat, name, level, terms, total=len(steps))
    match_seed = record.meta.get("bot_seed")
    match_seed = match_seed if type(match_seed) is int else record.seed
    bot = make_bot(level, game, bot_seed(match_seed, seat))
    if budget is not None:
        bot.set_budget(budget)
    state = record.replay(0)
    todo = set(steps)
    for i, text in enumerate(record.actions):
        if stop is not None and stop():
            break
        if i in todo:
            reseed(bot, match_seed, seat, i)
            out.decisions.append(weigh(state, seat, state.action_for(text), bot, terms, deals, i))
            if progress is not None:
                progress(out)
        state.apply(text)
    return out


def weigh(state, seat: int, played: Action, bot, terms: Terms, deals: int, step: int) -> Decision:
    """One decision: the bot's move at ``state`` for ``seat`` (from its view and worlds) and the
    cost of ``played`` against it."""
    view, legal = state.view(seat), list(state.legal_actions())
    worlds = state.sampler(seat)
    best = think(bot, view, legal, worlds)
    base = dict(
        step=step,
        hand=view.hand_number,
        phase=view.phase,
        played=played.text,
        played_label=view.label_of(played),
        best=best.text,
        best_label=view.label_of(best),
        view=view,
    )
    if best == played or played not in choosable(legal, worlds):
        return Decision(**base)
    estimates: Mapping[str, Estimate] = getattr(bot, "last_estimates", {})
    if not all(
        len(estimates[a.text].deals) >= MIN_DEALS if a.text in estimates else False for a in (best, played)
    ):
        seed = random.Random(f"review:{state.seed}:{seat}:{step}").getrandbits(63)
        estimates = evaluation(view.game, view, [best, played], worlds, seed, budget=2 * deals)
    mine, better = estimates.get(played.text), estimates.get(best.text)
    if mine is None or better is None:
        return Decision(**base)
    cost, error, n = paired(better, mine, terms.gain)
    reward, reward_error, _ = paired(better, mine)
    match = _match_cost(better, mine)
    marked = cost >= terms.noise and cost > SURE * error and reward > SURE * reward_error
    why = explain(view, best, estimates).text
    return Decision(**base, cost=cost, error=error, deals=n, match_cost=match, marked=marked, why=why)


def _match_cost(better: Estimate, mine: Estimate) -> float | None:
    """The chance to win the match lost, over the deals in which both moves ended it."""
    pairs = [(a.result, b.result) for a, b in zip(better.deals, mine.deals)]
    ended = [(a, b) for a, b in pairs if a is not None and b is not None]
    if not pairs or len(ended) < len(pairs) / 2:
        return None
    return sum(a - b for a, b in ended) / len(ended)
