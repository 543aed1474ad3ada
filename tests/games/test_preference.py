"""Preference (Austrian) scenarios: seed 001's Preference section and rules-notes §8, PR-1 to PR-10.

Deals are written in card notation; ``*`` fills a hand with the cards nobody else was given (in
pack order).  Seat 2 deals by default, so seat 0 bids first and seat 1 sits at seat 0's left.
"""

from __future__ import annotations

import random

import pytest

from games.arena import play_match
from games.core import BadOptionError, IllegalActionError, Suit, deck_32, parse_cards, shared_ranking
from games.preference import RULES, allowed_cards
from tests.conformance import LeakWatch, check_step, view_mentions

PACK = deck_32()
NAMES = ["P0", "P1", "P2", "P3"]
# seat 0: five top hearts and all four aces; seat 1: spades and clubs; seat 2: the rest
STRONG = ["AH KH QH JH 10H AS KS AD KD AC", "QS JS 10S 9S 8S KC QC JC 10C 9C", "*"]


def deal(hands: list[str], talon: str = "", dealer: int = 2, **options):
    """A match whose current hand is exactly this deal, before the first bid ('' for a seat
    sitting out, '*' for the cards left over)."""
    st = RULES.new_game(len(hands), options or None, seed=1)
    fixed = [None if h == "*" else parse_cards(h) for h in hands]
    talon_cards = parse_cards(talon) if talon else None
    used = {c for h in fixed if h for c in h} | set(talon_cards or ())
    spare = [c for c in PACK if c not in used]
    if talon_cards is None:
        talon_cards, spare = spare[-2:], spare[:-2]
    for i, h in enumerate(fixed):
        if h is None:
            fixed[i], spare = spare[:10], spare[10:]
    assert not spare and sum(map(len, fixed)) + len(talon_cards) == 32, (
        "the deal must use the whole pack once"
    )
    st.dealer = dealer
    st.hands, st.talon = fixed, talon_cards
    st._reset_hand()
    st.to_act = st.in_hand()[0]
    st.events = []
    st._legal_cache = None
    st.check_invariants()
    return st


def texts(st) -> list[str]:
    return [a.text for a in st.legal_actions()]


def run(st, *actions: str):
    for a in actions:
        st.apply(a)
    return st


def hand_lines(st) -> list[str]:
    return [e for e in st.events if e.kind == "hand"][-1].render_lines(NAMES[: st.num_seats])


def play_out(st) -> None:
    """Play the hand in progress to its end, always the first legal card."""
    hand = st.hand_number
    while st.hand_number == hand and not st.is_over:
        assert st.phase == "play"
        st.apply(st.legal_actions()[0])


def settled(
    contract: str,
    trump: str | None,
    tricks: dict[int, int],
    playing=(1, 2),
    host=None,
    laid=None,
    no_aces=False,
    aces=0,
    seats=3,
    dealer=2,
):
    """Settle a hand whose play ended with ``tricks`` (seat 0 declared); returns the state and
    each stack's change and the pot's."""
    st = deal(STRONG if seats == 3 else [*STRONG, ""], dealer=dealer)
    before, pot = list(st.scores), st.pot
    st.declarer, st.contract = 0, contract
    st.ranking = shared_ranking((Suit(trump),)) if trump else shared_ranking((Suit.HEARTS,))
    st.playing, st.host, st.laid_aside_by, st.no_aces, st.aces_played = (
        tuple(playing),
        host,
        laid,
        no_aces,
        aces,
    )
    st.defenders = (1, 2)
    st.players = (0, *playing)
    counted = [tricks.get(s, 0) for s in range(seats)]
    if playing:
        st._settle(counted)
    else:
        st._settle(counted, both_dropped=True)
    st.check_invariants()
    return st, [st.scores[s] - before[s] for s in range(seats)], st.pot - pot


# -- dealing, seats, antes -------------------------------------------------------


def test_packets_of_three_then_talon_then_four_then_three():
    """The seed's deal: three each from the dealer's left, two to the talon, four each, three each."""
    st = RULES.new_game(3, None, seed=5)
    rng = random.Random(5)
    dealer = rng.randrange(3)
    deck = list(PACK)
    rng.shuffle(deck)
    order = [(dealer + k) % 3 for k in (1, 2, 3)]
    expect = {s: [] for s in order}
    for s in order:
        expect[s] += [deck.pop() for _ in range(3)]
    talon = [deck.pop(), deck.pop()]
    for size in (4, 3):
        for s in order:
            expect[s] += [deck.pop() for _ in range(size)]
    assert st.dealer == dealer and st.talon == talon
    assert all(st.hands[s] == expect[s] for s in order)
    assert st.to_act == order[0] and st.phase == "bid"


