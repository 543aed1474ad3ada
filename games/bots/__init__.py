"""Bots: one interface for bot seats, hints and simulations.

- :mod:`~games.bots.base`: the bot interface (:class:`Bot`, and :class:`WorldsBot` for bots
  that look ahead over possible worlds), the random bot, the easy bot's slips, and
  :func:`bot_task`, the one call that lets a bot think at a table without the state;
- :mod:`~games.bots.levels`: the levels (random, easy, normal, hard, expert), :func:`make_bot`,
  and the declaration each game makes of its own bots (``BOT_LEVELS`` in its bot.py);
- :mod:`~games.bots.search` (the generic tree search) and :mod:`~games.bots.rollout` (a
  heuristic's playouts): the bots behind ``hard`` and ``expert``;
- helpers shared by several games' bots (:mod:`~games.bots.cardplay`,
  :mod:`~games.bots.partnership`); the figures of a look-ahead (:mod:`~games.bots.estimates`)
  and the hints and reviews built on them (:mod:`~games.bots.explain`, :mod:`~games.bots.advice`).

Each game's heuristic bot lives in its own package (``games/<name>/bot.py``); nothing here
names a game.
"""

from __future__ import annotations

from .base import Bot, EasyBot, RandomBot, WorldsBot, WorldWarning, bot_task
from .levels import (
    ALIASES,
    LEVELS,
    Expert,
    Levels,
    Playouts,
    TreeSearch,
    heuristic_of,
    level_name,
    levels_of,
    make_bot,
)

__all__ = [
    "ALIASES",
    "LEVELS",
    "Bot",
    "EasyBot",
    "Expert",
    "Levels",
    "Playouts",
    "RandomBot",
    "TreeSearch",
    "WorldWarning",
    "WorldsBot",
    "bot_task",
    "heuristic_of",
    "level_name",
    "levels_of",
    "make_bot",
]
