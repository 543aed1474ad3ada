"""Page One scenarios: one test per rule of the seed text (001) and per PO-x note."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core import JOKER, BadOptionError, IllegalActionError, parse_card, parse_cards
from games.page_one import NO_SUITS, PENALTY, RULES


def table(*hands: str, stock: str = "", discard: str = "", leader: int = 0, played: str = "", **options):
    """A game in progress: seats hold ``hands``, the stock holds ``stock`` (top card first), the
    discard pile ``discard``; ``leader`` leads and ``played`` is applied first.  Every other card of
    the pack is set aside (it only matters to card conservation, which these tests do not check)."""
    state = RULES.new_game(len(hands), options, seed=1)
    state.hands = [parse_cards(h) for h in hands]
    state.slots = [((0, NO_SUITS),) * len(h) for h in state.hands]
    state.stock = list(reversed(parse_cards(stock)))
    state.discard = parse_cards(discard)
    state.trick, state.last_trick, state.regen = [], None, {}
    state.leader = state.to_act = leader
    state._legal_cache = None
    for text in played.split(","):
        if text.strip():
            state.apply(text.strip())
    return state


def legal(state) -> list[str]:
    return [a.text for a in state.legal_actions()]


def events(state, seat=None, kind=None) -> list[str]:
    return [e.text for e in state.visible_events(seat) if kind is None or e.kind == kind]


# ---------------------------------------------------------------- the deal and the lead


def test_four_cards_each_the_rest_is_the_stock_and_left_of_the_dealer_leads():
    state = RULES.new_game(3, None, seed=5)
    assert [len(h) for h in state.hands] == [4, 4, 4]
    assert len(state.stock) == 53 - 12 and state.discard == []
    assert state.to_act == (state.dealer + 1) % 3
    assert Counter(c for z in state.zones().values() for c in z) == Counter(state.deck())
    assert len(state.deck()) == 53 and JOKER in state.deck()


def test_the_leader_may_lead_any_card():
    state = table("5H 7C JK KS", "2H 3H 4H 6H")
    assert legal(state) == ["KS", "5H", "7C", "JK"]


def test_others_must_follow_the_suit_led():
    state = table("5H 7C 2D", "9H 8C 2S", "4D 6D 5D", played="7C")
    assert legal(state) == ["8C"]
    with pytest.raises(
        IllegalActionError, match=r"9H is not legal for seat 2: you must follow clubs \(you hold 8C\)"
    ):
        state.apply("9H")


# ---------------------------------------------------------------- drawing to follow


def test_a_player_who_cannot_follow_draws_one_card_at_a_time_until_the_suit_comes_then_plays_it():
    state = table("5H 7C 3S", "9D 8D 2S", "4H 6H 7H", stock="2C 10H QD", played="5H")
    assert legal(state) == ["draw"]
    state.apply("draw")  # 2C: not a heart, so keep drawing
    assert state.hands[1] == parse_cards("9D 8D 2S 2C") and state.to_act == 1
    assert legal(state) == ["draw"]
    state.apply("draw")  # 10H: a heart, which must be played now
    assert legal(state) == ["10H"]
    with pytest.raises(
        IllegalActionError, match=r"draw is not legal for seat 2: you can follow hearts, so you may not draw"
    ):
        state.apply("draw")
    state.apply("10H")
    assert state.to_act == 2 and len(state.hands[1]) == 4


def test_each_draw_is_public_as_a_draw_and_the_card_is_shown_only_to_the_drawer():
    state = table("5H 7C 8C", "9D 8D", "4H 6H", stock="2C 10H", played="5H, draw")
    public = [e for e in state.events if e.kind == "draw" and e.visible_to is None]
    private = [e for e in state.events if e.kind == "draw" and e.visible_to is not None]
    assert [e.text for e in public] == ["{p1} draws a card (1)"]
    assert "2C" not in public[0].text and public[0].cards == ()
    assert [(e.visible_to, e.cards) for e in private] == [(1, (parse_card("2C"),))]
    assert not any("2C" in text for text in events(state, 0) + events(state, 2) + events(state, None))
    assert state.view(0).extra.drawing == (1, 1) and state.view(0).hand_sizes[1] == 3


def test_drawing_is_refused_when_leading():
    state = table("5H 7C", "9D 8D", stock="2C")
    with pytest.raises(IllegalActionError, match="you are leading: play any card"):
        state.apply("draw")


# ---------------------------------------------------------------- winning a trick (PO-1)


def test_po1_the_highest_card_of_the_led_suit_wins_and_its_player_leads_next():
    state = table("KH 3C 3D", "AH 4C 4D", "2H 5C 5D", played="KH, AH, 2H")
    assert state.last_trick.winner == 1 and state.to_act == 1 and state.tricks_won[1] == 1
    assert state.discard == parse_cards("KH AH 2H")


def test_po1_after_a_joker_lead_only_the_joker_can_win():
    state = table("JK 3C 3D", "2D 4C 4D", "AD 5C 5D", played="JK, 2D, AD")
    assert state.last_trick.winner == 0


# ---------------------------------------------------------------- the joker (PO-2)


def test_po2_a_player_holding_the_led_suit_must_follow_it_not_play_the_joker():
    state = table("5H 7C 8C", "JK 9H 8C", "4H 6H", played="5H")
    assert legal(state) == ["9H"]
    with pytest.raises(
        IllegalActionError,
        match=r"JK is not legal for seat 2: you hold hearts \(9H\), so you must "
        r"follow; the joker is for a trick you cannot follow",
    ):
        state.apply("JK")


def test_po2_a_void_player_may_play_the_joker_instead_of_drawing_and_it_wins():
    state = table("AH 7C 8C", "JK 8C 2S", "4H 6H 7H", stock="2C 10H", played="AH")
    assert legal(state) == ["JK", "draw"]
    state.apply("JK")
    state.apply("4H")
    assert state.last_trick.winner == 1 and len(state.stock) == 2


def test_po2_a_joker_drawn_while_drawing_may_be_played_at_once():
    state = table("AH 7C 8C", "8C 2S", "4H 6H 7H", stock="JK 10H", played="AH, draw")
    assert legal(state) == ["JK", "draw"]
    state.apply("JK")
    state.apply("6H")
    assert state.last_trick.winner == 1


def test_po2_after_a_joker_lead_the_next_player_plays_any_card_and_its_suit_must_be_followed():
    state = table("JK 3C 3D", "2D 4C 9S", "AD 5C 5D", played="JK")
    assert legal(state) == ["9S", "2D", "4C"]
    assert "any card" in state.view(1).prompt
    state.apply("4C")
    assert legal(state) == ["5C"]
    with pytest.raises(IllegalActionError, match=r"you must follow clubs \(you hold 5C\)"):
        state.apply("AD")


def test_po2_option_joker_any_lets_the_joker_go_to_any_trick():
    state = table("5H 7C 8C", "JK 9H 8C", "4H 6H 7H", played="5H", joker_any=True)
    assert legal(state) == ["9H", "JK"]
    state.apply("JK")
    state.apply("4H")
    assert state.last_trick.winner == 1


# ---------------------------------------------------------------- the stock runs out (PO-4)


def test_po4_an_empty_stock_is_refilled_from_the_finished_tricks_only():
    state = table("5H 7C 9C", "9D 8D 2S", "4H 6H 3H", stock="", discard="2H 3C 4S QD", played="5H")
    state.rng = random.Random(3)
    assert legal(state) == ["draw"]
    state.apply("draw")
    assert state.generation == 1
    assert len(state.stock) == 3 and state.discard == []
    assert Counter(state.stock + state.hands[1][3:]) == Counter(parse_cards("2H 3C 4S QD"))
    assert state.trick_cards() == parse_cards("5H")  # the trick in progress stays on the table
    assert any("shuffled into a new stock" in t for t in events(state, 0))


def test_po4_nothing_left_to_draw_makes_the_game_a_draw():
    state = table("5H 7C 8C", "9D 8D", "4H 6H", stock="", discard="", played="5H")
    assert state.is_over
    out = state.outcome()
    assert out.winners == (0, 1, 2) and "no card was left to draw" in out.reason
    assert any(e.kind == "hand" and "draw" in e.text for e in state.events)


def test_po4_with_nothing_to_draw_a_void_player_holding_the_joker_must_play_it():
    state = table("5H 7C 8C", "JK 8D", "4H 6H", stock="", discard="", played="5H")
    assert not state.is_over and legal(state) == ["call JK", "silent JK"]
    with pytest.raises(IllegalActionError, match="nothing is left to draw: play the joker"):
        state.apply("draw")


# ---------------------------------------------------------------- the call (PO-3, PO-6)


def test_po3_a_play_down_to_one_card_is_offered_with_and_without_the_call():
    state = table("5H 7C", "9H 8D", "4H 6H 2C")
    assert legal(state) == ["call 5H", "silent 5H", "call 7C", "silent 7C"]
    assert state.label(state.action_for("call 5H")) == "5H, call Page One!"
    assert state.label(state.action_for("silent 5H")) == "5H, no call"
    with pytest.raises(
        IllegalActionError, match="this play leaves you one card: choose call 5H or silent 5H"
    ):
        state.apply("5H")


def test_po3_a_made_call_is_public_and_costs_nothing():
    state = table("5H 7C", "9H 8D", "4H 6H 2C", stock="2S 3S 4S 5S 6S 7S", played="call 5H")
    assert state.status[0] == "Page One!" and len(state.hands[0]) == 1
    assert "{p0} plays 5H and calls “Page One!”" in events(state, 1)
    state.apply("call 9H")  # seat 1 plays down to one as well
    assert len(state.stock) == 6 and state.view(2).extra.called == (0, 1)


def test_po3_a_missed_call_costs_five_cards_before_the_next_player_acts_with_a_warning():
    state = table("5H 7C", "9H 8D", "4H 6H 2C", stock="2S 3S 4S 5S 6S 7S", played="silent 5H")
    assert state.to_act == 1 and len(state.hands[0]) == 1 + PENALTY
    assert state.hands[0][1:] == parse_cards("2S 3S 4S 5S 6S")
    warning = "{p0} did not call Page One! and draws 5 cards as a penalty"
    assert warning in events(state, 1) and state.view(2).extra.warning == warning
    assert [e.cards for e in state.events if e.visible_to == 0][-1] == tuple(parse_cards("2S 3S 4S 5S 6S"))
    assert not any("2S" in t for t in events(state, 1))
    assert state.status[0] == ""


def test_po3_winning_the_penultimate_trick_without_the_call_costs_five_before_leading_the_last_card():
    state = table("5H 7C", "AH 8D", stock="2S 3S 4S 5S 6S", played="call 5H, silent AH")
    assert state.last_trick.winner == 1 and state.to_act == 1
    assert len(state.hands[1]) == 1 + PENALTY and not state.is_over


def test_po3_option_auto_call_makes_every_call():
    state = table("5H 7C", "9H 8D", "4H 6H 2C", stock="2S 3S", auto_call=True)
    assert legal(state) == ["5H", "7C"]
    with pytest.raises(IllegalActionError, match="calls are made for you at this table"):
        state.apply("silent 5H")
    state.apply("5H")
    assert state.status[0] == "Page One!" and len(state.hands[0]) == 1 and len(state.stock) == 2


def test_po6_the_call_is_needed_every_time_a_player_gets_down_to_one_card():
    state = table("3C", "5H 9D", "4H 6H 2C", leader=1, stock="10H 2S 3S 4S 5S 6S", played="call 5H, 4H")
    assert state.to_act == 0 and legal(state) == ["draw"]  # one card, a club: seat 0 must draw
    state.apply("draw")  # 10H: two cards again, and playing the heart leaves one
    assert legal(state) == ["call 10H", "silent 10H"]
    state.apply("call 10H")
    assert state.status[0] == "Page One!" and state.hands[0] == parse_cards("3C")


def test_po6_missing_the_second_call_costs_the_penalty_too():
    state = table("3C", "5H 9D", "4H 6H 2C", leader=1, stock="10H 2S 3S 4S 5S 6S", played="call 5H, 4H, draw")
    state.apply("silent 10H")
    assert len(state.hands[0]) == 1 + PENALTY
    assert any("{p0} did not call" in t for t in events(state, 2))


# ---------------------------------------------------------------- going out (PO-5) and the series


def test_po5_the_first_player_with_no_cards_wins_at_once_even_mid_trick():
    state = table("AS", "9H 8D", "4H 6H 2C")
    state.apply("AS")
    assert state.is_over and state.outcome().winners == (0,)
    assert state.trick_cards() == parse_cards("AS")  # the unfinished trick is never completed
    assert state.outcome().reason == "{p0} played all their cards first"
    assert state.outcome().scores == (5.0, 0.0, 0.0)


def test_a_series_scores_the_cards_left_in_the_other_hands_and_deals_again():
    state = table("AS", "9H 8D", "4H 6H 2C", target=20)
    dealer = state.dealer
    state.apply("AS")
    assert not state.is_over and state.scores == [5, 0, 0]
    assert state.hand_number == 2 and state.dealer == (dealer + 1) % 3
    assert [len(h) for h in state.hands] == [4, 4, 4] and len(state.stock) == 53 - 12
    summary = next(e for e in state.events if e.kind == "hand")
    assert "{p0} scores 5 (cards left in the other hands), total 5" in summary.lines


def test_a_series_ends_when_a_player_reaches_the_target():
    state = table("AS", "9H 8D", "4H 6H 2C", target=5)
    state.apply("AS")
    assert state.is_over and state.outcome().winners == (0,)
    assert "reached 5 points" in state.outcome().reason


def test_a_whole_game_with_random_players_ends_with_one_winner_or_a_draw():
    state = RULES.new_game(4, None, seed=11)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        state.check_invariants()
    out = state.outcome()
    assert len(out.winners) in (1, 4)


# ---------------------------------------------------------------- options and help


def test_options_are_checked():
    with pytest.raises(BadOptionError, match=r"option target=101 is out of range: use a whole number 0..100"):
        RULES.new_game(3, {"target": 101})
    with pytest.raises(BadOptionError, match="option joker_any='maybe' is not allowed: use true or false"):
        RULES.new_game(3, {"joker_any": "maybe"})
    with pytest.raises(BadOptionError, match="Page One is for 2 to 4 players, not 5"):
        RULES.new_game(5)


def test_rules_help_covers_the_options_in_plain_words():
    text = RULES.summary_text()
    for words in ("joker_any", "auto_call", "target", "draw five cards", "first to reach the target"):
        assert words in text
    assert "PO-" not in text


def test_the_draw_is_labelled_for_players():
    state = table("5H 7C 8C", "9D 8D 2S", "4H 6H", stock="2C", played="5H")
    view = state.view(1)
    assert view.labels == ("Draw a card",) and view.prompt == "No hearts: draw a card"


# ---------------------------------------------------------------- resampling


def _play_some(seed: int, steps: int, seats: int = 3):
    state = RULES.new_game(seats, None, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", range(4))
def test_resample_keeps_what_the_seat_knows_and_deals_the_rest_again(seed):
    state = _play_some(seed, 25)
    if state.is_over:
        pytest.skip("the game ended early")
    seat = state.to_act
    world = state.resample(seat, random.Random(9))
    assert world.hands[seat] == state.hands[seat]
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert len(world.stock) == len(state.stock) and world.discard == state.discard
    assert world.trick == state.trick
    assert Counter(c for z in world.zones().values() for c in z) == Counter(world.deck())
    assert world.view(seat) == state.view(seat)
    world.check_invariants()  # every card fits what its holder has shown (suits lacked, generation)
    rng = random.Random(1)
    while not world.is_over:
        world.apply(rng.choice(world.legal_actions()))


def test_resample_respects_suits_a_player_showed_they_lack():
    state = table("5H 7C 9C", "9D 8D 2S", "4H 6H", stock="2C 10H QD KD AS JS 3D 4D", played="5H, draw, draw")
    lack_h = frozenset("H")
    assert state.slots[1] == ((0, lack_h),) * 4 + ((0, NO_SUITS),)  # the 10H just drawn may be a heart
    for k in range(20):
        world = state.resample(0, random.Random(k))
        assert sum(1 for c in world.hands[1] if c.suit is not None and c.suit.value == "H") <= 1
        world.check_invariants()


def _swap_hidden(state, seat):
    """A clone whose hidden cards differ: two cards of the same suit and generation swapped
    between two places the seat cannot see (so every shown fact still holds)."""
    twin = state.clone()
    places = [h for s, h in enumerate(twin.hands) if s != seat] + [twin.stock]
    cards = [(i, j, c) for i, place in enumerate(places) for j, c in enumerate(place)]
    for i, j, c in cards:
        for k, m, d in cards:
            if k > i and d != c and d.suit is c.suit and state.regen.get(d, 0) == state.regen.get(c, 0):
                places[i][j], places[k][m] = d, c
                return twin
    pytest.skip("no two hidden cards to swap")


@pytest.mark.parametrize("seed", range(3))
def test_resample_depends_only_on_what_the_seat_can_see(seed):
    state = _play_some(seed, 30)
    if state.is_over:
        pytest.skip("the game ended early")
    seat = state.to_act
    twin = _swap_hidden(state, seat)
    twin.check_invariants()
    assert twin.snapshot() != state.snapshot()
    for k in range(3):
        assert (
            twin.resample(seat, random.Random(k)).snapshot()
            == state.resample(seat, random.Random(k)).snapshot()
        )


def test_resample_keeps_reshuffled_cards_in_their_generation():
    recycled = parse_cards("2H 3C 4S QD")
    state = table("5H 7C 9C", "9D 8D 2S", "4H 6H 3H", stock="", discard="2H 3C 4S QD", played="5H, draw")
    assert [g for g, _ in state.slots[1]] == [0, 0, 0, 1]
    for k in range(10):
        world = state.resample(0, random.Random(k))
        assert not any(c in recycled for c in world.hands[1][:3] + world.hands[2])
        assert Counter(world.hands[1][3:] + world.stock) == Counter(recycled)


# ---------------------------------------------------------------- endless play (PO-7, PO-8)


def play_normal_bots(seed: int, seats: int = 2, most: int = 5000):
    """A match of normal bots seeded as the arena does (``cardtable simulate``), at most ``most``
    actions (a match that never ends fails the test instead of hanging it)."""
    from games.arena import bot_seed, reseed
    from games.bots import bot_task, make_bot

    state = RULES.new_game(seats, {}, seed)
    bots = [make_bot("normal", "page_one", bot_seed(seed, i)) for i in range(seats)]
    for _ in range(most):
        if state.is_over:
            break
        seat = state.to_act
        reseed(bots[seat], seed, seat, len(state.history))
        state.apply(bot_task(bots[seat], state, seat)())
    return state


def test_po7_the_endless_two_player_game_of_seed_2500001_is_a_draw_by_repetition():
    """Issue 29: `cardtable simulate page_one -n 1 --seed 2500001 --seats normal,normal` never
    returned: with the stock empty, each player void in the suit the other leads, the same cards
    went round through the discard pile for ever."""
    state = play_normal_bots(2500001)
    assert state.is_over, "the game must end"
    out = state.outcome()
    assert out.winners == (0, 1) and out.scores == (0.0, 0.0)
    assert "came round for the third time" in out.reason and "a draw by repetition" in out.reason
    summary = [e for e in state.events if e.kind == "hand"][-1]
    assert summary.text == "Game 1 is a draw by repetition"
    assert summary.lines[0].endswith("the game is a draw by repetition and nobody scores")
    assert max(state.positions.values()) == 3 and len(state.history) < 1000


def test_po7_positions_are_compared_only_with_an_empty_stock_or_after_a_reshuffle():
    """The check stays off the hot path: nothing is recorded while the dealt stock lasts."""
    state = table("5H 7C 3S", "9D 8D 2S", "4H 6H 7H", stock="2C 10H QD", played="5H, draw, draw")
    assert state.positions == {} and len(state.stock) == 1
    state.apply("10H")
    state.apply("4H")  # the trick ends: 10H wins it
    assert state.positions == {}
    clone = state.clone()
    assert clone.positions is state.positions  # shared until one of them records a position


def test_po7_a_position_counted_three_times_ends_the_game_and_a_clone_keeps_its_own_count():
    state = table("5H 7C 3S", "9D 8D 2S", "4H 6H 7H", stock="", discard="2C 10H")
    state._count_position()
    twin = state.clone()
    state._count_position()
    assert not state.is_over and state.positions[state._position()] == 2
    assert twin.positions[twin._position()] == 1  # the clone's count did not move
    state._count_position()
    assert state.is_over and "a draw by repetition" in state.outcome().reason


def test_po8_a_penalty_the_stock_and_discards_cannot_supply_draws_what_there_is_and_is_a_draw():
    state = table("5H 7C", "9H 8D", "4H 6H 2C", stock="2S 3S", discard="", played="silent 5H")
    assert state.is_over and state.hands[0] == parse_cards("7C 2S 3S")
    out = state.outcome()
    assert out.winners == (0, 1, 2)
    assert out.reason == (
        "{p0} could draw only 2 of the 5 penalty cards (nothing more was left): the game is a draw"
    )
