"""Contract Grid scenarios (seed 002, notes CG-1 to CG-10)."""

from __future__ import annotations

import pytest

from games.contract_grid import CONTRACTS, RULES, grid_lines, judge, square_name
from games.contract_grid.bot import ContractGridBot
from games.core import BadOptionError, IllegalActionError, Suit, parse_card, parse_cards

H = Suit.HEARTS


def filled(options=None, seed=1):
    """A match whose three grids were filled at random: the first hand is dealt, phase drop."""
    state = RULES.new_game(3, options, seed)
    for _ in range(3):
        state.apply("fill random")
    assert state.phase == "drop"
    return state


def won(*texts):
    return [parse_cards(t) for t in texts]


def made(seat, tricks, captured=None, trump=H, num_trumps=9):
    captured = captured or [[] for _ in tricks]
    return set(judge(seat, list(tricks), captured, trump, num_trumps))


# ---------------------------------------------------------------- judging the 16 contracts (CG-5, CG-6)


def test_taking_no_tricks_makes_nine_contracts():
    """The seed's example: collecting nothing gives Zero, Third, one of Different/Soloist/Partner,
    No-Trump, all four suits and Play."""
    assert made(0, (0, 5, 6)) == {
        "Zero",
        "Third",
        "Different",
        "No-Trump",
        "Spades",
        "Hearts",
        "Diamonds",
        "Clubs",
        "Play",
    }


@pytest.mark.parametrize(
    "tricks,seat,expected",
    [
        ((3, 4, 4), 0, {"Zero", "Third", "Soloist"}),
        ((4, 4, 3), 0, {"One", "First", "Partner"}),  # CG-5: a tie for most is First
        ((4, 4, 3), 2, {"Zero", "Third", "Soloist"}),
        ((2, 5, 4), 2, {"One", "Second", "Different"}),  # strictly between the other two
        ((2, 5, 4), 0, {"Two", "Third", "Different"}),
        ((5, 5, 1), 2, {"One", "Third", "Soloist"}),
        ((3, 3, 5), 0, {"Zero", "Third", "Partner"}),  # CG-5: a tie for fewest is Third
        ((11, 0, 0), 0, {"Two", "First", "Soloist"}),
        ((6, 3, 2), 0, {"Zero", "First", "Different"}),
        ((7, 3, 1), 2, {"One", "Third", "Different"}),
        ((1, 2, 8), 2, {"Two", "First", "Different"}),
    ],
)
def test_trick_count_contracts(tricks, seat, expected):
    counting = {"Zero", "One", "Two", "First", "Second", "Third", "Different", "Soloist", "Partner"}
    assert made(seat, tricks, [[parse_card("7C")] * t for t in tricks]) & counting == expected


def test_second_is_never_made_with_a_tie():
    assert "Second" not in made(1, (4, 4, 3))
    assert "Second" not in made(0, (4, 4, 3))


def test_all_trump_needs_all_nine_trumps_with_the_joker():
    """CG-6: All-Trump is all 9 trumps (8 plus the joker); the joker counts as a trump."""
    nine = parse_cards("JK AH KH QH JH 10H 9H 8H 7H AS KS QS")
    assert "All-Trump" in made(0, (4, 4, 3), [nine, [], []])
    eight = [c for c in nine if c.text != "JK"]
    assert "All-Trump" not in made(0, (4, 4, 3), [eight, [], []])
    assert "No-Trump" not in made(0, (4, 4, 3), [eight, [], []])


def test_no_trump_and_the_joker():
    assert "No-Trump" in made(0, (1, 5, 5), won("AS KS QS", "", ""))
    assert "No-Trump" not in made(0, (1, 5, 5), won("AS KS JK", "", ""))


def test_suit_contracts_count_the_joker_as_trump():
    """CG-6: JK + 7H make two hearts (trump), equal to the two spades: both suit contracts made."""
    got = made(0, (2, 5, 4), won("JK AS KS 7H 8D 9C", "", ""))
    assert {"Spades", "Hearts"} <= got and not {"Diamonds", "Clubs"} & got


