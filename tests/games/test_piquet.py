"""Piquet scenarios (seed 001, the Piquet section; rules-notes PQ-1 to PQ-9), in card notation.

Deals are set with ``Piquet.begin_hand``; ``declaring`` skips the exchange by moving the talon
into the discards, ``playing`` also has both players sink everything.
"""

from __future__ import annotations

import random

import pytest

from games.bots import make_bot
from games.core import BadOptionError, IllegalActionError, parse_cards
from games.piquet import CATEGORY, RULES, SEQ_POINTS, is_carte_blanche, partie_margin, point_of, runs, sets_of
from tests.conformance import LeakWatch, check_step, check_worlds, view_mentions

NAMES = ["P0", "P1"]


def deal(elder: str, dealer: str, talon: str | None = None, dealer_seat: int = 0, **options):
    """A match whose current hand is exactly this deal (elder is the seat that does not deal)."""
    st = RULES.new_game(2, options or None, seed=1)
    st.dealer = dealer_seat
    st.events, st.notes, st.scores = [], [], [0, 0]
    e, d = parse_cards(elder), parse_cards(dealer)
    rest = [c for c in st.pack if c not in e + d]
    t = parse_cards(talon) if talon is not None else rest
    assert sorted(e + d + t, key=lambda c: c.index) == list(st.pack), "the deal must use the pack once"
    hands = [d, e] if dealer_seat == 0 else [e, d]
    st.begin_hand(hands[0], hands[1], t)
    st._legal_cache = None
    return st


def declaring(elder: str, dealer: str, dealer_seat: int = 0, **options):
    """This deal after the exchange: both hands as given, the talon gone into the discards."""
    st = deal(elder, dealer, dealer_seat=dealer_seat, **options)
    e, d = st.elder, st.dealer
    st.discards[e], st.discards[d] = st.talon[:5], st.talon[5:]
    st.took = (5, 3) if e == 0 else (3, 5)
    st.talon = []
    st._start_declarations()
    st._legal_cache = None
    return st


def playing(elder: str, dealer: str, dealer_seat: int = 0, **options):
    """This deal with both players saying nothing in every category: elder is to lead."""
    st = declaring(elder, dealer, dealer_seat, **options)
    for _ in range(3):
        st.apply(f"sink {st.current.name}")
        st.apply(f"sink {st.current.name}")
    assert st.phase == "play" and st.to_act == st.elder
    return st


def exchange(st, cards: str) -> None:
    for c in cards.split():
        st.apply(f"discard {c}")
    st.apply(f"exchange {len(cards.split())}")


def texts(st) -> list[str]:
    return [a.text for a in st.legal_actions()]


def log(st, seat=None) -> list[str]:
    """The declarations, exchanges and notes of the log as ``seat`` sees it (None: a spectator)."""
    return [e.render(NAMES) for e in st.view(seat).events if e.kind in ("bid", "info", "deal")]


def public_cards(st) -> set[str]:
    return {c.text for c in view_mentions(st.view(None))}


# Deal A: point 5 v 4 for elder; sequences: the dealer's quart beats elder's tierce; sets: elder's
# quatorze of aces beats the dealer's trios.
A_ELDER = "AH KH QH 9H 7H AS 8S 7S AD 8D AC 8C"
A_DEALER = "KS QS JS 10S JH 10H 8H KD QD JD KC QC"
A_TALON = "9S 9D 10D 7D 9C 10C 7C JC"
# Deal B: equal points (four cards worth 35 each), equal tierces to the nine, the dealer's trio of
# aces against elder's trio of tens.
B_ELDER = "AS 9S 8S 7S KH QH 10H KC QC 10C JD 10D"
B_DEALER = "AD 9D 8D 7D AH 9H 8H AC 9C 8C KS QS"


# -- combinations (pure helpers) ------------------------------------------------------


def test_point_is_length_then_value():
    assert point_of(parse_cards("AH KH QH 9H 7H AS 8S"))[:2] == (5, 47)
    assert point_of(parse_cards("AS 9S 8S 7S AD KD 8D 7D"))[:2] == (4, 36)  # diamonds 36 beat spades 35


