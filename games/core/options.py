"""Game options: a game declares each one (name, default, help, allowed values) and reads
values typed on a command line, sent over the network or stored in a record through it.

A bad value is one :class:`~games.core.errors.BadOptionError` naming the option and what is
allowed, whatever its source.  The small text helpers here (``_brief``, ``_show``, ``_plain``)
also serve :class:`~games.core.state.Rules` when it refuses options.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import BadOptionError


@dataclass(frozen=True)
class Option:
    """A declared game option.  The type comes from the default (bool, int or str).

    ``choices`` restricts str (or int) values; ``minimum``/``maximum`` bound ints.  ``None`` as
    a choice (e.g. "no cap") is written ``none`` on the command line.
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def allowed(self) -> str:
        if self.choices is not None:
            return ", ".join("none" if c is None else str(c).lower() for c in self.choices)
        if isinstance(self.default, bool):
            return "true, false"
        if isinstance(self.default, int):
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            return f"a whole number {lo}..{hi}".rstrip(".") if (lo or hi) else "a whole number"
        return "any text"

    def parse(self, value: Any) -> Any:
        """Convert a native or string value and check it; raise BadOptionError naming the option."""
        v = self._convert(value)
        if self.choices is not None and v not in self.choices:
            raise BadOptionError(f"option {self.name}={_show(value)} is not allowed: use {self.allowed()}")
        if isinstance(v, int) and not isinstance(v, bool) and not self._in_range(v):
            raise BadOptionError(f"option {self.name}={_show(value)} is out of range: use {self.allowed()}")
        return v

    def _in_range(self, v: int) -> bool:
        return (self.minimum is None or v >= self.minimum) and (self.maximum is None or v <= self.maximum)

    def _convert(self, value: Any) -> Any:
        """The value as the option's type (bool, int or text, from the default or else the
        choices).  Text is read as typed on a command line; any other value must already have
        the right type, whatever its source (API, record, network): 33.0, True or 5 for a text
        option are refused here, never left to fail later inside a game."""
        if isinstance(value, str):
            return self._from_text(value)
        if value is None and self.choices is not None and None in self.choices:
            return None
        kind = self._kind()
        if kind is bool and not isinstance(value, bool):
            raise BadOptionError(f"option {self.name}={_brief(value)} is not allowed: use true or false")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise BadOptionError(f"option {self.name}={_brief(value)} is not a number: use {self.allowed()}")
        if kind is str:
            problem = "is not allowed" if self.choices else "is not text"
            raise BadOptionError(f"option {self.name}={_brief(value)} {problem}: use {self.allowed()}")
        return value

    def _kind(self) -> type:
        """bool, int or str: the type of the default, or of the choices when the default is None."""
        for t in (bool, int, str):
            if isinstance(self.default, t):
                return t
        return int if self.choices and _all_int(self.choices) else str

    def _from_text(self, value: str) -> Any:
        """A value typed as text (command line, setup form): ``none``, ``yes``, ``12``, a choice in any case."""
        text = value.strip().lower()
        if text in ("none", "off") and self.choices is not None and None in self.choices:
            return None
        kind = self._kind()
        if kind is bool:
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise BadOptionError(f"option {self.name}={_brief(value)} is not allowed: use true or false")
        if kind is int:
            try:
                return int(text)
            except ValueError:  # not digits, or too many of them
                raise BadOptionError(
                    f"option {self.name}={_brief(value)} is not a number: use {self.allowed()}"
                ) from None
        for c in self.choices or ():
            if isinstance(c, str) and c.lower() == text:
                return c
        return value.strip()


def _all_int(values: Sequence[Any]) -> bool:
    return all(isinstance(c, int) and not isinstance(c, bool) for c in values if c is not None)


def _show(value: Any) -> str:
    return _cut(value) if isinstance(value, str) else _brief(value)


def _brief(value: Any) -> str:
    """``repr(value)`` cut to a readable length; safe for ints too long to print."""
    try:
        return _cut(repr(value))
    except ValueError:  # an int beyond Python's digit limit for str(), alone or inside a list or a mapping
        if isinstance(value, int):
            return f"<a number of about {int(value.bit_length() * 0.30103)} digits>"
        return f"<a {type(value).__name__} holding a very long number>"


def _cut(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."


def _plain(value: Any) -> str:
    """An option value as typed on the command line: ``none``, ``true``, ``50``."""
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
