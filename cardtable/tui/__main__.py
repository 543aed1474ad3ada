"""``python -m cardtable.tui``: open the lobby (``--ascii`` for S H D C suit letters)."""

import sys

from cardtable.tui import run_lobby

if __name__ == "__main__":
    run_lobby(ascii_suits=True if "--ascii" in sys.argv[1:] else None)
