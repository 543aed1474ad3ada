"""Bourré's panel: the pot panel shared by the pot games (see panels/_pot.py)."""

from ._pot import PotPanel


class BourrePanel(PotPanel):
    HIDES_INFO = frozenset({"Pot", "Ante", "Stock"})  # the info lines Bourré shows


PANEL = BourrePanel  # the panel panel_for shows at this game's table
