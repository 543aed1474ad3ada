"""The Bacon heuristic bot: picks up and goes alone from hand strength, vetoes only for a
reason, discards a low side card, plays for its side; it beats random players seat-rotated."""

from __future__ import annotations

from games.bacon.bot import BaconBot, hand_estimate
from games.bots import make_bot
from games.core import Suit, parse_cards
from tests.games.test_bacon import deal, play

STRONG = "AH KH QH JH AS"


def choice(state, seed: int = 0) -> str:
    return BaconBot(seed).choose(state.view(state.to_act), state.legal_actions()).text


def test_is_registered_as_the_heuristic_bot():
    assert isinstance(make_bot("heuristic", "bacon", 1), BaconBot)


def test_goes_alone_with_a_hand_that_should_take_three_tricks_by_itself():
    st = deal(STRONG, "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D", "7S 8S 9S 10S JS", up="2H")
    assert hand_estimate(parse_cards(STRONG), Suit.HEARTS) >= 4
    assert choice(st) == "alone"


def test_picks_up_a_fair_hand_and_passes_a_weak_one():
    fair = deal(
        "AH 10H 7H AS 2C", "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D", "7S 8S 9S 10S JS", up="2H", go_alone=False
    )
    assert choice(fair) == "pick"
    weak = deal("3C 4C 5D 7S 9D", "2S 3S 4S 5S 6S", "2D 3D 4D 6D 8D", "7S 8S 9S 10S JS", up="2H")
    assert choice(weak) == "pass"


def test_no_alone_when_the_option_is_off():
    st = deal(STRONG, "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D", "7S 8S 9S 10S JS", up="2H", go_alone=False)
    assert choice(st) == "pick"


def test_lets_a_partners_call_stand_without_a_reason_to_veto():
    st = deal(STRONG, "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D", "7S 8S 9S 10S JS", up="2H")
    st.apply("alone")
    assert choice(st) == "accept"


def test_vetoes_going_alone_when_one_point_wins_the_match():
    st = deal(STRONG, "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D", "7S 8S 9S 10S JS", up="2H")
    st.team_scores = [9, 5]
    st.apply("alone")
    assert choice(st) == "veto_alone"


def test_vetoes_a_pick_up_that_would_hand_the_opponents_the_match_when_it_brings_nothing():
    st = deal("AH 10H 7H AS 2C", "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D", "7S 8S 9S 10S JS", up="2H")
    st.team_scores = [3, 8]
    st.apply("pick")
    assert choice(st) == "veto"  # seat 2 holds no heart and no ace: a set gives them 10


def test_the_taker_discards_a_low_side_card_from_a_short_suit_never_a_trump():
    st = deal("2H 3S 4S 5S 6S", "KC 3H 2D 9D 10D", "7S 8S 9S 10S JS", "2C 3C 4C 5C 6C", up="AH")
    play(st, "pick", "accept")  # seat 1 takes AH
    assert choice(st) == "discard 2D" or choice(st) == "discard KC"
    assert not choice(st).endswith("H")


def test_defenders_against_a_loner_cover_a_partners_low_lead_but_never_a_sure_winner():
    st = deal("AS 2D 3D 4D 5D", "KH QH JH 10H 9S", "2S 6D 7D 8D 9D", "3H 2C 3C 4C 5C", up="AH")
    play(st, "pass", "alone", "accept")  # seat 1 alone in hearts, seat 3 sits out; seat 2 takes AH
    play(st, "discard 6D", "2S")  # seat 2 leads a low spade; seat 0 plays next (seat 3 is out)
    assert choice(st) == "AS"  # the partner's 2S would lose: seat 0 takes it with its sure ace
    st = deal("3H 2D 3D 4D 5D", "KH QH JH 10H 9S", "AS 6D 7D 8D 9D", "2S 2C 3C 4C 5C", up="AH")
    play(st, "pass", "alone", "accept", "discard 6D", "AS")
    assert choice(st) == "2D"  # the partner's ace holds: no trump wasted on it


def test_beats_random_players_seat_rotated():
    """Heuristic partners against random partners, each side in both seat pairs."""
    from cardtable.cli import simulate_stats

    wins = 0
    for seats in ("heuristic,random,heuristic,random", "random,heuristic,random,heuristic"):
        stats = simulate_stats("bacon", 10, 0, seats, [])
        wins += sum(s["wins"] for s in stats["seats"] if s["bot"] == "heuristic") // 2
    assert wins >= 18


def test_the_expert_plays_low_under_its_partners_winning_king_where_the_drawn_deals_favour_the_ace():
    """tests/positions/bacon-b3-*: at these bot seeds the deals drawn by weight put AS ahead of
    3S by the luck of the draw (within the noise), and the expert keeps the heuristic's 3S
    (play_sure); it overtook its partner with AS at each of them before."""
    from games.bots import bot_task
    from tools.agreed import FOLDER, Agreed

    case = Agreed.load(FOLDER / "bacon-b3-low-under-partner.json")
    for seed in (0, 1, 3):
        state = case.position.replay()
        bot = make_bot("expert", "bacon", seed)
        assert bot_task(bot, state, state.to_act)().text == "3S", seed
        found = bot.last_estimates
        assert bot.solved and found["AS"].mean > found["3S"].mean, seed