def test_every_player_antes_and_the_pot_is_a_multiple_of_ten_PR_10():
    st = RULES.new_game(3, {"ante": 20, "stack": 100}, seed=2)
    assert st.pot == 60 and st.scores == [80, 80, 80]
    with pytest.raises(BadOptionError, match="ante=15 must be a multiple of 10"):
        RULES.new_game(3, {"ante": 15}, seed=2)
    with pytest.raises(BadOptionError, match="Preference is for 3 to 4 players, not 5"):
        RULES.new_game(5, None, seed=2)


def test_with_four_players_the_dealer_sits_the_hand_out():
    """A fourth player sits out while dealing: no cards, listed as sitting out, never asked."""
    st = RULES.new_game(4, None, seed=9)
    assert st.pot == 40
    for _ in range(3):  # three hands, three different dealers
        dealer, hand = st.dealer, st.hand_number
        assert st.hands[dealer] == []
        assert st.view(0).sitting_out == (dealer,) and st.view(dealer).hand == ()
        assert st.in_hand() == [(dealer + k) % 4 for k in (1, 2, 3)]
        rng = random.Random(hand)
        while st.hand_number == hand and not st.is_over:
            assert st.to_act != dealer
            st.apply(rng.choice(st.legal_actions()))
        if st.is_over:
            break
        assert st.dealer == (dealer + 1) % 4


# -- the auction -------------------------------------------------------------------


def test_first_bidder_may_bid_one_game_or_hearts_or_pass():
    st = deal(STRONG)
    assert st.to_act == 0 and texts(st) == ["pass", "bid 1", "game", "hearts"]
    assert [st.label(a) for a in st.legal_actions()] == [
        "Pass",
        "One (talon)",
        "Game (no talon)",
        "Hearts (no talon)",
    ]


def test_numbers_rise_one_step_at_a_time():
    st = run(deal(STRONG), "bid 1")
    assert texts(st) == ["pass", "bid 2", "game", "hearts"]
    with pytest.raises(
        IllegalActionError,
        match="bid 3 is not legal for seat 2: numbers rise one step at a time: the next bid is Two",
    ):
        st.apply("bid 3")


def test_four_is_the_highest_number_PR_2():
    """After Four the other number bidders have nothing left to bid: they are passed for."""
    with pytest.raises(
        IllegalActionError,
        match="bid 5 is not legal for seat 1: after a game bid|numbers run from one to four",
    ):
        deal(STRONG).apply("bid 5")
    st = run(deal(STRONG), "bid 1", "bid 2", "bid 3", "bid 4")
    assert st.bids == ["Four", "pass", "pass"] and st.declarer == 0 and st.phase == "discard"
    st = run(deal(STRONG), "bid 1", "pass", "bid 2", "bid 3", "bid 4")
    assert st.bids == ["pass", "pass", "Four"] and st.declarer == 2
    assert st.view(0).extra.high == 4


def test_a_pass_is_final():
    st = run(deal(STRONG), "pass", "bid 1", "bid 2", "bid 3")
    assert st.to_act == 2  # seat 0 passed: the turn goes round it
    st.apply("pass")  # seat 2 passes: seat 1 holds Three alone, seat 0 is never asked again
    assert st.declarer == 1 and st.contract == "3" and st.phase == "discard"


def test_after_a_game_bid_only_game_or_hearts():
    st = run(deal(STRONG), "pass", "game")
    assert texts(st) == ["pass", "game", "hearts"]
    with pytest.raises(IllegalActionError, match="after a game bid only game or hearts may be bid"):
        st.apply("bid 1")


def test_a_number_bidder_may_never_bid_game_or_hearts():
    st = run(deal(STRONG), "bid 1", "bid 2")
    assert texts(st) == ["pass", "bid 3", "game", "hearts"]  # seat 2 has not bid a number
    st.apply("pass")
    assert st.to_act == 0 and texts(st) == ["pass", "bid 3"]
    with pytest.raises(IllegalActionError, match="you have bid a number, so you may not bid game or hearts"):
        st.apply("game")
    with pytest.raises(IllegalActionError, match="you have bid a number, so you may not bid game or hearts"):
        st.apply("hearts")


def test_a_number_bidder_with_nothing_left_is_passed_for_them():
    st = run(deal(STRONG), "bid 1", "game")
    # seat 2 passes; seat 0 bid a number and may not bid game: passed automatically
    st.apply("pass")
    assert st.bids[0] == "pass" and st.phase == "name" and st.to_act == 1
    assert any("cannot bid higher" in e.text for e in st.events)


