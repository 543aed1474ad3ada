"""The fast roads to a seat's view (issue 33): ``make_view`` and ``recent_events``.

Every game's view is built by :func:`games.core.views.make_view` instead of the frozen
dataclass's constructor, and picks its events by bisection; both must give exactly what the
plain definitions give, in every game, for every seat and for a spectator, including states
whose logs have been folded by clones (games.core.log)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games import all_rules
from games.core.state import GameState
from games.core.views import WORDS, PlayoutView, SeatView, make_playout_view, make_view

GAMES = [r.name for r in all_rules()]


def _states(name: str, count: int = 6) -> list[GameState]:
    """States along random matches of ``name``, each one a clone of the last (so their event
    logs have a folded head and a tail), up to a few hands in."""
    rules = next(r for r in all_rules() if r.name == name)
    rng = random.Random(11)
    out = []
    for seed in range(count):
        state = rules.new_game(rules.default_seats, None, seed)
        for step in range(rng.randrange(20, 160)):
            if state.to_act is None:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            if step % 5 == 0:
                state = state.clone()
            if step % 9 == 0:
                out.append(state)
    return out


def _plain_recent(state: GameState, seat: int | None) -> tuple:
    """The definition: the events of this hand and the one before, as ``seat`` sees them."""
    since = state.hand_number - 1
    return tuple(
        e for e in state.events if e.hand >= since and (e.visible_to is None or e.visible_to == seat)
    )


@pytest.mark.parametrize("name", GAMES)
def test_views_equal_the_constructors(name: str) -> None:
    for state in _states(name):
        for seat in [None, *range(state.num_seats)]:
            view = state.view(seat)
            fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(SeatView)}
            built = SeatView(**fields)
            assert type(view) is SeatView
            assert view == built and repr(view) == repr(built)


@pytest.mark.parametrize("name", [n for n in GAMES if n != "page_one"])  # Page One filters its own (below)
def test_recent_events_by_bisection(name: str) -> None:
    for state in _states(name):
        for seat in [None, *range(state.num_seats)]:
            assert GameState.recent_events(state, seat) == _plain_recent(state, seat)


def test_page_one_keeps_the_last_games_public_events_only() -> None:
    for state in _states("page_one"):
        for seat in range(state.num_seats):
            expected = tuple(
                e for e in _plain_recent(state, seat) if e.visible_to is None or e.hand == state.hand_number
            )
            assert state.recent_events(seat) == expected


def test_make_view_refuses_wrong_fields() -> None:
    view = _states("tricks_n_trumps", 1)[0].view(0)
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(SeatView)}
    assert make_view(dict(fields)) == view
    with pytest.raises(TypeError, match="hand_size"):
        make_view({**fields, "hand_size": 3})
    missing = dict(fields)
    del missing["hand"]
    with pytest.raises(TypeError, match="hand"):
        make_view(missing)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    no_options = dict(fields)
    del no_options["options"]
    assert make_view(no_options).options == {}  # the default factory, as the constructor gives


@pytest.mark.parametrize("name", GAMES)
def test_playout_views_hold_the_view_but_its_words(name: str) -> None:
    for state in _states(name):
        for seat in range(state.num_seats):
            view, bare = state.view(seat), state.playout_view(seat)
            assert type(bare) is PlayoutView
            for f in dataclasses.fields(SeatView):
                if f.name in WORDS:
                    with pytest.raises(LookupError, match=f"no {f.name}"):
                        getattr(bare, f.name)
                else:
                    assert getattr(bare, f.name) == getattr(view, f.name), f.name
            assert bare == state.playout_view(seat) and "PlayoutView(" in repr(bare)


def test_playout_view_words_cannot_be_set() -> None:
    bare = _states("rams", 1)[0].playout_view(0)
    with pytest.raises(AttributeError):
        bare.info = ()  # type: ignore[misc]
    with pytest.raises(TypeError, match="prompt"):
        make_playout_view({**bare.__dict__, "prompt": "your turn"})
