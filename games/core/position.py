"""Positions set out by hand: the cards some seats were dealt, and the actions since.

A record (games.core.record) replays a match from its seed; a player or a teacher who wants to
ask the bots about a hand of their own needs to choose the cards instead.  A position file is
JSON that a person writes (no digest)::

    {"format": "cardtable-position", "game": "pepper",
     "hands": {"1": "JH JD AH KH 9S AC"},
     "actions": ["bid 3", "pass", "pass", "pass"]}

``seats``, ``options`` and ``seed`` are optional (the game's usual table, its defaults, 0);
``hands`` gives the first hand's cards of any seats (numbered from 1, as the table names them);
``up`` the cards turned up at the deal, in games that turn some up (Bacon's and Rams' up-card,
Simple Strange's two); ``dealer`` the seat that deals the first hand: the match is then the one
of the first seed from ``seed`` on at which that seat deals.  Every other card falls where the
seed puts it (drawn from a stream of its own, so the cards around a hand do not follow the
dealer), and later hands are the seed's.

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
from .words import plural

if TYPE_CHECKING:
    from .state import GameState, Rules

FORMAT = "cardtable-position"
DEALER_SEEDS = 1000  # the seeds searched for one at which the position's dealer deals


@dataclass(frozen=True)
class Position:
    game: str
    seats: int
    options: dict[str, Any]
    seed: int
    hands: dict[int, tuple[Card, ...]]
    actions: tuple[str, ...]
    names: tuple[str, ...] = field(default=())
    #: the cards turned up at the first deal (none named: the seed's)
    up: tuple[Card, ...] = ()
    #: the seat that deals the first hand (None: the seed's)
    dealer: int | None = None

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
        up = _cards(doc.get("up", ""), lambda problem: fault("up", problem))
        dealer = doc.get("dealer")
        if dealer is not None and not (
            isinstance(dealer, int) and not isinstance(dealer, bool) and 1 <= dealer <= seats
        ):
            raise fault("dealer", f"names the seat that deals, 1 to {seats}")
        return cls(
            rules.name,
            seats,
            dict(options),
            seed,
            hands,
            tuple(actions),
            up=up,
            dealer=None if dealer is None else dealer - 1,
        )

    # -- the match ---------------------------------------------------------
    def start(self) -> GameState:
        """The match with the named seats dealt their cards (at the first deal)."""
        rules = find_rules(self.game)
        seed = self._seed(rules)
        pack = list(rules.new_game(self.seats, self.options, seed).deck())
        # (a card turned up may also be in a hand, Bourré's: counted once here, exactly below)
        _check_pack(
            rules, Counter(c for cards in self.hands.values() for c in cards) | Counter(self.up), pack
        )
        probe, place = self._probe(rules, pack, seed)
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
        self._turn_up(rules, probe, place, order)
        wanted = Counter(c for c in order if c is not None)
        _check_pack(rules, wanted, pack)
        rest = list((Counter(pack) - wanted).elements())
        random.Random(f"cardtable-position {seed}").shuffle(rest)  # not the match's own stream
        it = iter(rest)
        stacked = [c if c is not None else next(it) for c in order]
        state = self._dealt(rules, stacked, seed)
        for seat, cards in self.hands.items():
            if Counter(_held(state, seat)) != Counter(cards):  # a deal that is not the pack's order
                raise BadRecordError(f"{rules.title} cannot be dealt by hand this way (seat {seat + 1})")
        if self.up and Counter(_up(state)) != Counter(self.up):
            raise BadRecordError(f"{rules.title} cannot turn up {cards_text(self.up)} this way")
        return state

    def _seed(self, rules: Rules) -> int:
        """The match's seed: the position's, or with a ``dealer`` the first from it on at which
        that seat deals the first hand (the dealer is the seed's draw in every game)."""
        if self.dealer is None:
            return self.seed
        for seed in range(self.seed, self.seed + DEALER_SEEDS):
            if getattr(rules.new_game(self.seats, self.options, seed), "dealer", None) == self.dealer:
                return seed
        raise BadRecordError(
            f"seat {self.dealer + 1} deals at none of seeds {self.seed} to {self.seed + DEALER_SEEDS - 1}"
        )

    def _turn_up(
        self, rules: Rules, probe: GameState, place: dict[int, int], order: list[Card | None]
    ) -> None:
        """Put the cards of ``up`` in the places the deal turns up.  Where the turned-up card
        stays in a hand (Bourré's, the dealer's last), it must be one of the cards given for that
        hand, and it is moved to the place turned up."""
        if not self.up:
            return
        places = [place[id(c)] for c in _up(probe)]
        if len(places) != len(self.up):
            turned = plural(len(places), "card") if places else "no card"
            raise BadRecordError(
                f"{rules.title} turns up {turned} at its deal with these options, not {len(self.up)}"
            )
        for at, card in zip(places, self.up):
            if order[at] is None or order[at] is card:
                order[at] = card
                continue
            seat = next(s for s in self.hands if at in {place[id(c)] for c in _held(probe, s)})
            mine = [place[id(c)] for c in _held(probe, seat)]
            other = next((p for p in mine if order[p] is card), None)
            if other is None:
                raise BadRecordError(
                    f"the card turned up in {rules.title} stays in seat {seat + 1}'s hand: "
                    f"give {card} among that seat's cards"
                )
            order[at], order[other] = card, order[at]

    def _probe(self, rules: Rules, pack: list[Card], seed: int) -> tuple[GameState, dict[int, int]]:
        """The match dealt from copies of the pack's cards in a known order (a copy is the card in
        all but identity, so each card dealt names its place, even in a game of two packs), and
        the place of each copy by its identity.  A game whose deal needs the cards themselves
        is probed with them (a card of two packs then names the first of its places)."""
        marked = [Card(c.suit, c.rank, c.text, c.index) for c in pack]
        try:
            return self._dealt(rules, marked, seed), {id(c): i for i, c in enumerate(marked)}
        except BadRecordError:
            raise
        except Exception:  # any fault of the copies: probe with the cards themselves
            return self._dealt(rules, pack, seed), {id(c): pack.index(c) for c in pack}

    def _dealt(self, rules: Rules, pack: Sequence[Card], seed: int) -> GameState:
        """The match with the pack stacked in this order, played on from the position's actions
        until its first hand is dealt (at once in most games)."""
        state = rules.new_game(self.seats, self.options, seed, first_pack=pack)
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


def _check_pack(rules: Rules, wanted: Counter[Card], pack: list[Card]) -> None:
    """BadRecordError where the cards asked for are not all in the game's pack."""
    missing = wanted - Counter(pack)
    if missing:
        extra = sorted(missing.elements(), key=_order)
        named = cards_text(extra[:12]) + (f" and {len(extra) - 12} more" if len(extra) > 12 else "")
        raise BadRecordError(f"{rules.title} has no {named} to deal (or not as many): check the hands")


def _cards(raw: Any, fault: Any) -> tuple[Card, ...]:
    """Cards as text (``"AS KS"``) or a list of cards' texts, checked."""
    if isinstance(raw, list) and all(isinstance(c, str) for c in raw):
        raw = " ".join(raw)
    if not isinstance(raw, str):
        raise fault('gives cards as text, e.g. "9H"')
    try:
        return tuple(parse_cards(raw)) if raw.strip() else ()
    except CardtableError as exc:
        raise fault(str(exc)) from None


def _up(state: GameState) -> tuple[Card, ...]:
    """The cards turned up on the table (TrickGame's ``up_cards``; none in other states)."""
    return tuple(getattr(state, "up_cards", ()))


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
