"""Keys that arrive in one burst (over ssh, from a fast typist) are applied in order."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App
from textual.widgets import Input

from cardtable.tui.widgets.field import Field


class _Form(App):
    def __init__(self, kind: type[Input]) -> None:
        super().__init__()
        self.kind = kind

    def compose(self):
        yield self.kind("3", id="f")


async def _burst(kind: type[Input], keys: list[tuple[str, str | None]]) -> str:
    app = _Form(kind)
    async with app.run_test() as pilot:
        field = app.query_one("#f", Input)
        field.focus()
        await pilot.pause()
        for key, char in keys:  # posted together, the way one read of a terminal delivers them
            field.post_message(events.Key(key, char))
        await pilot.pause(0.2)
        return field.value


BURST = [("end", None), ("4", "4"), ("backspace", "\x7f"), ("5", "5")]


async def test_a_burst_with_backspace_keeps_its_order():
    assert await _burst(Field, BURST) == "35"


async def test_a_burst_of_editing_keys():
    keys = [("home", None), ("delete", None), ("7", "7"), ("end", None), ("left", None), ("8", "8")]
    assert await _burst(Field, keys) == "87"


@pytest.mark.xfail(
    reason="control: Textual's own Input applies editing keys late, the bug Field fixes", strict=False
)
async def test_control_plain_input_loses_the_order():
    assert await _burst(Input, BURST) == "35"
