"""Options, actions, records and the error hierarchy (games/core)."""

from __future__ import annotations

import json

import pytest

from games import all_rules, get_rules
from games.core import (
    BadOptionError,
    BadRecordError,
    CardtableError,
    IllegalActionError,
    Option,
    Record,
    Rules,
    UnknownGameError,
    normalize,
    parse_card,
    play,
    word,
)
from games.core import finder as finder_module

TNT = "tricks_n_trumps"


def test_unknown_game_names_the_choices():
    with pytest.raises(UnknownGameError, match="unknown game 'chess': choose one of .*tricks_n_trumps"):
        get_rules("chess")
    assert get_rules("Tricks-N-Trumps").name == TNT


def test_options_are_validated_with_the_allowed_values():
    rules = get_rules(TNT)
    with pytest.raises(
        BadOptionError, match="unknown option 'colour' for tricks_n_trumps: its options are rounds"
    ):
        rules.new_game(3, {"colour": 1})
    with pytest.raises(BadOptionError, match=r"option rounds=0 is out of range: use a whole number 1..20"):
        rules.new_game(3, {"rounds": "0"})
    with pytest.raises(BadOptionError, match="option ending=sometimes is not allowed: use rounds, ahead"):
        rules.new_game(3, {"ending": "sometimes"})
    with pytest.raises(BadOptionError, match="is not a number"):
        rules.new_game(3, {"rounds": "many"})
    with pytest.raises(BadOptionError, match="is for 2 to 6 players, not 7"):
        rules.new_game(7)
    assert rules.new_game(3, {"turn-up-trump": "yes", "rounds": "2"}, 1).options["turn_up_trump"] is True


def test_option_parse_of_bools_and_none_choices():
    cap = Option("cap", 1000, "cap", choices=(None, 100, 1000))
    assert cap.parse("none") is None and cap.parse("100") == 100
    with pytest.raises(BadOptionError, match="use none, 100, 1000"):
        cap.parse("5")
    flag = Option("flag", False, "f")
    assert flag.parse("on") is True and flag.parse(False) is False
    with pytest.raises(BadOptionError):
        flag.parse("maybe")


def test_actions_are_interned_with_stable_notation():
    qs = parse_card("QS")
    assert play(qs) is play(qs) and play(qs).text == "QS"
    assert play(qs, 2).text == "QS@2" and play(qs, 2).arg == "2"
    assert word("bid", 3).text == "bid 3" and word("pass").text == "pass"
    assert normalize(" Bid  3 ") == "bid 3" and normalize("th") == "10H" and normalize("qs@1") == "QS@1"
    assert normalize("trump h") == "trump H"


def test_illegal_action_names_action_seat_and_rule():
    state = get_rules(TNT).new_game(3, None, 11)
    seat = state.to_act
    led = state.legal_actions()[0]
    state.apply(led)
    follower = state.to_act
    hand = state.hands[follower]
    suit = led.card.suit
    same = [c for c in hand if state.ranking.suit_of(c) == state.ranking.suit_of(led.card)]
    other = [c for c in hand if c not in same]
    if same and other:
        with pytest.raises(
            IllegalActionError,
            match=rf"{other[0].text} is not legal for seat {follower + 1}: you must follow",
        ):
            state.apply(other[0].text)
    with pytest.raises(IllegalActionError, match="is not legal for seat .*: you do not hold that card"):
        state.apply(next(c for c in state.deck() if c not in hand).text)
    assert issubclass(IllegalActionError, ValueError) and issubclass(IllegalActionError, CardtableError)
    assert (seat is not None and suit is not None) or led.card.is_joker


def test_record_round_trip_and_replay(tmp_path):
    state = get_rules(TNT).new_game(4, {"rounds": 1}, 99)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    path = tmp_path / "m.json"
    state.record(["A", "B", "C", "D"]).save(path)
    rec = Record.load(path)
    assert rec.names == ("A", "B", "C", "D")
    assert rec.replay().snapshot() == state.snapshot()
    assert not list(tmp_path.glob(".*.tmp")), "atomic save leaves no temporary file"


