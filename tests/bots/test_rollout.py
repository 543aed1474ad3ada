"""The rollout bot (issue 13): the heuristic's playouts over possible worlds, the same worlds for
every choice; it never receives a true state, reproduces for a seed, keeps the heuristic's move
unless another one is clearly better, and finishes a match of every game with a heuristic."""

from __future__ import annotations

import random

import pytest

from games import all_rules, get_rules
from games.bots import Playouts, bot_task, heuristic_of, levels_of, make_bot
from games.bots.estimates import Deal
from games.bots.expert import ExpertBot
from games.bots.rollout import RolloutBot, _paired
from games.core import Action, GameState, SeatView


def _first_card_decision(game: str, seed: int = 4) -> GameState:
    state = get_rules(game).new_game(None, None, seed)
    while not (state.phase == "play" and len(state.legal_actions()) > 1):
        state.apply(state.legal_actions()[0])
    return state


def _heuristic(game: str):
    return type(make_bot("normal", game, 0))


class Spy(RolloutBot):
    """A rollout bot that records what it is handed and every world it deals."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.received: list = []
        self.dealt: list = []

    def choose(self, view, legal, worlds=None):
        self.received.append((view, list(legal), worlds))

        def spying(rng):
            world = worlds(rng)
            self.dealt.append(world.clone())
            return world

        return super().choose(view, legal, spying)

    def _playout(self, world, action, seat, seed):
        self.played = getattr(self, "played", [])
        self.played.append((action, [sorted(c.text for c in h) for h in world.hands], seed))
        return super()._playout(world, action, seat, seed)


def test_hard_and_expert_are_rollout_bots_where_the_game_says_so():
    games = [r.name for r in all_rules() if isinstance(levels_of(r.name).look_ahead, Playouts)]
    assert games, "some games declare Playouts in their BOT_LEVELS"
    for game in games:
        look = levels_of(game).look_ahead
        hard, expert = make_bot("hard", game, 1), make_bot("expert", game, 1)
        if levels_of(game).expert is not None:  # a game's own expert looks ahead with the same bot
            assert isinstance(expert, ExpertBot)
            expert = expert.look_ahead
        assert isinstance(hard, RolloutBot) and isinstance(expert, RolloutBot)
        assert hard.level == "hard" and expert.level == "expert"
        assert expert.playouts == look.expert
        assert hard.playouts == look.hard and hard.wants_worlds
        assert type(hard.heuristic) is _heuristic(game)


def test_it_gets_a_view_the_legal_actions_and_worlds_never_the_state():
    state = _first_card_decision("tricks_n_trumps")
    seat = state.to_act
    spy = Spy(_heuristic("tricks_n_trumps"), 1, playouts=60)
    action = bot_task(spy, state, seat)()
    assert action in state.legal_actions()
    ((view, legal, worlds),) = spy.received
    assert isinstance(view, SeatView) and view == state.view(seat)
    assert not isinstance(worlds, GameState) and not any(isinstance(x, GameState) for x in (view, *legal))
    others = [sorted(c.text for c in h) for s, h in enumerate(state.hands) if s != seat]
    assert all(
        [sorted(c.text for c in h) for s, h in enumerate(w.hands) if s != seat] != others
        for w in spy.dealt[1:]
    )


def test_every_choice_is_played_out_on_the_same_worlds():
    """Common random numbers: world k is dealt once and each live choice plays it with the same
    stream for the heuristic seats."""
    state = _first_card_decision("tricks_n_trumps", seed=9)
    spy = Spy(_heuristic("tricks_n_trumps"), 2, playouts=80)
    bot_task(spy, state, state.to_act)()
    by_world: dict = {}
    for action, hands, seed in spy.played:
        by_world.setdefault(seed, []).append((action, hands))
    assert len(by_world) == spy.last_stats["worlds"] > 1
    for plays in by_world.values():
        assert len({a.text for a, _ in plays}) == len(plays), "each choice once a world"
        assert all(hands == plays[0][1] for _, hands in plays), "the same deal for every choice"
    first = next(iter(by_world.values()))
    assert len(first) == spy.last_stats["choices"]


def test_it_is_deterministic_for_a_seed_and_keeps_to_its_budget():
    state = _first_card_decision("tricks_n_trumps", seed=9)
    picks = set()
    for _ in range(2):
        bot = make_bot("hard", "tricks_n_trumps", 5)
        picks.add(bot_task(bot, state, state.to_act)())
        assert bot.last_stats["playouts"] <= bot.playouts + bot.last_stats["choices"]
    assert len(picks) == 1


def test_the_heuristics_move_stands_unless_another_is_clearly_better():
    bot = RolloutBot(_heuristic("tricks_n_trumps"), 0, margin=1.0)
    a, b, c = (Action("play", None, t, t, t) for t in ("a", "b", "c"))

    def deals(rewards):
        return [Deal(r, r, 0, None, 0, None) for r in rewards]

    noisy = deals([1.0, -1.0] * 10)  # b: no better than a on average
    assert bot._pick([a, b], {a: deals([0.0] * 20), b: noisy}, a) is a
    better = deals([1.0, 0.5] * 10)  # c: better on every world
    assert bot._pick([a, b, c], {a: deals([0.0] * 20), b: noisy, c: better}, a) is c
    mean, err = _paired([2.0, 4.0], [1.0, 1.0])
    assert mean == 2.0 and err == pytest.approx(1.0)


def test_without_worlds_it_plays_its_heuristic():
    state = _first_card_decision("tricks_n_trumps")
    view, legal = state.view(state.to_act), list(state.legal_actions())
    bot = make_bot("hard", "tricks_n_trumps", 3)
    assert bot.choose(view, legal) == make_bot("normal", "tricks_n_trumps", 3).choose(view, legal)


def test_its_estimates_are_the_playouts_of_each_choice_on_the_same_deals():
    """games.bots.estimates: one Deal a playout, deal i of every choice played on the same
    possible deal; the means the bot decided on are the estimates' means."""
    state = _first_card_decision("tricks_n_trumps", seed=9)
    spy = Spy(_heuristic("tricks_n_trumps"), 1, playouts=60)
    bot_task(spy, state, state.to_act)()
    seeds = [seed for _, _, seed in spy.played]
    assert spy.last_estimates
    for text, est in spy.last_estimates.items():
        assert est.n == len(est.deals) > 0
        assert est.mean == pytest.approx(spy.last_stats["means"][text])
        mine = [seed for a, _, seed in spy.played if a.text == text]
        assert mine == sorted(set(seeds), key=seeds.index)[: est.n]


