"""The conformance suite: every registered game, every seat count, many seeds, random and
heuristic bots (see tests/conformance.py for what is checked at each step)."""

from __future__ import annotations

import pytest

from games import all_rules
from games.bots import heuristic_of
from games.core import BadOptionError
from tests.conformance import play_checking_worlds, play_match, worlds_differ

CASES = [(r, n) for r in all_rules() for n in range(r.min_seats, r.max_seats + 1)]
SEEDS = range(6)


@pytest.mark.parametrize("rules,seats", CASES, ids=[f"{r.name}-{n}" for r, n in CASES])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_matches_obey_the_protocol(rules, seats, seed):
    play_match(rules, seats, seed, ["random"])


@pytest.mark.parametrize("rules,seats", CASES, ids=[f"{r.name}-{n}" for r, n in CASES])
@pytest.mark.parametrize("seed", range(2))
def test_heuristic_matches_obey_the_protocol(rules, seats, seed):
    assert heuristic_of(rules.name) is not None, f"{rules.name} needs a heuristic bot"
    play_match(rules, seats, 1000 + seed, ["heuristic", "random"])


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.name)
def test_clone_is_independent(rules):
    state = rules.new_game(rules.default_seats, None, 7)
    twin = state.clone()
    before = twin.snapshot()
    state.apply(state.legal_actions()[-1])
    assert twin.snapshot() == before
    twin.apply(twin.legal_actions()[-1])
    assert twin.snapshot() == state.snapshot()


def _variants(rules):
    """Each non-default value of every option: the other bool, every other choice, the bounds."""
    for opt in rules.options:
        if isinstance(opt.default, bool):
            values = [not opt.default]
        elif opt.choices:
            values = [c for c in opt.choices if c != opt.default]
        elif isinstance(opt.default, int):
            values = [v for v in (opt.minimum, opt.maximum) if v is not None and v != opt.default]
        else:
            values = []
        for value in values:
            yield rules, opt.name, value


VARIANTS = [v for r in all_rules() for v in _variants(r)]


@pytest.mark.parametrize("rules,name,value", VARIANTS, ids=[f"{r.name}-{n}={v}" for r, n, v in VARIANTS])
def test_every_option_variant_conforms(rules, name, value):
    """Each option value on its own still gives a complete match that passes every check
    (legal lists, refusals, card conservation, no leaks, replay).  Values that cannot fit the
    default seat count (e.g. a deal too large) must be refused with a clear message instead."""
    try:
        rules.new_game(rules.default_seats, {name: value}, 3)
    except BadOptionError as exc:
        assert name in str(exc) or "players" in str(exc)
        return
    play_match(rules, rules.default_seats, 3, ["heuristic", "random"], full_every=17, options={name: value})


@pytest.mark.parametrize("rules,seats", CASES, ids=[f"{r.name}-{n}" for r, n in CASES])
def test_possible_worlds_agree_with_what_the_seat_knows(rules, seats):
    """resample(seat, rng) (issue 13): the seat's view is unchanged, zone sizes and public
    cards are kept, cards are conserved, every play of this hand stays legal from the world's
    hands (voids, must-head refusals), worlds play on to a legal end, and two states that
    differ only in cards hidden from the seat give identical worlds for the same seed."""
    assert play_checking_worlds(rules, seats, 5, every=max(3, 40 // seats)) > 0


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.name)
def test_possible_worlds_deal_the_hidden_cards_again(rules):
    """Early in a match, the worlds of the seat to act deal the other hands differently from
    the true deal."""
    state = rules.new_game(rules.default_seats, None, 3)
    for _ in range(60):
        if worlds_differ(state, state.to_act):
            return
        state.apply(state.legal_actions()[0])
    raise AssertionError("no world dealt the other hands differently in the first 60 steps")
