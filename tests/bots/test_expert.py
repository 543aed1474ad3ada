"""The expert bot (issue 34): deals, an exact solver of the card play, policy-based inference.

The solver itself is held against a full minimax in test_solver.py; here: the expert solves the
card play it can reach and plays the look-ahead elsewhere, inference is checked on a hand-made
trick where a seat followed high while it held a lower card, and a seeded expert reproduces its
match."""

from __future__ import annotations

import pytest

from games import arena, get_rules
from games.bots import Expert, Levels, bot_task, levels_of, make_bot
from games.bots.expert import ExpertBot, _drawn, policy_weight
from games.core import GameState, parse_cards
from tests.games.test_bacon import deal as bacon_deal
from tests.games.test_pepper import deal as pepper_deal

from .test_solver import endgame

SMALL = Expert(deals=16, nodes=200_000, infer=0.1)


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
    model = levels_of("tricks_n_trumps").heuristic(0)  # it follows low when it cannot win: 3C
    assert policy_weight(holding_lower, third, model, 0.1) == pytest.approx(0.1)
    assert policy_weight(no_lower, third, model, 0.1) == 1.0
    assert policy_weight(holding_lower, third, model, 1.0) == 1.0  # an epsilon of 1: no inference
    assert policy_weight(holding_lower, follow, model, 0.1) == 1.0  # its own plays tell a seat nothing


def test_solved_deals_are_drawn_again_in_proportion_to_their_weights():
    import random

    drawn = _drawn(["a", "b", "c", "d"], [1.0, 0.0, 3.0, 0.0], random.Random(1))
    assert len(drawn) == 4 and drawn.count("a") == 1 and drawn.count("c") == 3
    assert _drawn(["a", "b"], [0.0, 0.0], random.Random(1)) == ["a", "b"]


def test_inferred_deals_favour_the_deals_that_fit_the_plays():
    state, follow, third = _followed_high()
    three = parse_cards("3C")[0]
    bot = make_bot("expert", "tricks_n_trumps", 0)
    assert isinstance(bot, ExpertBot)
    bot.infer = 0.05
    worlds = state.sampler(third)
    weighed = bot._weighed(worlds, third)
    import random

    rng_plain, rng_weighed = random.Random(7), random.Random(7)

    def lower_club(world) -> bool:  # a club below the king it followed with: the play was unlikely
        return any(c.suit is three.suit and c.rank < 13 for c in world.hands[follow])

    plain = sum(lower_club(worlds(rng_plain)) for _ in range(200))
    inferred = sum(lower_club(weighed(rng_weighed)) for _ in range(200))
    assert inferred < plain / 2


def test_the_look_ahead_draws_its_many_deals_from_one_weighed_pool():
    """A tree search asks for a deal at every iteration: inference weighs a pool of them once a
    decision (weighing each of thousands made a Contract Grid move take over a minute)."""
    import random

    from games.bots.expert import LOOK_AHEAD_POOL

    state, _, third = _followed_high()
    bot = make_bot("expert", "tricks_n_trumps", 0)
    assert isinstance(bot, ExpertBot)
    bot.infer = 0.05
    worlds, asked = state.sampler(third), []

    def counted(rng):
        asked.append(1)
        return worlds(rng)

    weighed = bot._weighed(counted, third)
    rng = random.Random(3)
    drawn = [weighed(rng) for _ in range(1000)]
    assert len(asked) == LOOK_AHEAD_POOL
    assert len({id(w) for w in drawn}) == 1000, "each deal drawn is a copy of its own"
    assert len({tuple(map(tuple, w.hands)) for w in drawn}) <= LOOK_AHEAD_POOL


def test_a_seeded_expert_reproduces_its_match(monkeypatch):
    heuristic = levels_of("tricks_n_trumps").heuristic
    monkeypatch.setattr("games.tricks_n_trumps.bot.BOT_LEVELS", Levels(heuristic, expert=SMALL))
    first = arena.play_match("tricks_n_trumps", ["expert", "normal", "normal"], 11)
    again = arena.play_match("tricks_n_trumps", ["expert", "normal", "normal"], 11)
    assert [a.text for a in first.history] == [a.text for a in again.history]
    assert first.result == again.result


def _small_expert(monkeypatch) -> None:
    heuristic = levels_of("tricks_n_trumps").heuristic
    look_ahead = levels_of("tricks_n_trumps").look_ahead
    monkeypatch.setattr("games.tricks_n_trumps.bot.BOT_LEVELS", Levels(heuristic, look_ahead, expert=SMALL))


