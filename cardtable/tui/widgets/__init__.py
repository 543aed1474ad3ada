"""Table widgets.  Each renders values it is given (attributes down) and posts messages up.

Imported lazily (``from cardtable.tui.widgets import HandWidget`` loads only that module), so
the lobby, which needs only :class:`TooSmall` and :class:`KeyBar`, does not pay for the table's widgets before its
first frame.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

_WHERE = {
    "ActionBar": "actions",
    "EventLog": "eventlog",
    "HandWidget": "hand",
    "KeyBar": "keybar",
    "Scoreboard": "scoreboard",
    "SeatPanel": "seat",
    "TooSmall": "toosmall",
    "TrickArea": "trick",
}

if TYPE_CHECKING:
    from .actions import ActionBar
    from .eventlog import EventLog
    from .hand import HandWidget
    from .keybar import KeyBar
    from .scoreboard import Scoreboard
    from .seat import SeatPanel
    from .toosmall import TooSmall
    from .trick import TrickArea


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ActionBar",
    "EventLog",
    "HandWidget",
    "KeyBar",
    "Scoreboard",
    "SeatPanel",
    "TooSmall",
    "TrickArea",
]
