"""The player's language: messages as values, and the words each catalog gives them.

What the companion says is built as :class:`Message` values: a whole English
sentence with named placeholders (the message id of a gettext catalog), its
plural form when it counts something, and the values to put in. A message is
language-free, like a save: a front end says it in the player's language with
:meth:`Words.say`, and ``str(message)`` is its English.

>>> m = msg_n("He gains {n} Crystal.", "He gains {n} Crystals.", 2)
>>> str(m)
'He gains 2 Crystals.'
>>> words_for(Language.DE).say(msg("Nothing to undo."))
'Nichts rückgängig zu machen.'

The catalogs are gettext ``.mo`` files compiled by Babel from the ``.po``
files beside them (``src/lacerda_bot/locale``); ``tools/catalogs.py``
extracts, updates and compiles them, and a test checks that every message is
translated in every shipped language. English is the source and needs no
catalog.
"""

import enum
import functools
import gettext
import importlib.resources
import io
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Final, TypeAlias, final

import attrs

from lacerda_bot._enum import IdentityEnum
from lacerda_bot.errors import InvalidValueError

__all__ = [
    "ENGLISH",
    "Language",
    "Listing",
    "Message",
    "Param",
    "Text",
    "Words",
    "choose_language",
    "folded",
    "msg",
    "msg_c",
    "msg_n",
    "parse_language",
    "words_for",
]

DOMAIN: Final = "lacerda_bot"
"""The gettext domain: the catalogs' file name."""


@enum.unique
class Language(IdentityEnum):
    """The languages the companion speaks, by their ISO 639-1 code."""

    EN = "en"
    PT = "pt"
    DE = "de"
    FR = "fr"
    ES = "es"

    @property
    def native_name(self) -> str:
        """The language's name in itself, as a language switch lists it."""
        return _NATIVE[self]


_NATIVE: Final = {
    Language.EN: "English",
    Language.PT: "Português",
    Language.DE: "Deutsch",
    Language.FR: "Français",
    Language.ES: "Español",
}


def parse_language(code: str) -> Language | None:
    """The shipped language a locale or language tag names, or ``None``.

    Accepts ``de``, ``pt_BR.UTF-8``, ``fr-CA``, ``es_ES@euro`` and the like,
    in any case; ``C`` and ``POSIX`` are English.

    >>> parse_language("pt_BR.UTF-8"), parse_language("en-GB"), parse_language("ja")
    (<Language.PT: 'pt'>, <Language.EN: 'en'>, None)
    """
    base = code.strip().split(".")[0].split("@")[0]
    if base.upper() in ("C", "POSIX"):
        return Language.EN
    primary = base.replace("_", "-").split("-")[0].lower()
    for language in Language:
        if language.value == primary:
            return language
    return None


_ENVIRONMENT: Final = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The locale variables gettext reads after ``LANGUAGE``, the first set one counting."""


def choose_language(requested: str | None, environ: Mapping[str, str]) -> Language:
    """The language to speak: *requested* (``--lang``), else the environment's.

    The environment is read as gettext reads it: each entry of ``LANGUAGE``
    (a colon-separated list of preferences) in turn, then the first of
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set; the first that names
    a shipped language wins, and English when none does.

    Raises:
        InvalidValueError: *requested* names no shipped language.

    >>> choose_language(None, {"LANGUAGE": "ja:fr", "LANG": "de_DE.UTF-8"})
    <Language.FR: 'fr'>
    >>> choose_language("es", {"LANG": "de_DE.UTF-8"})
    <Language.ES: 'es'>
    """
    if requested is not None:
        language = parse_language(requested)
        if language is None:
            codes = ", ".join(language.value for language in Language)
            raise InvalidValueError("--lang", f"one of {codes}", requested)
        return language
    wanted = [part for part in environ.get("LANGUAGE", "").split(":") if part]
    locale = next((environ[name] for name in _ENVIRONMENT if environ.get(name)), "")
    if locale:
        wanted.append(locale)
    for code in wanted:
        language = parse_language(code)
        if language is not None:
            return language
    return Language.EN


# --- messages -------------------------------------------------------------------


@final
@attrs.frozen
class Listing:
    """Several values said as a list in the player's language: ``A, B and C``."""

    items: "tuple[Param, ...]"


@final
@attrs.frozen
class Message:
    """One sentence (or phrase) to say, language-free until a :class:`Words` says it.

    Build one with :func:`msg`, :func:`msg_n` or :func:`msg_c`, whose literal
    first arguments are what the catalogs translate.
    """

    text: str
    """The English text, with ``{name}`` placeholders: the catalog's message id."""
    plural: str = ""
    """The English plural form, for a message that counts (``ngettext``)."""
    n: int = 0
    """The count that chooses between the forms."""
    context: str = ""
    """The gettext context that tells apart two uses of the same English words."""
    params: "tuple[tuple[str, Param], ...]" = ()
    """The placeholders' values, by name."""

    def __str__(self) -> str:
        """The message in English."""
        return ENGLISH.say(self)


Param: TypeAlias = str | int | Message | Listing
"""A placeholder's value: a message is said in the same language as its sentence."""

Text: TypeAlias = str | Message
"""Words for the player: a message, or a plain string said as it is (a name, a number)."""


def msg(text: str, /, **params: Param) -> Message:
    """A message to translate: *text* with its ``{name}`` placeholders filled from *params*."""
    return Message(text, params=tuple(params.items()))


