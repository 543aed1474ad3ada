"""Bacon scenarios (seed 001, rules-notes §7, BA-1..BA-5), in card notation."""

from __future__ import annotations

import random

import pytest

from games import get_rules
from games.bacon import RULES
from games.core import BadOptionError, IllegalActionError, next_seat, parse_card, parse_cards


def _sorted(text: str):
    return sorted(parse_cards(text), key=lambda c: c.index)


def deal(*hands: str, up: str = "9H", stub: str = "2C 3C 4C 5C 6C", dealer: int = 3, **options):
    """A Bacon state at the start of the auction: these hands (seat 0 first), this upcard, and a
    stub whose last card is the next upcard."""
    st = RULES.new_game(4, options or None, seed=1)
    st.dealer = dealer
    st.hands = [_sorted(h) for h in hands]
    st._reset_hand(next_seat(dealer, 4))
    st.up_cards = [parse_card(up)]
    st.stub = parse_cards(stub)
    return st


HANDS = ("AH KH 2S 3S 4D", "QH 5S 6S 7D 8D", "JH 9S 10S 2D 3D", "10H JS QS KD AD")


def play(st, *actions: str) -> None:
    for a in actions:
        st.apply(a)


# ---------------------------------------------------------------- deal and auction


def test_five_cards_each_one_upcard_and_the_stub_from_a_full_pack():
    st = RULES.new_game(4, None, seed=3)
    assert [len(h) for h in st.hands] == [5] * 4 and len(st.up_cards) == 1 and len(st.stub) == 31
    assert len(st.deck()) == 52 and st.view(0).teams == ((0, 2), (1, 3))
    assert st.to_act == next_seat(st.dealer, 4)
    assert st.view(1).up_cards == tuple(st.up_cards)  # the upcard is face up for all


def test_a_pick_up_asks_the_partner_then_makes_trump_the_upcards_suit():
    st = deal(*HANDS)  # dealer 3: seat 0 speaks first
    assert [a.text for a in st.legal_actions()] == ["pick", "alone", "pass"]
    st.apply("pick")
    assert st.phase == "veto" and st.to_act == 2
    assert [a.text for a in st.legal_actions()] == ["accept", "veto"]
    st.apply("accept")
    assert st.trump.letter == "H" and st.declarer == 0 and not st.alone
    assert st.view(0).trump == "hearts trump"


def test_ba1_the_player_left_of_the_declarer_takes_the_upcard_discards_and_leads():
    st = deal(*HANDS)
    play(st, "pass", "pick", "accept")  # seat 1 declares: seat 2 (an opponent) takes the upcard
    assert st.taker == 2 and st.phase == "discard" and st.to_act == 2
    assert parse_card("9H") in st.hands[2] and len(st.hands[2]) == 6
    assert next(a.text for a in st.legal_actions()).startswith("discard ")
    st.apply("discard 2D")
    assert st.phase == "play" and st.to_act == 2 and len(st.hands[2]) == 5


def test_ba3_the_discard_is_face_up_and_out_of_play():
    st = deal(*HANDS)
    play(st, "pick", "accept", "discard 7D")
    for seat in range(4):
        assert st.view(seat).info_value("discard") == "{p1} threw 7D"
        assert st.view(seat).extra.discard == parse_card("7D")
    assert st.zones()["discard"] == [parse_card("7D")]


def test_ba2_a_vetoed_pick_up_counts_as_a_pass_and_the_next_player_speaks():
    st = deal(*HANDS)
    play(st, "pick", "veto")
    assert st.phase == "auction" and st.to_act == 1 and st.passes == 1 and st.declarer is None
    play(st, "pass", "pick")  # the vetoing partner may still pick up on their own turn
    assert st.phase == "veto" and st.to_act == 0
    st.apply("accept")
    assert st.declarer == 2


def test_ba2_a_veto_of_going_alone_leaves_the_pair_playing_together():
    st = deal(*HANDS)
    st.apply("alone")
    assert [a.text for a in st.legal_actions()] == ["accept", "veto_alone", "veto"]
    st.apply("veto_alone")
    assert st.declarer == 0 and not st.alone and st.sitting_out == ()
    assert [len(h) for h in st.hands] == [5, 6, 5, 5]


