"""The exact solver of the card play (games.bots.solver, issue 34).

Its values are held against a plain minimax through the game's own rules (every move tried, no
pruning, no table, no merged cards) on small endgames of every game that offers positions;
equivalent cards are merged only where no live card separates them; a search past its node
limit stops."""

from __future__ import annotations

import random

import pytest

from games import all_rules, arena, get_rules
from games.bots import bot_task, make_bot
from games.bots.rollout import _reward
from games.bots.search import sides, standing, stop_at_next_deal
from games.bots.solver import MaxN, Solver, TooBig, merged_runs
from games.core import GameState, TrickGame, parse_cards

OFFERING = sorted(r.name for r in all_rules() if r.state_class.exact_play is not TrickGame.exact_play)


def endgame(game: str, seed: int, cards: int, options: dict | None = None) -> GameState:
    """A match of ``game`` played by normal bots until a card decision with every hand at most
    ``cards`` cards, more than one choice and a position offered."""
    state = get_rules(game).new_game(None, options, seed)
    bots = [make_bot("normal", game, arena.bot_seed(seed, s)) for s in range(state.num_seats)]
    while state.to_act is not None:
        legal = state.legal_actions()
        if max(len(h) for h in state.hands) <= cards and len(legal) > 1 and state.exact_play() is not None:
            return state
        state.apply(bot_task(bots[state.to_act], state, state.to_act)())
    pytest.skip(f"no {game} endgame of {cards} cards with seed {seed}")


def minimax(state: GameState, seat: int, start: list[float], hand: int, mine: set[int]) -> float:
    """The seat's reward at the hand's end under best play, every move tried (the reference)."""
    if state.to_act is None or state.hand_number != hand:
        return _reward(state, start, seat)
    values = []
    for a in state.legal_actions():
        child = state.clone()
        stop_at_next_deal(child)
        child.apply(a)
        values.append(minimax(child, seat, start, hand, mine))
    return max(values) if state.to_act in mine else min(values)


@pytest.mark.parametrize("game", OFFERING)
def test_the_solver_values_an_endgame_as_a_full_minimax_does(game):
    checked = 0
    for seed in range(5):
        state = endgame(game, seed, 3)
        seat = state.to_act
        mine = next(set(s) for s in sides(state) if seat in s)
        position = state.exact_play()
        assert position is not None
        solved = Solver(state, position, seat).values(state.legal_actions())
        for action in state.legal_actions():
            world = state.clone()
            start, hand = standing(world), world.hand_number
            stop_at_next_deal(world)
            world.apply(action)
            exact = minimax(world, seat, start, hand, mine)
            assert solved[action].reward == pytest.approx(exact), (seed, action)
            checked += 1
    assert checked >= 6


def test_a_shared_memo_gives_the_same_values():
    state = endgame("tricks_n_trumps", 4, 4)
    seat, legal = state.to_act, state.legal_actions()
    alone = Solver(state, state.exact_play(), seat).values(legal)
    memo: dict = {}
    Solver(state, state.exact_play(), seat, memo).values(legal)
    again = Solver(state, state.exact_play(), seat, memo)
    assert {a: d.reward for a, d in again.values(legal).items()} == {a: d.reward for a, d in alone.items()}
    assert again.replays == 0  # every end was scored already


@pytest.mark.parametrize("game", OFFERING)
def test_every_deal_of_a_decision_keeps_its_values_with_a_memo_shared_between_them(game):
    """The expert solves the deals of one decision with one memo (games.bots.expert): each
    deal must be worth what it is alone.  Cucumber's last trick was keyed by its cards in the
    deal's own numbering, so a shared memo scored one deal's end for another deal's cards (a
    position with an agreed move showed it: the expert kept the wrong card for the last trick)."""
    changed = []
    for seed in range(3):
        state = endgame(game, seed, 3)
        seat, legal = state.to_act, state.legal_actions()
        deal = state.sampler(seat)
        memo: dict = {}
        for i in range(8):
            world = deal(random.Random(i))
            shared = Solver(world, world.exact_play(), seat, memo).values(legal)
            alone = Solver(world, world.exact_play(), seat).values(legal)
            if {a: d.reward for a, d in shared.items()} != {a: d.reward for a, d in alone.items()}:
                changed.append((seed, i))
    assert not changed


