"""Extract, update, compile and check the message catalogs, with Babel.

Run from the repository's root (Babel comes with the ``dev`` extra)::

    python tools/catalogs.py update    # the template from the code, then each .po
    python tools/catalogs.py compile   # each .po to the .mo the package reads
    python tools/catalogs.py check     # what the catalog test checks, as a list

``update`` keeps every translation whose English is unchanged; a changed
English message comes back marked fuzzy, and a new one empty, for a
translator to fill. ``check`` lists each message a catalog lacks, leaves fuzzy
or empty, or translates with other placeholders, and each stale ``.mo``.
"""

import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT: Final = Path(__file__).resolve().parents[1]
PACKAGE: Final = ROOT / "src" / "lacerda_bot"
LOCALE: Final = PACKAGE / "locale"
TEMPLATE: Final = LOCALE / "lacerda_bot.pot"
LANGUAGES: Final = ("pt", "de", "fr", "es")
"""The shipped translations, by folder; English is the source."""
_LOCALES: Final = {"pt": "pt_PT"}
"""The locale whose plural rules a folder's catalog follows, where not its name:
the Portuguese is European (one Crystal, zero Crystals)."""

KEYWORDS: Final = {"msg": None, "msg_n": (1, 2), "msg_c": ((1, "c"), 2)}
"""The message builders of :mod:`lacerda_bot.language`, as Babel's keywords."""
_HOLDER: Final = "the lacerda-bot authors"
_ADDRESS: Final = "the project's issue tracker"
_METHODS: Final = [("**.py", "python"), ("web/static/*.js", "javascript")]
PAGE: Final = PACKAGE / "web" / "static"
PAGE_WORDS: Final = PAGE / "words.js"
"""The page's own words in every language, for its script (written by ``compile``)."""
_COMMENTS: Final = ("Translators:",)
_PLACEHOLDER: Final = re.compile(r"\{(\w*)\}")


def po_path(language: str) -> Path:
    """Where the catalog of *language* is edited."""
    return LOCALE / language / "LC_MESSAGES" / "lacerda_bot.po"


def mo_path(language: str) -> Path:
    """Where the compiled catalog of *language* is read by the package."""
    return po_path(language).with_suffix(".mo")


def _searched(folder: str) -> bool:
    return Path(folder).name != "__pycache__"


def extract() -> Catalog:
    """Every message of the package's code, as a fresh template."""
    template = Catalog(
        project="lacerda-bot",
        copyright_holder=_HOLDER,
        msgid_bugs_address=_ADDRESS,
        fuzzy=False,
    )
    found = extract_from_dir(
        PACKAGE,
        _METHODS,
        keywords=KEYWORDS,
        comment_tags=_COMMENTS,
        strip_comment_tags=True,
        directory_filter=_searched,  # Babel skips private folders (_engine) unless told
    )
    for filename, lineno, message, comments, context in found:
        path = (PACKAGE / filename).relative_to(ROOT).as_posix()
        template.add(
            message,
            None,
            [(path, lineno)],
            auto_comments=comments,
            context=context,
            flags=("python-brace-format",) if _PLACEHOLDER.search(str(message)) else (),
        )
    return template


