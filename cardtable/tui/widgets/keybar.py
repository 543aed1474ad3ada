"""The key bar at the foot of every screen: the keys that work here, each with what it does.

Textual's own footer builds one widget per key and styles each of them twice as it mounts
(about 70 ms of the lobby's first frame with its eight keys).  This bar is a single widget that
draws one line of text from the screen's active bindings, again whenever they change (focus
moves, a key is enabled or disabled); the key under the mouse pointer is lit and a click on a
key presses it.  Keys that are shown but
disabled at the moment are drawn dim; bindings marked ``show=False`` are not drawn.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget


class KeyBar(Widget, can_focus=False):
    """One line: `` key What it does `` for each shown binding of the screen."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"keybar--key", "keybar--description", "keybar--hover"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        color: $footer-foreground;
        background: $footer-background;
        .keybar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .keybar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .keybar--hover {
            background: $block-hover-background;
        }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._spans: list[tuple[int, int, str]] = []  # (start, end, key) of each drawn key, for clicks
        self._hover: str | None = None  # the key under the mouse pointer

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen:
            self.refresh()

    def keys(self) -> list[tuple[Binding, bool]]:
        """Every binding to draw, with whether it works now (the first binding of each action)."""
        seen: set[str] = set()
        shown = []
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in seen:
                seen.add(binding.action)
                shown.append((binding, enabled))
        return shown

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        words_style = self.get_component_rich_style("keybar--description", partial=True)
        dim = Style(dim=True)
        line, spans = Text(no_wrap=True, overflow="ellipsis"), []
        for binding, enabled in self.keys():
            start = len(line)
            line.append(
                f" {self.app.get_key_display(binding)} ", style=key_style if enabled else key_style + dim
            )
            line.append(f"{binding.description} ", style=words_style if enabled else words_style + dim)
            spans.append((start, len(line), binding.key))
            if binding.key == self._hover:
                line.stylize(self.get_component_rich_style("keybar--hover", partial=True), start, len(line))
        self._spans = spans
        return line

    def key_at(self, x: int) -> str | None:
        """The key drawn at column ``x``, if any."""
        for start, end, key in self._spans:
            if start <= x < end:
                return key
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self.key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._set_hover(None)

    def _set_hover(self, key: str | None) -> None:
        if key != self._hover:
            self._hover = key
            self.refresh()

    def on_click(self, event: events.Click) -> None:
        key = self.key_at(event.x)
        if key is not None:
            event.stop()
            self.app.simulate_key(key)
