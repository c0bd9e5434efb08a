"""The shape of the tree: data flows one way, no module imports itself round a loop, none is long.

Data flows games <- solver <- generator <- commands/cli.py and web/: a package may import the
ones before it, never one after. An import cycle means a piece lives in the wrong module, so
the test names every cycle it finds (strongly connected parts of the import graph).
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ["games", "solver", "generator", "commands", "web"]
LONGEST_MODULE = 420   # lines; "one module, one job": a longer one is asking to be split


def project_modules() -> dict[str, Path]:
    """Every module of the project's packages (migrations aside), by dotted name."""
    found = {"cli": ROOT / "cli.py"}
    for package in LAYERS:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "piccolo_migrations" in parts or "frontend" in parts or "build" in parts:
                continue
            name = ".".join(parts)
            found[name.removesuffix(".__init__")] = path
    return found


def imports_of(path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules a file imports, at top level or inside functions."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                if submodule in modules:
                    found.add(submodule)
                elif node.module in modules:
                    found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(path, modules) - {name} for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
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
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def test_the_cycle_finder_finds_a_cycle_and_nothing_else() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_the_python_tree() -> None:
    assert cycles(import_graph()) == []


def test_data_flows_one_way_between_the_packages() -> None:
    wrong = []
    for module, imported in import_graph().items():
        if module == "cli":
            continue
        layer = LAYERS.index(module.split(".")[0])
        for other in imported:
            top = other.split(".")[0]
            later = top == "cli" or (top in LAYERS and LAYERS.index(top) > layer)
            # commands and web are siblings: `orapa serve` (commands) starts the server (web)
            if later and not (module.startswith("commands.") and top == "web"):
                wrong.append(f"{module} imports {other}")
    assert wrong == []


def test_no_module_is_much_over_four_hundred_lines() -> None:
    long = {name: n for name, path in project_modules().items()
            if (n := len(path.read_text().splitlines())) > LONGEST_MODULE}
    assert long == {}


def c_sources(root: Path = ROOT) -> dict[str, Path]:
    """The compiled extensions' C files (a part #included by another counts on its own), by
    path; build folders aside."""
    return {str(path.relative_to(root)): path for package in LAYERS
            for suffix in ("*.c", "*.h") for path in (root / package).rglob(suffix)
            if "build" not in path.relative_to(root).parts}


def test_no_c_file_is_much_over_four_hundred_lines(tmp_path: Path) -> None:
    made_up = tmp_path / "solver" / "k"
    made_up.mkdir(parents=True)
    (made_up / "_long.c").write_text("int x;\n" * 700)
    (made_up / "_part.c").write_text("int y;\n" * 30)
    found = c_sources(tmp_path)
    assert sorted(found) == ["solver/k/_long.c", "solver/k/_part.c"]
    assert long_modules(found) == {"solver/k/_long.c": 700}
    sources = c_sources()
    assert "solver/orapa/counting/_counting.c" in sources
    assert long_modules(sources) == {}


FRONTEND = ROOT / "web" / "frontend"


def frontend_modules(root: Path = FRONTEND) -> dict[str, Path]:
    """The browser app's TypeScript modules (src/ and tests/, the tests' data files aside), by path."""
    found = {}
    for folder in ("src", "tests"):
        for path in sorted((root / folder).rglob("*.ts*")):
            parts = path.relative_to(root).parts
            if path.suffix in (".ts", ".tsx") and "fixtures" not in parts and "node_modules" not in parts:
                found["/".join(parts)] = path
    return found


def long_modules(modules: dict[str, Path]) -> dict[str, int]:
    """The modules past LONGEST_MODULE lines, with their lengths."""
    return {name: n for name, path in modules.items()
            if (n := len(path.read_text().splitlines())) > LONGEST_MODULE}


def test_the_front_ends_modules_are_found_and_a_long_one_is_named(tmp_path: Path) -> None:
    for name, lines in [("src/api.ts", 461), ("src/views/Page.tsx", 30), ("tests/a.test.ts", 20),
                        ("tests/fixtures/tracer.ts", 900), ("src/styles.css", 900)]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("const x = 1;\n" * lines)
    found = frontend_modules(tmp_path)
    assert sorted(found) == ["src/api.ts", "src/views/Page.tsx", "tests/a.test.ts"]
    assert long_modules(found) == {"src/api.ts": 461}
    assert "src/api/index.ts" in frontend_modules()   # the real tree is seen too


def test_no_front_end_module_is_much_over_four_hundred_lines() -> None:
    assert long_modules(frontend_modules()) == {}
