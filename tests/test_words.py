"""What players read is in plain words: no rule IDs ("(BO-6)"), no talk of "the seed", in any
game's rules help, option help, prompts, scoreboard lines, log, labels, refusals and results.
(The IDs stay in code comments, docstrings and test names, where they belong.)"""

from __future__ import annotations

import re

import pytest

from games import all_rules
from games.bots import make_bot
from games.core import IllegalActionError, SeatView

JARGON = re.compile(
    r"\b[A-Z]{2}-\d+\b|\bthe seed'?s?\b|\bseed text\b|rules-notes|\b\w+\(s\)|\b1 \w+s\b(?<!\bpass)",
    re.IGNORECASE,
)  # rule IDs, seed talk, "trick(s)" and "1 tricks": counts read as words
RULES = all_rules()


def _texts(view: SeatView) -> list[str]:
    out = [view.prompt, view.trump, *view.status, *view.bids, *view.labels]
    out += [f"{line.label}: {line.value}" for line in view.info]
    for e in view.events:
        out += [e.text, *e.lines]
    if view.outcome is not None:
        out += [view.outcome.reason, *view.outcome.lines]
    return out


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_rules_help_and_options_speak_plainly(rules):
    words = [rules.summary_text(), rules.description, *(f"{o.name}: {o.help}" for o in rules.options)]
    found = [m.group(0) for text in words for m in JARGON.finditer(text)]
    assert not found, f"{rules.name}: {found}"


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_what_the_table_shows_speaks_plainly(rules):
    state = rules.new_game(rules.default_seats, None, 11)
    bots = [make_bot("normal", rules.name, i) for i in range(state.num_seats)]
    seen: set[str] = set()
    for step in range(3000):
        if state.is_over:
            break
        seat = state.to_act
        view = state.view(seat)
        seen.update(_texts(view))
        legal = {a.text for a in view.legal}
        if step % 7 == 0:  # a refusal names the rule in plain words too
            bogus = (
                next((c.text for c in state.hands[seat] if c.text not in legal), None)
                if hasattr(state, "hands")
                else None
            )
            try:
                state.apply(bogus or "frobnicate")
            except IllegalActionError as exc:
                seen.add(str(exc))
        state.apply(bots[seat].choose(view, list(view.legal)))
    seen.update(_texts(state.view(None)))
    found = sorted({m.group(0) + " in " + repr(t[:80]) for t in seen for m in JARGON.finditer(t)})
    assert not found, f"{rules.name}: {found[:8]}"


def test_jokers_are_written_one_way_and_explained():
    """A joker is written as it is typed (JK, BJ, LJ) everywhere, and every game with jokers says so."""
    from games.core import parse_card

    assert [parse_card(t).display(a) for t in ("JK", "BJ", "LJ") for a in (False, True)] == [
        "JK",
        "JK",
        "BJ",
        "BJ",
        "LJ",
        "LJ",
    ]
    with_jokers = [
        r for r in RULES if any(c.suit is None for c in r.new_game(r.default_seats, None, 0).deck())
    ]
    assert {r.name for r in with_jokers} >= {"tricks_n_trumps", "trump_suit", "contract_grid"}
    for r in with_jokers:
        assert "is the joker" in r.summary_text() or "is the big joker" in r.summary_text(), r.name
