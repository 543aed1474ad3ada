"""The layers of the code (issue 31, point 2), held like those of games/ (tests/core/test_structure.py).

cardtable/ is built in layers, lowest first (:data:`LAYERS`): the rules library, the application's
core, the transport, the table UI, the doors that serve tables, and the programs.  A module imports
its own layer and those below it, never one above: at the top of the module, inside a function, or
under ``if TYPE_CHECKING:``.  And no import circle anywhere in games/ or cardtable/, counting the
imports that run: at the top of a module and inside its functions (an import under
``if TYPE_CHECKING:`` never runs; it is held to the layers only).

An import inside a function is there only for start-up time: each module that has one says why in
:data:`DEFERRED`, and a new one must be added there (or moved to the top).

Everything is read from the source with ``ast``: nothing is imported to find the imports.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "cardtable")

#: The layers, lowest first.  A name ending in ".*" is a package and everything in it; "*.__main__"
#: is any package's ``python -m`` program, wherever it is.  Otherwise the longest name that matches
#: a module places it.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the rules library", ("games.*",)),
    (
        "the application's core",
        (
            "cardtable",
            "cardtable.paths",
            "cardtable.prefs",
            "cardtable.pacer",
            "cardtable.seat_handle",
            "cardtable.session",
            "cardtable.store",
            "cardtable.stats",
        ),
    ),
    ("the transport (no Textual, no processes)", ("cardtable.net.*",)),
    ("the table UI", ("cardtable.tui.*",)),
    ("the doors: what serves a table to people", ("cardtable.doors.*",)),
    (
        "the programs",
        (
            "cardtable.cli",
            "cardtable.cli_ask",
            "cardtable.cli_common",
            "cardtable.cli_history",
            "cardtable.cli_review",
            "*.__main__",
        ),
    ),
)

#: The doors that run the table UI, each a program started by its entry point (by name, as a
#: process); every other module of cardtable/doors runs in the host's process and never loads the UI.
SEAT_SIDE = ("cardtable.doors.seat", "cardtable.doors.template", "cardtable.doors.rehearsal")
UI_LIBRARIES = ("textual", "rich")
#: What the transport never imports: a UI, the doors' libraries, or a way to start processes.
NOT_TRANSPORT = ("textual", "rich", "typer", "asyncssh", "aiohttp", "textual_serve", "subprocess", "pty")

#: Every module that imports inside a function, and why: start-up time, always (what would load
#: too soon, and for whom).
DEFERRED: dict[str, str] = {
    # the rules library
    "games.core.finder": "it imports nothing, so the registry installs it at no cost; the error type loads when needed",
    "games.core.state": "a game's state loads without the record's JSON, hashing and file code",
    "games.dispatch": "a process pool, Dask and cloudpickle load only for the runner that uses them",
    # the application's core
    "cardtable.prefs": "the preferences are read at start; the atomic writer loads when they are saved",
    "cardtable.session": "the match store (SQLite) loads when a match ends, the search bots' reasons when a hint is asked",
    "cardtable.store": "platformdirs loads only when CARDTABLE_HOME does not name the folder",
    # the transport
    "cardtable.net.config": "the remote client reads DEFAULT_PORT here: a seat process must not load the session and the bots",
    # the table UI
    "cardtable.tui": "the CLI imports this package for its entry points: Textual loads only when a screen opens",
    "cardtable.tui.app": "each screen loads when it is first opened, the session when a table starts (first frame)",
    "cardtable.tui.render": "the game library's views and cards load when a table is first drawn, not for the lobby",
    "cardtable.tui.screens.history": "the statistics load when the statistics tab opens",
    "cardtable.tui.screens.host": "the host's form opens before the network client, its settings and the session load",
    "cardtable.tui.screens.join": "the join form opens before the network client loads",
    "cardtable.tui.screens.table": "the connection status widget loads for remote tables, the preferences when changed",
    # the doors
    "cardtable.doors.background": "the lobby holds the host service from its start; the server loads when a table is hosted",
    "cardtable.doors.host": "asyncssh and aiohttp (hundreds of ms) load only when an ssh or a web door opens",
    "cardtable.doors.seat": "a seat that cannot join (a wrong code) says so before the table UI loads",
    # the programs
    "cardtable.cli": "each command loads only what it runs: cardtable --help, list and rules stay quick",
    "cardtable.cli_ask": "asking loads the bots (and their look-ahead) only when a question is asked",
    "cardtable.cli_common": "the error guard and the console load the game library and Rich when a command runs",
    "cardtable.cli_history": "each command loads only what it runs (the store, the statistics, the TUI)",
    "cardtable.cli_review": "the review loads the expert bots and Rich's progress bar and table only when a review runs",
}


# ---------------------------------------------------------------- reading the imports


@dataclass(frozen=True)
class Import:
    """One imported name, as an absolute module (``from X import y``: X.y when that is a module of
    the tree, else X), where (``line``) and how: "top", "function" or "typing" (under
    ``if TYPE_CHECKING:``, which never runs)."""

    module: str
    target: str
    kind: str
    line: int


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def tree_modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_in(source: str, module: str, is_package: bool, known: set[str]) -> list[Import]:
    """Every import of ``source`` (the text of ``module``), with the kind of each."""
    package = module if is_package else module.rpartition(".")[0]
    found: list[Import] = []

    def resolve(name: str) -> str:
        return name if name in known or name.split(".")[0] not in PACKAGES else _known_prefix(name, known)

    def visit(node: ast.AST, kind: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child.test):
                for stmt in child.body:
                    visit_one(stmt, "typing")
                for stmt in child.orelse:
                    visit_one(stmt, kind)
            else:
                visit_one(child, kind)

    def visit_one(child: ast.AST, kind: str) -> None:
        if isinstance(child, ast.Import):
            found.extend(Import(module, resolve(a.name), kind, child.lineno) for a in child.names)
        elif isinstance(child, ast.ImportFrom):
            base = child.module or ""
            if child.level:  # relative: from the package, one level up for each extra dot
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - (child.level - 1)] + ([base] if base else []))
            for alias in child.names:
                whole = f"{base}.{alias.name}"
                found.append(Import(module, whole if whole in known else resolve(base), kind, child.lineno))
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) and kind == "top":
            kind = "function"
        visit(child, kind)

    visit(ast.parse(source), "top")
    return found


def _known_prefix(name: str, known: set[str]) -> str:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name


def all_imports() -> list[Import]:
    modules = tree_modules()
    known = set(modules)
    return [
        i
        for name, path in modules.items()
        for i in imports_in(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", known)
        if i.target != name
    ]


def layer_of(module: str) -> int | None:
    """The index of the module's layer in LAYERS (None: in no layer)."""
    best: tuple[int, int] | None = None  # (length of the matching name, layer)
    for index, (_, names) in enumerate(LAYERS):
        for name in names:
            if name.startswith("*."):
                if module.endswith(name[1:]):
                    return index
                continue
            if name.endswith(".*"):
                hit = module == name[:-2] or module.startswith(name[:-1])
            else:
                hit = module == name
            if hit and (best is None or len(name) > best[0]):
                best = (len(name), index)
    return None if best is None else best[1]


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of a graph: its strongly connected parts of more than one module (and a
    module importing itself), each sorted (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(edges.get(target, ())))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.append(member)
                        if member == node:
                            break
                    if len(part) > 1 or node in edges.get(node, ()):
                        found.append(sorted(part))
    return sorted(found)


