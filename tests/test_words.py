"""What players read is in plain words: no rule IDs ("(BO-6)"), no talk of "the seed", in any
game's rules help, option help, prompts, scoreboard lines, log, labels, refusals and results.
(The IDs stay in code comments, docstrings and test names, where they belong.)"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

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
        assert "joker's card is marked" in r.summary_text(), r.name


RULE_ID = re.compile(r"\b[A-Z]{2}-\d+\b")


def _player_strings(tree: ast.AST) -> list[tuple[int, str]]:
    """The string constants of a module that can reach a player: every string but docstrings,
    assertion messages (for developers) and the keys of option names."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            skip.add(id(first.value))  # a docstring
        if isinstance(node, ast.Assert) and node.msg is not None:
            skip.update(id(n) for n in ast.walk(node.msg))
    return [
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip
    ]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_no_rule_id_in_any_string_a_player_can_read(rules):
    """Issue 29: refusals and log lines said "(RA-3)", "(TS-1)", "CG-1: ..." on screen.  Rule IDs
    stay in comments, docstrings and tests; every other string of a game's modules is checked."""
    package = Path(importlib.import_module(f"games.{rules.name}").__file__).parent
    found = [
        f"{path.name}:{line}: {text[:70]!r}"
        for path in sorted(package.glob("*.py"))
        for line, text in _player_strings(ast.parse(path.read_text(encoding="utf-8")))
        if RULE_ID.search(text)
    ]
    assert not found, found


CHOICES_SAID = {  # issue 29, item 8: choices the notes do not state, said in the rules help
    "preference": ("its two cards are shown to everyone", "asked before the defenders decide"),
    "pepper": ("both others have passed your bid (two passes in a row)",),
    "sedma": ("this table takes out the eights of spades and clubs",),
    "page_one": ("The rule text plays one game.  Option target plays a series instead",),
}


@pytest.mark.parametrize("game", sorted(CHOICES_SAID))
def test_the_rules_help_says_the_tables_own_choices(game):
    from games import get_rules

    text = " ".join(get_rules(game).summary_text().split())
    for phrase in CHOICES_SAID[game]:
        assert " ".join(phrase.split()) in text, phrase
