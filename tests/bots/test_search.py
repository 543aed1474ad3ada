"""The search bot (issue 13): it never receives a true state, it is deterministic for a seed,
it plays every registered game to the end, and the levels map to the right bots."""

from __future__ import annotations

import random

import pytest

from games import all_rules, get_rules
from games.bots import LEVELS, Bot, EasyBot, bot_task, level_name, make_bot
from games.bots.expert import ExpertBot
from games.bots.search import SearchBot
from games.core import BadOptionError, GameState, SeatView


class Spy(SearchBot):
    """A search bot that records everything it is handed."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.received: list = []

    def choose(self, view, legal, worlds=None):
        self.received.append((view, list(legal), worlds))
        return super().choose(view, legal, worlds)


def _first_card_decision(game: str, seed: int = 4) -> GameState:
    """A state early in a hand where the seat to act has a choice and others hold cards."""
    state = get_rules(game).new_game(None, None, seed)
    while not (state.phase == "play" and len(state.legal_actions()) > 1):
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game", ["tricks_n_trumps", "trump_suit", "rams"])
def test_a_search_bot_gets_a_view_the_legal_actions_and_worlds_never_the_state(game):
    state = _first_card_decision(game)
    seat = state.to_act
    spy = Spy(1, iterations=30)
    action = bot_task(spy, state, seat)()
    assert action in state.legal_actions()
    ((view, legal, worlds),) = spy.received
    assert isinstance(view, SeatView) and view == state.view(seat)
    assert [a.text for a in legal] == [a.text for a in state.legal_actions()]
    assert not isinstance(worlds, GameState) and not any(isinstance(x, GameState) for x in (view, *legal))
    # the worlds callable keeps no hidden card: its copy of the table has the hidden places empty
    for place in worlds.places:
        assert list(place.read(worlds.base)) == list(place.known)
    others = [sorted(c.text for c in h) for s, h in enumerate(state.hands) if s != seat]
    dealt = [
        [sorted(c.text for c in h) for s, h in enumerate(worlds(random.Random(k)).hands) if s != seat]
        for k in range(5)
    ]
    assert all(d != others for d in dealt), "worlds deal the other hands afresh, not the true ones"
    assert all(worlds(random.Random(k)).hands[seat] == state.hands[seat] for k in range(3))


def test_ordinary_bots_are_asked_without_worlds():
    state = _first_card_decision("tricks_n_trumps")

    class Plain(Bot):
        def choose(self, view, legal):  # the old two-argument signature still works
            return legal[0]

    assert bot_task(Plain(0), state, state.to_act)() == state.legal_actions()[0]


def test_the_search_is_deterministic_for_a_seed():
    state = _first_card_decision("tricks_n_trumps", seed=9)
    choices = {bot_task(SearchBot(5, iterations=200), state, state.to_act)() for _ in range(2)}
    assert len(choices) == 1
    bot = SearchBot(5, iterations=200)
    bot_task(bot, state, state.to_act)()
    assert sum(bot.last_stats["visits"].values()) == 200


def test_without_worlds_a_search_bot_falls_back_to_its_heuristic():
    state = _first_card_decision("trump_suit")
    bot = make_bot("hard", "trump_suit", 3)
    heuristic = make_bot("normal", "trump_suit", 3)
    view, legal = state.view(state.to_act), list(state.legal_actions())
    assert bot.choose(view, legal) == heuristic.choose(view, legal)


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.name)
def test_a_search_bot_finishes_a_match_of_every_game(rules):
    """A few iterations a move (strength is not the point here): every move legal, the match ends."""
    state = rules.new_game(rules.default_seats, dict(rules.random_play_options), 2)
    bots = [
        SearchBot(s, iterations=4) if s == 0 else make_bot("random", rules.name, s)
        for s in range(rules.default_seats)
    ]
    steps = 0
    while not state.is_over:
        seat = state.to_act
        action = bot_task(bots[seat], state, seat)()
        state.apply(action)  # IllegalActionError would fail the test
        steps += 1
        assert steps < 20_000
    assert state.outcome() is not None


def test_levels_and_their_old_names():
    assert LEVELS == ("random", "easy", "normal", "hard", "expert")
    assert level_name("Heuristic") == "normal" and level_name("search") == "hard"
    with pytest.raises(BadOptionError, match="unknown bot level 'genius'"):
        make_bot("genius", "tricks_n_trumps")
    assert isinstance(make_bot("easy", "rams", 1), EasyBot)
    assert type(make_bot("heuristic", "rams", 1)) is type(make_bot("normal", "rams", 1))
    hard, expert = make_bot("hard", "rams", 1), make_bot("expert", "rams", 1)
    assert isinstance(hard, SearchBot) and hard.wants_worlds
    # a declared expert (games.bots.expert): the same tree search, longer, where it does not solve
    assert isinstance(expert, ExpertBot) and isinstance(expert.look_ahead, SearchBot)
    assert expert.look_ahead.iterations > hard.iterations


def test_hard_bacon_leaves_picking_up_to_the_heuristic():
    """cards_only (Bacon's BOT_LEVELS): in Bacon the search plays the cards; the auction stays the normal bot's."""
    state = get_rules("bacon").new_game(None, None, 3)
    assert state.phase != "play" and state.to_act is not None
    hard, normal = make_bot("hard", "bacon", 7), make_bot("normal", "bacon", 7)
    assert hard.cards_only
    view, legal = state.view(state.to_act), list(state.legal_actions())
    assert bot_task(hard, state, state.to_act)() == normal.choose(view, legal)
    assert "visits" not in hard.last_stats


def test_rewards_are_gains_over_the_opponents_with_a_bonus_at_the_match_end():
    from types import SimpleNamespace

    world = SimpleNamespace(scores=[10, 4, 7], num_seats=3, result=None, carried=lambda: [0.0] * 3)
    bot = SearchBot(0, iterations=1)
    bot.search(lambda rng: get_rules("tricks_n_trumps").new_game(3, None, 1), 0)  # sets up the ranges
    assert bot._rewards(world, [0, 0, 0]) == [10 - 5.5, 4 - 8.5, 7 - 7.0]
    won = SimpleNamespace(winners=(2,))
    over = SimpleNamespace(scores=[10, 4, 7], num_seats=3, result=won, carried=lambda: [0.0] * 3)
    r = bot._rewards(over, [0, 0, 0])
    assert r[2] > r[0] > r[1], "the match winner's reward tops the others"


def test_in_a_game_of_penalty_points_the_search_plays_to_gain_fewer():
    """Cucumber's points count against their taker: a seat that gains fewer is rewarded more."""
    from types import SimpleNamespace

    world = SimpleNamespace(
        scores=[10, 4, 7],
        num_seats=3,
        result=None,
        LOW_SCORES_WIN=True,
        carried=lambda: [0.0] * 3,
    )
    bot = SearchBot(0, iterations=1)
    bot.search(lambda rng: get_rules("tricks_n_trumps").new_game(3, None, 1), 0)  # sets up the ranges
    rewards = bot._rewards(world, [0, 0, 0])
    assert rewards[1] > rewards[2] > rewards[0]
    assert get_rules("cucumber").new_game(4, None, 1).LOW_SCORES_WIN
    assert not get_rules("tricks_n_trumps").new_game(3, None, 1).LOW_SCORES_WIN


def _advance_to(game: str, seed: int, phase: str) -> GameState:
    """A state of ``game`` where someone must decide in ``phase``, reached with normal bots' moves."""
    state = get_rules(game).new_game(None, None, seed)
    bots = [make_bot("normal", game, s) for s in range(state.num_seats)]
    while state.phase != phase or len(state.legal_actions()) < 2:
        state.apply(bot_task(bots[state.to_act], state, state.to_act)())
    return state


def _asks_the_heuristic(game: str, state: GameState) -> None:
    """The hard bot's move at ``state`` is the normal bot's, and it ran no search for it."""
    seat = state.to_act
    hard, normal = make_bot("hard", game, 7), make_bot("normal", game, 7)
    view, legal = state.view(seat), list(state.legal_actions())
    assert bot_task(hard, state, seat)() == normal.choose(view, legal)
    assert "visits" not in hard.last_stats


def test_hard_bacon_passes_a_hand_the_plain_search_took_alone():
    """Seed 7, first to speak: J-6-4 of spades, the 10 of clubs and the king of diamonds under a 5
    of clubs upcard.  The plain search went alone (opponents who pick up at random in its
    playouts make any call look good); cards_only hands the auction to the heuristic: pass."""
    state = get_rules("bacon").new_game(None, None, 7)
    assert state.phase == "auction"
    assert make_bot("hard", "bacon", 7).cards_only
    _asks_the_heuristic("bacon", state)
    assert bot_task(make_bot("hard", "bacon", 7), state, state.to_act)().text == "pass"


@pytest.mark.parametrize("phase", ["veto", "discard"])
def test_hard_bacon_leaves_vetoes_and_the_discard_to_the_heuristic(phase):
    state = get_rules("bacon").new_game(None, None, 12)
    state.apply(state.legal_actions()[0])  # the first to speak picks it up: the partner may veto
    if phase == "discard":
        state.apply(next(a for a in state.legal_actions() if a.text == "accept"))
    assert state.phase == phase
    _asks_the_heuristic("bacon", state)


def test_hard_bacon_still_searches_its_card_play():
    state = _first_card_decision("bacon")
    bot = make_bot("hard", "bacon", 7)
    bot_task(bot, state, state.to_act)()
    assert sum(bot.last_stats["visits"].values()) == bot.iterations


@pytest.mark.parametrize("phase", ["drop", "bid"])
def test_hard_contract_grid_leaves_the_trump_and_the_bids_to_the_heuristic(phase):
    """The search's visits spread evenly over the squares: random tricks cannot value a bid."""
    _asks_the_heuristic("contract_grid", _advance_to("contract_grid", 5, phase))


def test_hard_contract_grid_overrules_the_heuristics_card_only_by_two_standard_errors():
    bot = make_bot("hard", "contract_grid", 7)
    assert bot.cards_only and bot.trust == 2.0
    state = _advance_to("contract_grid", 5, "play")
    normal = make_bot("normal", "contract_grid", 7)
    move = bot_task(bot, state, state.to_act)()
    assert "visits" in bot.last_stats
    if not bot.last_stats.get("overruled"):
        assert move == normal.choose(state.view(state.to_act), list(state.legal_actions()))


@pytest.mark.parametrize(
    "game, phase, back", [("preference", "discard", "discard"), ("piquet", "exchange", "keep")]
)
def test_the_search_never_puts_a_picked_card_back(game, phase, back):
    """With cards picked for a discard, putting one back only undoes part of the choice: the hard
    bot never chooses it (a search that valued picking and putting back alike picked and put back
    the same cards for thousands of moves and never finished its Preference match)."""
    state = _advance_to(game, 3, phase)
    seat, bot, offered = state.to_act, make_bot("hard", game, 5), set()
    for _ in range(40):  # pick as the hard bot does, up to the confirmation
        if state.phase != phase or state.to_act != seat:
            break
        takebacks = [a for a in state.legal_actions() if state.takes_back(a)]
        offered |= {a.kind for a in takebacks}
        action = bot_task(bot, state, seat)()
        assert action not in takebacks
        state.apply(action)
    assert state.phase != phase or state.to_act != seat, "the discard was confirmed"
    assert offered == {back}, "cards were picked, so putting them back was on offer"


def test_take_backs_are_the_games_own_undo_moves():
    """Which legal actions take back: Simple Strange's staged card, Piquet's and Preference's picks."""
    for game, phase in (("simple_strange", "play"), ("preference", "discard"), ("piquet", "exchange")):
        state = _advance_to(game, 3, phase)
        assert not any(state.takes_back(a) for a in state.legal_actions())
        first = next(a for a in state.legal_actions() if a.card is not None)
        state.apply(first)  # staged, or picked
        back = [a for a in state.legal_actions() if state.takes_back(a)]
        assert back and all(a.kind == "takeback" or a.card == first.card for a in back)


def test_a_world_the_game_cannot_play_never_reaches_the_table():
    """A search that fails in a possible world falls back to the bot's move without worlds and
    warns (WorldWarning, an error in this suite, so a resampling bug cannot hide)."""
    state = _first_card_decision("trump_suit")

    class Broken(SearchBot):
        def choose(self, view, legal, worlds=None):
            if worlds is not None:
                raise IndexError("a declared run the world does not hold")
            return super().choose(view, legal)

    from games.bots import WorldWarning

    bot = Broken(3, iterations=10, fallback=make_bot("normal", "trump_suit", 3))
    with pytest.warns(WorldWarning, match="a possible world failed"):
        action = bot_task(bot, state, state.to_act)()
    view, legal = state.view(state.to_act), list(state.legal_actions())
    assert action == make_bot("normal", "trump_suit", 3).choose(view, legal)
