"""Actions: frozen, interned decision values with a stable string notation.

Every decision a seat can make is an :class:`Action`: playing a card (``QS``), playing a card
against a slot (``QS@2``, e.g. Simple Strange pairing), a card-selecting decision
(``discard QS``), or a word with an optional argument (``pass``, ``bid 3``, ``nil``,
``flip``, ``trump H``).  Records store the notation; replay looks the notation up among the
legal actions, so no action id is ever computed by arithmetic.

Actions are shared by every game (``pass`` is the same value in Rams and in Bourré), so an
action carries only a generic caption (:attr:`Action.label`: ``Pass``, ``Bid 3``, ``Discard QS``).
The words a player reads belong to each game: a game state's ``label(action)`` hook (usually
its ``LABELS`` table) supplies them, and every :class:`~games.core.SeatView` carries the labels of
its legal actions.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import Card, parse_card
from .errors import BadNotationError

_INTERNED: dict[str, Action] = {}


class Action:
    """One decision.  ``kind`` is ``"play"`` for playing a card to the table.

    Attributes: ``kind`` (word), ``card`` (the card chosen, if any), ``arg`` (slot number or
    word argument, if any), ``text`` (canonical notation), ``label`` (a generic caption made from
    the notation; the game's own words come from its ``label(action)`` hook).
    """

    __slots__ = ("arg", "card", "kind", "label", "text")

    kind: str
    card: Card | None
    arg: str | None
    text: str
    label: str

    def __init__(self, kind: str, card: Card | None, arg: str | None, text: str, label: str) -> None:
        self.kind = kind
        self.card = card
        self.arg = arg
        self.text = text
        self.label = label

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[Callable[..., Action], tuple[str, str | None, str | None, str, str]]:
        return (_restore, (self.kind, self.card.text if self.card else None, self.arg, self.text, self.label))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: object) -> Action:
        return self

    @property
    def is_card(self) -> bool:
        """True when the action is chosen by picking a card (play, discard, ...)."""
        return self.card is not None

    @property
    def the_card(self) -> Card:
        """The card of an action that picks one (play, discard...), for rules code that knows it
        has such an action; ValueError for a word action."""
        if self.card is None:
            raise ValueError(f"{self.text!r} picks no card")
        return self.card

    @property
    def the_arg(self) -> str:
        """The argument of an action that has one (``b3`` of ``grid b3``, a card's slot), for code
        that knows it has one; ValueError for an action without one."""
        if self.arg is None:
            raise ValueError(f"{self.text!r} has no argument")
        return self.arg

    @property
    def number(self) -> int:
        """The whole number of a word action such as ``bid 3`` (or a card's slot: ``QS@2``), for
        code that knows it has one; ValueError for an action without one."""
        return int(self.the_arg)


def _restore(kind: str, card_text: str | None, arg: str | None, text: str, label: str) -> Action:
    a = _INTERNED.get(text)
    if a is None:
        a = _INTERNED[text] = Action(kind, parse_card(card_text) if card_text else None, arg, text, label)
    return a


def _intern(kind: str, card: Card | None, arg: str | None, text: str, label: str) -> Action:
    a = _INTERNED.get(text)
    if a is None:
        a = _INTERNED[text] = Action(kind, card, arg, text, label)
    return a


def generic_label(kind: str, arg: object | None = None) -> str:
    """The caption of a word action before any game names it: ``pass`` → ``Pass``,
    ``blind_nil`` → ``Blind nil``, ``bid 3`` → ``Bid 3``."""
    words = kind.replace("_", " ")
    words = words[:1].upper() + words[1:]
    return words if arg is None else f"{words} {arg}"


def _no_label(label: str | None) -> None:
    if label is not None:
        raise TypeError(
            "actions are shared by every game, so they take no label: give the words in the "
            "game state's LABELS table or its label(action) hook"
        )


def play(c: Card, slot: int | None = None) -> Action:
    """Play a card; with ``slot``, play it against the slot-th led card (1-based)."""
    if slot is None:
        return _INTERNED.get(c.text) or _intern(
            "play", c, None, c.text, c.text
        )  # the lookup alone once interned (speed)
    return _intern("play", c, str(slot), f"{c.text}@{slot}", f"{c.text} on led card {slot}")


def choose(kind: str, c: Card, label: None = None) -> Action:
    """A decision that picks a card but does not play it: ``discard QS``, ``keep 7H``."""
    if label is not None:  # (asked here: legal lists call this for every card of a hand)
        _no_label(label)
    text = f"{kind} {c.text}"
    return _INTERNED.get(text) or _intern(kind, c, None, text, generic_label(kind, c.text))


def word(kind: str, arg: object | None = None, label: None = None) -> Action:
    """A non-card decision: ``pass``, ``bid 3``, ``trump H``, ``grid 2 3``."""
    if label is not None:
        _no_label(label)
    text = kind if arg is None else f"{kind} {arg}"
    return _INTERNED.get(text) or _intern(  # the lookup alone once interned (speed)
        kind, None, None if arg is None else str(arg), text, generic_label(kind, arg)
    )


def named_card(text: str) -> Card | None:
    """The card an action's notation names (``QS``, ``discard QS``), or None for a word."""
    try:
        return parse_card(text.split()[-1]) if text.strip() else None
    except BadNotationError:
        return None


def normalize(text: str) -> str:
    """Canonical notation of what a person typed: ``th`` → ``10H``, ``Bid  3`` → ``bid 3``."""
    parts = text.strip().split()
    if not parts:
        raise BadNotationError("empty action: type a card such as QS, or a word such as pass")
    out = []
    for i, p in enumerate(parts):
        card_part, at, slot = p.partition("@")
        try:
            c = parse_card(card_part)
            out.append(c.text + (at + slot if at else ""))
            continue
        except BadNotationError:
            pass
        out.append(p.lower() if i == 0 or not p.isalpha() or len(p) > 1 else p.upper())
    return " ".join(out)
