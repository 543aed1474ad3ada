"""The shape of the code (issue 22): games/ is pure and layered, and a game is one package found
by name, with its heuristic bot and optional panel found through it; no registry to edit."""

from __future__ import annotations

import ast
import importlib
import sys
import textwrap
from pathlib import Path

import pytest

import games
from games import all_rules, game_names, get_rules
from games.bots import Levels, Playouts, levels_of, make_bot
from games.core import Record

ROOT = Path(games.__file__).resolve().parent.parent
GAMES = ROOT / "games"
APP_LIBRARIES = {"textual", "rich", "typer", "cardtable"}


def module_name(path: Path) -> str:
    """``games/rams/bot.py`` -> ``games.rams.bot``; a package's ``__init__.py`` -> the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every module the file ``path`` imports (see :func:`imports_in`)."""
    return imports_in(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py")


def imports_in(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module that ``source`` (the text of ``module``) imports, anywhere in it (inside
    functions too), as absolute names; ``from X import y`` counts as X and as X.y (y may be a
    submodule)."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, one level up for each extra dot
                parts = package.split(".")
                anchor = parts[: len(parts) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def game_packages() -> list[str]:
    """The game packages on disk: directories of games/ with an __init__.py, but core and bots."""
    return sorted(p.parent.name for p in GAMES.glob("*/__init__.py") if p.parent.name not in ("core", "bots"))


def listed_games() -> list[str]:
    """The game packages on disk in the order their own LISTINGs give (position, then name)."""
    listing = {name: importlib.import_module(f"games.{name}").LISTING for name in game_packages()}
    return sorted(listing, key=lambda name: (listing[name].position, name))


LISTING = listed_games()


def test_the_import_reader_sees_relative_imports_and_imports_inside_functions():
    """The checks below are only as good as this reader: it must not miss a hidden import."""
    assert "games.bots.cardplay" in imports_of(GAMES / "rams" / "bot.py")
    source = "def f():\n    import rich.text\n    from ..core import cards\n    from .rules import RULES\n"
    found = imports_in(source, "games.rams.bot")
    assert {"rich.text", "games.core", "games.core.cards", "games.rams.rules"} <= found
    assert "games.rams" in imports_in("from . import rules\n", "games.rams", is_package=True)


def test_no_module_under_games_imports_the_app_or_its_libraries():
    offenders = [
        f"{module_name(p)} imports {name}"
        for p in sorted(GAMES.rglob("*.py"))
        for name in sorted(imports_of(p))
        if name.split(".")[0] in APP_LIBRARIES
    ]
    assert not offenders, "games/ must stay pure:\n" + "\n".join(offenders)


def test_no_game_package_imports_another_game_and_the_core_imports_nothing_above_it():
    packages = set(game_packages())
    offenders = []
    for path in sorted(GAMES.rglob("*.py")):
        owner = path.relative_to(GAMES).parts[0]
        for name in imports_of(path):
            parts = name.split(".")
            if parts[0] != "games":
                continue
            target = parts[1] if len(parts) > 1 else ""
            if owner == "core" and target != "core":
                offenders.append(f"{module_name(path)} (core) imports {name}")
            elif target in packages and target != owner:
                offenders.append(f"{module_name(path)} imports the game {name}")
    assert not offenders, "\n".join(offenders)


def test_the_registry_finds_exactly_the_game_packages_in_listing_order():
    assert len(LISTING) >= 14
    assert game_names() == LISTING
    assert sorted(game_names()) == game_packages()
    for rules in all_rules():
        assert sys.modules[f"games.{rules.name}"].RULES is rules


@pytest.mark.parametrize("name", LISTING)
def test_each_game_declares_its_own_bots_in_its_package(name):
    levels = importlib.import_module(f"games.{name}.bot").BOT_LEVELS
    assert isinstance(levels, Levels) and levels_of(name) is levels
    assert levels.heuristic is not None and levels.heuristic.__module__ == f"games.{name}.bot"
    assert type(make_bot("normal", name, 1)) is levels.heuristic
    hard = make_bot("hard", name, 1)
    look = levels.look_ahead
    assert (hard.playouts if isinstance(look, Playouts) else hard.iterations) == look.hard


def test_the_generic_bots_name_no_game():
    """A game's knowledge lives in its package: games/bots/ holds no table keyed by a game."""
    offenders = [
        f"games/bots/{path.name} names {name}"
        for path in sorted((GAMES / "bots").glob("*.py"))
        for name in game_packages()
        if f'"{name}"' in path.read_text(encoding="utf-8")
    ]
    assert not offenders, "\n".join(offenders)


def test_view_data_is_named_after_its_games_package():
    from games.core import VIEW_DATA

    for name in LISTING:
        module = importlib.import_module(f"games.{name}.viewdata")
        declared = [
            cls for cls in vars(module).values() if isinstance(cls, type) and cls in VIEW_DATA.values()
        ]
        for cls in declared:
            if cls.__module__ == module.__name__:
                assert VIEW_DATA[f"{name}.{cls.__qualname__}"] is cls


def test_each_panel_is_found_by_its_games_name():
    from cardtable.tui.panels import ExtraPanel, panel_for, panel_games

    assert set(panel_games()) <= set(LISTING), "every panel module is named after a game"
    assert {"rams", "bourre", "contract_grid", "piquet"} <= set(panel_games())
    for name in LISTING:
        panel = panel_for(name)
        if name in panel_games():
            assert isinstance(panel, ExtraPanel)
            assert type(panel) is sys.modules[f"cardtable.tui.panels.{name}"].PANEL
        else:
            assert panel is None
    from cardtable.tui.panels._pot import PotPanel

    assert isinstance(panel_for("rams"), PotPanel) and isinstance(panel_for("bourre"), PotPanel), (
        "the pot games share one panel (each names its own info lines)"
    )
    assert panel_for("_pot") is None and panel_for("no_such_game") is None


# ---------------------------------------------------------------- a game added as a new package

NEW_GAME = {
    "__init__.py": '''
        """High Card: a test game, found by the registry like any other."""
        from .rules import RULES
        ''',
    "rules.py": '''
        from games.core import LIST, LISTS, GameState, Outcome, Rules, SeatView, deck_52, play


        class HighCardState(GameState):
            """Two seats, three cards each, one card each in turn; the higher rank scores."""

            _COPY = {"hands": LISTS, "table": LIST, "points": LIST}

            def __init__(self, rules, num_seats, options, seed):
                super().__init__(rules, num_seats, options, seed)
                deck = deck_52()
                self.rng.shuffle(deck)
                self.hands = [deck[:3], deck[3:6]]
                self.table = []
                self.points = [0, 0]
                self.to_act = 0

            def _legal(self):
                return [play(c) for c in sorted(self.hands[self.to_act], key=lambda c: c.index)]

            def _apply(self, action):
                self.hands[self.to_act].remove(action.card)
                self.table.append(action.card)
                self.to_act = 1 - self.to_act
                if len(self.table) == 2:
                    winner = 0 if self.table[0].rank >= self.table[1].rank else 1
                    self.points[winner] += 1
                    self.table = []
                if not self.hands[0] and not self.hands[1]:
                    best = max(self.points)
                    self.to_act = None
                    self.result = Outcome(tuple(self.points), tuple(s for s in (0, 1) if self.points[s] == best),
                                          "the higher cards")

            def view(self, seat):
                legal = tuple(self.legal_actions()) if seat == self.to_act else ()
                return SeatView("high_card", seat, 2, "play", self.to_act, None,
                                tuple(self.hands[seat]) if seat is not None else (),
                                tuple(len(h) for h in self.hands), (), None, "", (), (0, 0),
                                tuple(self.points), ("", ""), ("", ""), legal, 1, (), outcome=self.result)

            def zones(self):
                return {"hand 0": self.hands[0], "hand 1": self.hands[1], "table": self.table}


        class HighCardRules(Rules):
            name = "high_card"
            position = 99
            title = "High Card"
            description = "A test game."
            summary = "Play your cards; the higher card scores."
            min_seats = max_seats = default_seats = 2
            state_class = HighCardState


        RULES = HighCardRules()
        ''',
    "bot.py": """
        from games.bots import Bot, Levels


        class HighCardBot(Bot):
            def choose(self, view, legal):
                return max(legal, key=lambda a: a.card.rank)


        BOT_LEVELS = Levels(HighCardBot)
        """,
}


@pytest.fixture
def new_game_dir(tmp_path, monkeypatch):
    """A directory holding a new game package ``high_card``, added to the ``games`` package's
    search path, with the registry emptied so that it looks again (both undone afterwards)."""
    package = tmp_path / "high_card"
    package.mkdir()
    for name, text in NEW_GAME.items():
        (package / name).write_text(textwrap.dedent(text).lstrip())
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    monkeypatch.setattr(games, "_REGISTRY", {})
    yield tmp_path
    for name in [
        m
        for m in sys.modules
        if m.startswith(("games.high_card", "games.misnamed", "cardtable.tui.panels.high_card"))
    ]:
        del sys.modules[name]


def test_a_new_game_package_is_found_with_its_bot_and_panel_without_a_registry_edit(
    new_game_dir, monkeypatch
):
    assert game_names() == [*LISTING, "high_card"], "found, and listed by its position"
    rules = get_rules("High Card")
    state = rules.new_game(2, None, 5)
    bot = make_bot("normal", "high_card", 1)
    assert type(bot).__name__ == "HighCardBot"
    while not state.is_over:
        state.apply(bot.choose(state.view(state.to_act), state.legal_actions()))
    assert Record.from_json(state.record().to_json()).replay().snapshot() == state.snapshot()

    from cardtable.tui import panels

    assert panels.panel_for("high_card") is None, "no panel file: no panel"
    panel_dir = new_game_dir / "panels"
    panel_dir.mkdir()
    (panel_dir / "high_card.py").write_text(
        "from cardtable.tui.panels import InfoPanel\n\nPANEL = InfoPanel\n"
    )
    monkeypatch.setattr(panels, "__path__", [*panels.__path__, str(panel_dir)])
    assert type(panels.panel_for("high_card")) is panels.InfoPanel
    assert "high_card" in panels.panel_games()


def test_a_game_package_must_be_named_after_its_game(new_game_dir):
    (new_game_dir / "high_card").rename(new_game_dir / "misnamed")
    with pytest.raises(ImportError, match="games/misnamed exports the rules of 'high_card'"):
        game_names()


def test_every_game_declares_a_listing_that_its_rules_agree_with():
    """The lobby lists the games from their packages' LISTING without loading their rules; the
    Rules take the same values from it, so listings and rules never disagree."""
    import games
    from games.core.state import LISTED

    listed = games.listings()
    assert [x.name for x in listed] == [r.name for r in games.all_rules()]
    for listing, rules in zip(listed, games.all_rules()):
        assert type(listing).__name__ == "Listing", f"games/{rules.name} declares no LISTING"
        assert all(getattr(listing, a) == getattr(rules, a) for a in LISTED)
        assert listing.players_text() == rules.players_text()


def test_every_name_the_core_exports_resolves_to_its_module():
    """games.core loads a submodule only when one of its names is asked for; each name is there."""
    import games.core

    for name in games.core.__all__:
        value = getattr(games.core, name)
        module = getattr(value, "__module__", None)
        assert module is None or module.startswith("games.core") or not callable(value), name
    assert "Card" in dir(games.core)


def _type_checking_imports(path: Path) -> dict[str, str]:
    """The names a module imports under ``if TYPE_CHECKING:``, each with its (relative) module."""
    found: dict[str, str] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for imp in node.body:
                if isinstance(imp, ast.ImportFrom):
                    found.update({alias.name: imp.module or "" for alias in imp.names})
    return found


def test_what_type_checkers_see_of_the_lazy_packages_is_what_they_export():
    """games.core and each game package load their names on first use (``__getattr__``); the
    imports under TYPE_CHECKING beside it show type checkers the same names from the same modules."""
    import games.core

    core = _type_checking_imports(GAMES / "core" / "__init__.py")
    assert core == dict(games.core._WHERE), (
        "games/core/__init__.py: TYPE_CHECKING imports and _EXPORTS differ"
    )
    for name in LISTING:
        package = importlib.import_module(f"games.{name}")
        seen = _type_checking_imports(GAMES / name / "__init__.py")
        assert set(seen) == set(package.__all__) - {"LISTING"}, f"games/{name}/__init__.py"
        assert set(seen.values()) == {"rules"}
