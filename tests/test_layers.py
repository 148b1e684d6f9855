"""The import plan (docs/architecture.md): layers, and no cycle anywhere.

Every `import` of game/, net/, ui/ and main.py is read with `ast`: module level, inside
functions and under `if TYPE_CHECKING:` alike, since each is a dependency a reader has to
follow. Two rules:
  - a module imports only modules of its own layer or of a layer below (LAYERS, lowest first);
  - no cycle, inside a layer either: where two modules need each other, the shared part
    belongs in a third, below both.
A failure names each offending import by file and line.
"""
from __future__ import annotations

import ast
import textwrap
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "net", "ui")

# Lowest first. A module belongs to the layer of its longest matching prefix ("ui.table"
# matches ui.table and ui.table.paint). Imports may go sideways (same layer) or down.
LAYERS = [
    ("rules engine", ["game"]),
    ("game records", ["game.savegame", "game.history", "game.userdata"]),
    ("AI players", ["game.ai"]),
    ("game tools", ["game.analysis", "game.simulate", "game.__main__"]),
    ("network", ["net"]),
    ("ui package", ["ui"]),
    ("player's files", ["ui.files"]),
    ("text", ["ui.text"]),
    ("sound", ["ui.sound"]),
    ("drawing", ["ui.draw"]),
    ("card art", ["ui.cardart"]),
    ("table", ["ui.table"]),
    ("scenes", ["ui.scenes"]),
    ("application shell", ["ui.shell"]),
    ("test tools", ["ui.testing"]),
    ("entry point", ["main"]),
]

# Third-party packages a layer's modules must never import (the rules know no window).
FORBIDDEN = {
    "game": ("pygame", "websockets", "zeroconf", "ifaddr"),
    "net": ("pygame",),
}


@dataclass(frozen=True)
class Import:
    source: str         # importing module, dotted
    target: str         # imported module (or the package whose name it imports), dotted
    path: str           # importing file, relative to the root
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.source} imports {self.target}"


def modules_under(root: Path, packages=PACKAGES, scripts=("main.py",)) -> dict[str, Path]:
    """Dotted module name -> file, for every .py file of the packages and the scripts."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    for script in scripts:
        if (root / script).exists():
            found[script[:-3]] = root / script
    return found


def _owner(name: str, modules) -> str | None:
    """The module a dotted name lives in: itself, or the nearest package/module above it."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str, path: Path, modules, root: Path) -> tuple[list[Import], list[Import]]:
    """(imports of our own modules, imports of third-party top-level packages)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    rel = path.relative_to(root).as_posix()
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    ours, theirs = [], []

    def add(target_name: str, line: int) -> None:
        target = _owner(target_name, modules)
        if target is not None:
            if target != module:
                ours.append(Import(module, target, rel, line))
        else:
            theirs.append(Import(module, target_name.split(".")[0], rel, line))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - (node.level - 1)]
                base_name = ".".join(base + ([node.module] if node.module else []))
            else:
                base_name = node.module
            for alias in node.names:
                # `from pkg import name`: the submodule pkg.name if there is one, else pkg itself.
                submodule = f"{base_name}.{alias.name}"
                add(submodule if submodule in modules else base_name, node.lineno)
    return ours, theirs


def import_graph(root: Path = ROOT, packages=PACKAGES, scripts=("main.py",)):
    modules = modules_under(root, packages, scripts)
    ours, theirs = {}, {}
    for module, path in modules.items():
        ours[module], theirs[module] = imports_of(module, path, modules, root)
    return ours, theirs


def find_cycles(graph: dict[str, list[Import]]) -> list[list[Import]]:
    """One cycle (as its chain of imports) for every strongly connected group of modules:
    the group's other members show once that chain is broken."""
    index, low, on_stack, stack, groups = {}, {}, set(), [], []
    counter = [0]

    def visit(v):               # Tarjan's algorithm, iterative so deep graphs cannot overflow
        work = [(v, iter(graph.get(v, ())))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, edges = work[-1]
            advanced = False
            for edge in edges:
                w = edge.target
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(graph.get(w, ()))))
                    advanced = True
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.add(w)
                    if w == node:
                        break
                if len(group) > 1:
                    groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_cycle_in(graph, group) for group in groups]


def _cycle_in(graph, group: set[str]) -> list[Import]:
    """A shortest chain of imports from the group's first module back to itself."""
    start = min(group)
    came_by = {}
    frontier = [start]
    while frontier:
        following = []
        for v in frontier:
            for edge in graph[v]:
                if edge.target not in group or edge.target in came_by:
                    continue
                came_by[edge.target] = edge
                if edge.target == start:
                    chain, at = [], start
                    while True:
                        chain.append(came_by[at])
                        at = came_by[at].source
                        if at == start:
                            return chain[::-1]
                following.append(edge.target)
        frontier = following
    raise AssertionError(f"no cycle through {start}")


def layer_of(module: str, layers=LAYERS) -> int:
    best, best_len = None, -1
    for rank, (_, prefixes) in enumerate(layers):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = rank, len(prefix)
    if best is None:
        raise AssertionError(f"{module} is in no layer: add it to LAYERS in tests/test_layers.py")
    return best