def test_a_rollout_never_runs_into_the_next_hand():
    state = _first_card_decision("tricks_n_trumps", seed=3)
    bot = RolloutBot(_heuristic("tricks_n_trumps"), 1, playouts=30)
    world = state.sampler(state.to_act)(random.Random(1))
    hand = world.hand_number
    bot._playout(world, world.legal_actions()[0], state.to_act, 7)
    assert world.hand_number == hand + 1 or world.is_over
    assert world.to_act is None


HEURISTIC_GAMES = [r for r in all_rules() if heuristic_of(r.name)]


@pytest.mark.parametrize("rules", HEURISTIC_GAMES, ids=lambda r: r.name)
def test_a_rollout_bot_finishes_a_match_of_every_game(rules):
    """Enough playouts to play out two-way decisions (strength is not the point):
    every move legal, the match ends, and a take-back is never chosen."""
    state = rules.new_game(rules.default_seats, dict(rules.random_play_options), 2)
    bots = [
        RolloutBot(_heuristic(rules.name), s, playouts=24) if s == 0 else make_bot("random", rules.name, s)
        for s in range(rules.default_seats)
    ]
    steps = played_out = 0
    while not state.is_over:
        seat = state.to_act
        action = bot_task(bots[seat], state, seat)()
        assert (
            seat != 0
            or not state.takes_back(action)
            or all(state.takes_back(a) for a in state.legal_actions())
        )
        state.apply(action)
        steps += 1
        assert steps < 20_000
        played_out += bool(bots[0].last_stats.get("worlds")) if seat == 0 else 0
    assert state.outcome() is not None
    assert played_out > 0


def test_a_rollout_bot_plays_at_a_full_table():
    """Eight seats of Bourré: a heuristic for every seat of the playouts."""
    rules = get_rules("bourre")
    state = rules.new_game(8, None, 3)
    bot = RolloutBot(_heuristic("bourre"), 1, playouts=40)
    for _ in range(30):
        if state.is_over:
            break
        state.apply(bot_task(bot, state, state.to_act)())
    assert len(bot._players) == 8


def test_preferences_discard_among_twelve_is_the_heuristics():
    """max_choices (Preference's BOT_LEVELS): picking the discard from twelve cards is left to the heuristic (playing it
    out cost seconds and found nothing); a bid among fewer choices is played out."""
    from tests.bots.test_search import _advance_to

    state = _advance_to("preference", 3, "discard")
    seat = state.to_act
    view, legal = state.view(seat), list(state.legal_actions())
    assert len(legal) > 8
    hard = make_bot("hard", "preference", 7)
    assert bot_task(hard, state, seat)() == make_bot("normal", "preference", 7).choose(view, legal)
    assert "worlds" not in hard.last_stats
    bid = _advance_to("preference", 3, "bid")
    hard = make_bot("hard", "preference", 7)
    bot_task(hard, bid, bid.to_act)()
    assert len(bid.legal_actions()) <= 8 and hard.last_stats["worlds"] >= 12


