"""The games registry: every playable game, by its short name.

Each game module defines ``RULES`` (a :class:`games.core.Rules`).  Add a module's name to
``_MODULES`` to register it; order here is the order of ``cardtable list``.
"""

from __future__ import annotations

import importlib

from games.core import Rules, UnknownGameError

_MODULES = (
    "tricks_n_trumps",
    "simple_strange",
    "trump_suit",
    "contract_grid",
    "rams",
    "bourre",
)

_REGISTRY: dict[str, Rules] = {}


def _load() -> dict[str, Rules]:
    if not _REGISTRY:
        for mod in _MODULES:
            rules = importlib.import_module(f"games.{mod}").RULES
            _REGISTRY[rules.name] = rules
    return _REGISTRY


def all_rules() -> list[Rules]:
    """Every registered game, in listing order."""
    return list(_load().values())


def game_names() -> list[str]:
    return list(_load())


def get_rules(name: str) -> Rules:
    """The game called ``name`` (``-`` and ``_`` alike, any case), or UnknownGameError."""
    key = name.strip().lower().replace("-", "_").replace("'", "")
    games = _load()
    if key in games:
        return games[key]
    raise UnknownGameError(f"unknown game {name!r}: choose one of {', '.join(games)}")
