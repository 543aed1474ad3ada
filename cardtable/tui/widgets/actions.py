"""Buttons for decisions that are not a plain card pick: bids, pass, choose a suit, flip...

The first ten are numbered 1..9, 0 (the screen binds the number keys); more are clicked or
reached with Tab.  The bar is a grid that grows to a few rows and scrolls beyond.  Posts :class:`ActionBar.Chosen`.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.containers import Grid
from textual.message import Message
from textual.widgets import Button, Label

from games.core import Action


def _caption(i: int, a: Action) -> str:
    label = a.label if len(a.label) <= 14 else a.text
    return f"{(i + 1) % 10} {label}" if i < 10 else label


class ActionBar(Grid):
    class Chosen(Message):
        def __init__(self, action: str) -> None:
            super().__init__()
            self.action = action

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.actions: tuple[Action, ...] = ()

    def show(self, actions: Sequence[Action], prompt: str) -> None:
        actions = tuple(actions)
        key = (actions, prompt)
        if getattr(self, "_key", None) == key:
            return
        self._key = key
        self.actions = actions
        self.remove_children()
        widgets = [Label(prompt, id="prompt")] if prompt else []
        widgets += [Button(_caption(i, a), compact=True, name=a.text, classes="choice") for i, a in enumerate(actions)]
        self.set_class(not widgets, "-empty")
        self.mount_all(widgets)

    def choose(self, number: int) -> bool:
        if 1 <= number <= len(self.actions):
            self.post_message(self.Chosen(self.actions[number - 1].text))
            return True
        return False

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.name:
            self.post_message(self.Chosen(event.button.name))