def test_suit_contract_needs_at_least_as_many_as_every_other_suit():
    got = made(0, (2, 5, 4), won("AS KS QS 7H 8D 9C", "", ""))
    assert "Spades" in got and not {"Hearts", "Diamonds", "Clubs"} & got


def test_play_is_always_made():
    assert all("Play" in made(s, (2, 5, 4)) for s in range(3))


def test_24_card_deck_all_trump_is_six_trumps():
    six = parse_cards("AH KH QH JH 10H 9H 9S AS")
    assert "All-Trump" in made(0, (3, 3, 2), [six, [], []], num_trumps=6)
    assert filled({"deck": 24}).num_trumps == 6


def test_every_contract_is_judged():
    seen = set()
    for tricks in [(0, 5, 6), (4, 4, 3), (2, 5, 4), (3, 3, 5)]:
        for s in range(3):
            seen |= made(
                s, tricks, won("JK AH KH QH JH 10H 9H 8H 7H", "AS", "AD") if tricks == (4, 4, 3) else None
            )
    assert seen == set(CONTRACTS)


# ---------------------------------------------------------------- the 14 lines and scoring (CG-4)


def test_fourteen_lines_on_4x4_and_eight_on_3x3():
    lines = grid_lines(4)
    assert len(lines) == 14
    assert sum(len(line) == 4 for line in lines) == 10 and sum(len(line) == 3 for line in lines) == 4
    assert (1, 6, 11) in lines and (4, 9, 14) in lines and (2, 5, 8) in lines and (7, 10, 13) in lines
    assert len(grid_lines(3)) == 8


def count_lines(marked_squares, size=4):
    marked = [i in marked_squares for i in range(size * size)]
    return sum(all(marked[i] for i in line) for line in grid_lines(size))


def test_line_counting_on_partial_grids():
    assert count_lines(set()) == 0
    assert count_lines({0, 1, 2}) == 0
    assert count_lines({0, 1, 2, 3}) == 1  # row 1
    assert count_lines({0, 1, 2, 3, 5, 10, 15}) == 2  # row 1 and the long diagonal
    assert count_lines({1, 6, 11}) == 1  # a short diagonal B1 C2 D3
    assert count_lines({0, 4, 8, 12, 1, 6, 11}) == 2  # column A and a short diagonal
    assert count_lines(set(range(16)) - {0}) == 11  # all but a corner: the seed's 11 lines
    assert count_lines(set(range(16)) - {1}) == 11  # all but an edge square
    assert count_lines(set(range(16)) - {5}) == 10  # an inner square lies on 4 lines
    assert count_lines(set(range(16))) == 14
    assert count_lines({0, 3, 6, 4, 8}, size=3) == 2  # 3x3: column A and a diagonal


def scoring_state(options=None):
    state = filled(options)
    state.trump = "H"
    for s in range(3):
        state.grids[s] = tuple(CONTRACTS[: state.size**2])
    state.tricks_won = [0, 5, 6]
    state.won = [(), (), ()]
    return state


def test_the_maximum_hand_scores_94():
    """12 squares marked, bid the 4 unmarked ones and make them: 4 x 1 + 4 x 5 + 14 x 5 = 94."""
    state = scoring_state()
    grid = state.grids[0]
    bids = [grid.index(c) for c in ("Zero", "Third", "Different", "Play")]
    state.marked[0] = tuple(i not in bids for i in range(16))
    state.bid_squares[0] = tuple(bids)
    line = state._score_seat(0)
    assert state.scores[0] == 94
    assert state.breakdown[0] == {
        "unmarked": 4,
        "bids": 20,
        "lines": 70,
        "gained": 94,
        "made_bids": ("Zero", "Third", "Different", "Play"),
        "tricks": 0,
    }
    assert "unmarked values 4 x 1 = 4" in line and "bids made 4 of 4 x 5 = 20" in line
    assert "lines 14 x 5 = 70; +94, total 94 of cap 1000" in line
    assert state.complete(0)


