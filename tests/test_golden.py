"""Golden matches (issue 31): "same matches, seed for seed" held by a test.

Each file in tests/golden/ is one bot match, replayed here action for action with its final
scores.  A change that should alter play refreshes them on purpose:
``python tools/golden.py --update [GAME or FILE ...]`` (see tools/golden.py).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from games import game_names
from tools.golden import HOW_TO_UPDATE, check, differences, files, load, play

FILES = files()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_golden_match_replays_action_for_action(path):
    found = check(path)
    assert not found, "\n".join([*found, HOW_TO_UPDATE.format(name=path.name)])


def test_every_game_has_a_golden_match():
    have = {json.loads(p.read_text())["game"] for p in FILES}
    assert set(game_names()) <= have, "record one: python tools/golden.py --update"


def test_a_changed_action_or_score_is_reported_by_file_game_and_place():
    path = next(p for p in FILES if p.name == "rams.json")
    recorded = load(path)
    played, state = play(recorded)
    assert differences(path, recorded, played, state) == []

    hands = [list(h) for h in recorded.hands]
    old = hands[1][2]
    hands[1][2] = "pass" if old != "pass" else "play"
    changed = replace(recorded, hands=tuple(map(tuple, hands)))
    (found,) = differences(path, changed, played, state)
    at = len(hands[0]) + 3
    assert found.startswith(f"rams.json (rams, levels normal,random,easy,normal, seed 1): action {at} of ")
    assert f"(hand 2, move 3) differs: the record has {hands[1][2]!r}, seat " in found
    assert f"played {old!r}" in found

    shorter = replace(recorded, hands=recorded.hands[:-1], scores=(0.0,) * 4)
    found = differences(path, shorter, played, state)
    assert "the record has" in found[0] and "then the replay goes on with" in found[0]
    assert "final scores differ" in found[1]
