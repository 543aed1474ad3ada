"""``python -m cardtable.tui``: open the lobby (``--ascii`` for S H D C suit letters).

A program, like the ``cardtable`` command: it gives the app its host service."""

import sys

from cardtable.doors.background import BackgroundHost
from cardtable.tui import run_lobby

if __name__ == "__main__":
    run_lobby(ascii_suits=True if "--ascii" in sys.argv[1:] else None, host_service=BackgroundHost)