def test_game_outranks_numbers():
    st = run(deal(STRONG), "bid 1", "bid 2", "game")  # the number bidders have nothing left: passed for
    assert st.bids == ["pass", "pass", "game"] and st.phase == "name" and st.to_act == 2
    st.apply("trump C")
    assert st.declarer == 2 and st.contract == "game" and st.talon and st.ranking.trumps == (Suit.CLUBS,)


def test_hearts_ends_the_auction_at_once():
    st = run(deal(STRONG), "bid 1", "hearts")
    assert st.declarer == 1 and st.contract == "hearts" and st.ranking.trumps == (Suit.HEARTS,)
    assert st.phase == "announce" and st.to_act == 1 and len(st.talon) == 2  # the talon is not used
    assert st.bids == ["One", "hearts", ""]


def test_everyone_passing_throws_in_the_cards_PR_3():
    st = deal(STRONG)
    pot, stacks = st.pot, list(st.scores)
    run(st, "pass", "pass", "pass")
    assert st.hand_number == 2 and st.dealer == 0 and st.phase == "bid"
    assert st.pot == pot and st.scores == stacks
    assert hand_lines(st) == [
        "Everyone passed, so the cards are thrown in.",
        "The pot stays at 30; the next player deals.",
    ]


def test_the_last_player_still_bids_after_two_passes():
    st = run(deal(STRONG), "pass", "pass")
    assert st.to_act == 2 and texts(st) == ["pass", "bid 1", "game", "hearts"]
    st.apply("bid 1")
    assert st.declarer == 2 and st.phase == "discard"


def test_game_bidders_name_suits_publicly_and_the_highest_wins_PR_4():
    st = run(deal(STRONG), "game", "game", "game")
    assert st.phase == "name" and st.to_act == 0
    assert texts(st) == ["trump H", "trump D", "trump C", "trump S"]
    st.apply("trump D")
    assert st.to_act == 1 and "diamonds" in st.view(2).events[-1].text  # named in public
    st.apply("trump S")
    st.apply("trump C")
    assert st.declarer == 0 and st.contract == "game" and st.ranking.trumps == (Suit.DIAMONDS,)


def test_on_the_same_suit_the_first_from_the_dealers_left_wins_PR_4():
    st = run(deal(STRONG, dealer=0), "game", "pass", "game")  # seat 1 bids first (dealer 0)
    assert st.to_act == 1
    st.apply("trump C")
    st.apply("trump C")
    assert st.declarer == 1


def test_a_game_bidder_naming_hearts_plays_game_not_hearts_PR_4():
    st, delta, _ = settled("game", "H", {0: 6, 1: 2, 2: 2})
    assert delta == [6, 2, 2]  # no hearts bonus
    assert "3. Bonuses: none." in hand_lines(st)


# -- the talon exchange -------------------------------------------------------------


def test_a_number_declarer_takes_the_talon_in_view_of_everyone():
    st = run(deal(STRONG, talon="7S 7C"), "pass", "bid 1", "pass")
    assert st.declarer == 1 and st.phase == "discard" and len(st.hands[1]) == 12
    taken = [e for e in st.events if "takes the talon" in e.text][-1]
    assert taken.visible_to is None and taken.cards == tuple(parse_cards("7S 7C"))
    for seat in (0, 2):
        assert st.view(seat).extra.talon == tuple(parse_cards("7S 7C"))


def test_the_discard_picks_two_with_take_back_then_confirm():
    st = run(deal(STRONG, talon="7S 7C"), "pass", "bid 1", "pass")
    assert len(texts(st)) == 12 and "confirm" not in texts(st)
    st.apply("discard 7S")
    assert st.label(st.action_for("discard 7S")) == "Take back 7S"
    st.apply("discard 7S")  # taken back
    assert st.picked == ()
    run(st, "discard 7S", "discard 9S")
    assert texts(st) == ["discard 7S", "discard 9S", "confirm"]
    with pytest.raises(IllegalActionError, match="you have already picked two cards: take one back"):
        st.apply("discard 8S")
    st.apply("discard 9S")
    with pytest.raises(IllegalActionError, match="pick two cards to discard first \\(you have picked 1\\)"):
        st.apply("confirm")
    run(st, "discard 7C", "confirm")
    assert st.discards == parse_cards("7S 7C") and len(st.hands[1]) == 10 and st.phase == "trump"


def test_the_discards_stay_secret():
    st = run(deal(STRONG, talon="7S 7C"), "pass", "bid 1", "pass", "discard QS", "discard JS", "confirm")
    hidden = set(parse_cards("QS JS"))
    for seat in (0, 2):
        assert not view_mentions(st.view(seat)) & hidden
    assert not view_mentions(st.view(None)) & hidden
    assert st.view(1).extra.discards == tuple(parse_cards("JS QS"))


