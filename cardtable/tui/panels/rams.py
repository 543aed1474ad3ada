"""Rams's panel: the pot panel shared by the pot games (see panels/_pot.py)."""

from games.rams.viewdata import RamsView

from ._pot import PotPanel


class RamsPanel(PotPanel):
    DATA = RamsView
    HIDES_INFO = frozenset({"pot", "ante", "widow", "rams"})  # the info lines Rams shows


PANEL = RamsPanel  # the panel panel_for shows at this game's table
