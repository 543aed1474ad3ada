"""The key bar at the foot of every screen (cardtable/tui/widgets/keybar.py): one widget that
draws the screen's shown keys, follows changes of the bindings, and presses a key when clicked."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.resume import ResumeScreen
from cardtable.tui.widgets import KeyBar

from .helpers import local_app, settle, table_for


class Keys(Screen):
    BINDINGS = [
        Binding("a", "count", "Count"),
        Binding("b", "bee", "Bee"),
        Binding("x", "hidden", "Hidden", show=False),
    ]
    allowed = True

    def compose(self) -> ComposeResult:
        yield Static("keys")
        yield KeyBar()

    def check_action(self, action: str, parameters) -> bool | None:
        return None if action == "bee" and not self.allowed else True

    def action_count(self) -> None:
        self.app.count += 1

    def action_bee(self) -> None:
        pass

    def action_hidden(self) -> None:
        pass


class KeysApp(App):
    count = 0

    def on_mount(self) -> None:
        self.push_screen(Keys())


def _bar_text(app: App) -> str:
    return str(app.screen.query_one(KeyBar).render())


async def test_the_bar_lists_the_shown_keys_only():
    async with KeysApp().run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        assert _bar_text(pilot.app) == " a Count  b Bee "


async def test_a_disabled_key_is_drawn_dim_and_the_bar_follows_changes():
    async with KeysApp().run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        screen.allowed = False
        screen.refresh_bindings()
        await pilot.pause()
        line = screen.query_one(KeyBar).render()
        dim = [span for span in line.spans if "Bee" in line.plain[span.start : span.end]]
        assert dim and all(span.style.dim for span in dim)
        assert not any(span.style.dim for span in line.spans if "Count" in line.plain[span.start : span.end])


async def test_a_click_on_a_key_presses_it():
    async with KeysApp().run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        bar = pilot.app.screen.query_one(KeyBar)
        await pilot.click(KeyBar, offset=(3, 0))  # on "Count"
        await pilot.pause()
        assert pilot.app.count == 1
        assert bar.key_at(0) == "a" and bar.key_at(10) == "b" and bar.key_at(40) is None


async def test_no_screen_of_the_app_uses_textuals_footer():
    """Every screen draws the one-widget key bar (Textual's footer costs a first frame about 70 ms)."""
    app = CardTableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not app.screen.query(Footer) and "p Play now" in _bar_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen) and not app.screen.query(Footer)
    table_app = local_app(table_for(7, "human", "bot", "bot"))
    async with table_app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not table_app.screen.query(Footer) and "Save & quit" in _bar_text(table_app)


async def test_the_key_under_the_pointer_is_lit():
    async with KeysApp().run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        bar = pilot.app.screen.query_one(KeyBar)
        await pilot.hover(KeyBar, offset=(10, 0))  # on "Bee"
        await pilot.pause()
        assert bar._hover == "b"
        lit = bar.get_component_rich_style("keybar--hover", partial=True).bgcolor
        line = bar.render()
        assert any(
            span.style.bgcolor == lit and "Bee" in line.plain[span.start : span.end] for span in line.spans
        )
        await pilot.hover(Static, offset=(0, 0))
        await pilot.pause()
        assert bar._hover is None