def test_trumps_must_rank_at_least_the_bid_PR_1():
    """Hearts 4, diamonds 3, clubs 2, spades 1 (the seed's order: clubs above spades)."""
    st = run(
        deal(STRONG, talon="7S 7C"), "pass", "bid 1", "bid 2", "pass", "discard 7S", "discard 7C", "confirm"
    )
    assert st.declarer == 2 and texts(st) == ["trump H", "trump D", "trump C"]
    with pytest.raises(
        IllegalActionError,
        match="after a bid of Two trumps must rank at least 2 .* hearts or diamonds or clubs",
    ):
        st.apply("trump S")
    st.apply("trump C")
    assert st.ranking.trumps == (Suit.CLUBS,) and st.phase == "announce"


# -- no aces (PR-6) ----------------------------------------------------------------------


def test_no_aces_after_a_number_counts_the_twelve_cards_PR_6():
    """An ace from the talon bars the announcement, even when discarded."""
    hands = ["KH QH JH 10H 9H KS QS KD QD KC", "*", "*"]
    st = run(
        deal(hands, talon="AS 7S"), "bid 1", "pass", "pass", "discard AS", "discard 7S", "confirm", "trump H"
    )
    assert st.phase == "announce" and texts(st) == ["quiet"]
    with pytest.raises(
        IllegalActionError,
        match="you hold AS \\(the talon and your discards count\\), so you cannot announce no aces",
    ):
        st.apply("noaces")


def test_no_aces_after_game_counts_the_ten_dealt_cards_PR_6():
    hands = ["KH QH JH 10H 9H KS QS KD QD KC", "*", "*"]
    st = run(deal(hands, talon="AS AH"), "game", "pass", "pass", "trump H")
    assert texts(st) == ["quiet", "noaces"]
    st.apply("noaces")
    assert st.no_aces and st.phase == "defend" and any("announces no aces" in e.text for e in st.events)


def test_the_declarer_is_always_asked_so_the_question_reveals_nothing():
    st = run(deal(STRONG), "hearts")
    assert st.phase == "announce" and texts(st) == ["quiet"]
    assert st.label(st.legal_actions()[0]) == "No announcement"


def test_no_announcement_with_an_ace_is_a_formality_said_to_the_declarer_only_PR_6():
    """The game keeps the decision (records replay), and declares it a formality: a person's
    table answers it by itself with the notice; only the declarer's view carries it."""
    st = run(deal(STRONG), "hearts")
    assert st.formality() == "You hold an ace: no announcement"
    assert st.view(st.to_act).formality == st.formality()
    assert all(st.view(s).formality == "" for s in (None, *range(3)) if s != st.to_act)
    st.apply("quiet")
    assert st.formality() == "" and st.phase == "defend"


def test_a_declarer_without_an_ace_has_a_real_choice_not_a_formality_PR_6():
    hands = ["KH QH JH 10H 9H KS QS KD QD KC", "*", "*"]
    st = run(deal(hands, talon="AS AH"), "game", "pass", "pass", "trump H")
    assert texts(st) == ["quiet", "noaces"] and st.formality() == "" and st.view(st.to_act).formality == ""


# -- the defenders ---------------------------------------------------------------------


def test_defenders_decide_from_the_declarers_left():
    st = run(deal(STRONG), "pass", "hearts", "quiet")
    assert st.phase == "defend" and st.defenders == (2, 0) and st.to_act == 2
    assert texts(st) == ["play", "drop"]
    with pytest.raises(IllegalActionError, match="only a lone playing defender may invite"):
        st.apply("invite")
    run(st, "play", "play")
    assert st.phase == "play" and st.to_act == 1 and st.players == (1, 2, 0)


def test_both_defenders_dropping_pays_as_ten_tricks_PR_7():
    st = run(deal(STRONG), "hearts", "quiet")
    before, pot = list(st.scores), st.pot
    run(st, "drop", "drop")
    assert st.hand_number == 2
    # stakes: 10 from the pot kept by the declarer; hearts made: 10 from each opponent; four aces too
    assert [st.scores[s] - before[s] for s in range(3)] == [10 + 20 + 20, -20, -20]
    assert st.pot == pot - 10
    lines = hand_lines(st)
    assert lines[0] == "P0 played Hearts; both defenders dropped out, so it counts as all ten tricks."
    assert lines[1] == "Tricks: P0 10."
    assert lines[4] == (
        "3. Bonuses: hearts made: each opponent pays P0 10; all four aces held and the contract "
        "made: each opponent pays P0 10."
    )


