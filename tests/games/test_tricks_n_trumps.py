"""Tricks'N'Trumps scenarios: one test per rule of the seed text (003) and per TN-x note."""

from __future__ import annotations

import pytest

from games.core import JOKER, BadOptionError, IllegalActionError, Suit, parse_cards, trick_winner
from games.tricks_n_trumps import RULES


def table(*hands: str, leader: int = 0, played: str = "", **options):
    """A hand in progress: seats hold ``hands`` (card notation), ``leader`` leads, ``played`` is already on the table."""
    state = RULES.new_game(len(hands), options, seed=1)
    state.hands = [parse_cards(h) for h in hands]
    state.won = [() for _ in hands]
    state.trick, state.last_trick = (), None
    state.leader = state.to_act = leader
    state._legal_cache = None
    for text in played.split():
        state.apply(text)
    return state


def legal(state) -> list[str]:
    return [a.text for a in state.legal_actions()]


def play_trick(state, cards: str) -> int:
    for text in cards.split():
        state.apply(text)
    return state.last_trick.winner


def play_out(state, until=lambda s: s.is_over):
    """Play the first legal card until ``until(state)``; deterministic."""
    while not until(state):
        state.apply(state.legal_actions()[0])
    return state


# ---------------------------------------------------------------- trumps and the joker


def test_joker_is_the_highest_heart_and_beats_the_ace_of_hearts():
    state = table("AH 3C", "JK 4C", "2H 5C")
    assert play_trick(state, "AH JK 2H") == 1
    r = state.ranking
    assert r.is_trump(JOKER) and r.suit_of(JOKER) is Suit.HEARTS
    assert trick_winner(parse_cards("AH KH JK"), r) == 2


def test_any_heart_beats_an_ace_of_another_suit():
    assert play_trick(table("AS 3C", "2H 4C", "KS 5C"), "AS 2H KS") == 1


def test_a_joker_lead_calls_for_hearts():
    state = table("JK 3C", "5H 4C", "6D 7C", played="JK")
    assert legal(state) == ["5H"]
    with pytest.raises(
        IllegalActionError, match=r"4C is not legal for seat 2: you must follow hearts \(you hold 5H\)"
    ):
        state.apply("4C")
    state.apply("5H")
    assert sorted(legal(state)) == ["6D", "7C"]  # void in hearts: anything
    state.apply("7C")
    assert state.last_trick.winner == 0


def test_joker_must_be_played_to_a_heart_lead_when_it_is_the_only_heart():
    state = table("5H 3C", "JK 4C", "6D 7C", played="5H")
    assert legal(state) == ["JK"]
    with pytest.raises(IllegalActionError, match=r"you must follow hearts \(you hold JK\)"):
        state.apply("4C")


def test_joker_may_be_played_to_a_heart_lead_when_holding_other_hearts():
    state = table("5H 3C", "JK 2H 4C", "6D 7C", played="5H")
    assert sorted(legal(state)) == ["2H", "JK"]
    state.apply("JK")
    state.apply("7C")
    assert state.last_trick.winner == 1


# ---------------------------------------------------------------- following and winning


def test_follow_suit_when_able():
    state = table("9S 3C", "2S AH", "KD 7C", played="9S")
    assert legal(state) == ["2S"]
    with pytest.raises(
        IllegalActionError, match=r"AH is not legal for seat 2: you must follow spades \(you hold 2S\)"
    ):
        state.apply("AH")


def test_a_void_player_may_discard_there_is_no_obligation_to_trump():
    state = table("3C 4S", "5H 7D", "9C 2S", played="3C")
    assert sorted(legal(state)) == ["5H", "7D"]
    assert play_trick(state, "7D 9C") == 2  # the discard cannot win: highest club takes it


def test_highest_trump_wins():
    assert play_trick(table("KC 4S", "3H 7D", "5H 2S"), "KC 3H 5H") == 2


def test_without_trumps_the_highest_card_of_the_led_suit_wins():
    assert play_trick(table("3C 4S", "9C 7D", "AD 2S"), "3C 9C AD") == 1


def test_the_lead_wins_when_nobody_follows_or_trumps():
    assert play_trick(table("3C 4S", "9D 7D", "AS 2S"), "3C 9D AS") == 0


def test_the_trick_winner_leads_next():
    state = table("3C 4S", "9C 7D", "AD 2S")
    play_trick(state, "3C 9C AD")
    assert state.to_act == 1 and state.leader == 1
    assert sorted(legal(state)) == ["7D"]  # one card left, any lead allowed


def test_left_of_the_dealer_leads_and_the_deal_passes_left():
    state = RULES.new_game(4, seed=3)
    dealer = state.dealer
    assert state.to_act == (dealer + 1) % 4
    assert all(len(h) == 5 for h in state.hands)
    play_out(state, until=lambda s: s.hand_number == 2)
    assert state.dealer == (dealer + 1) % 4 and state.to_act == (dealer + 2) % 4
    assert sorted(state.pack, key=lambda c: c.index) == sorted(
        [c for z in state.zones().values() for c in z], key=lambda c: c.index
    )  # all cards shuffled again


