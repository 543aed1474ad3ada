"""A state's append-only logs (``history``, ``actors``, ``events``), whose clones share their past.

A match's logs grow with every action, and search bots and playouts clone states deep into a
match: copied as lists, a clone cost more the longer the match had run (Contract Grid's 1.9 µs at
the start of a match, 11.4 µs after 800 actions).  So a state keeps each log in two attributes:
a frozen ``_<name>_head`` (a tuple, which clones share) and its own ``_<name>_tail`` (a list,
which a clone copies).  When a state with a long tail is cloned (more than :data:`FOLD` entries),
the tail is first folded into the head, once: every later clone of that state shares all of it,
and a clone costs the same at any length of match.  A clone makes no new object for its logs.
A class's logs are folded together, when the first one it declares has grown long (a state's
history: every action adds one entry to it, and to the others at most a few), so that a clone
looks at one length, not at every log's.

:class:`Logged` declares such a log on a class; reading the attribute gives a :class:`Log`, a
live list-like view of head and tail: ``len``, iteration (also ``reversed``), indexing and
slicing (a slice is a list), ``in``, ``count``, ``index``, equality with a list or another Log,
``append``, ``extend`` and item assignment (Piquet rewrites a private note).  Setting the
attribute to any iterable starts the log again with those entries, as its head (a world's base
keeps a long stretch of the true state's events: its clones share them from the start).  Code
that appends on a hot path appends to the tail itself (``GameState.log`` does).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import Any, Generic, SupportsIndex, TypeVar, overload

T = TypeVar("T")
_new = object.__new__

#: the longest tail a clone copies; a longer one is folded into the head first
FOLD = 16


def head_name(name: str) -> str:
    """The attribute holding log ``name``'s frozen head (a tuple shared with clones)."""
    return f"_{name}_head"


def tail_name(name: str) -> str:
    """The attribute holding log ``name``'s own tail (a list)."""
    return f"_{name}_tail"


class Logged(Generic[T]):
    """A class attribute declaring a log: reading it gives a :class:`Log` of the instance's
    head and tail; setting it to an iterable of entries replaces the whole log."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.head, self.tail = head_name(name), tail_name(name)

    @overload
    def __get__(self, state: None, owner: type | None = None) -> Logged[T]: ...

    @overload
    def __get__(self, state: object, owner: type | None = None) -> Log[T]: ...

    def __get__(self, state: object | None, owner: type | None = None) -> Log[T] | Logged[T]:
        if state is None:
            return self
        view: Log[T] = _new(Log)  # (no __init__ frame: every read of the log makes one)
        view._state, view._head, view._tail = state, self.head, self.tail
        return view

    def __set__(self, state: object, items: Iterable[T]) -> None:
        setattr(state, self.head, tuple(items))
        setattr(state, self.tail, [])


class Log(Sequence[T]):
    """A log read as one list (a live view of a state's head and tail: see the module)."""

    __slots__ = ("_head", "_state", "_tail")

    def __init__(self, state: object, head: str, tail: str) -> None:
        self._state, self._head, self._tail = state, head, tail

    def _parts(self) -> tuple[tuple[T, ...], list[T]]:
        parts = self._state.__dict__
        return parts[self._head], parts[self._tail]

    def append(self, item: T) -> None:
        getattr(self._state, self._tail).append(item)

    def extend(self, items: Iterable[T]) -> None:
        getattr(self._state, self._tail).extend(items)

    def __len__(self) -> int:
        head, tail = self._parts()
        return len(head) + len(tail)

    def __iter__(self) -> Iterator[T]:
        head, tail = self._parts()
        if not head:
            return iter(tail)
        return chain(head, tail) if tail else iter(head)

    def __reversed__(self) -> Iterator[T]:
        head, tail = self._parts()
        if not head:
            return reversed(tail)
        return chain(reversed(tail), reversed(head)) if tail else reversed(head)

    @overload
    def __getitem__(self, index: SupportsIndex) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> T | list[T]:
        head, tail = self._parts()
        n = len(head)
        if isinstance(index, slice):
            start, stop, step = index.indices(n + len(tail))
            if step == 1 and start >= n:  # the common slice: a recent stretch, in the tail
                return tail[start - n : max(start, stop) - n]
            return [*head, *tail][index]
        i = index.__index__()
        if i < 0:
            i += n + len(tail)
            if i < 0:
                raise IndexError("log index out of range")
        return head[i] if i < n else tail[i - n]

    def __setitem__(self, index: SupportsIndex, item: T) -> None:
        """Replace one entry (clones keep theirs: an entry of the head gives this state a new head)."""
        head, tail = self._parts()
        n = len(head)
        i = index.__index__()
        if i < 0:
            i += n + len(tail)
        if 0 <= i < n:
            setattr(self._state, self._head, (*head[:i], item, *head[i + 1 :]))
        elif i < 0:
            raise IndexError("log assignment index out of range")
        else:
            tail[i - n] = item

    def __contains__(self, item: object) -> bool:
        head, tail = self._parts()
        return item in tail or item in head

    def count(self, item: Any) -> int:
        head, tail = self._parts()
        return head.count(item) + tail.count(item)

    def index(self, item: Any, start: int = 0, stop: int = 2**63 - 1) -> int:
        head, tail = self._parts()
        return [*head, *tail].index(item, start, stop)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            return len(self) == len(other) and list(self) == list(other)
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (mutable, as a list)

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"