def test_a_lone_defender_may_invite_the_other_who_must_play():
    st = run(deal(STRONG), "hearts", "quiet", "drop", "play")
    assert st.phase == "invite" and st.to_act == 2 and texts(st) == ["invite", "alone"]
    st.apply("invite")
    assert st.host == 2 and st.playing == (2, 1) and st.status[1] == "guest" and st.status[2] == "host"
    assert st.phase == "play" and st.players == (0, 1, 2)


def test_without_an_invitation_the_hand_is_played_two_handed_PR_5():
    st = run(deal(STRONG), "hearts", "quiet", "play", "drop", "alone")
    laid = parse_cards(STRONG[1])
    assert (
        st.laid_aside_by == 2 and st.hands[2] == [] and len(st.laid_aside) == 10 and st.status[2] == "dropped"
    )
    assert st.players == (0, 1) and st.view(0).sitting_out == (2,)
    assert st.view(2).extra.laid_aside and st.view(1).extra.laid_aside == ()
    hidden = set(st.laid_aside)
    assert not view_mentions(st.view(0)) & hidden and not view_mentions(st.view(1)) & hidden
    assert set(laid) == set(st.hands[1])
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert len(st.trick) == 0 and sum(st.tricks_won) == 1  # a trick of two cards
    play_out(st)
    assert [e for e in st.events if e.kind == "hand"][-1].lines[1] == "Tricks: {p0} 10, {p1} 0."


# -- play: must-head and the first defender's lowest beater (PR-8) ----------------------------


def test_the_declarer_leads_and_must_head_applies():
    hands = ["AH KH QH JH 10H AS KS AD KD AC", "QS JS 10S 9H 8S KC QC JC 10C 9C", "*"]
    st = run(deal(hands), "hearts", "quiet", "play", "play")
    assert st.to_act == 0 and len(texts(st)) == 10
    st.apply("AS")
    # seat 1 must follow and beat with the lowest card that beats AS: none beats it, so any spade
    assert texts(st) == ["8S", "10S", "JS", "QS"]
    assert st.view(1).prompt == "Follow and beat if you can; if void, trump"  # no card beats AS
    st.apply("8S")
    with pytest.raises(IllegalActionError, match="you must follow spades"):
        st.apply(next(c.text for c in st.hands[2] if c.suit is not Suit.SPADES))


def test_the_first_defender_beats_the_lead_with_the_lowest_card_that_does_PR_8():
    hands = ["9S 8H 7H AD KD QD JD 10D 9D 8D", "KS 10S 7S 7D AC KC QC JC 10C 9C", "*"]
    st = run(
        deal(hands),
        "bid 1",
        "pass",
        "pass",
        "discard 8D",
        "discard 9D",
        "confirm",
        "trump D",
        "quiet",
        "play",
        "play",
    )
    st.apply("9S")
    assert st.to_act == 1 and texts(st) == ["10S"]
    assert st.view(1).prompt == "Beat the lead with your lowest card that can"
    with pytest.raises(
        IllegalActionError,
        match="against the declarer's lead the first defender must beat 9S "
        "with the lowest card that does, 10S",
    ):
        st.apply("KS")


def test_the_first_defender_void_in_the_lead_trumps_with_the_lowest_trump_PR_8():
    hands = ["9S 8H 7H AD KD QD JD 10D 9D 8D", "7D AC KC QC JC 10C 9C 8C 7C AH", "*"]
    st = run(
        deal(hands, talon="KH QH"),
        "bid 1",
        "pass",
        "pass",
        "discard 8D",
        "discard 9D",
        "confirm",
        "trump C",
        "quiet",
        "play",
        "play",
    )
    st.apply("9S")
    assert texts(st) == ["7C"]  # void in spades: the lowest trump


def test_the_lowest_beater_rule_does_not_apply_two_handed_or_to_a_defenders_lead_PR_8():
    cards = parse_cards("KS 10S 7S")
    r = shared_ranking((Suit.DIAMONDS,))
    assert [c.text for c in allowed_cards(cards, parse_cards("9S"), r, False)[0]] == ["KS", "10S"]
    hands = ["9S 8H 7H AD KD QD JD 10D 9D 8D", "KS 10S 7S 7D AC KC QC JC 10C 9C", "*"]
    st = run(
        deal(hands),
        "bid 1",
        "pass",
        "pass",
        "discard 8D",
        "discard 9D",
        "confirm",
        "trump D",
        "quiet",
        "play",
        "drop",
        "alone",
    )
    st.apply("9S")
    assert texts(st) == ["10S", "KS"]  # two-handed: must-head only


# -- settlement, in the seed's order (the seed's worked cases) -------------------------------------


