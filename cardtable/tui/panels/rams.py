"""Rams's panel: the pot panel shared by the pot games (see panels/_pot.py)."""

from ._pot import PotPanel


class RamsPanel(PotPanel):
    HIDES_INFO = frozenset({"Pot", "Ante", "Widow", "Rams"})  # the info lines Rams shows


PANEL = RamsPanel  # the panel panel_for shows at this game's table
