"""Typed view data: the frozen dataclass a game puts in ``SeatView.extra`` for its bot and panel.

A game declares its extra view data as a frozen dataclass and registers it with :func:`view_data`
under a stable name taken from its package and class (``contract_grid.GridView`` for the class
``GridView`` of ``games/contract_grid/viewdata.py``)::

    @view_data
    @dataclass(frozen=True, slots=True)
    class GridView:
        size: int
        cap: int | None
        bids: tuple[tuple[str, ...], ...]

Fields may hold ``int``, ``float``, ``str``, ``bool``, :class:`Card`, :class:`Suit`, ``X | None``,
tuples (``tuple[X, ...]`` or of fixed length) and nested frozen dataclasses of the same kinds;
:func:`view_data` refuses any other annotation when the class is declared, so whatever a game
registers can cross the network.  :func:`to_data` writes such a value as JSON data
(``{"$data": name, "fields": {...}}``) and :func:`from_data` reads it back into the same type,
raising :class:`ProtocolError` for an unknown name, an unknown or missing field, a wrongly typed
value, a number out of range or text that is too long (data from a hostile peer).
:data:`NO_EXTRA` is the view data of a game that has none.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar, overload

from .cards import Card, Suit, parse_card
from .errors import BadNotationError, ProtocolError

T = TypeVar("T")

#: every registered view data class by its stable name
VIEW_DATA: dict[str, type] = {}
_NAMES: dict[type, str] = {}
_HINTS: dict[type, dict[str, Any]] = {}

#: the largest whole number a peer may send in view data (scores, chips and counts are far smaller)
MAX_INT = 10**15
#: the longest text a peer may send in one field of view data
MAX_TEXT = 4096
_SCALARS = (int, float, str, bool, Card, Suit)


@overload
def view_data(cls: type[T], /) -> type[T]: ...
@overload
def view_data(name: str, /) -> Callable[[type[T]], type[T]]: ...
def view_data(target: type[T] | str, /) -> type[T] | Callable[[type[T]], type[T]]:
    """Class decorator: register a frozen dataclass as view data, under the name of its game and
    class (:func:`default_name`), or under the ``name`` given (``@view_data("tests.Sample")``)."""
    if isinstance(target, str):
        return lambda cls: _register(target, cls)
    return _register(default_name(target), target)


def default_name(cls: type) -> str:
    """``game.Class``: the package under ``games`` that declares ``cls`` (``core`` for the core's
    own), else the first part of its module, and its class name."""
    parts = cls.__module__.split(".")
    owner = parts[1] if parts[0] == "games" and len(parts) > 1 else parts[0]
    return f"{owner}.{cls.__qualname__}"


def _register(name: str, cls: type[T]) -> type[T]:
    if VIEW_DATA.get(name, cls) is not cls:
        raise ValueError(f"view data name {name!r} is already taken by {VIEW_DATA[name].__qualname__}")
    _check_class(cls)
    VIEW_DATA[name] = cls
    _NAMES[cls] = name
    return cls


def view_data_name(cls: type) -> str:
    """The stable name ``cls`` was registered under (KeyError if it is not view data)."""
    return _NAMES[cls]


def is_view_data(value: Any) -> bool:
    """True if ``value`` is an instance of a registered view data class."""
    return type(value) in _NAMES


def _hints(cls: type) -> dict[str, Any]:
    """The resolved annotation of every field of a dataclass, in declaration order (cached)."""
    hints = _HINTS.get(cls)
    if hints is None:
        resolved = typing.get_type_hints(cls)
        hints = _HINTS[cls] = {f.name: resolved[f.name] for f in dataclasses.fields(cls)}
    return hints


def _check_class(cls: type) -> None:
    """TypeError unless ``cls`` is a frozen dataclass whose fields all have encodable types."""
    if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__qualname__}: view data must be a frozen dataclass")
    for fname, hint in _hints(cls).items():
        _check_hint(hint, f"{cls.__qualname__}.{fname}")


def _check_hint(hint: Any, where: str) -> None:
    if hint in _SCALARS:
        return
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        _check_class(hint)
        return
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union) and len(args) == 2 and type(None) in args:
        _check_hint(next(a for a in args if a is not type(None)), where)
    elif origin is tuple and args:
        for a in args:
            if a is not Ellipsis:
                _check_hint(a, where)
    else:
        raise TypeError(f"{where}: view data cannot hold a {hint!r}")


# ---------------------------------------------------------------- to JSON data


def to_data(value: Any) -> dict[str, Any]:
    """A registered view data value as JSON data: its stable name and its fields by name."""
    return {"$data": _NAMES[type(value)], "fields": _fields_out(value)}


def _fields_out(value: Any) -> dict[str, Any]:
    return {name: _out(getattr(value, name)) for name in _hints(type(value))}


def _out(v: Any) -> Any:
    if isinstance(v, Card):
        return v.text
    if isinstance(v, Suit):
        return v.letter
    if isinstance(v, tuple):
        return [_out(x) for x in v]
    if dataclasses.is_dataclass(v):
        return _fields_out(v)
    return v


# ---------------------------------------------------------------- from JSON data


def from_data(data: Any) -> Any:
    """Rebuild a registered view data value from :func:`to_data`'s output; ProtocolError if it is off."""
    if not isinstance(data, dict) or set(data) != {"$data", "fields"}:
        raise ProtocolError('view data must be an object with "$data" and "fields"')
    name = data["$data"]
    cls = VIEW_DATA.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ProtocolError(f"unknown view data type {str(name)[:40]!r}")
    return _object(cls, data["fields"], name)


