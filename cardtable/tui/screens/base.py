"""A screen that hides its content behind "enlarge the terminal" below 80x24."""

from __future__ import annotations

from textual.events import Resize
from textual.screen import ModalScreen, Screen

from ..widgets.toosmall import MIN_HEIGHT, MIN_WIDTH


def _fit(screen: Screen) -> None:
    size = screen.app.size
    screen.set_class(size.width < MIN_WIDTH or size.height < MIN_HEIGHT, "-small")


class SizedScreen(Screen):
    """Subclasses yield a :class:`~cardtable.tui.widgets.TooSmall` in compose; CSS does the rest."""

    def on_mount(self) -> None:
        _fit(self)

    def on_resize(self, event: Resize) -> None:
        _fit(self)

    def on_screen_resume(self) -> None:
        _fit(self)


class SizedModal(ModalScreen):
    def on_mount(self) -> None:
        _fit(self)

    def on_resize(self, event: Resize) -> None:
        _fit(self)

    def on_screen_resume(self) -> None:
        _fit(self)