def runtime_graph(imports: list[Import]) -> dict[str, set[str]]:
    """Module -> the modules of the tree it imports when it runs (at the top or in a function)."""
    known = set(tree_modules())
    graph: dict[str, set[str]] = defaultdict(set)
    for i in imports:
        if i.kind != "typing" and i.target in known:
            graph[i.module].add(i.target)
    return graph


# ---------------------------------------------------------------- the reader can fail


def test_the_reader_tells_top_level_function_level_and_type_only_imports_apart():
    known = {"cardtable", "cardtable.net", "cardtable.net.wire", "cardtable.doors", "cardtable.doors.host"}
    source = (
        "from typing import TYPE_CHECKING\n"
        "from cardtable.net import wire\n"
        "if TYPE_CHECKING:\n"
        "    from .host import serve\n"
        "def f():\n"
        "    import textual.app\n"
        "    from . import host\n"
        "class C:\n"
        "    def m(self):\n"
        "        from ..net.wire import dumps\n"
    )
    found = {(i.target, i.kind) for i in imports_in(source, "cardtable.doors.ssh", False, known)}
    assert ("cardtable.net.wire", "top") in found
    assert ("cardtable.doors.host", "typing") in found
    assert ("textual.app", "function") in found and ("cardtable.doors.host", "function") in found
    assert ("cardtable.net.wire", "function") in found


def test_the_circle_finder_finds_circles_through_many_modules_and_none_in_a_ladder():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"a"}}) == [["a"]]
    assert circles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_every_module_of_the_tree_is_in_one_layer():
    lost = [m for m in tree_modules() if layer_of(m) is None]
    assert not lost, "modules in no layer (add each to LAYERS in tests/test_layers.py):\n" + "\n".join(lost)
    assert layer_of("cardtable.tui.__main__") == len(LAYERS) - 1, "a python -m program is a program"
    assert layer_of("cardtable.net.wire") < layer_of("cardtable.tui.app") < layer_of("cardtable.doors.ssh")


