"""Issue 32 item 10: every game says in one line how its match ends with the options chosen
(``Rules.ending_text``), in the players' words, and the line follows each length option."""

from __future__ import annotations

import re

import pytest

from games import all_rules, get_rules

#: each game's options that change how long a match lasts, with another value of each
LENGTH = {
    "agram": [{"games": 3}],
    "bacon": [{"target": 5}],
    "bourre": [{"hands": 3}, {"ending": "broke"}, {"ending": "broke", "hand_limit": 20}],
    "contract_grid": [
        {"cap": 500},
        {"grid": "3x3"},
        {"complete_grid": False},
        {"no_cap": True, "hand_limit": 10},
    ],
    "cucumber": [{"limit": 31}],
    "page_one": [{"target": 50}],
    "pepper": [{"target": 50}, {"hand_limit": 10}],
    "piquet": [{"parties": 3}],
    "preference": [{"pots": 2}, {"max_hands": 6}],
    "rams": [{"hands": 5}, {"ending": "broke"}, {"ending": "broke", "hand_limit": 50}],
    "sedma": [{"target": 5}],
    "simple_strange": [{"deals": 3}],
    "tricks_n_trumps": [
        {"rounds": 2},
        {"ending": "ahead"},
        {"ending": "ahead", "ahead_by": 5, "hand_limit": 20},
    ],
    "trump_suit": [{"target": 250}, {"floor": -500}, {"hand_limit": 20}],
}
RULE_ID = re.compile(r"\b[A-Z]{2}-\d+\b")


def test_every_game_declares_its_length_options_here():
    assert set(LENGTH) == {r.name for r in all_rules()}


@pytest.mark.parametrize("game", sorted(LENGTH))
def test_the_ending_line_follows_the_length_options(game):
    rules = get_rules(game)
    for n in range(rules.min_seats, rules.max_seats + 1):
        default = rules.ending_text(n, rules.resolve_options(n, None))
        assert default and "\n" not in default and len(default) <= 70, (
            default
        )  # one line at 80 columns after "Match: "
        assert default[0].isupper() and not RULE_ID.search(default), default
        seen = {default}
        for change in LENGTH[game]:
            try:
                options = rules.resolve_options(n, change)
            except ValueError:
                continue  # not allowed with this many players
            text = rules.ending_text(n, options)
            assert text not in seen, (game, n, change, text)  # each option says its own ending
            assert "\n" not in text and len(text) <= 70 and not RULE_ID.search(text), text
            seen.add(text)


def test_the_endings_read_as_the_players_expect():
    def said(game: str, n: int, **options) -> str:
        rules = get_rules(game)
        return rules.ending_text(n, rules.resolve_options(n, options or None))

    assert said("trump_suit", 3) == "First to 500 points (or down to -200)"
    assert said("preference", 3) == "Until the pot is empty"
    assert said("preference", 3, max_hands=6).startswith("Until the pot is empty, or six deals at most")
    assert said("tricks_n_trumps", 3, rounds=2) == "Six hands: each player deals twice"
    assert said("rams", 4) == "Ten hands, or until a player runs out of counters"
    assert said("pepper", 4, hand_limit=20) == "The first side to 30 points, or 20 hands at most"
    assert said("sedma", 4) == "One hand"