def test_it_plays_out_only_the_candidates_its_heuristic_names():
    """``Bot.candidates``: moves the heuristic leaves out get no playouts; with its own move the
    only candidate there is nothing to play out."""
    state = _first_card_decision("tricks_n_trumps", seed=9)
    base = _heuristic("tricks_n_trumps")
    named: list = []

    class Narrow(base):
        def candidates(self, view, choices, keep):
            named.append(len(choices))
            return [keep, *[a for a in choices if a != keep][:1]] if self.two else [keep]

    for two in (True, False):
        Narrow.two = two
        spy = Spy(Narrow, 2, playouts=80)
        mine = Narrow(2).choose(state.view(state.to_act), state.legal_actions())
        bot_task(spy, state, state.to_act)()
        played = {a.text for a, _, _ in getattr(spy, "played", [])}
        assert played == (
            {mine.text, next(a for a in state.legal_actions() if a != mine).text} if two else set()
        )
    assert named and named[0] > 2


def test_a_heuristic_with_a_horizon_stops_each_playout_there_and_judges_the_position():
    """``Bot.horizon``/``Bot.judge``: the playout makes the choice and ``horizon`` more moves, and
    its reward is the hand's so far plus the seat's chance to win from there, as the heuristic
    judges it, on the scale of a match's result."""
    from games.bots.rollout import WIN, _reward
    from games.bots.search import standing

    base = _heuristic("tricks_n_trumps")
    judged: list = []

    class Short(base):
        horizon = 3

        def judge(self, view):
            judged.append(view.seat)
            return 0.25

    state = _first_card_decision("tricks_n_trumps", seed=9)
    seat = state.to_act
    world = state.sampler(seat)(random.Random(1))
    start = standing(world)
    moves: list = []
    apply = world.apply
    world.apply = lambda a: (moves.append(a), apply(a))[1]
    bot = RolloutBot(Short, 1, playouts=40)
    reward = bot._playout(world, state.legal_actions()[0], seat, 7).reward
    assert len(moves) == 1 + Short.horizon and judged == [seat]
    assert reward == _reward(world, start, seat) + WIN * (2 * 0.25 - 1)


def test_a_result_shared_by_several_sides_is_worth_the_seats_share_of_a_win():
    """A Page One game that runs out of cards is a draw everyone shares (PO-1's end): worth a
    quarter of a win to each of four, not a win; partners share a side's win in full."""
    from games.bots.rollout import WIN, _reward
    from games.core import Outcome, TrickGame

    class Ended(TrickGame):
        """A finished four-seat match: just what the reward reads."""

        def __init__(self, winners, teams=()) -> None:
            self.scores, self.num_seats, self.sides = [0, 0, 0, 0], 4, teams
            self.result = Outcome((0, 0, 0, 0), winners, "")

        def _teams(self):
            return self.sides

    def world(winners, teams=()):
        return Ended(winners, teams)

    start = [0.0] * 4
    assert _reward(world((2,)), start, 2) == WIN and _reward(world((2,)), start, 0) == -WIN
    assert _reward(world((0, 1, 2, 3)), start, 1) == -WIN / 2
    assert _reward(world((0, 2), ((0, 2), (1, 3))), start, 2) == WIN
    assert _reward(world((0, 2), ((0, 2), (1, 3))), start, 1) == -WIN


def test_without_a_horizon_a_playout_cut_by_the_safety_stop_is_not_judged(monkeypatch):
    """Only a heuristic with a horizon is asked to judge; a playout stopped by ``MAX_STEPS`` is
    scored as it stands."""
    import games.bots.rollout as rollout
    from games.bots.search import standing

    base = _heuristic("tricks_n_trumps")

    class NoJudge(base):
        def judge(self, view):
            raise AssertionError("judged without a horizon")

    monkeypatch.setattr(rollout, "MAX_STEPS", 2)
    state = _first_card_decision("tricks_n_trumps", seed=9)
    seat = state.to_act
    world = state.sampler(seat)(random.Random(1))
    start = standing(world)
    reward = RolloutBot(NoJudge, 1, playouts=40)._playout(world, state.legal_actions()[0], seat, 7).reward
    assert world.to_act is not None and reward == rollout._reward(world, start, seat)
