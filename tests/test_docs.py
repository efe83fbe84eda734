"""Doctest the README and every public module; run every example script."""

import doctest
import importlib
import pkgutil
import runpy
import sys
from pathlib import Path

import pytest

import lacerda_bot

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(
    m.name.removeprefix("lacerda_bot.")
    for m in pkgutil.walk_packages(lacerda_bot.__path__, prefix="lacerda_bot.")
    if not m.name.endswith("__main__")
)
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_readme_examples() -> None:
    """The README's >>> sessions run as written."""
    result = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=FLAGS
    )

    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    """Each module's docstring examples run as written."""
    module = importlib.import_module(f"lacerda_bot.{name}")
    result = doctest.testmod(module, optionflags=FLAGS)

    assert result.failed == 0


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_run(
    path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every example script runs to the end and prints something."""
    monkeypatch.setattr(sys, "argv", [str(path)])
    runpy.run_path(str(path), run_name="__main__")

    assert capsys.readouterr().out.strip()


def test_there_are_examples() -> None:
    """The examples folder is not empty."""
    assert EXAMPLES