def test_scoring_order_unmarked_then_bids_then_lines():
    """CG-4: a made bid on an unmarked square scores 6; on a marked square 5 (CG-3); a made value
    not bid scores 1 if unmarked; lines are counted after marking."""
    state = scoring_state()
    grid = state.grids[0]  # row 1 is Zero One Two First
    marked = list(state.marked[0])
    marked[grid.index("One")] = marked[grid.index("Two")] = True
    marked[grid.index("First")] = True
    marked[grid.index("Play")] = True
    state.marked[0] = tuple(marked)
    state.bid_squares[0] = [
        grid.index("Zero"),
        grid.index("Play"),
        grid.index("First"),
        grid.index("Soloist"),
    ]
    state._score_seat(0)
    # made: Zero Third Different No-Trump 4 suits Play; unmarked among them: all but Play = 8
    b = state.breakdown[0]
    assert (b["unmarked"], b["bids"], b["lines"]) == (8, 10, 5)
    assert state.scores[0] == 23
    assert state.marked[0][grid.index("Zero")] and not state.marked[0][grid.index("Soloist")]


def test_unmarked_reward_variant():
    state = scoring_state({"unmarked_points": 3})
    state._score_seat(0)
    assert state.breakdown[0]["unmarked"] == 27 and state.scores[0] == 27


def test_completed_lines_score_again_every_hand():
    state = scoring_state()
    state.marked[0] = (True,) * 4 + state.marked[0][4:]
    state._score_seat(0)
    state._score_seat(0)
    assert state.breakdown[0]["lines"] == 5 and state.scores[0] == 2 * (
        8 + 5
    )  # Zero is marked: 8 unmarked values


def test_hand_event_explains_every_score():
    state = filled(seed=4)
    bots = [ContractGridBot(i) for i in range(3)]
    while state.hand_number == 1:
        s = state.to_act
        state.apply(bots[s].choose(state.view(s), state.legal_actions()))
    event = next(e for e in state.events if e.kind == "hand")
    assert len(event.lines) == 3
    for s, line in enumerate(event.lines):
        assert line.startswith(f"{{p{s}}}: ") and "unmarked values" in line and "lines" in line
        assert line.endswith(f"total {state.scores[s]} of cap 1000")
    extra = state.view(0).extra
    assert sum(b.gained for b in extra.breakdown) == sum(state.scores)
    assert all("Play" in m for m in extra.made)


# ---------------------------------------------------------------- the end (CG-8, CG-9)


def end_state(scores, complete=(), history=None, options=None):
    state = scoring_state(options)
    state.scores = list(scores)
    for s in complete:
        state.marked[s] = (True,) * state.size**2
    state.score_history = ((0, 0, 0), *(tuple(h) for h in (history or [])), tuple(scores))
    return state


def test_cap_with_complete_grid_best_complete_grid_wins():
    state = end_state([1010, 990, 1020], complete=(0, 1))
    assert state._end_kind() == "both"
    assert state.winners()[0] == (0,)


def test_cap_reached_without_complete_grid_falls_behind():
    state = end_state([1005, 900, 950])
    assert state._end_kind() == "cap"  # CG-8: 1000 or more
    assert state.winners() == ((2,), "the best score below the cap wins")
    assert end_state([1000, 0, 0])._end_kind() == "cap" and end_state([999, 0, 0])._end_kind() == ""


def test_complete_grid_ends_the_match_and_best_score_below_cap_wins():
    state = end_state([500, 700, 650], complete=(0,))
    assert state._end_kind() == "complete grid"
    assert state.winners()[0] == (1,)


def test_everyone_over_the_cap_best_score_wins():
    assert end_state([1010, 1040, 1005]).winners()[0] == (1,)


def test_tie_goes_to_the_leader_when_scores_last_differed():
    """CG-9: seats 1 and 2 tie on 700; at hand 2 seat 2 led, later they were equal again."""
    state = end_state([600, 700, 700], history=[[10, 20, 15], [50, 60, 70], [300, 400, 400]])
    assert state.winners()[0] == (2,)


