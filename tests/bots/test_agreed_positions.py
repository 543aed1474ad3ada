"""Positions where good players agree on the move (issue 34: reviewers ask each level there).

Each file of tests/positions/ is a deal set out by hand with the move good players agree on and
why (tools/agreed.py prints every level's answers).  Every level from ``normal`` up plays the
agreed move, but the levels the file lists in ``fails``: those are expected to miss it, strictly,
so a level that learns the move fails the test until its file says so."""

from __future__ import annotations

import pytest

from tools.agreed import LEVELS, Agreed, files

FILES = files([])


def test_there_are_agreed_positions_for_every_game():
    from games import game_names

    have = {path.name.split("-")[0] for path in FILES}
    assert set(game_names()) <= have


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_level_plays_the_agreed_move(path, level, request):
    case = Agreed.load(path)
    assert set(case.fails) <= set(LEVELS), f"{path.name}: 'fails' names levels {', '.join(LEVELS)}"
    if level in case.fails:
        request.applymarker(pytest.mark.xfail(reason=case.fails[level], strict=True))
    move = case.answer(level)
    assert move in case.agreed, (
        f"{level} plays {move}, where {' or '.join(case.agreed)} is agreed: {case.why}"
    )
