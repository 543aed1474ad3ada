"""Each game supplies its own words for its choices (labels are never shared across games by
their notation), and those words reach a remote player unchanged."""

from __future__ import annotations

import json

import pytest

from cardtable.net.wire import decode_view, encode_view
from games import all_rules, get_rules
from games.core import choose, parse_card, word


def _state_at(game: str, phase: str, seats: int | None = None, seed: int = 1):
    """A state of ``game`` in ``phase`` with the seat to act deciding, reached by first-choice play."""
    rules = get_rules(game)
    state = rules.new_game(seats or rules.default_seats, None, seed)
    for _ in range(2000):
        if state.phase == phase:
            return state
        state.apply(state.legal_actions()[0])
    raise AssertionError(f"{game} never reached {phase}")


def test_actions_take_no_label_of_their_own():
    """A label given to a shared action is refused: the words belong to each game."""
    with pytest.raises(TypeError, match="label"):
        word("pass", label="Pass (fold)")
    with pytest.raises(TypeError, match="label"):
        choose("swap", parse_card("QS"), "Swap the queen")


def test_the_same_pass_reads_differently_in_each_game():
    """``pass`` is one interned action, yet Rams, Bourré and Trump Suit each name it in their own words."""
    shared = word("pass")
    words = {g: get_rules(g).state_class.LABELS["pass"] for g in ("rams", "bourre", "trump_suit")}
    assert words == {
        "rams": "Pass (sit out)",
        "bourre": "Pass (fold)",
        "trump_suit": "Keep the trick and lead",
    }
    rams = _state_at("rams", "decide")
    assert rams.label(shared) == "Pass (sit out)"


def test_views_carry_the_games_words_for_legal_actions():
    """Every game's view of the seat to act lists one label per legal action, from its own game."""
    for rules in all_rules():
        state = rules.new_game(rules.default_seats, None, 5)
        view = state.view(state.to_act)
        assert len(view.labels) == len(view.legal)
        assert list(view.labels) == [state.label(a) for a in view.legal]


def test_labels_survive_the_wire():
    """A remote seat reads the server's words, not the generic caption of the action."""
    state = _state_at("contract_grid", "bid")
    view = state.view(state.to_act)
    back = decode_view(json.loads(json.dumps(encode_view(view))))
    assert back.labels == view.labels
    assert all(" " in words for words in back.labels)  # "B3 Spades": the square and its contract


def test_contract_grid_bids_name_the_contract_in_each_square():
    state = _state_at("contract_grid", "bid")
    grid = state.grids[state.to_act]
    for a in state.legal_actions():
        square = a.arg
        assert state.label(a) == f"{square.upper()} {grid[state._square(square)]}"
