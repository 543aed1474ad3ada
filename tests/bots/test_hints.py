"""Hints that teach (issue 35): in every game and every kind of decision, a hint gives the move
and a reason that names only cards the player can see, states figures that are the ones the
look-ahead computed, and is true of the position; never "a sensible player's choice"."""

from __future__ import annotations

from collections import Counter

import pytest

import games.bots.advice as advice_module
from games import game_names, get_rules
from games.bots import make_bot
from games.bots.advice import advise
from games.bots.estimates import Deal, Estimate, Terms
from games.bots.explain import (
    MAX_LENGTH,
    Context,
    card_role,
    cards_named,
    explain,
    figure_value,
    terms_of,
    visible_cards,
)
from games.core import parse_card, play
from games.core.tricks import trick_winner

GENERIC = ("sensible player", "your only choice", "did clearly better", "search's pick")


def _decisions(game: str, seed: int, per_kind: int = 2, steps: int = 4000):
    """(state, seat) at the first ``per_kind`` decisions of each kind (phase and the kinds of
    the legal actions) of a match between normal bots, any seat."""
    rules = get_rules(game)
    state = rules.new_game(rules.default_seats, None, seed)
    bots = [make_bot("normal", game, s) for s in range(state.num_seats)]
    seen: Counter = Counter()
    for _ in range(steps):
        if state.is_over:
            break
        seat, legal = state.to_act, state.legal_actions()
        key = (state.phase, tuple(sorted({a.kind for a in legal})))
        if len(legal) > 1 and seen[key] < per_kind:
            seen[key] += 1
            yield state.clone(), seat
        state.apply(bots[seat].choose(state.view(seat), legal))


@pytest.fixture
def cheap(monkeypatch):
    monkeypatch.setattr(advice_module, "MIN_DEALS", 6)


@pytest.mark.parametrize("game", game_names())
def test_every_reason_names_only_seen_cards_and_states_the_computed_figures(game, cheap):
    terms = terms_of(game)
    kinds = 0
    for state, seat in _decisions(game, seed=5):
        view, legal = state.view(seat), list(state.legal_actions())
        bot = make_bot("normal", game, 3)
        got = advise(game, view, legal, state.sampler(seat), bot, seed=7, budget=36)
        text = got.reason.text
        kinds += 1
        assert text and len(text) <= MAX_LENGTH, text
        assert not any(g in text for g in GENERIC), text
        hidden = set(cards_named(text)) - visible_cards(view)
        assert not hidden, (game, view.phase, text, hidden)
        for fig in got.reason.figures:
            assert fig.text in text
            assert figure_value(fig, got.estimates, terms) == fig.text, (text, fig)
        if got.action.card is None and view.phase != "fill":
            assert got.reason.figures, f"{game} {view.phase}: no figure in {text!r}"
    assert kinds >= 1


def test_a_trick_bid_states_the_share_of_deals_taking_that_many():
    """ "bid 3: you take 3 or more tricks in 71% of N possible deals": the percentage is the share
    of the estimate's deals in which the bidder took that many, counted here."""
    said = 0
    for state, seat in _decisions("trump_suit", seed=2, per_kind=3):
        if state.phase != "bid":
            continue
        view, legal = state.view(seat), list(state.legal_actions())
        got = advise(
            "trump_suit", view, legal, state.sampler(seat), make_bot("normal", "trump_suit", 1), 4, 60
        )
        if got.action.kind != "bid":
            continue
        k = int(got.action.arg)
        deals = got.estimates[got.action.text].deals
        share = round(100 * sum(d.tricks >= k for d in deals) / len(deals))
        assert f"{k} or more tricks in {share}% of {len(deals)} possible deals" in got.reason.text
        said += 1
    assert said


def _estimate(action: str, deals) -> Estimate:
    return Estimate.of(action, deals)


