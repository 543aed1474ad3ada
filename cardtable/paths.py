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


# errno -> what a player reads about a file that could not be written
_PROBLEMS = {
    "ENOSPC": "the disk is full",
    "EDQUOT": "the disk quota is used up",
    "EMFILE": "too many files are open",
    "ENFILE": "too many files are open on this machine",
    "EACCES": "there is no permission to write there",
    "EPERM": "there is no permission to write there",
    "EROFS": "the disk is read-only",
    "EIO": "the disk reported an error",
}


def write_problem(exc: OSError) -> str:
    """A short plain reason for a failed write (``the disk is full``), for a status line or a log."""
    import errno

    name = errno.errorcode.get(exc.errno or 0, "")
    return _PROBLEMS.get(name) or (exc.strerror or str(exc) or "the file could not be written").lower()
