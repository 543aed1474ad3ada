"""How the core finds a game's Rules by name without importing the registry above it.

``games/__init__.py`` (the registry) installs its ``get_rules`` here when it is imported; records
(:mod:`games.core.record`) look their game up through :func:`find_rules`.  This module imports
nothing, so installing the finder costs nothing at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import Rules

RulesFinder = Callable[[str], "Rules"]

_finder: RulesFinder | None = None


def use_rules_finder(finder: RulesFinder) -> None:
    """Let records find a game's Rules by its name with ``finder`` (the registry's ``get_rules``,
    which raises UnknownGameError for a name it does not know); replaces any earlier finder."""
    global _finder
    _finder = finder


def find_rules(game: str) -> Rules:
    """The Rules of ``game`` from the installed finder; UnknownGameError if none is installed."""
    if _finder is None:
        from .errors import UnknownGameError

        raise UnknownGameError(f"no game registry is installed to find {game!r}")
    return _finder(game)
