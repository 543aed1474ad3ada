"""Positions set out by hand: the cards some seats were dealt, and the actions since.

A record (games.core.record) replays a match from its seed; a player or a teacher who wants to
ask the bots about a hand of their own needs to choose the cards instead.  A position file is
JSON that a person writes (no digest)::

    {"format": "cardtable-position", "game": "pepper",
     "hands": {"1": "JH JD AH KH 9S AC"},
     "actions": ["bid 3", "pass", "pass", "pass"]}

``seats``, ``options`` and ``seed`` are optional (the game's usual table, its defaults, 0);
``hands`` gives the first hand's cards of any seats (numbered from 1, as the table names them);
every other card falls where the seed puts it, and later hands are the seed's.

How a deal is set out for any game without knowing how it deals: the pack's first shuffle is
replaced by an order chosen in advance (``Rules.new_game(first_pack=...)``).  A probe deals the
match once with a known order and notes which places of the pack each seat's hand came from;
the position's cards go to those places, the other cards to the rest in the seed's order, and
the match is dealt again and checked: every named seat must hold exactly its cards.  The match's
random numbers are the seed's throughout.  Games that deal their first hand after some actions
(Contract Grid fills its grids first) are probed up to that point.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import Card, cards_text, parse_cards
from .errors import BadRecordError, CardtableError, cut_input
from .finder import find_rules
from .record import read_text

if TYPE_CHECKING:
    from .state import GameState, Rules

FORMAT = "cardtable-position"


@dataclass(frozen=True)
class Position:
    game: str
    seats: int
    options: dict[str, Any]
    seed: int
    hands: dict[int, tuple[Card, ...]]
    actions: tuple[str, ...]
    names: tuple[str, ...] = field(default=())

    # -- reading ---------------------------------------------------------
    @classmethod
    def load(cls, path: str | Path) -> Position:
        return cls.from_json(read_text(path, "position"), str(path))

    @classmethod
    def from_json(cls, text: str, source: str = "position") -> Position:
        """Read and check a position: every fault is one BadRecordError naming ``source`` and
        the field, in the words a person who wrote the file by hand can act on."""
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError):
            raise BadRecordError(f"{source} is not readable JSON") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise BadRecordError(f'{source} is not a position (it needs "format": "{FORMAT}")')

        def fault(name: str, problem: str) -> BadRecordError:
            return BadRecordError(f"{source}: field {name!r} {problem}")

        game = doc.get("game")
        if not isinstance(game, str):
            raise fault("game", "must name a game (see `cardtable list`)")
        try:
            rules = find_rules(game)
        except CardtableError as exc:
            raise fault("game", str(exc)) from None
        seats = doc.get("seats", rules.default_seats)
        options = doc.get("options", {})
        seed = doc.get("seed", 0)
        actions = doc.get("actions", [])
        if not isinstance(seats, int) or isinstance(seats, bool):
            raise fault("seats", "must be a whole number")
        if not isinstance(options, dict):
            raise fault("options", "must be an object of option names and values")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise fault("seed", "must be a whole number from 0")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise fault("actions", 'must be a list of actions as text (e.g. "bid 3", "QS")')
        try:
            rules.check_seats(seats)
            rules.resolve_options(seats, options)
        except CardtableError as exc:
            raise fault("seats or options", str(exc)) from None
        hands = _hands(doc.get("hands", {}), seats, fault)
        return cls(rules.name, seats, dict(options), seed, hands, tuple(actions))

    # -- the match ---------------------------------------------------------
    def start(self) -> GameState:
        """The match with the named seats dealt their cards (at the first deal)."""
        rules = find_rules(self.game)
        plain = rules.new_game(self.seats, self.options, self.seed)
        pack = list(plain.deck())
        wanted = Counter(c for cards in self.hands.values() for c in cards)
        missing = wanted - Counter(pack)
        if missing:
            extra = sorted(missing.elements(), key=_order)
            named = cards_text(extra[:12]) + (f" and {len(extra) - 12} more" if len(extra) > 12 else "")
            raise BadRecordError(f"{rules.title} has no {named} to deal (or not as many): check the hands")
        probe, place = self._probe(rules, pack)
        order: list[Card | None] = [None] * len(pack)
        for seat, cards in self.hands.items():
            dealt = _held(probe, seat)
            if len(dealt) != len(cards):
                raise BadRecordError(
                    f"seat {seat + 1} is dealt {len(dealt)} cards in {rules.title} with these options, "
                    f"not {len(cards)}: give each named seat a whole hand"
                )
            for got, card in zip(dealt, cards):
                order[place[id(got)]] = card
        rest = list((Counter(pack) - wanted).elements())
        random.Random(self.seed).shuffle(rest)
        it = iter(rest)
        stacked = [c if c is not None else next(it) for c in order]
        state = self._dealt(rules, stacked)
        for seat, cards in self.hands.items():
            if Counter(_held(state, seat)) != Counter(cards):  # a deal that is not the pack's order
                raise BadRecordError(f"{rules.title} cannot be dealt by hand this way (seat {seat + 1})")
        return state

    def _probe(self, rules: Rules, pack: list[Card]) -> tuple[GameState, dict[int, int]]:
        """The match dealt from copies of the pack's cards in a known order (a copy is the card in
        all but identity, so each card dealt names its place, even in a game of two packs), and
        the place of each copy by its identity.  A game whose deal needs the cards themselves
        is probed with them (a card of two packs then names the first of its places)."""
        marked = [Card(c.suit, c.rank, c.text, c.index) for c in pack]
        try:
            return self._dealt(rules, marked), {id(c): i for i, c in enumerate(marked)}
        except BadRecordError:
            raise
        except Exception:  # any fault of the copies: probe with the cards themselves
            return self._dealt(rules, pack), {id(c): pack.index(c) for c in pack}

    def _dealt(self, rules: Rules, pack: Sequence[Card]) -> GameState:
        """The match with the pack stacked in this order, played on from the position's actions
        until its first hand is dealt (at once in most games)."""
        state = rules.new_game(self.seats, self.options, self.seed, first_pack=pack)
        for i, text in enumerate(self.actions):
            if not state.stacked or state.to_act is None:
                break
            _apply(state, i, text)
        if state.stacked or not hasattr(state, "hands"):
            raise BadRecordError(
                f"{rules.title}: the first hand is not dealt by the position's actions; "
                "give the actions up to the deal"
            )
        return state

    def replay(self, upto: int | None = None) -> GameState:
        """The position's match after its first ``upto`` actions (all of them by default)."""
        state = self.start()
        done = len(state.history)
        if upto is not None and upto < done:
            raise BadRecordError(f"the hands are dealt after {done} actions: ask at {done} or later")
        for i, text in enumerate(self.actions[done:upto], start=done):
            _apply(state, i, text)
        return state


