"""Bot levels, and each game's own declaration of its bots.

Levels (:data:`LEVELS`): ``random`` (a baseline for every game), ``easy`` (the game's heuristic
with deliberate slips), ``normal`` (the game's heuristic; ``heuristic`` is the old name),
``hard`` and ``expert`` (a bot that looks ahead over possible worlds with a fixed budget, so that
games reproduce; ``search`` is another name for ``hard``).

A game declares its bots in its own package, as ``BOT_LEVELS`` in ``games/<name>/bot.py`` (a
:class:`Levels`): its heuristic bot class, and how its ``hard`` and ``expert`` bots look ahead:

- :class:`Playouts`: the heuristic's own playouts over possible deals (:mod:`games.bots.rollout`),
  in the games where the tree search was measured no stronger than the heuristic it would
  replace and the heuristic's playouts made a stronger bot (README, "The bots");
- :class:`TreeSearch`: the generic information-set tree search (:mod:`games.bots.search`), with
  random playouts, leaning on the heuristic where plain search misjudges (``cards_only``,
  ``trust``).

The generic bots name no game: :func:`make_bot` reads the game's declaration.  A game without a
``bot.py`` has the random bot and a tree search without a heuristic.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Literal

from games import get_rules
from games.core import BadOptionError, UnknownGameError

from . import expert as expert_module
from .base import Bot, EasyBot, RandomBot, WorldsBot
from .expert import ExpertBot
from .rollout import RolloutBot
from .search import SearchBot

LEVELS = ("random", "easy", "normal", "hard", "expert")
ALIASES = {"heuristic": "normal", "search": "hard"}  # old and other names still accepted

LookAheadLevel = Literal["hard", "expert"]


def level_name(level: str) -> str:
    """The canonical level for a name (``heuristic`` -> ``normal``); BadOptionError if unknown."""
    key = level.strip().lower()
    key = ALIASES.get(key, key)
    if key not in LEVELS:
        raise BadOptionError(f"unknown bot level {level!r}: use {', '.join(LEVELS)}")
    return key


@dataclass(frozen=True)
class Playouts:
    """``hard`` and ``expert`` play the game's heuristic out over possible deals: so many
    playouts a move (set so that ``hard`` takes about 0.1-0.5 s of CPU at the first card of a
    hand, ``expert`` four times as long).  A decision among more than ``max_choices`` choices is
    the heuristic's at once, where playing them all out costs too much for what it finds."""

    hard: int = 400
    expert: int = 1600
    max_choices: int | None = None

    def make(self, level: LookAheadLevel, heuristic: type[Bot] | None, seed: int | None) -> RolloutBot:
        if heuristic is None:
            raise TypeError("Playouts play a heuristic out: name the game's heuristic bot")
        playouts = self.hard if level == "hard" else self.expert
        bot = RolloutBot(heuristic, seed, playouts=playouts, max_choices=self.max_choices)
        bot.level = level
        return bot


@dataclass(frozen=True)
class TreeSearch:
    """``hard`` and ``expert`` search the game tree over possible worlds: so many iterations a
    move (``hard`` about 0.4 s of CPU at the first card of a hand, benchmarks/bench_search.py;
    ``expert`` four times as long).  ``cards_only``: search only card play and leave the other
    decisions (bids, auctions) to the heuristic, where random playouts misjudge them.
    ``trust``: keep the heuristic's move unless the search's pick beats it by so many standard
    errors, where plain search is only as good as the heuristic."""

    hard: int = 1000
    expert: int = 4000
    cards_only: bool = False
    trust: float | None = None

    def make(self, level: LookAheadLevel, heuristic: type[Bot] | None, seed: int | None) -> SearchBot:
        fallback = heuristic(seed) if heuristic is not None else None  # a search needs no heuristic
        bot = SearchBot(
            seed,
            self.hard if level == "hard" else self.expert,
            fallback=fallback,
            cards_only=self.cards_only and fallback is not None,
            trust=self.trust if fallback is not None else None,
        )
        bot.level = level
        if fallback is not None:
            fallback.rng = bot.rng  # one generator: a table's reseeding steers both
        return bot


