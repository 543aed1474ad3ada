"""Optional per-game panels: a registry from game name to a widget factory.

The table screen is generic; a game whose ``SeatView.extra`` carries structured data (Contract
Grid's grids, Trump Suit's trump pile) may register a panel that draws it::

    # in cardtable/tui/panels.py (or a module imported by it)
    from cardtable.tui.panels import register_panel

    class GridPanel(ExtraPanel):
        def render_extra(self, view, names, ascii_suits):   # return any Rich renderable
            return Text(str(view.extra["grid"]))

    register_panel("contract_grid", GridPanel)

A factory is called with no arguments and must return an :class:`ExtraPanel` (a Static); the
screen calls :meth:`ExtraPanel.show` after every update.  Games without a registered panel get
nothing extra (their ``info`` lines already appear on the scoreboard); :class:`InfoPanel` is a
generic fallback that prints ``extra`` as ``key: value`` lines and may be registered for games
whose ``extra`` is simple.

A panel that shows some of the game's ``info`` lines itself says so with :meth:`hides_info`
(the scoreboard then leaves those lines out, so nothing is shown twice).  Panels live in the
side column, 27 cells wide at 80x24 and wider on larger terminals: :attr:`ExtraPanel.width`
is the width to draw for (the panel is redrawn when it changes).

Panels are imported when a table opens (never for the lobby): :func:`panel_for` loads the
module that registers a game's panel on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence

from rich.console import RenderableType
from rich.text import Text
from textual.widgets import Static

from games.core import SeatView


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

    def render_centre(self, view: SeatView, names: Sequence[str], ascii_suits: bool, width: int,
                      height: int) -> RenderableType | None:
        """What the middle of the table shows while no card is on it (the grids being filled, the
        trump pile, the pot), drawn for ``width`` x ``height``; None leaves the middle empty."""
        return None


class InfoPanel(ExtraPanel):
    """Generic fallback: ``extra`` as ``key: value`` lines."""

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        return Text("\n".join(f"{k}: {v}" for k, v in view.extra.items()))


PanelFactory = Callable[[], ExtraPanel]
_PANELS: dict[str, PanelFactory] = {}


def register_panel(game: str, factory: PanelFactory) -> None:
    """Show ``factory()`` on the table screen of ``game`` (its Rules.name)."""
    _PANELS[game] = factory


# game -> the module that registers its panel (imported on first use)
PANEL_MODULES = {
    "simple_strange": "panels_simple_strange",
    "contract_grid": "panels_contract_grid",
    "trump_suit": "panels_trump_suit",
    "rams": "panels_pot",
    "bourre": "panels_pot",
    "agram": "panels_agram",
    "sedma": "panels_sedma",
    "preference": "panels_preference",
    "pepper": "panels_pepper",
    "bacon": "panels_bacon",
    "page_one": "panels_page_one",
    "cucumber": "panels_cucumber",
    "piquet": "panels_piquet",
}


def panel_for(game: str) -> ExtraPanel | None:
    if game not in _PANELS and game in PANEL_MODULES:
        importlib.import_module(f"{__package__}.{PANEL_MODULES[game]}")
    factory = _PANELS.get(game)
    return factory() if factory is not None else None
