"""The conformance checks applied to every registered game (see test_conformance.py).

In the spirit of OpenSpiel's random-simulation test: play whole matches with random and
heuristic bots and check the protocol at every step.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from games.bots import make_bot
from games.core import Card, GameState, IllegalActionError, Record, SeatView, parse_card

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([SHDC])(?![A-Za-z0-9])")
MAX_STEPS = 200_000


def mentioned_cards(obj, seen: set[int] | None = None) -> Iterable[Card]:
    """Every card a value mentions: Card objects anywhere inside it, and card notation in text."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    if isinstance(obj, Card):
        yield obj
    elif isinstance(obj, str):
        for m in CARD_TOKEN.finditer(obj):
            yield parse_card(m.group(0))
    elif isinstance(obj, dict):
        seen.add(id(obj))
        for k, v in obj.items():
            yield from mentioned_cards(k, seen)
            yield from mentioned_cards(v, seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        seen.add(id(obj))
        for v in obj:
            yield from mentioned_cards(v, seen)
    elif hasattr(obj, "__dataclass_fields__"):
        seen.add(id(obj))
        for name in obj.__dataclass_fields__:
            yield from mentioned_cards(getattr(obj, name), seen)
    elif hasattr(obj, "text") and hasattr(obj, "kind"):  # an Action
        yield from mentioned_cards(obj.text, seen)


def view_mentions(view: SeatView) -> set[Card]:
    """Cards a view mentions outside the seat's own hand."""
    fields = {k: getattr(view, k) for k in view.__dataclass_fields__ if k not in ("hand", "legal")}
    return set(mentioned_cards(fields))


class LeakWatch:
    """Tracks what each seat has legitimately seen, and flags a view that shows more."""

    def __init__(self, state: GameState) -> None:
        self.own = [set() for _ in range(state.num_seats)]
        self.public: set[Card] = set()

    def check(self, state: GameState) -> None:
        self.public |= view_mentions(state.view(None))
        for seat in range(state.num_seats):
            view = state.view(seat)
            assert view.seat == seat
            # A view shows its own hand exactly, or (before a blind bid) not at all.
            assert Counter(view.hand) == Counter(state.hands[seat]) or not view.hand, \
                "a view must show its own hand exactly"
            self.own[seat] |= set(view.hand)
            others = {c for s, h in enumerate(state.hands) if s != seat for c in h}
            leaked = (view_mentions(view) & others) - self.own[seat] - self.public
            assert not leaked, f"seat {seat}'s view shows hidden cards {sorted(c.text for c in leaked)}"


def check_step(state: GameState, full: bool) -> None:
    legal = state.legal_actions()
    assert legal, "the player to act must have at least one legal action"
    texts = [a.text for a in legal]
    assert len(set(texts)) == len(texts), f"duplicate legal actions: {texts}"
    assert texts == [a.text for a in state.clone().legal_actions()], "legal actions must be deterministic"
    view = state.view(state.to_act)
    assert [a.text for a in view.legal] == texts, "the view of the seat to act lists its legal actions"
    for other in range(state.num_seats):
        if other != state.to_act:
            assert not state.view(other).legal, "only the seat to act sees legal actions"
    deck = Counter(state.deck())
    zones = Counter(c for cards in state.zones().values() for c in cards)
    assert zones == deck, f"cards not conserved: extra {zones - deck}, missing {deck - zones}"
    state.check_invariants()
    if full:
        _check_refusal(state, legal)


def _check_refusal(state: GameState, legal) -> None:
    before = state.snapshot()
    candidates = [c.text for c in state.deck() if c.text not in {a.text for a in legal}]
    for bogus in candidates[:1] + ["frobnicate", ""]:
        try:
            state.apply(bogus)
        except IllegalActionError as exc:
            assert "not legal" in str(exc)
        else:
            raise AssertionError(f"{bogus!r} was accepted although it is not in the legal list")
    assert state.snapshot() == before, "a refused action must change nothing"


def play_match(rules, seats: int, seed: int, levels: list[str], full_every: int = 5,
               options: dict | None = None) -> GameState:
    """Play one match with bots, checking the protocol; returns the final state.

    Every step gets the cheap checks; every ``full_every``-th step (and the first 30) also the
    refusal and leak checks; the record must replay to the same state at the end and midway."""
    state = rules.new_game(seats, options, seed)
    bots = [make_bot(levels[i % len(levels)], rules.name, seed * 31 + i) for i in range(seats)]
    watch = LeakWatch(state)
    steps = 0
    midpoints = {}
    while not state.is_over:
        full = steps % full_every == 0
        check_step(state, full)
        if full or steps < 30:
            watch.check(state)
        if steps in (7, 50, 300):
            midpoints[steps] = state.snapshot()
        seat = state.to_act
        action = bots[seat].choose(state.view(seat), list(state.legal_actions()))
        state.apply(action)
        steps += 1
        assert steps < MAX_STEPS, "the match does not end"
    watch.check(state)
    out = state.outcome()
    assert out is not None and state.to_act is None and state.legal_actions() == []
    assert len(out.scores) == seats and out.winners and all(0 <= w < seats for w in out.winners)
    assert out.reason
    state.check_invariants()
    record = Record.from_json(state.record().to_json())
    assert record.replay().snapshot() == state.snapshot(), "replaying the record must rebuild the same state"
    for step, snap in midpoints.items():
        assert record.replay(step).snapshot() == snap
    return state