def test_tied_throughout_is_a_shared_win():
    state = end_state([600, 700, 700], history=[[10, 20, 20], [50, 60, 60]])
    winners, rule = state.winners()
    assert winners == (1, 2) and "tied throughout" in rule


def test_three_way_tie_break_narrows_step_by_step():
    state = end_state([700, 700, 700], history=[[10, 20, 15], [30, 30, 20]])
    assert state.winners()[0] == (1,)  # at hand 2 seats 0 and 1 led seat 2; at hand 1 seat 1 led seat 0


def test_without_complete_grid_rule_the_best_score_wins():
    state = end_state([1010, 990, 1020], complete=(0,), options={"complete_grid": False})
    assert state._end_kind() == "cap"
    assert state.winners()[0] == (2,)
    assert end_state([500, 0, 0], complete=(0,), options={"complete_grid": False})._end_kind() == ""


def test_the_match_ends_after_the_hand_that_reaches_the_cap():
    state = filled(seed=3)
    state.scores = [995, 0, 0]
    state.score_history = ((995, 0, 0),)
    bots = [ContractGridBot(i) for i in range(3)]
    while not state.is_over:
        s = state.to_act
        state.apply(bots[s].choose(state.view(s), state.legal_actions()))
    out = state.outcome()
    assert state.hands_played == 1 and out.lines[0] in ("end: cap", "end: both")
    assert out.lines[1] == "hands: 1" and out.lines[2] == f"actions: {len(state.history)}"


# ---------------------------------------------------------------- filling, naming, bidding, playing


def test_grid_filling_places_contracts_in_order():
    state = RULES.new_game(3, None, 5)
    first = state.to_act
    assert state.phase == "fill" and first == (state.dealer + 1) % 3
    assert state.view(first).prompt == "Choose a square for Zero (contract 1 of 16)"
    state.apply("square b3")
    state.apply("square a1")
    assert state.grids[first][square_index("b3")] == "Zero" and state.grids[first][0] == "One"
    with pytest.raises(IllegalActionError, match="square b3 is not a free square of your grid"):
        state.apply("square b3")
    with pytest.raises(IllegalActionError, match="fill same is not legal"):
        state.apply("fill same")
    state.apply("fill random")
    assert sorted(state.grids[first]) == sorted(CONTRACTS)
    assert state.to_act == (first + 1) % 3 and state.hands == [[], [], []]


def square_index(name):
    return (int(name[1]) - 1) * 4 + "abcd".index(name[0])


def test_random_fill_is_replayable():
    a, b = filled(seed=9), filled(seed=9)
    assert a.grids == b.grids and a.hands == b.hands
    assert filled(seed=10).grids != a.grids


def test_fill_same_copies_the_last_grid():
    done = filled(seed=2)
    text = done.view(None).extra.last_grids
    state = RULES.new_game(3, {"last_grids": text}, 8)
    seat = state.to_act
    assert "fill same" in [a.text for a in state.legal_actions()]
    state.apply("fill same")
    assert state.grids[seat] == done.grids[seat]
    with pytest.raises(BadOptionError, match="grid 1 must list each of"):
        RULES.new_game(3, {"last_grids": "Zero,One"}, 1)


def test_naming_unwanted_suits_leaves_the_trump():
    """CG-1: each names a suit not yet named; the fourth suit is trump, and the joker tops it (CG-2)."""
    state = filled()
    assert state.to_act == (state.dealer + 1) % 3
    state.apply("drop S")
    with pytest.raises(IllegalActionError, match="S has already been named"):
        state.apply("drop S")
    state.apply("drop D")
    state.apply("drop C")
    assert state.trump == "H" and state.phase == "bid" and state.view(0).trump == "hearts trump"
    assert state.ranking.suit_of(parse_card("JK")) == H


