"""A text field that keeps a burst of keys in order.

Textual's Input inserts a typed character at once but runs editing keys (Backspace, Delete,
the arrows, Home, End) as binding actions a moment later, so keys that arrive in one burst
(as they do over ssh, or from a fast typist) were applied out of order: ``4 Backspace 5`` on
``3`` gave ``34``.  :class:`Field` applies those editing keys in its own key handler, in the
order they arrive.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

_EDITING = {
    "backspace": "delete_left",
    "delete": "delete_right",
    "left": "cursor_left",
    "right": "cursor_right",
    "home": "home",
    "end": "end",
}


class Field(Input):
    """An Input whose editing keys and typed characters are applied strictly in order."""

    async def _on_key(self, event: events.Key) -> None:
        action = _EDITING.get(event.key)
        if action is not None:
            event.stop()
            event.prevent_default()
            self._restart_blink()
            getattr(self, f"action_{action}")()
            return
        await super()._on_key(event)