def test_stakes_from_the_pot_by_tricks_and_a_short_defender_pays_ten():
    """Declarer 7, defenders 2 and 1: the declarer takes 10, pays 2 and 1, keeps 7; the defender
    with one trick pays 10 into the pot."""
    st, delta, pot = settled("1", "S", {0: 7, 1: 2, 2: 1})
    assert delta == [7, 2, 1 - 10] and pot == -10 + 10
    lines = hand_lines(st)
    assert (
        lines[2]
        == "1. Stakes: P0 takes 10 from the pot; P1 gets 2 for 2 tricks; P2 gets 1 for 1 trick; P0 keeps 7."
    )
    assert lines[3] == "2. Penalties: P2 took fewer than 2 tricks: pays 10 into the pot."
    assert lines[-1] == "Net this hand: P0 +7, P1 +2, P2 -9; the pot now holds 30."


def test_a_declarer_under_six_pays_twenty():
    st, delta, pot = settled("game", "C", {0: 5, 1: 3, 2: 2})
    assert delta == [5 - 20, 3, 2] and pot == -10 + 20
    assert "P0 took fewer than 6 tricks: pays 20 into the pot" in hand_lines(st)[3]


def test_a_host_collects_for_the_guest_and_alone_pays_when_the_pair_takes_under_four():
    st, delta, pot = settled("2", "D", {0: 7, 1: 2, 2: 1}, playing=(1, 2), host=1)
    assert delta == [7, 3 - 10, 0] and pot == -10 + 10
    lines = hand_lines(st)
    assert "P1 gets 2 for 2 tricks; P1 gets 1 for P2's 1 trick" in lines[2]
    assert lines[3] == (
        "2. Penalties: the defenders took 3 together, fewer than 4: the host P1 alone pays 10 into the pot."
    )
    st, delta, pot = settled("2", "D", {0: 6, 1: 1, 2: 3}, playing=(1, 2), host=1)
    assert delta == [6, 4, 0] and pot == -10  # four together: nobody pays, even with one trick


def test_two_handed_the_lone_defender_needs_two_PR_5():
    _st, delta, pot = settled("game", "S", {0: 9, 1: 1}, playing=(1,), laid=2)
    assert delta == [9, 1 - 10, 0] and pot == -10 + 10


def test_hearts_made_and_lost_move_ten_to_or_from_each_opponent():
    _, delta, _ = settled("hearts", "H", {0: 6, 1: 2, 2: 2})
    assert delta == [6 + 20, 2 - 10, 2 - 10]
    st, delta, pot = settled("hearts", "H", {0: 5, 1: 3, 2: 2})
    assert delta == [5 - 20 - 20, 3 + 10, 2 + 10] and pot == 10
    assert "hearts lost: P0 pays each opponent 10" in hand_lines(st)[4]


def test_all_four_aces_pay_only_when_the_contract_is_made():
    _, delta, _ = settled("1", "S", {0: 6, 1: 2, 2: 2}, aces=4)
    assert delta == [6 + 20, 2 - 10, 2 - 10]
    _, delta, _ = settled("1", "S", {0: 5, 1: 3, 2: 2}, aces=4)
    assert delta == [5 - 20, 3, 2]
    _, delta, _ = settled("1", "S", {0: 6, 1: 2, 2: 2}, aces=3)
    assert delta == [6, 2, 2]


def test_no_aces_made_and_lost():
    _, delta, _ = settled("game", "C", {0: 6, 1: 2, 2: 2}, no_aces=True)
    assert delta == [6 + 20, 2 - 10, 2 - 10]
    _, delta, _ = settled("game", "C", {0: 4, 1: 4, 2: 2}, no_aces=True)
    assert delta == [4 - 20 - 20, 4 + 10, 2 + 10]


def test_bonuses_stack_PR_9():
    st, delta, _ = settled("hearts", "H", {0: 6, 1: 2, 2: 2}, no_aces=True)
    assert delta == [6 + 40, 2 - 20, 2 - 20]
    assert hand_lines(st)[4] == (
        "3. Bonuses: hearts made: each opponent pays P0 10; no aces made: each opponent pays P0 10."
    )


def test_bonuses_apply_to_players_who_dropped_out():
    """'These bonuses affect all players, whether or not they played, dropped out, or were invited.'"""
    _, delta, _ = settled("hearts", "H", {0: 8, 1: 2}, playing=(1,), laid=2)
    assert delta == [8 + 20, 2 - 10, -10]


def test_the_dealer_sitting_out_neither_pays_nor_gets_bonuses():
    _st, delta, _ = settled("hearts", "H", {0: 6, 1: 2, 2: 2}, seats=4, dealer=3)
    assert delta == [6 + 20, 2 - 10, 2 - 10, 0]