def read(path: Path, language: str | None = None) -> Catalog:
    """The catalog at *path*."""
    locale = _LOCALES.get(language, language) if language else None
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def _write(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=88, sort_output=True, include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` bytes of *catalog* (fuzzy entries left out, as gettext does)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def update() -> None:
    """Write the template from the code, then merge it into every catalog."""
    template = extract()
    _write(TEMPLATE, template)
    for language in LANGUAGES:
        path = po_path(language)
        if path.exists():
            catalog = read(path, language)
        else:
            catalog = Catalog(
                locale=_LOCALES.get(language, language),
                project="lacerda-bot",
                copyright_holder=_HOLDER,
                msgid_bugs_address=_ADDRESS,
                last_translator=_HOLDER,
                language_team=_HOLDER,
                fuzzy=False,
            )
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()  # a message the code no longer says needs no translation
        _write(path, catalog)


def compile_all() -> None:
    """Compile every catalog to the ``.mo`` the package reads, and the page's words."""
    catalogs = {language: read(po_path(language), language) for language in LANGUAGES}
    for language, catalog in catalogs.items():
        mo_path(language).write_bytes(compiled(catalog))
    PAGE_WORDS.write_text(page_words(catalogs), encoding="utf-8")


def _on_page(message: Message) -> bool:
    return any(PAGE in (ROOT / path).parents for path, _ in message.locations)


def page_words(catalogs: dict[str, Catalog]) -> str:
    """The script the page imports: each language's translation of its own messages.

    The page's messages are those its scripts say (``msg("...")`` in
    ``web/static/*.js``); a script is read before the engine starts, so the
    page speaks the player's language from its first screen.
    """
    wanted = sorted(str(m.id) for m in extract() if m.id and _on_page(m))
    table = {
        language: {
            msgid: str(found.string)
            for msgid in wanted
            if (found := catalog.get(msgid)) is not None
            and found.string
            and not found.fuzzy
        }
        for language, catalog in catalogs.items()
    }
    body = json.dumps(table, ensure_ascii=False, indent=1, sort_keys=True)
    return (
        "// The page's words in each language, written by tools/catalogs.py compile from\n"
        "// the catalogs in src/lacerda_bot/locale: do not edit by hand.\n"
        f"export const WORDS = {body};\n"
    )


def placeholders(text: str) -> set[str]:
    """The named placeholders of *text*."""
    return set(_PLACEHOLDER.findall(text))


def _forms(message: Message) -> tuple[str, ...]:
    if isinstance(message.string, tuple | list):
        return tuple(message.string)
    return (message.string or "",)


def _english(message: Message) -> tuple[str, ...]:
    if isinstance(message.id, tuple | list):
        return tuple(message.id)
    return (message.id,)


def problems(language: str) -> Iterator[str]:
    """What is wrong with the shipped catalog of *language*, one line per problem."""
    catalog = read(po_path(language), language)
    yield from catalog_problems(
        language, extract(), catalog, mo_path(language).read_bytes()
    )


def page_problems() -> Iterator[str]:
    """Whether the page's words are those the catalogs give now."""
    catalogs = {language: read(po_path(language), language) for language in LANGUAGES}
    if PAGE_WORDS.read_text(encoding="utf-8") != page_words(catalogs):
        yield f"{PAGE_WORDS.name} is stale (run compile)"


def catalog_problems(
    language: str, template: Catalog, catalog: Catalog, mo: bytes
) -> Iterator[str]:
    """What *catalog* lacks against *template*, and whether *mo* is its compiled form.

    A message missing, fuzzy or with an empty form; a form whose placeholders
    differ from the English (a singular may leave out ``{n}``: "one Crystal");
    a message the code no longer says; a stale *mo*.
    """
    for wanted in template:
        if not wanted.id:
            continue
        name = f"{language}: {wanted.id!r}" + (
            f" (context {wanted.context})" if wanted.context else ""
        )
        found = catalog.get(wanted.id, wanted.context)
        if found is None:
            yield f"{name}: missing"
            continue
        if found.fuzzy:
            yield f"{name}: fuzzy"
        forms = _forms(found)
        size = catalog.num_plurals if wanted.pluralizable else 1
        if not all(forms) or len(forms) != size:
            yield f"{name}: not translated"
            continue
        english = set().union(*(placeholders(text) for text in _english(wanted)))
        for form in forms:
            extra = placeholders(form) - english
            lacking = english - placeholders(form) - {"n"}
            if extra or lacking:
                yield f"{name}: placeholders {sorted(placeholders(form))} in {form!r}"
    wanted_ids = {(m.id, m.context) for m in template if m.id}
    for found in catalog:
        if found.id and (found.id, found.context) not in wanted_ids:
            yield f"{language}: {found.id!r}: not in the code (run update)"
    if mo != compiled(catalog):
        yield f"{language}: the .mo is stale (run compile)"


_ACCENTED: Final = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_LONGER: Final = 0.4


def pseudo(text: str) -> str:
    """*text* in the pseudo-locale: every letter accented, about 40 % longer.

    Placeholders stay as they are; the padding is words of ``~``, so a line
    can still break. A string on screen with a plain ASCII word in it was not
    translated; one cut short lost its padding.
    """
    parts = _PLACEHOLDER.split(text)
    said = "".join(
        part.translate(_ACCENTED) if i % 2 == 0 else "{" + part + "}"
        for i, part in enumerate(parts)
    )
    visible = len(_PLACEHOLDER.sub("", text))
    pad = round(visible * _LONGER)
    words = ["~" * min(6, pad - 6 * i) for i in range((pad + 5) // 6)]
    return " ".join([said, *words]) if words else said


def pseudo_catalog() -> Catalog:
    """The template translated into the pseudo-locale (answers only accented)."""
    catalog = Catalog(locale="en", project="lacerda-bot", fuzzy=False)
    for message in extract():
        if not message.id:
            continue
        if message.context == "answer":  # a typed word: no padding to type
            string: str | tuple[str, ...] = str(message.id).translate(_ACCENTED)
        elif message.pluralizable:
            string = tuple(pseudo(text) for text in _english(message))
        else:
            string = pseudo(str(message.id))
        catalog.add(message.id, string, context=message.context)
    return catalog


def main(argv: list[str]) -> int:
    """Run the command *argv* names; 1 when ``check`` finds a problem."""
    match argv:
        case ["update"]:
            update()
        case ["compile"]:
            compile_all()
        case ["check"]:
            found = [line for language in LANGUAGES for line in problems(language)]
            found += page_problems()
            for line in found:
                print(line)
            return 1 if found else 0
        case _:
            print("usage: python tools/catalogs.py update|compile|check")
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
