"""The conformance checks applied to every registered game (see test_conformance.py).

In the spirit of OpenSpiel's random-simulation test: play whole matches with random and
heuristic bots and check the protocol at every step.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable

from games.bots import make_bot
from games.core import Card, GameState, IllegalActionError, Record, SeatView, TrickGame, parse_card
from games.core.resample import DealPlan

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([SHDC])(?![A-Za-z0-9])")


def within_bound(state: GameState, steps: int, what: str = "the match") -> None:
    """A match past its game's declared bound (Rules.max_game_length, issue 29) is a failure
    naming its seed and options."""
    bound = state.rules.max_game_length(state.num_seats, state.options)
    assert steps <= bound, (
        f"{what} ({state.rules.name}, seed {state.seed}, {state.num_seats} seats, options "
        f"{state.options}) passed its declared bound of {bound} actions"
    )


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
            assert Counter(view.hand) == Counter(state.hands[seat]) or not view.hand, (
                "a view must show its own hand exactly"
            )
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
        _check_labels(state, view)
        _check_refusal(state, legal)


RULE_ID = re.compile(r"\b[A-Z]{2}-\d+\b")


def _check_labels(state: GameState, view: SeatView) -> None:
    """Every legal action has words of its own game: a card is named by itself, every other
    choice by the game's LABELS table or its own label() hook (never another game's words,
    never a rule ID); the view carries the same words."""
    own_hook = type(state).label is not GameState.label
    assert len(view.labels) == len(view.legal), "a view carries one label per legal action"
    for a, words in zip(view.legal, view.labels):
        assert words and words == state.label(a), f"{a.text}: the view's label differs from the game's"
        assert not RULE_ID.search(words), f"{a.text}: a rule ID on screen: {words!r}"
        if a.card is None:
            assert own_hook or a.text in type(state).LABELS, (
                f"{state.rules.name} gives no words of its own for {a.text!r} (LABELS or label())"
            )


def _check_refusal(state: GameState, legal) -> None:
    before = state.snapshot()
    candidates = [c.text for c in state.deck() if c.text not in {a.text for a in legal}]
    for bogus in [*candidates[:1], "frobnicate", ""]:
        try:
            state.apply(bogus)
        except IllegalActionError as exc:
            assert "not legal" in str(exc)
        else:
            raise AssertionError(f"{bogus!r} was accepted although it is not in the legal list")
    assert state.snapshot() == before, "a refused action must change nothing"


def play_match(
    rules, seats: int, seed: int, levels: list[str], full_every: int = 5, options: dict | None = None
) -> GameState:
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
        within_bound(state, steps)
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


# ---------------------------------------------------------------- possible worlds (issue 13)


def play_checking_worlds(
    rules, seats: int, seed: int, every: int = 5, options: dict | None = None, max_checks: int = 40
) -> int:
    """Play a random match and check ``resample`` every ``every`` steps, for the seat to act and
    one other seat, until the match ends or ``max_checks`` checks are made; a world from the
    first check and one from a later one are played to the end.  Returns the number of checks."""
    state = rules.new_game(seats, options, seed)
    pick = random.Random(seed)
    trail: list[
        tuple[int, int, object, GameState]
    ] = []  # this hand's steps: (hand, seat, action, state before)
    checks, steps = 0, 0
    while not state.is_over and checks < max_checks:
        hand = getattr(state, "hand_number", 0)
        trail = [t for t in trail if t[0] == hand]
        if steps % every == 0:
            for seat in {state.to_act, pick.randrange(seats)}:
                check_worlds(state, seat, trail, seed + steps, play_out=checks in (0, 12))
                checks += 1
        action = pick.choice(state.legal_actions())
        trail.append((hand, state.to_act, action, state.clone()))
        state.apply(action)
        steps += 1
        within_bound(state, steps)
    return checks


def check_worlds(state: GameState, seat: int, trail: list, seed: int, play_out: bool = False) -> None:
    """``resample(seat, rng)`` agrees with what the seat knows, holds together, depends only on
    the seat's information, and deals the hidden cards afresh."""
    plan = state.sampler(seat)
    for p in getattr(plan, "places", ()):  # what a search bot receives holds no hidden card
        assert Counter(p.read(plan.base)) == Counter(p.known), f"the plan keeps hidden cards in {p.attr}"
    worlds = [state.resample(seat, random.Random(seed * 7 + k)) for k in range(3)]
    for world in worlds:
        _check_world(state, seat, world, trail)
    if isinstance(plan, DealPlan):
        twin = _twin(state, plan, random.Random(seed))
    else:  # a game's own resample: a world is itself a state that differs only in hidden cards
        twin = worlds[1]
    for k in range(2):
        mine, theirs = state.resample(seat, random.Random(k)), twin.resample(seat, random.Random(k))
        assert theirs.snapshot() == mine.snapshot(), "a world must not depend on cards hidden from the seat"
        assert _start(theirs) == _start(mine), "a world's start of play must not depend on hidden cards"
    for world in worlds[:1]:
        _check_rewound(world, seat)
    if play_out:
        _play_to_end(worlds[0], random.Random(seed))


