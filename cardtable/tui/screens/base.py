"""A screen that hides its content behind "enlarge the terminal" below 80x24."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.events import Resize
from textual.geometry import Size
from textual.screen import ModalScreen, Screen

from ..widgets.toosmall import MIN_HEIGHT, MIN_WIDTH


@runtime_checkable
class Settings(Protocol):
    """The app's settings that screens read and change (the app holds them)."""

    ascii_suits: bool  # S H D C instead of suit symbols
    bot_delay: float  # seconds between the bots' moves


def size_classes(size: Size) -> dict[str, bool]:
    """The screen classes for a terminal size: ``-small`` below the minimum, and size steps for
    the .tcss (Textual has no media queries): wider side column, taller panels."""
    return {
        "-small": size.width < MIN_WIDTH or size.height < MIN_HEIGHT,
        "-w100": size.width >= 100,
        "-w130": size.width >= 130,
        "-h30": size.height >= 30,
        "-h40": size.height >= 40,
    }


def _preset(screen: Screen) -> None:
    """Give a new screen its size classes before it is styled, so that its first frame needs no
    second styling pass (a screen made outside a running app gets them when mounted)."""
    try:
        size = screen.app.size
    except RuntimeError:  # no active app (NoActiveAppError): the classes come at mount
        return
    for name, on in size_classes(size).items():
        screen.set_class(on, name, update=False)


def _fit(screen: Screen) -> None:
    classes = size_classes(screen.app.size)
    on = [name for name, wanted in classes.items() if wanted]
    off = [name for name, wanted in classes.items() if not wanted]
    if on:
        screen.add_class(*on)
    if off:
        screen.remove_class(*off)
    if not classes["-small"] and screen.focused is None and screen.AUTO_FOCUS and screen.AUTO_FOCUS != "*":
        found = screen.query(screen.AUTO_FOCUS)
        if found:
            screen.call_after_refresh(found.first().focus)  # focus lost while hidden comes back


if TYPE_CHECKING:  # the mixin below is always mixed into a Screen
    _ScreenMixin = Screen[Any]
else:
    _ScreenMixin = object


class _Sized(_ScreenMixin):
    """Size classes before the first styling, and again at mount, resize and resume."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _preset(self)

    @property
    def settings(self) -> Settings:
        """The app's settings (suit letters, bot pace): Textual types ``app`` as any App."""
        app = self.app
        if not isinstance(app, Settings):
            raise TypeError(f"{type(self).__name__} runs only in cardtable's app")
        return app

    def on_mount(self) -> None:
        _fit(self)

    def on_resize(self, event: Resize) -> None:
        _fit(self)

    def on_screen_resume(self) -> None:
        _fit(self)


class SizedScreen(_Sized, Screen):
    """Subclasses yield a :class:`~cardtable.tui.widgets.TooSmall` in compose; CSS does the rest."""


class SizedModal(_Sized, ModalScreen):
    """A dialog that hides behind "enlarge the terminal" like the screens."""
