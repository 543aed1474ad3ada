"""Optional per-game panels, each found by its game's name: ``panels/<game name>.py``.

The table screen is generic; a game whose ``SeatView.extra`` carries structured data (Contract
Grid's grids, Trump Suit's trump pile) may have a panel that draws it, in the module of this
package named after the game (``Rules.name``), which sets ``PANEL``::

    # cardtable/tui/panels/contract_grid.py
    from . import ExtraPanel

    class GridPanel(ExtraPanel):
        def render_extra(self, view, names, ascii_suits):   # return any Rich renderable
            return Text(str(view.data(GridView).grids))   # the game's typed view data (games/<name>/viewdata.py)

    PANEL = GridPanel

``PANEL`` is called with no arguments and must return an :class:`ExtraPanel` (a Static); the
screen calls :meth:`ExtraPanel.show` after every update.  Nothing lists the panels: a game without
a module here gets nothing extra (its ``info`` lines already appear on the scoreboard).
:class:`InfoPanel` is a generic fallback that prints ``extra`` as ``key: value`` lines, for a
game whose view data is simple (``PANEL = InfoPanel``).  Code shared by several panels lives in
modules whose names start with ``_`` (``_pot.py``: Rams and Bourré) or here (:func:`trump_line`).

A panel reads the game's typed view data with ``view.data(GridView)`` (checked: never
``view.extra`` as it comes).  A panel that shows some of the game's ``info`` lines itself names
their stable keys in ``HIDES_INFO`` (``{"pot", "ante"}``: the scoreboard then leaves those lines
out, so nothing is shown twice).  Panels live in the
side column, 27 cells wide at 80x24 and wider on larger terminals: :attr:`ExtraPanel.width`
is the width to draw for (the panel is redrawn when it changes).

Panels are imported when a table opens (never for the lobby): :func:`panel_for` imports a
game's panel module on first use.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import pkgutil
from collections.abc import Sequence
from types import ModuleType

from rich.console import RenderableType
from rich.text import Text
from textual.widgets import Static

from games.core import Card, SeatView, Suit, bowers_of

from ..cardface import Pile, piles_canvas
from ..render import card_text


class ExtraPanel(Static):
    """Base of per-game panels: override :meth:`render_extra`."""

    DEFAULT_CLASSES = "extra-panel"
    HIDES_INFO: frozenset[str] | bool = frozenset()  # info keys shown here instead (True: all)

    def hides_info(self, key: str) -> bool:
        """True if the scoreboard should leave out the info line ``key`` (this panel shows it)."""
        return self.HIDES_INFO is True or (self.HIDES_INFO is not False and key in self.HIDES_INFO)

    @property
    def width(self) -> int:
        """The content width to draw for (27 before the first layout: the side at 80x24)."""
        return self.content_size.width or 27

    @property
    def tall(self) -> bool:
        """True on a terminal of 30 rows or more: room for a few more lines."""
        return self.app.size.height >= 30

    def show(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> None:
        self._args = (view, names, ascii_suits)
        self.update(self.render_extra(view, names, ascii_suits))

    def on_resize(self) -> None:
        args = getattr(self, "_args", None)
        if args is not None:
            self.update(self.render_extra(*args))

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        raise NotImplementedError

    def wants_room(self, view: SeatView) -> bool:
        """True while :meth:`render_centre` needs the whole felt (the side seats are hidden)."""
        return False

    def marked_cards(self, view: SeatView) -> frozenset[Card]:
        """Cards of the player's hand to mark as chosen (picked for an exchange or a discard
        that is not confirmed yet): the hand draws them apart from the others."""
        return frozenset()

    def render_centre(
        self, view: SeatView, names: Sequence[str], ascii_suits: bool, width: int, height: int
    ) -> RenderableType | None:
        """What the middle of the table shows while no card is on it (the grids being filled, the
        trump pile, the pot), drawn for ``width`` x ``height``; None leaves the middle empty.
        By default the cards that lie there (:meth:`piles`) drawn as cards."""
        return piles_canvas(self.piles(view), width, height, ascii_suits)

    def piles(self, view: SeatView) -> list[Pile]:
        """The cards lying in the middle of the table now (by default the turned-up cards)."""
        return up_piles(view)


class InfoPanel(ExtraPanel):
    """Generic fallback: the fields of ``extra`` (the game's typed view data) as ``name: value`` lines."""

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        extra = view.data(object)  # any game's: a registered view data class is a dataclass
        fields = dataclasses.fields(extra) if dataclasses.is_dataclass(extra) else ()
        return Text("\n".join(f"{f.name}: {getattr(extra, f.name)}" for f in fields))


def up_piles(view: SeatView) -> list[Pile]:
    """The view's turned-up cards as one pile (none when nothing is turned up)."""
    if not view.up_cards:
        return []
    label = "upcard" if len(view.up_cards) == 1 else "up-cards"
    return [Pile(label, tuple(view.up_cards))]


def panel_for(game: str) -> ExtraPanel | None:
    """A new panel for a table of ``game`` (its Rules.name), or None if the game has none."""
    module = panel_module(game)
    return None if module is None else module.PANEL()


def panel_module(game: str) -> ModuleType | None:
    """The module ``cardtable.tui.panels.<game>`` (imported now), or None if there is none."""
    if not game.isidentifier() or game.startswith("_"):
        return None  # not a game's name (shared panel code starts with _)
    name = f"{__name__}.{game}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def panel_games() -> list[str]:
    """The games that have a panel module here (names of its modules not starting with ``_``)."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def trump_line(letter: str | None, no_trump: bool, ascii_suits: bool, bowers: bool) -> Text:
    """``Trump ♥ hearts · J♥ J♦`` (the bowers when the game has them), or ``No trump``."""
    if no_trump:
        return Text("No trump", style="bold")
    if letter is None:
        return Text("Trump not named yet", style="dim")
    suit = Suit(letter)
    out = Text("Trump ", style="dim")
    out.append(f"{suit.letter if ascii_suits else suit.symbol} {suit.noun}", style="bold")
    if bowers:
        right, left = bowers_of(suit)
        out.append(" · ", style="dim")
        out.append_text(card_text(right, ascii_suits, "bold"))
        out.append(" ")
        out.append_text(card_text(left, ascii_suits, "bold"))
    return out
