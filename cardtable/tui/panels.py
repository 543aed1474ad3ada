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
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import RenderableType
from rich.text import Text
from textual.widgets import Static

from games.core import SeatView


class ExtraPanel(Static):
    """Base of per-game panels: override :meth:`render_extra`."""

    DEFAULT_CLASSES = "extra-panel"

    def show(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> None:
        self.update(self.render_extra(view, names, ascii_suits))

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        raise NotImplementedError


class InfoPanel(ExtraPanel):
    """Generic fallback: ``extra`` as ``key: value`` lines."""

    def render_extra(self, view: SeatView, names: Sequence[str], ascii_suits: bool) -> RenderableType:
        return Text("\n".join(f"{k}: {v}" for k, v in view.extra.items()))


PanelFactory = Callable[[], ExtraPanel]
_PANELS: dict[str, PanelFactory] = {}


def register_panel(game: str, factory: PanelFactory) -> None:
    """Show ``factory()`` on the table screen of ``game`` (its Rules.name)."""
    _PANELS[game] = factory


def panel_for(game: str) -> ExtraPanel | None:
    factory = _PANELS.get(game)
    return factory() if factory is not None else None


from . import panels_simple_strange  # noqa: E402,F401  (registers the Simple Strange panel)
from . import panels_contract_grid  # noqa: E402,F401  (registers the Contract Grid panel)
from . import panels_trump_suit  # noqa: E402,F401  (registers the Trump Suit panel)
