"""The clone machinery of :class:`~games.core.state.GameState`, private to the core.

Search bots and playouts clone states millions of times, so copying is declared, not guessed:

- :class:`Cloning`, the base GameState inherits: each class declares in ``_COPY`` how its
  mutable attributes are copied (``LIST``, ``LISTS``, ``DEEP``, ``SHARED``); the declarations
  are merged over the class hierarchy once, when the class is made, into a copy plan;
  :meth:`Cloning.snapshot` checks the declarations against what the state really holds.
- :class:`_FrozenRng`: the match's Random, shared by a state and its clones until one of them
  draws (copying a Random is slow and most clones never draw).
- A generic copy (``_generic_copy``) for classes that declare nothing.

Games use only the ``_COPY`` kinds (exported by ``games.core``) and ``clone()``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, ClassVar, Self

from .log import FOLD, head_name, tail_name

# copy kinds for Cloning._COPY (see there)
LIST, LISTS, DEEP, SHARED, LOG = "list", "lists", "deep", "shared", "log"


class Cloning:
    """Copying and comparing a state: :meth:`clone`, :meth:`snapshot` and the match's ``rng``.

    Subclasses keep mutable state in plain lists, dicts and sets of immutable values (cards and
    actions are interned), so a clone needs no ``deepcopy``.
    """

    #: attributes never copied or compared as game state (see :meth:`snapshot`)
    _TRANSIENT: ClassVar[frozenset[str]] = frozenset()

    #: How :meth:`clone` copies the mutable attributes this class adds (merged over the class
    #: hierarchy): ``LIST`` a list of immutable values, ``LISTS`` a list of such lists, ``DEEP``
    #: anything else mutable (copied generically), ``SHARED`` a container never changed in place,
    #: ``LOG`` an append-only log declared with :class:`~games.core.log.Logged` (its tail copied,
    #: folded first into the head that clones share when it has grown long).
    #: Undeclared attributes must hold immutable values (ints, strings, tuples, cards, frozen
    #: dataclasses...); :meth:`snapshot` checks that.  A class that declares no ``_COPY`` of its
    #: own is cloned by the slower generic copy, which needs no declaration.
    _COPY: ClassVar[dict[str, str]] = {}
    _copy_plan: ClassVar[tuple[tuple[str, ...], ...] | None] = None
    #: ``_COPY`` with each log's two attributes in its name's place (head SHARED, tail LIST)
    _kinds: ClassVar[dict[str, str]] = {}

    _rng: random.Random | _FrozenRng  # a _FrozenRng is shared with clones until first use
    _legal_cache: Any  # the state's cached legal actions, dropped by a clone
    _legal_index: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        merged: dict[str, str] = {}
        for base in reversed(cls.__mro__):
            merged.update(base.__dict__.get("_COPY", {}))
        cls._kinds = {}
        for n, k in merged.items():
            cls._kinds.update({head_name(n): SHARED, tail_name(n): LIST} if k == LOG else {n: k})
        if "_COPY" not in cls.__dict__:
            cls._copy_plan = None  # generic copy
            cls.clone = Cloning.clone  # type: ignore[method-assign]
            return
        cls._COPY = merged
        flat, nested, deep, logs = (
            tuple(n for n, k in merged.items() if k == kind) for kind in (LIST, LISTS, DEEP, LOG)
        )
        cls._copy_plan = (flat, nested, deep, logs)
        cls.clone = _planned_clone(flat, nested, deep, logs)  # type: ignore[method-assign]

    @property
    def rng(self) -> random.Random:
        """The match's random numbers.  After clone() both states share a frozen state; each
        thaws its own Random from it on first use, so both draw exactly what the original would."""
        r = self._rng
        if isinstance(r, _FrozenRng):
            r = self._rng = r.thaw()
        return r

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    @property
    def stacked(self) -> bool:
        """True until a pack set out in advance (``Rules.new_game(first_pack=...)``) is dealt."""
        return type(self._rng) is StackedRandom

    def clone(self) -> Self:
        """An independent copy (lists, dicts and sets copied; interned values shared).

        This is the generic copy, for classes that declare no ``_COPY``; a class that declares
        one is given its own clone(), written out from its copy plan by :func:`_planned_clone`."""
        if not isinstance(self._rng, _FrozenRng):  # neither state draws from this Random again
            self._rng = _FrozenRng(self._rng)
        new = object.__new__(type(self))
        _generic_copy(self.__dict__, new.__dict__)
        new._legal_cache = None
        new._legal_index = None
        return new

    def snapshot(self) -> dict[str, Any]:
        """Everything that makes up the state, for equality checks in tests and replay."""
        if self._copy_plan is not None:
            self._check_copy_plan()
        snap = {
            k: _copy_value(v) for k, v in self.__dict__.items() if k not in self._TRANSIENT and k != "_rng"
        }
        for name, kind in self._COPY.items():  # a log as one list, however much of it is folded
            if kind == LOG:
                snap[name] = [*snap.pop(head_name(name)), *snap.pop(tail_name(name))]
        snap["rng"] = self.rng.getstate()
        return snap

    def _check_copy_plan(self) -> None:
        """Assert that every mutable attribute is declared in ``_COPY`` with a fitting kind."""
        for k, v in self.__dict__.items():
            kind = self._kinds.get(k)
            where = f"{type(self).__name__}.{k}"
            if kind in (DEEP, SHARED) or k in ("_rng", "_legal_cache", "_legal_index"):
                continue
            if kind is None:
                assert type(v) not in _CONTAINERS, f"{where} holds a {type(v).__name__}: declare it in _COPY"
                continue
            assert type(v) is list, f"{where} is declared {kind} but holds a {type(v).__name__}"
            items = v
            if kind == LISTS:
                assert all(type(x) is list for x in v), f"{where} is declared {kind}: a list of lists"
                items = [y for x in v for y in x]
            assert not any(type(x) in _CONTAINERS for x in items), (
                f"{where} holds containers: declare it {DEEP}"
            )


def _planned_clone(
    flat: tuple[str, ...], nested: tuple[str, ...], deep: tuple[str, ...], logs: tuple[str, ...]
) -> Callable[..., Any]:
    """The clone() of a class with a copy plan: a dict copy, then one statement for each
    declared mutable attribute, written out from the plan when the class is made::

        def clone(self):
            if type(self._rng) is not _FrozenRng:  # neither state draws from this Random again
                self._rng = _FrozenRng(self._rng)
            if len(self._history_tail) > 16:       # LOG: long tails folded into the heads, once
                self._history_head += tuple(self._history_tail)
                self._history_tail = []
                self._actors_head += tuple(self._actors_tail)
                ...
            new = _new(type(self))
            new.__dict__ = d = self.__dict__.copy()
            d['_history_tail'] = d['_history_tail'].copy()  # LOG's tail, LIST
            d['won'] = d['won'].copy()                     # LIST
            ...
            x = d['hands']                                 # LISTS
            n = len(x)
            if n == 2:
                d['hands'] = [x[0].copy(), x[1].copy()]
            elif n == 3:
            ...
            else:
                d['hands'] = list(map(list.copy, x))
            d['breakdown'] = _copy_value(d['breakdown'])   # DEEP
            d['_legal_cache'] = d['_legal_index'] = None
            return new

    A loop over the plan's names does the same; written out, a clone costs about a tenth less
    (callgrind: Piquet's 56k -> 49k instructions), and playouts and searches clone millions of
    times.  A list of lists is copied inner list by inner list, written out for the lengths a
    list of hands has (2 to :data:`_WRITTEN_OUT` seats: half the instructions of ``map``'s copy,
    callgrind).  The logs are folded together, when the first one's tail is long
    (games.core.log).  The names enter the source only as string literals (repr), but for the
    logs' heads and tails, read as attributes (identifiers: checked)."""
    assert all(n.isidentifier() for n in logs), logs
    folds = []
    if logs:
        folds.append(f"    if len(self.{tail_name(logs[0])}) > {FOLD}:")
        for head, tail in zip(map(head_name, logs), map(tail_name, logs)):
            folds += [f"        self.{head} += tuple(self.{tail})", f"        self.{tail} = []"]
    body = [f"    d[{n!r}] = d[{n!r}].copy()" for n in (*map(tail_name, logs), *flat)]
    for n in nested:
        body += [f"    x = d[{n!r}]", "    n = len(x)"]
        for size in range(2, _WRITTEN_OUT + 1):
            copies = ", ".join(f"x[{i}].copy()" for i in range(size))
            body += [f"    {'if' if size == 2 else 'elif'} n == {size}:", f"        d[{n!r}] = [{copies}]"]
        body += ["    else:", f"        d[{n!r}] = list(map(list.copy, x))"]
    body += [f"    d[{n!r}] = _copy_value(d[{n!r}])" for n in deep]
    source = "\n".join(
        [
            "def clone(self):",
            "    if type(self._rng) is not _FrozenRng:",
            "        self._rng = _FrozenRng(self._rng)",
            *folds,
            "    new = _new(type(self))",
            "    new.__dict__ = d = self.__dict__.copy()",
            *body,
            "    d['_legal_cache'] = d['_legal_index'] = None",
            "    return new",
        ]
    )
    namespace: dict[str, Any] = {
        "_FrozenRng": _FrozenRng,
        "_new": object.__new__,
        "_copy_value": _copy_value,
    }
    exec(source, namespace)
    clone: Callable[..., Any] = namespace["clone"]
    clone.__doc__ = "An independent copy (the declared lists, dicts and sets copied; interned values shared)."
    return clone


#: the longest list of lists whose copy a planned clone writes out (see _planned_clone)
_WRITTEN_OUT = 6

_CONTAINERS = (list, dict, set)
_ATOMIC = frozenset({int, str, bool, float, type(None), tuple, frozenset})


def _generic_copy(src: dict[str, Any], dst: dict[str, Any]) -> None:
    """Copy every attribute by its type (classes without a ``_COPY`` declaration)."""
    for k, v in src.items():  # _copy_value inlined for the common types (speed)
        t = type(v)
        if t in _ATOMIC:
            dst[k] = v
        elif t is list:
            dst[k] = [_copy_value(x) for x in v] if v and type(v[0]) in _CONTAINERS else v[:]
        else:
            dst[k] = _copy_value(v)


def _copy_value(v: Any) -> Any:
    t = type(v)
    if t is list:
        return [_copy_value(x) for x in v] if v and type(v[0]) in _CONTAINERS else list(v)
    if t is dict:
        new = v.copy()
        for k, x in new.items():
            if type(x) in _CONTAINERS or isinstance(x, random.Random):
                new[k] = _copy_value(x)
        return new
    if t is set:
        return set(v)
    if t is random.Random or t is MatchRandom:
        new = t(0)
        new.setstate(v.getstate())
        return new
    return v


class MatchRandom(random.Random):
    """The match's Random: a ``random.Random`` whose shuffle() gives the same order and leaves the
    same state, without a Python call for every card (deals shuffle the pack every hand: those
    calls were about a twentieth of a random playout in Rams, callgrind)."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        getrandbits, bits = self.getrandbits, _BITS
        if len(x) > len(bits):
            return super().shuffle(x)
        for i in reversed(range(1, len(x))):
            k = bits[i]  # j = Random._randbelow(i + 1), inlined: k random bits, drawn again while j > i
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]


class StackedRandom(MatchRandom):
    """The match's Random for a deal set out in advance (games.core.position): its first
    shuffle of a list holding the cards of ``pack`` (by their notation: a probe may deal copies)
    leaves the list in ``pack``'s order, having drawn what a shuffle draws, so every later random
    number is the unstacked match's.  From then on it is a plain MatchRandom (its class changes)."""

    def __init__(self, seed: int, pack: Sequence[Any]) -> None:
        super().__init__(seed)
        self.pack = list(pack)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        super().shuffle(x)
        pack = self.pack
        if len(x) == len(pack) and sorted(map(str, x)) == sorted(map(str, pack)):
            x[:] = pack
            del self.pack
            self.__class__ = MatchRandom  # type: ignore[assignment]


#: the bit length of i + 1, for each place i of a list shuffled
_BITS = tuple((i + 1).bit_length() for i in range(1024))


def _shuffles_as_random_does() -> bool:
    """True when MatchRandom.shuffle is Random.shuffle of the Python running (order and state)."""
    for seed, size in ((7, 70), (8, 53), (9, 2)):
        ours, theirs = MatchRandom(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        ours.shuffle(a)
        theirs.shuffle(b)
        if a != b or ours.getstate() != theirs.getstate():
            return False
    return True


if not _shuffles_as_random_does():  # a Python whose Random shuffles otherwise: use its own
    del MatchRandom.shuffle


class _FrozenRng:
    """A Random that no state draws from any more, shared by a state and its clones.

    Copying a Random costs tens of microseconds (``getstate()`` builds 625 integers), and most
    clones never draw (playouts rarely reach the next deal), so clone() shares this token and each
    state thaws its own Random from it on first use: the sequence drawn is exactly the original's."""

    __slots__ = ("_random", "_state")

    def __init__(self, r: random.Random) -> None:
        self._random = r
        self._state: tuple[Any, ...] | None = None

    def thaw(self) -> random.Random:
        # a seed standing in for a Random (games.core.resample)
        fresh: Callable[[], random.Random] | None = getattr(self._random, "fresh", None)
        if fresh is not None:
            return fresh()
        if self._state is None:
            self._state = self._random.getstate()
        new = MatchRandom(0)
        new.setstate(self._state)
        return new
