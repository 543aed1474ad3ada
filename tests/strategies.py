"""Hypothesis strategies shared by the property-based tests (issue 30, point 7): JSON values of every
kind, and one drawn mutation of a valid document (a value replaced, a key dropped, anywhere in it)."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import strategies as st

from games import game_names, get_rules

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([-1, 0, 2**63, -(2**70)])
    | st.integers(0, 2).map(lambda k: 10**5000 + k)  # past Python's 4300-digit limit for int <-> text
    | st.floats(allow_nan=False)
    | st.text(max_size=24)
    | st.sampled_from(["", "none", "QS", "10H", "pass", "bid 3", "\ud800", "\x00", "é" * 300])
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=16,
)


def mutate(doc: Any, data: st.DataObject) -> Any:
    """A deep copy of ``doc`` with one place changed as ``data`` draws it: a value replaced by any
    JSON value, a key dropped, or an item added to a list."""
    doc = copy.deepcopy(doc)
    if not isinstance(doc, (dict, list)) or not doc:
        return data.draw(json_values)
    node = doc
    while True:
        key = (
            data.draw(st.sampled_from(sorted(node)))
            if isinstance(node, dict)
            else data.draw(st.integers(0, len(node) - 1))
        )
        child = node[key]
        if isinstance(child, (dict, list)) and child and data.draw(st.booleans()):
            node = child
            continue
        how = data.draw(st.sampled_from(["replace", "drop", "grow"]))
        if how == "drop" and isinstance(node, dict):
            del node[key]
        elif how == "grow" and isinstance(child, list):
            child.append(data.draw(json_values))
        else:
            node[key] = data.draw(json_values)
        return doc


def games_under_way(seed: int, moves: int) -> list:
    """One state of every game, ``moves`` random legal moves in (fewer if it ends first)."""
    out = []
    for name in game_names():
        rules = get_rules(name)
        state = rules.new_game(max(rules.default_seats, rules.min_seats), None, seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out