def test_sequences_are_maximal_runs_and_score_by_length():
    assert runs(parse_cards("AH KH QH JH 10H 9S 8S 7S 9D 8D")) == [
        (5, 14, parse_cards("AH")[0].suit),
        (3, 9, parse_cards("9S")[0].suit),
    ]
    assert SEQ_POINTS == {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
    assert CATEGORY["sequence"].points(parse_cards("AH KH QH JH 10H 9H 8H 7H")) == 18  # huitième
    assert CATEGORY["sequence"].points(parse_cards("KS QS JS 9S 8S 7S")) == 6  # two tierces


def test_sets_are_tens_or_better_PQ_1():
    assert sets_of(parse_cards("9S 9H 9D 9C 10S 10H 10D")) == [(3, 10)]  # four nines count for nothing
    assert CATEGORY["sets"].points(parse_cards("AS AH AD AC KS KH KD")) == 14 + 3


def test_carte_blanche_means_no_king_queen_or_jack():
    assert is_carte_blanche(parse_cards("AS 10S 9S 8S 7S AH 10H 9H AD 10D AC 10C"))
    assert not is_carte_blanche(parse_cards("AS 10S 9S 8S 7S AH 10H 9H AD 10D AC JC"))


# -- the deal and the exchange -----------------------------------------------------------


def test_twelve_cards_each_a_talon_of_eight_and_elder_first():
    st = RULES.new_game(2, None, seed=4)
    assert [len(h) for h in st.hands] == [12, 12] and len(st.talon) == 8
    assert st.phase == "exchange" and st.to_act == st.elder == 1 - st.dealer
    assert {RULES.new_game(2, None, seed=s).dealer for s in range(12)} == {0, 1}, "the first dealer is random"


def test_the_deal_alternates_over_a_partie_of_six_hands():
    st, rng, dealers = RULES.new_game(2, None, seed=2), random.Random(2), []
    while not st.is_over:
        if not dealers or len(dealers) < st.hand_number:
            dealers.append(st.dealer)
        st.apply(rng.choice(st.legal_actions()))
    assert len(dealers) in (6, 8)
    assert all(dealers[i] != dealers[i + 1] for i in range(len(dealers) - 1))


def test_elder_picks_one_to_five_takes_back_and_confirms():
    st = deal(A_ELDER, A_DEALER, A_TALON)
    assert "exchange 1" not in texts(st)
    with pytest.raises(IllegalActionError, match="pick at least one card to exchange first"):
        st.apply("exchange 0")
    for c in ["7S", "8S", "7H", "8D", "8C"]:
        st.apply(f"discard {c}")
    assert not any(t.startswith("discard") for t in texts(st)), "a sixth card may not be picked"
    with pytest.raises(IllegalActionError, match="you may exchange at most 5 cards: take one back first"):
        st.apply("discard AS")
    st.apply("keep 7H")
    assert st.picked == parse_cards("7S 8S 8D 8C") and "exchange 4" in texts(st)
    with pytest.raises(IllegalActionError, match="you have picked 4: confirm with exchange 4"):
        st.apply("exchange 5")
    st.apply("exchange 4")
    e = st.elder
    assert st.discards[e] == parse_cards("7S 8S 8D 8C")
    assert set(parse_cards("9S 9D 10D 7D")) <= set(st.hands[e]), "elder draws from the top of the talon"
    assert st.talon == parse_cards("9C 10C 7C JC") and "P1 exchanges 4 cards" in log(st, None)
    assert st.phase == "peek" and st.to_act == st.elder and texts(st) == ["look", "no look"]
    st.apply("no look")
    assert log(st)[-1] == "P1 does not look at the talon"
    assert st.phase == "exchange" and st.to_act == st.dealer


def test_elder_may_look_at_the_rest_of_the_five_privately():
    """The seed's look at the talon: a private reveal to elder (PQ-8), then the cards go back."""
    st = deal(A_ELDER, A_DEALER, A_TALON, dealer_seat=0)
    exchange(st, "7S 8S 7H")  # three taken (9S 9D 10D): 7D 9C are the rest of the first five
    assert st.view(1).prompt == "Look at the 2 cards left of your five? (They stay on the talon)"
    st.apply("look")
    assert log(st)[-1] == "P1 looks at the 2 cards left of the first five"  # everybody sees the look
    assert log(st, 1)[-1] == "You see 7D 9C, then put them back"
    assert st.view(1).prompt == "You see 7D 9C on top of the talon: put them back when ready"
    assert texts(st) == ["put back"]
    assert not {"7D", "9C"} & {c.text for c in view_mentions(st.view(0))}, "the dealer does not see them"
    assert not {"7D", "9C"} & public_cards(st)
    assert st.view(1).extra.seen == tuple(parse_cards("7D 9C"))
    st.apply("put back")
    assert st.talon[:2] == parse_cards("7D 9C") and st.to_act == st.dealer and st.phase == "exchange"


def look(st) -> None:
    st.apply("look")
    st.apply("put back")


def test_after_the_dealer_takes_them_elder_keeps_the_count_not_the_cards():
    """PQ-8 and the leak check: elder saw cards the dealer now holds; the view keeps how many."""
    st = deal(A_ELDER, A_DEALER, A_TALON, dealer_seat=0)
    exchange(st, "7S 8S 7H")
    look(st)
    exchange(st, "JH")  # the dealer draws 7D, the first card elder saw
    assert "7D" in {c.text for c in st.hands[0]}
    assert "7D" not in {c.text for c in view_mentions(st.view(1))}
    note = next(line for line in log(st, 1) if line.startswith("You looked at"))
    assert (
        note == "You looked at 2 cards left in the talon; P0 has taken the first 1 card you saw, 9C still in "
        "the talon"
    )
    assert st.view(1).extra.seen == tuple(parse_cards("9C"))


def test_the_dealer_exchanges_at_most_what_is_left_and_at_least_one_PQ_4():
    st = deal(A_ELDER, A_DEALER, A_TALON)
    exchange(st, "7S 8S 7H 8D 8C")
    assert st.exchange_limit() == 3
    for c in ["JH", "10H", "8H"]:
        st.apply(f"discard {c}")
    with pytest.raises(IllegalActionError, match=r"at most 3 cards \(the talon holds 3\)"):
        st.apply("discard KS")
    st = deal(A_ELDER, A_DEALER, A_TALON)
    exchange(st, "7S")
    st.apply("no look")
    assert st.exchange_limit() == 5, "the dealer's cap is five even with seven left"
    with pytest.raises(IllegalActionError, match="every player exchanges at least one"):
        st.apply("exchange 0")


def test_the_dealer_may_show_the_leftover_to_both():
    st = deal(A_ELDER, A_DEALER, A_TALON)
    exchange(st, "7S 8S 7H")
    look(st)
    exchange(st, "JH")
    assert st.phase == "leftover" and texts(st) == ["show leftover", "hide leftover"]
    assert st.label(st.legal_actions()[0]) == "Show the 4 cards left"
    st.apply("show leftover")
    assert {"9C", "10C", "7C", "JC"} <= public_cards(st)
    assert st.phase == "declare"


def test_no_leftover_question_when_the_talon_is_empty():
    st = deal(A_ELDER, A_DEALER, A_TALON)
    exchange(st, "7S 8S 7H 8D 8C")
    exchange(st, "JH 10H 8H")
    assert st.phase == "declare" and not st.talon


def test_exchange_picks_are_private():
    """PQ-8: the cards being picked are seen by their owner only; the log tells only the count."""
    st = deal(A_ELDER, A_DEALER, A_TALON)
    st.apply("discard 7S")
    assert st.view(1).extra.picked == tuple(parse_cards("7S"))
    assert st.view(0).extra.picked == () and "7S" not in {c.text for c in view_mentions(st.view(0))}


# -- carte blanche (PQ-5) -------------------------------------------------------------------


BLANK = "AS 10S 9S 8S 7S AH 10H 9H AD 10D AC 10C"


COURTS = "KS QS JS KH QH JH 8H 7H KD QD JD 9D"


def test_elder_is_asked_first_and_a_declared_carte_blanche_scores_ten_and_is_shown_at_once_PQ_5():
    """Issue 29: the seed says a player *may* declare it; it used to be scored and shown always."""
    st = deal(BLANK, COURTS)
    e = st.elder
    assert st.to_act == e and st.scores[e] == 0 and not st.blanche[e]
    assert texts(st) == ["declare blanche", "sink blanche"], "declaring is offered first (the default)"
    assert [st.label(a) for a in st.legal_actions()] == [
        "Declare carte blanche: score 10 and show your hand",
        "Keep it to yourself (no points, nothing shown)",
    ]
    assert "You hold carte blanche" in st.view(e).prompt
    with pytest.raises(IllegalActionError, match="first say whether you declare your carte blanche"):
        st.apply("discard 7S")
    st.apply("declare blanche")
    assert st.scores[e] == 10 and st.stage_pts[e][0] == 10 and st.blanche[e]
    assert set(c.text for c in parse_cards(BLANK)) <= public_cards(st)
    assert "P1 declares carte blanche and shows it: " + " ".join(
        c.text for c in sorted(parse_cards(BLANK), key=lambda c: c.index)
    ) in log(st, st.dealer)
    assert st.phase == "exchange" and st.to_act == e and "discard 7S" in texts(st)


def test_a_carte_blanche_kept_quiet_scores_nothing_and_tells_the_other_player_nothing_PQ_5():
    st = deal(BLANK, COURTS)
    e, d = st.elder, st.dealer
    st.apply("sink blanche")
    assert st.scores == [0, 0] and not st.blanche[e] and st.silent(st.history[-1])
    assert not set(c.text for c in parse_cards(BLANK)) & public_cards(st)
    assert "You keep your carte blanche to yourself" in log(st, e)
    assert not any("blanche" in line for line in log(st, d))
    assert st.status[e] == "elder" and "discard 7S" in texts(st)


def test_while_the_holder_is_asked_the_other_view_is_that_of_any_exchange_PQ_5():
    """The question itself tells nothing: the dealer's view while elder decides is the view of
    a deal where elder holds no carte blanche (same dealer hand, same talon size)."""
    asked = deal(BLANK, COURTS)
    plain = deal("AS 10S 9S 8S 7S AH 10H 9H AD 10D AC KC", COURTS.replace("KS", "10C"))
    assert asked.step == "blanche" and plain.step == ""
    a, p = asked.view(asked.dealer), plain.view(plain.dealer)
    assert a.phase == p.phase == "exchange" and a.to_act == p.to_act == asked.elder
    assert a.extra == p.extra and a.status == p.status and a.events == p.events and a.info == p.info
    assert asked.view(asked.elder).extra.step == "blanche"


def test_the_dealer_is_asked_at_the_start_of_the_dealers_exchange_and_shows_it_then_PQ_5():
    st = deal(COURTS, BLANK)
    d = st.dealer
    assert st.to_act == st.elder and texts(st)[0].startswith("discard"), "elder is not asked"
    assert st.view(st.elder).extra.step == ""
    exchange(st, "9D")
    st.apply("no look")
    assert st.to_act == d and texts(st) == ["declare blanche", "sink blanche"]
    assert not set(c.text for c in parse_cards(BLANK)) & public_cards(st)
    st.apply("declare blanche")
    assert st.scores[d] == 10 and set(c.text for c in parse_cards(BLANK)) <= public_cards(st)
    assert st.phase == "exchange" and st.to_act == d


def test_normal_and_hard_bots_and_the_hint_answer_the_question_PQ_5():
    from games.bots import bot_task, make_bot

    st = deal(BLANK, COURTS)
    assert (
        make_bot("normal", "piquet", 1).choose(st.view(st.elder), st.legal_actions()).text
        == "declare blanche"
    )
    hard = make_bot("hard", "piquet", 1)
    assert bot_task(hard, st, st.elder)().text in ("declare blanche", "sink blanche")


def test_carte_blanche_counts_toward_repique_PQ_5():
    # elder: blank 10, point 5, a quart and a tierce 7, four tens 14 = 36; 26 without the blank
    st = deal("AH 10H 9H 8H 7H 10S 9S 8S 10D 9D 10C 7C", "AS KS QS 7S AD KD QD 8D AC KC QC JH")
    e = st.elder
    st.apply("declare blanche")
    st.discards[e], st.discards[st.dealer] = st.talon[:5], st.talon[5:]
    st.took = (5, 3) if e == 0 else (3, 5)
    st.talon = []
    st._start_declarations()
    st._legal_cache = None
    assert st.scores[e] == 10
    for a in ("declare point", "good", "declare sequence", "good", "declare sets"):
        st.apply(a)
    assert texts(st) == ["good"] and st.bonus is None
    st.apply("good")
    assert st.bonus == ("repique", e) and st.stage_pts[e] == [10, 5, 7, 14, 0, 60]


# -- declarations (PQ-8) ---------------------------------------------------------------------


def test_a_whole_declaration_round_with_good_and_not_good():
    st = declaring(A_ELDER, A_DEALER)
    e, d = st.elder, st.dealer
    assert st.to_act == e and texts(st) == ["declare point", "sink point"]
    st.apply("declare point")
    assert texts(st) == ["good"], "the dealer's four cards cannot beat five"
    st.apply("good")
    st.apply("declare sequence")
    assert texts(st) == ["good", "not good"]
    st.apply("not good")
    st.apply("declare sets")
    st.apply("good")
    assert log(st)[-9:] == [
        "P1 declares a point of 5",
        "P0: good",
        "P1 scores 5 for a point of 5",
        "P1 declares a tierce",
        "P0: not good",
        "P0 scores 7 for a quart to KS and a tierce to KD",
        "P1 declares a quatorze of aces",
        "P0: good",
        "P1 scores 14 for a quatorze of aces",
    ]
    assert st.scores[e] == 19 and st.scores[d] == 7
    assert st.phase == "play" and st.to_act == e


def test_a_declaration_tells_only_its_first_part():
    """PQ-8: a declaration says how many (or which set); the loser's cards stay hidden."""
    st = declaring(A_ELDER, A_DEALER)
    st.apply("declare point")
    assert "47" not in " ".join(log(st)), "a point's value is said only after 'equal'"
    st.apply("good")
    st.apply("declare sequence")
    st.apply("not good")
    assert not {"AH", "KH", "QH"} & public_cards(st), "a beaten sequence is never named"
    assert {"KS", "QS", "JS", "10S", "KD", "QD", "JD"} <= public_cards(st), "the winner names every sequence"


def test_a_quatorze_is_named_in_full_a_trio_by_its_rank():
    """PQ-8: what the scorer names becomes public, and no more."""
    st = declaring(A_ELDER, A_DEALER)
    for a in ("declare point", "good", "declare sequence", "not good", "declare sets", "good"):
        st.apply(a)
    assert {"AH", "AS", "AD", "AC"} <= public_cards(st)
    st = declaring(B_ELDER, B_DEALER)
    for a in ("declare point", "equal", "declare sequence", "equal", "declare sets", "not good"):
        st.apply(a)
    assert "P0 scores 3 for a trio of aces" in log(st)
    assert not {"AD", "AH", "AC"} & public_cards(st)


def test_equal_points_compare_values_then_nobody_scores_on_a_tie():
    st = declaring(B_ELDER, B_DEALER)
    st.apply("declare point")
    assert texts(st) == ["good", "equal"]
    st.apply("equal")
    assert log(st)[-3:] == ["P1: worth 35", "P0: equal", "Equal: nobody scores for point"]
    assert st.scores == [0, 0]


def test_equal_length_higher_value_wins_the_point():
    st = declaring("AS KS 8S 7S KH QH 10H KC QC 10C JD 10D", "AD 9D 8D 7D AH 9H 8H AC 9C 8C 9S QS")
    st.apply("declare point")
    st.apply("equal")
    assert log(st)[-3:] == ["P1: worth 36", "P0: good", "P1 scores 4 for a point of 4"]


def test_sequences_equal_length_the_higher_top_card_wins():
    # elder: quart to the jack in hearts; dealer: quart to the king in spades and a tierce
    st = declaring("JH 10H 9H 8H AS AD AC 7S 7D 7C 8D 8C", "KS QS JS 10S KD QD JD AH KH QH 9D 9C")
    st.apply("sink point")
    st.apply("sink point")
    st.apply("declare sequence")
    assert log(st)[-1] == "P1 declares a quart" and texts(st) == ["good", "equal"]
    st.apply("equal")
    assert log(st)[-3:] == [
        "P1: to the jack",
        "P0: not good",
        "P0 scores 10 for a quart to KS, a tierce to AH and a tierce to KD",
    ]


def test_equal_sequences_score_nothing_at_all():
    st = declaring(B_ELDER, B_DEALER)
    st.apply("declare point")
    st.apply("equal")
    st.apply("declare sequence")
    st.apply("equal")
    assert log(st)[-3:] == ["P1: to the nine", "P0: equal", "Equal: nobody scores for sequence"]


def test_fours_beat_threes_and_the_higher_rank_wins_PQ_1():
    st = declaring(B_ELDER, B_DEALER)
    for a in ("declare point", "equal", "declare sequence", "equal", "declare sets"):
        st.apply(a)
    assert log(st)[-1] == "P1 declares a trio of tens" and texts(st) == ["good", "not good"]
    st = declaring("10S 10H 10D 10C 9S 8S 7S 9H 8H 7H 9D 8D", "AS AH AD KS KH KD QS QH QD JS JH JD")
    for a in ("declare point", "equal", "declare sequence", "equal", "declare sets"):
        st.apply(a)
    assert log(st)[-1] == "P1 declares a quatorze of tens"
    assert texts(st) == ["good"], "three aces do not beat four tens"


def test_sinking_lets_the_dealer_declare_and_score():
    st = declaring(A_ELDER, A_DEALER)
    st.apply("sink point")
    assert st.to_act == st.dealer and texts(st) == ["declare point", "sink point"]
    st.apply("declare point")
    assert log(st)[-2:] == ["P1: no point", "P0 scores 4 for a point of 4"]
    assert st.scores[st.dealer] == 4


def test_sinking_and_holding_nothing_sound_the_same_and_both_are_asked():
    """PQ-8: every player is asked in every category, so turns tell nothing."""
    st = declaring(B_ELDER, B_DEALER)
    st.apply("sink point")
    st.apply("sink point")
    assert log(st)[-2:] == ["P1: no point", "P0: no point"]
    st = declaring("AS 9S 7S JH 9H 7H KD 10D 8D QC 10C 8C", "KS QS JS 10S AH KH QH AD QD JD AC KC")
    st.apply("sink point")
    st.apply("sink point")
    assert st.to_act == st.elder and texts(st) == ["sink sequence"], "asked, with nothing to declare"
    assert st.label(st.legal_actions()[0]) == "Say nothing"
    st.apply("sink sequence")
    assert log(st)[-1] == "P1: no sequence"


def test_answers_that_do_not_hold_are_refused():
    st = declaring(A_ELDER, A_DEALER)
    st.apply("declare point")
    with pytest.raises(
        IllegalActionError, match=r"your best point \(a point of 4\) does not make that answer"
    ):
        st.apply("not good")


# -- repique and pique (PQ-3) ----------------------------------------------------------------


REPIQUE_ELDER = "AH KH QH JH 10H 9H 8H 7H AS KS QS JS"
REPIQUE_DEALER = "10S 9S 8S 7S KD 10D 9D 8D 7D 10C 9C 8C"  # a king: no carte blanche


def test_repique_is_won_before_a_later_score_of_the_dealer_PQ_3():
    st = declaring(REPIQUE_ELDER, REPIQUE_DEALER)
    st.apply("declare point")
    st.apply("good")
    st.apply("declare sequence")
    st.apply("good")  # elder: point 8 + huitième 18 + quart 4 = 30, the dealer still at 0
    e = st.elder
    assert st.bonus == ("repique", e) and st.scores[e] == 90
    st.apply("sink sets")
    st.apply("declare sets")  # the dealer's trio of tens comes later in the order: repique stands
    assert st.scores[st.dealer] == 3 and st.bonus == ("repique", e)
    play_cards(st, "AH 7D KH 8D QH 9D")  # elder goes on scoring: no pique on top of a repique
    assert st.scores[e] == 96 and st.bonus == ("repique", e)


def test_no_repique_once_the_opponent_has_scored_PQ_3():
    st = declaring(REPIQUE_ELDER, REPIQUE_DEALER)
    st.apply("sink point")
    st.apply("declare point")  # the dealer scores 5 first
    st.apply("declare sequence")
    st.apply("good")
    assert st.scores[st.dealer] == 5
    assert st.bonus is None and st.scores[st.elder] == 22


def test_pique_is_reached_in_play_by_elder_PQ_3():
    # elder: a huitième in hearts and its point, 26; the dealer has nothing to score
    st = declaring("AH KH QH JH 10H 9H 8H 7H AS KD QC JD", "KS QS JS 10S 9S 8S 7S AD QD 10D 9D 8D")
    st.apply("declare point")
    st.apply("good")
    st.apply("declare sequence")
    st.apply("good")
    st.apply("sink sets")
    st.apply("sink sets")
    e, d = st.elder, st.dealer
    assert st.scores == ([0, 26] if e == 1 else [26, 0]) and st.bonus is None
    st.apply("AH")
    st.apply("7S")  # elder: lead 1 + trick 1 = 28
    st.apply("KH")  # 29
    assert st.bonus is None
    st.apply("8S")  # the trick: 30 while the dealer has nothing
    assert st.bonus == ("pique", e) and st.stage_pts[e][5] == 30 and st.scores[e] == 60
    assert st.scores[d] == 0


def test_the_dealer_cannot_pique_since_elder_leads_first_PQ_3():
    st = playing("7S 8S 9S 7H 8H 9H 7D 8D 9D 7C 8C JD", "AS KS QS JS AH KH QH JH AD KD QD 9C")
    assert st.hand_total(st.elder) == 0
    st.apply("7S")
    assert st.hand_total(st.elder) == 1  # one point for the lead
    while st.hand_number == 1:
        st.apply(st.legal_actions()[-1] if st.to_act == st.dealer else st.legal_actions()[0])
    first = next(e for e in st.events if e.kind == "hand").render_lines(NAMES)
    # 12 tricks, 11 leads, the cards and capot, and no pique although the dealer passed 30
    assert first[1] == "P0 (dealer): play 63 (11 led, 12 won, the cards, capot) = 63"
    assert not any("pique" in e.render(NAMES) for e in st.events)


def test_capot_points_never_count_toward_pique_PQ_3():
    st = playing("7S 8S 9S 7H 8H 9H 7D 8D 9D 7C 8C 9C", "AS KS QS JS AH KH QH JH AD KD QD JD")
    st._add(st.elder, "play", 30, counts=False)  # (no deal gives elder capot below 30: 24 + the cards)
    assert st.bonus is None
    st._add(st.elder, "play", 1)
    assert st.bonus == ("pique", st.elder), "ordinary play points do count"


# -- play (PQ-2, PQ-6) -------------------------------------------------------------------------


def test_a_point_per_card_led_and_per_trick_won_PQ_2():
    st = playing(A_ELDER, A_DEALER)
    e, d = st.elder, st.dealer
    st.apply("AH")
    assert st.scores[e] == 1
    with pytest.raises(
        IllegalActionError, match=r"KS is not legal for seat 1: you must follow hearts \(you hold "
    ):
        st.apply("KS")
    st.apply("JH")
    assert st.scores == ([0, 2] if e == 1 else [2, 0]) and st.to_act == e
    st.apply("AS")  # elder leads again: +1
    st.apply("KS")
    assert st.scores[e] == 4 and st.scores[d] == 0


def test_no_trumps_the_highest_card_of_the_led_suit_wins():
    st = playing(A_ELDER, A_DEALER)
    st.apply("8S")  # a low spade led
    st.apply("QS")
    assert st.to_act == st.dealer and st.tricks_won[st.dealer] == 1
    st.apply("KD")  # the dealer leads a diamond: elder's ace takes it
    st.apply("AD")
    assert st.tricks_won[st.elder] == 1


def play_cards(st, cards: str) -> None:
    for c in cards.split():
        st.apply(c)


def hand_lines(st, hand: int = 1) -> list[str]:
    return [e for e in st.events if e.kind == "hand"][hand - 1].render_lines(NAMES)


def test_seven_tricks_win_the_cards_PQ_6():
    st = playing("AS KS QS JS 10S 9S 8S 7H 8H 9H 10H JH", "7S AH KH QH AD KD QD JD AC KC QC JC")
    play_cards(st, "AS 7S KS JC QS QC JS KC 10S AC 9S JD 8S QD")  # elder takes seven
    play_cards(st, "7H AH KH 8H QH 9H AD 10H KD JH")  # the dealer the other five
    assert "P1 wins the cards (7 tricks), +10" in [e.render(NAMES) for e in st.events]
    assert (
        hand_lines(st)[0] == "P1 (elder): play 25 (8 led, 7 won, the cards) = 25"
    )  # 8 leads, 7 tricks, the cards


def test_six_tricks_each_score_no_cards_PQ_6():
    st = playing("AS KS QS JS 10S 9S 7H 8H 9H 10H JH QH", "8S 7S AH KH AD KD QD JD AC KC QC JC")
    play_cards(st, "AS 7S KS 8S QS JC JS QC 10S KC 9S AC")  # elder: six tricks
    play_cards(st, "7H AH KH 8H AD 9H KD 10H QD JH JD QH")  # the dealer: six
    assert not any("wins the cards" in e.render(NAMES) for e in st.events)
    assert hand_lines(st)[:2] == [
        "P1 (elder): play 13 (7 led, 6 won) = 13",
        "P0 (dealer): play 11 (5 led, 6 won) = 11",
    ]


def test_capot_scores_forty_with_the_cards():
    st = playing("AS KS QS JS AH KH QH JH AD KD QD 10D", "10S 9S 8S 7S 10H 9H 8H 7H JD 9D 8D 7D")
    while st.hand_number == 1:
        st.apply(st.legal_actions()[0])
    first = hand_lines(st)
    # elder: 12 leads + 12 tricks = 24, the cards 10 (pique at 30: +30), capot 30 more
    assert first[0] == "P1 (elder): play 64 (12 led, 12 won, the cards, capot), pique 30 = 94"
    assert any("capot, +30 more" in e.render(NAMES) for e in st.events)


# -- the partie (PQ-7) and the series --------------------------------------------------------


def test_the_seeds_margin_examples():
    assert partie_margin(128, 119) == 109  # the loser crossed the Rubicon
    assert partie_margin(117, 96) == 313  # the loser did not


def _end_partie_at(totals: tuple[int, int], hand: int = 6, **options):
    st = RULES.new_game(2, options or None, seed=5)
    st.partie_hand = hand
    st.scores = list(totals)
    st.stage_pts = [[0] * 6, [0] * 6]
    st.sheet = [(1, 0, tuple(totals), tuple(totals))]
    st._score_hand()
    return st


def test_the_partie_margin_through_the_engine():
    st = _end_partie_at((128, 119))
    assert st.is_over and st.outcome().winners == (0,) and st.outcome().scores == (109, 0)
    assert st.outcome().reason == (
        "{p0} won the partie 128 to 119, by a margin of 109: 128 - 119 + 100 for the partie "
        "({p1} crossed the Rubicon of 100)"
    )
    assert st.outcome().lines == (
        "Partie 1: {p0} 128 to 119, margin 109 = 128 - 119 + 100 for the partie ({p1} crossed the Rubicon of 100)",
    )
    lines = [e for e in st.events if e.kind == "hand"][-1].render_lines(NAMES)
    assert (
        lines[-1]
        == "P0 wins partie 1, 128 to 119: P1 crossed the Rubicon, so the margin is 128 - 119 + 100 = 109"
    )
    st = _end_partie_at((96, 117))
    assert st.outcome().winners == (1,) and st.outcome().scores == (0, 313)
    assert (
        "did not cross the Rubicon (100), so the loser's points count for the winner too: "
        "the margin is 117 + 96 + 100 = 313"
        in [e for e in st.events if e.kind == "hand"][-1].render_lines(NAMES)[-1]
    )


def test_a_tie_after_six_plays_two_more_hands_then_a_draw_PQ_7():
    st = _end_partie_at((100, 100))
    assert not st.is_over and st.partie_hand == 7 and st.phase == "exchange"
    assert "Tied at 100: two more hands are played" in log(st)
    assert st.view(0).info_value("partie") == "1 of 1, hand 7 of 8"
    st = _end_partie_at((120, 120), hand=8)
    assert st.is_over and st.outcome().winners == (0, 1) and st.outcome().scores == (0, 0)
    assert st.outcome().reason == "the partie was drawn, 120 all after 8 hands"
    st = _end_partie_at((130, 120), hand=8)
    assert st.outcome().scores == (110, 0), "the margin is computed on the totals after hand 8"


def test_a_margin_of_a_loser_short_of_the_rubicon_says_how_it_is_made():
    """Issue 29: "margin of 398" for a 221-77 partie needs the words that make the number clear."""
    st = _end_partie_at((221, 77))
    assert st.outcome().scores == (398, 0)
    assert st.outcome().reason == (
        "{p0} won the partie 221 to 77, by a margin of 398: 221 + 77 + 100 for the partie "
        "({p1} did not cross the Rubicon of 100, so the loser's points count for the winner)"
    )
    assert st.outcome().lines[0].startswith("Partie 1: {p0} 221 to 77, margin 398 = 221 + 77 + 100")
    assert (
        [e for e in st.events if e.kind == "hand"][-1]
        .render_lines(NAMES)[-1]
        .endswith(
            "did not cross the Rubicon (100), so the loser's points count for the winner too: "
            "the margin is 221 + 77 + 100 = 398"
        )
    )


def test_a_partie_tied_after_six_plays_both_extra_hands_even_when_the_seventh_breaks_the_tie_PQ_7():
    """Issue 29, seed 700136 with two random bots (bot seeds seed * 3 + seat): 125-125 after six
    hands; the partie used to end after hand 7 as soon as the totals differed."""
    seed = 700136
    st = RULES.new_game(2, None, seed)
    bots = [make_bot("random", "piquet", seed * 3 + s) for s in range(2)]
    while not st.is_over:
        s = st.to_act
        st.apply(bots[s].choose(st.view(s), list(st.legal_actions())))
    totals = [row[3] for row in st.sheet]
    assert totals[5] == (125, 125) and totals[6][0] != totals[6][1]
    assert len(st.sheet) == 8 and st.results[0][4] == 8
    winner_total, loser_total = max(totals[7]), min(totals[7])
    assert st.outcome().scores[st.outcome().winners[0]] == partie_margin(winner_total, loser_total)
    assert f"partie {winner_total} to {loser_total}" in st.outcome().reason
    assert "Tied at 125: two more hands are played" in [e.text for e in st.events]


def test_after_a_tie_the_seventh_hand_never_ends_the_partie_PQ_7():
    st = _end_partie_at((140, 120), hand=7)
    assert not st.is_over and st.partie_hand == 8


def test_the_deal_keeps_alternating_in_the_extra_hands_PQ_7():
    st = RULES.new_game(2, None, seed=5)
    sixth = st.dealer
    st.partie_hand, st.scores, st.stage_pts = 6, [100, 100], [[0] * 6, [0] * 6]
    st.sheet = [(1, sixth, (100, 100), (100, 100))]
    st._score_hand()
    assert st.partie_hand == 7 and st.dealer == 1 - sixth


def test_a_series_of_parties_keeps_a_running_total():
    st, rng = RULES.new_game(2, {"parties": 3}, seed=8), random.Random(8)
    first_dealers = {}
    while not st.is_over:
        first_dealers.setdefault(st.partie, st.dealer if st.partie_hand == 1 else None)
        st.apply(rng.choice(st.legal_actions()))
    assert len(st.results) == 3
    assert first_dealers[1] != first_dealers[2] and first_dealers[1] == first_dealers[3], (
        "the first deal alternates"
    )
    totals = [sum(r[3] for r in st.results if r[2] == s) for s in (0, 1)]
    assert list(st.outcome().scores) == totals == list(st.series)
    assert len(st.outcome().lines) == 3 and st.outcome().lines[0].startswith("Partie 1:")
    best = max(totals)
    assert st.outcome().winners == tuple(s for s in (0, 1) if totals[s] == best)


def test_options_are_checked():
    with pytest.raises(BadOptionError, match="parties"):
        RULES.new_game(2, {"parties": 0}, 1)
    with pytest.raises(BadOptionError, match="parties"):
        RULES.new_game(2, {"parties": 11}, 1)
    with pytest.raises(BadOptionError, match="names"):
        RULES.new_game(2, {"names": "german"}, 1)
    with pytest.raises(BadOptionError, match="2 players"):
        RULES.new_game(3, None, 1)


def test_plain_names_option():
    st = declaring(A_ELDER, A_DEALER, names="plain")
    for a in ("declare point", "good", "declare sequence", "not good", "declare sets"):
        st.apply(a)
    assert "P0 scores 7 for a run of 4 to KS and a run of 3 to KD" in log(st)
    assert log(st)[-1] == "P1 declares four aces"


# -- views, labels, secrecy (PQ-8, PQ-9) -------------------------------------------------------


def test_labels_are_our_own_words_for_every_choice():
    st = deal(A_ELDER, A_DEALER, A_TALON)
    st.apply("discard 7S")
    words = {a.text: st.label(a) for a in st.legal_actions()}
    assert words["keep 7S"] == "Take back 7S" and words["discard 8S"] == "Put away 8S"
    assert words["exchange 1"] == "Exchange 1 card"
    st = declaring(A_ELDER, A_DEALER)
    assert [st.label(a) for a in st.legal_actions()] == ["Declare a point of 5", "Sink it (say nothing)"]
    st.apply("declare point")
    assert [st.label(a) for a in st.legal_actions()] == ["Good"]
    assert st.view(st.dealer).prompt == "They declare a point of 5; you hold a point of 4, worth 40"


def test_won_tricks_are_public_PQ_9():
    st = playing(A_ELDER, A_DEALER)
    st.apply("AH")
    st.apply("JH")
    assert {"AH", "JH"} <= public_cards(st)


def test_no_view_shows_a_hidden_card_through_a_whole_hand():
    st = deal(A_ELDER, A_DEALER, A_TALON)
    watch, rng = LeakWatch(st), random.Random(3)
    while st.hand_number == 1:
        check_step(st, full=True)
        watch.check(st)
        st.apply(rng.choice(st.legal_actions()))


# -- possible worlds for search bots (resample) ------------------------------------------------


def worlds(st, seat: int, n: int = 12):
    return [st.resample(seat, random.Random(k)) for k in range(n)]


def test_worlds_keep_the_named_sequences_in_the_declarers_hand():
    st = declaring(A_ELDER, A_DEALER)
    for a in ("declare point", "good", "declare sequence", "not good"):
        st.apply(a)
    named = set(parse_cards("KS QS JS 10S KD QD JD"))
    for w in worlds(st, st.elder):
        assert named <= set(w.hands[st.dealer])
        assert w.hands[st.elder] == st.hands[st.elder]
    check_worlds(st, st.elder, [], 3)


def test_worlds_agree_with_what_was_declared():
    st = declaring(A_ELDER, A_DEALER)
    st.apply("sink point")
    st.apply("declare point")  # the dealer scores a point of 4: its longest suit has four cards
    for w in worlds(st, st.elder):
        assert point_of(w.hands[st.dealer])[0] == 4
    st.apply("declare sequence")
    for w in worlds(st, st.dealer):
        assert runs(w.hands[st.elder])[0][0] == 3, "elder declared a tierce: its best run is three long"
    check_worlds(st, st.dealer, [], 4)


def test_worlds_keep_the_holders_question_and_a_declared_carte_blanche_PQ_5():
    """The holder's own worlds keep the question (its hand is its own); the other player's
    worlds after a declaration hold the shown hand; a world never depends on an unasked hand."""
    st = deal(BLANK, COURTS)
    for w in worlds(st, st.elder):
        assert w.step == "blanche" and [a.text for a in w.legal_actions()] == [
            "declare blanche",
            "sink blanche",
        ]
    check_worlds(st, st.elder, [], 3)
    check_worlds(st, st.dealer, [], 4)
    st.apply("declare blanche")
    for w in worlds(st, st.dealer):
        assert sorted(w.hands[st.elder], key=lambda c: c.index) == sorted(
            parse_cards(BLANK), key=lambda c: c.index
        )
    check_worlds(st, st.dealer, [], 5)


def test_worlds_keep_what_elder_saw_in_the_talon():
    st = deal(A_ELDER, A_DEALER, A_TALON, dealer_seat=0)
    exchange(st, "7S 8S 7H")
    look(st)  # elder looked at 7D 9C
    for w in worlds(st, st.elder):
        assert w.talon[:2] == parse_cards("7D 9C")
    exchange(st, "JH")  # the dealer took 7D
    for w in worlds(st, st.elder):
        assert parse_card_text(w.hands[st.dealer], "7D") and w.talon[0] == parse_cards("9C")[0]
        assert w.view(st.elder) == st.view(st.elder)
    for w in worlds(st, st.dealer):
        assert w.view(st.dealer) == st.view(st.dealer)
    check_worlds(st, st.elder, [], 5)
    check_worlds(st, st.dealer, [], 6)


def parse_card_text(cards, text: str) -> bool:
    return text in {c.text for c in cards}


def test_worlds_keep_a_shown_leftover_and_a_shown_carte_blanche():
    st = deal(BLANK, "KS QS JS KH QH JH 8H 7H KD QD JD 9D")
    st.apply("declare blanche")
    exchange(st, "7S 8S 9S")
    st.apply("no look")
    exchange(st, "8H")
    st.apply("show leftover")
    for w in worlds(st, st.dealer):
        assert w.talon == st.talon
        assert set(w.discards[st.elder]) <= set(parse_cards(BLANK)), "elder put away cards it had shown"
    check_worlds(st, st.dealer, [], 7)


def test_worlds_respect_a_void_shown_in_play():
    st = playing(A_ELDER, A_DEALER)
    play_cards(st, "8S 10S KD AD 7S JS QD 8D JD 7H")  # elder cannot follow the third diamond
    assert st.voids[st.elder] == ("D",)
    hidden = set(parse_cards("9D 10D 7D"))  # elder's discards, unseen by the dealer
    for w in worlds(st, st.dealer):
        assert not [c for c in w.hands[st.elder] if c.suit.letter == "D"]
        assert hidden <= set(w.discards[st.elder])
    check_worlds(st, st.dealer, [], 8)


def test_worlds_keep_every_declaration():
    """PQ-8: in every world a seat is dealt while it answers a declaration, the opponent's hand
    agrees with everything the opponent said.  (A repair that got stuck once dealt about one
    world in ten thousand without a declared point or sequence, and a search bot that answered
    "good" in such a world crashed scoring elder for a sequence it did not hold.)"""
    from games.piquet.rules import _claim_holds

    rng, checked = random.Random(5), 0
    for seed in range(300):
        st = RULES.new_game(2, {}, seed)
        while st.phase != "over":
            if st.phase == "declare" and st.step == "answer":
                seat, checked = st.to_act, checked + 1
                claims = [c for c in st.claims if c[0] == 1 - seat]
                for k in range(20):
                    w = st.resample(seat, random.Random(k))
                    hand = list(w.hands[1 - seat]) + list(w.played[1 - seat])
                    assert all(_claim_holds(c, hand) for c in claims), (seed, k, claims)
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 1000