def test_bids_are_distinct_squares_in_turn_and_public():
    state = filled()
    for s in "SDC":
        state.apply(f"drop {s}")
    first = state.to_act
    for sq in ("a1", "b2", "c3"):
        state.apply(f"bid {sq}")
    with pytest.raises(IllegalActionError, match="a1 is not a square of your grid you have not bid yet"):
        state.apply("bid a1")
    state.apply("bid d4")
    assert state.to_act == (first + 1) % 3
    assert state.view((first + 2) % 3).extra.bids[first] == ("a1", "b2", "c3", "d4")  # CG-7


def test_joker_follows_a_trump_lead():
    """CG-2: hearts trump, hearts led, the joker is the only heart held: it must be played."""
    state = filled()
    for s in "SDC":
        state.apply(f"drop {s}")
    while state.phase == "bid":
        state.apply(state.legal_actions()[0])
    leader = state.to_act
    nxt = (leader + 1) % 3
    state.hands[leader] = parse_cards("7H AS")
    state.hands[nxt] = parse_cards("JK AC")
    state.apply("7H")
    assert [a.text for a in state.legal_actions()] == ["JK"]
    with pytest.raises(IllegalActionError, match="you must follow hearts \\(you hold JK\\)"):
        state.apply("AC")


# ---------------------------------------------------------------- variants (CG-10)


def test_3x3_variant_nine_contracts_three_bids_cap_100():
    state = filled({"grid": "3x3"})
    assert state.contracts == CONTRACTS[:9] and state.num_bids == 3 and state.cap == 100
    assert len(state.view(0).extra.grids[0]) == 3 and square_name(8, 3) == "c3"
    for s in "SDC":
        state.apply(f"drop {s}")
    assert [a.text for a in state.legal_actions()][-1] == "bid c3" and len(state.legal_actions()) == 9


def test_3x3_maximum_hand():
    """3x3: 3 unmarked made bids + 8 lines = 3 x 1 + 3 x 5 + 8 x 5 = 58."""
    state = scoring_state({"grid": "3x3"})
    grid = state.grids[0]
    bids = [grid.index(c) for c in ("Zero", "Third", "Different")]
    state.marked[0] = tuple(i not in bids for i in range(9))
    state.bid_squares[0] = tuple(bids)
    state._score_seat(0)
    assert state.scores[0] == 58


def test_24_card_deck_deals_eight_each_without_joker():
    state = filled({"deck": 24})
    assert [len(h) for h in state.hands] == [8, 8, 8]
    assert parse_card("JK") not in state.deck() and len(state.deck()) == 24


def test_cap_and_bid_options():
    assert filled({"cap": 300, "bids": 2}).cap == 300
    state = filled({"bids": 2})
    for s in "SDC":
        state.apply(f"drop {s}")
    first = state.to_act
    state.apply("bid a1")
    state.apply("bid a2")
    assert state.to_act == (first + 1) % 3
    assert filled({"no_cap": True}).cap is None
    assert end_state([5000, 0, 0], options={"no_cap": True})._end_kind() == ""


def test_bad_option_combinations():
    with pytest.raises(BadOptionError, match="no way to end"):
        RULES.new_game(3, {"no_cap": True, "complete_grid": False}, 1)
    with pytest.raises(BadOptionError, match="more than the 9 squares"):
        RULES.new_game(3, {"grid": "3x3", "bids": 10}, 1)
    with pytest.raises(BadOptionError):
        RULES.new_game(3, {"deck": 32}, 1)
    with pytest.raises(BadOptionError, match="for 3 players"):
        RULES.new_game(4, None, 1)


@pytest.mark.parametrize(
    "options",
    [
        {"grid": "3x3"},
        {"deck": 24},
        {"complete_grid": False, "cap": 200},
        {"unmarked_points": 0, "bids": 6, "cap": 150},
    ],
)
def test_variants_play_to_the_end_and_scores_add_up(options):
    state = RULES.new_game(3, options, 11)
    bots = [ContractGridBot(i) for i in range(3)]
    while not state.is_over:
        s = state.to_act
        state.apply(bots[s].choose(state.view(s), state.legal_actions()))
        state.check_invariants()
    assert state.outcome().lines[0] in ("end: cap", "end: complete grid", "end: both")
    hand_events = [e for e in state.events if e.kind == "hand"]
    assert len(hand_events) == state.hands_played


