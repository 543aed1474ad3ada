"""Typed view data on the wire (issue 22, point 4): every game's ``SeatView.extra`` crosses the
network as its registered dataclass and comes back equal, a bot chooses and a panel draws the
same from the decoded view as from the local one, and hostile variants are refused cleanly."""

from __future__ import annotations

import dataclasses
import io
import json
import random
from types import SimpleNamespace

import pytest
from rich.console import Console

from cardtable.net import wire
from cardtable.net.wire import decode_view, encode_view
from cardtable.tui.panels import ExtraPanel, panel_module
from games import all_rules, get_rules
from games.bots import make_bot
from games.core import NO_EXTRA, VIEW_DATA, Card, ProtocolError, Suit, is_view_data, parse_card, view_data
from games.core.viewdata import from_data, to_data

STEPS, EVERY = 400, 10
#: games whose extra is still a plain dict (converted game by game); every other game's is typed
DICT_GAMES: frozenset[str] = frozenset()


def sampled_views(rules, seed: int = 3):
    """Every seat's view and the spectator's at every 10th step of a seeded random match."""
    state = rules.new_game(rules.default_seats, None, seed)
    rng = random.Random(seed)
    for step in range(STEPS):
        if state.is_over:
            break
        if step % EVERY == 0:
            for seat in [*range(state.num_seats), None]:
                yield state.view(seat)
        state.apply(rng.choice(state.legal_actions()))
    for seat in [*range(state.num_seats), None]:
        yield state.view(seat)


def over_the_wire(view):
    return decode_view(json.loads(json.dumps(encode_view(view))))


TYPED = [r for r in all_rules() if r.name not in DICT_GAMES]


@pytest.mark.parametrize("rules", TYPED, ids=lambda r: r.name)
def test_extra_is_registered_view_data_and_survives_the_wire(rules):
    for view in sampled_views(rules):
        assert is_view_data(view.extra), f"{rules.name}: extra is a {type(view.extra).__name__}"
        back = over_the_wire(view)
        assert type(back.extra) is type(view.extra) and back.extra == view.extra


@pytest.mark.parametrize("rules", TYPED, ids=lambda r: r.name)
def test_a_bot_chooses_the_same_from_a_decoded_view(rules):
    for view in sampled_views(rules, seed=5):
        if not view.is_my_turn or not view.legal:
            continue
        local = make_bot("normal", rules.name, 11).choose(view, view.legal)
        remote_view = over_the_wire(view)
        remote = make_bot("normal", rules.name, 11).choose(remote_view, remote_view.legal)
        assert remote.text == local.text


def _draw(panel: ExtraPanel, view, method: str) -> str:
    console = Console(file=io.StringIO(), width=60, color_system=None, legacy_windows=False)
    names = [f"P{i}" for i in range(view.num_seats)]
    if method == "centre":
        out = panel.render_centre(view, names, False, 60, 20)
    else:
        out = panel.render_extra(view, names, False)
    if out is not None:
        console.print(out)
    return console.file.getvalue()


@pytest.mark.parametrize(
    "rules", [r for r in TYPED if panel_module(r.name) is not None], ids=lambda r: r.name
)
def test_a_panel_draws_the_same_from_a_decoded_view(rules, monkeypatch):
    panel = panel_module(rules.name).PANEL()
    monkeypatch.setattr(
        type(panel), "app", SimpleNamespace(size=SimpleNamespace(width=100, height=30)), raising=False
    )
    monkeypatch.setattr(type(panel), "width", 40, raising=False)
    for view in sampled_views(rules, seed=7):
        back = over_the_wire(view)
        for method in ("extra", "centre"):
            assert _draw(panel, back, method) == _draw(panel, view, method)


# ---------------------------------------------------------------- hostile variants


@view_data("tests.Inner")
@dataclasses.dataclass(frozen=True, slots=True)
class Inner:
    card: Card
    suit: Suit | None


@view_data("tests.Sample")
@dataclasses.dataclass(frozen=True, slots=True)
class Sample:
    n: int
    flag: bool
    name: str
    seats: tuple[int, ...]
    pair: tuple[str, int]
    inner: Inner
    maybe: Inner | None


