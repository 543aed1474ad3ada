"""Positions set out by hand (games.core.position): the cards asked for are the cards dealt, in
every game, and the match is a whole, legal one from there; a faulty file is one clear error."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from typer.testing import CliRunner

from cardtable.cli import app
from games import all_rules, get_rules
from games.core import BadRecordError, Record, cards_text, parse_cards
from games.core.position import Position
from tests.conformance import check_step

GAMES = [r.name for r in all_rules()]


def _dealt_elsewhere(name: str, seed: int) -> tuple[dict[str, str], list[str]]:
    """Two seats' first hands from another seed's match (whole hands this game deals), and the
    actions that match took before its first deal (Contract Grid fills its grids first)."""
    rules = get_rules(name)
    other = rules.new_game(rules.default_seats, {}, seed)
    actions = []
    while not any(other.hands):
        action = other.legal_actions()[0]
        actions.append(action.text)
        other.apply(action)
    seats = [s for s in range(rules.default_seats) if other.hands[s]]
    return {str(s + 1): cards_text(other.hands[s]) for s in (seats[0], seats[-1])}, actions


def _position(name: str, hands: dict[str, str], actions: list[str], seed: int = 3) -> Position:
    doc = {"format": "cardtable-position", "game": name, "seed": seed, "hands": hands, "actions": actions}
    return Position.from_json(json.dumps(doc))


@pytest.mark.parametrize("name", GAMES)
def test_each_named_seat_is_dealt_its_cards_and_the_match_plays_on_legally(name):
    hands, actions = _dealt_elsewhere(name, 40)
    state = _position(name, hands, actions).replay()
    for seat, cards in hands.items():
        assert Counter(map(str, state.hands[int(seat) - 1])) == Counter(cards.split()), seat
    plain = get_rules(name).new_game(state.num_seats, {}, 3)
    assert Counter(plain.deck()) == Counter(state.deck())
    rng = random.Random(0)
    steps = 0
    while state.to_act is not None and steps < 400:  # the match goes on legally past the deal
        check_step(state, full=False)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1


def test_a_game_that_deals_after_some_actions_is_asked_from_its_deal_on():
    """Contract Grid fills its grids before it deals: the position gives those actions, and a
    question before the deal says where the hands begin."""
    hands, actions = _dealt_elsewhere("contract_grid", 43)
    position = _position("contract_grid", hands, actions)
    assert len(position.replay(len(actions)).history) == len(actions)
    with pytest.raises(
        BadRecordError, match=f"dealt after {len(actions)} actions: ask at {len(actions)} or later"
    ):
        position.replay(len(actions) - 1)
    with pytest.raises(BadRecordError, match="first hand is not dealt by the position's actions"):
        _position("contract_grid", hands, actions[:-1]).replay()


def test_the_match_draws_the_seeds_random_numbers_whatever_the_deal():
    """Setting a deal out changes the cards, not the match's later random numbers."""
    rules = get_rules("pepper")
    hands, _ = _dealt_elsewhere("pepper", 41)
    stacked = _position("pepper", hands, []).replay()
    plain = rules.new_game(4, {}, 3)
    assert stacked.dealer == plain.dealer and stacked.rng.getstate() == plain.rng.getstate()
    assert stacked.hands != plain.hands


def test_two_packs_of_the_same_cards_deal_as_asked():
    """Simple Strange shuffles two packs together: each copy of a card has a place of its own,
    so a hand of seventeen pairs is dealt as asked."""
    pairs = list(dict.fromkeys(get_rules("simple_strange").new_game(3, {}, 0).deck()))[:17]
    hand = cards_text(pairs * 2)
    state = _position("simple_strange", {"1": hand}, []).replay()
    assert Counter(state.hands[0]) == Counter(pairs * 2)
    assert Counter(c for h in state.hands[1:] for c in h).keys().isdisjoint(pairs)


def test_the_actions_after_the_deal_are_played_from_the_position():
    rules = get_rules("tricks_n_trumps")
    state = _position("tricks_n_trumps", {"2": "JK AH KH QH 2C"}, []).replay()
    assert state.to_act == 1
    after = _position("tricks_n_trumps", {"2": "JK AH KH QH 2C"}, ["QH"]).replay()
    assert [a.text for a in after.history] == ["QH"] and len(after.hands[1]) == 4
    assert rules.name == after.rules.name


