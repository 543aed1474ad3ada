"""A view's typed data is read through one checked accessor, and info lines by stable keys."""

from __future__ import annotations

import pytest

from games import get_rules
from games.core import ProtocolError
from games.pepper.viewdata import PepperView
from games.piquet.viewdata import PiquetView


def test_data_gives_the_games_view_data_and_refuses_another_type():
    view = get_rules("pepper").new_game(4, None, 1).view(0)
    assert view.data(PepperView) is view.extra
    with pytest.raises(ProtocolError, match="PepperView data, not PiquetView"):
        view.data(PiquetView)


def test_info_lines_have_stable_keys_apart_from_their_words():
    view = get_rules("pepper").new_game(4, None, 1).view(0)
    line = next(x for x in view.info if x.key == "target")
    assert line.label == "Target" and view.info_value("target") == line.value
    assert view.info_value("no such line") is None