def test_a_loner_partner_sits_out_holds_no_cards_and_tricks_have_three_cards():
    st = deal(*HANDS)
    play(st, "alone", "accept")
    assert st.alone and st.sitting_out == (2,) and st.hands[2] == [] and len(st.aside) == 5
    v = st.view(2)
    assert v.sitting_out == (2,) and v.hand == () and not v.legal
    play(st, "discard 8D")  # seat 1 takes the upcard and leads
    seats = []
    for _ in range(3):
        seats.append(st.to_act)
        st.apply(st.legal_actions()[0])
    assert seats == [1, 3, 0] and st.tricks_won.count(1) == 1 and st.trick == ()  # seat 2 skipped


def test_ba4_four_passes_turn_a_new_upcard_and_four_upcards_passed_redeal_by_the_same_dealer():
    st = deal(*HANDS, stub="2C 3C 4C 5C 6C")
    play(st, "pass", "pass", "pass", "pass")
    assert st.up_cards == [parse_card("6C")] and st.passed_up == (parse_card("9H"),) and st.to_act == 0
    assert st.view(1).info_value("passed") == "9H"
    for _ in range(12):
        st.apply("pass")
    assert st.dealer == 3 and st.phase == "auction" and st.hand_number == 1  # thrown in: same dealer
    assert any("same dealer" in e.text for e in st.events)


def test_follow_suit_if_able_and_the_highest_card_of_the_led_suit_wins_without_trumps():
    st = deal(*HANDS)
    play(st, "pick", "accept", "discard 8D")  # seat 1 leads, hearts trump
    st.apply("5S")
    with pytest.raises(
        IllegalActionError, match=r"2D is not legal for seat 3: you must follow spades \(you hold 9S 10S\)"
    ):
        st.apply("2D")
    play(st, "9S", "QS", "2S")
    assert st.last_trick.winner == 3


def test_a_trump_beats_the_led_suit():
    st = deal("AH KH 2S 3S 4D", "QH 5S 6S 7D 8D", "JH 9D 10D 2D 3D", "10H JS QS KD AD")
    play(st, "pick", "accept", "discard 8D")
    play(st, "5S", "JH", "QS", "2S")  # seat 2 has no spade and trumps
    assert st.last_trick.winner == 2


# ---------------------------------------------------------------- scoring (BA-5)


def _finish(st, declarer: int, alone: bool, declarer_tricks: int):
    """Score a hand whose declarers took ``declarer_tricks`` (set directly), by the last trick."""
    st.declarer, st.alone = declarer, alone
    st.tricks_won = [0] * 4
    st.tricks_won[declarer] = declarer_tricks
    st.tricks_won[(declarer + 1) % 4] = 5 - declarer_tricks
    return st.hand_points()


@pytest.mark.parametrize(
    "took,alone,expect",
    [
        (3, False, (0, 1)),
        (4, False, (0, 1)),
        (5, False, (0, 2)),
        (3, True, (0, 2)),
        (5, True, (0, 4)),
        (2, False, (1, 2)),
        (0, False, (1, 4)),
        (2, True, (1, 2)),
        (0, True, (1, 4)),
    ],
)
def test_ba5_three_or_four_tricks_one_all_five_two_doubled_for_a_loner_or_the_defenders(took, alone, expect):
    st = deal(*HANDS)
    team, pts, _ = _finish(st, 0, alone, took)
    assert (team, pts) == expect


def test_only_one_side_scores_and_the_deal_moves_left_after_a_played_hand():
    st = deal("AH", "2S", "3S", "4S", dealer=3)
    st.hands = [_sorted("AH"), _sorted("2S"), _sorted("3S"), _sorted("4S")]
    st.declarer, st.trump, st.phase, st.leader, st.to_act = 0, parse_card("AH").suit, "play", 0, 0
    from games.core import trump_ranking

    st.ranking = trump_ranking(st.trump)
    st.tricks_won = [2, 1, 0, 1]
    play(st, "AH", "2S", "3S", "4S")
    assert st.team_scores == [1, 0] and st.sheet[-1] == (1, 1, 0)
    assert st.dealer == 0 and st.hand_number == 2


def test_the_first_side_to_ten_wins_together():
    st = deal("AH", "2S", "3S", "4S")
    from games.core import trump_ranking

    st.declarer, st.trump, st.phase, st.leader, st.to_act = 0, parse_card("AH").suit, "play", 0, 0
    st.ranking = trump_ranking(st.trump)
    st.tricks_won = [4, 0, 0, 0]
    st.team_scores, st.sheet = [8, 9], ((0, 8, 9),)
    play(st, "AH", "2S", "3S", "4S")
    out = st.outcome()
    assert out.winners == (0, 2) and out.scores == (10, 9, 10, 9) and not out.is_shared


# ---------------------------------------------------------------- options


