"""The expert bot (issue 34): deals, an exact solver of the last tricks, policy-based inference.

The solver's value of small endgames is checked against a plain minimax over every move (no
pruning, no table, no merged cards); inference is checked on a hand-made trick where a seat
followed high while it held a lower card; a seeded expert reproduces its match."""

from __future__ import annotations

import pytest

from games import arena, get_rules
from games.bots import Expert, Levels, bot_task, levels_of, make_bot
from games.bots.expert import ExpertBot, Solver, likelihood, merged
from games.bots.rollout import _reward
from games.bots.search import sides, standing, stop_at_next_deal
from games.core import GameState, parse_cards

SMALL = Expert(playouts=60, solve=3, solve_deals=12, merge=True, infer=0.1)


def _endgame(game: str, seed: int, cards: int) -> GameState:
    """A match of ``game`` played by normal bots until a card decision with every hand at most
    ``cards`` cards and more than one choice."""
    state = get_rules(game).new_game(None, None, seed)
    bots = [make_bot("normal", game, arena.bot_seed(seed, s)) for s in range(state.num_seats)]
    while state.to_act is not None:
        legal = state.legal_actions()
        if state.phase == "play" and max(len(h) for h in state.hands) <= cards and len(legal) > 1:
            return state
        state.apply(bot_task(bots[state.to_act], state, state.to_act)())
    pytest.skip(f"no {game} endgame of {cards} cards with seed {seed}")


def _minimax(state: GameState, seat: int, start: list[float], hand: int, mine: set[int]) -> float:
    """The seat's reward at the hand's end under best play, every move tried (the reference)."""
    if state.to_act is None or state.hand_number != hand:
        return _reward(state, start, seat)
    values = []
    for a in state.legal_actions():
        child = state.clone()
        stop_at_next_deal(child)
        child.apply(a)
        values.append(_minimax(child, seat, start, hand, mine))
    return max(values) if state.to_act in mine else min(values)


@pytest.mark.parametrize(
    ("game", "merge", "cards"),
    [
        ("tricks_n_trumps", True, 3),
        ("tricks_n_trumps", False, 4),
        ("pepper", True, 3),
        ("trump_suit", True, 4),
        ("trump_suit", False, 4),
    ],
)
def test_the_solver_values_an_endgame_as_a_full_minimax_does(game, merge, cards):
    checked = 0
    for seed in range(6):
        state = _endgame(game, seed, cards)
        seat = state.to_act
        mine = next(set(s) for s in sides(state) if seat in s)
        for action in state.legal_actions():
            world = state.clone()
            start, hand = standing(world), world.hand_number
            stop_at_next_deal(world)
            world.apply(action)
            exact = _minimax(world.clone(), seat, start, hand, mine)
            assert Solver(world, seat, start, hand, merge).value() == pytest.approx(exact), (seed, action)
            checked += 1
    assert checked >= 12


def test_merged_keeps_one_card_of_a_run_no_live_card_separates():
    state = _endgame("tricks_n_trumps", 2, 5)
    state.hands[state.to_act][:] = parse_cards("9C 10C QC 4D 6D")
    others = [s for s in range(state.num_seats) if s != state.to_act]
    state.hands[others[0]][:] = parse_cards("JC 5D 2S 3S 4S")  # JC splits the clubs; 5D the diamonds
    state.trick = ()
    state._legal_cache = None
    kept = {a.text for a in merged(state, list(state.legal_actions()))}
    assert kept in ({"9C", "QC", "4D", "6D"}, {"10C", "QC", "4D", "6D"})
    state.hands[others[0]][:] = parse_cards("2S 3S 4S 5S 6S")  # nothing left between them
    state._legal_cache = None
    assert len(merged(state, list(state.legal_actions()))) == 2  # one club, one diamond


def _followed_high() -> tuple[GameState, int, int]:
    """Tricks'N'Trumps (hearts trump): the leader leads the ace of clubs and the next seat follows
    with the king while it holds the three: (state, that seat, the third seat)."""
    state = get_rules("tricks_n_trumps").new_game(3, None, 1)
    lead = state.to_act
    follow, third = (lead + 1) % 3, (lead + 2) % 3
    state.hands[lead][:] = parse_cards("AC 7D 8D 9D 10D")
    state.hands[follow][:] = parse_cards("KC 3C 2S 4S 5S")
    state.hands[third][:] = parse_cards("6S 7S 8S 9S 10S")
    state._legal_cache = None
    state.apply(state.action_for("AC"))
    state.apply(state.action_for("KC"))
    assert state.to_act == third
    return state, follow, third