# ---------------------------------------------------------------- the layers


def test_no_module_imports_a_layer_above_its_own():
    names = [name for name, _ in LAYERS]
    known = tree_modules()
    offenders = []
    for i in all_imports():
        mine, theirs = layer_of(i.module), layer_of(i.target)
        if i.target in known and mine is not None and theirs is not None and theirs > mine:
            where = f"line {i.line}" + {"function": ", inside a function", "typing": ", for types"}.get(
                i.kind, ""
            )
            offenders.append(f"{i.module} ({names[mine]}) imports {i.target} ({names[theirs]}), {where}")
    assert not offenders, "imports up the layers:\n" + "\n".join(sorted(offenders))


def test_no_import_circle_in_the_tree_at_the_top_or_inside_functions():
    imports = all_imports()
    found = circles(runtime_graph(imports))
    lines = []
    for part in found:
        lines.append(f"circle of {len(part)}: {', '.join(part)}")
        lines += sorted(
            {
                f"  {i.module} -> {i.target} (line {i.line}, {i.kind})"
                for i in imports
                if i.module in part and i.target in part and i.kind != "typing"
            }
        )
    assert not found, "import circles:\n" + "\n".join(lines)


def test_the_transport_has_no_ui_and_starts_no_process():
    offenders = [
        f"{i.module} imports {i.target} (line {i.line})"
        for i in all_imports()
        if i.module.startswith("cardtable.net") and i.target.split(".")[0] in NOT_TRANSPORT
    ]
    assert not offenders, "\n".join(offenders)


def test_the_hosts_side_of_the_doors_never_imports_the_table_ui():
    """The host starts each seat as a process, by its entry point: no host-side door imports the
    table UI, a UI library or a seat-side module, not even inside a function."""
    offenders = [
        f"{i.module} imports {i.target} (line {i.line}, {i.kind})"
        for i in all_imports()
        if i.module.startswith("cardtable.doors")
        and i.module not in SEAT_SIDE
        and (
            i.target.startswith("cardtable.tui")
            or i.target.split(".")[0] in UI_LIBRARIES
            or i.target in SEAT_SIDE
        )
    ]
    assert not offenders, "\n".join(offenders)


def test_a_host_process_loads_no_ui_module():
    """What the reading above promises, run: importing every host-side door loads no Textual, no
    Rich and nothing of cardtable.tui."""
    host_side = sorted(m for m in tree_modules() if m.startswith("cardtable.doors.") and m not in SEAT_SIDE)
    code = (
        f"import importlib, sys\nfor m in {host_side!r}: importlib.import_module(m)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith('cardtable.tui')))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_seat_processes_are_started_by_their_entry_points():
    """The doors name the seat program and the template; each is a seat-side module with its entry
    point, and the template preloads the seat program that each of its children runs."""
    from cardtable.doors import template, warm

    assert warm.SEAT_PROGRAM in SEAT_SIDE and warm.TEMPLATE_PROGRAM in SEAT_SIDE
    assert template.__name__ == warm.TEMPLATE_PROGRAM and warm.SEAT_PROGRAM in template.PRELOAD
    assert template.REHEARSAL in SEAT_SIDE and template.REHEARSAL in template.PRELOAD
    source = (ROOT / "cardtable" / "doors" / "seat.py").read_text()
    assert "def main(argv" in source and 'if __name__ == "__main__":' in source


# ---------------------------------------------------------------- imports inside functions


def function_level() -> dict[str, list[Import]]:
    """Module -> its imports inside functions (of anything: the tree, the libraries, the stdlib)."""
    found: dict[str, list[Import]] = defaultdict(list)
    for i in all_imports():
        if i.kind == "function":
            found[i.module].append(i)
    return found


def _by_line(text: str) -> int:
    return int(text.rsplit("line ", 1)[1].rstrip(")"))


def test_every_import_inside_a_function_is_declared_with_its_reason():
    found = function_level()
    undeclared = [
        f"{m}: " + ", ".join(sorted({f"{i.target} (line {i.line})" for i in found[m]}, key=_by_line))
        for m in sorted(found)
        if m not in DEFERRED
    ]
    assert not undeclared, (
        "imports inside functions are kept only for start-up time: move these to the top of the module, "
        "or say in DEFERRED (tests/test_layers.py) why loading them at start-up would cost:\n"
        + "\n".join(undeclared)
    )
    stale = sorted(set(DEFERRED) - set(found))
    assert not stale, f"DEFERRED names modules that import nothing inside a function now: {stale}"


@pytest.mark.parametrize("module", sorted(DEFERRED))
def test_each_reason_is_a_sentence(module):
    assert len(DEFERRED[module].split()) >= 4, module
