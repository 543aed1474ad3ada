"""Issue 35 in the TUI: a hint goes with its decision; the review screen runs the review in a worker
and steps through the marked decisions of one seat as they are found, each shown from that seat's
view (hand, trick) with the move played, the better move, its cost and why (a: every decision,
s: the next player, Esc leaves and stops the review); it opens from the match-over screen (r)
and from the history list (r)."""

from __future__ import annotations

from cardtable.session import Table
from cardtable.store import MatchStore, seats_of
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.history import HistoryScreen
from cardtable.tui.screens.modals import MatchOverScreen
from cardtable.tui.screens.review import ReviewScreen
from games.arena import play_match
from games.core import Record

from .helpers import local_app, said, screen_text, settle, table_for, wait_until


def _hints(app) -> list:
    return [n for n in said(app) if n.title == "Hint"]


async def test_a_hint_goes_with_its_decision_and_a_late_one_is_not_shown(quick_hints):
    t = table_for(5, "human", "bot", "bot")
    app = local_app(t)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        screen = app.screen
        asked = screen._moment()
        await pilot.press("h")
        assert await wait_until(pilot, lambda: bool(_hints(app)))
        action, why = t.hint(0)
        t.submit(0, action)  # the decision is made (as a key press would)
        assert await wait_until(pilot, lambda: not _hints(app)), "the hint went with its decision"
        await settle(pilot)
        screen._show_hint(0, asked, action, why)  # a hint thought out for the decision that has gone
        await pilot.pause()
        assert not _hints(app), "a hint for another decision is not shown"


def _finished_table(seed: int = 5) -> Table:
    """A finished Agram match whose first seat was a human's."""
    state = play_match("agram", ["normal"] * 3, seed)
    kinds = [{"kind": "human", "level": ""}] + [{"kind": "bot", "level": "normal"}] * 2
    table = Table.from_record(Record.of(state, ["Ann", "Bob", "Cy"], {"seats": kinds, "bot_seed": seed}))
    table.record_matches = False
    return table


async def test_r_on_the_match_over_screen_opens_the_review_of_the_humans_decisions():
    table = _finished_table()
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_until(pilot, lambda: isinstance(app.screen, MatchOverScreen))
        assert "Review (r)" in screen_text(app)
        await pilot.press("r")
        assert await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        assert review.seat == 0 and "Review of Ann's decisions: Agram" in screen_text(app)
        await pilot.press("escape")
        assert await wait_until(pilot, lambda: isinstance(app.screen, MatchOverScreen))


async def test_r_in_the_history_list_opens_the_review_of_the_highlighted_match():
    state = play_match("agram", ["normal"] * 3, 6)
    record = Record.of(state, ["Ann", "Bob", "Cy"], {"bot_seed": 6})
    MatchStore().open().add(record, seats_of(record), state.outcome(), source="local")
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(HistoryScreen())
        await pilot.pause()
        assert "r: review" in screen_text(app)
        await pilot.press("r")
        assert await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        assert "Review of Ann's decisions: Agram" in screen_text(app)
        await pilot.press("escape")
        assert await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen))


def _record(seed: int = 5) -> Record:
    state = play_match("agram", ["normal"] * 3, seed)
    return Record.of(state, ["Ann", "Bob", "Cy"], {"bot_seed": seed})


async def test_the_review_screen_steps_through_the_marks_from_the_seats_view():
    record = _record()
    app = CardTableApp(bot_delay=0, ascii_suits=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen(record, 0, level="expert", title="Agram")
        app.push_screen(screen)
        assert await wait_until(
            pilot, lambda: screen.result is not None and len(screen.result.decisions) == screen.result.total
        )
        await pilot.pause()
        result = screen.result
        text = screen_text(app)
        assert "Review of Ann's decisions: Agram, judged by the expert bot" in text
        assert f"{result.total} decisions reviewed" in text
        assert result.marks, "seed 5: the expert finds a better card for Ann"
        mark = result.marks[0]
        assert "Mark 1 of" in text and f"You played: {mark.played_label}" in text
        assert f"Better: {mark.best_label}" in text and "Cost: about" in text and "Why:" in text
        assert "Your hand: " + " ".join(c.display(True) for c in mark.view.hand) in text
        await pilot.press("a")
        await pilot.pause()
        at = [d.step for d in result.decisions].index(mark.step)
        assert screen.every and screen.at == at and f"Decision {at + 1} of {result.total}" in screen_text(app)
        # a step to a neighbouring decision (back where there is one): a mark again, or one the
        # expert would have played the same way
        key, to = ("left", at - 1) if at > 0 else ("right", at + 1)
        await pilot.press(key)
        await pilot.pause()
        marked = {m.step for m in result.marks}
        assert screen.at == to and f"Decision {to + 1} of {result.total}" in screen_text(app)
        said = "Better:" if result.decisions[to].step in marked else "would have played the same"
        assert said in screen_text(app)
        await pilot.press("s")
        assert await wait_until(pilot, lambda: screen.seat == 1 and "Bob's decisions" in screen_text(app))
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)