def test_the_expert_solves_the_card_play_and_reports_it(monkeypatch):
    _small_expert(monkeypatch)
    state = endgame("tricks_n_trumps", 3, 5)
    bot = make_bot("expert", "tricks_n_trumps", 4)
    action = bot_task(bot, state, state.to_act)()
    assert action in state.legal_actions()
    assert bot.solved and bot.last_stats["solved"] == 16
    chosen = bot.last_estimates[action.text].mean
    assert all(e.mean <= chosen + 1e-9 for e in bot.last_estimates.values())
    assert all(len(e.deals) == 16 for e in bot.last_estimates.values())


def test_parts_can_be_switched_off():
    heuristic = levels_of("tricks_n_trumps").heuristic
    look_ahead = make_bot("hard", "tricks_n_trumps", 0)
    deals_only = ExpertBot(look_ahead, heuristic(0), 0, solve=5, infer=0.1, parts=frozenset({"deals"}))
    assert deals_only.solve == 0 and deals_only.infer is None
    full = ExpertBot(look_ahead, heuristic(0), 0, solve=5, infer=0.1)
    assert full.solve == 5 and full.infer == 0.1


def test_a_declared_expert_is_made_for_the_expert_level_only(monkeypatch):
    _small_expert(monkeypatch)
    expert = make_bot("expert", "tricks_n_trumps", 1)
    assert isinstance(expert, ExpertBot) and expert.level == "expert" and expert.deals == 16
    assert not isinstance(make_bot("hard", "tricks_n_trumps", 1), ExpertBot)
    assert expert.rng is expert.look_ahead.rng is expert.heuristic.rng  # one generator for all


def test_a_decision_too_big_for_the_solver_is_played_out(monkeypatch):
    _small_expert(monkeypatch)
    bot = make_bot("expert", "tricks_n_trumps", 4)
    bot.nodes = 100  # not one deal of a whole hand
    bot.look_ahead.set_budget(60)
    state = get_rules("tricks_n_trumps").new_game(None, None, 3)
    assert bot_task(bot, state, state.to_act)() in state.legal_actions()
    assert not bot.solved and bot.last_stats["playouts"] > 0


# -- bids judged by solved deals (Pepper declares them) ---------------------------------------


def _pepper_expert(monkeypatch, bids: int = 12):
    levels = levels_of("pepper")
    small = Expert(deals=16, nodes=400_000, infer=0.2, bids=bids)
    monkeypatch.setattr(
        "games.pepper.bot.BOT_LEVELS", Levels(levels.heuristic, levels.look_ahead, expert=small)
    )
    return make_bot("expert", "pepper", 5)


def test_a_hand_sure_of_every_trick_bids_big_pepper_on_solved_deals(monkeypatch):
    # seat 0 holds both bowers, A K of hearts and the black aces: six tricks in every deal
    bot = _pepper_expert(monkeypatch)
    st = pepper_deal("JH JD AH KH AS AC", "9S 10S QS 9C 10C QC", "9D 10D QD KD AD KS", "JS JC KC 9H 10H QH")
    action = bot_task(bot, st, 0)()
    assert action.text == "big_pepper" and bot.solved
    found = bot.last_estimates
    assert set(found) == {"pass", "bid 1", "big_pepper"}  # PepperBot.solved_choices
    assert all(len(e.deals) == 12 for e in found.values())
    assert found["big_pepper"].mean == pytest.approx(12.0)  # +12 in every deal, the opponents 0
    assert all(e.mean <= 12.0 for e in found.values())  # (a bid of 1 may lead to the same pepper)


def test_the_trump_is_judged_on_solved_deals_and_every_trump_weighed(monkeypatch):
    bot = _pepper_expert(monkeypatch)
    st = pepper_deal("JH JD AH KH AS AC", "9S 10S QS 9C 10C QC", "9D 10D QD KD AD KS", "JS JC KC 9H 10H QH")
    st.apply("bid 3")
    while st.phase == "bid":
        st.apply("pass")
    action = bot_task(bot, st, 0)()
    assert bot.solved and set(bot.last_estimates) == {a.text for a in st.legal_actions()}
    assert action.text == "trump H"  # hearts: all six tricks; any other trump gives some away
    assert bot.last_estimates["trump H"].mean > max(
        e.mean for t, e in bot.last_estimates.items() if t != "trump H"
    )


