"""A screen that hides its content behind "enlarge the terminal" below 80x24."""

from __future__ import annotations

from textual.events import Resize
from textual.screen import ModalScreen, Screen

from ..widgets.toosmall import MIN_HEIGHT, MIN_WIDTH


def _fit(screen: Screen) -> None:
    size = screen.app.size
    small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
    screen.set_class(small, "-small")
    # size classes for the .tcss (Textual has no media queries): wider side column, taller panels
    screen.set_class(size.width >= 100, "-w100")
    screen.set_class(size.width >= 130, "-w130")
    screen.set_class(size.height >= 30, "-h30")
    screen.set_class(size.height >= 40, "-h40")
    if not small and screen.focused is None and screen.AUTO_FOCUS and screen.AUTO_FOCUS != "*":
        found = screen.query(screen.AUTO_FOCUS)
        if found:
            screen.call_after_refresh(found.first().focus)  # focus lost while hidden comes back


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
