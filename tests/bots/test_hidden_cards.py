"""What a search bot's possible worlds hide (issue 34, point 1): a bot that sees hidden cards
cheats, and one that misplaces them plays worse than it should.

Every game, every seat count, a random match checked every few steps for every seat:
- every card the seat has not seen this hand (in its hand or anything its view shows) is dealt again
  in the plan's pool, unless the seat knows where it is (a place's known cards: Piquet's
  declared sequences); the undealt cards (a stock, a talon, the cards left out) included;
- no card the seat holds or saw played this hand is in the pool (it cannot be dealt somewhere
  hidden);
- the world does not depend on the match seed, from which the whole deal follows: a state
  that differs only in its seed gives the same worlds.

The last check failed on Agram's and Sedma's own samplers (their worlds kept the true seed,
the record of actions and every event); Cucumber's and Page One's resample (worlds copied the
true state's seed)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from games import all_rules
from games.core.resample import DealPlan
from tests.conformance import view_mentions

CASES = [(r, n) for r in all_rules() for n in range(r.min_seats, r.max_seats + 1)]


def _this_hand(view):
    """Every card the view shows this hand (the record of earlier hands left out: those cards
    were dealt again since)."""
    events = tuple(e for e in view.events if e.hand == view.hand_number)
    return set(view.hand) | view_mentions(replace(view, events=events, last_trick=None))


def _check(state, seat: int, seen: set, deck: Counter, k: int) -> None:
    view = state.view(seat)
    played = [c for e in view.events if e.hand == view.hand_number and e.kind == "play" for c in e.cards]
    now = Counter(view.hand) + Counter(played)
    plan = state.sampler(seat)
    if isinstance(plan, DealPlan):
        unseen = {c for c, n in deck.items() if n == 1} - seen
        known = {c for p in plan.places for c in p.known}
        lost = unseen - set(plan.pool) - known
        assert not lost, f"seat {seat}: unseen cards kept where they are: {sorted(c.text for c in lost)}"
        shown = Counter(plan.pool) + now - deck
        assert not +shown, f"seat {seat}: cards it sees dealt as hidden: {sorted(c.text for c in shown)}"
    twin = state.clone()
    twin.seed = state.seed + 1
    assert (
        twin.resample(seat, random.Random(k)).snapshot() == state.resample(seat, random.Random(k)).snapshot()
    ), f"seat {seat}: a world depends on the match seed"


@pytest.mark.parametrize("rules,seats", CASES, ids=[f"{r.name}-{n}" for r, n in CASES])
def test_worlds_deal_again_every_card_the_seat_cannot_see_and_nothing_else(rules, seats):
    state = rules.new_game(seats, dict(rules.random_play_options), 11)
    pick = random.Random(11)
    deck = Counter(state.deck())
    seen: list[set] = [set() for _ in range(seats)]
    hand = None
    every = max(2, 24 // seats)
    for step in range(240):
        if state.is_over:
            break
        if state.hand_number != hand:
            hand, seen = state.hand_number, [set() for _ in range(seats)]
        for s in range(seats):
            seen[s] |= _this_hand(state.view(s))
        if step % every == 0:
            for s in range(seats):
                _check(state, s, seen[s], deck, step)
        state.apply(pick.choice(state.legal_actions()))
