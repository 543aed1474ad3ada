"""Cucumber scenarios: one test per rule of the seed text (001) and per CU-x note."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core import BadOptionError, IllegalActionError, TrickResult, parse_cards
from games.cucumber import HAND_SIZE, NO_BOUNDS, RULES


def table(
    *hands: str, leader: int = 0, played: str = "", scores=None, cucumbers=None, eliminated=(), **options
):
    """A hand in progress: seats hold ``hands`` (an empty string for an eliminated seat),
    ``leader`` leads, ``played`` is applied first.  Seven cards each means the hand's first trick;
    one card each means the last (scoring) trick."""
    state = RULES.new_game(len(hands), options, seed=1)
    state.hands = [parse_cards(h) for h in hands]
    state.trick, state.last_trick, state.done, state.table = (), None, [], []
    state.bounds = [NO_BOUNDS] * len(hands)
    state.eliminated = tuple(eliminated)
    state.status = tuple("out" if s in eliminated else "" for s in range(len(hands)))
    if scores is not None:
        state.scores = list(scores)
    if cucumbers is not None:
        state.cucumbers = tuple(cucumbers)
        state.status = tuple(
            "out" if s in eliminated else "cucumber" if c else "" for s, c in enumerate(cucumbers)
        )
    held = {c for h in state.hands for c in h}
    state.out = [c for c in state.pack if c not in held]
    state.leader = state.to_act = leader
    state._legal_cache = None
    for text in played.split():
        state.apply(text)
    return state


def legal(state) -> list[str]:
    return [a.text for a in state.legal_actions()]


def last_summary(state):
    return next(e for e in reversed(state.events) if e.kind == "hand")


# ---------------------------------------------------------------- the deal


def test_seven_cards_each_and_the_rest_of_the_pack_is_not_used():
    state = RULES.new_game(5, None, seed=4)
    assert [len(h) for h in state.hands] == [7] * 5 and len(state.out) == 52 - 35
    assert state.to_act == (state.dealer + 1) % 5
    assert Counter(c for z in state.zones().values() for c in z) == Counter(state.deck())
    assert state.view(0).up_cards == () and "out" not in str(state.view(0).extra.tricks)


def test_the_deal_passes_left():
    state = RULES.new_game(3, None, seed=4)
    dealer = state.dealer
    rng = random.Random(1)
    while state.hand_number == 1:
        state.apply(rng.choice(state.legal_actions()))
    assert state.dealer == (dealer + 1) % 3 and state.to_act == (dealer + 2) % 3


# ---------------------------------------------------------------- playing (CU-2)


def test_cu2_play_any_card_higher_than_the_highest_so_far():
    state = table("9H 2C 3D", "10S QD 4C AH", "5S 6S 7S", played="9H")
    assert legal(state) == ["10S", "AH", "QD"]
    with pytest.raises(
        IllegalActionError,
        match=r"4C is not legal for seat 2: you must play a card higher than 9H "
        r"\(you hold AH QD 10S\)",
    ):
        state.apply("4C")


def test_cu2_without_a_higher_card_play_your_lowest():
    state = table("KH 2C 3D", "10S QD 4C 4S", "5S 6S 7S", played="KH")
    assert legal(state) == ["4S", "4C"]  # suits do not count: either four
    with pytest.raises(
        IllegalActionError, match=r"you cannot beat KH, so you must play your lowest card \(4S 4C\)"
    ):
        state.apply("10S")


def test_cu2_an_equal_card_is_not_higher_so_the_lowest_must_go():
    state = table("9H 2C 3D", "9S 5D", "5S 6S 7S", played="9H")
    assert legal(state) == ["5D"]


def test_cu2_option_allow_equal_lets_an_equal_card_count():
    state = table("9H 2C 3D", "9S 5D", "5S 6S 7S", played="9H", allow_equal=True)
    assert legal(state) == ["9S"]


def test_the_highest_card_takes_the_trick_and_leads_next():
    state = table("9H 2C 3D", "10S 5D 6D", "5S 6S 7S", played="9H 10S 5S")
    assert state.last_trick.winner == 1 and state.to_act == 1


def test_equal_ranks_the_card_played_last_takes_the_trick():
    state = table("5H 2C 3D", "5S 5C", "2H 6S 7S", played="5H 5S 6S")  # 5S forced: the lowest, equal to 5H
    assert state.last_trick.winner == 2
    state = table("5H 2C 3D", "5S 5C", "2H 3S 4S", played="5H 5S 2H")
    assert state.last_trick.winner == 1  # of the two fives, the later one
    state = table("9H 2C 3D", "9S 5D 6D", "9D 6S 7S", played="9H 9S 9D", allow_equal=True)
    assert state.last_trick.winner == 2


def test_cu7_finished_tricks_stay_on_the_table_for_everyone():
    state = table("9H 2C 3D", "10S 5D 6D", "5S 6S 7S", played="9H 10S 5S 5D")
    extra = state.view(2).extra
    assert len(extra.tricks) == 1 and isinstance(extra.tricks[0], TrickResult)
    assert [p.cards[0].text for p in extra.tricks[0].plays] == ["9H", "10S", "5S"]
    assert state.zones()["table"] == parse_cards("9H 10S 5S")


# ---------------------------------------------------------------- scoring the last trick (CU-1, CU-3, CU-4)


def test_cu1_only_the_last_trick_scores():
    state = table("9H 2C", "10S 5D", "5S 6S")
    for text in ["9H", "10S", "5S"]:
        state.apply(text)
    assert state.scores == [0, 0, 0] and not any(e.kind == "hand" for e in state.events)


def test_cu1_the_taker_of_the_last_trick_scores_its_winning_card():
    state = table("9H", "QS", "5S", scores=(3, 4, 5), played="9H QS 5S")
    assert state.scores[:3] == [3, 16, 5]
    assert "{p1} takes the last trick with QS: +12, score 16" in last_summary(state).lines
    assert state.hand_number == 2  # a new hand is dealt


def test_card_values_ace_14_king_13_queen_12_jack_11_others_their_number():
    for text, points in (("AS", 14), ("KS", 13), ("QS", 12), ("JS", 11), ("10S", 10), ("3S", 3)):
        state = table(text, "2H", played=f"{text} 2H")
        assert state.scores == [points, 0], text


def test_cu3_other_players_who_tied_the_winning_rank_subtract_it_not_below_zero():
    state = table(
        "9H", "9S", "9D", "5C", scores=(4, 15, 0, 2), leader=0, played="9H 9S 9D 5C", allow_equal=False
    )
    lines = last_summary(state).lines
    assert state.scores == [0, 6, 9, 2]  # 9D, played last, takes it
    assert "{p0} also played 9H: -9 (not below 0), score 0" in lines


def test_cu3_option_tied_score_makes_the_tied_players_score_it_too():
    state = table("9H", "9S", "5C", scores=(4, 1, 2), played="9H 9S 5C", tied="score")
    assert state.scores == [13, 10, 2]


def test_cu4_scores_start_at_zero_and_twenty_one_is_still_safe():
    assert RULES.new_game(3, None, seed=2).scores == [0, 0, 0]
    state = table("KH", "2S", "3S", scores=(8, 0, 0), played="KH 2S 3S")
    assert state.scores == [21, 0, 0] and state.cucumbers == (0, 0, 0)


# ---------------------------------------------------------------- cucumbers and elimination (CU-5, CU-6)


def test_cu5_over_21_earns_a_cucumber_and_resets_to_the_highest_other_score():
    state = table("KH", "2S", "3S", scores=(9, 7, 12), played="KH 2S 3S")
    assert state.cucumbers == (1, 0, 0) and state.scores == [12, 7, 12] and state.status[0] == "cucumber"
    assert "{p0} goes over 21 with 22: a cucumber, and the score resets to 12" in last_summary(state).lines


def test_cu5_several_over_at_once_reset_to_the_best_score_of_those_who_stayed_under():
    state = table("KH", "KS", "3S", scores=(10, 9, 6), played="KH KS 3S", tied="score")
    assert state.scores == [6, 6, 6] and state.cucumbers == (1, 1, 0)


def test_cu5_with_nobody_else_under_the_limit_the_score_resets_to_zero():
    state = table("KH", "KS", scores=(10, 9), played="KH KS", tied="score")
    assert state.scores == [0, 0] and state.cucumbers == (1, 1) and not state.is_over


def test_cu6_a_second_cucumber_eliminates_and_the_player_sits_out():
    state = table("KH", "2S", "3S", "4S", scores=(9, 7, 12, 1), cucumbers=(1, 0, 0, 0), played="KH 2S 3S 4S")
    assert state.eliminated == (0,) and state.status[0] == "out"
    assert "{p0} goes over 21 with a cucumber already: eliminated" in last_summary(state).lines
    assert state.hands[0] == [] and [len(h) for h in state.hands[1:]] == [7, 7, 7]  # dealt no more cards
    assert len(state.out) == 52 - 21
    view = state.view(1)
    assert view.sitting_out == (0,)
    rng = random.Random(5)
    while state.hand_number == 2:
        assert state.to_act != 0  # skipped by every turn
        assert len(state.trick) < 3
        state.apply(rng.choice(state.legal_actions()))


def test_cu6_an_eliminated_player_is_skipped_and_a_trick_has_one_card_fewer():
    state = table("9H 2C", "", "10S 5D", "JS 3C", eliminated=(1,), played="9H")
    assert state.to_act == 2
    state.apply("10S")
    state.apply("JS")
    assert state.last_trick.winner == 3 and len(state.last_trick.plays) == 3


def test_the_last_player_left_wins_the_match():
    state = table("KH", "2S", "", scores=(9, 7, 30), cucumbers=(1, 0, 1), eliminated=(2,), played="KH 2S")
    assert state.is_over and state.outcome().winners == (1,)
    assert state.outcome().reason == "{p1} is the last player left"
    assert state.outcome().lines == ("{p2} was eliminated", "{p0} was eliminated")


def test_players_eliminated_together_at_the_end_share_the_win():
    state = table("KH", "KS", scores=(10, 9), cucumbers=(1, 1), played="KH KS", tied="score")
    assert state.is_over and state.outcome().winners == (0, 1)


def test_a_whole_match_runs_to_one_player_left():
    state = RULES.new_game(4, None, seed=8)
    rng = random.Random(8)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        state.check_invariants()
    assert len(state.outcome().winners) == 1 and len(state.eliminated) == 3
    assert sum(state.cucumbers) >= 3


# ---------------------------------------------------------------- options and help


def test_option_limit_moves_the_bust_line():
    state = table("KH", "2S", "3S", scores=(9, 7, 12), played="KH 2S 3S", limit=25)
    assert state.scores[0] == 22 and state.cucumbers == (0, 0, 0)


def test_options_are_checked():
    with pytest.raises(BadOptionError, match=r"option tied=all is not allowed: use subtract, score"):
        RULES.new_game(3, {"tied": "all"})
    with pytest.raises(BadOptionError, match="out of range"):
        RULES.new_game(3, {"limit": 9})
    with pytest.raises(BadOptionError, match="Cucumber is for 2 to 7 players, not 8"):
        RULES.new_game(8)


def test_cu1_rules_help_says_the_aim_is_to_avoid_the_last_trick():
    text = RULES.summary_text()
    assert "NOT to take the seventh and last trick" in text
    assert "CU-" not in text
    for option in RULES.options:
        assert option.name in text


def test_the_prompt_names_the_card_to_beat():
    state = table("9H 2C 3D", "10S 5D 6D", "5S 6S 7S", played="9H")
    assert state.view(1).prompt == "Play higher than 9H"
    state = table("KH 2C", "10S 5D", "5S 6S", played="KH")
    assert state.view(1).prompt == "You cannot beat KH: play your lowest card"


# ---------------------------------------------------------------- resampling


def test_resample_keeps_the_limits_a_forced_low_card_shows():
    state = table("KH 2C 3D 8C", "10S 5D 4C 4S", "QS JS 9S 6C", played="KH 4S")
    assert state.bounds[1] == (4, 13)
    for k in range(20):
        world = state.resample(2, random.Random(k))
        assert all(4 <= c.rank <= 13 for c in world.hands[1]) and len(world.hands[1]) == 3
        assert world.hands[2] == state.hands[2] and world.trick == state.trick
        world.check_invariants()


@pytest.mark.parametrize("seed", range(3))
def test_resample_depends_only_on_what_the_seat_can_see_and_plays_on(seed):
    state = RULES.new_game(4, None, seed)
    rng = random.Random(seed)
    for _ in range(9):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    twin = state.clone()
    a = next(s for s in range(4) if s != seat)
    i, j = next(
        (i, j) for i, c in enumerate(twin.hands[a]) for j, d in enumerate(twin.out) if d.rank == c.rank
    )
    twin.hands[a][i], twin.out[j] = twin.out[j], twin.hands[a][i]  # same rank: every shown limit still holds
    twin.check_invariants()
    assert twin.snapshot() != state.snapshot()
    for k in range(3):
        assert (
            twin.resample(seat, random.Random(k)).snapshot()
            == state.resample(seat, random.Random(k)).snapshot()
        )
    world = state.resample(seat, random.Random(7))
    assert world.view(seat) == state.view(seat)
    assert Counter(c for z in world.zones().values() for c in z) == Counter(world.deck())
    while not world.is_over and world.hand_number == state.hand_number:
        world.apply(rng.choice(world.legal_actions()))


def test_hand_size_is_seven():
    assert HAND_SIZE == 7


def test_no_hidden_hand_limit_stops_a_match():
    """Issue 29: a hidden stop ended a match after 2000 hands; only the last player left ends it
    (the declared bound on a match's length is for the soak, never a stop)."""
    state = table("9H", "QS", "5S", played="9H QS")
    state.hands_played = 5000
    state.apply("5S")
    assert not state.is_over and state.hand_number == 2
