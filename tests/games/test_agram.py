"""Agram scenarios: one test per rule of the seed text (001, Agram) and per AG-x note."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games import get_rules
from games.agram import HAND_SIZE, RULES
from games.core import BadOptionError, IllegalActionError, Suit, deck_agram, parse_card, parse_cards


def table(
    *hands: str, leader: int = 0, dealer: int | None = None, trick: int = 1, played: str = "", **options
):
    """A game in progress: seats hold ``hands``; ``leader`` leads trick number ``trick``; the
    cards in ``played`` are then played in turn (to the right)."""
    n = len(hands)
    state = RULES.new_game(n, options, seed=1)
    state.hands = [parse_cards(h) for h in hands]
    dealt = {c for h in state.hands for c in h}
    state.out = [c for c in deck_agram() if c not in dealt]
    state.won = [() for _ in hands]
    state.voids = [() for _ in hands]
    state.trick, state.last_trick = (), None
    state.trick_number = trick
    state.dealer = (leader + 1) % n if dealer is None else dealer
    state.leader = state.to_act = leader
    state._legal_cache = None
    for text in played.split():
        state.apply(text)
    return state


def legal(state) -> list[str]:
    return [a.text for a in state.legal_actions()]


def play_all(state, cards: str) -> None:
    for text in cards.split():
        state.apply(text)


def finish_randomly(state, seed: int = 0):
    rng = random.Random(seed)
    while not state.is_over:
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    return state


# ---------------------------------------------------------------- the pack and the deal


def test_the_pack_is_35_cards_without_the_ace_of_spades():
    pack = deck_agram()
    assert len(pack) == 35 and len(set(pack)) == 35
    assert parse_card("AS") not in pack
    assert {c.text for c in pack if c.rank == 14} == {"AC", "AD", "AH"}
    assert all(3 <= c.rank <= 10 or c.rank == 14 for c in pack)
    assert Counter(c.suit for c in pack) == {Suit.SPADES: 8, Suit.HEARTS: 9, Suit.DIAMONDS: 9, Suit.CLUBS: 9}


@pytest.mark.parametrize("seats", range(2, 6))
def test_each_player_gets_six_cards_and_the_rest_stay_out(seats):
    state = RULES.new_game(seats, None, seed=4)
    assert all(len(h) == HAND_SIZE for h in state.hands)
    assert len(state.out) == 35 - 6 * seats
    assert Counter(c for z in state.zones().values() for c in z) == Counter(deck_agram())


def test_the_deal_goes_in_two_batches_of_three_from_the_dealers_right():
    state = RULES.new_game(3, None, seed=9)
    deck = deck_agram()
    rng = random.Random(9)  # the match's random numbers: the first dealer, then the shuffle
    dealer = rng.randrange(3)
    rng.shuffle(deck)
    assert state.dealer == dealer
    right, across = (dealer - 1) % 3, (dealer - 2) % 3
    expect = {
        right: deck[-3:][::-1] + deck[-12:-9][::-1],
        across: deck[-6:-3][::-1] + deck[-15:-12][::-1],
        dealer: deck[-9:-6][::-1] + deck[-18:-15][::-1],
    }
    for s, cards in expect.items():
        assert state.hands[s] == cards, f"seat {s}"


# ---------------------------------------------------------------- direction of play


def test_the_player_on_the_dealers_right_leads_and_play_goes_counter_clockwise():
    state = RULES.new_game(4, None, seed=2)
    d = state.dealer
    assert state.to_act == (d - 1) % 4  # seats are numbered clockwise: the right is seat - 1
    order = []
    for _ in range(4):
        order.append(state.to_act)
        state.apply(state.legal_actions()[0])
    assert order == [(d - 1) % 4, (d - 2) % 4, (d - 3) % 4, d]  # ...through to the dealer


def test_the_view_says_play_runs_counter_clockwise():
    state = RULES.new_game(3, None, seed=2)
    assert state.view(0).clockwise is False and state.view(None).clockwise is False
    assert get_rules("tricks_n_trumps").new_game(3, None, 1).view(0).clockwise is True


def test_the_trick_winner_leads_the_next_trick_and_play_still_goes_right():
    state = table("9H 3C", "10H 4C", "5H 6C", leader=0, played="9H 5H 10H")
    assert [p.seat for p in state.last_trick.plays] == [0, 2, 1]
    assert state.last_trick.winner == 1 and state.to_act == 1
    state.apply("4C")
    assert state.to_act == 0


# ---------------------------------------------------------------- following and winning


def test_follow_suit_if_able_with_the_rule_in_the_message():
    state = table("9H 3C", "10H 4C", "5H 6H 6C", leader=0, played="9H")
    assert state.to_act == 2 and legal(state) == ["5H", "6H"]
    with pytest.raises(
        IllegalActionError, match=r"6C is not legal for seat 3: you must follow hearts \(you hold 5H 6H\)"
    ):
        state.apply("6C")


def test_a_player_void_in_the_led_suit_may_play_anything():
    state = table("9H 3C", "10H 4C", "6C 7D", leader=0, played="9H")
    assert sorted(legal(state)) == ["6C", "7D"]
    state.apply("7D")
    assert Suit.HEARTS in state.voids[2]


def test_a_card_not_held_is_refused():
    state = table("9H 3C", "10H 4C", "6C 7D", leader=0)
    with pytest.raises(IllegalActionError, match=r"10H is not legal for seat 1: you do not hold that card"):
        state.apply("10H")


def test_the_highest_card_of_the_led_suit_wins_and_other_suits_never_do():
    state = table("5D 3C", "AC 4C", "9D 6C", leader=0, played="5D 9D AC")
    assert state.last_trick.winner == 2  # the ace of clubs is off-suit: no trumps in Agram


def test_the_ten_of_spades_is_the_best_spade():
    state = table("9S 3C", "10S 4C", "3S 6C", leader=0, played="9S 3S 10S")
    assert state.last_trick.winner == 1


def test_aces_rank_high():
    state = table("10H 3C", "AH 4C", "3H 6C", leader=0, played="10H 3H AH")
    assert state.last_trick.winner == 1


# ---------------------------------------------------------------- only the sixth trick counts


def test_winning_the_first_five_tricks_wins_nothing_the_sixth_wins_the_game():
    state = table("AH AD AC 10S 10H 3S", "4H 4D 4C 4S 5H 9C", played="")
    play_all(state, "AH 4H AD 4D AC 4C 10S 4S 10H 5H")
    assert state.tricks_won == [5, 0] and not state.is_over
    state.apply("3S")
    state.apply("9C")  # seat 1 is void in spades: seat 0 wins with the 3
    out = state.outcome()
    assert out.winners == (0,) and out.scores == (1, 0) and "won the last trick" in out.reason
    state = table("AH AD AC 10S 10H 3S", "4H 4D 4C 4S 5H 9S")
    play_all(state, "AH 4H AD 4D AC 4C 10S 4S 10H 5H 3S 9S")
    assert state.outcome().winners == (1,)  # five tricks for seat 0, the game for seat 1
    hand = [e for e in state.events if e.kind == "hand"][-1]
    assert "sixth trick with the 9 of spades" in hand.lines[0]


def test_the_prompt_warns_that_the_sixth_trick_decides():
    state = table("3S", "9S", trick=6)
    assert "last trick" in state.view(0).prompt
    assert state.view(0).extra.trick_number == 6


# ---------------------------------------------------------------- AG-1, AG-2: the series


def test_ag1_the_winner_of_a_game_deals_the_next_and_the_player_on_their_right_leads():
    state = table("3S", "9S", "4S", leader=0, dealer=1, trick=6, games=2)
    play_all(state, "3S 4S 9S")  # to the right: seat 0, then seat 2, then seat 1
    assert state.scores == [0, 1, 0] and state.hand_number == 2
    assert state.dealer == 1 and state.to_act == 0 and all(len(h) == 6 for h in state.hands)
    state = table("3S", "9S", "10S", leader=0, dealer=1, trick=6, games=2)
    play_all(state, "3S 10S 9S")
    assert state.dealer == 2 and state.to_act == 1


def test_ag2_a_series_counts_games_won_and_the_most_wins_take_it():
    state = finish_randomly(RULES.new_game(3, {"games": 5}, seed=11), seed=3)
    out = state.outcome()
    assert sum(out.scores) == 5 and state.hand_number == 5
    assert out.winners == tuple(s for s in range(3) if out.scores[s] == max(out.scores))
    assert "of 5 games" in out.reason
    assert len([e for e in state.events if e.kind == "hand"]) == 5


def test_ag2_equal_counts_share_the_series():
    for seed in range(40):
        out = finish_randomly(RULES.new_game(2, {"games": 2}, seed=seed), seed).outcome()
        if out.scores == (1, 1):
            assert out.winners == (0, 1) and out.is_shared and out.reason == "{p0} and {p1} won 1 of 2 games"
            return
    raise AssertionError("no drawn series in 40 seeds")


def test_a_single_game_is_the_default_match():
    state = finish_randomly(RULES.new_game(4, None, seed=5))
    assert sum(state.outcome().scores) == 1 and len(state.outcome().winners) == 1


def test_the_games_option_is_checked():
    with pytest.raises(BadOptionError, match=r"option games=0 is out of range: use a whole number 1..20"):
        RULES.new_game(3, {"games": 0})
    with pytest.raises(BadOptionError, match=r"Agram is for 2 to 5 players, not 6"):
        RULES.new_game(6)


def test_the_rules_summary_names_the_direction_the_pack_and_the_series():
    text = RULES.summary_text()
    for words in ("counter-clockwise", "35-card", "10 of spades", "sixth", "option games", "deals"):
        assert words in text
    assert "AG-" not in text


# ---------------------------------------------------------------- dealing the unseen cards again


def _mid_game(seed: int = 3):
    state = RULES.new_game(4, None, seed=seed)
    rng = random.Random(seed)
    for _ in range(9):
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    return state


def test_resample_keeps_what_the_seat_knows_and_respects_voids():
    state = _mid_game()
    seat = state.to_act
    for k in range(20):
        world = state.resample(seat, random.Random(k))
        assert world.hands[seat] == state.hands[seat] and world.trick == state.trick
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands] and len(world.out) == len(
            state.out
        )
        assert Counter(c for z in world.zones().values() for c in z) == Counter(deck_agram())
        for s in range(4):
            assert not any(c.suit in state.voids[s] for c in world.hands[s])
        finish_randomly(world, k)


def test_resample_depends_only_on_what_the_seat_can_see():
    state = _mid_game(5)
    seat = state.to_act
    twin = state.clone()
    others = [s for s in range(4) if s != seat and not state.voids[s]]
    a, b = next(
        (a, b) for a in others for b in others if a < b and len(state.hands[a]) == len(state.hands[b])
    )
    twin.hands[a], twin.hands[b] = state.hands[b][:], state.hands[a][:]  # two hidden hands swapped
    twin.out = list(reversed(state.out))
    assert twin.snapshot() != state.snapshot()
    one = state.resample(seat, random.Random(7))
    two = twin.resample(seat, random.Random(7))
    assert one.snapshot() == two.snapshot()
