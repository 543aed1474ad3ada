"""The CI soak (issue 11): SOAK_MATCHES whole matches of every registered game, each checked at
every step (legal actions non-empty and unique, every card in one place, the game's invariants
such as counters or score sheets adding up) and replayed from its record at the end; every
FULL_EVERY-th match also gets the conformance suite's leak and refusal checks at every step.

Most matches use short-match options (tools/soak.py ``SHORT``: e.g. Trump Suit to 100, Contract
Grid to a cap of 30, Rams and Bourré over 3 hands) so that a thousand whole matches per game fit
in the suite's time; one in 25 plays the defaults.  ``python tools/soak.py GAME --matches N``
runs the same soak at scale, in parallel.
"""

from __future__ import annotations

import pytest

from games import all_rules
from tools.soak import DEFAULTS_EVERY, plan, run_batch

SOAK_MATCHES = 1000  # whole matches per game in every CI run
FULL_EVERY = 50  # every FULL_EVERY-th match also gets the full leak and refusal checks
CHUNKS = 4  # each game's soak is split so that pytest -n spreads it over the workers

CASES = [(r.name, k) for r in all_rules() for k in range(CHUNKS)]


@pytest.mark.parametrize("game,chunk", CASES, ids=[f"{g}-{k + 1}of{CHUNKS}" for g, k in CASES])
def test_soak(game, chunk):
    size = SOAK_MATCHES // CHUNKS
    start = chunk * size
    stop = SOAK_MATCHES if chunk == CHUNKS - 1 else start + size
    tally = run_batch((game, start, stop, 0, FULL_EVERY))
    assert tally.matches == stop - start and tally.steps > tally.matches
    assert tally.full == sum(1 for i in range(start, stop) if i % FULL_EVERY == 0)
    assert not tally.failures, "\n".join(tally.failures[:10])


def test_the_soak_plan_varies_seats_bots_and_options():
    """The matches are not all alike: every seat count, heuristic bots, short and default options."""
    for rules in all_rules():
        plans = [plan(rules, i, 0, FULL_EVERY) for i in range(100)]
        assert {p.seats for p in plans} == set(range(rules.min_seats, rules.max_seats + 1))
        assert any("heuristic" in p.levels for p in plans) and any(p.full for p in plans)
        assert any(p.options == {} for p in plans[:DEFAULTS_EVERY])
        assert len({p.seed for p in plans}) == 100


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_soak_tool_prints_what_it_checked(capsys, jobs):
    from tools.soak import main

    assert main(["Tricks'N'Trumps", "--matches", "6", "--jobs", str(jobs), "--full-every", "3"]) == 0
    out = capsys.readouterr().out
    assert "tricks_n_trumps: 6 matches, 470 steps, 2 with full leak and refusal checks, 0 failures" in out
    assert main(["no_such_game"]) == 2


def test_a_match_past_its_declared_bound_is_a_failure_naming_its_seed(monkeypatch):
    """Issue 29: the soak counts a match longer than its game's declared bound as a failure with
    the seed that reproduces it (it used to stop quietly after 200,000 steps)."""
    from games.agram import RULES

    monkeypatch.setattr(type(RULES), "max_game_length", lambda self, seats, options: 3)
    tally = run_batch(("agram", 0, 2, 70, 50))
    assert tally.matches == 2 and len(tally.failures) == 2
    assert "agram seed=70 seats=2" in tally.failures[0]
    assert "the match passed its declared bound of 3 actions" in tally.failures[0]


def test_the_soak_can_seat_one_level_everywhere_at_one_seat_count_and_the_defaults():
    from games.page_one import RULES

    plans = [plan(RULES, i, 0, 50, seats=2, bots="normal", defaults=True) for i in range(30)]
    assert {p.seats for p in plans} == {2} and {p.levels for p in plans} == {("normal", "normal")}
    assert all(p.options == {} for p in plans)
    tally = run_batch(("page_one", 0, 4, 2500020, 50, {"seats": 2, "bots": "normal", "defaults": True}))
    assert tally.matches == 4 and not tally.failures  # seed 2500001: a draw by repetition


def test_whole_matches_at_the_defaults_seat_heuristic_bots():
    """Random players never end some games at their defaults (Pepper's sinking scores, PE-9)."""
    from games.pepper import RULES

    p = plan(RULES, DEFAULTS_EVERY - 1)
    assert p.options == {} and set(p.levels) == {"heuristic"}
