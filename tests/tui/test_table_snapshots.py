"""Snapshots of issue 32 at 80x24: each game's decision with its longest prompt, the trick at the
seats for 2 to 8 seats, and the cards lying in the middle of the table.

Regenerate after an intended change with ``pytest tests/tui/test_table_snapshots.py
--snapshot-update`` and look at the SVGs before committing them.
"""

from __future__ import annotations

import pytest

from cardtable.session import SeatConfig, Table
from games import all_rules, get_rules

from .helpers import local_app
from .test_every_decision import decisions

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gil", "Hal")


def _table(game: str, seed: int, history: list[str], n: int | None = None) -> Table:
    rules = get_rules(game)
    n = n or rules.default_seats
    table = Table.new(
        game, [SeatConfig("human" if i == 0 else "bot", NAMES[i], "random") for i in range(n)], None, seed
    )
    for text in history:
        table.submit(table.state.to_act, text)
    table.record_matches = False
    return table


def _app(table: Table):
    app = local_app(table)
    app.bot_delay = 30  # the bots wait: the moment stays on the screen
    return app


def _longest_prompt(game: str) -> Table:
    best = None
    for seed, history in decisions(game).values():
        table = _table(game, seed, history)
        if best is None or len(table.view(0).prompt) > len(best.view(0).prompt):
            best = table
    return best


@pytest.mark.parametrize("game", [r.name for r in all_rules()])
def test_longest_prompt_80x24(snap_compare, game):
    """The game's decision with the longest prompt at 80x24: the prompt whole (on two lines if it
    needs them) under the felt, every choice whole in the bar below it, the hand under that."""
    assert snap_compare(_app(_longest_prompt(game)), terminal_size=(80, 24))


def _mid_trick(game: str, n: int, seed: int = 4) -> Table:
    """Seat 0 to play with every other seat's card on the table."""
    for s in range(seed, seed + 40):
        table = _table(game, s, [], n)
        state = table.state
        for _ in range(300):
            if state.is_over:
                break
            view = state.view(0)
            if state.to_act == 0 and len(view.trick) == n - 1 and any(a.kind == "play" for a in view.legal):
                return table
            table.submit(state.to_act, state.legal_actions()[0])
    raise AssertionError(f"no full trick for {n} seats of {game}")


SEATED = [("tricks_n_trumps", n) for n in range(2, 7)] + [("cucumber", 7), ("bourre", 8)]


@pytest.mark.parametrize(("game", "n"), SEATED, ids=[f"{n}_seats" for _, n in SEATED])
def test_trick_at_the_seats_80x24(snap_compare, game, n):
    """Every other seat's card lies in front of its seat: across the top under the top seats'
    boxes, at the left and right edges beside the side seats (below the top row's cards), and the
    winner's card framed; with seven or eight seats the top row's cards overlap, each corner in
    sight, or the trick is written by seat when faces do not fit."""
    assert snap_compare(_app(_mid_trick(game, n)), terminal_size=(80, 24))


def _empty_table(game: str, seed: int, want) -> Table:
    for s in range(seed, seed + 40):
        table = _table(game, s, [])
        state = table.state
        for _ in range(300):  # the first hands only
            if state.is_over:
                break
            view = state.view(0)
            if state.to_act == 0 and not view.trick and view.last_trick is None and want(view):
                return table
            table.submit(state.to_act, state.legal_actions()[0])
    raise AssertionError(f"no such moment in {game}")


CENTRES = {
    "bacon": lambda v: bool(v.up_cards),  # the upcard
    "page_one": lambda v: v.hand_number >= 1,  # the stock (a back and its count), the discard pile
    "piquet": lambda v: v.phase == "exchange",  # the talon face down with its count
    "preference": lambda v: v.phase == "bid",  # the talon face down
    "rams": lambda v: v.phase == "decide",  # the upcard, the widow face down with its count, the pot
    "trump_suit": lambda v: v.phase == "play",  # the trump pile and the draw deck
}


@pytest.mark.parametrize("game", list(CENTRES))
def test_centre_cards_80x24(snap_compare, game):
    """The cards lying in the middle of an empty table drawn as cards, each pile labelled
    beneath (upcard, stock 23, discard, talon 5...)."""
    assert snap_compare(_app(_empty_table(game, 1, CENTRES[game])), terminal_size=(80, 24))
