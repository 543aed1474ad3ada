"""The games registry: every playable game, by its short name.

Each game module defines ``RULES`` (a :class:`games.core.Rules`).  Add a module's name to
``_MODULES`` to register it; order here is the order of ``cardtable list``.
"""

from __future__ import annotations

import importlib
import re
import unicodedata

from games.core import Rules, UnknownGameError
from games.core.record import use_rules_finder

_MODULES = (
    "tricks_n_trumps",
    "simple_strange",
    "trump_suit",
    "contract_grid",
    "rams",
    "bourre",
    "agram",
    "sedma",
    "pepper",
    "bacon",
    "preference",
    "page_one",
    "cucumber",
    "piquet",
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
    """The game called ``name`` by its short name or its title, as people type them: any case,
    accents or not, ``-``, ``_``, spaces and apostrophes alike ("Tricks'N'Trumps", "Bourré",
    "BOURRE", "trump suit"); or UnknownGameError."""
    games = _load()
    key = _plain_name(name) if isinstance(name, str) else ""
    for rules in games.values():
        if key in (_plain_name(rules.name), _plain_name(rules.title)):
            return rules
    raise UnknownGameError(f"unknown game {name!r}: choose one of {', '.join(games)}")


def _plain_name(text: str) -> str:
    """``Tricks'N'Trumps`` -> ``tricks_n_trumps``, ``Bourré`` -> ``bourre``."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return "_".join(re.split(r"[\s\-_'’`]+", bare.strip().lower())).strip("_")


use_rules_finder(get_rules)  # records (games.core.record) find their game here