@pytest.mark.parametrize(
    "doc, words",
    [
        ("not json", "not readable JSON"),
        ('{"game": "pepper", "hands": {"1": "AS"}}', 'needs "format": "cardtable-position"'),
        ('{"format": "cardtable-position", "game": "chess", "hands": {"1": "AS"}}', "field 'game'"),
        ('{"format": "cardtable-position", "game": "pepper"}', "at least one seat's cards"),
        ('{"format": "cardtable-position", "game": "pepper", "hands": {"0": "AS"}}', "seats 1 to 4, not '0'"),
        (
            '{"format": "cardtable-position", "game": "pepper", "hands": {"1": "XX"}}',
            "seat 1: 'XX' is not a card",
        ),
        ('{"format": "cardtable-position", "game": "pepper", "hands": {"1": 7}}', "as text"),
        (
            '{"format": "cardtable-position", "game": "pepper", "seed": -1, "hands": {"1": "AS"}}',
            "field 'seed'",
        ),
        (
            '{"format": "cardtable-position", "game": "pepper", "seats": 9, "hands": {"1": "AS"}}',
            "seats or options",
        ),
        (
            '{"format": "cardtable-position", "game": "pepper", "options": {"target": 1}, "hands": {"1": "AS"}}',
            "target=1 is out of range",
        ),
        (
            '{"format": "cardtable-position", "game": "pepper", "actions": [3], "hands": {"1": "AS"}}',
            "'actions'",
        ),
    ],
)
def test_a_faulty_position_is_one_error_naming_the_field(doc, words):
    with pytest.raises(BadRecordError, match=None) as err:
        Position.from_json(doc, "pos.json")
    assert words in str(err.value), str(err.value)


@pytest.mark.parametrize(
    "hands, actions, words",
    [
        ({"1": "2H 9S 10S JS QS KS"}, [], "has no 2H to deal"),  # Pepper plays 9 to ace
        ({"1": "AS 9S 10S JS QS KS", "2": "AS 9H 10H JH QH KH"}, [], "has no AS to deal (or not as many)"),
        ({"1": "AS " * 500}, [], "has no " + "AS " * 12 + "and 487 more to deal"),  # one line, however many
        ({"1": "AS KS"}, [], "seat 1 is dealt 6 cards in Pepper with these options, not 2"),
        ({"1": "AS 9S 10S JS QS KS"}, ["bid 9"], "action 1 ('bid 9') cannot be played"),
    ],
)
def test_a_deal_that_cannot_be_is_one_error_saying_why(hands, actions, words):
    with pytest.raises(BadRecordError) as err:
        _position("pepper", hands, actions).replay()
    assert words in str(err.value), str(err.value)


def test_ask_puts_a_position_to_every_level(tmp_path):
    path = tmp_path / "lead.json"
    path.write_text(
        json.dumps(
            {
                "format": "cardtable-position",
                "game": "tricks_n_trumps",
                "seed": 3,
                "hands": {"2": "JK AH KH QH 2C"},
            }
        )
    )
    out = CliRunner().invoke(app, ["ask", str(path), "--levels", "random,normal"])
    assert out.exit_code == 0, out.output
    assert "hand: JK AH KH QH 2C" in out.output and "normal  QH" in out.output
    path.write_text('{"format": "cardtable-position", "game": "tricks_n_trumps", "hands": {"2": "AS AS"}}')
    out = CliRunner().invoke(app, ["ask", str(path)])
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert "has no AS to deal" in out.output, out.output


def test_ask_tells_a_record_from_a_position_by_its_format_field_alone(tmp_path):
    """A record is asked as a record even when a player's name reads like a position's format."""
    state = get_rules("tricks_n_trumps").new_game(3, {}, 3)
    path = tmp_path / "match.json"
    Record.of(state, names=["cardtable-position", "Bo", "Cy"]).save(path)
    out = CliRunner().invoke(app, ["ask", str(path), "--levels", "normal"])
    assert out.exit_code == 0, out.output
    assert "Tricks'N'Trumps after 0 actions" in out.output