def msg_n(singular: str, plural: str, n: int, /, **params: Param) -> Message:
    """A message that counts *n*: its form is the language's for *n* (``{n}`` is *n*)."""
    return Message(singular, plural, n, params=(("n", n), *params.items()))


def msg_c(context: str, text: str, /, **params: Param) -> Message:
    """A message whose English has more than one use: *context* tells them apart.

    The context ``answer`` marks a word the player types (``yes``, ``turn``):
    each language accepts its own word beside the English one.
    """
    return Message(text, context=context, params=tuple(params.items()))


# --- words ----------------------------------------------------------------------


# Translators: the decimal separator, as in 1.5: a comma in most languages.
_DECIMAL_POINT: Final = msg_c("number", ".")


def _and(first: Param, second: Param) -> Message:
    return msg("{first} and {second}", first=first, second=second)


@final
class Words:
    """One language's catalog: says messages, lists and the words a player types.

    Build one with :func:`words_for`; tests build one over any gettext catalog
    (a pseudo-locale, say). A translation that does not fit its message (a
    placeholder the English has not) is never shown broken: the English is.
    """

    __slots__ = ("_any", "_typed", "catalog", "language")

    def __init__(
        self, language: Language, catalog: gettext.NullTranslations | None = None
    ) -> None:
        """*catalog* translates; ``None`` says the English source."""
        self.language = language
        self.catalog = catalog or gettext.NullTranslations()
        self._typed: dict[str, tuple[str, ...]] = {}
        """:meth:`answers` as worked out once per word (a replay asks thousands)."""
        self._any: dict[tuple[str, ...], frozenset[str]] = {}

    def __repr__(self) -> str:
        """The language, not the catalog."""
        return f"Words({self.language!r})"

    def say(self, message: Param) -> str:
        """*message* in this language; a plain string or number is said as it is."""
        if isinstance(message, str):
            return message
        if isinstance(message, int):
            return str(message)
        if isinstance(message, Listing):
            return self.join(message.items)
        template = self._template(message)
        values = {name: self.say(value) for name, value in message.params}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):  # a broken translation: the English
            english = message.plural if message.plural and message.n != 1 else ""
            return (english or message.text).format(**values)

    def _template(self, message: Message) -> str:
        catalog = self.catalog
        if message.plural and message.context:
            return catalog.npgettext(
                message.context, message.text, message.plural, message.n
            )
        if message.plural:
            return catalog.ngettext(message.text, message.plural, message.n)
        if message.context:
            return catalog.pgettext(message.context, message.text)
        return catalog.gettext(message.text)

    def join(self, items: Iterable[Param]) -> str:
        """*items* as a list in this language: ``A``, ``A and B``, ``A, B and C``."""
        values = list(items)
        if not values:
            return ""
        if len(values) == 1:
            return self.say(values[0])
        said = _and(values[-2], values[-1])
        for item in reversed(values[:-2]):
            said = msg("{item}, {rest}", item=item, rest=self.say(said))
        return self.say(said)

    def number(self, value: float, places: int = 0, *, signed: bool = False) -> str:
        """*value* with *places* decimals, in this language's way: ``+1.5``, ``+1,5``.

        >>> words_for(Language.FR).number(-2.25, 1, signed=True)
        '-2,2'
        """
        said = f"{value:+.{places}f}" if signed else f"{value:.{places}f}"
        return said.replace(".", self.say(_DECIMAL_POINT))

    def percent(self, share: float) -> str:
        """*share* (0 to 1) as a whole percentage: ``50%``, ``50 %``."""
        whole = round(share * 100)
        return self.say(msg("{percent}%", percent=whole))

    def answer(self, word: str) -> str:
        """The word a player types for English *word* (context ``answer``)."""
        return self.catalog.pgettext("answer", word)

    def answers(self, word: str) -> tuple[str, ...]:
        """Every word that means *word*, :func:`folded`: this language's, then the English."""
        known = self._typed.get(word)
        if known is None:
            own, english = folded(self.answer(word)), folded(word)
            known = (own, english) if own != english else (english,)
            self._typed[word] = known
        return known

    def any_of(self, english: tuple[str, ...]) -> frozenset[str]:
        """Every word that means one of *english*'s, :func:`folded`, in either language."""
        known = self._any.get(english)
        if known is None:
            known = frozenset(said for word in english for said in self.answers(word))
            self._any[english] = known
        return known


def folded(typed: str) -> str:
    """*typed* as answers are compared: lower case, with no accents (``não``: ``nao``).

    A player on a phone or a foreign keyboard may leave the accents out.

    >>> folded("  Não "), folded("Préparation")
    ('nao', 'preparation')
    """
    if typed.isascii():  # no accent to take off
        return typed.strip().lower()
    parts = unicodedata.normalize("NFD", typed.strip().casefold())
    return "".join(c for c in parts if not unicodedata.combining(c))


ENGLISH: Final = Words(Language.EN)
"""The English source, which needs no catalog."""


@functools.cache
def words_for(language: Language) -> Words:
    """The words of *language*, from the catalog this package ships for it."""
    if language is Language.EN:
        return ENGLISH
    path = (
        importlib.resources.files("lacerda_bot")
        / "locale"
        / language.value
        / "LC_MESSAGES"
        / f"{DOMAIN}.mo"
    )
    catalog = gettext.GNUTranslations(io.BytesIO(path.read_bytes()))
    return Words(language, catalog)