# ---------------------------------------------------------------- the hand limit (CG-11, issue 11)


def test_no_cap_has_no_silent_stop_at_100_hands_CG_11():
    """CG-11 (added): without a cap only a complete grid, or a declared hand_limit, ends the match."""
    state = end_state([500, 400, 300], options={"no_cap": True})
    state.hands_played = 100
    assert state._end_kind() == ""


def test_hand_limit_ends_a_match_without_a_cap_and_says_so_CG_11():
    state = end_state([500, 700, 700], history=[[10, 20, 30]], options={"no_cap": True, "hand_limit": 20})
    state.hands_played = 19
    assert state._end_kind() == ""
    state.hands_played = 20
    state.end_kind = state._end_kind()
    assert state.end_kind == "hand limit"
    state._finish_match()
    out = state.outcome()
    assert out.winners == (2,)  # the seed's tie-break: seat 2 led when the scores last differed
    assert out.reason.startswith("hand limit of 20 reached after 20 hands; the best score wins")
    assert "whoever led when the scores last differed" in out.reason


def test_a_whole_match_stops_at_the_hand_limit_CG_11():
    state = RULES.new_game(3, {"no_cap": True, "hand_limit": 5}, 4)
    bots = [ContractGridBot(i) for i in range(3)]
    while not state.is_over:
        s = state.to_act
        state.apply(bots[s].choose(state.view(s), state.legal_actions()))
    assert state.hands_played <= 5 and state.outcome().lines[1] == f"hands: {state.hands_played}"
    assert state.hands_played < 5 or state.outcome().reason.startswith("hand limit of 5 reached")


@pytest.mark.parametrize(
    "options, message",
    [
        ({"hand_limit": 50}, "option hand_limit=50 applies only with no_cap=true"),
        ({"no_cap": True, "cap": 300}, "option cap=300 applies only with no_cap=false"),
    ],
)
def test_options_that_do_nothing_without_or_with_a_cap_are_refused_CG_11(options, message):
    with pytest.raises(BadOptionError, match=message):
        RULES.new_game(3, options, 1)


# ---------------------------------------------------------------- the bot and last_grids (issue 11)


def bot_fill(options, seed=8):
    """Let the heuristic bot fill the first grid of a new match; returns (state, seat, first action)."""
    state = RULES.new_game(3, options, seed)
    seat = state.to_act
    action = ContractGridBot(0).choose(state.view(seat), state.legal_actions())
    return state, seat, action


def test_the_bot_keeps_an_earlier_grid_as_good_as_its_own_plan():
    """Issue 11: ``fill same`` (option last_grids) was never chosen by the bot.  It now keeps an
    earlier grid worth at least its own plan (by its measure), in one action instead of sixteen."""
    done = RULES.new_game(3, None, 2)
    bots = [ContractGridBot(i) for i in range(3)]
    while done.phase == "fill":
        s = done.to_act
        done.apply(bots[s].choose(done.view(s), done.legal_actions()))
    text = done.view(None).extra.last_grids
    state, seat, action = bot_fill({"last_grids": text})
    assert action.text == "fill same"
    state.apply(action)
    assert state.grids[seat] == done.grids[seat]


def test_the_bot_plans_its_own_grid_over_a_worse_earlier_one():
    grid = ",".join(
        CONTRACTS
    )  # row by row in the rules' order: Play in a corner, Zero on the busiest square?
    state, _seat, action = bot_fill({"last_grids": "/".join([grid] * 3)})
    assert "fill same" in [a.text for a in state.legal_actions()]
    assert action.text.startswith("square")


def test_without_a_cap_a_completed_grid_ends_the_match_and_the_best_score_wins_CG_11():
    """Issue 29: the no_cap result said "the best score below the cap wins" with no cap."""
    state = end_state([500, 700, 650], complete=(0,), options={"no_cap": True})
    assert state._end_kind() == "complete grid"
    assert state.winners() == ((1,), "the best score wins")
