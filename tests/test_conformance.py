"""The conformance suite: every registered game, every seat count, many seeds, random and
heuristic bots (see tests/conformance.py for what is checked at each step)."""

from __future__ import annotations

import pytest

from games import all_rules
from games.bots import _HEURISTICS
from tests.conformance import play_match

CASES = [(r, n) for r in all_rules() for n in range(r.min_seats, r.max_seats + 1)]
SEEDS = range(6)


@pytest.mark.parametrize("rules,seats", CASES, ids=[f"{r.name}-{n}" for r, n in CASES])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_matches_obey_the_protocol(rules, seats, seed):
    play_match(rules, seats, seed, ["random"])


@pytest.mark.parametrize("rules,seats", CASES, ids=[f"{r.name}-{n}" for r, n in CASES])
@pytest.mark.parametrize("seed", range(2))
def test_heuristic_matches_obey_the_protocol(rules, seats, seed):
    assert rules.name in _HEURISTICS, f"{rules.name} needs a heuristic bot"
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


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.name)
def test_every_option_variant_plays_to_the_end(rules):
    """Each non-default value of every option (first and last choice or bound) still gives a
    complete, conforming match."""
    from games.core import BadOptionError

    for opt in rules.options:
        values = []
        if isinstance(opt.default, bool):
            values = [not opt.default]
        elif opt.choices:
            values = [c for c in opt.choices if c != opt.default]
        elif isinstance(opt.default, int):
            values = [v for v in (opt.minimum, opt.maximum) if v is not None and v != opt.default]
        for value in values[:3]:
            try:
                state = rules.new_game(rules.default_seats, {opt.name: value}, 3)
            except BadOptionError:
                continue  # an extreme value may not fit the default seat count; that is checked elsewhere
            state.options  # noqa: B018
            from tests.conformance import LeakWatch, check_step
            from games.bots import make_bot
            bots = [make_bot("heuristic", rules.name, i) for i in range(state.num_seats)]
            steps = 0
            while not state.is_over and steps < 20_000:
                if steps % 11 == 0:
                    check_step(state, full=False)
                s = state.to_act
                state.apply(bots[s].choose(state.view(s), state.legal_actions()))
                steps += 1
            assert state.is_over, f"{rules.name} with {opt.name}={value} did not finish in 20000 steps"
