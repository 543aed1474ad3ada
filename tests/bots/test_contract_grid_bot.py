"""The Contract Grid heuristic bot: each decision on hand-made positions (it sees views only),
and seat-rotated matches against random seats."""

from __future__ import annotations

from pathlib import Path

from games.arena import summarise, tournament
from games.contract_grid import CONTRACTS, RULES
from games.contract_grid.bot import (
    LAYOUT,
    ContractGridBot,
    _Bidding,
    _pack_of,
    _Playing,
    _ranking,
    grid_value,
    sure_tricks,
    trick_spread,
)
from games.contract_grid.endgame import LastTricks
from games.core import Suit, parse_cards
from games.core.position import Position

CORNERS = (0, 3, 12, 15)
INNER = (5, 6, 9, 10)
REST = ["Zero", "One", "Two", "Play"]
POSITIONS = Path(__file__).resolve().parent.parent / "positions"


def decide(state):
    seat = state.to_act
    action = ContractGridBot(0).choose(state.view(seat), state.legal_actions())
    assert action in state.legal_actions()
    return action.text


def planned_grid(size: int = 4) -> list[str]:
    grid = [""] * (size * size)
    for contract, i in LAYOUT[size].items():
        grid[i] = contract
    return grid


def square(contract: str, size: int = 4) -> str:
    i = LAYOUT[size][contract]
    return "abcd"[i % size] + str(i // size + 1)


def bidding_state(hand: str | None = None, marked=None, seed: int = 1, drops: str = "SDC"):
    """Every grid is the bot's plan; hearts are trump (``drops``); the first bidder holds ``hand``."""
    state = RULES.new_game(3, None, seed)
    for _ in range(3):
        state.apply("fill random")
    for s in range(3):
        state.grids[s] = planned_grid()
    for suit in drops:
        state.apply(f"drop {suit}")
    me = state.to_act
    if hand:
        state.hands[me] = parse_cards(hand)
    if marked is not None:
        state.marked[me] = tuple(marked)
    return state


def bids_of(state) -> list[str]:
    """Let the seat to act make all its bids; the contracts it bid, in order."""
    me, out = state.to_act, []
    while state.to_act == me and state.phase == "bid":
        text = decide(state)
        out.append(state.grids[me][state._square(text.split()[1])])
        state.apply(text)
    return out


# -- filling and naming trump --------------------------------------------------------------------
def test_fills_its_plan_hard_contracts_in_the_corners_play_inside():
    """Four corners hold up only six of the fourteen lines: the hardest contracts go there."""
    state = RULES.new_game(3, None, 4)
    seat = state.to_act
    while state.to_act == seat:
        state.apply(decide(state))
    grid = state.grids[seat]
    assert grid == tuple(planned_grid())
    assert {grid[i] for i in CORNERS} == {"All-Trump", "Soloist", "Second", "Partner"}
    assert grid.index("Play") in INNER and grid.index("Different") in INNER


def test_the_plan_is_worth_more_than_the_rules_order_by_its_measure():
    assert grid_value(planned_grid(), 4) > grid_value(list(CONTRACTS), 4)
    assert grid_value(planned_grid(3), 3) > grid_value(list(CONTRACTS[:9]), 3)


def test_a_strong_hand_keeps_its_long_suit_as_trump_a_weak_one_drops_it():
    """CG-1: strong (joker, spades) names diamonds, its weakest suit; weak names clubs, its longest."""
    state = RULES.new_game(3, None, 1)
    for _ in range(3):
        state.apply("fill random")
    seat = state.to_act
    state.hands[seat] = parse_cards("AS KS QS JS 10S AH KH 7D JK 8C 9C")
    assert decide(state) == "drop D"
    state.hands[seat] = parse_cards("7S 8S 7H 8H 9H 7D 8D 7C 8C 9C 10C")
    assert decide(state) == "drop C"


# -- bidding (CG-3) ----------------------------------------------------------------------------------
def test_a_hopeless_hand_bids_the_contracts_of_taking_few_or_no_tricks():
    bids = bids_of(bidding_state("7S 8S 9S 7D 8D 9D 7C 8C 9C 10C 8H"))
    assert {"Third", "Zero"} <= set(bids)
    assert not {"First", "All-Trump", "Play"} & set(bids)


def test_a_hand_with_the_joker_and_top_trumps_bids_all_trump_and_first():
    bids = bids_of(bidding_state("JK AH KH QH 10H 9H AS KS 7D 8C 9C"))
    assert {"All-Trump", "First"} <= set(bids)


def test_sure_tricks_are_the_top_trumps_and_with_every_trump_the_top_side_cards():
    r, pack = _ranking("H"), _pack_of(RULES.new_game(3, None, 1).view(0))
    assert sure_tricks(parse_cards("JK AH KH QH JH 10H 9H 8H 7H AS AD"), r, pack) == 11
    assert sure_tricks(parse_cards("JK AH KH QH JH 10H 9H 8H 7H KS AD"), r, pack) == 10  # KS can lose to AS
    # KH is out: no side card is sure
    assert sure_tricks(parse_cards("JK AH QH JH 10H AS KS QS 7D 8C 9C"), r, pack) == 2
    assert sure_tricks(parse_cards("AH KH QH 10H AS KS QS 7D 8C 9C 9D"), r, pack) == 0  # the joker is out


def test_a_hand_sure_of_every_trick_bids_only_contracts_it_is_sure_to_make():
    """The position tests/positions/contract_grid-bid-big.json, in general: with all nine trumps
    and the side aces it takes all eleven tricks, so Different, Partner and the rest cannot be
    made (the trick model alone gave ten tricks a fair chance, and with them Different)."""
    assert trick_spread(7.0, 11, sure=11) == [0.0] * 11 + [1.0]
    spread = trick_spread(3.0, 11, sure=2)
    assert abs(sum(spread) - 1.0) < 1e-12 and spread[:2] == [0.0, 0.0]
    sure = {"First", "Soloist", "Two", "All-Trump", "Hearts", "Play"}  # each made for certain
    for seed in range(1, 4):
        state = bidding_state("JK AH KH QH JH 10H 9H 8H 7H AS AD", seed=seed)
        for s in range(3):
            state.grids[s] = list(CONTRACTS)  # the rules' order, as in the position
        assert set(bids_of(state)) <= sure


def test_bids_the_square_that_completes_a_line():
    """One (c2) is a long shot for this hand (about two tricks), so it is not bid on an empty
    grid; once Clubs (b1) and Spades (d3) are marked, One finishes the short diagonal b1-c2-d3
    and becomes its first bid."""
    hand = "AS KS 7S AD 8D 9D 7C 8C 9C 10H 7H"
    assert "One" not in bids_of(bidding_state(hand))
    grid = planned_grid()
    marked = [c in ("Clubs", "Spades") for c in grid]
    assert bids_of(bidding_state(hand, marked=marked))[0] == "One"


def test_keeps_play_for_the_last_square():
    """Play is always made: it stays unbid while any other square is unmarked, so the grid can
    be completed at will."""
    marked = [True] * 16
    marked[LAYOUT[4]["Play"]] = marked[LAYOUT[4]["Soloist"]] = False
    bids = bids_of(bidding_state("JK AH KH QH 10H 9H AS KS 7D 8C 9C", marked=marked))
    assert "Soloist" in bids and "Play" not in bids


def test_completes_the_grid_with_play_only_when_that_wins():
    """CG-8: a complete grid ends the match; the best score below the cap then wins."""
    marked = [True] * 16
    marked[LAYOUT[4]["Play"]] = False
    state = bidding_state("JK AH KH QH 10H 9H AS KS 7D 8C 9C", marked=marked)
    me = state.to_act
    state.scores = [300, 300, 300]
    state.scores[me] = 450
    assert decide(state) == f"bid {square('Play')}"
    state.scores[me] = 200
    assert decide(state) != f"bid {square('Play')}"


def test_near_the_cap_it_bids_squares_it_expects_to_miss():
    """Making its bids would carry it over the cap with the grid incomplete: All-Trump (no joker,
    no tricks) is the square it is surest to miss."""
    state = bidding_state("7S 8S 9S 7D 8D 9D 7C 8C 9C 10C JC")
    state.scores[state.to_act] = 980
    assert decide(state) == f"bid {square('All-Trump')}"


def test_near_the_cap_with_few_squares_left_it_tries_to_complete():
    marked = [True] * 16
    marked[LAYOUT[4]["Play"]] = marked[LAYOUT[4]["Soloist"]] = False
    state = bidding_state("7S 8S 9S 7D 8D 9D 7C 8C 9C 10C JC", marked=marked)
    state.scores[state.to_act] = 980
    assert set(bids_of(state)[:2]) == {"Play", "Soloist"}


def test_on_a_3x3_grid_it_stops_finishing_lines_it_cannot_turn_into_a_complete_grid():
    """Without a Play square, a grid far from complete and a small cap: a new line only
    brings the cap (and the loss) nearer."""
    state = RULES.new_game(3, {"grid": "3x3"}, 1)
    for _ in range(3):
        state.apply("fill random")
    for suit in "SDC":
        state.apply(f"drop {suit}")
    me = state.to_act
    state.grids[me] = planned_grid(3)
    state.marked[me] = tuple(c in ("Zero", "First", "Different", "One", "Two") for c in planned_grid(3))
    state.scores[me] = 60
    bidding = _Bidding(state.view(me))
    assert not bidding.racing
    third = planned_grid(3).index("Third")  # finishes the top row Zero-First-Third
    assert bidding._gains()[third] < 5


# -- play ---------------------------------------------------------------------------------------------
def play_state(bids, hands, won=(0, 0, 0)):
    """Hearts trump; the k-th seat from the first bidder bids ``bids[k]`` and holds ``hands[k]``."""
    state = bidding_state()
    first = state.to_act
    for k in range(3):
        for contract in bids[k]:
            state.apply(f"bid {square(contract)}")
    assert state.phase == "play"
    for k in range(3):
        state.hands[(first + k) % 3] = parse_cards(hands[k])
    state.tricks_won = [won[(s - first) % 3] for s in range(3)]
    state._legal_cache = None
    return state


def test_an_all_trump_bidder_draws_trumps_from_the_top():
    state = play_state(
        [["All-Trump", "First", "Two", "Play"], REST, REST],
        ["JK AH KH 7H AS 8C", "9H 10H 7S 8S 9S 10S", "QH JH 7D 8D 9D 10D"],
    )
    assert decide(state) == "JK"


def test_it_trumps_in_to_stop_an_opponents_all_trump():
    state = play_state(
        [["All-Trump", "First", "Two", "Play"], REST, REST],
        ["AS 8C JK AH KH", "9C 9H 10H 7D 8D", "10S 8S QH JH 7H"],
    )
    state.apply("AS")
    assert decide(state) == "9H"  # void in spades: a trump in its own trick spoils All-Trump


def test_a_no_trump_bidder_never_wins_a_trick_with_a_trump():
    state = play_state([REST, ["No-Trump", "Zero", "One", "Play"], REST], ["10H 7S", "QH 8H", "JS 7C"])
    state.apply("10H")
    assert decide(state) == "8H"


def test_steers_its_trick_count_for_partner_or_soloist():
    """Two tricks left, the leader to win the last: taking this one ties it with the third player
    (Partner); ducking leaves the other two tied at four (Soloist)."""
    for contract, card in (("Partner", "AS"), ("Soloist", "7S")):
        state = play_state(
            [REST, [contract, "One", "Two", "Play"], REST], ["9S JK", "AS 7S", "7D 8D"], won=(2, 3, 4)
        )
        state.apply("9S")
        assert decide(state) == card


def test_a_bot_aiming_for_no_tricks_ducks_with_its_highest_losing_card():
    state = play_state(
        [["Zero", "Third", "No-Trump", "Play"], REST, REST], ["AS 7D 7C", "KS 8S AD", "9S 8D 8C"]
    )
    state.apply("AS")
    assert decide(state) == "KS"


# -- the last tricks counted out -------------------------------------------------------------------
def last_tricks(hand: str, unseen: str, voids=((), (), ())) -> LastTricks:
    """Seat 0 to lead the last three tricks with 4 tricks won, diamonds trump (all gone), and
    only Zero bid (worth 1)."""
    return LastTricks(
        me=0,
        hand=tuple(parse_cards(hand)),
        unseen=tuple(parse_cards(unseen)),
        sizes=(3, 3, 3),
        voids=tuple(map(frozenset, voids)),
        trick=(),
        trump=Suit.DIAMONDS,
        tricks=(4, 2, 2),
        won=(),
        num_trumps=9,
        bids=(("Zero", 1.0),),
    )


def test_the_last_tricks_cash_the_sure_winners_before_the_loser():
    """The position tests/positions/contract_grid-n1, in general: AS and KS cannot be beaten or
    ruffed, 7H always loses and gives the lead away for good; Zero needs six tricks."""
    ace, king, seven = parse_cards("AS KS 7H")
    values = last_tricks("AS KS 7H", "AH KH QH JH 10H 9H").values([ace, king, seven])
    assert values == {ace: 1.0, king: 1.0, seven: 0.0}


def test_the_last_tricks_deal_the_unseen_cards_only_where_they_may_lie():
    """Six cards make 20 ways of two hands of three; a seat void in hearts must hold the three
    spades; where no lie fits what the seats showed, there is nothing to count."""
    assert len(last_tricks("AS KS 7H", "AH KH QH JH 10H 9H").lies()) == 20
    void = last_tricks("AS KS 7H", "QS JS 10S 9H 8H 10H", voids=((), (Suit.HEARTS,), ()))
    assert void.lies() == [
        (frozenset(), frozenset(parse_cards("QS JS 10S")), frozenset(parse_cards("9H 8H 10H")))
    ]
    impossible = last_tricks("AS KS 7H", "AH KH QH JH 10H 9H", voids=((), (Suit.HEARTS,), ()))
    assert impossible.values(parse_cards("AS")) is None


def test_the_count_overrules_the_heuristic_where_its_card_is_worse():
    """contract_grid-n2: the heuristic alone ducks with 8S, hoping to take the last trick with
    AS; counted out, AS now is sure of the one trick Two needs and 8S is not."""
    state = Position.load(POSITIONS / "contract_grid-n2-take-the-needed-trick-now.json").replay()
    seat = state.to_act
    playing = _Playing(state.view(seat))
    cards = [a.the_card for a in state.legal_actions()]
    assert playing._heuristic(cards).text == "8S"
    values = playing._last_tricks().values(cards)
    ace, eight = parse_cards("AS 8S")
    assert values is not None and values[ace] > values[eight]
    assert decide(state) == "AS"


# -- whole matches ---------------------------------------------------------------------------------
def test_scores_more_than_random_seats_at_the_same_table():
    """Seat-rotated (every level in every seat): the heuristic's mean final score is well above
    the random seats', and it wins more than its share."""
    results = tournament("contract_grid", ["normal", "random"], cycles=2, seed=5)
    normal, rand = summarise(results, ["normal", "random"])["levels"]
    assert normal.mean_score > rand.mean_score + 150
    assert normal.win_share > 1 / 3 > rand.win_share


def test_bot_plays_whole_matches_of_every_variant():
    for options in (
        {"grid": "3x3"},
        {"deck": 24, "cap": 200},
        {"complete_grid": False, "cap": 300},
        {"no_cap": True, "hand_limit": 10},
        {"bids": 6, "unmarked_points": 3, "cap": 300},
    ):
        state = RULES.new_game(3, options, 2)
        bots = [ContractGridBot(i) for i in range(3)]
        while not state.is_over:
            s = state.to_act
            state.apply(bots[s].choose(state.view(s), state.legal_actions()))
        assert state.outcome().winners
