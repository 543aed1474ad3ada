"""Hostile and mistyped input (issue 11): option values of the wrong type from any source, names as
people type them, and malformed records, each refused with one clear error instead of a crash."""

from __future__ import annotations

import hashlib
import json

import pytest

from games import get_rules
from games.core import BadOptionError, BadRecordError, Option, Record, UnknownGameError

TNT = "tricks_n_trumps"


# ---------------------------------------------------------------- option values: the parser itself


@pytest.mark.parametrize(
    "option, value, message",
    [
        (Option("last_grids", "", "text"), 5, "option last_grids=5 is not text"),
        (Option("last_grids", "", "text"), ["a"], "option last_grids=['a'] is not text"),
        (Option("flag", False, "bool"), 1, "option flag=1 is not allowed: use true or false"),
        (Option("flag", False, "bool"), None, "option flag=None is not allowed: use true or false"),
        (Option("rounds", 1, "int", minimum=1, maximum=20), 3.0, "option rounds=3.0 is not a number"),
        (Option("rounds", 1, "int", minimum=1, maximum=20), True, "option rounds=True is not a number"),
        pytest.param(
            Option("rounds", 1, "int", minimum=1, maximum=20),
            "9" * 5000,
            "is not a number",
            id="5000-digit-text",
        ),
        pytest.param(
            Option("rounds", 1, "int", minimum=1, maximum=20),
            10**5000,
            "is out of range",
            id="5000-digit-int",
        ),
        (Option("deck", 33, "int choices", choices=(33, 24)), 33.0, "option deck=33.0 is not a number"),
        (
            Option("ending", "rounds", "str choices", choices=("rounds", "ahead")),
            1,
            "option ending=1 is not allowed",
        ),
        (
            Option("limit", None, "int or none", choices=(None, 5, 50)),
            50.0,
            "option limit=50.0 is not a number",
        ),
        (
            Option("limit", None, "int or none", choices=(None, 5, 50)),
            True,
            "option limit=True is not a number",
        ),
        (
            Option("limit", None, "int or none", choices=(None, 5, 50)),
            "lots",
            "option limit='lots' is not a number",
        ),
        (Option("limit", None, "int or none", choices=(None, 5, 50)), {}, "option limit={} is not a number"),
    ],
)
def test_the_option_parser_refuses_values_of_the_wrong_type(option, value, message):
    """Whatever the source (API, record, network), a value of the wrong type is refused by
    Option.parse itself with a short message: never an AttributeError later in the game."""
    with pytest.raises(BadOptionError) as exc:
        option.parse(value)
    assert message in str(exc.value)
    assert len(str(exc.value)) < 200  # a 5000-digit value is not printed whole


def test_values_of_the_right_type_still_parse():
    limit = Option("limit", None, "int or none", choices=(None, 5, 50))
    assert limit.parse(50) == 50 and limit.parse("50") == 50 and limit.parse("none") is None
    assert limit.parse(None) is None
    assert Option("deck", 33, "c", choices=(33, 24)).parse("24") == 24
    assert Option("name", "", "t").parse(" x ") == "x"


def test_a_game_refuses_a_wrongly_typed_option_before_it_can_crash():
    """Issue 11: ``options.last_grids: 5`` crashed Contract Grid with an AttributeError."""
    with pytest.raises(BadOptionError, match="option last_grids=5 is not text"):
        get_rules("contract_grid").new_game(3, {"last_grids": 5}, 1)
    with pytest.raises(BadOptionError, match="options must be a mapping"):
        get_rules(TNT).new_game(3, ["rounds"], 1)
    with pytest.raises(BadOptionError, match="option name 5 is not text"):
        get_rules(TNT).new_game(3, {5: 1}, 1)


# ---------------------------------------------------------------- names as people type them


@pytest.mark.parametrize(
    "typed, name",
    [
        ("Tricks'N'Trumps", TNT),
        ("tricks n trumps", TNT),
        ("TRICKS-N-TRUMPS", TNT),
        ("Bourré", "bourre"),
        ("BOURRE", "bourre"),
        ("bourré", "bourre"),
        ("Trump Suit", "trump_suit"),
        (" Contract-Grid ", "contract_grid"),
    ],
)
def test_game_names_as_people_type_them(typed, name):
    assert get_rules(typed).name == name


