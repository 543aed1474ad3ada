"""Every kind of decision of every game, drawn at 80x24: the prompt and every choice label can
be read whole on the rendered screen, and nothing lies over them or over the cards you may play.

The decisions are found without a terminal: random matches (every seat random) until seat 0 has
met each kind of decision (its phase and the kinds of its choices); each one is then set up at a
table and drawn once.  One app per game draws all of that game's decisions.
"""

from __future__ import annotations

import random

import pytest

from cardtable.session import SeatConfig, Table
from cardtable.tui.render import show_cards
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import ActionBar, HandWidget
from cardtable.tui.widgets.actions import caption
from games import all_rules, get_rules

from .helpers import local_app, screen_text

SEEDS, STEPS = 12, 4000


def decisions(game: str) -> dict[tuple, tuple[int, list[str]]]:
    """(phase, kinds of choice) -> (seed, the actions that lead to seat 0 facing it)."""
    rules = get_rules(game)
    found: dict[tuple, tuple[int, list[str]]] = {}
    for seed in range(SEEDS):
        state = rules.new_game(rules.default_seats, None, seed)
        rng, history = random.Random(seed), []
        for _ in range(STEPS):
            if state.is_over:
                break
            legal = state.legal_actions()
            if state.to_act == 0:
                kind = (state.phase, tuple(sorted({a.kind for a in legal})))
                found.setdefault(kind, (seed, list(history)))
            action = rng.choice(legal)
            state.apply(action)
            history.append(action.text)
    return found


def _joined(lines: list[str], region) -> str:
    """The text inside ``region`` of the screen, its lines joined with spaces."""
    rows = lines[region.y : region.bottom]
    return " ".join(" ".join(row[region.x : region.right].split()) for row in rows)


def _words(text: str) -> str:
    return " ".join(text.split())


def _owner(screen, x: int, y: int):
    widget, _ = screen.get_widget_at(x, y)
    return widget


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.name)
async def test_every_decision_reads_whole_at_80x24(rules):
    found = decisions(rules.name)
    assert found, "seat 0 met no decision"
    seats = [SeatConfig("human" if i == 0 else "bot", f"P{i}", "random") for i in range(rules.default_seats)]
    tables = []
    for seed, history in found.values():
        table = Table.new(rules.name, seats, None, seed)
        for text in history:
            table.submit(table.state.to_act, text)
        table.record_matches = False
        tables.append(table)
    app = local_app(tables[0])
    app.bot_delay = 30  # the bots wait: the decision stays on the screen
    async with app.run_test(size=(80, 24)) as pilot:
        for kind, table in zip(found, tables):
            if table is not tables[0]:
                app.start_table(table)
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen), kind
            view = table.view(0)
            lines = screen_text(app).splitlines()
            me = screen.query_one("#me")
            where = f"{rules.name} {kind}"
            assert me.region.bottom <= 23, f"{where}: the prompt is pushed off the screen"
            said = view.formality or view.prompt  # a formality is said in place of its prompt (item 3)
            assert _words(show_cards(said, False)) in _joined(lines, me.region), f"{where}: prompt cut"
            bar = screen.query_one(ActionBar)
            shown = _joined(lines, bar.region) if bar.actions else ""
            for i, action in enumerate(bar.actions):
                label = _words(caption(i, action, 200, False, bar.labels[i], bar.keys[i])[1])
                assert label in shown, f"{where}: choice {label!r} cut or hidden"
            for widget in (me, bar):  # nothing lies over the prompt or the choices
                r = widget.region
                for y in range(r.y, r.bottom):
                    for x in (r.x, r.x + r.width // 2, r.right - 1):
                        assert _owner(screen, x, y) is widget, f"{where}: {widget} covered at {x},{y}"
            hand = screen.query_one(HandWidget)
            for i, c in enumerate(hand.cards):  # every card you may play can be seen and clicked
                if c in hand.legal and hand.active:
                    x, y = hand.click_offset(i)
                    assert _owner(screen, hand.region.x + x, hand.region.y + y) is hand, (
                        f"{where}: {c} hidden"
                    )
