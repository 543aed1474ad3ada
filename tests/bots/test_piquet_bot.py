"""The Piquet heuristic bot: a sensible exchange, declarations that score, sinking only with a
reason, greedy no-trump play; and it beats a random seat over seat-rotated parties."""

from __future__ import annotations

from games.bots import RandomBot, make_bot
from games.core import parse_card, parse_cards
from games.piquet import RULES
from games.piquet.bot import PiquetBot, exchange_target, keep_values
from tests.games.test_piquet import A_DEALER, A_ELDER, A_TALON, deal, declaring, playing


def choice(st, seed: int = 0) -> str:
    s = st.to_act
    action = PiquetBot(seed).choose(st.view(s), st.legal_actions())
    assert action in st.legal_actions()
    return action.text


def run_bot(st, actor: int) -> list[str]:
    """Let the bot act for ``actor`` while it is that seat's turn; the actions taken."""
    done = []
    while st.to_act == actor and not st.is_over:
        done.append(choice(st))
        st.apply(done[-1])
    return done


def test_is_registered_as_the_heuristic_bot():
    assert isinstance(make_bot("heuristic", "piquet", 1), PiquetBot)


def test_keeps_point_and_sequences_and_puts_away_low_cards_of_short_suits():
    hand = parse_cards("AH KH QH JH 9H 7S 8D 9C 10S KC 7C QD")
    target = exchange_target(hand, 5, elder=True)
    assert not {c.text for c in target} & {"AH", "KH", "QH", "JH", "9H"}, "the point and its quart stay"
    assert {"7S", "8D"} <= {c.text for c in target}
    values = keep_values(hand)
    assert values[parse_card("AH")] > values[parse_card("7C")]


def test_elder_takes_fewer_than_five_rather_than_break_a_strong_hand():
    hand = parse_cards("AS KS QS JS 10S AH KH QH AD KD AC 7C")
    assert [c.text for c in exchange_target(hand, 5, elder=True)] == ["7C"]


def test_the_dealer_exchanges_only_low_cards_but_at_least_one():
    hand = parse_cards("AS KS QS JS 10S AH KH QH JH AD KD AC")
    assert len(exchange_target(hand, 3, elder=False)) == 1


def test_the_exchange_is_picked_card_by_card_then_confirmed():
    st = deal(A_ELDER, A_DEALER, A_TALON)
    done = run_bot(st, st.elder)
    if done[-2:] == ["look", "put back"]:  # fewer than five taken: it looks at the rest
        done = done[:-2]
    assert done[-1].startswith("exchange ") and all(a.startswith("discard ") for a in done[:-1])
    assert len(done) - 1 == int(done[-1].split()[1]) == st.took[st.elder]


def test_it_looks_at_the_rest_of_the_five_then_puts_them_back():
    st = deal(A_ELDER, A_DEALER, A_TALON)
    for a in ("discard 7S", "exchange 1"):
        st.apply(a)
    assert choice(st) == "look"
    st.apply("look")
    assert choice(st) == "put back"


def test_a_bot_takes_back_a_card_it_did_not_mean_to_pick():
    st = deal(A_ELDER, A_DEALER, A_TALON)
    st.apply("discard AH")  # a human (or a hint) picked the ace of the point suit
    assert choice(st) == "keep AH"


def test_declares_what_it_holds_and_answers_to_score():
    st = declaring(A_ELDER, A_DEALER)
    assert choice(st) == "declare point"
    st.apply("declare point")
    assert choice(st) == "good"
    st.apply("good")
    st.apply("declare sequence")
    assert choice(st) == "not good", "the dealer's quart beats the tierce"


def test_declares_sets_when_no_named_card_beats_them():
    st = declaring(A_ELDER, A_DEALER)
    for a in ("declare point", "good", "declare sequence", "not good"):
        st.apply(a)  # the dealer named KS QS JS 10S KD QD JD: no set among them
    assert choice(st) == "declare sets"


def test_sinks_a_set_the_opponents_named_cards_already_beat():
    st = declaring("10S 10H 10D 9S 9H 9D 8C 7C 9C 7S 8D JC", "AS KS QS JS AH KH QH JH AD KD QD JD")
    for a in ("declare point", "equal", "declare sequence", "not good"):
        st.apply(a)  # the dealer named three quarts to the ace: three aces for sure
    assert choice(st) == "sink sets", "three tens cannot beat three aces, so saying them only tells"


def test_leads_a_winner_and_wins_tricks_cheaply():
    st = playing(A_ELDER, A_DEALER)
    assert choice(st) in ("AH", "AS", "AD", "AC")
    st.apply("8S")
    assert choice(st) == "10S", "the cheapest spade that wins"


def test_throws_the_least_useful_card_when_void():
    st = playing("AS KS QS JS 10S 9S 8S 7S AH KH QH JH", "AD KD QD JD 10D 9D 8D 7D AC KC QC 9C")
    st.apply("AS")
    assert choice(st) == "9C", "every diamond and the top clubs are winners: keep them"


def test_when_void_it_keeps_the_small_card_that_guards_a_king():
    """The position tests/positions/piquet-pq-keep-guard.json, in general: 7D guards KD against
    the unseen ace (throwing it bares the king), 7C guards nothing beside the boss AC."""
    hand = parse_cards("KD 7D AC 7C")
    assert PiquetBot._throw(hand, set(hand)).text == "7C"
    hand = parse_cards("KD 8D 7D AC 7C")  # two small diamonds: one to spare
    assert PiquetBot._throw(hand, set(hand)).text == "7D"
    hand = parse_cards("KD 7D AC 7C")  # the ace of diamonds gone: the king is a boss, 7D spare
    assert PiquetBot._throw(hand, set(hand) | {parse_card("AD")}).text == "7D"


def test_never_shows_the_leftover():
    st = deal(A_ELDER, A_DEALER, A_TALON)
    run_bot(st, st.elder)
    run_bot(st, st.dealer)
    assert st.phase != "leftover"
    assert not st.leftover


def _parties(levels: tuple[str, str], n: int) -> tuple[int, int, int]:
    """Seat-rotated parties: level A sits in seat 0 in even parties, in seat 1 in odd ones.
    Returns (A's wins, B's wins, draws)."""
    wins = [0, 0, 0]
    for m in range(n):
        seats = levels if m % 2 == 0 else levels[::-1]
        st = RULES.new_game(2, None, 500 + m)
        bots = [make_bot(seats[i], "piquet", m * 101 + i) for i in range(2)]
        while not st.is_over:
            s = st.to_act
            st.apply(bots[s].choose(st.view(s), st.legal_actions()))
        a = m % 2
        out = st.outcome()
        wins[2 if len(out.winners) == 2 else 0 if out.winners[0] == a else 1] += 1
    return wins[0], wins[1], wins[2]


def test_beats_a_random_seat_over_seat_rotated_parties():
    heur, rand, draws = _parties(("heuristic", "random"), 20)
    assert heur >= 18, (heur, rand, draws)


def test_random_bot_is_the_baseline():
    assert isinstance(make_bot("random", "piquet", 1), RandomBot)
