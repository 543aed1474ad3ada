"""Rams's panel: the pot panel shared by the pot games (see panels/_pot.py)."""

from ._pot import PotPanel

PANEL = PotPanel  # the panel panel_for shows at this game's table