def test_merged_keeps_one_card_of_each_run_no_live_card_separates():
    state = endgame("tricks_n_trumps", 2, 5)
    me = state.to_act
    others = [s for s in range(state.num_seats) if s != me]
    state.hands[me][:] = parse_cards("9C 10C QC 4D 6D")
    state.hands[others[0]][:] = parse_cards("JC 5D 2S 3S 4S")  # JC splits the clubs; 5D the diamonds
    state.hands[others[1]][:] = parse_cards("5S 6S 7S 8S 9S")
    state.trick = ()
    p = state.exact_play()
    moves = merged_runs(p.hands[me], p.hands, p.trick, p.suit_masks, p.suit)
    assert {c.text for c in p.in_bits(moves)} == {"10C", "QC", "4D", "6D"}
    state.hands[others[0]][:] = parse_cards("2S 3S 4S 10S JS")  # nothing left between them
    p = state.exact_play()
    moves = merged_runs(p.hands[me], p.hands, p.trick, p.suit_masks, p.suit)
    assert {c.text for c in p.in_bits(moves)} == {"QC", "6D"}


def test_a_search_past_its_node_limit_stops():
    state = get_rules("tricks_n_trumps").new_game(None, None, 3)
    with pytest.raises(TooBig):
        Solver(state, state.exact_play(), state.to_act, max_nodes=50).values(state.legal_actions())


def maxn(state: GameState, me: int, start: list[float], hand: int) -> tuple[float, ...]:
    """Every seat's reward at the hand's end when each seat picks what is best for its own side,
    and of equal cards the one worst for ``me`` (the reference, every move tried)."""
    if state.to_act is None or state.hand_number != hand:
        return tuple(_reward(state, start, s) for s in range(state.num_seats))
    seat, best = state.to_act, None
    for a in state.legal_actions():
        child = state.clone()
        stop_at_next_deal(child)
        child.apply(a)
        v = maxn(child, me, start, hand)
        if best is None or v[seat] > best[seat] + 1e-9 or (v[seat] > best[seat] - 1e-9 and v[me] < best[me]):
            best = v
    assert best is not None
    return best


@pytest.mark.parametrize("game", ["tricks_n_trumps", "agram", "rams", "cucumber", "bourre"])
def test_max_n_values_an_endgame_as_a_full_max_n_does(game):
    checked = 0
    for seed in range(4):
        state = endgame(game, seed, 3)
        seat = state.to_act
        solved = MaxN(state, state.exact_play(), seat).values(state.legal_actions())
        for action in state.legal_actions():
            world = state.clone()
            start, hand = standing(world), world.hand_number
            stop_at_next_deal(world)
            world.apply(action)
            assert solved[action].reward == pytest.approx(maxn(world, seat, start, hand)[seat]), (
                seed,
                action,
            )
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("game", ["pepper", "tricks_n_trumps", "bacon"])
def test_the_value_of_a_position_is_the_full_minimax_for_every_seat(game):
    """Solver.value (the expert's solved bids): the position's worth under best play, whoever is
    to act, for the seat to act and for every other seat."""
    checked = 0
    for seed in range(4):
        state = endgame(game, seed, 3)
        position = state.exact_play()
        assert position is not None
        start, hand = standing(state), state.hand_number
        for seat in range(state.num_seats):
            mine = next(set(s) for s in sides(state) if seat in s)
            world = state.clone()
            stop_at_next_deal(world)
            exact = minimax(world, seat, start, hand, mine)
            found = Solver(state, state.exact_play(), seat, start=start).value()
            assert found.reward == pytest.approx(exact), (seed, seat)
            checked += 1
    assert checked >= 8


@pytest.mark.parametrize("seed", range(3))
def test_cucumber_endgames_of_four_cards_solve_as_a_full_minimax(seed):
    """Cucumber's ends are keyed by what its score reads (who took the last trick, with which
    rank, who tied it) and its tables leave out the tricks before the last (no end reads them):
    both exact, on endgames long enough for tricks played in another order to meet again."""
    state = endgame("cucumber", seed, 4)
    seat = state.to_act
    solver = Solver(state, state.exact_play(), seat)
    solved = solver.values(state.legal_actions())
    for action in state.legal_actions():
        world = state.clone()
        start, hand = standing(world), world.hand_number
        stop_at_next_deal(world)
        world.apply(action)
        exact = minimax(world, seat, start, hand, {seat})
        assert solved[action].reward == pytest.approx(exact), (seed, action)


def test_cucumber_deals_of_six_cards_keep_their_values_with_a_memo_keyed_by_rank():
    """The expert's deals share one memo of the hand's ends; keyed by rank, not by card, they
    share most of it, and each deal is still worth what it is alone."""
    state = endgame("cucumber", 1, 6)
    seat, legal = state.to_act, state.legal_actions()
    deal = state.sampler(seat)
    memo: dict = {}
    replays = alone_replays = 0
    for i in range(6):
        world = deal(random.Random(i))
        shared = Solver(world, world.exact_play(), seat, memo)
        alone = Solver(world, world.exact_play(), seat)
        assert {a: d.reward for a, d in shared.values(legal).items()} == {
            a: d.reward for a, d in alone.values(legal).items()
        }, i
        replays += shared.replays
        alone_replays += alone.replays
    assert replays < alone_replays  # the deals met the same ends