def test_the_figures_are_the_estimates_own():
    """A made-up pair of estimates: the reason's percentages and averages are theirs."""
    state = get_rules("tricks_n_trumps").new_game(3, None, 1)
    seat = state.to_act
    view = state.view(seat)
    a, b = view.legal[0], view.legal[1]
    mine = [Deal(1.0, t, t, t >= 2, 0, None) for t in (0, 1, 2, 2, 3)]
    other = [Deal(0.0, t, t, False, 0, None) for t in (0, 0, 1, 1, 1)]
    reason = explain(view, a, {a.text: _estimate(a.text, mine), b.text: _estimate(b.text, other)})
    assert "1.6 tricks a hand on average (0.6 after the " + b.text + ")" in reason.text
    assert "this trick 60% of the time" in reason.text
    assert "in 5 possible deals" in reason.text


def test_a_rival_that_did_clearly_better_is_not_quoted_as_worse():
    state = get_rules("tricks_n_trumps").new_game(3, None, 1)
    view = state.view(state.to_act)
    a, b = view.legal[0], view.legal[1]
    mine = [Deal(0.0, 0, 0, False, 0, None)] * 8
    better = [Deal(1.0, 2, 2, True, 0, None)] * 8
    reason = explain(view, a, {a.text: _estimate(a.text, mine), b.text: _estimate(b.text, better)})
    assert f"after the {b.text}" not in reason.text


def _wins(state, c) -> bool:
    cards = [p.cards[0] for p in state.trick]
    return trick_winner([*cards, c], state.ranking) == len(cards)


@pytest.mark.parametrize("game", ["tricks_n_trumps", "pepper", "rams", "trump_suit", "bacon", "piquet"])
def test_the_card_words_are_true_of_the_trick(game):
    """The words of an ordinary trick (games.bots.explain.card_role) come from the view, and are
    checked here against the true state's trick and ranking."""
    module = __import__(f"games.{game}.hints", fromlist=["ranking"])
    rules = get_rules(game)
    state = rules.new_game(rules.default_seats, None, 7)
    bots = [make_bot("normal", game, s) for s in range(state.num_seats)]
    said = 0
    for _ in range(1500):
        if state.is_over:
            break
        seat, legal = state.to_act, state.legal_actions()
        view = state.view(seat)
        action = bots[seat].choose(view, legal)
        if state.phase == "play" and len(legal) > 1 and action.card is not None:
            ctx = Context(view, action, {}, Terms(), module.ranking(view))
            words, _ = card_role(ctx)
            said += 1
            named = set(cards_named(words))
            assert named <= {c.text for c in view.hand} | {p.cards[0].text for p in view.trick}, words
            legal_cards = [a.card for a in legal if a.card is not None]
            if words.startswith(("take the trick", "win cheaply")) or "trump it" in words:
                assert _wins(state, action.card), words
            if words.startswith("win cheaply"):
                led = state.ranking.suit_of(state.trick[0].cards[0])
                cheapest = min(
                    (c for c in legal_card_winners(state, legal_cards)),
                    key=lambda c: state.ranking.power(c, led),
                )
                assert action.card == cheapest
            if words.startswith("nothing you hold beats") or "cannot win this trick" in words:
                assert not any(_wins(state, c) for c in legal_cards), words
            if words.startswith("your partner's"):
                assert not _wins(state, action.card)
            if words.startswith("lead your highest"):
                suit = state.ranking.suit_of(action.card)
                assert all(
                    state.ranking.rank_in_suit(c) <= state.ranking.rank_in_suit(action.card)
                    for c in state.hands[seat]
                    if state.ranking.suit_of(c) == suit
                )
        state.apply(action)
    assert said > 10


def legal_card_winners(state, cards):
    return [c for c in cards if _wins(state, c)]


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
    from games.tricks_n_trumps.hints import ranking

    view = state.view(nxt)

    def words(text):
        return card_role(Context(view, play(parse_card(text)), {}, Terms(), ranking(view)))[0]

    assert words("10S") == "win cheaply: the 10S beats the 9S and you keep the KS"
    assert words("KS").startswith("take the trick: ")
    assert words("2S") == "hold back and keep the KS for a later trick"
