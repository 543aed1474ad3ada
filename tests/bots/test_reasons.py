"""Hint words for a card (issue 13: "win cheaply with the 10", "duck: partner is winning"): they
say what is true of the trick and name only cards the player can see."""

from __future__ import annotations

import re

import pytest

from games import get_rules
from games.bots import make_bot
from games.bots.reasons import card_reason
from games.core import parse_card, play
from games.core.tricks import trick_winner


def _wins(state, card) -> bool:
    cards = [p.cards[0] for p in state.trick]
    return trick_winner([*cards, card], state.ranking) == len(cards)


@pytest.mark.parametrize("game", ["tricks_n_trumps", "pepper", "rams", "trump_suit"])
def test_the_words_are_true_of_the_trick_and_name_only_seen_cards(game):
    rules = get_rules(game)
    state = rules.new_game(rules.default_seats, None, 7)
    bots = [make_bot("normal", game, s) for s in range(state.num_seats)]
    said = 0
    for _ in range(600):
        if state.is_over:
            break
        seat = state.to_act
        view = state.view(seat)
        action = bots[seat].choose(view, list(view.legal))
        why = card_reason(state, seat, action)
        if why and sum(a.card is not None for a in view.legal) == 1:
            assert why == "the only card you may play"
        elif why:
            said += 1
            seen = {c.text for c in state.hands[seat]} | {p.cards[0].text for p in state.trick}
            named = set(re.findall(r"\b(?:10|[2-9JQKA])[SHDC]\b", why))
            assert named <= seen, (why, seen)
            legal = [a.card for a in view.legal if a.card is not None]
            if why.startswith(("win the trick cheaply", "take the trick", "trump it")):
                assert _wins(state, action.card)
            if why.startswith("win the trick cheaply"):
                led = state.ranking.suit_of(state.trick[0].cards[0])
                cheapest = min(
                    (c for c in legal if _wins(state, c)), key=lambda c: state.ranking.power(c, led)
                )
                assert action.card == cheapest
            if why.startswith("nothing you hold beats"):
                assert not any(_wins(state, c) for c in legal)
            if why.startswith("duck"):
                assert not _wins(state, action.card)
        state.apply(action)
    assert said > 20


def test_a_cheap_winner_is_named_as_such():
    state = get_rules("tricks_n_trumps").new_game(3, None, 1)
    while state.trick or state.phase != "play":
        state.apply(state.legal_actions()[0])
    leader = state.to_act
    nxt = (leader + 1) % 3
    led = parse_card("9S")
    state.hands[leader][0] = led
    state.hands[nxt][:3] = [parse_card("10S"), parse_card("KS"), parse_card("2S")]
    state._legal_cache = None
    state.apply(play(led))
    assert card_reason(state, nxt, play(parse_card("10S"))) == "win the trick cheaply"
    assert card_reason(state, nxt, play(parse_card("KS"))) == "take the trick"
    assert card_reason(state, nxt, play(parse_card("2S"))) == "hold back: play low"


def test_games_whose_tricks_go_otherwise_get_no_card_words():
    for game in ("simple_strange", "cucumber", "sedma", "page_one"):
        rules = get_rules(game)
        state = rules.new_game(rules.default_seats, None, 3)
        for _ in range(50):
            if state.is_over:
                break
            action = state.legal_actions()[0]
            assert card_reason(state, state.to_act, action) == ""
            state.apply(action)
