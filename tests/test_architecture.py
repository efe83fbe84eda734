"""The house shows its architecture: imports go one way (README, "Module map").

The vocabulary (values, views, facts) imports nothing above it; ``_board`` (what a
board says) and ``_rules`` (what Lacerda does) import only the vocabulary and never
each other, so the rules read the board through the facts interface alone; the
table companion never reads a board.
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "src" / "lacerda_bot"

VOCABULARY = frozenset(
    {
        "_answers",
        "_deck",
        "_dominance",
        "_enum",
        "_json_terms",
        "_lab",
        "_state",
        "_ties",
        "_reasons",
        "_validate",
        "contract",
        "decisions",
        "errors",
        "_facts",
        "hexmap",
        "host",
        "lab",
        "language",
        "terms",
        "model",
        "options",
        "outcome",
        "_queries",
        "records",
        "serialization",
        "trace",
    }
)


LEAVES = frozenset({"_deprecated", "_field_tables"})
"""Modules that import nothing of the package, so that any module may import them."""


def _area(path: Path) -> str:
    """``_board`` for ``_board/sites.py``, ``model`` for ``model.py``."""
    relative = path.relative_to(PACKAGE)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


def _imports(path: Path) -> set[str]:
    """The areas of lacerda_bot a module imports, at any depth of its code."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module == "lacerda_bot":
            names = [
                f"lacerda_bot.{alias.name}"
                for alias in node.names
                if not alias.name.startswith("__")  # the package's own version
            ]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "lacerda_bot" and len(parts) > 1:
                found.add(parts[1])
    return found


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if p.name != "__main__.py")

ALLOWED = {
    "_board": VOCABULARY | {"_board"},
    "_rules": VOCABULARY | {"_rules"},
    "table": VOCABULARY | {"_rules", "render", "table"},
    # the web build knows no rule: the page reaches them through table.screen
    "web": frozenset({"errors", "web"}),
}


def test_the_areas_are_the_ones_the_module_map_names() -> None:
    areas = {_area(p) for p in MODULES}
    assert {"_board", "_rules", "table", "reference", "web"} <= areas
    assert areas >= VOCABULARY


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_go_one_way(path: Path) -> None:
    area = _area(path)
    imported = _imports(path) - {area}
    if area in LEAVES:
        assert not imported, f"a leaf imports {imported}"
    imported -= LEAVES
    if area in VOCABULARY:
        assert imported <= VOCABULARY, f"the vocabulary imports {imported - VOCABULARY}"
    elif area in ALLOWED:
        assert imported <= ALLOWED[area], f"{area} imports {imported - ALLOWED[area]}"


def _table_layer(path: Path) -> str:
    """``_engine``, ``_game`` or ``front`` for a module of the table package."""
    parts = path.relative_to(PACKAGE / "table").parts
    return parts[0] if len(parts) > 1 else "front"


def _table_imports(path: Path) -> set[str]:
    """The table layers a module of the table imports (``front`` for the facade's)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[:2] == ["lacerda_bot", "table"]:
                found.add(
                    parts[2] if len(parts) > 2 and parts[2] in _LOWER else "front"
                )
    return found


_LOWER: dict[str, frozenset[str]] = {
    "_engine": frozenset({"_engine"}),
    "_game": frozenset({"_engine", "_game"}),
}


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if _area(p) == "table" and _table_layer(p) in _LOWER],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_the_table_layers_import_only_downwards(path: Path) -> None:
    """The facts source knows no game; the game knows no front end (README, "Module map")."""
    layer = _table_layer(path)
    imported = _table_imports(path)
    assert imported <= _LOWER[layer], f"{layer} imports {imported - _LOWER[layer]}"


def test_the_table_runs_the_engine_but_never_reads_a_board() -> None:
    table = [p for p in MODULES if _area(p) == "table"]
    assert table
    assert all("_board" not in _imports(p) for p in table)
    assert any("_rules" in _imports(p) for p in table)


def _protocols() -> list[tuple[str, int]]:
    """Every Protocol class of the package, with its number of methods."""
    found = []
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                "Protocol" in ast.unparse(base) for base in node.bases
            ):
                methods = [n for n in node.body if isinstance(n, ast.FunctionDef)]
                found.append((f"{path.name}:{node.name}", len(methods)))
    return found


def test_the_seam_is_narrow() -> None:
    """A source answers typed queries through a handful of methods, not one per fact."""
    protocols = _protocols()
    assert any(name == "_facts.py:Facts" for name, _ in protocols)
    wide = [(name, count) for name, count in protocols if count > 12]
    assert not wide, f"protocols with more than a dozen methods: {wide}"


def test_no_fact_is_read_with_untyped_arguments() -> None:
    """Queries carry typed fields: no source or question takes ``tuple[object, ...]``."""
    seam = [p for p in MODULES if _area(p) in {"_board", "_rules", "table"}]
    untyped = [
        str(path.relative_to(PACKAGE))
        for path in seam
        if "tuple[object, ...]" in path.read_text(encoding="utf-8")
    ]
    assert not untyped