def test_one_point_per_trick_by_default():
    state = play_out(RULES.new_game(3, seed=4), until=lambda s: s.hands_played == 1)
    assert sum(state.scores) == 5
    hand = next(e for e in state.events if e.kind == "hand")
    assert len(hand.lines) == 3 and " × 1 = " in hand.lines[0]


# ---------------------------------------------------------------- match length (TN-2) and seats (TN-1)


@pytest.mark.parametrize("seats, rounds", [(3, 1), (4, 1), (2, 3)])
def test_match_is_rounds_times_players_deals(seats, rounds):
    state = play_out(RULES.new_game(seats, {"rounds": rounds}, seed=5))
    assert sum(1 for e in state.events if e.kind == "hand") == rounds * seats
    assert state.hands_played == rounds * seats
    assert sum(state.outcome().scores) == 5 * rounds * seats
    assert "every player has dealt" in state.outcome().reason


def test_ahead_ending_stops_at_the_first_hand_with_a_big_enough_lead():
    state = RULES.new_game(3, {"ending": "ahead", "ahead_by": 4}, seed=6)
    leads = []
    while not state.is_over:
        before = state.hands_played
        state.apply(state.legal_actions()[0])
        if state.hands_played != before:
            top, second = sorted(state.scores, reverse=True)[:2]
            leads.append(top - second)
    assert leads[-1] >= 4 and all(lead < 4 for lead in leads[:-1])
    assert "4 points ahead" in state.outcome().reason
    assert state.outcome().winners == (max(range(3), key=lambda s: state.scores[s]),)


def test_highest_total_wins_and_a_tie_is_shared():
    for seed in range(200):
        state = play_out(RULES.new_game(2, seed=seed))
        out = state.outcome()
        if out.is_shared:
            break
    else:
        pytest.fail("no shared win among 200 seeds")
    assert out.winners == (0, 1) and out.scores[0] == out.scores[1]
    assert "share the win" in state.events[-1].text


@pytest.mark.parametrize("seats", [2, 6])
def test_two_to_six_players(seats):
    assert RULES.new_game(seats, seed=1).num_seats == seats


@pytest.mark.parametrize("seats", [1, 7])
def test_other_player_counts_are_refused(seats):
    with pytest.raises(BadOptionError, match=f"Tricks'N'Trumps is for 2 to 6 players, not {seats}"):
        RULES.new_game(seats)


# ---------------------------------------------------------------- options (TN-3 variations)


def test_lowest_rank_strips_low_cards():
    state = RULES.new_game(3, {"lowest_rank": 7}, seed=2)
    assert len(state.deck()) == 33  # 4 suits x 8 ranks (7..A) + the joker
    assert JOKER in state.deck()
    assert all(c.suit is None or c.rank >= 7 for c in state.deck())
    assert all(c.suit is None or c.rank >= 7 for h in state.hands for c in h)


def test_hand_size_deals_more_cards():
    state = RULES.new_game(4, {"hand_size": 8}, seed=2)
    assert [len(h) for h in state.hands] == [8, 8, 8, 8]
    play_out(state, until=lambda s: s.hands_played == 1)
    assert sum(state.scores) == 8


def test_points_per_trick():
    state = play_out(RULES.new_game(3, {"points_per_trick": 3}, seed=2), until=lambda s: s.hands_played == 1)
    assert sum(state.scores) == 15 and all(s % 3 == 0 for s in state.scores)
    assert "× 3" in next(e for e in state.events if e.kind == "hand").lines[0]


def _first_turn_up(predicate, seats=3):
    for seed in range(2000):
        state = RULES.new_game(seats, {"turn_up_trump": True}, seed=seed)
        if predicate(state.up_cards[0]):
            return state
    pytest.fail("no such turn-up in 2000 seeds")


def test_turn_up_trump_sets_the_trump_suit_and_the_joker_stays_top_trump():
    state = _first_turn_up(lambda c: c.suit is Suit.SPADES)
    r = state.ranking
    assert r.trumps == (Suit.SPADES,) and not r.is_trump(parse_cards("AH")[0])
    assert r.suit_of(JOKER) is Suit.SPADES
    assert trick_winner(parse_cards("AS JK KS"), r) == 1
    assert trick_winner(parse_cards("AH 2S"), r) == 1  # hearts are now a plain suit
    assert state.view(0).extra.trump_suit == "S"
    assert "spades are trump" in [e for e in state.events if e.kind == "deal"][-1].text
    # the joker now follows spades: a spade lead forces it out of a hand with no other spade
    state.hands = [parse_cards("5S 3C"), parse_cards("JK 4H"), parse_cards("6D 7C")]
    state.trick, state.to_act, state._legal_cache = [], 0, None
    state.apply("5S")
    assert legal(state) == ["JK"]