def test_a_whole_played_hand_adds_up():
    """Settlement of a real played hand follows the tricks taken (declarer seat 1, Clubs)."""
    st = run(
        deal(STRONG),
        "pass",
        "bid 1",
        "pass",
        "discard 9S",
        "discard 8S",
        "confirm",
        "trump C",
        "quiet",
        "play",
        "play",
    )
    before, pot = list(st.scores), st.pot
    play_out(st)
    line = [e for e in st.events if e.kind == "hand"][-1].lines[1]
    t1, t2, t0 = (int(x.split()[-1]) for x in line.removeprefix("Tricks: ").rstrip(".").split(", "))
    assert t0 + t1 + t2 == 10
    fine = [10 if t0 < 2 else 0, 20 if t1 < 6 else 0, 10 if t2 < 2 else 0]
    assert [st.scores[s] - before[s] for s in range(3)] == [
        t0 - fine[0],
        10 - t0 - t2 - fine[1],
        t2 - fine[2],
    ]
    assert (
        st.pot == pot - 10 + sum(fine) or st.pot == pot - 10 + sum(fine) + 30
    )  # (+30: the pot was refilled)


# -- the end of the match --------------------------------------------------------------------


def test_the_match_ends_when_the_pot_is_empty():
    st = deal(STRONG)
    st.pot, st.scores = 10, [110, 90, 90]
    run(st, "hearts", "quiet", "drop", "drop")
    assert st.is_over and st.pot == 0
    out = st.outcome()
    assert out.reason == "the pot is empty" and out.winners == (0,) and out.scores == (160.0, 70.0, 70.0)


def test_with_more_pots_everyone_antes_again():
    st = deal(STRONG, pots=2)
    st.pot, st.scores = 10, [110, 90, 90]
    run(st, "hearts", "quiet", "drop", "drop")
    assert not st.is_over and st.pots_emptied == 1 and st.pot == 30 and st.scores == [150, 60, 60]
    assert "everyone antes 10" in [e for e in st.events if e.kind == "deal"][-1].text


def test_pr11_no_deal_limit_by_default_the_match_ends_when_the_pot_is_empty():
    """Issue 29: a 40-deal stop ended every normal-bot match with ante=100 with counters left in
    the pot (170 stakes in one).  Seed 0 empties its pot of 300 after more than 40 deals."""
    assert RULES.resolve_options(3)["max_hands"] == 0
    st = play_match("preference", ["normal"] * 3, 0, {"ante": 100})
    assert st.hand_number > 40 and st.pot == 0
    assert st.outcome().reason == "the pot is empty" and st.outcome().lines == ()


def test_pr11_a_deal_limit_is_an_option_that_shares_the_pot_out_and_says_so():
    st = RULES.new_game(3, {"max_hands": 2}, seed=4)
    while not st.is_over:
        st.apply("pass")
    out = st.outcome()
    assert st.hand_number == 2 and out.reason == "deal limit of 2 reached"
    assert st.pot == 0 and st.scores == [100, 100, 100] and out.scores == (100.0, 100.0, 100.0)
    assert out.lines == ("The 30 stakes left in the pot are shared: {p0} 10, {p1} 10, {p2} 10",)
    assert [e for e in st.events if e.kind == "match"][-1].lines == out.lines


def test_pr11_the_odd_stakes_of_a_shared_pot_go_one_each_from_the_dealers_left():
    st = deal(["", *STRONG], dealer=0, max_hands=1)
    st.pot, st.scores = 30, [100, 90, 90, 90]  # four at the table: the dealer shares too
    run(st, "pass", "pass", "pass")
    assert st.is_over and st.pot == 0
    assert st.scores == [107, 98, 98, 97], "30 = 4 x 7 + 2: seats 1 and 2 (the dealer's left) get one more"
    assert st.outcome().lines == ("The 30 stakes left in the pot are shared: {p0} 7, {p1} 8, {p2} 8, {p3} 7",)


def test_counters_are_conserved_over_random_matches():
    for seed in range(20):
        st = RULES.new_game(3 + seed % 2, {"max_hands": 20}, seed)  # random play seldom empties a pot
        rng = random.Random(seed)
        while not st.is_over:
            st.apply(rng.choice(st.legal_actions()))
            st.check_invariants()
        assert sum(st.scores) + st.pot == 100 * st.num_seats and st.pot % 10 == 0


# -- labels, views, secrecy, possible worlds -------------------------------------------------------


