"""Bourré's panel: the pot panel shared by the pot games (see panels/_pot.py)."""

from games.bourre.viewdata import BourreView

from ._pot import PotPanel


class BourrePanel(PotPanel):
    DATA = BourreView
    HIDES_INFO = frozenset({"pot", "ante", "stock"})  # the info lines Bourré shows


PANEL = BourrePanel  # the panel panel_for shows at this game's table
