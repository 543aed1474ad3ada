"""Preference (Austrian): a game package (see games/__init__.py).

``rules.py`` holds the rules (``RULES``, which names the heuristic bot in ``bot.py``); this
module exports ``RULES`` and the names other code and tests use.
"""

from .rules import RULES, allowed_cards

__all__ = ["RULES", "allowed_cards"]
