"""clone() (games.core.clone): the clone a class's copy plan writes out copies what the plan
declares, shares nothing mutable, and a subclass that declares no plan is copied generically."""

from __future__ import annotations

import random

from games.core import DEEP, LIST, LISTS, SHARED
from games.core.clone import Cloning, MatchRandom


class Planned(Cloning):
    _COPY = {"flat": LIST, "nested": LISTS, "deep": DEEP, "shared": SHARED}

    def __init__(self) -> None:
        self._rng = random.Random(5)
        self.flat = [1, 2]
        self.nested = [[1], [2, 3]]
        self.deep = {"a": [1], "b": {2}}
        self.shared = (9,)
        self.count = 3
        self._legal_cache = ["cached"]
        self._legal_index = {"x": 1}


class Unplanned(Planned):
    """Declares no _COPY of its own: the generic copy, which needs no declaration."""

    def __init__(self) -> None:
        super().__init__()
        self.extra = [[4]]


def test_a_planned_clone_copies_every_declared_container_and_drops_the_legal_cache():
    state = Planned()
    twin = state.clone()
    assert type(twin) is Planned
    twin.flat.append(3)
    twin.nested[1].append(4)
    twin.nested.append([])
    twin.deep["a"].append(2)
    twin.deep["b"].add(3)
    assert (state.flat, state.nested, state.deep) == ([1, 2], [[1], [2, 3]], {"a": [1], "b": {2}})
    assert twin.shared is state.shared and twin.count == 3
    assert twin._legal_cache is None and twin._legal_index is None
    assert state._legal_cache == ["cached"]


def test_a_clone_draws_the_same_random_numbers_as_its_original():
    state = Planned()
    twin = state.clone()
    assert [twin.rng.random() for _ in range(3)] == [state.rng.random() for _ in range(3)]


def test_a_subclass_without_a_plan_of_its_own_is_copied_generically():
    state = Unplanned()
    twin = state.clone()
    assert type(twin) is Unplanned
    twin.extra[0].append(5)  # undeclared: the generic copy copies nested lists too
    twin.nested[0].append(7)
    assert state.extra == [[4]] and state.nested == [[1], [2, 3]]
    assert twin._legal_cache is None


def test_the_match_random_shuffles_exactly_as_random_does():
    """MatchRandom.shuffle (no call per card) gives Random.shuffle's order and leaves its state,
    so every deal is the same as before, seed for seed (on a Python whose Random shuffles
    otherwise the class keeps Random's own; on ours the quick one is in use)."""
    assert "shuffle" in MatchRandom.__dict__
    for seed in range(20):
        for size in (0, 1, 2, 5, 32, 52, 53, 104):
            ours, theirs = MatchRandom(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            ours.shuffle(a)
            theirs.shuffle(b)
            assert a == b
            assert ours.getstate() == theirs.getstate()


def test_a_state_and_its_clones_draw_from_a_match_random():
    from games import get_rules

    state = get_rules("rams").new_game(4, None, 3)
    twin = state.clone()
    assert type(state.rng) is MatchRandom and type(twin.rng) is MatchRandom
    assert twin.rng.getstate() == state.rng.getstate()