@dataclass(frozen=True)
class Expert:
    """``expert``: the game's look-ahead with its expert budget (the deals), and in the card play
    an exact solver of each deal (games.bots.solver) once every hand holds at most ``solve``
    cards (0: never), on ``deals`` deals a decision or as many as ``nodes`` search nodes allow,
    deals weighted by how likely the other seats' plays were, ``infer`` the weight of a play
    the model did not expect (None: no inference).  See games.bots.expert."""

    solve: int = 13
    deals: int = 200
    nodes: int = 1_000_000
    infer: float | None = None
    #: the look-ahead for what the solver does not reach (None: the game's own, ``Levels.look_ahead``)
    look_ahead: Playouts | TreeSearch | None = None
    #: the solver's other seats each play for their own side (max-n), not all against this one
    maxn: bool = False
    #: the decisions before the card play (bids, trump) judged on this many deals each, the
    #: auction finished by the heuristic and the card play solved (0: the look-ahead's)
    bids: int = 0
    #: a solved bid overrules the heuristic's by this many standard errors of the paired difference
    sure: float = expert_module.SURE
    #: in the card play, a solved card overrules the heuristic's by more than this many standard
    #: errors of the paired difference (0: by any better mean)
    play_sure: float = 0.0

    #: the bot made: ExpertBot, or a game's own kind of it (Sedma's solver: games/sedma/expert.py)
    kind: type[ExpertBot] = ExpertBot

    def make(self, look_ahead: WorldsBot, heuristic: Bot, seed: int | None) -> ExpertBot:
        return self.kind(
            look_ahead,
            heuristic,
            seed,
            solve=self.solve,
            deals=self.deals,
            nodes=self.nodes,
            infer=self.infer,
            parts=expert_parts(),
            maxn=self.maxn,
            bids=self.bids,
            sure=self.sure,
            play_sure=self.play_sure,
        )


def expert_parts() -> frozenset[str]:
    """The expert's parts in use: all of them, unless a measurement of one part alone set
    ``games.bots.expert.PARTS`` (benchmarks/bench_expert_parts.py)."""
    return expert_module.PARTS


@dataclass(frozen=True)
class Levels:
    """A game's bots (``BOT_LEVELS`` in its bot.py): its heuristic (``normal``, and ``easy``
    with slips) and how ``hard`` and ``expert`` look ahead."""

    heuristic: type[Bot] | None = None
    look_ahead: Playouts | TreeSearch = field(default_factory=TreeSearch)
    #: the expert's deals, solver and inference (None: the look-ahead's own expert budget)
    expert: Expert | None = None

    def __post_init__(self) -> None:
        if isinstance(self.look_ahead, Playouts) and self.heuristic is None:
            raise TypeError("Playouts play a heuristic out: name the game's heuristic bot")

    def make(self, level: str, game: str, seed: int | None = None) -> Bot:
        """The bot of a canonical ``level`` (not ``random``) for ``game``."""
        if level == "hard":
            return self.look_ahead.make("hard", self.heuristic, seed)
        if level == "expert":
            if self.expert is not None and self.heuristic is not None:
                look = self.expert.look_ahead or self.look_ahead
                return self.expert.make(look.make("expert", self.heuristic, seed), self.heuristic(seed), seed)
            return self.look_ahead.make("expert", self.heuristic, seed)
        if self.heuristic is None:
            raise BadOptionError(f"there is no heuristic bot for {game} yet: use random")
        bot = self.heuristic(seed)
        return EasyBot(bot, seed) if level == "easy" else bot


NO_BOTS = Levels()  # a game without a bot.py


def levels_of(game: str) -> Levels:
    """``game``'s own declaration of its bots (``BOT_LEVELS`` in its package's bot.py), or
    :data:`NO_BOTS`; UnknownGameError for a name no game has."""
    package = type(get_rules(game)).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.bot")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.bot":
            raise
        return NO_BOTS
    levels = getattr(module, "BOT_LEVELS", NO_BOTS)
    if not isinstance(levels, Levels):
        raise TypeError(f"{package}.bot.BOT_LEVELS must be a games.bots.Levels")
    return levels


def make_bot(level: str, game: str, seed: int | None = None) -> Bot:
    """A bot of ``level`` for ``game``; BadOptionError for an unknown level."""
    level = level_name(level)
    if level == "random":
        return RandomBot(seed)
    return levels_of(game).make(level, game, seed)


def heuristic_of(game: str) -> type[Bot] | None:
    """``game``'s heuristic bot class, or None for a game without one or a name no game has."""
    try:
        return levels_of(game).heuristic
    except UnknownGameError:
        return None