def test_an_unknown_name_is_still_refused():
    with pytest.raises(UnknownGameError, match="unknown game 'Bourrée'"):
        get_rules("Bourrée")


def test_option_names_in_any_case():
    state = get_rules(TNT).new_game(3, {"Hand_Size": "7", "POINTS-PER-TRICK": 2, " rounds ": 2}, 1)
    assert (
        state.options["hand_size"] == 7
        and state.options["points_per_trick"] == 2
        and state.options["rounds"] == 2
    )


# ---------------------------------------------------------------- malformed records


def record_text(**fields) -> str:
    """A valid record of a short match with some fields replaced, its digest recomputed as an
    attacker would."""
    state = get_rules(TNT).new_game(3, None, 5)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    doc = json.loads(state.record(["A", "B", "C"]).to_json())
    doc.update(fields)
    content = {k: doc[k] for k in ("game", "seats", "options", "seed", "actions", "names", "meta")}
    blob = json.dumps(content, sort_keys=True, separators=(",", ":"))
    doc["digest"] = hashlib.sha256(blob.encode()).hexdigest()
    return json.dumps(doc)


@pytest.mark.parametrize(
    "text, message",
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "cardtable-record", "seed": ' + "7" * 5000 + "}", "a number in it is too long"),
        (record_text(options=None), "field 'options' must be an object"),
        (record_text(meta=[1, 2]), "field 'meta' must be an object"),
        (record_text(actions="pass"), "field 'actions' must be a list of texts"),
        (record_text(actions=["7C", 5]), "field 'actions' must be a list of texts"),
        (record_text(names="ABC"), "field 'names' must be a list of texts"),
        (record_text(seats="3"), "field 'seats' must be a whole number"),
        (record_text(seed=1.5), "field 'seed' must be a whole number"),
        (record_text(game=["tricks_n_trumps"]), "field 'game' must be text"),
        (record_text(game="chess"), "field 'game': unknown game 'chess'"),
        (record_text(options={"last_grids": 5}), "field 'options': unknown option 'last_grids'"),
        (record_text(options={"rounds": "many"}), "field 'options': option rounds='many' is not a number"),
        (record_text(options={"rounds": [1]}), "field 'options': option rounds=[1] is not a number"),
        (record_text(seats=9), "field 'seats': Tricks'N'Trumps is for 2 to 6 players, not 9"),
    ],
    ids=[
        "deep-nesting",
        "5000-digit-number",
        "options-null",
        "meta-list",
        "actions-text",
        "actions-number",
        "names-text",
        "seats-text",
        "seed-float",
        "game-list",
        "game-unknown",
        "option-unknown",
        "option-text",
        "option-list",
        "seats-too-many",
    ],
)
def test_a_malformed_record_is_one_error_naming_the_file_and_the_field(text, message):
    with pytest.raises(BadRecordError) as exc:
        Record.from_json(text, "saved.json")
    assert str(exc.value).startswith("saved.json") and message in str(exc.value), str(exc.value)
    assert "\n" not in str(exc.value) and len(str(exc.value)) < 300


def test_a_contract_grid_record_with_a_wrongly_typed_option_is_refused():
    state = get_rules("contract_grid").new_game(3, None, 5)
    doc = json.loads(state.record().to_json())
    doc["options"]["last_grids"] = 5
    content = {k: doc[k] for k in ("game", "seats", "options", "seed", "actions", "names", "meta")}
    doc["digest"] = hashlib.sha256(
        json.dumps(content, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()
    with pytest.raises(BadRecordError, match="^cg.json: field 'options': option last_grids=5 is not text"):
        Record.from_json(json.dumps(doc), "cg.json")


def test_a_sound_record_still_loads_and_replays():
    rec = Record.from_json(record_text(), "ok.json")
    assert rec.names == ("A", "B", "C") and len(rec.actions) == 4
    assert len(rec.replay().history) == 4