def test_labels_are_the_games_own_words():
    st = run(deal(STRONG), "pass", "hearts", "quiet", "drop", "play")
    assert [st.label(a) for a in st.legal_actions()] == ["Invite the other defender", "Play alone"]
    st = run(deal(STRONG), "bid 1", "pass", "pass")
    assert st.label(st.legal_actions()[0]).startswith("Discard ")


def test_no_view_leaks_a_hidden_card_in_a_whole_match():
    st = RULES.new_game(4, {"max_hands": 8}, seed=11)
    watch, rng = LeakWatch(st), random.Random(11)
    while not st.is_over:
        check_step(st, True)
        watch.check(st)
        st.apply(rng.choice(st.legal_actions()))


def test_worlds_keep_the_talon_with_the_declarer_and_no_aces_away():
    """A defender's world: the shown talon cards stay with the declarer (hand or discards), the
    laid-aside hand is dealt afresh, and a no-aces declarer holds no ace."""
    hands = ["KH QH JH 10H 9H KS QS KD QD KC", "*", "*"]
    st = run(
        deal(hands, talon="8H 7H"),
        "bid 1",
        "pass",
        "pass",
        "discard KC",
        "discard QD",
        "confirm",
        "trump H",
        "noaces",
        "play",
        "drop",
        "alone",
    )
    talon = set(parse_cards("8H 7H"))
    aces = {c for c in PACK if c.rank == 14}
    for k in range(20):
        world = st.resample(1, random.Random(k))
        assert world.hands[1] == st.hands[1] and world.view(1) == st.view(1)
        assert talon <= set(world.hands[0]) | set(world.discards)
        assert not aces & (set(world.hands[0]) | set(world.discards))
        assert not talon & set(world.laid_aside)
    mine = st.resample(0, random.Random(3))
    assert mine.discards == st.discards and mine.hands[0] == st.hands[0]
    assert st.resample(2, random.Random(5)).laid_aside == st.laid_aside  # its owner knows it


# -- review additions (seed examples, PR-2, PR-8) -------------------------------------------------


def test_seed_after_three_only_hearts_or_diamonds_and_after_four_only_hearts_PR_2():
    """The seed's example: a winning bid of Three allows only hearts (4) and diamonds (3) as trumps;
    Four, the highest number (PR-2), allows hearts alone."""
    st = run(deal(STRONG, talon="7S 7C"), "bid 1", "bid 2", "bid 3", "pass", "pass")
    assert st.declarer == 2 and st.contract == "3"
    run(st, "discard 7S", "discard 7C", "confirm")
    assert texts(st) == ["trump H", "trump D"]
    with pytest.raises(IllegalActionError, match="after a bid of Three trumps must rank at least 3"):
        st.apply("trump C")
    st = run(
        deal(STRONG, talon="7S 7C"), "bid 1", "bid 2", "bid 3", "bid 4", "discard 7S", "discard 7C", "confirm"
    )
    assert st.declarer == 0 and texts(st) == ["trump H"]


PR8_HANDS = [
    "9S 8H 7H AD KD QD JD 10D 9D 8D",
    "KS 10S 7S 7D AC KC QC JC 10C 9C",
    "AS QS JS 8S AH KH QH JH 10H 9H",
]


def test_the_lowest_beater_rule_binds_a_guest_too_PR_8():
    """PR-8 applies when host and guest play: the guest on the declarer's left must beat 9S with 10S."""
    st = run(
        deal(PR8_HANDS, talon="8C 7C"),
        "bid 1",
        "pass",
        "pass",
        "discard 8D",
        "discard 9D",
        "confirm",
        "trump D",
        "quiet",
        "drop",
        "play",
        "invite",
    )
    assert st.host == 2 and st.status[1] == "guest" and st.players == (0, 1, 2)
    st.apply("9S")
    assert st.to_act == 1 and texts(st) == ["10S"]


def test_the_lowest_beater_rule_binds_only_the_first_defender_after_the_declarers_lead_PR_8():
    """The second defender follows the plain must-head rule (any higher spade), and after a
    defender's lead the declarer trumps with any trump; once a trump is in the trick a spade
    need not beat the led spade (must-head rule 2)."""
    st = run(
        deal(PR8_HANDS, talon="8C 7C"),
        "bid 1",
        "pass",
        "pass",
        "discard 8D",
        "discard 9D",
        "confirm",
        "trump D",
        "quiet",
        "play",
        "play",
    )
    run(st, "9S", "10S")
    assert st.to_act == 2 and texts(st) == ["JS", "QS", "AS"]
    run(st, "AS", "8S")  # seat 2 wins and leads
    assert st.to_act == 0 and texts(st) == ["10D", "JD", "QD", "KD", "AD"]
    st.apply("10D")
    assert texts(st) == ["7S", "KS"]
