"""The easy level is a beginner (issue 34): its slips are what beginners do, never random noise."""

from __future__ import annotations

from games import get_rules
from games.bots import EasyBot, make_bot
from games.bots.beginner import follow_high, lead_badly, overbid, slip
from games.core import GameState, parse_cards
from games.cucumber import RULES as CUCUMBER
from games.tricks_n_trumps import RULES as TNT


def tnt(*hands: str, played: str = "") -> GameState:
    """A Tricks'N'Trumps hand (hearts trump) with ``hands`` dealt and ``played`` on the table."""
    state = TNT.new_game(len(hands), seed=1)
    state.hands = [parse_cards(h) for h in hands]
    state.trick, state.last_trick = (), None
    state.leader = state.to_act = 0
    state._legal_cache = None
    for text in played.split():
        state.apply(text)
    return state


def test_a_beginner_follows_with_its_highest_card():
    state = tnt("9S 2C", "10S 3C 4D", "AS 7S 2S 2D", played="9S 10S")
    view, legal = state.view(2), state.legal_actions()
    low = next(a for a in legal if a.text == "2S")
    assert follow_high(view, legal).text == "AS"
    assert slip(view, legal, low).text == "AS"


def test_a_beginner_leads_away_from_its_king_and_otherwise_its_highest_card():
    state = tnt("KS 4S 9C JD", "2C 3C 4D 5D", "2D 7S 8S 9S")
    legal = state.legal_actions()
    assert lead_badly(state.view(0), legal).text == "4S"  # a low spade from the king without the ace
    state = tnt("AS KS 4S 9C", "2C 3C 4D 5D", "2D 7S 8S 9S")
    assert lead_badly(state.view(0), state.legal_actions()).text == "AS"


def test_a_beginner_overbids():
    pepper = get_rules("pepper").new_game(4, {}, 3)
    while not any(a.kind == "bid" for a in pepper.legal_actions()):
        pepper.apply(pepper.legal_actions()[0])
    legal = pepper.legal_actions()
    numbered = [a for a in legal if a.kind == "bid"]
    passing = next(a for a in legal if a.kind == "pass")
    assert overbid(legal, passing) == numbered[0]  # a bid where it would have passed
    assert overbid(legal, numbered[0]) == numbered[1]  # one more than its hand is worth
    assert overbid(legal, numbered[-1]) is None


def test_the_easy_bot_plays_the_heuristic_or_a_beginners_slip_never_noise():
    state = tnt("9S 2C", "10S 3C 4D", "AS 7S 2S 2D 3D", played="9S 10S")
    view, legal = state.view(2), state.legal_actions()
    normal = make_bot("normal", "tricks_n_trumps", 0).choose(view, legal)
    easy = make_bot("easy", "tricks_n_trumps", 0)
    assert isinstance(easy, EasyBot)
    picks = set()
    for k in range(80):
        easy.rng.seed(k)
        picks.add(easy.choose(view, legal).text)
    assert picks == {normal.text, "AS"}, "the heuristic's 2S, or the beginner's highest spade"


def test_a_cucumber_beginner_ducks_with_its_lowest_card():
    state = CUCUMBER.new_game(3, seed=2)
    state.hands = [parse_cards("2C 9D KS"), parse_cards("3C 4D 5S"), parse_cards("6C 7D 8S")]
    state.leader = state.to_act = 0
    state._legal_cache = None
    view, legal = state.view(0), state.legal_actions()
    heuristic = make_bot("normal", "cucumber", 0)
    mine = heuristic.choose(view, legal)
    assert mine.text == "KS"  # sheds its highest card while it may
    assert heuristic.beginner(view, legal, mine).text == "2C"