def test_tampered_and_corrupt_records_are_refused(tmp_path):
    state = get_rules(TNT).new_game(3, None, 5)
    state.apply(state.legal_actions()[0])
    doc = json.loads(state.record().to_json())
    doc["actions"][0] = "AS" if doc["actions"][0] != "AS" else "KS"
    with pytest.raises(BadRecordError, match="altered or damaged"):
        Record.from_json(json.dumps(doc))
    with pytest.raises(BadRecordError, match="bad JSON"):
        Record.from_json("{not json")
    with pytest.raises(BadRecordError, match="not a cardtable record"):
        Record.from_json("[1, 2]")
    with pytest.raises(BadRecordError, match="no record at"):
        Record.load(tmp_path / "missing.json")


def test_a_record_finds_its_game_through_the_finder_the_registry_installs(monkeypatch):
    """The core never imports the registry above it (issue 22): games/__init__.py hands records its
    get_rules, and a record reads and replays through whatever finder is installed."""
    state = get_rules(TNT).new_game(3, None, 5)
    state.apply(state.legal_actions()[0])
    text = state.record().to_json()
    asked: list[str] = []

    def finder(name: str):
        asked.append(name)
        return get_rules(name)

    monkeypatch.setattr(finder_module, "_finder", finder)
    assert Record.from_json(text).replay().snapshot() == state.snapshot()
    assert asked and set(asked) == {TNT}
    monkeypatch.setattr(finder_module, "_finder", None)
    with pytest.raises(BadRecordError, match="field 'game': no game registry is installed"):
        Record.from_json(text)


def test_a_record_whose_actions_do_not_replay_is_reported():
    rec = Record(TNT, 3, {}, 5, ("frobnicate",))
    with pytest.raises(BadRecordError, match="record action 1 .* does not replay"):
        rec.replay()


def test_summary_text_joins_hard_wrapped_lines_into_paragraphs():
    rules = get_rules(TNT)
    text = rules.summary_text()
    notation = rules.notation_text()  # the last paragraph: how the joker is written
    assert notation and text.endswith("\n\n" + notation)
    text = text[: -len(notation) - 2]
    paragraphs = text.split("\n\n")
    assert len(paragraphs) == len(rules.summary.split("\n\n"))
    assert all("\n" not in p for p in paragraphs if not p.lstrip().startswith("-"))
    assert " ".join(text.split()) == " ".join(rules.summary.split())


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.name)
def test_the_rules_help_never_breaks_a_line_in_mid_sentence(rules):
    """Issue 29: Piquet's help broke lines inside its list items (indented continuation lines),
    and Trump Suit's at a line starting "-100".  Only a list item starts a line of its own."""
    for line in rules.summary_text().splitlines():
        assert not line or line.rstrip().endswith((".", ":", "!", "?", ")", '"', "”")), (
            f"{rules.name}: a line ends in mid-sentence: ...{line[-60:]!r}"
        )


def test_a_list_item_keeps_its_continuation_lines_and_a_minus_sign_starts_no_item():
    class Sample(Rules):
        summary = "Items:\n- one, going on\n  to the next line.\n- two.\nScores of\n-100 otherwise."

    assert (
        Sample().summary_text()
        == "Items:\n- one, going on to the next line.\n- two. Scores of -100 otherwise."
    )


def test_a_refusal_repeats_long_input_only_cut_to_a_readable_length():
    """Issue 29: a message never repeats a 100,000-character input in full."""
    state = get_rules(TNT).new_game(3, None, 1)
    with pytest.raises(IllegalActionError) as exc:
        state.apply("q" * 100_000)
    assert len(str(exc.value)) < 400 and "… (100,000 characters)" in str(exc.value)
    assert exc.value.action.startswith("qqq") and len(exc.value.action) < 70