def test_go_alone_off_removes_the_choice_and_says_why():
    st = deal(*HANDS, go_alone=False)
    assert [a.text for a in st.legal_actions()] == ["pick", "pass"]
    with pytest.raises(IllegalActionError, match="going alone is not allowed at this table"):
        st.apply("alone")


def test_veto_off_a_pick_up_stands_at_once():
    st = deal(*HANDS, veto=False)
    st.apply("pick")
    assert st.phase == "discard" and st.declarer == 0 and st.to_act == 1


def test_target_option_is_checked():
    with pytest.raises(BadOptionError, match="target"):
        RULES.new_game(4, {"target": 0}, seed=1)
    with pytest.raises(BadOptionError, match="for 4 players"):
        RULES.new_game(3, None, seed=1)


# ---------------------------------------------------------------- words and knowledge


def test_labels_for_every_decision():
    st = deal(*HANDS)
    assert [st.label(a) for a in st.legal_actions()] == ["Pick it up", "Pick it up and go alone", "Pass"]
    st.apply("alone")
    assert [st.label(a) for a in st.legal_actions()] == [
        "Let them go alone",
        "Veto going alone (play together)",
        "Veto the pick-up",
    ]
    assert "go alone" in st.view(2).prompt


def test_worlds_keep_the_known_upcard_in_the_takers_hand_and_hide_the_loners_partner_cards():
    st = deal(*HANDS)
    play(st, "alone", "accept")  # seat 1 holds 9H, known to all; seat 2's cards are set aside
    for k in range(5):
        world = st.resample(3, random.Random(k))
        assert parse_card("9H") in world.hands[1] and len(world.aside) == 5 and world.hands[2] == []
    partner_world = st.resample(2, random.Random(0))
    assert partner_world.aside == st.aside  # the partner knows its own cards


def test_a_whole_random_match_ends_with_a_side_at_ten():
    st = RULES.new_game(4, None, seed=11)
    rng = random.Random(2)
    while not st.is_over:
        st.apply(rng.choice(st.legal_actions()))
    out = st.outcome()
    assert max(out.scores) >= 10 and len(out.winners) == 2
    assert get_rules("bacon") is RULES


def test_a_remote_seat_sees_the_sitting_out_partner_and_the_team_result():
    """The wire carries SeatView.sitting_out and the outcome's teams (a team win is not shared)."""
    import json

    from cardtable.net.wire import decode_view, encode_view

    st = deal(*HANDS)
    play(st, "alone", "accept")
    back = decode_view(json.loads(json.dumps(encode_view(st.view(3)))))
    assert back.sitting_out == (2,) and back.teams == ((0, 2), (1, 3)) and back == st.view(3)
    st.team_scores, st.sheet = [9, 0], ((0, 9, 0),)
    st._finish_match(0, "test")
    out = decode_view(json.loads(json.dumps(encode_view(st.view(1))))).outcome
    assert out.winners == (0, 2) and out.teams == ((0, 2), (1, 3)) and not out.is_shared


# ---------------------------------------------------------------- review additions (seed, BA-2)


def test_ba2_the_dealers_vetoed_call_is_the_fourth_pass_and_turns_the_next_upcard():
    """A vetoed pick-up counts as a pass, also when the dealer calls (here to go alone) and the
    partner vetoes the whole call: four passes, so the upcard is put aside and a new one offered."""
    st = deal(*HANDS, stub="2C 3C 4C 5C 6C")  # dealer 3, partner 1
    play(st, "pass", "pass", "pass", "alone")
    assert st.phase == "veto" and st.to_act == 1
    st.apply("veto")
    assert st.phase == "auction" and st.declarer is None and not st.alone and st.sitting_out == ()
    assert st.passed_up == (parse_card("9H"),) and st.up_cards == [parse_card("6C")] and st.to_act == 0


def test_seed_bacon_has_no_bowers_the_jack_of_the_trump_colour_stays_in_its_suit():
    """Hearts trump: JD is a plain diamond.  Its holder must follow a diamond lead with it, and a
    low trump beats it (with bowers it would be a trump above the 2 of hearts)."""
    st = deal("AH 2H 2S 3S 4S", "QH 5S 6S 7D 8D", "JD 9S 10S 2C 3C", "10H JS QS 5D 6D")
    play(st, "pick", "accept", "discard 5S", "7D")  # seat 1 took 9H, discards and leads
    assert st.to_act == 2 and [a.text for a in st.legal_actions()] == ["JD"]
    play(st, "JD", "5D", "2H")  # seat 0 has no diamond and trumps low
    assert st.last_trick.winner == 0
