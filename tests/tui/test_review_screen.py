"""The review screen (issue 35): runs the review in a worker and steps through the marked
decisions of one seat as they are found, each shown from that seat's view (hand, trick), with
the move played, the better move, its cost and why; a switches to every decision, s to the
next player, Esc leaves (and stops the review)."""

from __future__ import annotations

import time

from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.review import ReviewScreen
from games.arena import play_match
from games.core import Record

from .helpers import screen_text


async def _until(pilot, test, seconds: float = 60.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        await pilot.pause(0.05)
        if test():
            return True
    return False


def _record(seed: int = 5) -> Record:
    state = play_match("agram", ["normal"] * 3, seed)
    return Record.of(state, ["Ann", "Bob", "Cy"], {"bot_seed": seed})


async def test_the_review_screen_steps_through_the_marks_from_the_seats_view():
    record = _record()
    app = CardTableApp(bot_delay=0, ascii_suits=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen(record, 0, level="expert", title="Agram")
        app.push_screen(screen)
        assert await _until(
            pilot, lambda: screen.result is not None and len(screen.result.decisions) == screen.result.total
        )
        await pilot.pause()
        result = screen.result
        text = screen_text(app)
        assert "Review of Ann's decisions: Agram, judged by the expert bot" in text
        assert f"{result.total} decisions reviewed" in text
        assert result.marks, "seed 5: Ann's 8C on move 13 costs the game (see the CLI test)"
        mark = result.marks[0]
        assert "Mark 1 of" in text and f"You played: {mark.played_label}" in text
        assert f"Better: {mark.best_label}" in text and "Cost: about" in text and "Why:" in text
        assert "Your hand: " + " ".join(c.display(True) for c in mark.view.hand) in text
        await pilot.press("a")
        await pilot.pause()
        at = [d.step for d in result.decisions].index(mark.step)
        assert screen.every and screen.at == at and f"Decision {at + 1} of {result.total}" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert screen.at == at - 1 and "would have played the same" in screen_text(app)
        await pilot.press("s")
        assert await _until(pilot, lambda: screen.seat == 1 and "Bob's decisions" in screen_text(app))
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)