def test_solved_bids_are_a_pure_function_of_the_seed(monkeypatch):
    st = pepper_deal("9S 10S 9C JH QH KH", "9H 10H QS 9D 10D QC", "JD QD KD AD KS AS", "JS JC KC 10C AH AC")
    first = _pepper_expert(monkeypatch)
    a = bot_task(first, st, 0)()
    again = _pepper_expert(monkeypatch)
    b = bot_task(again, st, 0)()
    assert a == b and first.solved
    assert {t: e.mean for t, e in first.last_estimates.items()} == {
        t: e.mean for t, e in again.last_estimates.items()
    }


def test_the_bids_part_can_be_switched_off():
    heuristic = levels_of("pepper").heuristic
    look_ahead = make_bot("hard", "pepper", 0)
    off = ExpertBot(look_ahead, heuristic(0), 0, solve=6, bids=12, parts=frozenset({"deals", "solver"}))
    assert off.bids == 0
    assert ExpertBot(look_ahead, heuristic(0), 0, solve=6, bids=12).bids == 12


def test_bacon_judges_its_call_on_solved_deals(monkeypatch):
    """Solved bids in Bacon (its expert does not declare them: measured no better, bot.py): the five top hearts with a heart turned up take every
    trick alone in any deal (4 points, doubled for the loner), where a pick-up with the partner
    scores 2 and a pass nothing."""
    levels = levels_of("bacon")
    small = Expert(deals=16, nodes=400_000, infer=0.2, bids=12)
    monkeypatch.setattr(
        "games.bacon.bot.BOT_LEVELS", Levels(levels.heuristic, levels.look_ahead, expert=small)
    )
    bot = make_bot("expert", "bacon", 3)
    st = bacon_deal("AH KH QH JH 10H", "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D", "7S 8S 9S 10S JS", up="9H")
    action = bot_task(bot, st, 0)()
    assert bot.solved and action.text == "alone"
    assert bot.last_estimates["alone"].mean == pytest.approx(4.0)
    assert bot.last_estimates["pick"].mean == pytest.approx(2.0)


# -- choosing among the solved means (ExpertBot._pick) ------------------------------------


def _picker(play_sure: float = 0.0, plain: dict[str, float] | None = None) -> ExpertBot:
    bot = make_bot("expert", "bacon", 0)
    assert isinstance(bot, ExpertBot)
    bot.play_sure, bot._plain, bot._stats = play_sure, dict(plain or {}), {}
    return bot


def _found(**rewards: list[float]) -> tuple[list, dict]:
    from games.bots.estimates import Deal, Estimate
    from games.core import parse_card, play

    choices = [play(parse_card(text)) for text in rewards]
    found = {
        text: Estimate.of(text, [Deal(r, r, 0, None, 0, None) for r in values])
        for text, values in rewards.items()
    }
    return choices, found


def test_the_expert_plays_the_best_solved_mean_and_the_heuristics_card_where_it_is_as_good():
    choices, found = _found(AS=[1, 0, 1, 0], KS=[1, 1, 1, 0], QS=[1, 1, 1, 0])
    mine = choices[2]
    assert _picker()._pick(choices, found, mine) is mine  # KS is no better than the heuristic's QS
    assert _picker()._pick(choices, found, choices[0]).text == "KS"


def test_with_play_sure_a_card_ahead_only_by_the_luck_of_the_deals_leaves_the_heuristics_card():
    # KS beats AS on average, by less than two standard errors of the difference, and is worse on one deal
    choices, found = _found(AS=[1, 0, 1, 1, 0, 1], KS=[1, 1, 0, 1, 1, 1])
    mine = choices[0]
    assert _picker()._pick(choices, found, mine).text == "KS"
    assert _picker(play_sure=2)._pick(choices, found, mine) is mine
    # never worse and better on a single deal: it overrules, however small the gain
    choices, found = _found(AS=[1, 0, 1, 1, 0, 1], KS=[1, 1, 1, 1, 0, 1])
    assert _picker(play_sure=2)._pick(choices, found, choices[0]).text == "KS"


def test_a_tie_of_the_weighed_means_goes_to_the_better_plain_mean_over_the_deals_solved():
    choices, found = _found(AS=[1, 1, 0], KS=[1, 1, 0])
    assert _picker(plain={"AS": 0.5, "KS": 0.5})._pick(choices, found, choices[0]).text == "AS"
    assert _picker(plain={"AS": 0.5, "KS": 0.6})._pick(choices, found, choices[0]).text == "KS"
