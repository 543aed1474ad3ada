"""The table screen drives its bots through the one bot runner (cardtable.pacer): a bot that
raises is said in a notification and the first legal move is played for it (no retry loop), and
a slow bot thinks once per move, never twice at once, while the screen stays live."""

from __future__ import annotations

import threading
import time

from cardtable.tui.app import CardTableApp
from games.bots import Bot

from .helpers import RaisingBot, said, screen_text, settle, table_for


class SlowBot(Bot):
    """A bot that thinks until released, and counts how many of its thinks run at once."""

    def __init__(self) -> None:
        super().__init__(0)
        self.release = threading.Event()
        self.calls = self.running = self.most = 0
        self._lock = threading.Lock()

    def choose(self, view, legal):
        with self._lock:
            self.calls += 1
            self.running += 1
            self.most = max(self.most, self.running)
        self.release.wait(30)
        with self._lock:
            self.running -= 1
        return legal[0]


def _bot_leads(*kinds: str):
    """A seeded table whose first decision belongs to seat 1, a bot."""
    for seed in range(100):
        t = table_for(seed, *kinds)
        if t.state.to_act == 1:
            return t
    raise AssertionError("no seed where seat 1 leads")


async def test_a_raising_bot_is_said_and_plays_the_first_legal_move_without_a_retry_loop():
    t = _bot_leads("human", "bot", "bot")
    bot = t.bots[1] = RaisingBot()
    first = t.state.legal_actions()[0]
    app = CardTableApp(table_handles=[t.handle(0)], driver=t, bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert t.state.history and t.state.history[0] == first  # the fallback: the first legal move
        turns = t.state.actors.count(1)
        assert turns >= 1 and bot.calls == turns  # each turn thought about once: no silent retries
        notes = [n.message for n in said(app) if "bot failed" in n.message]
        assert (
            notes[0]
            == f"Ben's bot failed (ValueError); it played the first legal move instead ({first.text})"
        )
        assert len(notes) == turns
        assert t.state.to_act == 0  # the human plays on


async def test_a_slow_bot_thinks_once_never_twice_at_once_and_the_screen_stays_live():
    """The old screen restarted a bot that had not answered 5 s past its delay: a bot thinking
    longer than that ran twice.  The bot here thinks about 6.5 s while keys are pressed."""
    t = _bot_leads("human", "bot", "bot")
    bot = t.bots[1] = SlowBot()
    app = CardTableApp(table_handles=[t.handle(0)], driver=t, bot_delay=0)
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            end = time.monotonic() + 6.5
            while time.monotonic() < end and bot.calls < 2:
                await pilot.press("l")  # the screen answers keys while the bot thinks
                await pilot.pause(0.25)
            assert "Ben is thinking" in screen_text(app)
            assert any("No trick has been completed" in n.message for n in said(app))
            assert bot.calls == 1 and not t.state.history
            bot.release.set()
            for _ in range(200):
                await pilot.pause(0.01)
                if t.state.history:
                    break
            await settle(pilot)
            assert bot.most == 1
            assert t.state.actors.count(1) == bot.calls  # one think per move, each applied once
    finally:
        bot.release.set()


async def test_a_hint_whose_bot_fails_says_so():
    """The old hint worker swallowed a failing bot: the player saw "Thinking…" and then nothing."""
    t = table_for(5, "human", "bot", "bot")
    assert t.state.to_act == 0

    def failing_hint(seat, level="hard"):
        raise ValueError("a bug in the bot")

    t.hint = failing_hint
    app = CardTableApp(table_handles=[t.handle(0)], driver=t, bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("h")
        for _ in range(100):
            await pilot.pause(0.02)
            if any("No hint" in n.message for n in said(app)):
                break
        assert any(n.message == "No hint this time: the bot failed (ValueError)" for n in said(app))
