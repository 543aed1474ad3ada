"""The games registry: every playable game, by its short name, found without a list.

A game is a package ``games/<name>/`` whose ``__init__.py`` exports ``RULES`` (a
:class:`games.core.Rules` whose ``name`` is the package's name).  Every such package is found by
looking at the subpackages of ``games`` (``core``, ``bots`` and names starting with ``_`` are not
games); nothing here lists them.  The game itself says where it is listed (``Rules.position``,
then by name) and which bots it has (``BOT_LEVELS`` in its ``bot.py``, read by :mod:`games.bots`).

Adding a game: ``games/<name>/__init__.py`` (declares ``LISTING`` and exports RULES on demand,
like every game here), ``rules.py``, ``bot.py`` (optional), and, in the app, an optional panel
``cardtable/tui/panels/<name>.py``.

Listing the games (:func:`listings`: the lobby, ``cardtable list``) loads no game's rules: a
package declares its ``LISTING`` (games/core/listing.py) and loads ``rules.py`` only when
``RULES`` is first asked for.  A package without a ``LISTING`` is listed from its ``RULES``.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import unicodedata
from typing import TYPE_CHECKING

from games.core.errors import UnknownGameError
from games.core.finder import use_rules_finder

if TYPE_CHECKING:
    from games.core import Rules
    from games.core.listing import Listing

NOT_GAMES = frozenset({"core", "bots"})  # subpackages of games that hold shared code, not a game

_REGISTRY: dict[str, Rules] = {}
_LISTINGS: list[Listing | Rules] = []


def _load() -> dict[str, Rules]:
    if not _REGISTRY:
        found = [rules for rules in map(_rules_of, _game_packages()) if rules is not None]
        for rules in sorted(found, key=lambda r: (r.position, r.name)):
            _REGISTRY[rules.name] = rules
    return _REGISTRY


def _game_packages() -> list[str]:
    """The names of the subpackages of ``games`` that may be games (not core, bots or _private)."""
    return sorted(
        info.name
        for info in pkgutil.iter_modules(__path__)
        if info.ispkg and info.name not in NOT_GAMES and not info.name.startswith("_")
    )


def _rules_of(package: str) -> Rules | None:
    """The ``RULES`` a game package exports (None for a package that is no game); a game must
    be named after its package, since its panel and records find it by that name."""
    rules = getattr(importlib.import_module(f"{__name__}.{package}"), "RULES", None)
    if rules is not None and rules.name != package:
        raise ImportError(
            f"games/{package} exports the rules of {rules.name!r}: name the package after its game"
        )
    return rules


def listings() -> list[Listing | Rules]:
    """What lists every game (name, title, description, ``players_text()``), in listing order,
    without loading the rules of a game whose package declares a ``LISTING``."""
    if not _LISTINGS:
        found = [_listing_of(package) for package in _game_packages()]
        _LISTINGS.extend(sorted((x for x in found if x is not None), key=lambda x: (x.position, x.name)))
    return list(_LISTINGS)


def _listing_of(package: str) -> Listing | Rules | None:
    module = importlib.import_module(f"{__name__}.{package}")
    listing = vars(module).get("LISTING")
    return listing if listing is not None else _rules_of(package)


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
