"""Bots: one interface for bot seats, hints and simulations.

A bot is built with its own seed and asked ``choose(view, legal)``: it sees only the
:class:`~games.core.SeatView` of its seat and the legal actions, never the full state, and
returns one of the legal actions.  Levels: ``random`` (a baseline for every game) and
``heuristic`` (one per game, registered in ``_HEURISTICS``).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence

from games.core import Action, BadOptionError, SeatView


class Bot:
    """Base class: subclasses implement :meth:`choose`."""

    level = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    level = "random"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


# game name -> "module:Class" of its heuristic bot
_HEURISTICS = {
    "tricks_n_trumps": "games.bots.tricks_n_trumps:TricksNTrumpsBot",
    "simple_strange": "games.bots.simple_strange:SimpleStrangeBot",
    "trump_suit": "games.bots.trump_suit:TrumpSuitBot",
    "contract_grid": "games.bots.contract_grid:ContractGridBot",
    "rams": "games.bots.rams:RamsBot",
    "bourre": "games.bots.bourre:BourreBot",
}

LEVELS = ("random", "heuristic")


def make_bot(level: str, game: str, seed: int | None = None) -> Bot:
    """A bot of ``level`` for ``game``; BadOptionError for an unknown level."""
    level = level.strip().lower()
    if level == "random":
        return RandomBot(seed)
    if level == "heuristic":
        target = _HEURISTICS.get(game)
        if target is None:
            raise BadOptionError(f"there is no heuristic bot for {game} yet: use random")
        module, _, cls = target.partition(":")
        return getattr(importlib.import_module(module), cls)(seed)
    raise BadOptionError(f"unknown bot level {level!r}: use {', '.join(LEVELS)}")
