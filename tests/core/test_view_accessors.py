"""A view's typed data is read through one checked accessor, and info lines by stable keys."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games import get_rules
from games.core import ProtocolError
from games.pepper.viewdata import PepperView
from games.piquet.viewdata import PiquetView


def test_data_gives_the_games_view_data_and_refuses_another_type():
    view = get_rules("pepper").new_game(4, None, 1).view(0)
    assert view.data(PepperView) is view.extra
    with pytest.raises(ProtocolError, match="view of pepper holds PepperView data, not PiquetView"):
        view.data(PiquetView)


def test_info_lines_have_stable_keys_apart_from_their_words():
    view = get_rules("pepper").new_game(4, None, 1).view(0)
    line = next(x for x in view.info if x.key == "target")
    assert line.label == "Target" and view.info_value("target") == line.value
    assert view.info_value("no such line") is None


ROOT = Path(__file__).resolve().parents[2]
#: where code may read ``SeatView.extra`` itself: the core that defines it (tests/ may look at the raw field)
OWNER = ROOT / "games" / "core"


def direct_reads(source: str) -> list[int]:
    """The lines that read an attribute ``extra`` (``view.extra``, ``getattr(view, "extra")``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Attribute) and node.attr == "extra" and isinstance(node.ctx, ast.Load)) or (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value == "extra"
        ):
            lines.append(node.lineno)
    return sorted(lines)


def test_the_reader_finds_direct_reads_and_leaves_keywords_alone():
    source = (
        "a = view.extra.size\nb = getattr(v, 'extra')\nc = SeatView(extra=d)\nd = view.data(GridView).size\n"
    )
    assert direct_reads(source) == [1, 2]


def test_no_module_outside_the_core_reads_a_views_extra_directly():
    """Bots, hints, panels and the wire read view data through ``SeatView.data(cls)`` only: typed
    for mypy, and a clear error naming the game and the class when the data is not the reader's."""
    found = []
    for folder in ("games", "cardtable", "tools", "benchmarks", "screenshots"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if OWNER in path.parents or ".venv" in path.parts:
                continue
            found += [f"{path.relative_to(ROOT)}:{n}" for n in direct_reads(path.read_text())]
    assert not found, "read view data with view.data(TheGamesView), not .extra: " + ", ".join(found)
