"""Table widgets.  Each renders values it is given (attributes down) and posts messages up."""

from .actions import ActionBar
from .eventlog import EventLog
from .hand import HandWidget
from .scoreboard import Scoreboard
from .seat import SeatPanel
from .toosmall import TooSmall
from .trick import TrickArea

__all__ = ["ActionBar", "EventLog", "HandWidget", "Scoreboard", "SeatPanel", "TooSmall", "TrickArea"]
