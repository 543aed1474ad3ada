"""What lists a game (the lobby, ``cardtable list``) without loading its rules.

A game package declares its :class:`Listing` in its ``__init__.py`` (:meth:`Listing.of`: the name
from the package, the description from its docstring) and leaves ``RULES`` to be
imported when first asked for (:func:`rules_on_demand`); its Rules class takes the same values
from the listing of its package (``Rules.listing``, found when the class is defined), so each is
written once.  Listing every game then costs a few small imports instead of every game's rules.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


def players_text(min_seats: int, max_seats: int) -> str:
    """``3`` or ``2-6``: how many play."""
    return str(min_seats) if min_seats == max_seats else f"{min_seats}-{max_seats}"


@dataclass(frozen=True)
class Listing:
    """A game's name, title, one-line description, seat range and place in listings."""

    name: str
    title: str
    description: str
    min_seats: int
    max_seats: int
    default_seats: int
    position: int = 1000  # lowest first, then by name

    def players_text(self) -> str:
        return players_text(self.min_seats, self.max_seats)

    @classmethod
    def of(
        cls,
        package: str,
        doc: str | None,
        title: str,
        seats: tuple[int, int],
        default_seats: int | None = None,
        position: int = 1000,
    ) -> Listing:
        """A game package's listing, written once: ``Listing.of(__name__, __doc__, "Rams", seats=(3, 5),
        default_seats=4)``.  The name is the package's own (``games.rams``: ``rams``), the description
        the first paragraph of its docstring, ``seats`` the fewest and most players; the default is
        the fewest unless given."""
        description = " ".join((doc or "").split("\n\n")[0].split())
        low, high = seats
        return cls(package.rpartition(".")[2], title, description, low, high, default_seats or low, position)


def rules_on_demand(package: str, names: Sequence[str] = ("RULES",)) -> Callable[[str], Any]:
    """A module ``__getattr__`` for a game package: ``RULES`` and the other ``names`` the package
    exports come from its ``rules`` module, imported when one of them is first asked for."""

    def module_getattr(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.rules"), name)
        setattr(sys.modules[package], name, value)  # the next look-up is a plain attribute
        return value

    return module_getattr