def is_position(path: str | Path) -> bool:
    """True for a file whose JSON says it is a position (its other fields are checked on loading)."""
    try:
        doc = json.loads(read_text(path, "position"))
    except (CardtableError, ValueError, RecursionError):
        return False
    return isinstance(doc, dict) and doc.get("format") == FORMAT


def _apply(state: GameState, i: int, text: str) -> None:
    try:
        state.apply(text)
    except CardtableError as exc:
        raise BadRecordError(f"action {i + 1} ({cut_input(text)!r}) cannot be played: {exc}") from None


def _hands(raw: Any, seats: int, fault: Any) -> dict[int, tuple[Card, ...]]:
    """``{"1": "AS KS", "3": ["QH", "JH"]}`` (seats from 1) as seat index -> cards, checked."""
    if not isinstance(raw, dict) or not raw:
        raise fault("hands", 'must give at least one seat\'s cards, e.g. {"1": "AS KS QS"}')
    hands: dict[int, tuple[Card, ...]] = {}
    for key, cards in raw.items():
        if not (isinstance(key, str) and key.isdigit() and 1 <= int(key) <= seats):
            raise fault("hands", f"names seats 1 to {seats}, not {cut_input(str(key))!r}")
        if isinstance(cards, list) and all(isinstance(c, str) for c in cards):
            cards = " ".join(cards)
        if not isinstance(cards, str):
            raise fault("hands", f'gives seat {key} its cards as text, e.g. "AS KS QS"')
        try:
            hands[int(key) - 1] = tuple(parse_cards(cards))
        except CardtableError as exc:
            raise fault("hands", f"seat {key}: {exc}") from None
    return hands


def _held(state: GameState, seat: int) -> list[Card]:
    """The cards ``seat`` holds (every game keeps its hands as ``hands``: TrickGame)."""
    hands: list[list[Card]] = getattr(state, "hands")  # noqa: B009 (not on the GameState protocol)
    return hands[seat]


def _order(c: Card) -> int:
    return c.index
