"""A panel that shows some of its game's scoreboard lines itself names them by their keys
(``HIDES_INFO``); every such key must be a key the game really puts in its view's ``info``, so a
renamed line can never silently show twice or vanish (issue 22, point 4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games
from cardtable.tui.panels import panel_for, panel_games

ROOT = Path(games.__file__).resolve().parent
SHARED = ("core/potgame.py", "core/trickgame.py")  # info lines the shared bases add


def _info_keys(game: str) -> set[str]:
    """Every stable key the game's code gives an info line: ``InfoLine("pot", "Pot", value)``."""
    text = "".join(p.read_text() for p in (ROOT / game).glob("*.py"))
    text += "".join((ROOT / s).read_text() for s in SHARED)
    return set(re.findall(r'InfoLine\(\s*f?"([a-z_0-9]+)"', text))


@pytest.mark.parametrize("game", panel_games())
def test_every_key_a_panel_hides_is_an_info_line_of_its_game(game):
    panel = panel_for(game)
    hidden = panel.HIDES_INFO if panel is not None else frozenset()
    if isinstance(hidden, bool):
        pytest.skip("this panel shows every info line itself (or none)")
    missing = sorted(set(hidden) - _info_keys(game))
    assert not missing, f"{game}: the panel hides {missing}, which the game never shows"


def test_the_check_sees_a_wrong_key():
    assert "pot" in _info_keys("rams") and "potty" not in _info_keys("rams")
