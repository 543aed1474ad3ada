"""Exact positions (games.core.exact) held against each game's own rules (issue 34).

Every game that offers positions (``TrickGame.exact_play``) is played by random and heuristic
bots; at each decision where it offers one, the position's legal cards must be the game's legal
plays, and the rest of the hand is then walked in the position and in a copy of the game side
by side, on random legal cards: the same seat to act at every step, the same legal cards, and
the hand over in both at the same moment.  The solver relies on nothing else about a game."""

from __future__ import annotations

import random

import pytest

from games import all_rules, get_rules
from games.bots import make_bot
from games.bots.search import stop_at_next_deal
from games.core import GameState, Suit, TrickGame, standard_deck
from games.core.exact import Position, above, must_head
from games.core.tricks import must_head as must_head_cards
from games.core.tricks import shared_ranking

OFFERING = sorted(r.name for r in all_rules() if r.state_class.exact_play is not TrickGame.exact_play)


def _card_plays(state: GameState) -> set[str]:
    return {a.text for a in state.legal_actions() if a.kind == "play" and a.card is not None}


def _legal(position: Position) -> list:
    return position.in_bits(position.playable())


def _walk(state: GameState, position: Position, rng: random.Random) -> int:
    """Walk the rest of the hand in both; the number of steps."""
    game = state.clone()
    stop_at_next_deal(game)
    hand = game.hand_number
    steps = 0
    while not position.over:
        assert game.to_act == position.to_act, f"step {steps}: the game has seat {game.to_act} to act"
        legal = _legal(position)
        assert {c.text for c in legal} == _card_plays(game), f"step {steps}: legal cards differ"
        card = legal[rng.randrange(len(legal))]
        position.step(card)
        game.apply(card.text)
        steps += 1
    assert game.to_act is None or game.hand_number != hand, "the game's hand goes on"
    return steps


def _positions(game: str, seed: int, levels: str, hands: int = 3, options: dict | None = None, seats=None):
    """Each position the first ``hands`` hands of a match of ``game`` offer, with its state
    (played by ``levels`` bots)."""
    rules = get_rules(game)
    state = rules.new_game(seats, options, seed)
    bots = [make_bot(levels, game, seed * 10 + s) for s in range(state.num_seats)]
    for _ in range(rules.max_game_length(state.num_seats, state.options)):
        if state.to_act is None or state.hand_number > hands:
            return
        position = state.exact_play()
        if position is not None:
            yield state, position
        seat = state.to_act
        legal = state.legal_actions()
        state.apply(bots[seat].choose(state.view(seat), legal))


@pytest.mark.parametrize("game", OFFERING)
@pytest.mark.parametrize("levels", ["random", "normal"])
def test_positions_play_as_the_game_does(game, levels):
    rng = random.Random(game)
    found = 0
    for seed in range(4):
        for state, position in _positions(game, seed, levels):
            assert {c.text for c in _legal(position)} == _card_plays(state)
            if found % 3 == 0:
                _walk(state, position, rng)
            found += 1
    assert found > 0, f"{game} offered no position"


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("cucumber", 5, {"allow_equal": True}),
        ("cucumber", 3, {"tied": "score"}),
        ("tricks_n_trumps", 4, {"turn_up_trump": True, "hand_size": 7}),
        ("pepper", 3, None),
        ("bacon", 4, {"go_alone": True}),
        ("agram", 5, None),
        ("preference", 4, None),
    ],
)
def test_positions_of_variants_play_as_the_game_does(game, seats, options):
    rng = random.Random(game)
    found = 0
    for seed in range(3):
        for state, position in _positions(game, seed, "normal", options=options, seats=seats):
            assert {c.text for c in _legal(position)} == _card_plays(state)
            if found % 3 == 0:
                _walk(state, position, rng)
            found += 1
    assert found > 0


def test_must_head_on_bits_agrees_with_the_shared_rule():
    ranking = shared_ranking((Suit.HEARTS,))
    deck = standard_deck([], min_rank=7)
    rng = random.Random(3)
    for _ in range(400):
        cards = rng.sample(deck, 9)
        hand, trick = cards[:5], cards[5 : 5 + rng.randrange(1, 4)]
        expected = {c.text for c in must_head_cards(hand, trick, ranking, explain=False)[0]}
        position = _position_of(hand, trick, ranking)
        led = position.suit[position.bits([trick[0]]).bit_length() - 1]
        mine = position.bits(hand)
        same = mine & position.suit_masks[led]
        got = must_head(mine, same, position.bits(trick), position.suit_masks[led], position.trumps)
        assert {c.text for c in position.in_bits(got)} == expected, (hand, trick)


def _position_of(hand, trick, ranking) -> Position:
    """A position holding ``hand`` (seat 0) and ``trick`` (played by seats 1...)."""

    class _Play:
        def __init__(self, seat, card):
            self.seat, self.cards = seat, (card,)

    class _State:
        num_seats = 4
        clockwise = True

    state = _State()
    state.ranking = ranking
    state.hands = [list(hand), [], [], []]
    state.tricks_won = [0, 0, 0, 0]
    state.trick = tuple(_Play(s + 1, c) for s, c in enumerate(trick))
    state.to_act = 0
    position = Position.of(state)  # type: ignore[arg-type]
    assert position is not None
    return position


def test_above_keeps_the_cards_higher_than_all_others():
    assert above(0b1011_0000, 0b0010_0000) == 0b1000_0000
    assert above(0b0000_0110, 0) == 0b0000_0110
    assert above(0b0000_0001, 0b0000_0100) == 0


def _special(game: str, state: GameState, position: Position) -> bool:
    """Whether a position meets its game's special rule: Bourré's cinch narrowing the cards,
    Preference's PR-8 after the declarer's lead, a Rams declarer who must take every trick."""
    if game == "bourre":
        return position.playable() != position.legal(
            position.hands[position.to_act], position.trick, position.led
        )
    if game == "preference":
        lead = position.trick.bit_length() - 1
        return position.played == 1 and position.owner[lead] == position.lowest_after >= 0
    return position.sweep >= 0


@pytest.mark.parametrize("game", ["bourre", "preference", "rams"])
def test_the_special_rules_are_met_and_played_as_the_game_plays_them(game):
    rng = random.Random(game)
    met = 0
    for seed in range(12):
        for levels in ("normal", "random"):
            for state, position in _positions(game, seed, levels):
                if _special(game, state, position):
                    assert {c.text for c in _legal(position)} == _card_plays(state)
                    _walk(state, position, rng)
                    met += 1
    assert met >= 3, f"only {met} positions of {game} met its special rule"