def _object(cls: type, d: Any, where: str) -> Any:
    hints = _hints(cls)
    if not isinstance(d, dict):
        raise ProtocolError(f"{where}: expected an object of fields")
    if set(d) != set(hints):
        unknown, missing = sorted(set(d) - set(hints))[:3], sorted(set(hints) - set(d))[:3]
        raise ProtocolError(f"{where}: unknown fields {unknown} or missing fields {missing}"[:200])
    return cls(**{name: _in(hint, d[name], f"{where}.{name}") for name, hint in hints.items()})


def _in(hint: Any, v: Any, where: str) -> Any:
    if hint is bool:
        if isinstance(v, bool):
            return v
    elif hint is int:
        if isinstance(v, int) and not isinstance(v, bool) and -MAX_INT <= v <= MAX_INT:
            return v
    elif hint is float:
        if isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) <= MAX_INT:
            return float(v)
    elif hint is str:
        if isinstance(v, str) and len(v) <= MAX_TEXT:
            return v
    elif hint is Card:
        return _card(v, where)
    elif hint is Suit:
        if isinstance(v, str) and v in _SUITS:
            return _SUITS[v]
    elif isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _object(hint, v, where)
    else:
        return _composite(hint, v, where)
    raise ProtocolError(f"{where}: expected {getattr(hint, '__name__', hint)}, got {type(v).__name__}")


_SUITS = {s.letter: s for s in Suit}


def _composite(hint: Any, v: Any, where: str) -> Any:
    """An optional value or a tuple."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) is not tuple:  # X | None (the only union view data allows)
        return None if v is None else _in(next(a for a in args if a is not type(None)), v, where)
    if not isinstance(v, list):
        raise ProtocolError(f"{where}: expected a list")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_in(args[0], x, where) for x in v)
    if len(v) != len(args):
        raise ProtocolError(f"{where}: expected {len(args)} items")
    return tuple(_in(a, x, where) for a, x in zip(args, v))


def _card(v: Any, where: str) -> Card:
    if not isinstance(v, str) or len(v) > 8:
        raise ProtocolError(f'{where}: a card must be written as text, e.g. "QS"')
    try:
        return parse_card(v)
    except BadNotationError:
        raise ProtocolError(f"{where}: {v!r} is not a card") from None


@view_data
@dataclasses.dataclass(frozen=True, slots=True)
class NoExtra:
    """The view data of a game that has none."""


NO_EXTRA = NoExtra()
