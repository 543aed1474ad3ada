"""The player's preferences kept between runs: the bot pace, the four-colour deck.

A small JSON file in the data directory (``CARDTABLE_HOME``).  A missing or damaged file means
the defaults; writing is atomic and a failure to write never stops play.
"""

from __future__ import annotations

import json
from typing import Any

from cardtable.pacer import BOT_DELAY
from cardtable.paths import data_dir

DEFAULTS: dict[str, Any] = {"bot_delay": BOT_DELAY, "four_colour": False}


def _path():
    return data_dir() / "prefs.json"


def load() -> dict[str, Any]:
    """The saved preferences over the defaults (values of the wrong type are ignored)."""
    prefs = dict(DEFAULTS)
    try:
        saved = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return prefs
    if isinstance(saved, dict):
        for key, default in DEFAULTS.items():
            value = saved.get(key)
            if type(value) is type(default) or (isinstance(default, float) and type(value) is int):
                prefs[key] = value
    prefs["bot_delay"] = min(3.0, max(0.0, float(prefs["bot_delay"])))
    return prefs


def save(**changes: Any) -> None:
    """Remember ``changes`` (known keys only); never raises."""
    from games.core import atomic_write

    prefs = load()
    prefs.update({k: v for k, v in changes.items() if k in DEFAULTS})
    try:
        path = _path()
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps(prefs, indent=1))
    except OSError:
        pass