def _check_world(state: GameState, seat: int, world: GameState, trail: list) -> None:
    assert world is not state
    assert world.view(seat) == state.view(seat), "the seat must see the same table in every world"
    zones, real = world.zones(), state.zones()
    assert _sizes(zones, state.to_act) == _sizes(real, state.to_act), "zone sizes differ"
    for name in real:
        if name.startswith(("won", "trick")):
            assert Counter(zones[name]) == Counter(real[name]), f"public cards moved: {name}"
    assert Counter(c for v in zones.values() for c in v) == Counter(world.deck()), "cards not conserved"
    world.check_invariants()
    assert [a.text for a in world.legal_actions()] == [
        a.text for a in state.legal_actions()
    ] or seat != state.to_act
    _check_consistent_with_play(world, seat, trail)


def _sizes(zones: dict, to_act: int | None) -> dict[str, int]:
    """Zone sizes; a card another seat has staged (Simple Strange) counts with its hand, since
    a world may hand it back (which card and slot it was is hidden)."""
    sizes = {k: len(v) for k, v in zones.items()}
    if to_act is not None and "staged" in sizes:
        sizes[f"hand {to_act}"] += sizes.pop("staged")
    return sizes


def _check_consistent_with_play(world: GameState, seat: int, trail: list) -> None:
    """Every card another seat played this hand would have been legal from its hand in this
    world (its world hand plus the cards it played since): voids, must-head refusals..."""
    for i, (_, s, action, before) in enumerate(trail):
        if s == seat or action.card is None or action.kind != "play":
            continue
        later = [a for (_, t, a, _) in trail[i:] if t == s]
        if any(a.card is None or a.kind != "play" for a in later) or (
            trail and trail[-1][1] == s and world.to_act == s
        ):
            continue  # the hand changed by more than plays, or the seat is between two cards
        hyp = before.clone()
        hyp.hands[s] = list(world.hands[s]) + [a.card for a in later]
        assert action in hyp.legal_actions(), (
            f"seat {s} could not have played {action.text} from its world hand {sorted(c.text for c in hyp.hands[s])}"
        )


def _start(world: GameState):
    """What a world says of the start of the hand's card play (issue 34), as a snapshot."""
    rewound = world.rewound() if isinstance(world, TrickGame) else None
    return None if rewound is None else rewound.snapshot()


def _check_rewound(world: GameState, seat: int) -> None:
    """A world rewound to the start of its hand's card play holds the seat's own hand and, with
    the plays since made again, comes back to the world's hands and trick."""
    if not isinstance(world, TrickGame):
        return
    start = world.rewound()
    if start is None:
        return
    plays = world.plays_since(start)
    assert plays is not None
    for s, c in plays:
        assert start.to_act == s, f"the start of play has seat {start.to_act} to act, not {s}"
        start.apply(c.text)
    assert [Counter(h) for h in start.hands] == [Counter(h) for h in world.hands]
    assert start.trick_cards() == world.trick_cards()


def _twin(state: GameState, plan, rng: random.Random) -> GameState:
    """The true state with two hidden cards swapped between two hidden places (a state that
    differs only in cards hidden from the seat)."""
    twin = state.clone()
    hidden = [p for p in plan.places if p.free]
    if len(hidden) < 2:
        return twin
    a, b = rng.sample(hidden, 2)
    la, lb = list(a.read(twin)), list(b.read(twin))  # written back whole: a pile may be shared with clones
    ia = rng.choice([i for i, c in enumerate(la) if c not in a.known])
    ib = rng.choice([i for i, c in enumerate(lb) if c not in b.known])
    swap = {la[ia]: lb[ib], lb[ib]: la[ia]}
    la[ia], lb[ib] = lb[ib], la[ia]
    a.write(twin, la)
    b.write(twin, lb)
    start = getattr(twin, "play_start", None)
    if start is not None:  # the same two cards were in the same places when the play began
        start = start.clone()
        for p in (a, b):
            p.write(start, [swap.get(c, c) for c in p.read(start)])
        twin.play_start = start
    return twin


def _play_to_end(world: GameState, rng: random.Random) -> None:
    steps = 0
    while not world.is_over:
        legal = world.legal_actions()
        assert legal, "a world must always offer a legal action"
        world.apply(rng.choice(legal))
        deck, zones = Counter(world.deck()), Counter(c for v in world.zones().values() for c in v)
        assert zones == deck, "cards not conserved in a world"
        world.check_invariants()
        steps += 1
        within_bound(world, max(steps, len(world.history)), "a world's match")


def worlds_differ(state: GameState, seat: int, tries: int = 4) -> bool:
    """Whether some of a few worlds deal the other hands differently from the true state."""
    real = [Counter(h) for s, h in enumerate(state.hands) if s != seat]
    return any(
        [Counter(h) for s, h in enumerate(w.hands) if s != seat] != real
        for w in (state.resample(seat, random.Random(k)) for k in range(tries))
    )