def test_turned_up_joker_means_hearts_are_trump():
    state = _first_turn_up(lambda c: c == JOKER)
    assert state.ranking.trumps == (Suit.HEARTS,) and state.ranking.suit_of(JOKER) is Suit.HEARTS
    assert "turning up JK; hearts are trump" in [e for e in state.events if e.kind == "deal"][-1].text
    assert JOKER in state.zones()["stock"]  # the turned-up card stays out of play


def test_turned_up_card_is_not_dealt():
    state = _first_turn_up(lambda c: True)
    up = state.up_cards[0]
    assert all(up not in h for h in state.hands)


# ---------------------------------------------------------------- bad options and illegal actions


@pytest.mark.parametrize(
    "seats, options, message",
    [
        (
            3,
            {"hand_size": 20},
            "3 players × hand_size=20 needs 60 cards, but lowest_rank=2 leaves a pack of 53",
        ),
        (
            2,
            {"hand_size": 11, "lowest_rank": 10, "turn_up_trump": True},
            "2 players × hand_size=11 plus a turned-up card needs 23 cards, but lowest_rank=10 leaves a pack of 21",
        ),
        (3, {"lowest_rank": 11}, "option lowest_rank=11 is out of range: use a whole number 2..10"),
        (3, {"ending": "never"}, "option ending=never is not allowed: use rounds, ahead"),
        (3, {"turn_up_trump": "maybe"}, "option turn_up_trump='maybe' is not allowed: use true or false"),
        (3, {"rounds": "many"}, "option rounds='many' is not a number"),
        (3, {"jokers": 2}, "unknown option 'jokers' for tricks_n_trumps"),
    ],
)
def test_bad_options_are_refused_with_clear_messages(seats, options, message):
    with pytest.raises(BadOptionError) as exc:
        RULES.new_game(seats, options)
    assert message in str(exc.value)


def test_illegal_action_messages():
    state = table("9S 3C", "2S AH", "KD 7C")
    with pytest.raises(IllegalActionError, match="KD is not legal for seat 1: you do not hold that card"):
        state.apply("KD")
    with pytest.raises(IllegalActionError, match="not legal for seat 1"):
        state.apply("ZZ")
    state.apply("9S")
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match=r"you must follow spades \(you hold 2S\)"):
        state.apply("ah")
    assert state.snapshot() == before  # a refused action changes nothing


def test_nothing_is_legal_once_the_match_is_over():
    state = play_out(RULES.new_game(2, seed=9))
    assert state.legal_actions() == [] and state.to_act is None
    with pytest.raises(IllegalActionError, match="the match is over"):
        state.apply("2C")


def test_clones_deal_the_same_future_hands_and_stay_independent():
    """clone() forks the rng lazily (games/core/clone.py): every copy must still draw the same cards."""
    ref = play_out(RULES.new_game(3, seed=11), until=lambda s: len(s.history) == 14)
    a = ref.clone()
    b = a.clone()
    c = b.clone()
    b.apply(b.legal_actions()[-1])  # b diverges for one card; the others must not notice
    for state in (ref, a, c):
        play_out(state, until=lambda s: s.hand_number == 2)
    assert ref.hands == a.hands == c.hands
    assert ref.snapshot() == a.snapshot() == c.snapshot()
    play_out(b, until=lambda s: s.hand_number == 2)
    assert b.hands == ref.hands  # the same shuffle even though b played differently


# ---------------------------------------------------------------- the hand limit (TN-4, issue 11)


def test_ahead_ending_has_no_silent_stop_at_500_hands_TN_4():
    """TN-4 (added): the old safety stop ended ``ahead`` matches at 500 hands and claimed that every
    player had dealt 83 times; now only the declared hand_limit stops a match short."""
    state = RULES.new_game(3, {"ending": "ahead"}, seed=6)
    state.hands_played = 499
    state.scores = [1000, 1000, 998]
    play_out(state, until=lambda s: s.hands_played == 500)
    assert not state.is_over or "points ahead" in state.outcome().reason


def test_hand_limit_ends_an_ahead_match_and_says_so_TN_4():
    state = RULES.new_game(4, {"ending": "ahead", "ahead_by": 50, "hand_limit": 5}, seed=6)
    play_out(state)
    assert state.hands_played == 5 and state.outcome().reason == "hand limit of 5 reached"
    best = max(state.scores)
    assert state.outcome().winners == tuple(s for s in range(4) if state.scores[s] == best)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"ending": "ahead", "rounds": 3}, "option rounds=3 applies only with ending=rounds"),
        ({"ahead_by": 5}, "option ahead_by=5 applies only with ending=ahead"),
        ({"hand_limit": 50}, "option hand_limit=50 applies only with ending=ahead"),
    ],
)
def test_options_the_ending_ignores_are_refused_TN_4(options, message):
    with pytest.raises(BadOptionError) as exc:
        RULES.new_game(3, options)
    assert message in str(exc.value)
    RULES.new_game(
        3, {"ending": "ahead", "rounds": 1, "hand_limit": None}, 1
    )  # defaults pass (records list them)
