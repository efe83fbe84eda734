"""The message catalogs are complete: every message translated in every language.

Fails on a message missing, fuzzy or empty in a shipped catalog, on a translation
whose placeholders differ from the English, on a message the code no longer
says, and on a compiled catalog older than its ``.po`` (``tools/catalogs.py``).
"""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog

from lacerda_bot.language import Language

_TOOL = Path(__file__).parents[1] / "tools" / "catalogs.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogs", _TOOL)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("catalogs", module)
    spec.loader.exec_module(module)
    return module


catalogs = _load()


def test_the_shipped_languages_are_the_catalogs() -> None:
    assert {language.value for language in Language} == {"en", *catalogs.LANGUAGES}


@pytest.mark.parametrize("language", catalogs.LANGUAGES)
def test_every_message_is_translated(language: str) -> None:
    assert list(catalogs.problems(language)) == []


def test_the_page_words_are_compiled() -> None:
    assert list(catalogs.page_problems()) == []


def test_the_template_is_what_the_code_says() -> None:
    template = catalogs.read(catalogs.TEMPLATE)
    extracted = catalogs.extract()
    assert {(m.id, m.context) for m in template} == {
        (m.id, m.context) for m in extracted
    }


def test_the_code_says_enough_to_be_worth_checking() -> None:
    assert len([m for m in catalogs.extract() if m.id]) > 50


# --- the check itself can fail ------------------------------------------------------


def _template() -> Catalog:
    template = Catalog(locale=None)
    template.add("Saved in {path}.")
    template.add(("{n} step", "{n} steps"))
    template.add("yes", context="answer")
    return template


def _german(**overrides: str) -> Catalog:
    catalog = Catalog(locale="de")
    catalog.add("Saved in {path}.", "Gespeichert in {path}.")
    catalog.add(("{n} step", "{n} steps"), ("ein Schritt", "{n} Schritte"))
    catalog.add("yes", "ja", context="answer")
    for key, string in overrides.items():
        message = catalog.get(
            *{"saved": ("Saved in {path}.", None), "yes": ("yes", "answer")}[key]
        )
        assert message is not None
        if string == "fuzzy":
            message.flags.add("fuzzy")
        else:
            message.string = string
    return catalog


def test_a_complete_catalog_passes() -> None:
    german = _german()
    found = catalogs.catalog_problems(
        "de", _template(), german, catalogs.compiled(german)
    )
    assert list(found) == []


def test_a_missing_message_fails() -> None:
    german = _german()
    german.delete("yes", context="answer")
    found = list(catalogs.catalog_problems("de", _template(), german, b""))
    assert any("'yes' (context answer): missing" in line for line in found)
    assert any("stale" in line for line in found)


def test_a_fuzzy_or_empty_message_fails() -> None:
    found = list(
        catalogs.catalog_problems("de", _template(), _german(saved="fuzzy"), b"")
    )
    assert any("fuzzy" in line for line in found)
    found = list(catalogs.catalog_problems("de", _template(), _german(yes=""), b""))
    assert any("not translated" in line for line in found)


def test_a_placeholder_that_differs_fails() -> None:
    german = _german(saved="Gespeichert in {pfad}.")
    found = catalogs.catalog_problems(
        "de", _template(), german, catalogs.compiled(german)
    )
    assert [line for line in found if "placeholders" in line]


def test_a_message_the_code_no_longer_says_fails() -> None:
    german = _german()
    german.add("Old words.", "Alte Worte.")
    found = catalogs.catalog_problems(
        "de", _template(), german, catalogs.compiled(german)
    )
    assert any("not in the code" in line for line in found)


def test_the_pseudo_locale_is_accented_longer_and_keeps_placeholders() -> None:
    english = "Undone: the last {step} step. {n} steps to redo."
    said = catalogs.pseudo(english)
    assert catalogs.placeholders(said) == {"step", "n"}
    assert len(said) >= 1.35 * len(english)
    assert not any(
        c.isascii() and c.isalpha()
        for c in said.replace("{step}", "").replace("{n}", "")
    )