def test_inference_weighs_down_a_deal_where_a_follow_breaks_the_model():
    state, follow, third = _followed_high()
    lead = (third + 1) % 3
    holding_lower = state.clone()  # the follower kept 3C and played KC: unlikely
    no_lower = state.clone()  # the follower had no other club: KC was forced
    no_lower.hands[follow][no_lower.hands[follow].index(parse_cards("3C")[0])] = parse_cards("7D")[0]
    no_lower.hands[lead][no_lower.hands[lead].index(parse_cards("7D")[0])] = parse_cards("3C")[0]
    assert likelihood(holding_lower, third, 0.1) == pytest.approx(0.1)
    assert likelihood(no_lower, third, 0.1) == 1.0
    assert likelihood(holding_lower, third, 1.0) == 1.0  # an epsilon of 1: no inference


def test_inferred_deals_favour_the_deals_that_fit_the_plays():
    state, follow, third = _followed_high()
    three = parse_cards("3C")[0]
    bot = ExpertBot(levels_of("tricks_n_trumps").heuristic, 0, infer=0.05)
    worlds = state.sampler(third)
    weighed = bot._weighed(worlds, third)
    import random

    rng_plain, rng_weighed = random.Random(7), random.Random(7)
    plain = sum(three in worlds(rng_plain).hands[follow] for _ in range(200))
    inferred = sum(three in weighed(rng_weighed).hands[follow] for _ in range(200))
    assert inferred < plain / 2


def test_a_seeded_expert_reproduces_its_match(monkeypatch):
    heuristic = levels_of("tricks_n_trumps").heuristic
    monkeypatch.setattr("games.tricks_n_trumps.bot.BOT_LEVELS", Levels(heuristic, expert=SMALL))
    first = arena.play_match("tricks_n_trumps", ["expert", "normal", "normal"], 11)
    again = arena.play_match("tricks_n_trumps", ["expert", "normal", "normal"], 11)
    assert [a.text for a in first.history] == [a.text for a in again.history]
    assert first.result == again.result


def test_the_expert_solves_the_last_tricks_and_reports_it():
    state = _endgame("tricks_n_trumps", 3, 3)
    bot = SMALL.make(levels_of("tricks_n_trumps").heuristic, 4)
    action = bot_task(bot, state, state.to_act)()
    assert action in state.legal_actions()
    assert bot.last_stats["solved"] > 0
    early = get_rules("tricks_n_trumps").new_game(None, None, 3)
    assert bot_task(bot, early, early.to_act)() in early.legal_actions()
    assert bot.last_stats.get("solved", 0) == 0  # five cards a hand: played out, not solved


def test_parts_can_be_switched_off():
    heuristic = levels_of("tricks_n_trumps").heuristic
    deals_only = ExpertBot(heuristic, 0, solve=3, infer=0.1, parts=frozenset({"deals"}))
    assert deals_only.solve == 0 and deals_only.infer is None
    full = ExpertBot(heuristic, 0, solve=3, infer=0.1)
    assert full.solve == 3 and full.infer == 0.1


def test_a_declared_expert_is_made_for_the_expert_level_only(monkeypatch):
    heuristic = levels_of("tricks_n_trumps").heuristic
    monkeypatch.setattr("games.tricks_n_trumps.bot.BOT_LEVELS", Levels(heuristic, expert=SMALL))
    expert = make_bot("expert", "tricks_n_trumps", 1)
    assert isinstance(expert, ExpertBot) and expert.level == "expert" and expert.playouts == 60
    assert not isinstance(make_bot("hard", "tricks_n_trumps", 1), ExpertBot)


def test_an_endgame_too_big_for_the_solver_is_played_out(monkeypatch):
    monkeypatch.setattr("games.bots.expert.MAX_NODES", 5)
    state = _endgame("tricks_n_trumps", 3, 3)
    world = state.clone()
    start = standing(world)
    stop_at_next_deal(world)
    assert Solver(world, state.to_act, start, world.hand_number, True).value() is None
    bot = SMALL.make(levels_of("tricks_n_trumps").heuristic, 4)
    assert bot_task(bot, state, state.to_act)() in state.legal_actions()
    assert bot.last_stats["solved"] == 0 and bot.last_stats["playouts"] > 0