def sample() -> Sample:
    return Sample(3, True, "x", (0, 2), ("a", 1), Inner(parse_card("QS"), Suit.HEARTS), None)


def test_the_sample_round_trips():
    data = json.loads(json.dumps(to_data(sample())))
    assert data["$data"] == "tests.Sample" and data["fields"]["inner"] == {"card": "QS", "suit": "H"}
    assert from_data(data) == sample()


def _fields(**changes):
    data = json.loads(json.dumps(to_data(sample())))
    data["fields"].update(changes)
    return data


def _deep(depth: int):
    v: list = []
    for _ in range(depth):
        v = [v]
    return v


HOSTILE = {
    "unknown-type": {"$data": "os.system", "fields": {}},
    "type-not-text": {"$data": 5, "fields": {}},
    "no-fields": {"$data": "tests.Sample"},
    "more-keys": {**to_data(sample()), "x": 1},
    "fields-a-list": {"$data": "tests.Sample", "fields": []},
    "not-an-object": ["tests.Sample"],
    "unknown-field": _fields(evil=1),
    "missing-field": {
        "$data": "tests.Sample",
        "fields": {k: v for k, v in _fields()["fields"].items() if k != "n"},
    },
    "text-for-int": _fields(n="3"),
    "bool-for-int": _fields(n=True),
    "int-for-bool": _fields(flag=1),
    "float-for-int": _fields(n=3.0),
    "huge-number": _fields(n=10**5000),
    "big-number": _fields(n=10**18),
    "long-text": _fields(name="x" * 100_000),
    "object-for-tuple": _fields(seats={"0": 1}),
    "deep-nesting": _fields(seats=_deep(5000)),
    "short-pair": _fields(pair=["a"]),
    "bad-card": _fields(inner={"card": "ZZ", "suit": "H"}),
    "card-not-text": _fields(inner={"card": 12, "suit": "H"}),
    "bad-suit": _fields(inner={"card": "QS", "suit": "hearts"}),
    "inner-missing-field": _fields(inner={"card": "QS"}),
    "inner-junk": _fields(maybe="junk"),
    "untyped-dict": {"$map": [["pot", 5]]},
    "missing": None,
}


@pytest.mark.parametrize("data", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_view_data_is_refused(data):
    with pytest.raises(ProtocolError):
        from_data(data)
    view = json.loads(
        json.dumps(encode_view(get_rules("contract_grid").new_game(3, None, 1).view(0)), default=str)
    )
    view["extra"] = data
    with pytest.raises(ProtocolError):
        decode_view(view)


def test_a_5000_digit_number_in_view_data_is_refused_on_reading_the_line():
    msg = {"type": "view", "view": encode_view(get_rules("contract_grid").new_game(3, None, 1).view(0))}
    line = wire.dumps(msg).replace(b'"size":4', b'"size":' + b"7" * 5000)
    with pytest.raises(ProtocolError, match="too long"):
        wire.loads(line, limit=wire.MAX_SERVER_LINE)


def test_the_registry_holds_every_typed_game_and_no_extra():
    assert VIEW_DATA["core.NoExtra"] is type(NO_EXTRA)
    assert "contract_grid.GridView" in VIEW_DATA


def test_a_view_without_extra_data_carries_no_extra_over_the_wire():
    view = dataclasses.replace(get_rules("contract_grid").new_game(3, None, 1).view(0), extra=NO_EXTRA)
    assert over_the_wire(view).extra == NO_EXTRA and type(over_the_wire(view).extra) is type(NO_EXTRA)


def test_an_untyped_extra_is_not_sent():
    with pytest.raises(TypeError, match="registered view data"):
        wire.encode_extra({"pot": 5})


def test_view_data_refuses_what_the_wire_cannot_carry():
    with pytest.raises(TypeError, match="frozen dataclass"):

        @view_data("tests.Loose")
        @dataclasses.dataclass
        class Loose:
            n: int

    with pytest.raises(TypeError, match="cannot hold"):

        @view_data("tests.Listy")
        @dataclasses.dataclass(frozen=True)
        class Listy:
            items: list[int]

    with pytest.raises(ValueError, match="already taken"):

        @view_data("tests.Sample")
        @dataclasses.dataclass(frozen=True)
        class Other:
            n: int
