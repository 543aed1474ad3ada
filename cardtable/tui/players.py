"""Names the TUI gives to players: the human's default name and the bots' names.

A leaf module (no Textual, no screens), so the app, the setup and host forms, the statistics
screen and the CLI all read the same names without importing one another.
"""

from __future__ import annotations

import getpass

BOT_NAMES = ("Ada", "Bruno", "Chloe", "Dev", "Esme", "Felix", "Gus", "Hana")


def default_player_name() -> str:
    """The human's default name: the login name capitalised ("ada" -> "Ada"), or "Player" when it
    is unknown, empty or root (so the log reads "Ada plays KH", never "You plays KH")."""
    try:
        login = getpass.getuser().strip()
    except Exception:  # no login name at all (some containers): getpass raises OSError/KeyError
        login = ""
    if not login or login == "root":
        return "Player"
    return login[:1].upper() + login[1:20]


def bot_names(me: str) -> list[str]:
    """The bots' names in seat order, leaving out the human's own name."""
    return [n for n in BOT_NAMES if n != me]