def layer_breaks(graph, layers=LAYERS) -> list[str]:
    out = []
    for edges in graph.values():
        for edge in edges:
            low, high = layer_of(edge.source, layers), layer_of(edge.target, layers)
            if high > low:
                out.append(f"{edge}  ({layers[low][0]} may not import {layers[high][0]})")
    return out


def forbidden_imports(third_party, forbidden=FORBIDDEN) -> list[str]:
    out = []
    for module, edges in third_party.items():
        banned = forbidden.get(module.split(".")[0], ())
        out += [f"{edge}  (no {edge.target} in {module.split('.')[0]}/)" for edge in edges if edge.target in banned]
    return out


def cycle_report(cycles) -> str:
    return "\n\n".join("import cycle:\n" + "\n".join(f"  {edge}" for edge in chain) for chain in cycles)


# --- the project ---------------------------------------------------------------------------------

def test_no_import_cycle():
    graph, _ = import_graph()
    cycles = find_cycles(graph)
    assert not cycles, "\n" + cycle_report(cycles)


def test_every_import_goes_down_the_layers():
    graph, _ = import_graph()
    breaks = layer_breaks(graph)
    assert not breaks, "imports that climb the layers:\n" + "\n".join(breaks)


def test_the_rules_know_no_window():
    _, third_party = import_graph()
    found = forbidden_imports(third_party)
    assert not found, "\n".join(found)


def test_every_module_has_a_layer():
    for module in modules_under(ROOT):
        layer_of(module)


def test_ui_root_holds_packages_only():
    loose = sorted(p.name for p in (ROOT / "ui").glob("*.py") if p.name != "__init__.py")
    assert not loose, f"modules loose at ui/'s root: {loose} (put each in the package of its concern)"


def test_every_screen_opened_by_name_is_registered():
    """Screens a lower scene opens by name (ui/scenes/base.py `screen`) are all known once
    any scene is imported: a misspelt or unregistered name would fail only mid-game."""
    import ui.scenes  # noqa: F401
    from ui.scenes import base
    wanted = set()
    for path in (ROOT / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "screen"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                wanted.add(node.args[0].value)
    assert wanted >= {"GameOverScene", "open_analysis", "OnlineMenuScene"}
    for name in sorted(wanted):
        assert base.screen(name).__name__ == name


# --- the checker itself, on a planted tree -----------------------------------------------------

def _plant(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, body in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(body), encoding="utf-8")
    return tmp_path


def test_checker_finds_a_cycle_held_by_a_function_level_import(tmp_path):
    root = _plant(tmp_path, {
        "game/__init__.py": "",
        "game/state.py": """\
            from game.events import Event
            """,
        "game/events.py": """\
            import json


            def mask(event):
                from .observation import observe
                return observe(event)
            """,
        "game/observation.py": """\
            from game import state
            """,
        "game/data.py": "",
    })
    graph, _ = import_graph(root, ("game",), ())
    cycles = find_cycles(graph)
    assert len(cycles) == 1
    report = cycle_report(cycles)
    assert "game/events.py:5: game.events imports game.observation" in report
    assert "game/observation.py:1: game.observation imports game.state" in report
    assert "game/state.py:1: game.state imports game.events" in report
    assert "data" not in report


def test_checker_finds_a_cycle_through_a_type_only_import(tmp_path):
    root = _plant(tmp_path, {
        "ui/__init__.py": "",
        "ui/app.py": "from ui.scene import Scene\n",
        "ui/scene.py": """\
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                from ui.app import App
            """,
    })
    graph, _ = import_graph(root, ("ui",), ())
    assert "ui/scene.py:3: ui.scene imports ui.app" in cycle_report(find_cycles(graph))


def test_checker_reports_an_import_that_climbs_the_layers(tmp_path):
    root = _plant(tmp_path, {
        "game/__init__.py": "",
        "game/rules.py": """\
            def draw():
                from ui.draw import theme
                import pygame
            """,
        "ui/__init__.py": "",
        "ui/draw/__init__.py": "",
        "ui/draw/theme.py": "from game import rules\n",
    })
    graph, third_party = import_graph(root, ("game", "ui"), ())
    breaks = layer_breaks(graph)
    assert len(breaks) == 1 and breaks[0].startswith("game/rules.py:2: game.rules imports ui.draw.theme")
    assert forbidden_imports(third_party) == ["game/rules.py:3: game.rules imports pygame  (no pygame in game/)"]
    assert find_cycles(graph)       # and the two-way import is a cycle as well


def test_checker_resolves_relative_and_package_imports(tmp_path):
    root = _plant(tmp_path, {
        "game/__init__.py": "from .setup import new_game\n",
        "game/setup.py": "from . import steps, data as d\n",
        "game/steps.py": "from .data import CARDS\n",
        "game/data.py": "",
        "game/ai/__init__.py": "from ..setup import new_game\nfrom game import State\n",
    })
    graph, _ = import_graph(root, ("game",), ())
    targets = {module: sorted(e.target for e in edges) for module, edges in graph.items()}
    assert targets == {
        "game": ["game.setup"],
        "game.setup": ["game.data", "game.steps"],
        "game.steps": ["game.data"],
        "game.data": [],
        "game.ai": ["game", "game.setup"],
    }
    assert not find_cycles(graph)