@pytest.mark.parametrize("name", GAMES)
def test_a_named_dealer_deals_the_first_hand_of_the_position(name):
    """``dealer`` (a seat from 1): the match of the first seed from the position's own at which
    that seat deals, with the named hands dealt as asked."""
    rules = get_rules(name)
    hands, actions = _dealt_elsewhere(name, 11)
    for dealer in range(1, rules.default_seats + 1):
        doc = {"format": "cardtable-position", "game": name, "seed": 5, "dealer": dealer}
        state = Position.from_json(json.dumps({**doc, "hands": hands, "actions": actions})).start()
        assert state.dealer == dealer - 1
        assert state.seed >= 5
        for seat, cards in hands.items():
            assert Counter(state.hands[int(seat) - 1]) == Counter(parse_cards(cards))


@pytest.mark.parametrize(
    ("name", "up"), [("bacon", "9H"), ("rams", "9C"), ("trump_suit", "7D"), ("simple_strange", "QS 4H")]
)
def test_the_cards_turned_up_at_the_deal_may_be_named(name, up):
    doc = {"format": "cardtable-position", "game": name, "seed": 2, "up": up}
    hands, actions = _dealt_elsewhere(name, 13)
    hands = {k: v for k, v in hands.items() if not set(v.split()) & set(up.split())}
    state = Position.from_json(json.dumps({**doc, "hands": hands, "actions": actions})).replay()
    assert cards_text(state.up_cards) == up
    check_step(state, full=False)


def test_a_card_turned_up_from_a_hand_stays_in_that_hand():
    """Bourré turns up the dealer's last card, which the dealer keeps: the card named ``up``
    must be one of that hand's, and it is the one turned up."""
    doc = {"format": "cardtable-position", "game": "bourre", "dealer": 2, "up": "KS"}
    state = Position.from_json(json.dumps({**doc, "hands": {"2": "AS KS QH 2C 3D"}})).replay()
    assert state.dealer == 1 and cards_text(state.up_cards) == "KS"
    assert Counter(state.hands[1]) == Counter(parse_cards("AS KS QH 2C 3D"))
    with pytest.raises(BadRecordError, match="stays in seat 2's hand: give 9H among that seat's cards"):
        Position.from_json(json.dumps({**doc, "up": "9H", "hands": {"2": "AS KS QH 2C 3D"}})).replay()


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        ({"game": "pepper", "up": "9H"}, "Pepper turns up no card at its deal with these options, not 1"),
        ({"game": "bacon", "up": "2H 3H"}, "Bacon turns up 1 card at its deal with these options, not 2"),
        ({"game": "bacon", "up": 3}, "field 'up' gives cards as text"),
        ({"game": "bacon", "up": "XX"}, "field 'up'"),
        ({"game": "bacon", "dealer": 5}, "field 'dealer' names the seat that deals, 1 to 4"),
        ({"game": "bacon", "dealer": True}, "field 'dealer'"),
    ],
)
def test_a_faulty_up_card_or_dealer_is_one_error_naming_it(doc, words):
    hands, _ = _dealt_elsewhere(doc["game"], 13)
    with pytest.raises(BadRecordError) as err:
        Position.from_json(json.dumps({"format": "cardtable-position", "hands": hands, **doc})).replay()
    assert words in str(err.value), str(err.value)


def test_the_cards_around_a_hand_do_not_follow_the_dealer():
    """The unnamed cards are placed from a stream of their own: drawn from the match's (the
    seed's), each dealer of Bacon turned up only 8 of the 32 cards left by four named hands."""
    hands = {"1": "AS KS QS JS 10S", "2": "9S AH KH QH JH", "3": "AD KD QD JD 10D", "4": "AC KC QC JC 10C"}
    seen: dict[int, set[str]] = {}
    for seed in range(200):
        doc = {"format": "cardtable-position", "game": "bacon", "seed": seed, "hands": hands}
        state = Position.from_json(json.dumps(doc)).replay()
        seen.setdefault(state.dealer, set()).add(state.up_cards[0].text)
    assert all(len(cards) >= 16 for cards in seen.values()), {d: len(c) for d, c in seen.items()}
