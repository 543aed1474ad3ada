"""The bot runner (cardtable.pacer) on its own: a move thought out for a position that has gone
is dropped, a bot whose fallback is refused too is said once and left alone, a bot's illegal
choice is replaced, and two moves at once are refused."""

from __future__ import annotations

import asyncio
import random
import threading

from cardtable.pacer import QUICK_STEP, TRICK_PAUSE, Pacer, pause_before
from cardtable.session import SeatConfig, Table
from games.bots import Bot


class GatedBot(Bot):
    """Thinks until released, then plays its last legal action."""

    def __init__(self) -> None:
        super().__init__(0)
        self.release = threading.Event()
        self.calls = 0

    def choose(self, view, legal):
        self.calls += 1
        self.draws = [self.rng.random()]
        self.release.wait(10)
        self.draws.append(self.rng.random())  # the generator is its own while it thinks
        return legal[-1]


class IllegalBot(Bot):
    """Chooses a move the rules refuse."""

    def choose(self, view, legal):
        return "bid 99"


def _table(seed: int = 0) -> Table:
    seats = [SeatConfig("bot", n, "normal") for n in ("Ann", "Ben", "Cy")]
    table = Table.new("tricks_n_trumps", seats, None, seed)
    table.record_matches = False
    return table


async def _until(check, rounds: int = 500) -> None:
    for _ in range(rounds):
        if check():
            return
        await asyncio.sleep(0.01)
    assert check(), "gave up waiting"


async def test_a_move_thought_for_a_position_that_has_gone_is_dropped():
    table = _table()
    seat = table.state.to_act
    bot = table.bots[seat] = GatedBot()
    pacer = Pacer(table)
    moving = asyncio.create_task(pacer.move())
    await _until(lambda: bot.calls == 1)
    assert await pacer.move() is None  # the same seat and position: no second think (nor a reseed)
    played = table.submit(seat, table.state.legal_actions()[0])  # the position moves on meanwhile
    bot.release.set()
    assert await moving is None
    assert table.state.history == [played] and bot.calls == 1
    fresh = random.Random(f"{table.bot_seed}:{seat}:0")  # the table's reseeding rule
    assert bot.draws == [fresh.random(), fresh.random()]


async def test_a_second_paced_move_is_refused_while_one_is_under_way():
    table = _table()
    bot = table.bots[table.state.to_act] = GatedBot()
    pacer = Pacer(table)
    assert pacer.start(0)
    assert not pacer.start(0) and pacer.busy
    await _until(lambda: bot.calls == 1)
    bot.release.set()
    await _until(lambda: not pacer.busy)
    assert len(table.state.history) == 1 and bot.calls == 1


async def test_an_illegal_choice_is_replaced_by_the_first_legal_move_and_said():
    table = _table()
    seat = table.state.to_act
    table.bots[seat] = IllegalBot(0)
    first = table.state.legal_actions()[0]
    notes: list[str] = []
    assert await Pacer(table, note=notes.append).move() == first
    assert notes == [
        f"{table.names[seat]}'s bot failed (IllegalActionError); it played the first legal move "
        f"instead ({first.text})"
    ]


async def test_when_even_the_fallback_is_refused_the_pacer_says_so_once_and_leaves_the_position():
    table = _table()
    seat = table.state.to_act
    table.bots[seat] = IllegalBot(0)
    refuse = table.submit_if

    def broken(version, s, action):  # a rules bug: every move is refused
        raise ValueError("broken rules")

    table.submit_if = broken
    notes: list[str] = []
    pacer = Pacer(table, note=notes.append)
    assert await pacer.move() is None
    assert pacer.due() is None and await pacer.move() is None  # no loop over the same position
    assert len(notes) == 1 and "the table waits" in notes[0]
    table.submit_if = refuse
    assert not table.state.history


def test_pause_before_a_bots_own_next_choice_and_after_a_trick():
    table = _table()
    assert pause_before(table, 0.6) == 0.6
    assert pause_before(table, 0.6, trick_up=True) == 0.6 * TRICK_PAUSE
    grid = Table.new("contract_grid", [SeatConfig("bot", n, "random") for n in ("Ann", "Ben", "Cy")], None, 1)
    grid.record_matches = False
    for _ in range(400):  # until a bot that has just chosen a square (no card) chooses again
        state = grid.state
        if state.history and state.actors[-1] == state.to_act and state.history[-1].kind != "play":
            break
        grid.play_bot()
    else:
        raise AssertionError("no bot chose twice in a row")
    assert pause_before(grid, 0.6) == (0.3 if state.history[-1].kind == "draw" else QUICK_STEP)


def test_a_move_nobody_else_sees_is_followed_at_once_so_its_pace_tells_nothing():
    """PQ-5 (issue 29): a bot elder that keeps a carte blanche quiet starts its exchange at the
    pace of an elder who was never asked."""
    from games.core import parse_cards

    table = Table.new("piquet", [SeatConfig("bot", n, "normal") for n in ("Ann", "Ben")], None, 1)
    table.record_matches = False
    state = table.state
    blank = parse_cards("AS 10S 9S 8S 7S AH 10H 9H AD 10D AC 10C")
    rest = [c for c in state.pack if c not in blank]
    hands = [rest[:12], blank] if state.elder == 1 else [blank, rest[:12]]
    state.begin_hand(hands[0], hands[1], rest[12:])
    state._legal_cache = None
    assert pause_before(table, 0.6) == 0.6
    state.apply("sink blanche")
    assert pause_before(table, 0.6) == 0.0
    state.apply(state.legal_actions()[0])  # a pick: the usual quick step after it
    assert pause_before(table, 0.6) == QUICK_STEP
