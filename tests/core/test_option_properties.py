"""Property-based tests of the options parser (issue 30, point 7), with Hypothesis: game options given
as any names and values (from the command line's text or from any other source), the command line's
``--option name=value`` words, ``--seats`` lists and ``--table`` specs all give a result or one error
of the project's own type, and a refused option changes nothing (the game's defaults stay as they were).

Run sizes (derandomized, see tests/conftest.py): 500 option mappings, 300 option words, 300 seat
lists, 300 table specs.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cli import _Fail, _parse_options
from cardtable.net.config import HostConfig, parse_seats
from cardtable.net.hub import parse_table_spec
from games import all_rules, game_names, get_rules
from games.core import CardtableError

from ..strategies import json_values

_OPTION_NAMES = sorted({o.name for r in all_rules() for o in r.options})
_DEFAULTS = {name: get_rules(name).resolve_options(get_rules(name).default_seats) for name in game_names()}
_WORDS = ["none", "true", "false", "yes", "0", "1", "-3", "500", "9" * 5000, " 7 ", "spades", "ahead"]

option_names = (
    st.sampled_from(_OPTION_NAMES)
    | st.sampled_from(_OPTION_NAMES).map(lambda n: n.replace("_", "-").upper())
    | st.text(max_size=12)
)
typed = st.sampled_from(_WORDS) | st.text(max_size=12)  # a value as typed on a command line
option_values = json_values | typed  # ... or as any other source gives it


@settings(max_examples=500)
@given(
    st.sampled_from(game_names()),
    st.integers(-1, 9) | st.sampled_from([None, True, 2.0, "4"]),
    st.dictionaries(option_names, option_values, max_size=4) | json_values,
)
def test_any_options_resolve_or_are_one_bad_option_error(game, seats, given_options):
    rules = get_rules(game)
    try:
        resolved = rules.resolve_options(seats, given_options)
    except CardtableError as exc:
        assert str(exc)
    else:
        assert set(resolved) == {o.name for o in rules.options}
        state = rules.new_game(seats, given_options, 1)  # what resolves also starts a game
        assert state.options == resolved
    assert rules.resolve_options(rules.default_seats) == _DEFAULTS[game]  # nothing was changed


@settings(max_examples=300)
@given(
    st.lists(
        st.text(max_size=20) | st.tuples(option_names, typed).map("=".join),
        max_size=4,
    )
)
def test_option_words_of_the_command_line_are_read_or_refused_in_one_line(words):
    try:
        options = _parse_options(words)
    except _Fail as exc:
        assert "must be written name=value" in str(exc)
        return
    try:
        get_rules("tricks_n_trumps").resolve_options(3, options)
    except CardtableError as exc:
        assert str(exc)


seat_items = st.sampled_from(["remote", "human", "bot", "normal", "random", "hard", "wizard", ""]).flatmap(
    lambda kind: st.just(kind) | st.text(max_size=10).map(lambda name: f"{kind}:{name}")
)


@settings(max_examples=300)
@given(st.sampled_from(game_names()), st.lists(seat_items, max_size=8).map(",".join) | st.text(max_size=30))
def test_seat_lists_are_seats_or_one_bad_option_error(game, text):
    try:
        seats = parse_seats(text, game)
    except CardtableError as exc:
        assert str(exc)
        return
    assert any(s.kind == "remote" for s in seats)
    assert len({s.name.lower() for s in seats}) == len(seats)


spec_words = st.sampled_from(
    ["rams", "tricks_n_trumps", "seats=remote,normal", "seed=3", "seed=x", "resume=a"]
) | (st.tuples(option_names, typed).map("=".join))


@settings(max_examples=300)
@given(st.lists(spec_words, max_size=4).map(" ".join) | st.text(max_size=40))
def test_table_specs_are_configs_or_one_bad_option_error(spec):
    """Before: an unclosed quote (``--table 'rams "x'``) escaped as a bare ValueError, a traceback."""
    try:
        cfg = parse_table_spec(spec, HostConfig(listen="127.0.0.1:0"), 2)
    except CardtableError as exc:
        assert str(exc)
        return
    assert cfg.game or cfg.resume is not None
