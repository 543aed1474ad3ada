"""Where cardtable keeps its files (a leaf module: importing it loads nothing else of ours)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """Where saves live: $CARDTABLE_HOME, else $XDG_DATA_HOME/cardtable, else ~/.local/share/cardtable."""
    if os.environ.get("CARDTABLE_HOME"):
        return Path(os.environ["CARDTABLE_HOME"])
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "cardtable"


def saves_dir() -> Path:
    return data_dir() / "saves"
